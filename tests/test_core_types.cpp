// Clauses, reading points, traces and findings as first-class types.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <span>

#include "model/core/chance.h"
#include "model/core/divergence.h"
#include "model/core/finding.h"
#include "model/core/history.h"
#include "model/core/reading.h"
#include "model/core/trace.h"
#include "model/core/visit_order.h"
#include "model/core/order.h"
#include "model/core/var_map.h"
#include "model/core/fen.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/registry.h"

namespace arbiter {
namespace {

const ReadingTable kTable = {
    {"demo.point", "Which way?", "the text", {{"left", "go left"}, {"right", "go right"}}, "left", "because"},
};

TEST(VarMap, KeepsValuesSortedByNameAndCopiesThem) {
  VarMap m;
  m["justmoved"] = "d8,g2";
  m["ep"] = "e3,e6";
  m["checks"] = "w";
  std::vector<std::string> keys;
  for (const auto& [key, value] : m) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"checks", "ep", "justmoved"}));
  VarMap copy = m;
  EXPECT_EQ(copy, m);
  EXPECT_EQ(copy.erase("ep"), 1u);
  EXPECT_EQ(copy.erase("ep"), 0u);
  EXPECT_EQ(copy.count("ep"), 0u);
  EXPECT_EQ(m.at("ep"), "e3,e6");  // the original is untouched
  EXPECT_THROW((void)copy.at("ep"), std::out_of_range);
  copy["a long name past any small-string buffer"] = std::string(100, 'x');
  m = copy;
  EXPECT_EQ(m.size(), 3u);
  EXPECT_EQ(m.find("a long name past any small-string buffer")->second.size(), 100u);
  for (std::size_t i = m.size(); i < VarMap::kCapacity; ++i) m["k" + std::to_string(i)] = "v";
  EXPECT_THROW(m["one more"], std::length_error);
}

TEST(VarMap, TheFenReaderRefusesMoreVariantFieldsThanAPositionHolds) {
  const PieceSet& kinds = orthodox::piece_set();
  std::string fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  for (std::size_t i = 0; i < VarMap::kCapacity; ++i) fen += " f" + std::to_string(i) + "=1";
  ASSERT_TRUE(parse_fen(fen, kinds).ok());
  auto refused = parse_fen(fen + " one=more", kinds);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("variant fields"), std::string::npos) << refused.error();
}

// same_position is what the extended FEN compares, without writing it: over
// states of every variant reached by a few steps, the two agree on every pair.
TEST(Position, SamePositionAgreesWithFenEquality) {
  for (const Variant* v : all_variants()) {
    std::vector<State> states = {v->initial_state()};
    for (std::size_t i = 0; i < 12 && !v->roles_to_act(states.back()).empty(); ++i) {
      const State& s = states[i % states.size()];
      JointAction joint;
      for (Role r : v->roles_to_act(s)) {
        std::vector<Move> moves = v->actions(s, r);
        if (moves.empty()) break;
        joint.push_back({r, moves[(i * 7) % moves.size()]});
      }
      if (joint.size() != v->roles_to_act(s).size()) break;
      states.push_back(v->step(s, joint, Readings{}).state);
    }
    states.push_back(states.front());  // one pair that is the same
    for (const State& a : states)
      for (const State& b : states)
        EXPECT_EQ(same_position(a.position, b.position), v->fen(a) == v->fen(b)) << v->id() << ": " << v->fen(a) << " vs " << v->fen(b);
  }
}

TEST(Position, StackedSquaresAreThoseWhoseListsHoldSeveralInSquareOrder) {
  // On the largest board, so that every word of the squares' set is used.
  auto pos = parse_fen("16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w - - 0 1", orthodox::piece_set());
  ASSERT_TRUE(pos.ok()) << pos.error();
  Position p = *pos;
  EXPECT_TRUE(stacked_squares(p).empty());
  std::vector<Square> at = {255, 3, 64, 3, 130, 255, 255, 200};
  for (Square s : at) p.add(0, Color::White, s);
  p.remove(p.occupant(200));  // off the board again: not a stack
  std::vector<Square> listed;
  for (Square s = 0; s < p.shape().size(); ++s)
    if (p.count(s) > 1) listed.push_back(s);
  EXPECT_EQ(stacked_squares(p), listed);
  EXPECT_EQ(listed, (std::vector<Square>{3, 255}));
  EXPECT_TRUE(check_core_invariants(p).empty());
}

TEST(Readings, UnchosenPointsTakeTheirDefaultAndAreRecorded) {
  Readings r;
  Trace t;
  EXPECT_EQ(r.consult(kTable[0], t), "left");
  EXPECT_EQ(t.readings().at("demo.point"), "left");
}

