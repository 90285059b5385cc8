#pragma once
// Board diagrams as inline SVG, for any board size and piece set, drawn for a
// rule author: the state that decides a question, and a legend of what is on
// it.
// - Orthodox pieces (king, queen, rook, bishop, knight, pawn) are chess
//   glyphs: White's filled white with a dark outline, Black's filled dark.
//   Every other kind is a disc lettered with its code (white disc: White,
//   dark disc: Black), named in the legend.
// - Several pieces on one square share it: two side by side, three or four
//   in a 2x2 grid, each in its own box (the squares grow to stay readable).
// - Moves are thin arrows that stop short of the pieces: White's solid with
//   a filled head, Black's dashed with an open head, each set off to its
//   right (so a move and its reverse do not overlap); a one-square move is
//   a curve beside the squares. Refused moves are arrows crossed out.
// - Marks: squares outlined (`marked`), squares tinted with a corner flag
//   (`just_moved`), dashed rings around cloaked pieces (`cloaked`).
// - Notes under the board: the state the FEN holds beside the board, in
//   words; then the legend, listing only what the diagram uses.
// A diagram uses no element ids, so any number of them share a page.
#include <string>
#include <vector>

#include "model/core/game.h"
#include "model/core/position.h"

namespace arbiter::report {

struct Arrow {
  Square from = kNoSquare;
  Square to = kNoSquare;  // to == from: a move that stays (a pass, uncloaking)
  Color color = Color::White;
};

struct Diagram {
  const Position* position = nullptr;
  std::vector<Arrow> arrows{};
  std::vector<Square> marked{};  // collision squares and the like: outlined once each
  std::string caption{};
  int square_size = 36;              // at least 48 where a square holds several pieces
  std::vector<Square> just_moved{};  // pieces that moved last turn (Parity Chess's justmoved=)
  std::vector<Square> cloaked{};     // pieces whose identity is hidden (Cloak and Dagger)
  std::vector<Arrow> refused{};      // moves a reading refuses: drawn crossed out
  std::vector<std::string> notes{};  // lines of state shown under the board
  std::string marked_meaning{};      // the legend's words for `marked` (empty: "marked square")
};

std::string board_svg(const Diagram& d);

// A diagram of a state: its position, the squares of the FEN's justmoved=
// field, the pieces flagged cloaked, and notes naming who is to move and,
// in words, every other field of v.fen(s) past the board (castling, en
// passant, clocks, hands, piles, cards, check counters) and the per-piece
// states (flags, counters, links). The diagram points into s, which must
// outlive it; arrows, marks and the caption are the caller's to add.
Diagram diagram_of(const Variant& v, const State& s);

}  // namespace arbiter::report
