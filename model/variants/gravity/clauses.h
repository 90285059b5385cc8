#pragma once
// Gravity Chess (chess-kit-new-rules.md): clause ids, reading points and the
// text map. Every rule sentence of the section is one clause below; every
// place the text does not decide is a reading point (readings.cpp) with all
// of its alternatives and a default. text_map.cpp maps each sentence to them.
#include "model/core/clause.h"
#include "model/core/game.h"
#include "model/core/reading.h"
#include "model/core/text_map.h"

namespace arbiter::gravity {

namespace clause {
// Equipment and setup.
inline constexpr std::string_view kEquipment = "gravity.setup.equipment";
inline constexpr std::string_view kFourPawns = "gravity.setup.four_pawns_each";
inline constexpr std::string_view kColours = "gravity.setup.choose_colours";
inline constexpr std::string_view kCardPerPiece = "gravity.setup.card_per_piece";
inline constexpr std::string_view kSwapDecks = "gravity.setup.opponents_cards";
inline constexpr std::string_view kShuffle = "gravity.setup.shuffle";
inline constexpr std::string_view kSameSide = "gravity.setup.same_side";

// The turn.
inline constexpr std::string_view kPhases = "gravity.turn.three_phases";
inline constexpr std::string_view kFlip = "gravity.turn.flip";
inline constexpr std::string_view kMoveAll = "gravity.turn.move_all_active";
inline constexpr std::string_view kAdd = "gravity.turn.add_top_row";
inline constexpr std::string_view kFirstTurn = "gravity.turn.white_first_nothing_to_move";

// Moving.
inline constexpr std::string_view kMustMove = "gravity.move.must_move_unless_blocked";
inline constexpr std::string_view kDownward = "gravity.move.downward_only";
inline constexpr std::string_view kCaptureSameRow = "gravity.move.capture_same_row";
inline constexpr std::string_view kNoCaptureStacked = "gravity.move.no_capture_stacked";
inline constexpr std::string_view kOrder = "gravity.move.order_chosen";
inline constexpr std::string_view kCantMove = "gravity.move.cant_move";
inline constexpr std::string_view kPawnMoves = "gravity.pawn.moves";
inline constexpr std::string_view kPawnDoubleStep = "gravity.pawn.double_step";

// Stacked pieces.
inline constexpr std::string_view kStackedBottom = "gravity.stacked.bottom_row";
inline constexpr std::string_view kStackedBlocked = "gravity.stacked.blocked_by_stacked";
inline constexpr std::string_view kStackedFixed = "gravity.stacked.not_moved_or_captured";

// The end and the score.
inline constexpr std::string_view kGoal = "gravity.goal.stack_high";
inline constexpr std::string_view kLastPiece = "gravity.end.last_white_piece";
inline constexpr std::string_view kFinalTurn = "gravity.end.white_last_turn";
inline constexpr std::string_view kScoreCaptured = "gravity.score.captured_piece";
inline constexpr std::string_view kScoreStacked = "gravity.score.stacked_row";
inline constexpr std::string_view kMostPoints = "gravity.score.most_points_wins";
inline constexpr std::string_view kTieBreak = "gravity.score.tie_break_rows";
inline constexpr std::string_view kTied = "gravity.score.all_rows_tied";
}  // namespace clause

namespace reading {
inline constexpr std::string_view kKingCapture = "gravity.king_capture";
inline constexpr std::string_view kPawnStacking = "gravity.pawn_stacking";
inline constexpr std::string_view kTopRowFull = "gravity.top_row_full";
inline constexpr std::string_view kStackedStays = "gravity.stacked_stays";
inline constexpr std::string_view kBlockedCapture = "gravity.blocked_capture";
}  // namespace reading

const ClauseTable& clauses();    // clauses.cpp
const ReadingTable& readings();  // readings.cpp
const TextMap& text_map();       // text_map.cpp

inline constexpr Variant::TextSection kTextSection{"chess-kit-new-rules.md", "## Gravity Chess",
                                                   "## Parade Chess Solitaire"};
inline constexpr std::string_view kVariantId = "gravity";
inline constexpr std::string_view kVariantName = "Gravity Chess";

}  // namespace arbiter::gravity