TEST(Readings, ChosenAlternativesAreValidated) {
  Readings r;
  EXPECT_TRUE(r.set(kTable, "demo.point=right").ok());
  Trace t;
  EXPECT_EQ(r.consult(kTable[0], t), "right");
  EXPECT_FALSE(r.set(kTable, "demo.point=up").ok());
  EXPECT_FALSE(r.set(kTable, "other.point=left").ok());
  EXPECT_FALSE(r.set(kTable, "demo.point").ok());
}

TEST(Trace, ClausesAreRecordedOnceInOrderAndEventsCiteTheirClause) {
  Trace t;
  t.fire("a.one");
  t.event({EventType::Capture, 3, 10, kNoSquare, 0, Color::Black, "a.two", ""});
  t.fire("a.one");
  ASSERT_EQ(t.clauses().size(), 2u);
  EXPECT_EQ(t.clauses()[0], "a.one");
  EXPECT_EQ(t.clauses()[1], "a.two");
  EXPECT_TRUE(t.fired("a.two"));
  EXPECT_EQ(t.events().size(), 1u);
}

TEST(Findings, KindNamesRoundTrip) {
  for (const auto& [kind, name] : kFindingKindNames) {
    EXPECT_EQ(finding_kind_name(kind), name);
    EXPECT_EQ(parse_finding_kind(name), kind);
  }
  EXPECT_FALSE(parse_finding_kind("nonsense").has_value());
}

TEST(Findings, WitnessReplayCommandQuotesTheFen) {
  Witness w{"zeitgeist", "8/8/8/8/8/8/8/K6k w - - 0 1", {{"white", "a1a2"}, {"black", "h1h2"}}, {{"p.q", "x"}}};
  EXPECT_EQ(w.replay_command(),
            "arbiter resolve zeitgeist --fen '8/8/8/8/8/8/8/K6k w - - 0 1' --white a1a2 --black h1h2 --reading p.q=x");
}

TEST(Findings, SignatureIgnoresTheWitness) {
  Finding a{FindingKind::Divergence, "orthodox", {"c.1"}, "p", "q", "d", {}};
  Finding b = a;
  b.witness.fen = "other";
  EXPECT_EQ(a.signature(), b.signature());
  b.kind = FindingKind::Gap;
  EXPECT_NE(a.signature(), b.signature());
}

// The orthodox draw_claims reading point diverges exactly where the halfmove
// clock reaches one hundred.
TEST(Divergence, OrthodoxDrawClaimsDivergeAtTheFiftiethMove) {
  const Variant& v = orthodox::variant();
  auto s = v.parse_state("8/8/8/4k3/8/8/3QK3/8 w - - 99 80");
  ASSERT_TRUE(s.ok()) << s.error();
  Readings defaults;
  JointAction joint{{Role::White, *v.parse_action(*s, Role::White, "d2d3")}};
  StepResult r = v.step(*s, joint, defaults);
  EXPECT_EQ(r.state.outcome.result, Result::Draw);
  EXPECT_TRUE(r.trace.fired(orthodox::clause::kFiftyMove));
  auto findings = find_divergences(v, *s, joint, defaults, r);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].reading, "orthodox.draw_claims");
  EXPECT_EQ(findings[0].witness.replay_command(),
            "arbiter resolve orthodox --fen '8/8/8/4k3/8/8/3QK3/8 w - - 99 80' --move d2d3");

  Readings automatic;
  automatic.choose("orthodox.draw_claims", "automatic");
  EXPECT_EQ(v.step(*s, joint, automatic).state.outcome.result, Result::Ongoing);

  // One move earlier the point is not consulted, so nothing can diverge.
  auto early = v.parse_state("8/8/8/4k3/8/8/3QK3/8 w - - 97 80");
  StepResult quiet = v.step(*early, joint, defaults);
  EXPECT_TRUE(quiet.trace.readings().empty());
  EXPECT_TRUE(find_divergences(v, *early, joint, defaults, quiet).empty());
}

TEST(Registry, OrthodoxIsRegisteredAndUnknownIdsAreNot) {
  ASSERT_NE(find_variant("orthodox"), nullptr);
  EXPECT_EQ(find_variant("orthodox")->id(), "orthodox");
  EXPECT_EQ(find_variant("nonesuch"), nullptr);
}

TEST(Registry, EveryVariantsStartPositionKeepsItsInvariants) {
  for (const Variant* v : all_variants()) {
    State s = v->initial_state();
    EXPECT_TRUE(v->check_invariants(s).empty()) << v->id();
    auto back = v->parse_state(v->fen(s));
    ASSERT_TRUE(back.ok()) << v->id() << ": " << back.error();
    EXPECT_EQ(v->fen(*back), v->fen(s));
  }
}

