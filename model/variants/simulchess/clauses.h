#pragma once
// SimulChess: clause ids, reading points and the text map.
#include "model/core/clause.h"
#include "model/core/fate.h"
#include "model/core/reading.h"
#include "model/core/text_map.h"

namespace arbiter::simulchess {

namespace clause {
inline constexpr std::string_view kStandardRules = "simulchess.base.standard_rules";
inline constexpr std::string_view kSimultaneous = "simulchess.turn.simultaneous";
inline constexpr std::string_view kFastSlow = "simulchess.turn.fast_slow_resolution";
inline constexpr std::string_view kIllegalRejected = "simulchess.submit.illegal_rejected";
inline constexpr std::string_view kCategories = "simulchess.category.fast_slow";
inline constexpr std::string_view kFastNotIntercepted = "simulchess.fast.not_intercepted";
inline constexpr std::string_view kFastBaseAttack = "simulchess.fast.base_attack";
inline constexpr std::string_view kFastEscape = "simulchess.fast.escape";
inline constexpr std::string_view kSlowAttackSucceeds = "simulchess.slow.attack_despite_base";
inline constexpr std::string_view kSlowIntercepted = "simulchess.slow.interception";
inline constexpr std::string_view kKingSurvives = "simulchess.king.survives_collisions";
inline constexpr std::string_view kKingVsKing = "simulchess.king.king_collision_draw";
inline constexpr std::string_view kOrder = "simulchess.resolution.order";
inline constexpr std::string_view kCollision = "simulchess.resolution.collision";
inline constexpr std::string_view kStandardCapture = "simulchess.capture.standard";
inline constexpr std::string_view kChainCapture = "simulchess.capture.chain";
inline constexpr std::string_view kCheckmateAtStart = "simulchess.result.checkmate_at_start";
inline constexpr std::string_view kBothMated = "simulchess.result.both_mated_draw";
inline constexpr std::string_view kKingMayBeExposed = "simulchess.king.may_be_exposed";
inline constexpr std::string_view kPlaysIntoCheck = "simulchess.result.plays_into_check";
inline constexpr std::string_view kCastleNormal = "simulchess.castle.normal_rules";
inline constexpr std::string_view kKingCapture = "simulchess.result.king_capture";
inline constexpr std::string_view kCastleRejected = "simulchess.castle.prevented_rejected";
}  // namespace clause

namespace reading {
inline constexpr std::string_view kBaseAttack = "simulchess.base_attack";
inline constexpr std::string_view kSameSquare = "simulchess.same_square";
inline constexpr std::string_view kKingIntercepts = "simulchess.king_intercepts";
inline constexpr std::string_view kMutualInterception = "simulchess.mutual_interception";
inline constexpr std::string_view kSlowEscape = "simulchess.slow_escape";
inline constexpr std::string_view kKingEscape = "simulchess.king_escape";
inline constexpr std::string_view kBothKings = "simulchess.both_kings_captured";
inline constexpr std::string_view kStalemate = "simulchess.stalemate";
inline constexpr std::string_view kCastlePrevented = "simulchess.castle_prevented";
inline constexpr std::string_view kRejectedCastling = "simulchess.rejected_castling";
inline constexpr std::string_view kTimeControl = "simulchess.time_control";
inline constexpr std::string_view kDrawClaims = "simulchess.draw_claims";
}  // namespace reading

const ClauseTable& clauses();
const ReadingTable& readings();
// Which of two rules that give one piece different fates prevails, and what
// says so (model/core/fate.h).
PrecedenceTable precedences();
const TextMap& text_map();

}  // namespace arbiter::simulchess
