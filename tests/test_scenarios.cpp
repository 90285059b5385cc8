// Every scenario file under corpus/scenarios/ passes: worked examples of the
// rule texts, clause and reading-point pins, regression witnesses.
#include <gtest/gtest.h>

#include "model/core/scenario.h"
#include "model/variants/registry.h"
#include "tests/support/paths.h"

namespace arbiter {
namespace {

TEST(Scenarios, ParserRejectsMalformedFilesWithTheLine) {
  auto bad = parse_scenarios("variant: orthodox\n", "x.txt");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("x.txt:1:"), std::string::npos);
  auto unknown = parse_scenarios("[scenario a]\nvariant: orthodox\nsource: s\nexpect.colour: red\n", "y.txt");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("unknown key 'expect.colour'"), std::string::npos);
}

TEST(Scenarios, ARunnerThatFailsSaysWhy) {
  auto s = parse_scenarios(
      "[scenario wrong]\nvariant: orthodox\nsource: test\nmoves: e2e4\nexpect.square: e4 -\nexpect.result: draw\n"
      "expect.clauses: orthodox.pawn.push\n",
      "z.txt");
  ASSERT_TRUE(s.ok()) << s.error();
  ScenarioRun run = run_scenario(s->front());
  ASSERT_EQ(run.failures.size(), 3u);
  EXPECT_NE(run.failures[0].find("result"), std::string::npos);
  EXPECT_NE(run.failures[1].find("square e4: expected -, got P"), std::string::npos);
  EXPECT_NE(run.failures[2].find("orthodox.pawn.push did not fire"), std::string::npos);
}

TEST(Scenarios, ScoresAndVariantFieldsAreChecked) {
  // Orthodox chess counts no points and keeps no variant fields: a scenario
  // expecting them fails, saying what the model has.
  auto s = parse_scenarios(
      "[scenario points]\nvariant: orthodox\nsource: test\nmoves: e2e4\nexpect.scores: white=1\n"
      "expect.vars: deck=NB\n",
      "p.txt");
  ASSERT_TRUE(s.ok()) << s.error();
  ScenarioRun run = run_scenario(s->front());
  ASSERT_EQ(run.failures.size(), 2u);
  EXPECT_NE(run.failures[0].find("score white=1 not given; the model counts none"), std::string::npos);
  EXPECT_NE(run.failures[1].find("no variant field deck"), std::string::npos);
}

TEST(Scenarios, EveryScenarioFilePasses) {
  auto results = run_scenario_folder(test::source_path("corpus/scenarios"));
  EXPECT_FALSE(results.empty());
  for (const ScenarioResult& r : results)
    for (const std::string& f : r.run.failures)
      ADD_FAILURE() << r.scenario.file << ":" << r.scenario.line << " [" << r.scenario.name << "] " << f;
}

// Every reading point of every variant has a scenario where its alternatives differ.
TEST(Scenarios, EveryReadingPointHasADivergingScenario) {
  auto results = run_scenario_folder(test::source_path("corpus/scenarios"));
  for (const Variant* v : all_variants()) {
    for (const ReadingPoint& r : v->readings()) {
      bool covered = false;
      for (const ScenarioResult& res : results)
        for (const std::string& p : res.scenario.divergent) covered = covered || p == r.id;
      // An option (the text's own variation) may change what a player may
      // submit rather than a step's outcome: a scenario plays each variation.
      if (r.option) {
        bool every = true;
        for (const Alternative& a : r.alternatives) {
          if (a.id == r.default_alternative) continue;
          bool played = false;
          for (const ScenarioResult& res : results)
            for (const std::string& chosen : res.scenario.readings)
              played = played || chosen == std::string(r.id) + "=" + std::string(a.id);
          every = every && played;
        }
        covered = covered || every;
      }
      EXPECT_TRUE(covered) << "reading point " << r.id << " has no scenario with expect.divergent";
    }
  }
}

}  // namespace
}  // namespace arbiter
