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

// Two slow pieces that each land in the other's path (the queen b4-d6, the
// bishop f8-c5) resolve as their mirror does, under both alternatives of
// simulchess.mutual_interception: neither player's piece is looked at first.
// Every joint action of a position where such crossings abound is checked.
TEST(SimulChess, CrossingSlowPiecesResolveAsTheirMirrorDoes) {
  const Variant& v = variant();
  State s = *v.parse_state("r3kbr1/ppp2n2/2P2p1p/1P4pP/1Q2pqP1/P3PP2/1B1PB3/R2NKbR1 w - - 1 37");
  s.history.clear();
  State mirrored = *v.mirror(s);
  int mutual = 0;
  for (std::string_view alt : {"both_destroyed", "pass"}) {
    Readings readings;
    readings.choose(reading::kMutualInterception, alt);
    for (const Move& w : v.actions(s, Role::White))
      for (const Move& b : v.actions(s, Role::Black)) {
        StepResult direct = v.step(s, {{Role::White, w}, {Role::Black, b}}, readings);
        StepResult via = v.step(mirrored, {{Role::White, v.mirror_action(s, b)}, {Role::Black, v.mirror_action(s, w)}}, readings);
        direct.state.history.clear();
        EXPECT_EQ(v.fen(*v.mirror(direct.state)), v.fen(via.state)) << alt << " " << v.move_text(s, w) << ":" << v.move_text(s, b);
        for (const auto& [point, chosen] : direct.trace.readings()) mutual += point == reading::kMutualInterception;
      }
  }
  EXPECT_GE(mutual, 6);  // b4d6:f8c5, b4e7:f8d6 and b4e7:f8c5, under each alternative
}

// No first moves can meet, so every reading gives the orthodox count at depth 2.
// The option simulchess.time_control=one_submitted adds a pass to each
// player's twenty moves.
TEST(SimulChess, PerftDepthTwoUnderEveryAlternative) {
  const Variant& v = variant();
  State start = v.initial_state();
  for (const ReadingPoint& point : v.readings()) {
    if (point.option) {
      Readings r;
      r.choose(point.id, "one_submitted");
      EXPECT_EQ(test::joint_perft(v, start, 1, r), 21u * 21u);
      EXPECT_GT(test::joint_perft(v, start, 2, r), 198'163u);
      continue;
    }
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
