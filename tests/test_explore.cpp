// The explorer: deterministic for a seed, shards that partition the states,
// shrinking to the fewest pieces, merging by signature.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "explore/explorer.h"
#include "fuzz/findings_store.h"
#include "model/core/divergence.h"
#include "model/variants/orthodox/orthodox.h"
#include "tests/support/paths.h"

namespace arbiter {
namespace {

explore::Options fixed(int shard = 0, int shards = 1) {
  explore::Options o;
  o.seed = 42;
  o.seconds = 1e9;  // the state limit ends the run
  o.max_states = 40;
  o.shard = shard;
  o.shards = shards;
  o.scenario_dir = test::source_path("corpus/scenarios");
  return o;
}

TEST(Explore, SameSeedSameFindingsAndCounts) {
  const Variant& v = orthodox::variant();
  explore::Progress a, b;
  auto fa = explore::run(v, fixed(), &a);
  auto fb = explore::run(v, fixed(), &b);
  EXPECT_EQ(a.states, b.states);
  EXPECT_EQ(a.steps, b.steps);
  ASSERT_EQ(fa.size(), fb.size());
  for (std::size_t i = 0; i < fa.size(); ++i) EXPECT_EQ(fa[i].finding.witness.fen, fb[i].finding.witness.fen);
}

TEST(Explore, FindsTheDrawClaimsDivergenceFromTheScenarioPositions) {
  explore::Options o = fixed();
  o.max_plies = 2;  // short playouts, so every scenario position is a start
  auto found = explore::run(orthodox::variant(), o);
  bool draw_claims = false;
  for (const auto& f : found) draw_claims = draw_claims || f.finding.reading == "orthodox.draw_claims";
  EXPECT_TRUE(draw_claims);
}

TEST(Explore, ShardsSplitTheStates) {
  const Variant& v = orthodox::variant();
  explore::Progress first, second;
  // Shards examine disjoint thirds of the same walk: each examines fewer states.
  explore::run(v, fixed(0, 3), &first);
  explore::run(v, fixed(1, 3), &second);
  EXPECT_EQ(first.states, 40u);
  EXPECT_EQ(second.states, 40u);
  EXPECT_GT(first.steps, 0u);
  EXPECT_NE(first.steps, second.steps);
}

TEST(Explore, ShrinkRemovesPiecesWhileTheFindingPersists) {
  const Variant& v = orthodox::variant();
  State s = *v.parse_state("8/p6p/8/4k3/8/8/3QK3/N6R w - - 99 80");
  JointAction joint{{Role::White, *v.parse_action(s, Role::White, "d2d3")}};
  Readings defaults;
  StepResult r = v.step(s, joint, defaults);
  auto findings = find_divergences(v, s, joint, defaults, r);
  ASSERT_EQ(findings.size(), 1u);
  Finding small = explore::shrink(v, findings[0]);
  EXPECT_EQ(small.signature(), findings[0].signature());
  EXPECT_LT(explore::witness_pieces(small), explore::witness_pieces(findings[0]));
  EXPECT_EQ(explore::witness_pieces(small), 3u);  // the two kings and the queen that moves
}

TEST(Explore, MergeKeepsOnePerSignatureWithTheFewestPieces) {
  Finding big{FindingKind::Divergence, "orthodox", {}, "orthodox.draw_claims", "q", "d", {"orthodox", "8/p6p/8/4k3/8/8/3QK3/N6R w - - 99 80", {}, {}}};
  Finding small = big;
  small.witness.fen = "8/8/8/4k3/8/8/3QK3/8 w - - 99 80";
  auto merged = explore::merge({big}, {small});
  ASSERT_EQ(merged.size(), 1u);
  EXPECT_EQ(merged[0].witness.fen, small.witness.fen);
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

// Fuzzing's findings store keeps one file per signature, and only a smaller
// witness replaces the one kept.
TEST(FindingsStore, KeepsTheSmallestWitnessPerSignature) {
  std::string dir = ::testing::TempDir() + "/arbiter-findings-store";
  std::filesystem::remove_all(dir);
  setenv("ARBITER_FINDINGS_DIR", dir.c_str(), 1);
  Finding big{FindingKind::Divergence, "orthodox", {}, "orthodox.draw_claims", "q", "d",
              {"orthodox", "8/p6p/8/4k3/8/8/3QK3/N6R w - - 99 80", {{"move", "d2d3"}}, {}}};
  Finding small = big;
  small.witness.fen = "8/8/8/4k3/8/8/3QK3/8 w - - 99 80";
  EXPECT_TRUE(fuzz::record_finding(big, "test"));
  EXPECT_TRUE(fuzz::record_finding(small, "test"));
  EXPECT_FALSE(fuzz::record_finding(big, "test"));
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) files += entry.path().extension() == ".json";
  EXPECT_EQ(files, 1);
  unsetenv("ARBITER_FINDINGS_DIR");
}

}  // namespace
}  // namespace arbiter
