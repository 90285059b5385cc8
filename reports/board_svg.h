#pragma once
// Board diagrams as inline SVG, for any board size and piece set: pieces are
// drawn as labelled discs (white: light disc, dark letters; black: dark disc,
// light letters), so fairy codes stay readable and diagrams print in grey.
#include <string>
#include <vector>

#include "model/core/position.h"

namespace arbiter::report {

struct Arrow {
  Square from = kNoSquare;
  Square to = kNoSquare;
  Color color = Color::White;  // White's arrows solid, Black's dashed
};

struct Diagram {
  const Position* position = nullptr;
  std::vector<Arrow> arrows;
  std::vector<Square> marked;  // collision squares and the like: outlined
  std::string caption;
  int square_size = 36;
};

std::string board_svg(const Diagram& d);

}  // namespace arbiter::report
