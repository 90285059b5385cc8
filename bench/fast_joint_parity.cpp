// Parity Chess and Parity Chess with Single Occupation on the bitboard fast
// path (model/variants/parity/fast/): the cost of one joint action by
// copy-make, beside fast_make_move (an orthodox fast Board copied and one
// legal move made), the comparator of bench/README.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <vector>

#include "model/variants/parity/fast/apply.h"
#include "model/variants/parity/fast/convert.h"
#include "model/variants/parity/fast/movegen.h"
#include "model/variants/parity/parity.h"

namespace {

using namespace arbiter;

struct Joint {
  std::size_t board;
  parity::fast::Move white, black;
};

// Every joint action of the start position and of the positions after 3, 6
// and 9 seeded random joint actions, in an order that mixes the positions.
void joint_actions(bool single, std::vector<parity::fast::Board>& boards, std::vector<Joint>& joints) {
  const Variant& v = single ? parity::single_variant() : parity::variant();
  parity::fast::Board b = parity::fast::from_state(v.initial_state(), single)->board;
  std::mt19937 rng(5);
  for (int step = 0; boards.size() < 4 && step < 40; ++step) {
    parity::fast::MoveList white, black;
    parity::fast::submittable(b, parity::fast::kWhite, single, white);
    parity::fast::submittable(b, parity::fast::kBlack, single, black);
    if (white.size == 0 || black.size == 0) break;
    if (step % 3 == 0) {
      boards.push_back(b);
      for (parity::fast::Move w : white)
        for (parity::fast::Move k : black) joints.push_back({boards.size() - 1, w, k});
    }
    parity::fast::apply(b, white.moves[rng() % white.size], black.moves[rng() % black.size]);
  }
  std::shuffle(joints.begin(), joints.end(), rng);
}

// Copy the state and apply one joint action (the resolution and every field
// the next turn reads; the next turn's generation decides whether the game
// goes on, as orthodox perft leaves mate to the next node).
void fast_joint_apply(benchmark::State& state, bool single) {
  std::vector<parity::fast::Board> boards;
  std::vector<Joint> joints;
  joint_actions(single, boards, joints);
  std::size_t i = 0;
  for (auto _ : state) {
    const Joint& j = joints[i];
    i = i + 1 == joints.size() ? 0 : i + 1;
    parity::fast::Board next = boards[j.board];
    parity::fast::apply(next, j.white, j.black);
    benchmark::DoNotOptimize(next);
  }
  state.counters["steps/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(fast_joint_apply, parity, false);
BENCHMARK_CAPTURE(fast_joint_apply, parity_single, true);

}  // namespace
