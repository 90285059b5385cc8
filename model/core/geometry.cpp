#include "model/core/geometry.h"

namespace arbiter {

std::string_view color_name(Color c) { return c == Color::White ? "white" : "black"; }

std::string square_name(const BoardShape& shape, Square s) {
  if (s < 0 || s >= shape.size()) return "-";
  std::string name(1, static_cast<char>('a' + shape.file_of(s)));
  name += std::to_string(shape.rank_of(s) + 1);
  return name;
}

std::optional<Square> parse_square(const BoardShape& shape, std::string_view text,
                                   std::size_t* used) {
  if (text.size() < 2 || text[0] < 'a' || text[0] > 'z') return std::nullopt;
  int file = text[0] - 'a';
  // Take the longest digit run that names a rank on this board: on a 10x10
  // board "a10" is a10, and on an 8x8 board "a1" followed by "0" stays a1.
  int rank = 0;
  std::size_t best = 0;
  int best_rank = -1;
  for (std::size_t i = 1; i < text.size() && i <= 3 && text[i] >= '0' && text[i] <= '9'; ++i) {
    rank = rank * 10 + (text[i] - '0');
    if (text[1] != '0' && rank >= 1 && rank <= shape.ranks) {
      best = i + 1;
      best_rank = rank - 1;
    }
  }
  if (best_rank < 0 || !shape.contains(file, best_rank)) return std::nullopt;
  if (used) *used = best;
  return shape.square(file, best_rank);
}

}  // namespace arbiter
