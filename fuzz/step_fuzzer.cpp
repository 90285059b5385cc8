#include "fuzz/step_fuzzer.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "fuzz/decoder.h"
#include "fuzz/findings_store.h"
#include "model/core/legality.h"
#include "model/core/order.h"
#include "model/core/conflict.h"
#include "model/core/visit_order.h"
#include "model/core/divergence.h"
#include "model/core/scenario.h"
#include "model/variants/registry.h"

namespace arbiter::fuzz {

namespace {

// Start positions: the variant's start, then the positions of its scenario
// files (read once; the set never changes during a run).
const std::vector<State>& starts_of(const Variant& v) {
  static std::map<std::string, std::vector<State>> cache;
  auto it = cache.find(std::string(v.id()));
  if (it != cache.end()) return it->second;
  std::vector<State> starts = start_states(v, std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios");
  return cache.emplace(std::string(v.id()), std::move(starts)).first->second;
}

[[noreturn]] void invariant_broken(const Variant& v, const State& before, const JointAction& joint,
                                   const InvariantViolation& broken) {
  std::fprintf(stderr, "arbiter fuzz: invariant %s broken: %s\n  replay: %s\n", broken.label.c_str(),
               broken.detail.c_str(), witness_of(v, before, joint, {}).replay_command().c_str());
  std::abort();
}

// With ARBITER_FUZZ_TALLY set to a file's path, a fuzzer process appends
// one line to that file as it exits normally: its executions and the joint
// actions they played ("EXECUTIONS STEPS"). libFuzzer counts executions; the
// tally adds the steps behind them, so a campaign or a speed run can give
// steps per second and steps per execution beside exec/s. Fork mode's
// workers each append their own line. A crashing process writes none.
struct Tally {
  std::uint64_t executions = 0;
  std::uint64_t steps = 0;
  const char* path = nullptr;
};
Tally& tally() {
  static Tally t{0, 0, std::getenv("ARBITER_FUZZ_TALLY")};
  return t;
}
void write_tally() {
  const Tally& t = tally();
  if (std::FILE* out = std::fopen(t.path, "a")) {
    std::fprintf(out, "%llu %llu\n", static_cast<unsigned long long>(t.executions),
                 static_cast<unsigned long long>(t.steps));
    std::fclose(out);
  }
}

}  // namespace

int run_step_fuzzer(std::string_view variant_id, const std::uint8_t* data, std::size_t size) {
  static const bool tallied = tally().path && std::atexit(write_tally) == 0;
  StepCounts counts = run_steps(variant_id, data, size);
  if (tallied) {
    ++tally().executions;
    tally().steps += counts.played;
  }
  return 0;
}

StepCounts run_steps(std::string_view variant_id, const std::uint8_t* data, std::size_t size,
                     std::vector<PlayedStep>* played) {
  const Variant* v = find_variant(variant_id);
  if (!v) std::abort();
  Decoder in(data, size);
  const std::vector<State>& starts = starts_of(*v);
  State state = starts[in.byte() % starts.size()];
  Readings defaults;
  StepCounts counts;
  JointAction joint;         // one buffer for every step's joint action
  std::vector<Move> moves;   // and one for every listing of a role's actions
  for (std::size_t& step = counts.played; step < kMaxSteps && !in.empty(); ++step) {
    Roles roles = v->roles_to_act(state);
    if (roles.empty()) break;
    joint.clear();
    for (Role r : roles) {
      // A simultaneous game's role submits, one step in four, from every move
      // some reading alternative accepts (model/core/legality.h): a move the
      // defaults refuse is a legality divergence, found by the search below.
      if (v->simultaneous() && in.byte() % 4 == 0) moves = submittable(*v, state, r);
      else v->actions_into(state, r, defaults, moves);
      if (moves.empty()) return counts;
      joint.push_back({r, moves[in.choice() % moves.size()]});
    }
    if (played) played->push_back({state, joint});
    StepResult result = v->step(state, joint, defaults);
    ++counts.resolved;
    for (const auto& [point, alt] : result.trace.readings())
      if (const ReadingPoint* p = find_reading(v->readings(), point)) counts.resolved += p->alternatives.size() - 1;
    for (const InvariantViolation& broken : v->check_invariants(result.state)) invariant_broken(*v, state, joint, broken);
    if (!result.trace.readings().empty())
      for (const Finding& f : find_divergences(*v, state, joint, defaults, result, [&](const std::string& signature) {
             return finding_wanted(std::string(v->id()), signature, state.position);
           }))
        record_finding(f, "fuzzer");
    // A simultaneous step is re-run under every other order of its movers:
    // a result that changes is a precedence the code chose (model/core/order.h).
    if (std::uint32_t orders = std::min(visit_orders(result.trace.visit_items()), kMaxVisitOrders); orders > 1) {
      counts.resolved += orders - 1;
      for (const Finding& f : find_order_dependence(*v, state, joint, defaults, result)) record_finding(f, "fuzzer");
    }
    // Rules that propose different fates for one piece, where no clause
    // states which prevails (model/core/conflict.h).
    for (const Finding& f : find_conflicts(*v, state, joint, defaults, result)) record_finding(f, "fuzzer");
    state = std::move(result.state);
  }
  return counts;
}

}  // namespace arbiter::fuzz
