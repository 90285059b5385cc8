// Parade Chess Solitaire: the text map covers the section, the tables are
// well formed, appendix A's analysis finds what the example fixes, the
// setup, MOVE and ADD actions and the two phases of scoring work as the text
// says, the scenarios pass, and 10,000 random games end within the bound.
#include <gtest/gtest.h>
#include <algorithm>

#include <chrono>
#include <iostream>
#include <random>
#include <set>

#include "model/core/chance.h"
#include "model/core/rules_text.h"
#include "model/core/scenario.h"
#include "model/core/text_map.h"
#include "model/variants/parade/parade.h"
#include "model/variants/registry.h"
#include "tests/support/recorded_finding.h"

namespace arbiter::parade {
namespace {

const Variant& v() { return variant(); }

// The setup example's position; the hand's top card is the 8 of diamonds.
constexpr std::string_view kExample =
    "8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 w - - 0 1 count=0 deck=8D,9D,TD,QH,KH,8S,9C,QS down=- phase=play "
    "setup=9H,TH,KS,TS,8C,8H,TC,9S up=- void=-";

State parse(std::string_view fen) {
  auto s = v().parse_state(fen);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error());
  return s.ok() ? *s : v().initial_state();
}

StepResult play(const State& s, std::string_view text, const Readings& readings = {}) {
  auto joint = v().parse_joint(s, text, readings);
  EXPECT_TRUE(joint.ok()) << text << ": " << (joint.ok() ? "" : joint.error());
  return v().step(s, *joint, readings);
}

std::string at(const State& s, std::string_view square) {
  Square q = *parse_square(s.position.shape(), square);
  if (s.position.empty(q)) return "-";
  const Piece& p = s.position.piece(s.position.occupant(q));
  std::string code = s.position.kind_of(p).code;
  return p.color == Color::White ? code : std::string(1, static_cast<char>(std::tolower(code[0])));
}

std::set<std::string> targets(const State& s, std::string_view prefix) {
  std::set<std::string> out;
  for (const Move& m : v().actions(s, Role::Player)) {
    std::string t = v().move_text(s, m);
    if (t.rfind(prefix, 0) == 0) out.insert(t.substr(prefix.size()));
  }
  return out;
}

TEST(ParadeText, EverySentenceIsMappedAndEveryClauseCitesOne) {
  auto text = load_rules_text(default_rules_dir(), kTextSection);
  ASSERT_TRUE(text.ok()) << text.error();
  for (const std::string& p : check_text_map(*text, text_map(), clauses(), readings())) ADD_FAILURE() << p;
  for (const Clause& c : clauses()) {
    bool cited = false;
    for (const TextSpan& span : text_map())
      for (std::string_view id : span.ids) cited = cited || id == c.id;
    EXPECT_TRUE(cited) << "clause " << c.id << " is mapped to no sentence of the text";
  }
  for (const ReadingPoint& r : readings()) {
    bool cited = false;
    for (const TextSpan& span : text_map())
      for (std::string_view id : span.ids) cited = cited || id == r.id;
    EXPECT_TRUE(cited) << "reading " << r.id << " is mapped to no sentence of the text";
  }
}

TEST(ParadeText, ClausesAndReadingsAreWellFormed) {
  std::set<std::string_view> ids;
  for (const Clause& c : clauses()) {
    EXPECT_TRUE(ids.insert(c.id).second) << c.id;
    EXPECT_EQ(c.id.rfind("parade.", 0), 0u) << c.id;
    EXPECT_LT(c.quote.size(), 160u) << c.id << ": quote briefly";
  }
  for (const ReadingPoint& r : readings()) {
    EXPECT_TRUE(ids.insert(r.id).second) << r.id;
    EXPECT_GE(r.alternatives.size(), 2u) << r.id;
    bool has_default = false;
    for (const Alternative& a : r.alternatives) has_default = has_default || a.id == r.default_alternative;
    EXPECT_TRUE(has_default) << r.id;
  }
}

TEST(ParadeAppendixA, TheExampleFixesSuitsRanksAndGapsButNotTheQueen) {
  AppendixAnalysis a = analyse_appendix_a();
  std::cout << "appendix A: " << a.consistent << " consistent tables of " << a.candidates << "+ candidates\n";
  for (const auto& f : a.fixed) std::cout << "  fixed: " << f << "\n";
  for (const auto& o : a.open) std::cout << "  open: " << o << "\n";
  std::set<std::string> fixed(a.fixed.begin(), a.fixed.end());
  EXPECT_TRUE(fixed.count("White suits HD, Black suits SC"));
  EXPECT_TRUE(fixed.count("knight rank 8, bishop rank 9, rook rank T"));
  EXPECT_TRUE(fixed.count("N gap 1"));
  EXPECT_TRUE(fixed.count("B gap 2"));
  EXPECT_TRUE(fixed.count("R gap 3"));
  EXPECT_TRUE(fixed.count("K gap 6"));
  EXPECT_FALSE(fixed.count("Q gap 5"));
  ASSERT_EQ(a.open.size(), 2u);
  // The ADD example's g7 is given by no consistent table: g4 by all.
  EXPECT_EQ(a.add_example_g7_tables, 0);
  EXPECT_EQ(a.add_example_square, "g4");
  // The model's table is one of the consistent ones: gap = rank - 7 where fixed.
  EXPECT_EQ(gap(*read_card("8D"), "rank_minus_7"), 1);
  EXPECT_EQ(gap(*read_card("KS"), "value_order"), 6);
  EXPECT_EQ(gap(*read_card("QH"), "rank_minus_7"), 5);
  EXPECT_EQ(gap(*read_card("QS"), "value_order"), 4);
}

TEST(ParadeCards, EachCardIsFoundAtItsPlaceAndNoOtherCardIsOne) {
  const auto& cards = all_cards();
  for (std::size_t i = 0; i < cards.size(); ++i) EXPECT_EQ(card_index(cards[i]), static_cast<int>(i)) << cards[i].text();
  int found = 0;
  for (int rank = 0; rank < 128; ++rank)
    for (int suit = 0; suit < 128; ++suit) {
      Card c{static_cast<char>(rank), static_cast<char>(suit)};
      bool listed = std::find(cards.begin(), cards.end(), c) != cards.end();
      EXPECT_EQ(card_index(c) >= 0, listed) << c.text();
      EXPECT_EQ(read_card(c.text()).has_value(), listed) << c.text();
      found += listed;
    }
  EXPECT_EQ(found, 16);
  EXPECT_FALSE(read_card("QD"));
  EXPECT_FALSE(read_card("KC"));
  EXPECT_FALSE(read_card("8"));
}

TEST(ParadeSetup, TheExampleCardsPlaceThePiecesOfTheDiagram) {
  // parade.setup.example: B c1, R g1, k f2, r b3, n d3, N f3, r b4, b e4.
  std::vector<std::string> want = {"c1", "g1", "f2", "b3", "d3", "f3", "b4", "e4"};
  Square last = -1;
  int i = 0;
  Pile drawn = *read_cards("9H,TH,KS,TS,8C,8H,TC,9S");
  for (const Card& c : drawn) {
    auto sq = placement(last, gap(c, "rank_minus_7"));
    ASSERT_TRUE(sq);
    EXPECT_EQ(square_name(BoardShape{8, 8}, *sq), want[i++]) << c.text();
    last = *sq;
  }
}

TEST(ParadeSetup, TheDealPlacesTheSetupPileAndKeepsTheHandHidden) {
  State s = v().initial_state();
  EXPECT_EQ(v().roles_to_act(s), Roles{Role::Chance});
  StepResult r = play(s, "shuffle-4242");
  const State& after = r.state;
  EXPECT_EQ(after.position.vars.at("phase"), "play");
  EXPECT_EQ(read_cards(after.position.vars.at("deck"))->size(), 8u);
  int pieces = 0, adds = 0;
  for (Square q = 0; q < 64; ++q) pieces += !after.position.empty(q);
  for (const Event& e : r.trace.events()) adds += e.type == EventType::Add;
  EXPECT_EQ(pieces, 8);
  EXPECT_EQ(adds, 8);
  std::string seen = v().observation(after, Role::Player);
  EXPECT_NE(seen.find("deck=#8"), std::string::npos) << seen;
  EXPECT_EQ(v().scores(after), (std::vector<std::pair<std::string, int>>{{"player", 8}}));
}

TEST(ParadeMove, TheBlackKnightOnD3MovesTheWhiteBishopAsTheTextSays) {
  State s = parse(kExample);
  EXPECT_EQ(targets(s, "d3c1"), (std::set<std::string>{"b2", "e1", "f4", "e5", "c5"}));
}

TEST(ParadeMove, TheKingMovesEitherWhiteNeighbourToAnyOtherEmptyNeighbour) {
  State s = parse(kExample);
  std::set<std::string> empty_neighbours = {"e1", "f1", "e2", "g2", "e3", "g3"};
  EXPECT_EQ(targets(s, "f2g1"), empty_neighbours);
  EXPECT_EQ(targets(s, "f2f3"), empty_neighbours);
  // Only the white pieces: the king has no black neighbour to move.
  std::set<std::string> moved;
  for (const Move& m : v().actions(s, Role::Player)) {
    std::string t = v().move_text(s, m);
    if (t.rfind("f2", 0) == 0) moved.insert(t.substr(2, 2));
  }
  EXPECT_EQ(moved, (std::set<std::string>{"g1", "f3"}));
}

TEST(ParadeMove, TheBishopOnE4MovesTheKnightThroughTheSquareItLeft) {
  State s = parse(kExample);
  StepResult r = play(s, "e4f3g2");
  EXPECT_EQ(at(r.state, "g2"), "N");
  EXPECT_EQ(at(r.state, "f3"), "-");
  EXPECT_EQ(r.state.position.vars.at("down"), "8D");
  EXPECT_EQ(v().scores(r.state), (std::vector<std::pair<std::string, int>>{{"player", 7}}));
  EXPECT_TRUE(r.trace.fired(clause::kMoveFaceDown));
  // A piece moves only pieces of the other colour.
  EXPECT_FALSE(v().parse_joint(s, "b4b3a2").ok());
}

TEST(ParadeInvariants, ThePiecesMustBeThoseOfTheFaceUpCardsByKindAndColour) {
  auto labels = [](const State& s) {
    std::set<std::string> out;
    for (const InvariantViolation& broken : v().check_invariants(s)) out.insert(broken.label);
    return out;
  };
  State s = parse(kExample);
  EXPECT_TRUE(labels(s).empty());
  Square f3 = *parse_square(s.position.shape(), "f3");
  KindId knight = s.position.piece(s.position.occupant(f3)).kind;
  // The white knight of f3 (the 8 of hearts) taken off the board.
  State missing = s;
  missing.position.remove(missing.position.occupant(f3));
  EXPECT_EQ(labels(missing), std::set<std::string>{"parade.pieces_match_cards"});
  // The same square holding a black knight instead: one knight too many of one colour.
  State recoloured = missing;
  recoloured.position.add(knight, Color::Black, f3);
  EXPECT_EQ(labels(recoloured), std::set<std::string>{"parade.pieces_match_cards"});
  // Two more knights on f3 and one on the bishop of e4: each square is named once.
  State stacked = s;
  stacked.position.add(knight, Color::White, f3);
  stacked.position.add(knight, Color::White, *parse_square(s.position.shape(), "e4"));
  stacked.position.add(knight, Color::White, f3);
  std::vector<std::string> several;
  for (const InvariantViolation& broken : v().check_invariants(stacked))
    if (broken.label == "parade.one_piece_a_square") several.push_back(broken.detail);
  EXPECT_EQ(several, (std::vector<std::string>{"f3 holds several pieces", "e4 holds several pieces"}));  // square order
}

TEST(ParadeAdd, TheEightOfDiamondsGoesToG4NotG7) {
  State s = parse(kExample);
  StepResult r = play(s, "add");
  EXPECT_EQ(at(r.state, "g4"), "N");
  EXPECT_EQ(at(r.state, "g7"), "-");
  EXPECT_EQ(r.state.position.vars.at("up"), "8D");
}

TEST(ParadeAdd, AQueenLeavesTheGapOfTheTableInForce) {
  std::string fen(kExample);
  fen.replace(fen.find("deck=8D,9D,TD,QH"), 16, "deck=QH,9D,TD,8D");
  State s = parse(fen);
  EXPECT_EQ(at(play(s, "add").state, "c5"), "Q");  // e4 + 5 empty squares
  Readings r;
  r.choose(reading::kTable, "value_order");
  StepResult under = play(s, "add", r);
  EXPECT_EQ(at(under.state, "b5"), "Q");
  EXPECT_EQ(under.trace.readings().at(std::string(reading::kTable)), "value_order");
}

TEST(ParadeAdd, PastH8TheCardIsSpentOrTheCountWraps) {
  // The last piece is the knight on g8: the king of hearts' six empty squares run past h8.
  State s = parse("6n1/8/8/8/8/r1B1r3/8/R1N1k1b1 w - - 0 1 count=0 deck=KH,8D,9D,TD,QH,8S,9C,QS down=- phase=play "
                  "setup=TH,8H,KS,9S,TS,9H,TC,8C up=- void=-");
  StepResult spent = play(s, "add");
  EXPECT_EQ(spent.state.position.vars.at("void"), "KH");
  EXPECT_EQ(spent.trace.readings().at(std::string(reading::kOffBoard)), "card_spent");
  Readings wrap;
  wrap.choose(reading::kOffBoard, "wrap");
  // h8, b1, d1, f1, h1, a2 are the six empty squares left: the king goes to b2.
  StepResult wrapped = play(s, "add", wrap);
  EXPECT_EQ(at(wrapped.state, "b2"), "K");
  EXPECT_EQ(wrapped.state.position.vars.at("up"), "KH");
}

TEST(ParadeWin, AConnectedGroupWinsWithTheCardsLeft) {
  State s = parse("8/8/8/8/8/4r3/8/RrBbNnk1 w - - 0 1 count=0 deck=8D,9D,TD,QH,KH,8S,9C,QS down=- phase=play "
                  "setup=TH,TS,9H,9S,8H,8C,KS,TC up=- void=-");
  // The bishop on c1 moves the rook from e3 to d2, touching d1.
  StepResult r = play(s, "c1e3d2");
  EXPECT_EQ(r.state.outcome.result, Result::PlayerWins);
  EXPECT_EQ(v().scores(r.state), (std::vector<std::pair<std::string, int>>{{"player", 7}}));
  EXPECT_TRUE(r.trace.fired(clause::kWinConnected));
  // Diagonal neighbours don't count.
  Position pos(BoardShape{8, 8}, kinds());
  pos.add(*kinds().find("K"), Color::White, *parse_square(pos.shape(), "a1"));
  pos.add(*kinds().find("R"), Color::Black, *parse_square(pos.shape(), "b2"));
  EXPECT_FALSE(connected(pos));
  pos.add(*kinds().find("N"), Color::Black, *parse_square(pos.shape(), "b1"));
  EXPECT_TRUE(connected(pos));
}

TEST(ParadeCount, OutOfCardsTheCountGoesNegativeAndEndsAtMinusSixteen) {
  // A board where pieces can still move: the count phase.
  State s = parse("8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 w - - 0 1 count=15 deck=- down=8D,9D,TD,QH,KH,8S,9C,QS phase=count "
                  "setup=9H,TH,KS,TS,8C,8H,TC,9S up=- void=-");
  EXPECT_EQ(v().scores(s), (std::vector<std::pair<std::string, int>>{{"player", -15}}));
  for (const Move& m : v().actions(s, Role::Player)) EXPECT_NE(v().move_text(s, m), "add");
  StepResult r = play(s, "e4f3g2");
  EXPECT_EQ(r.state.outcome.result, Result::PlayerLoses);
  EXPECT_EQ(v().scores(r.state), (std::vector<std::pair<std::string, int>>{{"player", -16}}));
  Readings cont;
  cont.choose(reading::kExhausted, "continue");
  StepResult on = play(s, "e4f3g2", cont);
  EXPECT_FALSE(on.state.outcome.over());
  EXPECT_EQ(v().scores(on.state), (std::vector<std::pair<std::string, int>>{{"player", -16}}));
}

TEST(ParadeInput, BadTextIsRejectedNotCrashed) {
  State s = parse(kExample);
  for (std::string_view bad : {"", "e4", "e4f3", "e4f3g2h", "e4:f3g2", "z9f3g2", "addd", "shuffle-3", "0000"})
    EXPECT_FALSE(v().parse_joint(s, bad).ok()) << bad;
  for (std::string_view bad :
       {"8/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1 count=0 deck=- down=- phase=deal setup=- up=- void=x",
        "8/8/8/8/8/8/8/P7 w - - 0 1 count=0 deck=- down=- phase=deal setup=- up=- void=-",
        "8/8/8/8/8/8/8/8 w - - 0 1 count=0 deck=- down=- phase=play setup=- up=- void=-",
        "8/8/8/8/8/8/8/8 w - - 0 1 count=99999 deck=- down=- phase=deal setup=- up=- void=-",
        "8/8/8/8/8/8/8/8 w - - 0 1 count=0 deck=- down=- extra=1 phase=deal setup=- up=- void=-",  // unknown field
        "8/8/8/8/8/8/8/8 w - - 0 1 count=0 deck=- down=- phase=dealt setup=- up=- void=-"})        // bad phase
    EXPECT_FALSE(v().parse_state(bad).ok()) << bad;
  EXPECT_TRUE(v().parse_joint(v().initial_state(), "shuffle-65535").ok());
  EXPECT_FALSE(v().parse_joint(v().initial_state(), "shuffle-65536").ok());
}

TEST(ParadeInput, MutatedStateTextIsParsedOrRejectedNeverCrashes) {
  std::mt19937 rng(7);
  const std::string base(kExample);
  const std::string alphabet = "0123456789abcdefghKQRBNkqrbnp/=,-# HDSCTwx";
  int accepted = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string text = base;
    for (int edits = 1 + static_cast<int>(rng() % 3); edits > 0; --edits) {
      std::size_t at = rng() % text.size();
      switch (rng() % 3) {
        case 0: text[at] = alphabet[rng() % alphabet.size()]; break;
        case 1: text.erase(at, 1); break;
        default: text.insert(at, 1, alphabet[rng() % alphabet.size()]);
      }
    }
    auto s = v().parse_state(text);
    if (!s.ok()) continue;
    ++accepted;
    EXPECT_TRUE(v().check_invariants(*s).empty()) << text;
    for (Role role : v().roles_to_act(*s))
      for (const Move& m : v().actions(*s, role)) v().step(*s, {{role, m}}, {});
  }
  EXPECT_GT(accepted, 0);
}

