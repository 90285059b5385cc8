#pragma once
// Parity Chess and Parity Chess with Single Occupation: clause ids, reading
// points and the text maps. Both games come from one text (parity-chess.txt);
// Single Occupation shares the clauses of Parity Chess that its own rules keep
// and adds the parity.single.* clauses.
#include "model/core/clause.h"
#include "model/core/reading.h"
#include "model/core/text_map.h"

namespace arbiter::parity {

namespace clause {
inline constexpr std::string_view kStandardRules = "parity.base.standard_rules";
inline constexpr std::string_view kSimultaneous = "parity.turn.simultaneous";
inline constexpr std::string_view kOnePiece = "parity.submit.one_piece_no_null";
inline constexpr std::string_view kJustMoved = "parity.submit.just_moved_stays";
inline constexpr std::string_view kKingSafety = "parity.submit.king_safety";
inline constexpr std::string_view kNoMoveLoses = "parity.result.no_move_loses";
inline constexpr std::string_view kCoOccupation = "parity.occupy.enemy_pieces_share";
inline constexpr std::string_view kNoFriendly = "parity.occupy.no_friendly_pair";
inline constexpr std::string_view kSharedUncapturable = "parity.occupy.shared_uncapturable";
inline constexpr std::string_view kStalemateAsMate = "parity.result.stalemate_as_checkmate";
inline constexpr std::string_view kBothMatedDraw = "parity.result.both_mated_draw";
inline constexpr std::string_view kEnPassantNext = "parity.en_passant.next_move";
inline constexpr std::string_view kDelayedCheck = "parity.check.delayed";
inline constexpr std::string_view kImmediateCheck = "parity.check.immediate";
inline constexpr std::string_view kFailedCheck = "parity.check.failed";
inline constexpr std::string_view kKingShelter = "parity.king.shared_square_shelter";
inline constexpr std::string_view kFailedCapture = "parity.capture.failed";
inline constexpr std::string_view kCaptureSucceeds = "parity.capture.succeeds";
inline constexpr std::string_view kMovesCross = "parity.move.cross_or_overlap";
inline constexpr std::string_view kSharedPawnsForward = "parity.pawn.shared_square_forward";
inline constexpr std::string_view kRepetition = "parity.draw.repetition";
// Parity Chess with Single Occupation.
inline constexpr std::string_view kMustVacate = "parity.single.must_vacate";
inline constexpr std::string_view kVacateExempt = "parity.single.vacate_exempt";
inline constexpr std::string_view kVacateNoCapture = "parity.single.vacate_no_capture";
inline constexpr std::string_view kVacateBack = "parity.single.vacate_back_allowed";
inline constexpr std::string_view kCannotVacateLoses = "parity.single.cannot_vacate_loses";
}  // namespace clause

namespace reading {
inline constexpr std::string_view kKingIntoAttack = "parity.king_into_attack";
inline constexpr std::string_view kStalemate = "parity.stalemate";
inline constexpr std::string_view kEnPassantShared = "parity.en_passant_shared";
inline constexpr std::string_view kCastleAttacks = "parity.castle_attacks";
inline constexpr std::string_view kDrawClaims = "parity.draw_claims";
inline constexpr std::string_view kRefusedMove = "parity.refused_move";
}  // namespace reading

// The clause tables: Parity Chess, and Single Occupation (shared + own).
const ClauseTable& clauses();
const ClauseTable& single_clauses();
const ReadingTable& readings();
const ReadingTable& single_readings();
const TextMap& text_map();
const TextMap& single_text_map();

}  // namespace arbiter::parity
