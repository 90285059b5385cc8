// The Parity Chess fast path (model/variants/parity/fast/) against the
// reference model, for Parity Chess and Parity Chess with Single Occupation
// (one class, so one file): the same moves, the same state after a joint
// action, the same joint perft and divide, from the start, the published
// table, the scenario positions and positions of seeded random play.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <tuple>

#include "model/core/scenario.h"
#include "model/variants/orthodox/fast/fast_perft.h"
#include "model/variants/parity/fast/apply.h"
#include "model/variants/parity/fast/fast_perft.h"
#include "model/variants/parity/fast/movegen.h"
#include "model/variants/parity/parity.h"
#include "reports/perft_table.h"
#include "tests/support/paths.h"

namespace arbiter::parity {
namespace {

const Variant& game(bool single) { return single ? single_variant() : variant(); }

// Positions with shared squares, castling, en passant and promotions.
const char* const kSeedFens[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/1P4P1/8/3[Pp]4/2pP4/8/6p1/R3K2R w KQkq - 0 1 ep=d3",
    "4k3/8/8/2[Nb]5/8/8/8/R3K2R w KQ - 0 1 justmoved=c5",
    "r3k2r/8/8/2[Qq]5/8/8/8/R3K2R w KQkq - 0 1 justmoved=c5",
    "4k3/8/3r4/8/3[Kn]4/8/8/8 w - - 0 1",
    "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
    "4k3/8/8/2pP4/8/8/8/4K3 w - - 0 1 ep=c6 justmoved=c5",
};

using MoveKey = std::tuple<int, int, int, int>;
MoveKey key_of(const Move& m) { return {m.from, m.to, m.promotion, m.flags}; }

std::vector<MoveKey> reference_moves(const Variant& v, const State& s, Role r) {
  std::vector<MoveKey> out;
  for (const Move& m : v.actions(s, r)) out.push_back(key_of(m));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<MoveKey> fast_moves(const fast::Board& b, fast::Color c, bool single) {
  fast::MoveList list;
  fast::submittable(b, c, single, list);
  std::vector<MoveKey> out;
  for (fast::Move m : list) out.push_back(key_of(fast::to_reference(m)));
  std::sort(out.begin(), out.end());
  return out;
}

// The fast path's joint perft of a state that converts.
std::uint64_t fast_perft(const State& s, bool single, int depth) {
  auto root = fast::from_state(s, single);
  EXPECT_TRUE(root.has_value());
  return root ? fast::perft(*root, depth, single) : 0;
}

// Everything the fast path must agree on in one state: moves, perft at
// depths 1-2, and the state after up to `applies` random joint actions.
// Returns whether the state converted (those that do not are counted by the
// reference, which is checked too).
bool check_state(const Variant& v, const State& s, std::mt19937& rng, int applies, const std::string& where) {
  bool single = v.id() == "parity-single";
  auto root = fast::from_state(s, single);
  if (!root) {
    EXPECT_EQ(v.perft(s, 2), v.reference_perft(s, 2)) << where;
    return false;
  }
  // The round trip keeps the position.
  EXPECT_TRUE(same_position(fast::to_state(root->board).position, s.position))
      << where << ": " << v.fen(fast::to_state(root->board)) << " vs " << v.fen(s);
  EXPECT_EQ(fast_moves(root->board, fast::kWhite, single), reference_moves(v, s, Role::White)) << where << " " << v.fen(s);
  EXPECT_EQ(fast_moves(root->board, fast::kBlack, single), reference_moves(v, s, Role::Black)) << where << " " << v.fen(s);
  for (int depth : {1, 2}) EXPECT_EQ(fast::perft(*root, depth, single), v.reference_perft(s, depth)) << where << " D" << depth << " " << v.fen(s);

  fast::MoveList white, black;
  fast::submittable(root->board, fast::kWhite, single, white);
  fast::submittable(root->board, fast::kBlack, single, black);
  if (white.size == 0 || black.size == 0) return true;
  std::vector<fast::Key> line = root->history;
  line.push_back(fast::repetition_key(root->board));
  for (int i = 0; i < applies; ++i) {
    fast::Move w = white.moves[rng() % white.size], b = black.moves[rng() % black.size];
    fast::Board next = root->board;
    fast::apply(next, w, b);
    State expected = v.apply(s, {{Role::White, fast::to_reference(w)}, {Role::Black, fast::to_reference(b)}}, {});
    bool over = expected.outcome.over();
    expected.position.vars.erase(std::string(kResultKey));
    State got = fast::to_state(next);
    EXPECT_TRUE(same_position(got.position, expected.position))
        << where << " " << v.fen(s) << " joint " << orthodox::fast::move_text(w) << ":" << orthodox::fast::move_text(b)
        << "\n fast " << v.fen(got) << "\n ref  " << v.fen(expected);
    // The reference settles the new state; the fast path leaves the end to
    // the next turn: a rule's end, or a player without a move.
    fast::MoveList nw, nb;
    fast::submittable(next, fast::kWhite, single, nw);
    fast::submittable(next, fast::kBlack, single, nb);
    bool fast_over = fast::ended_by_rule(next, line) || nw.size == 0 || nb.size == 0;
    EXPECT_EQ(fast_over, over) << where << " " << v.fen(s) << " joint " << orthodox::fast::move_text(w) << ":"
                               << orthodox::fast::move_text(b);
    // The history the reference keeps reads back to the fast path's count.
    EXPECT_EQ(next.reversible, expected.history.size()) << where;
  }
  return true;
}

TEST(ParityFast, StartPerftAndDivideMatchTheReference) {
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    State start = v.initial_state();
    for (int depth : {1, 2}) EXPECT_EQ(fast_perft(start, single, depth), v.reference_perft(start, depth)) << v.id();
    auto root = fast::from_state(start, single);
    ASSERT_TRUE(root);
    auto divided = fast::divide(*root, 2, single);
    std::vector<std::pair<std::string, std::uint64_t>> expected;
    for (const Move& w : v.actions(start, Role::White))
      for (const Move& b : v.actions(start, Role::Black)) {
        State next = v.apply(start, {{Role::White, w}, {Role::Black, b}}, {});
        expected.emplace_back(v.move_text(start, w) + ":" + v.move_text(start, b), v.reference_perft(next, 1));
      }
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(divided, expected) << v.id();
  }
}

// The published table through the fast path (Parity::perft uses it for any
// state that converts; here it is called directly so the path is certain).
TEST(ParityFast, PublishedPerftTableUpToDepthThree) {
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    auto table = report::read_perft_table(test::source_path("corpus/perft/" + std::string(v.id()) + ".epd"));
    ASSERT_TRUE(table.ok()) << table.error();
    for (const auto& e : *table) {
      State s = *v.parse_state(e.fen);
      for (const auto& [depth, nodes] : e.depths) {
        if (depth > 3) continue;
        EXPECT_EQ(fast_perft(s, single, depth), nodes) << v.id() << " D" << depth;
        EXPECT_EQ(v.perft(s, depth), nodes) << v.id() << " D" << depth;
      }
    }
  }
}

TEST(ParityFast, SeedPositionsMatchTheReference) {
  std::mt19937 rng(11);
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    for (const char* fen : kSeedFens) {
      auto s = v.parse_state(fen);
      ASSERT_TRUE(s.ok()) << fen << ": " << s.error();
      EXPECT_TRUE(check_state(v, *s, rng, 200, fen)) << fen;
    }
  }
}

