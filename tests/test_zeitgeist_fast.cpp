// The Zeitgeist fast path (model/variants/zeitgeist/fast/) against the
// reference model: the moves each player may write, the state after each
// joint action, and joint perft, from the start position, the scenario
// positions and positions of seeded random play; and the reference's count
// for states the path does not convert.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "model/core/scenario.h"
#include "model/variants/zeitgeist/fast/convert.h"
#include "model/variants/zeitgeist/fast/fast_perft.h"
#include "model/variants/simultaneous/simultaneous.h"
#include "model/variants/zeitgeist/fast/movegen.h"
#include "model/variants/zeitgeist/fast/resolve.h"
#include "model/variants/zeitgeist/zeitgeist.h"
#include "reports/perft_table.h"
#include "tests/support/paths.h"

namespace arbiter::zeitgeist {
namespace {

using Key = std::tuple<int, int, int, int>;

Key key_of(const Move& m) { return {m.from, m.to, m.promotion, m.flags}; }

std::vector<Key> sorted_keys(const std::vector<Move>& moves) {
  std::vector<Key> out;
  for (const Move& m : moves) out.push_back(key_of(m));
  std::sort(out.begin(), out.end());
  return out;
}

fast::MoveList fast_moves(const fast::Board& b, fast::Color c) {
  fast::MoveList list;
  fast::generate(b, c, list);
  return list;
}

std::vector<Move> as_reference(const fast::MoveList& list) {
  std::vector<Move> out;
  for (fast::Move m : list) out.push_back(fast::reference_move(m));
  return out;
}

// Each player's moves are the reference's, as sorted lists, and the count
// generate lists is the count perft's last ply takes.
void expect_same_moves(const State& s, const fast::Board& b, const std::string& where) {
  const Variant& v = variant();
  for (auto [role, color] : {std::pair{Role::White, fast::kWhite}, std::pair{Role::Black, fast::kBlack}}) {
    fast::MoveList list = fast_moves(b, color);
    EXPECT_EQ(sorted_keys(as_reference(list)), sorted_keys(v.actions(s, role))) << where << " " << role_name(role);
    EXPECT_EQ(fast::count(b, color), list.size) << where;
  }
}

// The fast apply of a joint action gives the reference apply's state (stepped
// as perft steps: without the standard draws, Zeitgeist::perft_readings): the
// same Board once the reference's state is converted, and the same FEN and
// result once the fast Board is converted back.
void expect_same_apply(const State& s, const fast::Board& b, fast::Move white, fast::Move black, const std::string& where,
                       bool through_fen) {
  const Variant& v = variant();
  fast::Board after = b;
  fast::apply(after, white, black);
  JointAction joint{{Role::White, fast::reference_move(white)}, {Role::Black, fast::reference_move(black)}};
  State expected = v.apply(s, joint, zeitgeist::Zeitgeist::perft_readings());
  std::string step = where + " step " + v.move_text(s, joint[0].move) + ":" + v.move_text(s, joint[1].move);
  auto converted = fast::from_state(expected);
  ASSERT_TRUE(converted.has_value()) << step << " gives " << v.fen(expected);
  EXPECT_TRUE(*converted == after) << step << ": reference " << v.fen(expected) << ", fast "
                                   << v.fen(fast::to_state(after));
  if (through_fen) {
    State back = fast::to_state(after);
    EXPECT_EQ(v.fen(back), v.fen(expected)) << step;
    EXPECT_EQ(back.outcome.result, expected.outcome.result) << step;
  }
}

// Every joint action of a position, through both applies.
void expect_every_apply_same(const State& s, const fast::Board& b, const std::string& where) {
  fast::MoveList white = fast_moves(b, fast::kWhite), black = fast_moves(b, fast::kBlack);
  int n = 0;
  for (fast::Move w : white)
    for (fast::Move k : black) expect_same_apply(s, b, w, k, where, n++ % 97 == 0);
}

TEST(ZeitgeistFast, StartPositionPerftAndDivideEqualTheReference) {
  const Variant& v = variant();
  State start = v.initial_state();
  auto b = fast::from_state(start);
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(v.fen(fast::to_state(*b)), v.fen(start));
  expect_same_moves(start, *b, "start");
  for (int depth = 0; depth <= 2; ++depth) EXPECT_EQ(fast::perft(*b, depth), v.reference_perft(start, depth)) << depth;
  // Divide: each joint action's subtree, one ply below.
  for (fast::Move w : fast_moves(*b, fast::kWhite)) {
    for (fast::Move k : fast_moves(*b, fast::kBlack)) {
      fast::Board child = *b;
      fast::apply(child, w, k);
      State reference_child = v.apply(start, {{Role::White, fast::reference_move(w)}, {Role::Black, fast::reference_move(k)}}, zeitgeist::Zeitgeist::perft_readings());
      ASSERT_EQ(fast::perft(child, 1), v.reference_perft(reference_child, 1)) << v.fen(reference_child);
    }
  }
  expect_every_apply_same(start, *b, "start");
}

TEST(ZeitgeistFast, PublishedPerftTableThroughTheFastPath) {
  auto table = report::read_perft_table(test::source_path("corpus/perft/zeitgeist.epd"));
  ASSERT_TRUE(table.ok()) << table.error();
  const Variant& v = variant();
  int checked = 0;
  for (const auto& e : *table) {
    auto s = v.parse_state(e.fen);
    ASSERT_TRUE(s.ok()) << s.error();
    auto b = fast::from_state(*s);
    ASSERT_TRUE(b.has_value()) << e.fen;
    for (const auto& [depth, nodes] : e.depths) {
      // D3 (1.3e12 leaves, 117 million joint actions played) takes seconds in
      // release builds; sanitized builds stop at D2.
      if (test::kSanitized && depth > 2) continue;
      EXPECT_EQ(fast::perft(*b, depth), nodes) << e.fen << " depth " << depth;
      if (depth <= 2) EXPECT_EQ(v.perft(*s, depth), nodes) << "Zeitgeist::perft, depth " << depth;
      ++checked;
    }
  }
  EXPECT_GE(checked, test::kSanitized ? 2 : 3);
}

// The scenario files' positions, and those their steps reach under the
// default readings: the positions the rules' corner cases were written for.
TEST(ZeitgeistFast, ScenarioPositionsAgreeWithTheReference) {
  const Variant& v = variant();
  ScenarioFolder folder = load_scenario_folder(test::source_path("corpus/scenarios"), "zeitgeist");
  EXPECT_TRUE(folder.unreadable.empty());
  int converted = 0, positions = 0;
  for (const Scenario& sc : folder.scenarios) {
    auto first = sc.fen.empty() ? Expected<State>(v.initial_state()) : v.parse_state(sc.fen);
    if (!first.ok()) continue;
    std::vector<State> states{*first};
    // Steps played by the reference under the default readings, where they
    // are writable under them.
    State s = *first;
    std::size_t start = 0;
    while (sc.readings.empty() && start < sc.moves.size() && !s.outcome.over()) {
      std::size_t end = sc.moves.find(' ', start);
      std::string step = sc.moves.substr(start, end == std::string::npos ? std::string::npos : end - start);
      start = end == std::string::npos ? sc.moves.size() : end + 1;
      if (step.empty()) continue;
      auto joint = v.parse_joint(s, step, {});
      if (!joint.ok()) break;
      s = v.apply(s, *joint, zeitgeist::Zeitgeist::perft_readings());
      states.push_back(s);
    }
    for (const State& at : states) {
      ++positions;
      std::string where = sc.name + " at " + v.fen(at);
      auto b = fast::from_state(at);
      if (!b) {
        EXPECT_EQ(v.perft(at, 2), v.reference_perft(at, 2)) << where;
        continue;
      }
      ++converted;
      EXPECT_EQ(v.fen(fast::to_state(*b)), v.fen(at)) << where;
      if (at.outcome.over()) {
        EXPECT_EQ(fast::perft(*b, 1), 0u) << where;
        continue;
      }
      expect_same_moves(at, *b, where);
      for (int depth = 1; depth <= 2; ++depth) EXPECT_EQ(fast::perft(*b, depth), v.reference_perft(at, depth)) << where;
      expect_every_apply_same(at, *b, where);
    }
  }
  EXPECT_GE(converted, 40) << "of " << positions;
}

// Seeded random play: every position's moves, a random joint action's state,
// the perft to depth 1 (depth 2 every eighth position), and every joint
// action of every tenth position (tens of thousands of resolutions, many of
// moves that meet).
TEST(ZeitgeistFast, RandomPlayAgreesWithTheReference) {
  const Variant& v = variant();
  const std::uint64_t seed = 20261123;
  std::mt19937_64 rng(seed);
  int positions = 0, finished = 0;
  const int games = test::kSanitized ? 10 : 40;
  for (int game = 0; game < games; ++game) {
    State s = v.initial_state();
    for (int ply = 0; ply < 80 && !s.outcome.over(); ++ply) {
      std::string where = "seed " + std::to_string(seed) + " game " + std::to_string(game) + " ply " +
                          std::to_string(ply) + " at " + v.fen(s);
      auto b = fast::from_state(s);
      ASSERT_TRUE(b.has_value()) << where;
      ASSERT_EQ(v.fen(fast::to_state(*b)), v.fen(s)) << where;
      expect_same_moves(s, *b, where);
      EXPECT_EQ(fast::perft(*b, 1), v.reference_perft(s, 1)) << where;
      if (ply % 8 == 3) EXPECT_EQ(fast::perft(*b, 2), v.reference_perft(s, 2)) << where;
      if (ply % 10 == 5) expect_every_apply_same(s, *b, where);
      ++positions;
      fast::MoveList white = fast_moves(*b, fast::kWhite), black = fast_moves(*b, fast::kBlack);
      fast::Move w = white.moves[rng() % white.size], k = black.moves[rng() % black.size];
      expect_same_apply(s, *b, w, k, where, true);
      s = v.apply(s, {{Role::White, fast::reference_move(w)}, {Role::Black, fast::reference_move(k)}}, zeitgeist::Zeitgeist::perft_readings());
    }
    if (s.outcome.over()) {
      ++finished;
      auto b = fast::from_state(s);
      ASSERT_TRUE(b.has_value()) << v.fen(s);
      EXPECT_EQ(fast::perft(*b, 0), 1u);
      EXPECT_EQ(fast::perft(*b, 2), v.reference_perft(s, 2));
    }
  }
  EXPECT_GE(positions, games * 5);
  EXPECT_GT(finished, 0);
}

// Positions picked for moves that meet: castling beside pawns that push onto
// the castling rooks' squares, en passant on both sides, a crowded middle
// game, kings in check after the last turn.
TEST(ZeitgeistFast, PickedPositionsResolveEveryJointActionAsTheReference) {
  const Variant& v = variant();
  for (const char* fen : {
           "r3k2r/7P/8/8/8/8/7p/R3K2R w KQkq - 0 1",
           "r3k2r/P7/8/8/8/8/p7/R3K2R w KQkq - 0 1",
           "4k3/8/8/3pP3/5pP1/8/8/4K3 w - - 0 1 ep=d6,g3",
           "4k3/8/8/2PpP3/8/8/8/4K3 w - - 0 1 ep=d6",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 checks=wb",
           "4k3/4r3/8/8/8/8/4R3/4K3 w - - 5 9 checks=w",
       }) {
    auto s = v.parse_state(fen);
    ASSERT_TRUE(s.ok()) << fen << ": " << s.error();
    auto b = fast::from_state(*s);
    ASSERT_TRUE(b.has_value()) << fen;
    expect_same_moves(*s, *b, fen);
    expect_every_apply_same(*s, *b, fen);
    for (int depth = 1; depth <= 2; ++depth) EXPECT_EQ(fast::perft(*b, depth), v.reference_perft(*s, depth)) << fen;
  }
}

// Two facts the fast apply relies on: each written move names the type of
// the piece on its square, and the Board carries the kings its board attacks
// (Board::attacked), which a turn in which no piece lands copies into the
// check history instead of testing the kings. A position given with a check
// history its board does not show (checks=wb, no king attacked) checks that
// the history is not taken for the board.
TEST(ZeitgeistFast, MovesNameTheirPieceAndTheBoardKeepsTheKingsItAttacks) {
  const Variant& v = variant();
  std::mt19937_64 rng(7);
  std::vector<State> states;
  states.push_back(*v.parse_state("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 checks=wb"));
  states.push_back(*v.parse_state("4k3/4r3/8/8/8/8/4R3/4K3 w - - 5 9 checks=w"));
  State s = v.initial_state();
  for (int ply = 0; ply < 40 && !s.outcome.over(); ++ply) {
    if (ply % 5 == 0) states.push_back(s);
    std::vector<Move> white = v.actions(s, Role::White), black = v.actions(s, Role::Black);
    s = v.apply(s, {{Role::White, white[rng() % white.size()]}, {Role::Black, black[rng() % black.size()]}}, zeitgeist::Zeitgeist::perft_readings());
  }
  int nothing_landed = 0;
  for (const State& at : states) {
    auto b = fast::from_state(at);
    ASSERT_TRUE(b.has_value()) << v.fen(at);
    EXPECT_EQ(b->attacked, fast::attacked_kings(*b)) << v.fen(at);
    fast::MoveList white = fast_moves(*b, fast::kWhite), black = fast_moves(*b, fast::kBlack);
    for (const fast::MoveList* list : {&white, &black})
      for (fast::Move m : *list) EXPECT_EQ(fast::move_piece(m), b->type_on(fast::move_from(m))) << v.fen(at);
    for (fast::Move w : white) {
      for (fast::Move k : black) {
        fast::Board after = *b;
        fast::apply(after, w, k);
        ASSERT_EQ(after.attacked, fast::attacked_kings(after)) << v.fen(at);
        const bool unchanged = std::equal(std::begin(after.pieces), std::end(after.pieces), std::begin(b->pieces)) &&
                               std::equal(std::begin(after.colors), std::end(after.colors), std::begin(b->colors));
        if (unchanged) {
          ++nothing_landed;
          ASSERT_EQ(after.checks, b->attacked) << v.fen(at);
        }
      }
    }
  }
  EXPECT_GT(nothing_landed, 1000);
}

// States the path does not hold convert to nothing, and Zeitgeist::perft
// counts them with the reference.
TEST(ZeitgeistFast, StatesThatDoNotConvertGiveTheReferenceCount) {
  const Variant& v = variant();
  std::vector<State> states;
  // A castling right without its rook.
  states.push_back(*v.parse_state("4k3/8/8/8/8/8/8/4K3 w K - 0 1"));
  // Two en passant squares for one colour.
  states.push_back(*v.parse_state("4k3/8/8/3pp3/8/8/8/4K3 w - - 0 1 ep=d6,e6"));
  // Seventeen white pieces.
  states.push_back(*v.parse_state("4k3/8/8/8/8/PPPPPPPP/NNNNNNNN/4K3 w - - 0 1"));
  for (const State& s : states) {
    EXPECT_FALSE(fast::from_state(s).has_value()) << v.fen(s);
    for (int depth = 1; depth <= 2; ++depth) EXPECT_EQ(v.perft(s, depth), v.reference_perft(s, depth)) << v.fen(s);
  }
}

// A history feeds only the standard draws (zeitgeist.draw_claims), which
// perft does not count: a state with one converts, and counts as without.
TEST(ZeitgeistFast, AHistoryChangesNoPerftCount) {
  const Variant& v = variant();
  State with_history = v.initial_state();
  with_history.history.push_back(simultaneous::repetition_key(with_history.position));
  with_history.history.push_back(simultaneous::repetition_key(with_history.position));
  ASSERT_TRUE(fast::from_state(with_history).has_value());
  for (int depth = 1; depth <= 2; ++depth)
    EXPECT_EQ(v.perft(with_history, depth), v.reference_perft(with_history, depth));
  // Played with the draws, every joint action from it that leaves the board
  // as it is (both moves bounce) is the third occurrence: a drawn leaf.
  EXPECT_LT(v.perft(with_history, 2, Readings{}), v.reference_perft(with_history, 2));
}

}  // namespace
}  // namespace arbiter::zeitgeist
