#include "model/core/mirror.h"

#include <algorithm>

namespace arbiter {

Position mirror_position(const Position& pos, bool swap_side) {
  const BoardShape& shape = pos.shape();
  Position out(shape, pos.kinds());
  // Walk squares in board order so arrival order on shared squares is kept.
  for (Square s = 0; s < shape.size(); ++s) {
    for (PieceId id : pos.at(s)) {
      const Piece& p = pos.piece(id);
      PieceId n = out.add(p.kind, opposite(p.color), shape.mirror(s));
      out.set_flags(n, p.flags);
      out.set_counter(n, p.counter);
      if (p.partner_square != kNoSquare) out.set_partner(n, shape.mirror(p.partner_square));
    }
  }
  out.castling = static_cast<std::uint8_t>(((pos.castling & 3) << 2) | ((pos.castling >> 2) & 3));
  out.en_passant = pos.en_passant == kNoSquare ? kNoSquare : shape.mirror(pos.en_passant);
  out.side_to_move = swap_side ? opposite(pos.side_to_move) : pos.side_to_move;
  out.halfmove_clock = pos.halfmove_clock;
  out.fullmove_number = pos.fullmove_number;
  return out;
}

Move mirror_move(const BoardShape& shape, const Move& m) {
  if (m.is(kMovePass)) return m;
  // An action that names no square (a card choice) keeps them unnamed; the
  // action code is kept as it is: a variant whose codes name ranks or colours
  // does not offer a mirror.
  auto square = [&](Square s) { return s == kNoSquare ? s : shape.mirror(s); };
  Move out = m;
  out.from = square(m.from);
  out.to = square(m.to);
  return out;
}

Role mirror_role(Role r) { return r == Role::White ? Role::Black : r == Role::Black ? Role::White : r; }

std::string mirror_square_list(const BoardShape& shape, const std::string& list) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t comma = list.find(',', start);
    std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::size_t used = 0;
    auto sq = parse_square(shape, name, &used);
    out.push_back(sq && used == name.size() ? square_name(shape, shape.mirror(*sq)) : name);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  std::sort(out.begin(), out.end());
  std::string joined;
  for (const std::string& s : out) joined += (joined.empty() ? "" : ",") + s;
  return joined;
}

std::string mirror_colour_letters(const std::string& s) {
  if (s == "white_wins") return "black_wins";
  if (s == "black_wins") return "white_wins";
  std::string out = s;
  for (char& c : out) c = c == 'w' ? 'b' : c == 'b' ? 'w' : c;
  std::sort(out.begin(), out.end(), [](char a, char b) { return a == 'w' && b == 'b'; });
  return out;
}

Result mirror_result(Result r) {
  return r == Result::WhiteWins ? Result::BlackWins : r == Result::BlackWins ? Result::WhiteWins : r;
}

}  // namespace arbiter
