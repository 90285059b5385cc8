// The SimulChess fast path (model/variants/simulchess/fast/) against the
// reference model: the same submittable moves, the same state after every
// joint action, the same perft counts, under the default readings.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>

#include "model/core/fen.h"
#include "model/core/scenario.h"
#include "model/variants/simulchess/fast/fast_perft.h"
#include "model/variants/simulchess/fast/movegen.h"
#include "model/variants/simulchess/fast/resolve.h"
#include "model/variants/simulchess/simulchess.h"
#include "reports/perft_table.h"
#include "tests/support/paths.h"

namespace arbiter::simulchess {
namespace {

constexpr const char* kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

std::vector<std::string> reference_texts(const State& s, Role role) {
  const Variant& v = variant();
  std::vector<std::string> out;
  for (const Move& m : v.actions(s, role)) out.push_back(v.move_text(s, m));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> fast_texts(const State& s, const fast::Board& b, fast::Color c) {
  fast::MoveList list;
  fast::generate(b, c, list);
  std::vector<std::string> out;
  for (fast::Move m : list) out.push_back(variant().move_text(s, fast::to_reference(m)));
  std::sort(out.begin(), out.end());
  return out;
}

// The reference's move of each fast move, found among the reference's
// actions (so the flags are the reference's own).
Move reference_move(const State& s, Role role, fast::Move m) {
  Move read = fast::to_reference(m);
  for (const Move& a : variant().actions(s, role))
    if (a.same_action(read)) return a;
  ADD_FAILURE() << "the fast move " << variant().move_text(s, read) << " is not a reference action in " << variant().fen(s);
  return read;
}

// Every check on one state: the conversion round trip, both players' move
// lists, the state after every joint action (FEN and result, stepped as
// perft steps: without the standard draws, SimulChess::perft_readings), and
// perft at depth 1 and 2 (with the divide at depth 1 compared by total).
void check_state(const State& s, const std::string& where, bool all_joint_actions) {
  const Variant& v = variant();
  auto b = fast::from_state(s);
  if (!b) {
    EXPECT_EQ(v.perft(s, 1), v.reference_perft(s, 1)) << where;
    return;
  }
  SCOPED_TRACE(where + ": " + v.fen(s));
  EXPECT_EQ(to_fen(fast::to_state(*b).position), to_fen(s.position));
  ASSERT_EQ(fast_texts(s, *b, fast::kWhite), reference_texts(s, Role::White));
  ASSERT_EQ(fast_texts(s, *b, fast::kBlack), reference_texts(s, Role::Black));
  if (all_joint_actions) {
    fast::MoveList white, black;
    fast::generate(*b, fast::kWhite, white);
    fast::generate(*b, fast::kBlack, black);
    for (fast::Move w : white) {
      Move rw = reference_move(s, Role::White, w);
      for (fast::Move k : black) {
        Move rk = reference_move(s, Role::Black, k);
        State expected = v.apply(s, {{Role::White, rw}, {Role::Black, rk}}, simulchess::SimulChess::perft_readings());
        fast::Mate mate = fast::Mate::kNone;
        fast::Board after = fast::step(*b, w, k, &mate);
        State got = fast::to_state(after, mate);
        ASSERT_EQ(v.fen(got), v.fen(expected)) << v.move_text(s, rw) << ":" << v.move_text(s, rk);
        ASSERT_EQ(got.outcome.result, expected.outcome.result) << v.move_text(s, rw) << ":" << v.move_text(s, rk);
      }
    }
  }
  EXPECT_EQ(fast::perft(*b, 1), v.reference_perft(s, 1));
  EXPECT_EQ(fast::perft(*b, 2), v.reference_perft(s, 2));
  EXPECT_EQ(v.perft(s, 2), fast::perft(*b, 2));
}

TEST(SimulChessFast, StartPositionPerftAndDivideEqualTheReference) {
  const Variant& v = variant();
  State start = v.initial_state();
  auto b = fast::from_state(start);
  ASSERT_TRUE(b);
  for (int depth = 1; depth <= 2; ++depth) EXPECT_EQ(fast::perft(*b, depth), v.reference_perft(start, depth)) << depth;
  // The divide per joint action at depth 2, against the reference's count
  // after the same joint action.
  auto divided = fast::divide(*b, 2);
  std::uint64_t total = 0;
  for (const auto& [joint, nodes] : divided) {
    auto parsed = v.parse_joint(start, joint);
    ASSERT_TRUE(parsed.ok()) << joint;
    EXPECT_EQ(nodes, v.reference_perft(v.apply(start, *parsed, simulchess::SimulChess::perft_readings()), 1)) << joint;
    total += nodes;
  }
  EXPECT_EQ(total, fast::perft(*b, 2));
  check_state(start, "start", true);
}

// corpus/perft/simulchess.epd through SimulChess::perft, which takes the fast path.
TEST(SimulChessFast, PublishedPerftThroughTheFastPath) {
  auto table = report::read_perft_table(test::source_path("corpus/perft/simulchess.epd"));
  ASSERT_TRUE(table.ok()) << table.error();
  const Variant& v = variant();
  for (const auto& e : *table) {
    State s = *v.parse_state(e.fen);
    auto b = fast::from_state(s);
    ASSERT_TRUE(b) << e.fen;
    for (const auto& [depth, nodes] : e.depths) {
      EXPECT_EQ(fast::perft(*b, depth), nodes) << e.fen << " depth " << depth;
      EXPECT_EQ(v.perft(s, depth), nodes) << e.fen << " depth " << depth;
    }
  }
}

TEST(SimulChessFast, CastlingPositionsEqualTheReference) {
  const Variant& v = variant();
  for (const char* fen : {kKiwipete, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/6q1/R3K2R w KQkq - 0 1",
                          "r3k2r/1b6/8/8/8/8/6B1/R3K2R w KQkq - 3 9", "r3k2r/8/8/3Q4/8/8/8/R3K2R w KQkq - 0 1"}) {
    auto s = v.parse_state(fen);
    ASSERT_TRUE(s.ok()) << fen << ": " << s.error();
    check_state(*s, fen, true);
  }
}

// A checkmate in the given state is not looked for: the reference tests for
// it only after a step (simulchess.result.checkmate_at_start).
TEST(SimulChessFast, CheckmateInTheGivenStateIsNotAnEnd) {
  const Variant& v = variant();
  State s = *v.parse_state("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 0 3");
  ASSERT_TRUE(fast::from_state(s));
  check_state(s, "fool's mate", true);
}

// Every scenario position that converts, and every state its steps pass
// through under the default readings.
TEST(SimulChessFast, ScenarioPositionsEqualTheReference) {
  const Variant& v = variant();
  ScenarioFolder folder = load_scenario_folder(test::source_path("corpus/scenarios"), "simulchess");
  ASSERT_TRUE(folder.unreadable.empty());
  ASSERT_FALSE(folder.scenarios.empty());
  int converted = 0;
  for (const Scenario& sc : folder.scenarios) {
    auto start = sc.fen.empty() ? Expected<State>(v.initial_state()) : v.parse_state(sc.fen);
    if (!start) continue;
    State s = *start;
    std::istringstream steps(sc.moves);
    std::string step;
    while (true) {
      converted += fast::from_state(s).has_value();
      check_state(s, sc.name, true);
      if (!(steps >> step) || !v.roles_to_act(s).size()) break;
      auto joint = v.parse_joint(s, step);
      if (!joint) break;
      s = v.apply(s, *joint, simulchess::SimulChess::perft_readings());
    }
  }
  EXPECT_GT(converted, 20);
}

// Seeded random play from several starts: every state met, every joint action
// of every fifth one.
TEST(SimulChessFast, RandomPlayEqualsTheReference) {
  const Variant& v = variant();
  std::mt19937_64 rng(20261124);
  std::vector<State> starts = {v.initial_state(), *v.parse_state(kKiwipete),
                               *v.parse_state("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"),
                               *v.parse_state("4k3/1pp2ppp/8/3PpP2/8/8/PPP3PP/4K3 w - - 0 1 ep=e6")};
  int states = 0;
  for (int game = 0; game < 40; ++game) {
    State s = starts[game % starts.size()];
    for (int ply = 0; ply < 30 && !v.roles_to_act(s).empty(); ++ply) {
      check_state(s, "game " + std::to_string(game) + " step " + std::to_string(ply), states % 5 == 0);
      if (HasFatalFailure()) return;
      ++states;
      std::vector<Move> white = v.actions(s, Role::White), black = v.actions(s, Role::Black);
      JointAction joint = {{Role::White, white[rng() % white.size()]}, {Role::Black, black[rng() % black.size()]}};
      s = v.apply(s, joint, simulchess::SimulChess::perft_readings());
    }
  }
  EXPECT_GT(states, 500);
}

// States the fast path does not take are counted by the reference.
TEST(SimulChessFast, StatesThatDoNotConvertGiveTheReferenceCount) {
  const Variant& v = variant();
  for (const char* fen : {
           "4k3/8/8/8/8/8/8/4K3 w K - 0 1",                   // a castling right without its rook
           "4k3/8/8/8/8/8/8/4K2R w - - 0 1 result=white_wins",  // a finished game
           "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1 ep=d3",           // ep= with no pawn in front of it
           "QQQQQQQQ/QQQQQQQQ/8/8/8/8/4k3/4K3 w - - 0 1",      // more than 16 pieces a side
       }) {
    auto s = v.parse_state(fen);
    ASSERT_TRUE(s.ok()) << fen << ": " << s.error();
    EXPECT_FALSE(fast::from_state(*s)) << fen;
    for (int depth = 1; depth <= 2; ++depth) EXPECT_EQ(v.perft(*s, depth), v.reference_perft(*s, depth)) << fen;
  }
}

}  // namespace
}  // namespace arbiter::simulchess
