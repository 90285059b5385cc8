#pragma once
// Joint perft with the actions and resolutions of given readings, for the
// per-reading perft checks of the simultaneous games.
#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

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

// The variant's own perft, with the first joint actions shared out among the
// machine's cores (for the deep table entries).
inline std::uint64_t parallel_perft(const Variant& v, const State& s, int depth) {
  if (depth <= 1 || v.roles_to_act(s).size() != 2) return v.perft(s, depth);
  std::vector<JointAction> firsts;
  for (const Move& w : v.actions(s, Role::White))
    for (const Move& b : v.actions(s, Role::Black)) firsts.push_back({{Role::White, w}, {Role::Black, b}});
  unsigned threads = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
  std::vector<std::uint64_t> counts(threads, 0);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (std::size_t i = t; i < firsts.size(); i += threads) counts[t] += v.perft(v.step(s, firsts[i], {}).state, depth - 1);
    });
  for (std::thread& th : pool) th.join();
  std::uint64_t total = 0;
  for (std::uint64_t c : counts) total += c;
  return total;
}

}  // namespace arbiter::test
