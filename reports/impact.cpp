#include "reports/impact.h"

#include <chrono>
#include <random>
#include <set>

#include "model/core/conflict.h"
#include "model/core/divergence.h"
#include "model/core/order.h"

namespace arbiter::report {

std::string impact_key(const Finding& f) {
  if (f.kind == FindingKind::Divergence && !f.reading.empty()) return "reading:" + f.reading;
  return f.signature();
}

ImpactCount Impact::of(const Finding& f) const {
  auto it = counts.find(impact_key(f));
  return it == counts.end() ? ImpactCount{} : it->second;
}

Impact measure_impact(const Variant& v, const ImpactOptions& options) {
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  Impact out;
  std::mt19937_64 rng(options.seed);
  const int limit = v.step_bound() > 0 ? std::min(v.step_bound() + 1, options.step_limit) : options.step_limit;
  while (out.games < options.games) {
    if (elapsed() >= options.seconds) {
      out.cut = true;
      break;
    }
    ++out.games;
    std::set<std::string> in_this_game;
    State s = v.initial_state();
    for (int step = 0; step < limit && !s.outcome.over(); ++step) {
      Roles roles = v.roles_to_act(s);
      if (roles.empty()) break;
      JointAction joint;
      for (Role r : roles) {
        std::vector<Move> moves = v.actions(s, r, options.readings);
        if (moves.empty()) break;
        joint.push_back({r, moves[rng() % moves.size()]});
      }
      if (joint.size() != roles.size()) break;
      StepResult result = v.step(s, joint, options.readings);
      ++out.steps;
      std::set<std::string> at_this_step;
      for (const Finding& f : find_divergences(v, s, joint, options.readings, result)) at_this_step.insert(impact_key(f));
      for (const Finding& f : find_order_dependence(v, s, joint, options.readings, result)) at_this_step.insert(impact_key(f));
      for (const Finding& f : find_conflicts(v, s, joint, options.readings, result)) at_this_step.insert(impact_key(f));
      for (const std::string& key : at_this_step) {
        ++out.counts[key].steps;
        if (in_this_game.insert(key).second) ++out.counts[key].games;
      }
      s = std::move(result.state);
    }
  }
  return out;
}

}  // namespace arbiter::report
