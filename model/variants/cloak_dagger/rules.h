#pragma once
// The moves of Cloak and Dagger Chess on a compact 8x8 board: a piece moves as
// what it truly is (its owner knows), and whether a move leaves its owner's
// uncloaked king attacked is judged by the attacks the options count
// (cloak-dagger.check_knowledge: all of them, or those the owner can see). A
// cloaked king ignores check altogether (cloak-dagger.king.cloaked_ignores_check).
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "model/core/fixed_vector.h"
#include "model/core/move.h"
#include "model/core/position.h"
#include "model/core/reading.h"
#include "model/core/trace.h"

namespace arbiter::cloak_dagger {

// The alternatives in force, decoded once per call.
struct Options {
  bool umpire = false;             // check_knowledge=umpire
  bool king_capture_wins = false;  // uncloaked_king_capture=wins
  bool guess_any = false;          // guess_repeat=any
  bool promote_cloaked = false;    // promotion=cloaked
  bool stalemate_loss = false;     // stalemate=loss
  bool stalemate_pass = false;     // stalemate=pass (the move phase offers 0000 when no regular move is legal)
  bool dropped_single_only = false;  // dropped_pawn_double_step=forbidden
  bool operator==(const Options&) const = default;
};
Options options_of(const Readings& readings);
// o with one reading point at the given alternative (points that are no
// option leave it as it is).
Options with_alternative(Options o, std::string_view point, std::string_view alt);

// The squares double steps passed over that may still be taken en passant,
// oldest first: the variant field `passed` (older ones, only under
// cloak-dagger.en_passant_window=turn or next_turn), then the position's en
// passant square (the newest). Each lies on the third or sixth rank, which
// tells whose pawn passed it.
using PassedSquares = FixedVector<Square, 16>;
inline constexpr std::string_view kPassedField = "passed";
PassedSquares passed_squares(const Position& pos);
void set_passed_squares(Position& pos, const PassedSquares& squares);

// One square of the compact board: 0 empty, else kind + 1 (bits 0-2), black
// (bit 3), cloaked (bit 4), a pawn dropped back (bit 5: its flag `moved`).
using Cell = std::uint8_t;
struct Board {
  std::array<Cell, 64> cells{};
  std::uint64_t en_passant = 0;  // the squares of passed_squares, one bit each
};
Board board_of(const Position& pos);
inline int cell_kind(Cell c) { return (c & 7) - 1; }
inline Color cell_color(Cell c) { return (c & 8) ? Color::Black : Color::White; }
inline bool cell_cloaked(Cell c) { return (c & 16) != 0; }
inline bool cell_dropped(Cell c) { return (c & 32) != 0; }

// Whether `by` attacks `sq`; with visible_only, only by pawns and uncloaked pieces.
bool attacked(const Board& b, Square sq, Color by, bool visible_only);
// Whether c's king is uncloaked and attacked (as the options count attacks).
bool king_in_check(const Board& b, Color c, const Options& o);

// The moves of one piece, held in place: a queen's 27 at most (a rook's 14
// plus a bishop's 13), a pawn's 12 (three squares, each with four
// promotions), a king's or a knight's 8. The board holds one piece a square,
// so one square's moves fit. Castling is listed apart (add_castling).
using PieceMoves = BasicMoveList<27>;

// The legal regular moves of c (castling as king square -> rook square,
// kMoveCastle), added to `out` in the order pieces stand (a1, b1, ... h8),
// castling last. With `from`, only the moves that start on that square: a
// step checks the action asked among one piece's moves, not among all.
void regular_moves(const Position& pos, Color c, const Options& o, std::vector<Move>& out,
                   std::optional<Square> from = std::nullopt);
// Whether c has a regular move (the same test as above, stopping at the first).
bool has_regular_move(const Position& pos, Color c, const Options& o);
// Whether a move or drop of c (not a castling: its path is judged in the
// listing) leaves c's uncloaked king unattacked, as the options count attacks.
bool keeps_king_safe(const Position& pos, Color c, const Move& m, const Options& o);
// The bonus moves of c, without the pass: pawn moves and drops from `pool`
// pawns (a drop starts on kNoSquare), added to `out` as above.
void bonus_moves(const Position& pos, Color c, int pool, const Options& o, std::vector<Move>& out,
                 std::optional<Square> from = std::nullopt);
bool has_bonus_move(const Position& pos, Color c, int pool, const Options& o);

// The castling rook's and king's destination files (Chess960: g/f or c/d).
int castle_king_file(int king_file, int rook_file);
int castle_rook_file(int king_file, int rook_file);

}  // namespace arbiter::cloak_dagger