// The positions of every scenario of either game (reached under the
// scenario's readings; counted under the default readings): where its last
// step starts and what it gives.
TEST(ParityFast, ScenarioPositionsMatchTheReference) {
  std::mt19937 rng(12);
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    ScenarioFolder folder = load_scenario_folder(test::source_path("corpus/scenarios"), v.id());
    EXPECT_TRUE(folder.unreadable.empty());
    ASSERT_FALSE(folder.scenarios.empty()) << v.id();
    int checked = 0;
    for (const Scenario& sc : folder.scenarios) {
      Readings readings;
      bool ok = true;
      for (const std::string& r : sc.readings) ok = ok && readings.set(v.readings(), r).ok();
      if (!ok) continue;
      auto parsed = sc.fen.empty() ? Expected<State>(v.initial_state()) : v.parse_state(sc.fen);
      if (!parsed) continue;
      State s = *parsed, before = s;
      std::istringstream steps(sc.moves);
      std::string text;
      while (!s.outcome.over() && steps >> text) {
        auto joint = v.parse_joint(s, text, readings);
        if (!joint) break;
        before = s;
        s = v.step(s, *joint, readings).state;
      }
      for (const State* at : {&before, &s}) {
        if (at->outcome.over()) continue;
        checked += check_state(v, *at, rng, 20, sc.file + ":" + std::to_string(sc.line));
      }
    }
    EXPECT_GT(checked, 10) << v.id();
  }
}

