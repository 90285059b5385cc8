// Zeitgeist's fast path (model/variants/zeitgeist/fast/): one joint action
// by copy-make, to compare with the orthodox fast make-move (`fast_make_move`
// in perft_bench.cpp); the target is at most four of those per call.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "model/variants/zeitgeist/fast/convert.h"
#include "model/variants/zeitgeist/fast/movegen.h"
#include "model/variants/zeitgeist/fast/resolve.h"
#include "model/variants/zeitgeist/zeitgeist.h"

namespace {

using namespace arbiter;
namespace zf = zeitgeist::fast;

// A joint action of one of a few positions: the start position and positions
// a few seeded random joint actions from it.
struct Joint {
  std::uint8_t position;
  zf::Move white, black;
};

struct Workload {
  std::vector<zf::Board> positions;
  std::vector<Joint> joints;  // every joint action of each position, shuffled
};

Workload workload() {
  Workload w;
  std::mt19937_64 rng(20261123);
  for (int game = 0; game < 4; ++game) {
    zf::Board b = *zf::from_state(zeitgeist::variant().initial_state());
    for (int ply = 0; ply < 3 * game && !b.over(); ++ply) {
      zf::MoveList white, black;
      zf::generate(b, zf::kWhite, white);
      zf::generate(b, zf::kBlack, black);
      zf::apply(b, white.moves[rng() % white.size], black.moves[rng() % black.size]);
    }
    if (b.over()) continue;
    zf::MoveList white, black;
    zf::generate(b, zf::kWhite, white);
    zf::generate(b, zf::kBlack, black);
    const auto index = static_cast<std::uint8_t>(w.positions.size());
    w.positions.push_back(b);
    for (zf::Move m : white)
      for (zf::Move k : black) w.joints.push_back({index, m, k});
  }
  // Shuffled, so that the branch predictor does not learn the cycle.
  std::shuffle(w.joints.begin(), w.joints.end(), rng);
  return w;
}

void fast_joint_apply(benchmark::State& state) {
  const Workload w = workload();
  std::size_t i = 0;
  for (auto _ : state) {
    const Joint& j = w.joints[i];
    zf::Board b = w.positions[j.position];
    zf::apply(b, j.white, j.black);
    benchmark::DoNotOptimize(b);
    if (++i == w.joints.size()) i = 0;
  }
  state.counters["steps/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(fast_joint_apply)->Name("fast_joint_apply/zeitgeist");

}  // namespace
