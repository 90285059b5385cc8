// Gravity Chess: the text map covers every sentence, the scenarios (the
// text's three examples and pins of the rules) pass, random complete games
// end within the step bound with every invariant kept, and the rules come
// out as the text states them.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <set>

#include "model/core/chance.h"
#include "model/core/rules_text.h"
#include "model/core/scenario.h"
#include "model/core/text_map.h"
#include "model/variants/gravity/clauses.h"
#include "model/variants/gravity/gravity.h"
#include "model/variants/registry.h"

namespace arbiter::gravity {
namespace {

const Variant& game() { return variant(); }

State parse(const std::string& fen) {
  auto s = game().parse_state(fen);
  EXPECT_TRUE(s.ok()) << fen << ": " << (s.ok() ? "" : s.error());
  return s.ok() ? *s : game().initial_state();
}

std::set<std::string> action_texts(const State& s, Role role, const Readings& r = {}) {
  std::set<std::string> out;
  for (const Move& m : game().actions(s, role, r)) out.insert(game().move_text(s, m));
  return out;
}

State play(State s, const std::string& moves, const Readings& r = {}) {
  std::size_t start = 0;
  while (start < moves.size()) {
    std::size_t end = moves.find(' ', start);
    if (end == std::string::npos) end = moves.size();
    std::string word = moves.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    auto joint = game().parse_joint(s, word, r);
    EXPECT_TRUE(joint.ok()) << word << ": " << (joint.ok() ? "" : joint.error());
    if (!joint.ok()) return s;
    s = game().step(s, *joint, r).state;
  }
  return s;
}

// --- The text -------------------------------------------------------------

TEST(Gravity, TextMapCoversEverySentenceWithKnownIds) {
  auto text = load_rules_text(default_rules_dir(), kTextSection);
  ASSERT_TRUE(text.ok()) << text.error();
  for (const std::string& p : check_text_map(*text, text_map(), clauses(), readings())) ADD_FAILURE() << p;
  auto mapped = map_text(*text, text_map());
  EXPECT_GT(mapped.size(), 50u);
  for (const MappedSentence& m : mapped)
    if (!m.span) ADD_FAILURE() << "unmapped: [" << m.sentence << "]";
}

TEST(Gravity, EveryClauseAndReadingPointIsCitedByASentence) {
  std::set<std::string_view> cited;
  for (const TextSpan& span : text_map())
    for (std::string_view id : span.ids) cited.insert(id);
  for (const Clause& c : clauses()) EXPECT_TRUE(cited.count(c.id)) << "clause " << c.id;
  for (const ReadingPoint& r : readings()) {
    EXPECT_TRUE(cited.count(r.id)) << "reading " << r.id;
    EXPECT_GE(r.alternatives.size(), 2u) << r.id;
    bool has_default = false;
    for (const Alternative& a : r.alternatives) has_default = has_default || a.id == r.default_alternative;
    EXPECT_TRUE(has_default) << r.id;
  }
}

TEST(Gravity, EveryScenarioPasses) {
  auto results = run_scenario_folder(std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios", "gravity");
  EXPECT_GE(results.size(), 8u);
  for (const ScenarioResult& r : results)
    for (const std::string& f : r.run.failures) ADD_FAILURE() << r.scenario.name << ": " << f;
}


// --- The rules --------------------------------------------------------------

const std::string kExample2 =
    "p6N/q7/8/8/8/3B4/2Q2rb1/5rn1 w - - 0 7 aside=- bdeck=KRRBNP btook=PPP card=p phase=move result=- score=- "
    "todo=c2,d3,h8 wdeck=kbnpp wtook=-";
const std::string kExample3 =
    "8/8/6R1/8/1P{moved}5p{moved}/1b2k1KN/N1R1Br2/p{moved}1nQqrnb w - - 0 13 aside=- bdeck=- btook=BPPP card=- "
    "phase=move result=- score=- todo=g3,g6 wdeck=- wtook=pp";

std::set<std::string> stacked_names(const State& s, const Config& c = {}) {
  SquareSet st = stacked_squares(s.position, c);
  std::set<std::string> out;
  for (Square sq = 0; sq < 64; ++sq)
    if (st[sq]) out.insert(square_name(s.position.shape(), sq));
  return out;
}

std::set<std::string> moves_of(const State& s, const std::string& from, const Readings& r = {}) {
  std::set<std::string> out;
  for (const std::string& m : action_texts(s, game().roles_to_act(s).at(0), r))
    if (m.starts_with(from)) out.insert(m);
  return out;
}

TEST(Gravity, Example2StackedPiecesAreTheBottomRowAndTheRook) {
  State s = parse(kExample2);
  EXPECT_EQ(stacked_names(s), (std::set<std::string>{"f1", "g1", "f2"}));
  // "the queen can move down to any of the three squares below it"
  EXPECT_EQ(moves_of(s, "c2"), (std::set<std::string>{"c2b1", "c2c1", "c2d1"}));
  // White's bishop on d3: its own queen blocks c2, and f1 holds a stacked rook.
  EXPECT_EQ(moves_of(s, "d3"), (std::set<std::string>{"d3e2"}));
}

TEST(Gravity, Example3ArrowsAreThePossibleDownwardMoves) {
  State s = parse(kExample3);
  // White's king g3: g2 and h2 (the arrows); the rook g6: g5 and g4, its
  // arrow drawn up to its own king on g3.
  EXPECT_EQ(moves_of(s, "g3"), (std::set<std::string>{"g3g2", "g3h2"}));
  EXPECT_EQ(moves_of(s, "g6"), (std::set<std::string>{"g6g5", "g6g4"}));
  EXPECT_EQ(stacked_names(s), (std::set<std::string>{"a1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "c2", "e2", "f2",
                                                     "b3", "h3", "b4", "h4"}));
  // Under gravity.king_capture=allowed the h4 pawn could take the king, and
  // is not stacked, unless only the square below decides
  // (gravity.pawn_stacking=straight_only): the example's count holds then.
  Config allowed;
  allowed.king_capturable = true;
  EXPECT_FALSE(stacked_names(s, allowed).count("h4"));
  Config straight = allowed;
  straight.pawn_straight_only = true;
  EXPECT_EQ(stacked_names(s, straight), stacked_names(s));
  // Black's king on e3 (Black to move, the white rook still to be added).
  State b = parse(
      "8/8/8/8/1P{moved}5p{moved}/1b2k1KN/N1R1Br2/p{moved}1nQqrnb b - - 0 12 aside=- bdeck=- btook=BPPP card=R "
      "phase=move result=- score=- todo=e3 wdeck=- wtook=pp");
  EXPECT_EQ(moves_of(b, "e3"), (std::set<std::string>{"e3d2"}));
  Readings r;
  ASSERT_TRUE(r.set(readings(), "gravity.king_capture=allowed").ok());
  EXPECT_EQ(stacked_names(b, allowed).count("h4"), 0u);
}

TEST(Gravity, TheScoreCountsCapturesAndStackedRows) {
  State s = parse(kExample3);
  Tally t = tally(s.position, stacked_squares(s.position, {}), 2, 4);
  EXPECT_EQ(t.points[0], 16);
  EXPECT_EQ(t.points[1], 19);
  EXPECT_EQ(t.per_row[0][1], 3);  // three white pieces stacked on the second row
  EXPECT_EQ(t.per_row[1][0], 6);  // six black pieces on the bottom row
  bool tie_break = true;
  EXPECT_EQ(compare(t, &tie_break), -1);
  EXPECT_FALSE(tie_break);
}

TEST(Gravity, ADealGivesEachPlayerTheOpponentsTwelveCards) {
  const Variant& v = game();
  State s = v.initial_state();
  EXPECT_EQ(v.roles_to_act(s), Roles{Role::Chance});
  EXPECT_EQ(v.actions(s, Role::Chance).size(), static_cast<std::size_t>(kChanceSamples));
  auto seed = v.parse_action(s, Role::Chance, "shuffle-65535");
  ASSERT_TRUE(seed.ok()) << seed.error();
  State dealt = v.step(s, {{Role::Chance, *seed}}, {}).state;
  const auto& vars = dealt.position.vars;
  std::string white = vars.at("wdeck") + vars.at("card"), black = vars.at("bdeck");
  std::sort(white.begin(), white.end());
  std::sort(black.begin(), black.end());
  EXPECT_EQ(white, "bbknnppppqrr");
  EXPECT_EQ(black, "BBKNNPPPPQRR");
  // White adds first: one action per column of the empty top row.
  EXPECT_EQ(v.actions(dealt, Role::White).size(), 8u);
  EXPECT_TRUE(v.actions(dealt, Role::Black).empty());
}

TEST(Gravity, NeitherPlayerSeesTheOrderOfTheDecks) {
  const Variant& v = game();
  State s = v.step(v.initial_state(), {{Role::Chance, shuffle_action(3)}}, {}).state;
  std::string seen = v.observation(s, Role::White);
  EXPECT_NE(seen.find("wdeck=#11"), std::string::npos) << seen;
  EXPECT_NE(seen.find("bdeck=#12"), std::string::npos) << seen;
  EXPECT_EQ(seen, v.observation(s, Role::Black));
  bool different = false;
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    auto other = v.resample_hidden(s, Role::White, seed);
    ASSERT_TRUE(other.has_value());
    EXPECT_EQ(v.observation(*other, Role::White), seen);
    EXPECT_TRUE(v.check_invariants(*other).empty());
    different = different || v.fen(*other) != v.fen(s);
  }
  EXPECT_TRUE(different);
}

TEST(Gravity, NotationRoundTrips) {
  const Variant& v = game();
  State s = v.step(v.initial_state(), {{Role::Chance, shuffle_action(5)}}, {}).state;
  for (const Move& m : v.actions(s, Role::White)) {
    std::string text = v.move_text(s, m);
    auto back = v.parse_action(s, Role::White, text);
    ASSERT_TRUE(back.ok()) << text << ": " << back.error();
    EXPECT_TRUE(back->same_action(m)) << text;
  }
  State e1 = parse(kExample2);
  for (const Move& m : v.actions(e1, Role::White)) {
    auto back = v.parse_action(e1, Role::White, v.move_text(e1, m));
    ASSERT_TRUE(back.ok());
    EXPECT_TRUE(back->same_action(m));
  }
}

TEST(Gravity, BadInputIsRejectedWithAnError) {
  const Variant& v = game();
  State s = v.step(v.initial_state(), {{Role::Chance, shuffle_action(5)}}, {}).state;
  for (std::string bad : {"", "@", "x@c8", "q@z9", "q@c8c", "shuffle-1", "e2", "e2e4", "0000", "k@c7", "\xff@a8"})
    EXPECT_FALSE(v.parse_action(s, Role::White, bad).ok()) << bad;
  for (std::string bad : {"shuffle-", "shuffle-70000", "e2e4", ""})
    EXPECT_FALSE(v.parse_action(v.initial_state(), Role::Chance, bad).ok()) << bad;
  std::string base = kExample2;
  for (auto [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"card=p", "card=x"},       {"card=p", "card=P"},         {"todo=c2,d3,h8", "todo=c2,d3,h9"},
           {"todo=c2,d3,h8", "todo=a1"}, {"wdeck=kbnpp", "wdeck=kbnp"}, {"phase=move", "phase=fly"},
           {"btook=PPP", "btook=ppp"}, {" result=-", ""},             {"result=-", "result=white"},
           {"todo=c2,d3,h8", "todo=d3,c2,h8"}, {"todo=c2,d3,h8", "todo=-"}, {"p6N", "p6N{dazzled}"},
           {"wtook=-", "wtook=- extra=1"}})
    {
      std::string fen = base;
      fen.replace(fen.find(from), from.size(), to);
      auto parsed = v.parse_state(fen);
      EXPECT_FALSE(parsed.ok()) << fen;
    }
  EXPECT_TRUE(v.parse_state(base).ok());
}

TEST(Gravity, AFinishedGameKeepsItsResultAndScoreInItsText) {
  const Variant& v = game();
  State s = parse(
      "8/6R1/8/8/1P{moved}4Kp{moved}/1b2k2N/N1R1Br2/p{moved}1nQqrnb w - - 0 13 aside=- bdeck=- btook=BPPP card=- "
      "phase=move result=- score=- todo=g4,g7 wdeck=- wtook=pp");
  s = play(s, "g4g3 g7g6");
  ASSERT_TRUE(s.outcome.over());
  EXPECT_EQ(s.outcome.result, Result::BlackWins);
  State back = parse(v.fen(s));
  EXPECT_EQ(back.outcome.result, Result::BlackWins);
  EXPECT_TRUE(v.roles_to_act(back).empty());
  EXPECT_EQ(v.scores(back), (std::vector<std::pair<std::string, int>>{{"white", 16}, {"black", 19}}));
}

TEST(Gravity, ARejectedMoveUnderAnotherReadingChangesNothing) {
  // "This pawn can't move" under gravity.pawn_stacking=straight_only
  // (stacked on the rook); under the default captures_now it can take the
  // bishop on c2, so it must: the step is rejected and nothing changes.
  const Variant& v = game();
  State s = parse(
      "8/8/8/8/8/1p{moved}6/1RB5/1R6 b - - 0 5 aside=- bdeck=KQBNPPPP btook=- card=N phase=move result=- score=- "
      "todo=b3 wdeck=kqrrbbnn wtook=ppp");
  Readings straight;
  ASSERT_TRUE(straight.set(readings(), "gravity.pawn_stacking=straight_only").ok());
  EXPECT_EQ(action_texts(s, Role::Black, straight), (std::set<std::string>{"b3b3"}));
  EXPECT_EQ(action_texts(s, Role::Black), (std::set<std::string>{"b3c2"}));
  auto m = v.parse_action(s, Role::Black, "b3b3", straight);
  ASSERT_TRUE(m.ok());
  StepResult r = v.step(s, {{Role::Black, *m}}, {});
  EXPECT_EQ(v.fen(r.state), v.fen(s));
  ASSERT_FALSE(r.trace.events().empty());
  EXPECT_EQ(r.trace.events().front().type, EventType::Reject);
}

// gravity.blocked_capture, on a position of a random game: White's rook on h3
// stands on Black's king (not stacked, and not to be taken by default), and
// its one legal move is the capture of the pawn on g3, along its row.
TEST(Gravity, ARookWithOnlyACaptureAlongItsRowMustMakeItUnlessTheCaptureIsOptional) {
  const Variant& v = game();
  State s = parse(
      "8/4N2q/8/P{moved}7/6n1/6p{moved}R/1b{immobile}n4k/b{immobile}1B{immobile}5 w - - 0 8 aside=- bdeck=KNRPP "
      "btook=QPB card=p phase=move result=- score=- todo=h3 wdeck=pprr wtook=-");
  Readings optional, optional_kings;
  ASSERT_TRUE(optional.set(readings(), "gravity.blocked_capture=optional").ok());
  ASSERT_TRUE(optional_kings.set(readings(), "gravity.blocked_capture=optional").ok());
  ASSERT_TRUE(optional_kings.set(readings(), "gravity.king_capture=allowed").ok());
  // forced (the default): the capture is a legal move, so the rook must make it.
  EXPECT_EQ(action_texts(s, Role::White), (std::set<std::string>{"h3g3"}));
  // optional: the rook is "blocked by another piece" and may say so.
  EXPECT_EQ(action_texts(s, Role::White, optional), (std::set<std::string>{"h3g3", "h3h3"}));
  // With kings to be taken, the rook has a downward move (h3xh2): it is not
  // blocked, under either alternative.
  EXPECT_EQ(action_texts(s, Role::White, optional_kings), (std::set<std::string>{"h3g3", "h3h2"}));

  // The capture consults the point (the other alternative would let the rook
  // decline); under both it takes the pawn, so the step does not diverge.
  auto capture = v.parse_action(s, Role::White, "h3g3");
  ASSERT_TRUE(capture.ok());
  StepResult taken = v.step(s, {{Role::White, *capture}}, {});
  ASSERT_NE(taken.trace.readings().find("gravity.blocked_capture"), nullptr);
  EXPECT_EQ(taken.trace.readings().at("gravity.blocked_capture"), "forced");
  EXPECT_EQ(taken.state.position.vars.at("wtook"), "p");
  EXPECT_EQ(v.fen(v.step(s, {{Role::White, *capture}}, optional).state), v.fen(taken.state));

  // "can't move" under optional ends the rook's turn with the pawn still on
  // g3; under forced the same action is refused and nothing changes.
  auto stay = v.parse_action(s, Role::White, "h3h3", optional);
  ASSERT_TRUE(stay.ok());
  StepResult stayed = v.step(s, {{Role::White, *stay}}, optional);
  EXPECT_EQ(stayed.trace.readings().at("gravity.blocked_capture"), "optional");
  EXPECT_TRUE(stayed.trace.fired(clause::kCantMove));
  EXPECT_EQ(stayed.state.position.vars.at("phase"), "add");
  EXPECT_EQ(stayed.state.position.vars.at("wtook"), "-");
  StepResult refused = v.step(s, {{Role::White, *stay}}, {});
  EXPECT_EQ(v.fen(refused.state), v.fen(s));
  ASSERT_FALSE(refused.trace.events().empty());
  EXPECT_EQ(refused.trace.events().front().type, EventType::Reject);
  EXPECT_FALSE(v.parse_action(s, Role::White, "h3h3").ok());
}

// A piece with a move closer to the bottom is not blocked: under either
// alternative its actions are the same, and its steps do not consult the point.
TEST(Gravity, APieceWithADownwardMoveIsNotBlockedUnderEitherAlternative) {
  const Variant& v = game();
  State s = parse(kExample2);
  Readings optional;
  ASSERT_TRUE(optional.set(readings(), "gravity.blocked_capture=optional").ok());
  EXPECT_EQ(action_texts(s, Role::White, optional), action_texts(s, Role::White));
  auto m = v.parse_action(s, Role::White, "c2b1");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(v.step(s, {{Role::White, *m}}, {}).trace.readings().find("gravity.blocked_capture"), nullptr);
  // A piece with no move at all says it can't move under both.
  State e1 = parse(
      "4P3/4B3/r3P{moved}3/1n2b3/8/8/8/8 w - - 0 4 aside=- bdeck=KQRRBNNPP btook=- card=r phase=move result=- "
      "score=- todo=e6,e7,e8 wdeck=kqbnpppp wtook=-");
  EXPECT_EQ(moves_of(e1, "e6", optional), (std::set<std::string>{"e6e6"}));
  EXPECT_EQ(moves_of(e1, "e6"), (std::set<std::string>{"e6e6"}));
}

// The laws of properties/ reach only the first 60 steps of a game; these
// whole games, under every reading alternative, reach the end too.
TEST(Gravity, WholeGamesUnderEveryAlternativeKeepTheLaws) {
  const Variant& v = game();
  std::mt19937_64 rng(7);
  std::vector<Readings> all{Readings{}};
  for (const ReadingPoint& point : readings())
    for (const Alternative& alt : point.alternatives) {
      all.emplace_back();
      all.back().choose(point.id, alt.id);
    }
  for (int g = 0; g < 300; ++g) {
    const Readings& r = all[g % all.size()];
    State s = v.initial_state();
    while (!s.outcome.over()) {
      Role role = v.roles_to_act(s).at(0);
      std::vector<Move> moves = v.actions(s, role, r);
      ASSERT_FALSE(moves.empty()) << v.fen(s);
      Move m = moves[rng() % moves.size()];
      StepResult step = v.step(s, {{role, m}}, r);
      State fast = v.apply(s, {{role, m}}, r);
      ASSERT_EQ(v.fen(fast), v.fen(step.state));
      ASSERT_EQ(fast.outcome.result, step.state.outcome.result);
      for (std::string_view c : step.trace.clauses()) ASSERT_NE(find_clause(clauses(), c), nullptr) << c;
      for (const auto& [point, alt] : step.trace.readings()) ASSERT_NE(find_reading(readings(), point), nullptr);
      // Every piece that leaves the board is captured, every one that enters is added.
      for (const Piece& p : s.position.pieces()) {
        if (!p.on_board() || step.state.position.piece(p.id).on_board()) continue;
        bool captured = false;
        for (const Event& e : step.trace.events()) captured = captured || e.type == EventType::Capture;
        ASSERT_TRUE(captured) << v.fen(s);
      }
      ASSERT_TRUE(v.check_invariants(step.state).empty()) << v.fen(step.state);
      s = step.state;
    }
    ASSERT_EQ(v.scores(s).size(), 2u);
  }
}

// --- Random complete games --------------------------------------------------

TEST(Gravity, TenThousandRandomGamesEndWithinTheStepBound) {
  const Variant& v = game();
  std::mt19937_64 rng(20261123);
  Readings defaults;
  Readings optional;
  ASSERT_TRUE(optional.set(readings(), "gravity.blocked_capture=optional").ok());
  int games = 10000, results[3] = {0, 0, 0}, tie_breaks = 0, set_aside = 0, longest = 0, freed_steps = 0;
  int blocked_capture_steps = 0;
  auto start = std::chrono::steady_clock::now();
  for (int g = 0; g < games; ++g) {
    State s = v.initial_state();
    int steps = 0;
    while (!s.outcome.over()) {
      Roles roles = v.roles_to_act(s);
      ASSERT_EQ(roles.size(), 1u) << v.fen(s);
      Move m;
      if (roles[0] == Role::Chance) {
        m = shuffle_action(static_cast<std::uint16_t>(rng() & 0xffff));
      } else {
        std::vector<Move> moves = v.actions(s, roles[0]);
        ASSERT_FALSE(moves.empty()) << "no action in " << v.fen(s);
        // gravity.blocked_capture: a piece to move whose only moves are
        // captures along its row may say it can't move under `optional`.
        if (s.position.vars.at("phase") == "move" && v.actions(s, roles[0], optional).size() != moves.size())
          ++blocked_capture_steps;
        m = moves[rng() % moves.size()];
      }
      State before = s;
      s = v.apply(s, {{roles[0], m}}, defaults);
      ++steps;
      // gravity.stacked_stays: a piece marked stacked that the step leaves
      // on its square unmarked was freed (recomputed, the default).
      for (const Piece& p : before.position.pieces()) {
        if (!p.on_board() || !p.has(kFlagImmobile) || s.position.empty(p.square)) continue;
        if (!s.position.piece(s.position.occupant(p.square)).has(kFlagImmobile)) {
          ++freed_steps;  // a step counts once
          break;
        }
      }
      ASSERT_LE(steps, v.step_bound()) << v.fen(s);
      auto broken = v.check_invariants(s);
      ASSERT_TRUE(broken.empty()) << v.fen(s) << ": " << broken.front().label << " " << broken.front().detail;
      if (g % 97 == 0) {
        auto back = v.parse_state(v.fen(s));
        ASSERT_TRUE(back.ok()) << v.fen(s) << ": " << back.error();
        ASSERT_EQ(v.fen(*back), v.fen(s));
        ASSERT_EQ(back->outcome.result, s.outcome.result);
      }
    }
    ++results[s.outcome.result == Result::WhiteWins ? 0 : s.outcome.result == Result::BlackWins ? 1 : 2];
    tie_breaks += s.outcome.clause == clause::kTieBreak;
    set_aside += s.position.vars.at("aside") != "-";
    longest = std::max(longest, steps);
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "gravity: %d random games in %.2f s (%.0f games/s); white %d, black %d, draws %d; %d by tie-break, %d with a "
      "piece set aside; longest %d steps (bound %d); a stacked piece freed in %d steps; a piece with only captures "
      "along its row in %d steps\n",
      games, seconds, games / seconds, results[0], results[1], results[2], tie_breaks, set_aside, longest,
      v.step_bound(), freed_steps, blocked_capture_steps);
  EXPECT_GT(results[0], 0);
  EXPECT_GT(results[1], 0);
  // The questions gravity.stacked_stays and gravity.blocked_capture ask arise in play.
  EXPECT_GT(freed_steps, 0);
  EXPECT_GT(blocked_capture_steps, 0);
}

}  // namespace
}  // namespace arbiter::gravity
