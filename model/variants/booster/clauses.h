#pragma once
// Booster Chess: clause ids (one per rule sentence), reading-point ids (one
// per place the text does not decide), their tables and the text map.
#include <string_view>

#include "model/core/clause.h"
#include "model/core/reading.h"
#include "model/core/text_map.h"

namespace arbiter::booster {

namespace clause {
inline constexpr std::string_view kEquipmentCheckers = "booster.equipment.checkers";
inline constexpr std::string_view kEquipmentStack = "booster.equipment.stack";
inline constexpr std::string_view kEquipmentDeck = "booster.equipment.deck";
inline constexpr std::string_view kSetupStart = "booster.setup.start";
inline constexpr std::string_view kSetupCheckers = "booster.setup.checkers";
inline constexpr std::string_view kSetupDeal = "booster.setup.deal";
inline constexpr std::string_view kSetupHidden = "booster.setup.hidden";
inline constexpr std::string_view kSetupStock = "booster.setup.stock";
inline constexpr std::string_view kTurnParts = "booster.turn.parts";
inline constexpr std::string_view kTurnMove = "booster.turn.move";
inline constexpr std::string_view kTurnSpend = "booster.turn.spend";
inline constexpr std::string_view kTurnAdd = "booster.turn.add";
inline constexpr std::string_view kTurnDraw = "booster.turn.draw";
inline constexpr std::string_view kMoveNormal = "booster.move.normal";
inline constexpr std::string_view kPawnDoubleFirst = "booster.move.pawn_double_first";
inline constexpr std::string_view kCapture = "booster.move.capture";
inline constexpr std::string_view kCastle = "booster.move.castle";
inline constexpr std::string_view kPromotion = "booster.move.promotion";
inline constexpr std::string_view kEnPassant = "booster.move.en_passant";
inline constexpr std::string_view kBoostKingMove = "booster.boost.king_move";
inline constexpr std::string_view kBoostSpend = "booster.boost.spend";
inline constexpr std::string_view kBoostContinue = "booster.boost.continue";
inline constexpr std::string_view kBoostCaptureContinue = "booster.boost.capture_continue";
inline constexpr std::string_view kHobbleMoves = "booster.hobble.moves";
inline constexpr std::string_view kHobbleNoWorse = "booster.hobble.no_worse";
inline constexpr std::string_view kCancel = "booster.checkers.cancel";
inline constexpr std::string_view kCarry = "booster.checkers.carry";
inline constexpr std::string_view kAddAfterMove = "booster.add.after_move";
inline constexpr std::string_view kAddOwnColour = "booster.add.own_colour";
inline constexpr std::string_view kAddCheckersCard = "booster.add.checkers_card";
inline constexpr std::string_view kAddNoMatch = "booster.add.no_match";
inline constexpr std::string_view kDiscard = "booster.cards.discard";
inline constexpr std::string_view kReshuffle = "booster.cards.reshuffle";
inline constexpr std::string_view kCaptureKeeps = "booster.capture.keeps_checkers";
inline constexpr std::string_view kCaptureFlips = "booster.capture.flips";
inline constexpr std::string_view kBackRank = "booster.hobble.back_rank";
inline constexpr std::string_view kDrawCount = "booster.draw.count";
inline constexpr std::string_view kCastleBoosted = "booster.special.castle_boosted";
inline constexpr std::string_view kCastleThrough = "booster.special.castle_through";
inline constexpr std::string_view kNoRevealedCheck = "booster.special.no_revealed_check";
inline constexpr std::string_view kHobbleNoDouble = "booster.special.hobble_no_double";
inline constexpr std::string_view kEnPassantUsual = "booster.special.en_passant";
inline constexpr std::string_view kNoEnPassantAfterBoost = "booster.special.no_ep_after_boost";
inline constexpr std::string_view kNoBoostEnPassant = "booster.special.no_boost_ep";
inline constexpr std::string_view kPromoteContinue = "booster.special.promote_continue";
inline constexpr std::string_view kCheckmate = "booster.win.checkmate";
inline constexpr std::string_view kBoostThreat = "booster.win.booster_threat";
}  // namespace clause

namespace reading {
inline constexpr std::string_view kBoostWhen = "booster.boost_when";
inline constexpr std::string_view kSpendOrder = "booster.spend_order";
inline constexpr std::string_view kBackRank = "booster.back_rank";
inline constexpr std::string_view kBackRankCount = "booster.back_rank_count";
inline constexpr std::string_view kBackRankAdd = "booster.back_rank_add";
inline constexpr std::string_view kHobbledPromotion = "booster.hobbled_promotion";
inline constexpr std::string_view kHobbledEnPassant = "booster.hobbled_en_passant";
inline constexpr std::string_view kCastleHobbled = "booster.castle_hobbled";
inline constexpr std::string_view kReshuffle = "booster.reshuffle";
inline constexpr std::string_view kRegularDraws = "booster.regular_chess_draws";
inline constexpr std::string_view kDrawClaims = "booster.draw_claims";
inline constexpr std::string_view kCheckEscape = "booster.check_escape";
inline constexpr std::string_view kAddCheck = "booster.add_check";
inline constexpr std::string_view kCardMatch = "booster.card_match";
// Options: the variations the text's "Variants" paragraph offers.
inline constexpr std::string_view kCheckersCards = "booster.checkers_cards";
inline constexpr std::string_view kCheckersStart = "booster.checkers_each";
inline constexpr std::string_view kHandicap = "booster.handicap";
}  // namespace reading

const ClauseTable& clauses();
const ReadingTable& readings();
const TextMap& text_map();

}  // namespace arbiter::booster
