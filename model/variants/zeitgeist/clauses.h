#pragma once
// Zeitgeist (John Cooper): clause ids, reading points and the text map.
#include "model/core/clause.h"
#include "model/core/fate.h"
#include "model/core/reading.h"
#include "model/core/text_map.h"

namespace arbiter::zeitgeist {

namespace clause {
inline constexpr std::string_view kStandardRules = "zeitgeist.base.standard_rules";
inline constexpr std::string_view kWriteMoves = "zeitgeist.turn.write_moves";
inline constexpr std::string_view kSimultaneous = "zeitgeist.turn.simultaneous";
inline constexpr std::string_view kPawnMoves = "zeitgeist.pawn.moves";
inline constexpr std::string_view kPawnBounce = "zeitgeist.pawn.bounce";
inline constexpr std::string_view kStationary = "zeitgeist.stationary.definition";
inline constexpr std::string_view kBlocked = "zeitgeist.blocked.bounce";
inline constexpr std::string_view kPassMovers = "zeitgeist.blocked.pass_movers";
inline constexpr std::string_view kCastleCheck = "zeitgeist.castle.not_through_check";
inline constexpr std::string_view kBouncedStationary = "zeitgeist.bounce.stationary";
inline constexpr std::string_view kSameColour = "zeitgeist.collision.same_colour";
inline constexpr std::string_view kBothCaptured = "zeitgeist.collision.both_captured";
inline constexpr std::string_view kOneCaptured = "zeitgeist.collision.one_captured";
inline constexpr std::string_view kNeitherCaptured = "zeitgeist.collision.neither_captured";
inline constexpr std::string_view kThreePieces = "zeitgeist.collision.three_pieces";
inline constexpr std::string_view kPromotion = "zeitgeist.promotion.after_resolution";
inline constexpr std::string_view kAnnounceCheck = "zeitgeist.check.announce";
inline constexpr std::string_view kKingCaptured = "zeitgeist.result.king_captured";
inline constexpr std::string_view kTwoChecks = "zeitgeist.result.two_consecutive_checks";
inline constexpr std::string_view kBothLose = "zeitgeist.result.both_lose";
}  // namespace clause

namespace reading {
inline constexpr std::string_view kSubmission = "zeitgeist.submission";
inline constexpr std::string_view kPromotionMay = "zeitgeist.promotion_may";
inline constexpr std::string_view kCheckCount = "zeitgeist.check_count";
inline constexpr std::string_view kEnPassantGone = "zeitgeist.en_passant_target_moved";
inline constexpr std::string_view kEnPassantOccupied = "zeitgeist.en_passant_occupied";
inline constexpr std::string_view kCastleBounce = "zeitgeist.castle_bounce";
inline constexpr std::string_view kCastleIntoCheck = "zeitgeist.castle_into_check";
inline constexpr std::string_view kNoLegalMove = "zeitgeist.no_legal_move";
inline constexpr std::string_view kBounceChain = "zeitgeist.bounce_chain";
inline constexpr std::string_view kBounceOrSpace = "zeitgeist.bounce_or_space";
inline constexpr std::string_view kRefusedMove = "zeitgeist.refused_move";
inline constexpr std::string_view kDrawClaims = "zeitgeist.draw_claims";
}  // namespace reading

const ClauseTable& clauses();
const ReadingTable& readings();
// Which of two rules that give one piece different fates prevails, and what
// says so (model/core/fate.h).
PrecedenceTable precedences();
const TextMap& text_map();

// The entry of one of the reading points above in readings(), looked up on the
// first call only: the table never changes, and the rules ask for a point on
// every step. Usage: readings.consult(point<reading::kCastleBounce>(), trace).
template <const std::string_view& Id>
const ReadingPoint& point() {
  static const ReadingPoint& entry = *find_reading(readings(), Id);
  return entry;
}

}  // namespace arbiter::zeitgeist