// Seeded random games from the start and the seed positions: many positions
// with history, captures, shared squares, promotions and ends.
TEST(ParityFast, RandomPlayPositionsMatchTheReference) {
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    std::mt19937 rng(single ? 21 : 20);
    int positions = 0;
    std::vector<State> starts = {v.initial_state()};
    for (const char* fen : kSeedFens) starts.push_back(*v.parse_state(fen));
    for (int g = 0; g < 48; ++g) {
      State s = starts[g % starts.size()];
      for (int step = 0; step < 80 && !s.outcome.over(); ++step) {
        if (step % 2 == 0) positions += check_state(v, s, rng, 8, "game " + std::to_string(g) + " step " + std::to_string(step));
        std::vector<Move> white = v.actions(s, Role::White), black = v.actions(s, Role::Black);
        // A seed position is not settled (the reference settles only what a
        // step gives): it may start with a player who has no move.
        if (white.empty() || black.empty()) break;
        s = v.apply(s, {{Role::White, white[rng() % white.size()]}, {Role::Black, black[rng() % black.size()]}}, {});
      }
    }
    EXPECT_GT(positions, 300) << v.id();
  }
}

// parity.draw.repetition: four knight moves each bring a position back with
// the same pieces just moved (the first after one step, since the start has
// none); the third time ends the game, inside the count.
TEST(ParityFast, RepetitionEndsTheGameInsideTheCount) {
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    State s = v.initial_state();
    const char* cycle[] = {"g1f3:g8f6", "b1c3:b8c6", "f3g1:f6g8", "c3b1:c6b8"};
    for (int i = 0; i < 8; ++i) {
      s = v.step(s, *v.parse_joint(s, cycle[i % 4]), {}).state;
      ASSERT_FALSE(s.outcome.over()) << v.id() << " after " << i + 1 << ": " << s.outcome.reason << " " << v.fen(s);
      for (int depth : {1, 2}) EXPECT_EQ(fast_perft(s, single, depth), v.reference_perft(s, depth)) << v.id() << " after " << i + 1;
    }
    // The next step is the third occurrence: its subtree counts nothing.
    auto root = fast::from_state(s, single);
    ASSERT_TRUE(root);
    auto divided = fast::divide(*root, 2, single);
    auto it = std::find_if(divided.begin(), divided.end(), [](const auto& e) { return e.first == "g1f3:g8f6"; });
    ASSERT_NE(it, divided.end());
    EXPECT_EQ(it->second, 0u);
  }
}

TEST(ParityFast, FiftyMovesEndTheGameInsideTheCount) {
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    State s = *v.parse_state("4k3/8/8/8/8/8/8/R3K3 w - - 49 30");
    for (int depth : {1, 2, 3}) EXPECT_EQ(fast_perft(s, single, depth), v.reference_perft(s, depth)) << v.id();
  }
}

// A state the fast path does not take is counted by the reference.
TEST(ParityFast, StatesThatDoNotConvertAreCountedByTheReference) {
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    State odd_ep = *v.parse_state("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1 ep=d4");
    EXPECT_FALSE(fast::from_state(odd_ep, single));
    EXPECT_EQ(v.perft(odd_ep, 2), v.reference_perft(odd_ep, 2));
    State unread = v.initial_state();
    unread.history.push_back("not a key");
    EXPECT_FALSE(fast::from_state(unread, single));
    EXPECT_EQ(v.perft(unread, 2), v.reference_perft(unread, 2));
    State over = *v.parse_state("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 result=white_wins");
    EXPECT_FALSE(fast::from_state(over, single));
    EXPECT_EQ(v.perft(over, 1), 0u);
  }
}

}  // namespace
}  // namespace arbiter::parity
