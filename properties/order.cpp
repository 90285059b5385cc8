// The order-independence law (model/core/order.h): the simultaneous games
// resolve both moves at once, so a step's result must be the same whichever
// moving piece the resolver looks at first. Where the text gives a precedence
// the model follows it, and where it gives none a reading point decides; an
// order the code chose by itself fails here with the step's replay command.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>
#include <sstream>

#include "model/core/order.h"
#include "model/variants/registry.h"
#include "properties/generators.h"

namespace arbiter::properties {
namespace {

// The order findings of one step, each as its replay command and detail.
std::vector<std::string> order_findings(const Variant& v, const State& s, const JointAction& joint,
                                        const Readings& readings) {
  std::vector<std::string> out;
  for (const Finding& f : find_order_dependence(v, s, joint, readings, v.step(s, joint, readings)))
    out.push_back(f.witness.replay_command() + "\n    " + f.detail);
  return out;
}

RC_GTEST_PROP(Laws, AStepsResultDoesNotDependOnTheOrderItsMoversAreVisited, (const Playout& p, std::uint32_t choice)) {
  for (const Variant* v : simultaneous_variants()) {
    Reached r = play_out(*v, p);
    for (const Readings& readings : defaults_and_each_alternative(*v)) {
      JointAction joint = pick_joint(*v, r.state, choice, readings);
      if (joint.empty()) continue;
      std::vector<std::string> found = order_findings(*v, r.state, joint, readings);
      for (const std::string& f : found) RC_LOG() << f << "\n";
      RC_ASSERT(found.empty());
    }
  }
}

// Every step of every scenario of the simultaneous games, under the
// scenario's readings, and a seeded sample of the joint actions at each
// scenario's position under every reading.
TEST(Laws, EveryScenarioStepResolvesTheSameInEveryVisitOrder) {
  const std::string folder = std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios";
  std::vector<std::string> found;
  std::size_t steps = 0;
  for (const Variant* v : simultaneous_variants()) {
    std::mt19937_64 rng(1);
    std::vector<Readings> readings_list = defaults_and_each_alternative(*v);
    for (const Scenario& sc : load_scenario_folder(folder, v->id()).scenarios) {
      auto parsed = v->parse_state(sc.fen.empty() ? v->fen(v->initial_state()) : sc.fen);
      if (!parsed) continue;
      Readings readings;
      for (const std::string& a : sc.readings) readings.set(v->readings(), a);
      State s = *parsed;
      std::istringstream moves(sc.moves);
      for (std::string token; moves >> token && !v->roles_to_act(s).empty();) {
        auto joint = v->parse_joint(s, token, readings);
        if (!joint) break;
        ++steps;
        for (std::string& f : order_findings(*v, s, *joint, readings)) found.push_back(sc.name + ": " + f);
        s = v->step(s, *joint, readings).state;
      }
      if (v->roles_to_act(*parsed).empty()) continue;
      for (const Readings& r : readings_list) {
        for (int i = 0; i < 8; ++i) {
          JointAction joint = pick_joint(*v, *parsed, rng(), r);
          if (joint.empty()) break;
          ++steps;
          for (std::string& f : order_findings(*v, *parsed, joint, r)) found.push_back(sc.name + ": " + f);
        }
      }
    }
  }
  EXPECT_GT(steps, 1000u);
  std::string all;
  for (const std::string& f : found) all += f + "\n";
  EXPECT_TRUE(found.empty()) << found.size() << " steps whose result depends on the visit order:\n" << all;
}

}  // namespace
}  // namespace arbiter::properties