TEST(Registry, EveryClauseIdIsUniqueAndNamespacedByItsVariant) {
  for (const Variant* v : all_variants()) {
    std::set<std::string_view> seen;
    for (const Clause& c : v->clauses()) {
      EXPECT_TRUE(seen.insert(c.id).second) << c.id;
      EXPECT_TRUE(c.id.starts_with(std::string(v->clause_prefix()) + ".")) << c.id;
      EXPECT_FALSE(c.quote.empty()) << c.id;
    }
    for (const ReadingPoint& r : v->readings()) {
      EXPECT_TRUE(r.id.starts_with(std::string(v->clause_prefix()) + ".")) << r.id;
      EXPECT_GE(r.alternatives.size(), 2u) << r.id;
      bool has_default = false;
      for (const Alternative& a : r.alternatives) has_default = has_default || a.id == r.default_alternative;
      EXPECT_TRUE(has_default) << r.id;
    }
  }
}


TEST(Chance, ShuffleNotationReadsBackAndRefusesAnythingElse) {
  for (std::uint16_t seed : {0, 7, 1234, 65535}) {
    Move m = shuffle_action(seed);
    auto back = read_shuffle(shuffle_text(m));
    ASSERT_TRUE(back.has_value()) << shuffle_text(m);
    EXPECT_TRUE(back->same_action(m));
  }
  for (std::string_view bad : {"shuffle-", "shuffle-65536", "shuffle--1", "shuffle-1x", "shuffle-999999", "shuffle 1", "e2e4", ""})
    EXPECT_FALSE(read_shuffle(bad).has_value()) << bad;
}