TEST(ParadeScenarios, EveryScenarioPasses) {
  auto results = run_scenario_folder(std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios", "parade");
  EXPECT_GE(results.size(), 24u);
  std::cout << "parade: " << results.size() << " scenarios\n";
  for (const ScenarioResult& r : results)
    for (const std::string& f : r.run.failures) ADD_FAILURE() << r.scenario.name << ": " << f;
}

// What the text leaves unsaid, or gets wrong, is recorded with a witness step:
// the missing appendix A, one gap per kind or per colour, whether the player
// sees the top card, and the add example's g7.
TEST(ParadeScenarios, TheTextsGapsAndMismatchesAreRecordedWithWitnesses) {
  auto results = run_scenario_folder(std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios", "parade");
  test::expect_recorded_finding(results, "parade.appendix_a.missing", FindingKind::Gap);
  test::expect_recorded_finding(results, "parade.appendix_a.gap_per_colour", FindingKind::Gap);
  test::expect_recorded_finding(results, "parade.play.top_card_unseen", FindingKind::Gap);
  test::expect_recorded_finding(results, "parade.example.add_eight_of_diamonds", FindingKind::ExampleMismatch);
}

TEST(ParadeGames, TenThousandRandomGamesEndWithinTheBound) {
  std::mt19937_64 rng(20261123);
  auto start = std::chrono::steady_clock::now();
  int wins = 0, losses = 0, longest = 0;
  for (int game = 0; game < 10000; ++game) {
    State s = v().initial_state();
    int steps = 0;
    while (!s.outcome.over()) {
      ASSERT_LT(steps, v().step_bound()) << "game " << game << " outlasts the bound: " << v().fen(s);
      Roles roles = v().roles_to_act(s);
      ASSERT_EQ(roles.size(), 1u);
      Move m;
      if (roles[0] == Role::Chance) {
        m = shuffle_action(static_cast<std::uint16_t>(rng() & 0xffff));
      } else {
        std::vector<Move> acts = v().actions(s, Role::Player);
        ASSERT_FALSE(acts.empty()) << v().fen(s);
        m = acts[rng() % acts.size()];
      }
      StepResult r = v().step(s, {{roles[0], m}}, {});
      s = std::move(r.state);
      ++steps;
      auto broken = v().check_invariants(s);
      ASSERT_TRUE(broken.empty()) << broken.front().label << ": " << broken.front().detail << " in " << v().fen(s);
      if (steps % 7 == game % 7) {
        auto back = v().parse_state(v().fen(s));
        ASSERT_TRUE(back.ok()) << back.error();
        ASSERT_EQ(v().fen(*back), v().fen(s));
        ASSERT_EQ(back->outcome.result, s.outcome.result);
      }
    }
    longest = std::max(longest, steps);
    wins += s.outcome.result == Result::PlayerWins;
    losses += s.outcome.result == Result::PlayerLoses;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "parade: 10000 random games, " << wins << " won, " << losses << " lost, longest " << longest
            << " steps, " << static_cast<int>(10000 / seconds) << " games/s\n";
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
}

}  // namespace
}  // namespace arbiter::parade

namespace arbiter::parade {
namespace {

// The bounded alternatives keep the bound and the invariants too
// (parade.count.exhausted=continue has no bound by design).
TEST(ParadeGames, OtherAlternativesKeepTheBoundAndInvariants) {
  std::mt19937_64 rng(99);
  for (auto [point, alt] : {std::pair{reading::kTable, "value_order"}, std::pair{reading::kOffBoard, "wrap"},
                            std::pair{reading::kNoMove, "pass"}}) {
    Readings readings;
    readings.choose(point, alt);
    for (int game = 0; game < 500; ++game) {
      State s = v().initial_state();
      int steps = 0;
      while (!s.outcome.over()) {
        ASSERT_LT(steps++, v().step_bound()) << point << "=" << alt << ": " << v().fen(s);
        Role role = v().roles_to_act(s).at(0);
        Move m = shuffle_action(static_cast<std::uint16_t>(rng() & 0xffff));
        if (role == Role::Player) {
          std::vector<Move> acts = v().actions(s, role, readings);
          ASSERT_FALSE(acts.empty()) << point << "=" << alt << ": " << v().fen(s);
          m = acts[rng() % acts.size()];
        }
        s = v().step(s, {{role, m}}, readings).state;
        auto broken = v().check_invariants(s);
        ASSERT_TRUE(broken.empty()) << broken.front().label << " in " << v().fen(s);
      }
    }
  }
}

}  // namespace
}  // namespace arbiter::parade
