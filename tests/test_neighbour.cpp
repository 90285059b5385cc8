// Neighbour Chess Solitaire: the text map covers the section, the tables are
// well formed, the scenario files pass, random games end within the bound
// the text implies, and the rules come out as the text describes them.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <random>
#include <set>

#include "model/core/chance.h"
#include "model/core/rules_text.h"
#include "model/core/scenario.h"
#include "model/core/text_map.h"
#include "model/variants/neighbour/neighbour.h"
#include "model/variants/registry.h"
#include "tests/support/recorded_finding.h"

namespace arbiter::neighbour {
namespace {

const Variant& v() { return variant(); }

State parse(const std::string& fen) {
  auto s = v().parse_state(fen);
  EXPECT_TRUE(s.ok()) << fen << ": " << (s.ok() ? "" : s.error());
  return s.ok() ? *s : v().initial_state();
}

StepResult play(const State& s, const std::string& text, const Readings& readings = {}) {
  auto joint = v().parse_joint(s, text, readings);
  EXPECT_TRUE(joint.ok()) << text << ": " << (joint.ok() ? "" : joint.error());
  if (!joint.ok()) return {s, {}};
  return v().step(s, *joint, readings);
}

State play_all(State s, const std::vector<std::string>& steps, const Readings& readings = {}) {
  for (const std::string& t : steps) s = play(s, t, readings).state;
  return s;
}

std::vector<std::string> texts(const State& s, Role role, const Readings& readings = {}) {
  std::vector<std::string> out;
  for (const Move& m : v().actions(s, role, readings)) out.push_back(v().move_text(s, m));
  return out;
}

bool has(const std::vector<std::string>& list, const std::string& x) {
  return std::find(list.begin(), list.end(), x) != list.end();
}

Readings with(const std::string& assignment) {
  Readings r;
  auto ok = r.set(readings(), assignment);
  EXPECT_TRUE(ok.ok()) << assignment;
  return r;
}

// A state whose decks are laid out in a given order (top first).
std::string fen_with(const std::string& board, const std::string& phase, const std::string& pdeck,
                     const std::string& pdisc, const std::string& sdeck, const std::string& sdisc,
                     const std::string& last, const std::string& extra = "") {
  return board + " w - - 0 1 last=" + last + " pdeck=" + pdeck + " pdisc=" + pdisc + " phase=" + phase +
         " sdeck=" + sdeck + " sdisc=" + sdisc + extra;
}

// --- Tables and text --------------------------------------------------------

TEST(Neighbour, TextMapCoversEverySentenceWithKnownIds) {
  auto text = load_rules_text(default_rules_dir(), kTextSection);
  ASSERT_TRUE(text.ok()) << text.error();
  for (const std::string& p : check_text_map(*text, text_map(), clauses(), readings())) ADD_FAILURE() << p;
  EXPECT_GT(map_text(*text, text_map()).size(), 30u);
  for (const MappedSentence& m : map_text(*text, text_map())) EXPECT_TRUE(m.span) << "unmapped: " << m.sentence;
  // The walk-through renders (docs/rules/neighbour.md is written from it;
  // test_text_coverage keeps that file current).
  EXPECT_FALSE(text_map_markdown(kVariantName, kVariantId, kTextSection.file, *text, text_map(), clauses(),
                                 readings())
                   .empty());
}

TEST(Neighbour, EveryClauseAndReadingPointIsCitedByASentence) {
  std::set<std::string_view> cited;
  for (const TextSpan& span : text_map())
    for (std::string_view id : span.ids) cited.insert(id);
  for (const Clause& c : clauses()) EXPECT_TRUE(cited.count(c.id)) << c.id;
  for (const ReadingPoint& r : readings()) EXPECT_TRUE(cited.count(r.id)) << r.id;
}

TEST(Neighbour, ClauseAndReadingTablesAreWellFormed) {
  std::set<std::string_view> ids;
  for (const Clause& c : clauses()) {
    EXPECT_TRUE(c.id.starts_with("neighbour.")) << c.id;
    EXPECT_TRUE(ids.insert(c.id).second) << c.id;
    EXPECT_TRUE(c.quote.starts_with("Neighbour Chess Solitaire")) << c.id;
    EXPECT_LT(c.quote.size(), 200u) << c.id << ": quotes stay short";
  }
  for (const ReadingPoint& r : readings()) {
    EXPECT_TRUE(r.id.starts_with("neighbour.")) << r.id;
    EXPECT_TRUE(ids.insert(r.id).second) << r.id;
    EXPECT_GE(r.alternatives.size(), 2u) << r.id;
    EXPECT_FALSE(r.question.empty() || r.quote.empty() || r.why_default.empty()) << r.id;
    std::set<std::string_view> alts;
    for (const Alternative& a : r.alternatives) EXPECT_TRUE(alts.insert(a.id).second) << r.id << "=" << a.id;
    EXPECT_TRUE(alts.count(r.default_alternative)) << r.id;
    for (const Alternative& a : r.alternatives) {
      Readings chosen;
      ASSERT_TRUE(chosen.set(readings(), std::string(r.id) + "=" + std::string(a.id)).ok());
      EXPECT_EQ(chosen.in_force(r), a.id);
    }
  }
  Readings chosen;
  EXPECT_FALSE(chosen.set(readings(), "neighbour.capture=any").ok());
}

// --- Scenario files ----------------------------------------------------------

TEST(Neighbour, EveryScenarioFilePasses) {
  auto results = run_scenario_folder(std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios", "neighbour");
  EXPECT_GE(results.size(), 20u);
  for (const ScenarioResult& r : results) {
    std::string why;
    for (const std::string& f : r.run.failures) why += "\n  " + f;
    EXPECT_TRUE(r.run.passed()) << r.scenario.name << " (" << r.scenario.file << ":" << r.scenario.line << ")" << why;
  }
}

// What the text leaves unsaid is recorded as a gap with a witness step: the
// missing appendix A, and how a game that is not won ends (no sentence ends or
// scores it when no piece can move or no card is left).
TEST(Neighbour, TheTextsGapsAreRecordedWithWitnesses) {
  auto results = run_scenario_folder(std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios", "neighbour");
  test::expect_recorded_finding(results, "neighbour.setup.appendix_a_missing", FindingKind::Gap);
  test::expect_recorded_finding(results, "neighbour.move.stuck_loses", FindingKind::Gap);
  test::expect_recorded_finding(results, "neighbour.move.last_card_no_group", FindingKind::Gap);
}

// Every clause and every reading alternative is pinned by a scenario file.
TEST(Neighbour, EveryClauseAndReadingAlternativeHasAScenario) {
  ScenarioFolder folder = load_scenario_folder(std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios", "neighbour");
  EXPECT_TRUE(folder.unreadable.empty());
  std::set<std::string> fired, chosen;
  for (const Scenario& sc : folder.scenarios) {
    for (const std::string& c : sc.clauses) fired.insert(c);
    for (const std::string& r : sc.readings) chosen.insert(r);
    for (const std::string& r : sc.consulted) chosen.insert(r);
  }
  for (const Clause& c : clauses()) EXPECT_TRUE(fired.count(std::string(c.id))) << c.id << " has no scenario";
  for (const ReadingPoint& r : readings())
    for (const Alternative& a : r.alternatives) {
      std::string pin = std::string(r.id) + "=" + std::string(a.id);
      EXPECT_TRUE(chosen.count(pin)) << pin << " has no scenario";
    }
}

// --- Random games ------------------------------------------------------------

TEST(Neighbour, TenThousandRandomGamesEndWithinTheBound) {
  std::mt19937_64 rng(20261123);
  const int games = 10000;
  int wins = 0, longest = 0;
  auto start = std::chrono::steady_clock::now();
  for (int g = 0; g < games; ++g) {
    State s = v().initial_state();
    int steps = 0;
    while (!s.outcome.over()) {
      ASSERT_LE(steps, v().step_bound()) << "game " << g << " outlasts the bound: " << v().fen(s);
      Roles roles = v().roles_to_act(s);
      ASSERT_EQ(roles.size(), 1u);
      Move m;
      if (roles[0] == Role::Chance) {
        m = shuffle_action(static_cast<std::uint16_t>(rng() & 0xffff));
      } else {
        std::vector<Move> acts = v().actions(s, roles[0]);
        ASSERT_FALSE(acts.empty()) << "no action in an unfinished game: " << v().fen(s);
        m = acts[rng() % acts.size()];
      }
      s = v().apply(s, {{roles[0], m}}, {});
      ++steps;
      auto broken = v().check_invariants(s);
      ASSERT_TRUE(broken.empty()) << broken.front().label << ": " << broken.front().detail << " in " << v().fen(s);
      if (steps % 5 == 0) {
        auto back = v().parse_state(v().fen(s));
        ASSERT_TRUE(back.ok()) << v().fen(s) << ": " << back.error();
        ASSERT_EQ(v().fen(*back), v().fen(s));
        ASSERT_EQ(back->outcome.result, s.outcome.result);
      }
    }
    ASSERT_LE(steps, v().step_bound());
    longest = std::max(longest, steps);
    wins += s.outcome.result == Result::PlayerWins;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("neighbour: %d random games in %.2f s (%.0f games/s), %d won, longest %d steps\n", games, seconds,
              games / seconds, wins, longest);
  EXPECT_GT(wins, 0);
  EXPECT_LT(wins, games);
}

// Random games where the player always adds until the pieces deck is empty
// and moves at random after: the longest games the text allows.
TEST(Neighbour, GamesThatAddEveryPieceStillEndWithinTheBound) {
  std::mt19937_64 rng(7);
  for (int g = 0; g < 300; ++g) {
    State s = play(v().initial_state(), "shuffle-" + std::to_string(g)).state;
    int steps = 1;
    while (!s.outcome.over()) {
      std::vector<Move> acts = v().actions(s, Role::Player);
      ASSERT_FALSE(acts.empty());
      Move m = acts[rng() % acts.size()];
      for (const Move& a : acts)
        if (a.code == kCodeAdd) m = a;
      s = v().step(s, {{Role::Player, m}}, {}).state;
      ++steps;
    }
    EXPECT_LE(steps, v().step_bound());
    EXPECT_EQ(pieces_on_board(s.position), 16);
  }
}

// No reading point is resolved silently: wherever an alternative changes a
// step of random play, the step's trace names that point as consulted.
TEST(Neighbour, EveryReadingThatChangesAStepIsConsultedThere) {
  std::mt19937_64 rng(5);
  int steps = 0, divergent = 0;
  for (int g = 0; g < 400; ++g) {
    State s = v().initial_state();
    // Half the games add at least three pieces, so that later parts are reached often.
    int adds = static_cast<int>(g % 2) * 3;
    while (!s.outcome.over()) {
      Role role = v().roles_to_act(s)[0];
      std::vector<Move> acts = v().actions(s, role);
      Move m = acts[rng() % acts.size()];
      if (adds > 0)
        for (const Move& a : acts)
          if (a.code == kCodeAdd && role == Role::Player) m = a;
      if (m.code == kCodeAdd && role == Role::Player) --adds;
      StepResult base = v().step(s, {{role, m}}, {});
      ++steps;
      for (const ReadingPoint& point : readings())
        for (const Alternative& alt : point.alternatives) {
          if (alt.id == point.default_alternative) continue;
          Readings other;
          other.choose(point.id, alt.id);
          StepResult r = v().step(s, {{role, m}}, other);
          bool differs = v().fen(r.state) != v().fen(base.state) || r.state.outcome.result != base.state.outcome.result;
          if (!differs) continue;
          ++divergent;
          EXPECT_TRUE(base.trace.readings().count(std::string(point.id)))
              << point.id << "=" << alt.id << " changes " << v().move_text(s, m) << " in " << v().fen(s)
              << " but the step does not consult it";
        }
      s = base.state;
    }
  }
  EXPECT_GT(divergent, 0);
  std::printf("neighbour: %d steps checked, %d divergent alternatives, all consulted\n", steps, divergent);
}

// --- The rules ----------------------------------------------------------------

TEST(Neighbour, TheDealShufflesBothDecksFromOneSeed) {
  State a = play(v().initial_state(), "shuffle-1").state, b = play(v().initial_state(), "shuffle-2").state;
  Piles pa = piles_of(a.position), pb = piles_of(b.position);
  EXPECT_EQ(pa.piece_cards(), 16);
  EXPECT_EQ(pa.position_cards(), 20);
  EXPECT_NE(pa.pdeck, pb.pdeck);
  EXPECT_NE(pa.sdeck, pb.sdeck);
  EXPECT_EQ(v().fen(a), v().fen(play(v().initial_state(), "shuffle-1").state));
  EXPECT_EQ(texts(a, Role::Player), std::vector<std::string>{"add"});
  EXPECT_TRUE(texts(a, Role::Chance).empty());
}

TEST(Neighbour, ThePositionDeckIsTwoToSixOfEverySuit) {
  std::string all = all_position_cards();
  EXPECT_EQ(all.size(), 40u);
  int red_cards = 0, total = 0;
  for (std::size_t i = 0; i < all.size(); i += 2, ++total) {
    std::string c = all.substr(i, 2);
    EXPECT_GE(card_number(c), 2);
    EXPECT_LE(card_number(c), 6);
    red_cards += red(c);
  }
  EXPECT_EQ(total, 20);
  EXPECT_EQ(red_cards, 10);
  EXPECT_EQ(kPieceCards.size(), 16u);
}

TEST(Neighbour, CardTargetsCountRightOrUpAndLoop) {
  BoardShape b;
  bool wrapped = false;
  EXPECT_EQ(square_name(b, card_target(b, b.square(0, 0), "3H", &wrapped)), "d1");
  EXPECT_FALSE(wrapped);
  EXPECT_EQ(square_name(b, card_target(b, b.square(6, 2), "2D", &wrapped)), "a3");
  EXPECT_TRUE(wrapped);
  EXPECT_EQ(square_name(b, card_target(b, b.square(3, 7), "6S", &wrapped)), "d6");
  EXPECT_TRUE(wrapped);
  // neighbour.add.first_corner: the first piece moves "from the square it's
  // above", a1, black cards upward and red cards to the right.
  EXPECT_EQ(square_name(b, card_target(b, b.square(0, 0), "2C", &wrapped)), "a3");
  EXPECT_FALSE(wrapped);
  EXPECT_EQ(square_name(b, card_target(b, b.square(0, 0), "6H", &wrapped)), "g1");
  EXPECT_FALSE(wrapped);
}

TEST(Neighbour, DisplacementTakesTheNearestFreeRingWithoutWrapping) {
  State s = parse(fen_with("8/8/8/8/8/8/6R1/6QK", "place", "RBBNNkqrbbnn", "KQRr", "6C5C4C3C2C6S5S4S3S2S6D5D5H6H4D3D",
                           "2H3H4H2D", "g2", " target=h1"));
  EXPECT_EQ(texts(s, Role::Player), std::vector<std::string>{"place-h2"});
  int ring = 0;
  Position full = s.position;
  full.add(kKnight, Color::White, full.shape().square(7, 1));  // h2 taken too
  SquareList far = displacement_squares(full, full.shape().square(7, 0), &ring);
  EXPECT_EQ(ring, 2);
  EXPECT_EQ(far.size(), 5u);  // f1 f2 f3 g3 h3
}

TEST(Neighbour, APieceMovesOnlyWithItsSameColourNeighboursMoves) {
  State s = parse(fen_with("8/8/5N2/8/3RB3/8/8/8", "move", "KQRBNkqrrbbnn", "RBN",
                           "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C", "2H3H4H", "f6"));
  std::vector<std::string> acts = texts(s, Role::Player);
  EXPECT_TRUE(has(acts, "d4c5@pieces"));    // bishop's move for the rook
  EXPECT_TRUE(has(acts, "d4c5@positions"));
  EXPECT_TRUE(has(acts, "e4e8@pieces"));    // rook's move for the bishop
  EXPECT_FALSE(has(acts, "e4d5@pieces"));   // the bishop's own move
  EXPECT_FALSE(has(acts, "d4d8@pieces"));   // the rook's own move
  EXPECT_FALSE(has(acts, "e4c4@pieces"));   // blocked by the rook
  for (const std::string& a : acts) EXPECT_FALSE(a.starts_with("f6")) << a;  // no neighbour
  // The rook by the bishop's diagonals: e5 (the knight on f6 blocks), c5 b6
  // a7, e3 f2 g1, c3 b2 a1 = 10; the bishop by the rook's lines: e5-e8, e3-e1,
  // f4-h4 (the rook on d4 blocks) = 10; each with either pile.
  EXPECT_EQ(acts.size(), 40u);
}

TEST(Neighbour, ObservationHidesTheDeckOrderOnly) {
  State s = play_all(v().initial_state(), {"shuffle-3", "add"});
  std::string seen = v().observation(s, Role::Player);
  EXPECT_NE(seen.find("pdeck=15"), std::string::npos) << seen;
  EXPECT_NE(seen.find("sdeck=19"), std::string::npos) << seen;
  EXPECT_EQ(seen.find(piles_of(s.position).pdeck), std::string::npos);
  auto other = v().resample_hidden(s, Role::Player, 99);
  ASSERT_TRUE(other);
  EXPECT_EQ(v().observation(*other, Role::Player), seen);
  EXPECT_NE(v().fen(*other), v().fen(s));
  EXPECT_TRUE(v().check_invariants(*other).empty());
  EXPECT_FALSE(v().resample_hidden(v().initial_state(), Role::Chance, 1));
}

TEST(Neighbour, ScoresCountTheCardsLeftOnlyForAWin) {
  State lone = parse(fen_with("8/8/8/8/8/8/8/3Q4", "add", "KRRBBNNkqrrbbnn", "Q",
                              "2H4H5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C", "3H", "d1"));
  EXPECT_EQ(v().scores(lone), (std::vector<std::pair<std::string, int>>{{"player", 0}}));
  State lost = play(lone, "stop").state;
  EXPECT_EQ(lost.outcome.result, Result::PlayerLoses);
  EXPECT_EQ(v().scores(lost)[0].second, 0);
  State won = play(lone, "stop", with("neighbour.lone_piece=counts")).state;
  EXPECT_EQ(won.outcome.result, Result::PlayerWins);
  EXPECT_EQ(v().scores(won)[0].second, 34);
}

TEST(Neighbour, NotationRoundTripsAndBadInputIsRefused) {
  State s = parse(fen_with("8/8/5N2/8/3RB3/8/8/8", "move", "KQRBNkqrrbbnn", "RBN",
                           "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C", "2H3H4H", "f6"));
  for (const Move& m : v().actions(s, Role::Player)) {
    auto back = v().read_move(s, Role::Player, v().move_text(s, m));
    ASSERT_TRUE(back.ok()) << v().move_text(s, m);
    EXPECT_TRUE(back->same_action(m)) << v().move_text(s, m);
  }
  for (std::string bad : {"", "@", "d4@pieces", "d4c5@", "d4c5@hand", "place-", "place-z9", "zz", "pass@", "pass@pieces",
                          "d4c5c6@pieces", "add1", "shuffle-1"})
    EXPECT_FALSE(v().parse_action(s, Role::Player, bad).ok()) << bad;
  EXPECT_FALSE(v().read_move(v().initial_state(), Role::Chance, "shuffle-70000").ok());
  EXPECT_TRUE(v().parse_action(v().initial_state(), Role::Chance, "shuffle-4321").ok());
}

TEST(Neighbour, MalformedStatesAreRefused) {
  std::string good = fen_with("8/8/5N2/8/3RB3/8/8/8", "move", "KQRBNkqrrbbnn", "RBN",
                              "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C", "2H3H4H", "f6");
  EXPECT_TRUE(v().parse_state(good).ok());
  for (std::string bad : {
           std::string("8/8/8/8/8/8/8/8 w - - 0 1"),
           fen_with("8/8/5N2/8/3RB3/8/8/8", "move", "KQRBNkqrrbbnn", "RBN", "5H6H2D", "2H3H4H", "f6"),
           fen_with("8/8/5N2/8/3RB3/8/8/8", "move", "KQRBNkqrrbbnX", "RBN", "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C",
                    "2H3H4H", "f6"),
           fen_with("8/8/5N2/8/3RB3/8/8/8", "move", "KQRBNkqrrbbnn", "RB", "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C",
                    "2H3H4H", "f6"),
           fen_with("8/8/5N2/8/3RB3/8/8/8", "fly", "KQRBNkqrrbbnn", "RBN", "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C",
                    "2H3H4H", "f6"),
           fen_with("8/8/5N2/8/3RB3/8/8/8", "move", "KQRBNkqrrbbnn", "RBN", "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C",
                    "2H3H4H", "z9"),
           fen_with("8/8/5N2/8/3RB3/8/8/8", "move", "KQRBNkqrrbbnn", "RBN", "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C7C",
                    "2H3H4H", "f6"),
           fen_with("8/8/5N2/8/3RB3/8/8/8", "add", "KQRBNkqrrbbnn", "RBN", "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C",
                    "2H3H4H", "f6", " target=d4"),
           fen_with("8/8/5N2/8/3RB3/8/8/8", "place", "KQRBNkqrrbbnn", "RBN", "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C",
                    "2H3H4H", "f6"),
           fen_with("8/8/5N2/8/3RB3/8/8/8", "deal", "KQRBNkqrrbbnn", "RBN", "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C",
                    "2H3H4H", "f6"),
           fen_with("8/8/5P2/8/3RB3/8/8/8", "move", "KQRBNkqrrbbnn", "RBN", "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C",
                    "2H3H4H", "f6"),
           good + " extra=1",
       }) {
    auto r = v().parse_state(bad);
    EXPECT_FALSE(r.ok()) << bad;
  }
}

// Mutated state texts are refused with an error or read as a state whose
// every action steps without breaking an invariant: no input crashes.
TEST(Neighbour, MutatedStateTextsNeverCrash) {
  std::vector<std::string> seeds;
  std::mt19937_64 rng(11);
  for (int g = 0; g < 40; ++g) {
    State s = v().initial_state();
    while (!s.outcome.over()) {
      seeds.push_back(v().fen(s));
      Role role = v().roles_to_act(s)[0];
      std::vector<Move> acts = v().actions(s, role);
      s = v().step(s, {{role, acts[rng() % acts.size()]}}, {}).state;
    }
    seeds.push_back(v().fen(s));
  }
  const std::string alphabet = "KQRBNkqrbnP23456HDSCX-=/ 018abcdefgh@";
  int accepted = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string text = seeds[rng() % seeds.size()];
    int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      std::size_t at = rng() % text.size();
      switch (rng() % 3) {
        case 0: text[at] = alphabet[rng() % alphabet.size()]; break;
        case 1: text.erase(at, 1); break;
        default: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
      }
    }
    auto parsed = v().parse_state(text);
    if (!parsed.ok()) continue;
    ++accepted;
    EXPECT_TRUE(v().check_invariants(*parsed).empty()) << text;
    for (Role role : v().roles_to_act(*parsed))
      for (const Move& m : v().actions(*parsed, role)) {
        StepResult r = v().step(*parsed, {{role, m}}, {});
        auto broken = v().check_invariants(r.state);
        EXPECT_TRUE(broken.empty()) << text << " " << v().move_text(*parsed, m) << ": "
                                    << (broken.empty() ? "" : broken.front().label);
      }
  }
  EXPECT_GT(accepted, 0);
}

TEST(Neighbour, ARefusedSpendChangesNothing) {
  // A capture made under neighbour.capture=opposite_colour, replayed under the
  // default: refused, the state unchanged, the reading recorded.
  State s = parse(fen_with("8/6n1/8/8/3RB3/8/8/8", "move", "KQRBNNkqrrbbn", "RBn",
                           "5H6H2D3D4D5D6D2S3S4S5S6S2C3C4C5C6C", "2H3H4H", "g7"));
  auto m = v().parse_action(s, Role::Player, "d4g7@pieces", with("neighbour.capture=opposite_colour"));
  ASSERT_TRUE(m.ok());
  StepResult r = v().step(s, {{Role::Player, *m}}, {});
  EXPECT_EQ(v().fen(r.state), v().fen(s));
  EXPECT_TRUE(r.trace.readings().count("neighbour.capture"));
  EXPECT_THROW(v().step(s, {{Role::Player, Move{}}}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace arbiter::neighbour
