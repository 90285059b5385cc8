// Orthodox perft speed: the bitboard fast path (bulk counting at the last ply)
// and the reference model on the generic board, and the cost of one step.
// Run: build/release/bench/perft_bench  (nodes/s is the rate counter).
#include <benchmark/benchmark.h>

#include <random>

#include "fuzz/step_fuzzer.h"
#include "model/variants/orthodox/fast/fast_perft.h"
#include "model/variants/orthodox/fast/movegen.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/registry.h"

namespace {

using namespace arbiter;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

void fast_perft(benchmark::State& state, const char* fen, int depth) {
  auto board = orthodox::fast::parse_fen(fen, nullptr);
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += orthodox::fast::perft(*board, depth);
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(fast_perft, start_d5, kStart, 5)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(fast_perft, start_d6, kStart, 6)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(fast_perft, kiwipete_d4, kKiwipete, 4)->Unit(benchmark::kMillisecond);

void reference_perft(benchmark::State& state, const char* fen, int depth) {
  const Variant& v = orthodox::variant();
  State s = *v.parse_state(fen);
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += v.reference_perft(s, depth);
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(reference_perft, start_d4, kStart, 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(reference_perft, kiwipete_d3, kKiwipete, 3)->Unit(benchmark::kMillisecond);

// One orthodox step through the Variant interface (legality check, trace,
// outcome): the unit the simultaneous games' steps are compared with.
void orthodox_step(benchmark::State& state) {
  const Variant& v = orthodox::variant();
  State s = *v.parse_state(kKiwipete);
  std::vector<Move> moves = v.actions(s, Role::White);
  Readings defaults;
  std::size_t i = 0, steps = 0;
  for (auto _ : state) {
    StepResult r = v.step(s, {{Role::White, moves[i++ % moves.size()]}}, defaults);
    benchmark::DoNotOptimize(r);
    ++steps;
  }
  state.counters["steps/s"] = benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
}
BENCHMARK(orthodox_step);

// Orthodox make-move alone on the reference model (no legality check or trace).
void orthodox_make_move(benchmark::State& state) {
  const Variant& v = orthodox::variant();
  State s = *v.parse_state(kKiwipete);
  MoveList moves;
  orthodox::legal_moves(s.position, moves);
  std::size_t i = 0;
  for (auto _ : state) {
    Position p = s.position;
    orthodox::make_move(p, moves[i++ % moves.size()], nullptr);
    benchmark::DoNotOptimize(p);
  }
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(orthodox_make_move);

// The same on the bitboard fast path: copy a fast Board and play a legal move
// on it. The simultaneous games' fast joint paths (fast_joint_apply) are
// compared with this one: both are copy-make on bitboards, and both leave the
// end of the game to the next node's move generation.
void fast_make_move(benchmark::State& state) {
  auto board = orthodox::fast::parse_fen(kKiwipete, nullptr);
  orthodox::fast::MoveList moves;
  orthodox::fast::generate_legal(*board, moves);
  int i = 0;
  for (auto _ : state) {
    orthodox::fast::Board next = *board;
    orthodox::fast::make_move(next, moves.moves[i]);
    benchmark::DoNotOptimize(next);
    i = i + 1 == moves.size ? 0 : i + 1;
  }
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(fast_make_move);

}  // namespace

namespace {

// One step of a game from its start, through the Variant interface: an action
// of every role to act, a different one each time (the first role's i-th, the
// second's 7i-th; a card game's start is a deal, chance's action). The unit
// the step fuzzers' harness is compared with: variant_step for the games that
// are not simultaneous, simultaneous_step (the same) for the others.
void variant_step(benchmark::State& state, std::string_view id) {
  const Variant& v = *find_variant(id);
  State s = v.initial_state();
  Roles roles = v.roles_to_act(s);
  std::vector<std::vector<Move>> actions;
  for (Role r : roles) actions.push_back(v.actions(s, r));
  Readings defaults;
  std::size_t i = 0;
  JointAction joint;
  for (auto _ : state) {
    joint.clear();
    for (std::size_t k = 0; k < roles.size(); ++k)
      joint.push_back({roles[k], actions[k][(i * (1 + 6 * k)) % actions[k].size()]});
    StepResult r = v.step(s, joint, defaults);
    benchmark::DoNotOptimize(r);
    ++i;
  }
  state.counters["steps/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(variant_step, orthodox, "orthodox");
BENCHMARK_CAPTURE(variant_step, two_move, "two-move");
BENCHMARK_CAPTURE(variant_step, existentialist, "existentialist");
BENCHMARK_CAPTURE(variant_step, gravity, "gravity");
BENCHMARK_CAPTURE(variant_step, booster, "booster");
BENCHMARK_CAPTURE(variant_step, parade, "parade");
BENCHMARK_CAPTURE(variant_step, neighbour, "neighbour");
BENCHMARK_CAPTURE(variant_step, cloak_dagger, "cloak-dagger");

// One resolved joint action of each simultaneous game from its start, beside
// orthodox_make_move above.
void simultaneous_step(benchmark::State& state, std::string_view id) { variant_step(state, id); }
BENCHMARK_CAPTURE(simultaneous_step, zeitgeist, "zeitgeist");
BENCHMARK_CAPTURE(simultaneous_step, simulchess, "simulchess");
BENCHMARK_CAPTURE(simultaneous_step, parity, "parity");
BENCHMARK_CAPTURE(simultaneous_step, parity_single, "parity-single");

// The same joint actions through Variant::apply: the state after the step
// without its trace or a second check of the moves, the counterpart of
// orthodox_make_move (which takes a legal move and leaves the result to the
// caller; apply also settles the result).
void simultaneous_apply(benchmark::State& state, std::string_view id) {
  const Variant& v = *find_variant(id);
  State s = v.initial_state();
  std::vector<Move> white = v.actions(s, Role::White), black = v.actions(s, Role::Black);
  Readings defaults;
  std::size_t i = 0;
  for (auto _ : state) {
    State after = v.apply(s, {{Role::White, white[i % white.size()]}, {Role::Black, black[(i * 7) % black.size()]}}, defaults);
    benchmark::DoNotOptimize(after);
    ++i;
  }
  state.counters["steps/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(simultaneous_apply, zeitgeist, "zeitgeist");
BENCHMARK_CAPTURE(simultaneous_apply, simulchess, "simulchess");
BENCHMARK_CAPTURE(simultaneous_apply, parity, "parity");
BENCHMARK_CAPTURE(simultaneous_apply, parity_single, "parity-single");

}  // namespace

namespace {

// The step fuzzers' inputs for the two benchmarks below: 256 seeded random
// inputs of 16 steps each, a start byte and two bytes per role per step (the
// simultaneous games have two roles in every step, the others one in most, as
// bench/fuzz_speed.sh measures them).
const std::vector<std::vector<std::uint8_t>>& harness_inputs(int roles) {
  static std::vector<std::vector<std::uint8_t>> by_roles[3];
  std::vector<std::vector<std::uint8_t>>& inputs = by_roles[roles];
  if (!inputs.empty()) return inputs;
  std::mt19937 rng(7);
  inputs.resize(256);
  for (auto& input : inputs) {
    input.resize(1 + 16 * 2 * static_cast<std::size_t>(roles));
    for (std::uint8_t& b : input) b = static_cast<std::uint8_t>(rng());
  }
  return inputs;
}

// The step fuzzers' harness (fuzz/step_fuzzer.cpp) built without sanitizers,
// on those inputs: steps/s beside played_step's, to hold the harness's
// overhead (listing the actions to choose among, the invariant checker, the
// divergence search) in view.
void step_fuzzer_harness(benchmark::State& state, std::string_view id, int roles) {
  const auto& inputs = harness_inputs(roles);
  std::size_t played = 0, resolved = 0, i = 0;
  for (auto _ : state) {
    const std::vector<std::uint8_t>& input = inputs[i++ % inputs.size()];
    fuzz::StepCounts counts = fuzz::run_steps(id, input.data(), input.size());
    played += counts.played;
    resolved += counts.resolved;
  }
  // steps/s: joint actions played; resolved/s: steps resolved, with the
  // re-runs under other reading alternatives that the divergence search makes.
  state.counters["steps/s"] = benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
  state.counters["resolved/s"] = benchmark::Counter(static_cast<double>(resolved), benchmark::Counter::kIsRate);
  state.counters["inputs/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(step_fuzzer_harness, zeitgeist, "zeitgeist", 2);
BENCHMARK_CAPTURE(step_fuzzer_harness, simulchess, "simulchess", 2);
BENCHMARK_CAPTURE(step_fuzzer_harness, parity, "parity", 2);
BENCHMARK_CAPTURE(step_fuzzer_harness, parity_single, "parity-single", 2);
BENCHMARK_CAPTURE(step_fuzzer_harness, orthodox, "orthodox", 1);
BENCHMARK_CAPTURE(step_fuzzer_harness, two_move, "two-move", 1);
BENCHMARK_CAPTURE(step_fuzzer_harness, existentialist, "existentialist", 1);
BENCHMARK_CAPTURE(step_fuzzer_harness, gravity, "gravity", 1);
BENCHMARK_CAPTURE(step_fuzzer_harness, booster, "booster", 1);
BENCHMARK_CAPTURE(step_fuzzer_harness, parade, "parade", 1);
BENCHMARK_CAPTURE(step_fuzzer_harness, neighbour, "neighbour", 1);
BENCHMARK_CAPTURE(step_fuzzer_harness, cloak_dagger, "cloak-dagger", 1);

// The steps the harness plays on those inputs, each from the state the
// harness played it from, resolved through `step` alone: the same steps
// without the harness, so that the harness's resolved/s over these steps/s is
// its overhead and nothing else (variant_step's start is one state, often
// far cheaper or far dearer than the states play reaches).
void played_step(benchmark::State& state, std::string_view id, int roles) {
  const Variant& v = *find_variant(id);
  std::vector<fuzz::PlayedStep> steps;
  for (const auto& input : harness_inputs(roles)) fuzz::run_steps(id, input.data(), input.size(), &steps);
  Readings defaults;
  std::size_t i = 0;
  for (auto _ : state) {
    const fuzz::PlayedStep& s = steps[i];
    StepResult r = v.step(s.before, s.joint, defaults);
    benchmark::DoNotOptimize(r);
    i = i + 1 == steps.size() ? 0 : i + 1;
  }
  state.counters["steps/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["states"] = static_cast<double>(steps.size());
}
BENCHMARK_CAPTURE(played_step, zeitgeist, "zeitgeist", 2);
BENCHMARK_CAPTURE(played_step, simulchess, "simulchess", 2);
BENCHMARK_CAPTURE(played_step, parity, "parity", 2);
BENCHMARK_CAPTURE(played_step, parity_single, "parity-single", 2);
BENCHMARK_CAPTURE(played_step, orthodox, "orthodox", 1);
BENCHMARK_CAPTURE(played_step, two_move, "two-move", 1);
BENCHMARK_CAPTURE(played_step, existentialist, "existentialist", 1);
BENCHMARK_CAPTURE(played_step, gravity, "gravity", 1);
BENCHMARK_CAPTURE(played_step, booster, "booster", 1);
BENCHMARK_CAPTURE(played_step, parade, "parade", 1);
BENCHMARK_CAPTURE(played_step, neighbour, "neighbour", 1);
BENCHMARK_CAPTURE(played_step, cloak_dagger, "cloak-dagger", 1);

}  // namespace
