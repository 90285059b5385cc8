// SimulChess: perft under every reading, invariants over many resolutions,
// finished games, bad input. The worked examples are scenario files.
#include <gtest/gtest.h>

#include "model/variants/orthodox/orthodox.h"
#include "model/variants/simulchess/simulchess.h"
#include "reports/perft_table.h"
#include "tests/support/joint_perft.h"
#include "tests/support/paths.h"

namespace arbiter::simulchess {
namespace {


TEST(SimulChess, PerftTableMatches) {
  auto table = report::read_perft_table(test::source_path("corpus/perft/simulchess.epd"));
  ASSERT_TRUE(table.ok()) << table.error();
  const Variant& v = variant();
  for (const auto& e : *table)
    for (const auto& [depth, nodes] : e.depths) EXPECT_EQ(v.perft(*v.parse_state(e.fen), depth), nodes) << depth;
}

// No first moves can meet, so every reading gives the orthodox count at depth 2.
TEST(SimulChess, PerftDepthTwoUnderEveryAlternative) {
  const Variant& v = variant();
  State start = v.initial_state();
  for (const ReadingPoint& point : v.readings()) {
    for (const Alternative& alt : point.alternatives) {
      Readings r;
      r.choose(point.id, alt.id);
      EXPECT_EQ(test::joint_perft(v, start, 1, r), 400u) << point.id << "=" << alt.id;
      EXPECT_EQ(test::joint_perft(v, start, 2, r), 198'163u) << point.id << "=" << alt.id;
    }
  }
}

TEST(SimulChess, EveryResolutionKeepsTheInvariants) {
  const Variant& v = variant();
  State s = *v.parse_state("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  std::vector<Move> white = v.actions(s, Role::White), black = v.actions(s, Role::Black);
  int steps = 0;
  for (const Move& w : white)
    for (const Move& b : black) {
      StepResult r = v.step(s, {{Role::White, w}, {Role::Black, b}}, {});
      auto broken = v.check_invariants(r.state);
      EXPECT_TRUE(broken.empty()) << v.fen(r.state) << ": " << (broken.empty() ? "" : broken[0].label);
      auto back = v.parse_state(v.fen(r.state));
      EXPECT_TRUE(back.ok()) << v.fen(r.state);
      ++steps;
    }
  EXPECT_GT(steps, 2000);
}

TEST(SimulChess, KingsNeverDisappearInACollision) {
  // simulchess.king.survives_collisions: a king and a rook landing together.
  const Variant& v = variant();
  State s = *v.parse_state("k7/8/8/r7/4K3/8/8/8 w - - 0 1");
  StepResult r = v.step(s, {{Role::White, *v.parse_action(s, Role::White, "e4e5")},
                            {Role::Black, *v.parse_action(s, Role::Black, "a5e5")}}, {});
  EXPECT_NE(r.state.position.find(orthodox::kKing, Color::White), kNoSquare);
  EXPECT_TRUE(r.trace.fired(clause::kKingSurvives));
}

TEST(SimulChess, BadInputIsRejected) {
  const Variant& v = variant();
  EXPECT_FALSE(v.parse_state("4k3/8/8/8/8/8/8/8 w - - 0 1").ok());
  EXPECT_FALSE(v.parse_state("4k3/8/8/8/8/8/8/4K3 w - - 0 1 result=maybe").ok());
  EXPECT_FALSE(v.parse_state("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ep=").ok());
  State s = v.initial_state();
  EXPECT_FALSE(v.parse_joint(s, "e2e4").ok());
  EXPECT_FALSE(v.parse_joint(s, "e2e5:e7e5").ok());
  EXPECT_THROW(v.step(s, {{Role::White, Move{12, 28}}}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace arbiter::simulchess
