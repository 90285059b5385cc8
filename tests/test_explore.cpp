// The explorer: deterministic for a seed, shards that partition the states,
// shrinking to the fewest pieces, merging by signature.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "explore/explorer.h"
#include "explore/well_formed.h"
#include "fuzz/findings_store.h"
#include "model/core/divergence.h"
#include "model/core/legality.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/registry.h"
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

// A king move into attack is refused under parity.king_into_attack's
// default and accepted under "allowed": the search submits it, the step under
// the defaults passes, and the divergence search finds the point.
TEST(Explore, AMoveOnlyAnotherReadingAcceptsIsSubmittedAndDiverges) {
  const Variant& v = *find_variant("parity");
  State s = *v.parse_state("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
  auto has = [&](const std::vector<Move>& moves) {
    return std::any_of(moves.begin(), moves.end(), [&](const Move& m) { return v.move_text(s, m) == "e1e2"; });
  };
  EXPECT_FALSE(has(v.actions(s, Role::White)));
  std::vector<Move> all = submittable(v, s, Role::White);
  ASSERT_TRUE(has(all));
  Move e1e2 = *std::find_if(all.begin(), all.end(), [&](const Move& m) { return v.move_text(s, m) == "e1e2"; });
  JointAction joint{{Role::White, e1e2}, {Role::Black, v.actions(s, Role::Black).front()}};
  Readings defaults;
  StepResult r = v.step(s, joint, defaults);
  bool passed = std::any_of(r.trace.events().begin(), r.trace.events().end(),
                            [](const Event& e) { return e.type == EventType::Reject; });
  EXPECT_TRUE(passed);
  bool diverges = false;
  for (const Finding& f : find_divergences(v, s, joint, defaults, r)) diverges = diverges || f.reading == "parity.king_into_attack";
  EXPECT_TRUE(diverges);
  // An alternating game lists its defaults' actions only.
  const Variant& o = orthodox::variant();
  State start = o.initial_state();
  EXPECT_EQ(submittable(o, start, Role::White).size(), o.actions(start, Role::White).size());
}

// Depth 1 from the start of SimulChess is its 20 x 20 joint actions, each
// resolved once; two shards split them.
TEST(Explore, ExhaustiveSearchResolvesEveryJointActionWithinItsBound) {
  const Variant& v = *find_variant("simulchess");
  explore::ExhaustiveOptions o;
  explore::ExhaustiveCoverage all, first, second;
  explore::exhaustive(v, o, &all);
  EXPECT_EQ(all.states, 1u);
  EXPECT_EQ(all.steps, 400u);
  EXPECT_FALSE(all.cut);
  o.shards = 2;
  explore::exhaustive(v, o, &first);
  o.shard = 1;
  explore::exhaustive(v, o, &second);
  EXPECT_EQ(first.steps + second.steps, 400u);
  EXPECT_EQ(first.steps, 200u);
  // Depth 2: every distinct state after one turn, examined once.
  o = {};
  o.depth = 2;
  explore::ExhaustiveCoverage two;
  explore::exhaustive(v, o, &two);
  EXPECT_GT(two.states, 300u);
  EXPECT_LE(two.states, 401u);
  EXPECT_GT(two.steps, 100000u);
  EXPECT_GE(two.alternatives, two.steps);  // every two-mover step is re-run in the other order
}

// From the scenario positions, depth 1 finds the divergence of the reading
// point the order check turned up (zeitgeist.bounce_chain).
TEST(Explore, ExhaustiveSearchFromTheScenarioPositionsFindsTheBounceChain) {
  explore::ExhaustiveOptions o;
  o.scenario_dir = test::source_path("corpus/scenarios");
  bool found = false;
  for (const explore::Found& f : explore::exhaustive(*find_variant("zeitgeist"), o))
    found = found || f.finding.reading == "zeitgeist.bounce_chain";
  EXPECT_TRUE(found);
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

// A fuzzer asks the store before it writes a finding's texts: only a witness
// with fewer pieces than the one kept (or a first one) is wanted, and none
// when no directory is set.
TEST(FindingsStore, WantsOnlyAWitnessItWouldKeep) {
  std::string dir = ::testing::TempDir() + "/arbiter-findings-wanted";
  std::filesystem::remove_all(dir);
  Finding kept{FindingKind::Divergence, "orthodox", {}, "orthodox.draw_claims", "q", "d",
               {"orthodox", "8/8/8/4k3/8/8/3QK3/8 w - - 99 80", {{"move", "d2d3"}}, {}}};
  const Variant& v = orthodox::variant();
  State three = *v.parse_state("8/8/8/4k3/8/8/4K3/7R w - - 0 1");
  State two = *v.parse_state("8/8/8/4k3/8/8/4K3/8 w - - 0 1");
  unsetenv("ARBITER_FINDINGS_DIR");
  EXPECT_FALSE(fuzz::finding_wanted("orthodox", kept.signature(), two.position));
  setenv("ARBITER_FINDINGS_DIR", dir.c_str(), 1);
  EXPECT_TRUE(fuzz::finding_wanted("orthodox", kept.signature(), three.position));  // nothing kept yet
  EXPECT_TRUE(fuzz::record_finding(kept, "test"));
  EXPECT_FALSE(fuzz::finding_wanted("orthodox", kept.signature(), three.position));
  EXPECT_TRUE(fuzz::finding_wanted("orthodox", kept.signature(), two.position));
  unsetenv("ARBITER_FINDINGS_DIR");
}


// Orthodox chess with a broken procedure, for the well-formedness checks:
// after `stuck_after` plies the side to move has no action and no result, or
// (with `endless`) checkmate and stalemate never end the game and the variant
// claims a bound of 30 steps.
class BrokenProcedure final : public Variant {
 public:
  BrokenProcedure(int stuck_after, bool endless) : stuck_after_(stuck_after), endless_(endless) {}
  std::string_view id() const override { return "orthodox"; }
  std::string_view name() const override { return "orthodox with a broken procedure"; }
  std::string_view source() const override { return "a test"; }
  const PieceSet& kinds() const override { return base().kinds(); }
  const ClauseTable& clauses() const override { return base().clauses(); }
  const ReadingTable& readings() const override { return base().readings(); }
  State initial_state() const override { return base().initial_state(); }
  Roles roles_to_act(const State& s) const override {
    if (endless_ && !s.outcome.over()) return {s.position.side_to_move == Color::White ? Role::White : Role::Black};
    return base().roles_to_act(s);
  }
  std::vector<Move> actions(const State& s, Role r) const override {
    if (stuck_after_ > 0 && s.position.fullmove_number > stuck_after_) return {};
    std::vector<Move> moves = base().actions(s, r);
    if (endless_ && moves.empty()) moves.push_back(Move::pass());
    return moves;
  }
  std::vector<InvariantViolation> check_invariants(const State& s) const override { return base().check_invariants(s); }
  StepResult step(const State& s, const JointAction& joint, const Readings& r) const override {
    if (joint.front().move.is(kMovePass)) {
      State next = s;
      next.position.side_to_move = opposite(s.position.side_to_move);
      return {next, {}};
    }
    StepResult out = base().step(s, joint, r);
    if (endless_) out.state.outcome = {};
    return out;
  }
  int step_bound() const override { return endless_ ? 30 : 0; }

 private:
  static const Variant& base() { return orthodox::variant(); }
  int stuck_after_;
  bool endless_;
};

TEST(WellFormed, AStateWhereTheActingRoleHasNoActionIsAGap) {
  BrokenProcedure v(/*stuck_after=*/3, /*endless=*/false);
  explore::WellFormedOptions o;
  o.games = 5;
  o.unseen_search = 0;
  explore::WellFormedness w = explore::check_well_formed(v, o);
  EXPECT_EQ(w.games, 5);
  EXPECT_EQ(w.finished, 0);
  ASSERT_EQ(w.findings.size(), 1u);
  EXPECT_EQ(w.findings[0].kind, FindingKind::Gap);
  EXPECT_NE(w.findings[0].detail.find("has no legal action"), std::string::npos);
  // The witness is the stuck state: move 4, where no action is left.
  auto stuck = orthodox::variant().parse_state(w.findings[0].witness.fen);
  ASSERT_TRUE(stuck.ok());
  EXPECT_EQ(stuck->position.fullmove_number, 4);
}

TEST(WellFormed, AGameThatOutlastsItsBoundIsAGapAndUnboundedGamesAreCutNotReported) {
  BrokenProcedure endless(0, /*endless=*/true);
  explore::WellFormedOptions o;
  o.games = 4;
  explore::WellFormedness w = explore::check_well_formed(endless, o);
  ASSERT_EQ(w.findings.size(), 1u);
  EXPECT_NE(w.findings[0].detail.find("outlasts the 30 steps"), std::string::npos);
  EXPECT_EQ(w.finished, 0);
  EXPECT_EQ(w.unseen_wins, (std::vector<std::string>{"white_wins", "black_wins"}));

  // Orthodox chess implies no bound: long games are cut and counted, and
  // the results that are reached are tallied.
  o.games = 30;
  o.unseen_search = 0;
  o.unbounded_steps = 60;
  explore::WellFormedness plain = explore::check_well_formed(orthodox::variant(), o);
  EXPECT_TRUE(plain.findings.empty());
  EXPECT_EQ(plain.games, 30);
  EXPECT_EQ(plain.finished + plain.cut, 30);
  int tallied = 0;
  for (const auto& [result, n] : plain.results) tallied += n;
  EXPECT_EQ(tallied, plain.finished);
  EXPECT_EQ(plain.cut_at, 60);
}

TEST(WellFormed, PlayGoesOnWhileAWinningResultIsUnseen) {
  // Games cut at 12 plies rarely end in mate: after 5 games a win is unseen,
  // so more are played, at most 5 + 5 * 40.
  explore::WellFormedOptions o;
  o.games = 5;
  o.unbounded_steps = 12;
  o.unseen_search = 40;
  o.seconds = 1e9;
  explore::WellFormedness w = explore::check_well_formed(orthodox::variant(), o);
  EXPECT_GT(w.games, 5);
  EXPECT_LE(w.games, 205);
  if (w.games < 205) EXPECT_TRUE(w.unseen_wins.empty());  // it stopped because both wins were seen
  EXPECT_EQ(w.finished + w.cut, w.games);
}

TEST(WellFormed, TheSameSeedPlaysTheSameGames) {
  explore::WellFormedOptions o;
  o.games = 20;
  o.unbounded_steps = 80;
  o.seconds = 1e9;
  auto a = explore::check_well_formed(orthodox::variant(), o), b = explore::check_well_formed(orthodox::variant(), o);
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_EQ(a.results, b.results);
}

}  // namespace
}  // namespace arbiter
