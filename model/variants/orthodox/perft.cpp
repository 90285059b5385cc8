// String-level wrappers of the reference model's perft, for tools and tests.
#include "model/variants/orthodox/perft.h"

#include <algorithm>
#include <stdexcept>

#include "model/variants/orthodox/orthodox.h"

namespace arbiter::orthodox {

namespace {
State state_of(std::string_view fen) {
  auto s = variant().parse_state(fen);
  if (!s) throw std::invalid_argument(s.error());
  return std::move(s.value());
}
}  // namespace

std::vector<std::string> legal_moves(std::string_view fen) {
  State s = state_of(fen);
  MoveList moves;
  legal_moves(s.position, moves);
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(move_to_string(s.position.shape(), piece_set(), m));
  std::sort(out.begin(), out.end());
  return out;
}

std::string fen_after(std::string_view fen, std::string_view move) {
  State s = state_of(fen);
  auto m = variant().parse_action(s, s.position.side_to_move == Color::White ? Role::White : Role::Black, move);
  if (!m) throw std::invalid_argument(m.error());
  make_move(s.position, *m, nullptr);
  return to_fen(s.position);
}

std::uint64_t perft(std::string_view fen, int depth) { return perft_position(state_of(fen).position, depth); }

std::vector<std::pair<std::string, std::uint64_t>> divide(std::string_view fen, int depth) {
  State s = state_of(fen);
  std::vector<std::pair<std::string, std::uint64_t>> out;
  MoveList moves;
  legal_moves(s.position, moves);
  for (const Move& m : moves) {
    Position next = s.position;
    make_move(next, m, nullptr);
    out.emplace_back(move_to_string(s.position.shape(), piece_set(), m), perft_position(next, depth - 1));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace arbiter::orthodox