TEST(Chance, ASeedGivesOneOrderEverywhere) {
  // The deck order a seed gives is part of the state text of every card
  // game: it must not depend on the standard library's distributions. These
  // orders are the portable stream's (splitmix64, rejection sampling).
  std::vector<int> deck{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  std::vector<int> again = deck, other = deck;
  seeded_shuffle(std::span<int>(deck), 1);
  seeded_shuffle(std::span<int>(again), 1);
  seeded_shuffle(std::span<int>(other), 2);
  EXPECT_EQ(deck, again);
  EXPECT_NE(deck, other);
  std::vector<int> sorted = deck;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  SeededStream stream(0);
  EXPECT_EQ(stream.next(), 0xe220a8397b1dcdafull);  // splitmix64's first output for seed 0
  for (int i = 0; i < 1000; ++i) EXPECT_LT(stream.below(3), 3u);
}

TEST(Moves, TheActionCodeIsPartOfTheAction) {
  Move a = shuffle_action(3), b = shuffle_action(4);
  EXPECT_FALSE(a.same_action(b));
  EXPECT_TRUE(a.same_action(shuffle_action(3)));
}

TEST(Trace, EventsKeepTheirOrderInPlaceAndPastTheRoomThere) {
  // Each length from none to well past the room in place, copied and moved
  // at every length: the events read back as they were recorded.
  auto event = [](int i) {
    Event e;
    e.type = EventType::Move;
    e.piece = static_cast<PieceId>(i);
    e.detail = "an event detail long enough to be held on the heap " + std::to_string(i);
    return e;
  };
  auto holds = [](const EventList& list, int n) {
    if (list.size() != static_cast<std::size_t>(n) || list.empty() != (n == 0)) return false;
    int i = 0;
    for (const Event& e : list) {
      if (e.piece != i || !e.detail.ends_with(" " + std::to_string(i))) return false;
      ++i;
    }
    return i == n;
  };
  for (int n = 0; n <= 3 * static_cast<int>(EventList::kInPlace); ++n) {
    EventList list;
    for (int i = 0; i < n; ++i) list.push_back(event(i));
    EXPECT_TRUE(holds(list, n)) << n;
    if (n > 0) {
      EXPECT_EQ(list.front().piece, 0) << n;
      EXPECT_EQ(list[n - 1].piece, n - 1) << n;
    }
    EventList copy = list;
    EXPECT_TRUE(holds(copy, n)) << n;
    EXPECT_TRUE(holds(list, n)) << n;
    EventList moved = std::move(copy);
    EXPECT_TRUE(holds(moved, n)) << n;
    EXPECT_TRUE(holds(copy, 0)) << n;
    EventList assigned;
    assigned.push_back(event(0));
    assigned = list;
    EXPECT_TRUE(holds(assigned, n)) << n;
    assigned = std::move(moved);
    EXPECT_TRUE(holds(assigned, n)) << n;
    EXPECT_TRUE(holds(moved, 0)) << n;
    // Cleared, a list takes new events from the start, in place first.
    list.clear();
    EXPECT_TRUE(holds(list, 0)) << n;
    for (int i = 0; i < 2; ++i) list.push_back(event(i));
    EXPECT_TRUE(holds(list, 2)) << n;
  }
}

TEST(History, ACopySharesTheKeysAndEachCopyGrowsAlone) {
  History h;
  EXPECT_TRUE(h.empty());
  h.push_back("a");
  h.push_back("b");
  h.push_back("a");
  EXPECT_EQ(h.size(), 3u);
  EXPECT_EQ(h.count("a"), 2u);
  EXPECT_EQ(h.count("c"), 0u);
  EXPECT_EQ(h.oldest_first(), (std::vector<std::string_view>{"a", "b", "a"}));
  std::vector<std::string> newest;
  for (const std::string& k : h.newest_first()) newest.push_back(k);
  EXPECT_EQ(newest, (std::vector<std::string>{"a", "b", "a"}));

  // Two copies of one history, each given its own next key, keep apart; the
  // history they came from is as it was.
  History left = h, right = h;
  left.push_back("l");
  right.push_back("r");
  EXPECT_EQ(left.oldest_first(), (std::vector<std::string_view>{"a", "b", "a", "l"}));
  EXPECT_EQ(right.oldest_first(), (std::vector<std::string_view>{"a", "b", "a", "r"}));
  EXPECT_EQ(h.size(), 3u);
  EXPECT_FALSE(left == right);
  History again;
  for (const char* k : {"a", "b", "a", "l"}) again.push_back(k);
  EXPECT_TRUE(again == left);
  EXPECT_FALSE(again == h);

  // A copy outlives the history it came from; clearing or moving one leaves
  // the others alone, and a moved-from history is empty.
  History kept = left;
  left.clear();
  EXPECT_TRUE(left.empty());
  EXPECT_EQ(kept.count("l"), 1u);
  History moved = std::move(kept);
  EXPECT_TRUE(kept.empty());
  EXPECT_EQ(moved.size(), 4u);
  moved = moved;
  EXPECT_EQ(moved.oldest_first(), (std::vector<std::string_view>{"a", "b", "a", "l"}));
}

TEST(History, AVeryLongHistoryIsFreedWithoutDeepNesting) {
  // Freed link by link: one nested destructor per key would need far more
  // stack than a million keys leave room for.
  History h;
  for (int i = 0; i < 1'000'000; ++i) h.push_back("k");
  History shared = h;
  h.clear();
  EXPECT_EQ(shared.size(), 1'000'000u);
  shared = History();
  EXPECT_TRUE(shared.empty());
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

// Order 0 keeps the listed order; the orders 0 to n!-1 are every
// permutation once; the trace records how many items were arranged.
TEST(VisitOrder, EveryOrderOfUpToFourMoversOnceAndOrderZeroAsListed) {
  for (std::size_t n = 0; n <= 4; ++n) {
    std::set<std::vector<int>> seen;
    for (std::uint32_t k = 0; k < visit_orders(n); ++k) {
      std::vector<int> items(n);
      for (std::size_t i = 0; i < n; ++i) items[i] = static_cast<int>(i);
      Readings r;
      r.set_visit_order(k);
      Trace t;
      arrange_visits(std::span<int>(items), r, t);
      EXPECT_EQ(t.visit_items(), n);
      if (k == 0) EXPECT_TRUE(std::is_sorted(items.begin(), items.end()));
      std::vector<int> sorted = items;
      std::sort(sorted.begin(), sorted.end());
      for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(sorted[i], static_cast<int>(i));
      seen.insert(items);
    }
    EXPECT_EQ(seen.size(), visit_orders(n)) << n << " items";
  }
}

// A simultaneous step whose movers are visited in every order gives one
// result, and an order finding's witness replays with its order.
TEST(VisitOrder, ASimultaneousStepIsReRunInEveryOrderOfItsMovers) {
  const Variant& v = *find_variant("zeitgeist");
  State s = *v.parse_state("4k3/8/8/1p6/2P5/8/8/4K3 w - - 0 1");
  JointAction joint = *v.parse_joint(s, "c4b5:b5a4");
  StepResult r = v.step(s, joint, {});
  EXPECT_EQ(r.trace.visit_items(), 2u);
  EXPECT_TRUE(find_order_dependence(v, s, joint, {}, r).empty());
  Witness w;
  w.variant = "zeitgeist";
  w.fen = "8/8/8/8/8/8/8/8 w - - 0 1";
  w.visit_order = 1;
  EXPECT_NE(w.replay_command().find(" --visit-order 1"), std::string::npos);
  Finding f;
  f.kind = FindingKind::Order;
  f.variant = "zeitgeist";
  f.clauses = {"zeitgeist.pawn.bounce"};
  f.detail = "one position";
  Finding g = f;
  g.detail = "another position";
  EXPECT_EQ(f.signature(), g.signature());
  EXPECT_EQ(finding_kind_name(FindingKind::Order), "order");
}

}  // namespace
}  // namespace arbiter
