// SimulChess joint actions on the fast path (model/variants/simulchess/fast/):
// copy the fast Board and resolve a joint action, the counterpart of an
// orthodox fast make-move (copy a Board, play a legal move).
// Run: build/release/bench/perft_bench --benchmark_filter=fast_joint  (steps/s).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "model/variants/simulchess/fast/fast_perft.h"
#include "model/variants/simulchess/fast/movegen.h"
#include "model/variants/simulchess/fast/resolve.h"
#include "model/variants/simulchess/simulchess.h"

namespace {

using namespace arbiter;

struct JointStep {
  int board;
  simulchess::fast::Move white, black;
};

// Every joint action of the start position and of the positions after 2, 4
// and 6 seeded random joint actions from it.
void simulchess_steps(std::vector<simulchess::fast::Board>& boards, std::vector<JointStep>& steps) {
  namespace fast = simulchess::fast;
  const Variant& v = simulchess::variant();
  std::mt19937_64 rng(7);
  State s = v.initial_state();
  for (int ply = 0; ply <= 6 && !v.roles_to_act(s).empty(); ++ply) {
    if (ply % 2 == 0) {
      if (auto b = fast::from_state(s)) {
        fast::MoveList white, black;
        fast::generate(*b, fast::kWhite, white);
        fast::generate(*b, fast::kBlack, black);
        for (fast::Move w : white)
          for (fast::Move k : black) steps.push_back({static_cast<int>(boards.size()), w, k});
        boards.push_back(*b);
      }
    }
    std::vector<Move> white = v.actions(s, Role::White), black = v.actions(s, Role::Black);
    s = v.apply(s, {{Role::White, white[rng() % white.size()]}, {Role::Black, black[rng() % black.size()]}}, Readings{});
  }
}

void fast_joint_apply(benchmark::State& state, int) {
  std::vector<simulchess::fast::Board> boards;
  std::vector<JointStep> steps;
  simulchess_steps(boards, steps);
  std::size_t i = 0;
  for (auto _ : state) {
    const JointStep& step = steps[i];
    simulchess::fast::Board after = boards[step.board];
    simulchess::fast::apply(after, step.white, step.black);
    benchmark::DoNotOptimize(after);
    if (++i == steps.size()) i = 0;
  }
  state.counters["steps/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(fast_joint_apply, simulchess, 0);

}  // namespace
