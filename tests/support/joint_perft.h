#pragma once
// Joint perft with the actions and resolutions of given readings, for the
// per-reading perft checks of the simultaneous games.
#include <cstdint>

#include "model/core/game.h"

namespace arbiter::test {

inline std::uint64_t joint_perft(const Variant& v, const State& s, int depth, const Readings& r) {
  if (depth == 0) return 1;
  if (v.roles_to_act(s).empty()) return 0;
  std::vector<Move> white = v.actions(s, Role::White, r), black = v.actions(s, Role::Black, r);
  if (depth == 1) return white.size() * black.size();
  std::uint64_t n = 0;
  for (const Move& w : white)
    for (const Move& b : black)
      n += joint_perft(v, v.step(s, {{Role::White, w}, {Role::Black, b}}, r).state, depth - 1, r);
  return n;
}

}  // namespace arbiter::test
