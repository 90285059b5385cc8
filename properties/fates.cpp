// The fate law (model/core/fate.h, model/core/conflict.h): where a resolver
// records the fates its rules propose for a contested piece, the fate it
// applies is one of them. A resolver that leaves a piece somewhere no rule
// put it has chosen by itself; this fails with the step's replay command.
// And every entry of a precedence table names rules and a decider the
// variant knows.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>
#include <sstream>

#include "model/core/conflict.h"
#include "model/core/divergence.h"
#include "model/variants/registry.h"
#include "properties/generators.h"

namespace arbiter::properties {
namespace {

// The pieces a step left where none of its last round's proposals put them,
// each with the step's replay command.
std::vector<std::string> unproposed(const Variant& v, const State& s, const JointAction& joint, const Readings& readings) {
  std::vector<std::string> out;
  StepResult r = v.step(s, joint, readings);
  for (const std::string& line : unproposed_fates(v, s, r))
    out.push_back(witness_of(v, s, joint, readings).replay_command() + "\n    " + line);
  return out;
}

RC_GTEST_PROP(Laws, AContestedPieceEndsWhereSomeRuleProposes, (const Playout& p, std::uint32_t choice)) {
  for (const Variant* v : simultaneous_variants()) {
    Reached r = play_out(*v, p);
    for (const Readings& readings : defaults_and_each_alternative(*v)) {
      JointAction joint = pick_joint(*v, r.state, choice, readings);
      if (joint.empty()) continue;
      std::vector<std::string> found = unproposed(*v, r.state, joint, readings);
      for (const std::string& f : found) RC_LOG() << f << "\n";
      RC_ASSERT(found.empty());
    }
  }
}

// Every step of every scenario of the simultaneous games under its readings:
// the scenarios hold the contested situations the texts speak of. At least
// some of them must record proposals, or the resolvers record none.
TEST(Laws, EveryScenarioStepEndsContestedPiecesWhereSomeRuleProposes) {
  std::vector<std::string> found;
  std::map<std::string, std::size_t> contested;
  for (const Variant* v : simultaneous_variants()) {
    for (const ScenarioStep& step : scenario_steps(*v)) {
      if (!v->step(step.before, step.joint, step.readings).trace.contests().empty()) ++contested[std::string(v->id())];
      for (std::string& f : unproposed(*v, step.before, step.joint, step.readings)) found.push_back(step.scenario + ": " + f);
    }
  }
  // The four games whose resolvers record proposals.
  for (std::string id : {"zeitgeist", "simulchess", "parity", "parity-single"})
    EXPECT_GT(contested[id], 3u) << id << ": too few scenario steps record a contested piece";
  std::string all;
  for (const std::string& f : found) all += f + "\n";
  EXPECT_TRUE(found.empty()) << found.size() << " contested pieces no rule put where they ended:\n" << all;
}

TEST(Laws, EveryPrecedenceNamesKnownRulesAndADecider) {
  for (const Variant* v : all_variants()) {
    for (const Precedence& p : v->precedences()) {
      EXPECT_TRUE(find_clause(v->clauses(), p.first)) << v->id() << ": " << p.first;
      EXPECT_TRUE(find_clause(v->clauses(), p.second)) << v->id() << ": " << p.second;
      bool decider = find_clause(v->clauses(), p.decided_by) || find_reading(v->readings(), p.decided_by);
      EXPECT_TRUE(decider) << v->id() << ": " << p.decided_by << " is neither a clause nor a reading point";
      EXPECT_FALSE(p.why.empty()) << v->id() << ": " << p.first << " over " << p.second;
    }
  }
}

}  // namespace
}  // namespace arbiter::properties
