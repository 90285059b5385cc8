// Two Move Chess: the text map covers every sentence, the scenarios pass,
// random complete games end with every invariant kept, and the rules (cards,
// elimination, order, the pawn bar, castling, promotion, king capture) come
// out as the text states them.
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <optional>
#include <cstdio>
#include <algorithm>
#include <bit>
#include <random>
#include <set>

#include "model/core/fen.h"
#include "model/core/mirror.h"
#include "model/core/rules_text.h"
#include "model/core/scenario.h"
#include "model/core/text_map.h"
#include "model/variants/registry.h"
#include "model/variants/two_move/two_move.h"

namespace arbiter::two_move {
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

std::optional<StepResult> last;

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
    last = game().step(s, *joint, r);
    s = last->state;
    auto broken = game().check_invariants(s);
    EXPECT_TRUE(broken.empty()) << word << ": " << (broken.empty() ? "" : broken[0].label + " " + broken[0].detail);
  }
  return s;
}

std::string var(const State& s, std::string_view key) {
  auto it = s.position.vars.find(key);
  return it == s.position.vars.end() ? "<none>" : it->second;
}

std::string at(const State& s, const char* square) {
  auto sq = parse_square(s.position.shape(), square);
  PieceId id = s.position.occupant(*sq);
  if (id == kNoPiece) return "-";
  const Piece& p = s.position.piece(id);
  std::string code = s.position.kind_of(p).code;
  return p.color == Color::White ? code : std::string(1, static_cast<char>(std::tolower(code[0])));
}

Readings with(std::string_view point, std::string_view alt) {
  Readings r;
  r.choose(point, alt);
  return r;
}

// After White's pick RK: Black free, White holds N B Q.
constexpr const char* kTurnOne = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bup=- phase=choose wup=RK";

// --- The text -------------------------------------------------------------

TEST(TwoMove, TextMapCoversEverySentenceWithKnownIds) {
  auto text = load_rules_text(default_rules_dir(), kTextSection);
  ASSERT_TRUE(text.ok()) << text.error();
  for (const std::string& p : check_text_map(*text, text_map(), clauses(), readings())) ADD_FAILURE() << p;
  EXPECT_GT(map_text(*text, text_map()).size(), 35u);
}

TEST(TwoMove, EveryClauseAndReadingPointIsCitedByASentence) {
  std::set<std::string_view> cited;
  for (const TextSpan& span : text_map())
    for (std::string_view id : span.ids) cited.insert(id);
  std::set<std::string_view> ids;
  for (const Clause& c : clauses()) {
    EXPECT_TRUE(cited.count(c.id)) << "clause " << c.id;
    EXPECT_TRUE(c.id.starts_with("two-move.")) << c.id;
    EXPECT_TRUE(c.quote.starts_with("Two Move Chess")) << c.id;
    EXPECT_TRUE(ids.insert(c.id).second) << c.id;
  }
  for (const ReadingPoint& r : readings()) {
    EXPECT_TRUE(cited.count(r.id)) << "reading " << r.id;
    EXPECT_TRUE(ids.insert(r.id).second) << r.id;
    EXPECT_GE(r.alternatives.size(), 2u) << r.id;
    EXPECT_FALSE(r.question.empty() || r.quote.empty() || r.why_default.empty()) << r.id;
    bool has_default = false;
    for (const Alternative& a : r.alternatives) has_default = has_default || a.id == r.default_alternative;
    EXPECT_TRUE(has_default) << r.id;
  }
}

// docs/rules/two-move.md is written from the map by `arbiter rules two-move
// --markdown` (test_text_coverage keeps it current); the walk-through names
// every clause and reading point.
TEST(TwoMove, TheRulesWalkThroughNamesEveryId) {
  auto text = load_rules_text(default_rules_dir(), kTextSection);
  ASSERT_TRUE(text.ok()) << text.error();
  std::string md = text_map_markdown(kVariantName, kVariantId, kTextSection.file, *text, text_map(), clauses(), readings());
  for (const Clause& c : clauses()) EXPECT_NE(md.find(std::string(c.id)), std::string::npos) << c.id;
  for (const ReadingPoint& r : readings()) EXPECT_NE(md.find(std::string(r.id)), std::string::npos) << r.id;
}

TEST(TwoMove, EveryScenarioPasses) {
  auto results = run_scenario_folder(std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios", "two-move");
  EXPECT_GE(results.size(), 30u);
  for (const ScenarioResult& r : results) {
    std::string why;
    for (const std::string& f : r.run.failures) why += "\n  " + f;
    EXPECT_TRUE(r.run.passed()) << r.scenario.name << " (" << r.scenario.file << ":" << r.scenario.line << ")" << why;
  }
}

// --- The rules -------------------------------------------------------------

// two-move.move.card_order, two-move.eliminate.*: every pair of choices gives
// four single moves, two cards that move twice, or nothing; the cards left
// are of different types, so the value order has no ties.
TEST(TwoMove, EveryPairOfChoicesGivesAnOrderWithoutTies) {
  int four = 0, doubled = 0, none = 0;
  for (int w = 0; w < 32; ++w)
    for (int b = 0; b < 32; ++b) {
      if (std::popcount(static_cast<unsigned>(w)) != 2 || std::popcount(static_cast<unsigned>(b)) != 2) continue;
      std::string order = card_moves(static_cast<CardSet>(w), static_cast<CardSet>(b));
      int match = std::popcount(static_cast<unsigned>(w & b));
      if (match == 2) {
        EXPECT_EQ(order, "");
        ++none;
        continue;
      }
      ASSERT_EQ(order.size(), 4u) << w << " " << b;
      std::string values;
      for (char c : order) values += static_cast<char>('0' + kCardLetters.find(static_cast<char>(std::toupper(c))));
      EXPECT_TRUE(std::is_sorted(values.begin(), values.end())) << order;
      if (match == 1) {
        EXPECT_EQ(order[0], order[1]) << order;
        EXPECT_EQ(order[2], order[3]) << order;
        EXPECT_NE(std::toupper(order[0]), std::toupper(order[2])) << order;
        ++doubled;
      } else {
        std::set<char> types;
        for (char c : order) types.insert(static_cast<char>(std::toupper(c)));
        EXPECT_EQ(types.size(), 4u) << order;
        ++four;
      }
    }
  EXPECT_EQ(none, 10);
  EXPECT_EQ(doubled, 60);
  EXPECT_EQ(four, 30);
  EXPECT_EQ(card_moves(0b00011, 0b01100), "NBrq");
  EXPECT_EQ(card_moves(0b00011, 0b01010), "NNqq");
}

TEST(TwoMove, WhitePicksFirstThenBothChoose) {
  State s = game().initial_state();
  EXPECT_EQ(game().roles_to_act(s), Roles{Role::White});
  EXPECT_EQ(action_texts(s, Role::White).size(), 10u);
  EXPECT_TRUE(action_texts(s, Role::Black).empty());
  // two-move.setup.white_face_up: any two of the five ("pick king and rook" is first-game advice).
  EXPECT_TRUE(action_texts(s, Role::White).count("NB"));
  s = play(s, "RK");
  EXPECT_EQ(game().roles_to_act(s), (Roles{Role::White, Role::Black}));
  // two-move.choose.not_face_up: White holds N, B, Q; Black all five.
  EXPECT_EQ(action_texts(s, Role::White), (std::set<std::string>{"NB", "NQ", "BQ"}));
  EXPECT_EQ(action_texts(s, Role::Black).size(), 10u);
}

TEST(TwoMove, TheCardsOwnerMovesAPieceOfItsTypeOrAPawn) {
  State s = play(parse(kTurnOne), "NB:RQ");
  EXPECT_EQ(game().roles_to_act(s), Roles{Role::White});
  // Knight card: two knights' four moves and sixteen pawn moves.
  std::set<std::string> moves = action_texts(s, Role::White);
  EXPECT_EQ(moves.size(), 20u);
  EXPECT_TRUE(moves.count("g1f3") && moves.count("e2e4") && !moves.count("c1a3"));
  s = play(s, "e2e4");
  moves = action_texts(s, Role::White);
  EXPECT_FALSE(moves.count("e4e5"));  // two-move.move.pawn_once_per_turn
  EXPECT_TRUE(moves.count("f1c4"));   // the bishop card, once e2 is open
  s = play(s, "f1c4 e7e5 d8h4");
  // After the turn White has four cards face up and takes them back.
  EXPECT_EQ(var(s, kWhiteUpKey), "-");
  EXPECT_EQ(var(s, kBlackUpKey), "RQ");
  EXPECT_EQ(var(s, kPhaseKey), "choose");
  EXPECT_EQ(s.position.fullmove_number, 2);
}

TEST(TwoMove, ACardWithNoLegalMovePasses) {
  State s = parse("4k3/8/8/p7/P7/8/8/4K3 b - - 0 1 bplay=RQ bup=- pawns=- phase=move todo=q wplay=NB wup=RK");
  std::vector<Move> moves = game().actions(s, Role::Black);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_TRUE(moves[0].is(kMovePass));
  EXPECT_EQ(game().move_text(s, moves[0]), "0000");
}

TEST(TwoMove, NoCheckAndTheKingsCapture) {
  // two-move.goal.no_check: the king may step next to the enemy king.
  State s = parse("8/8/8/8/8/8/3k4/4K3 w - - 0 1 bplay=NB bup=- pawns=- phase=move todo=K wplay=QK wup=BR");
  EXPECT_TRUE(action_texts(s, Role::White).count("e1d1"));
  s = play(s, "e1d2");
  EXPECT_EQ(s.outcome.result, Result::WhiteWins);
  EXPECT_TRUE(game().roles_to_act(s).empty());
  EXPECT_TRUE(game().actions(s, Role::White).empty());
  // The finished game's text replays: result= is read back.
  State back = parse(game().fen(s));
  EXPECT_EQ(back.outcome.result, Result::WhiteWins);
}

TEST(TwoMove, CastlingIgnoresAttacksButNeedsRightsAndEmptySquares) {
  State s = parse("r3k2r/8/8/1b6/8/8/8/R3K2R w KQkq - 0 5 bplay=NB bup=- pawns=- phase=move todo=K wplay=QK wup=BR");
  std::set<std::string> moves = action_texts(s, Role::White);
  EXPECT_TRUE(moves.count("e1g1"));  // f1 attacked by the bishop: still allowed
  EXPECT_TRUE(moves.count("e1c1"));
  s = play(s, "e1g1");
  EXPECT_EQ(at(s, "g1"), "K");
  EXPECT_EQ(at(s, "f1"), "R");
  EXPECT_EQ(s.position.castling, kBlackKingside | kBlackQueenside);
  ASSERT_TRUE(last.has_value());
  EXPECT_TRUE(last->trace.fired(clause::kCastleAttacked));
}

TEST(TwoMove, ActionNotationReadsAndRejects) {
  State s = parse(kTurnOne);
  for (const char* good : {"NB", "BN", "QK", "KN"}) {
    auto m = game().read_move(s, Role::Black, good);
    ASSERT_TRUE(m.ok()) << good;
    std::string text = game().move_text(s, *m);
    EXPECT_EQ(text.size(), 2u);
    EXPECT_TRUE(std::is_sorted(text.begin(), text.end(), [](char a, char b) {
      return kCardLetters.find(a) < kCardLetters.find(b);
    })) << text;
  }
  for (const char* bad : {"NN", "XY", "PN", "N", "NBR", "zz", "", "e2", "e9e4", "::"})
    EXPECT_FALSE(game().read_move(s, Role::White, bad).ok() &&
                 game().match_action(s, Role::White, *game().read_move(s, Role::White, bad), {}))
        << bad;
  EXPECT_FALSE(game().parse_joint(s, "NB").ok());  // both players choose
  EXPECT_TRUE(game().parse_joint(s, "NB:RQ").ok());
}

TEST(TwoMove, MalformedStatesAreRejectedWithAReason) {
  const char* bad[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bup=- phase=choose wup=-",    // nobody face up
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bup=NB phase=choose wup=RK",  // both face up
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bup=- phase=choose wup=KR",   // not in value order
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bup=- phase=choose wup=RKQ",  // three face up
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bup=- phase=dance wup=RK",    // bad phase
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bup=- wup=RK",                // no phase
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bup=- phase=choose wup=RK x=1",  // unknown field
      "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1 bup=- phase=choose wup=RK",     // no black king
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bup=- phase=choose result=won wup=RK",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bplay=RQ bup=- pawns=- phase=move todo=NrBq wplay=NB wup=RK",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bplay=RQ bup=- pawns=- phase=move todo=NBrq wplay=NR wup=RK",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 bplay=RQ bup=- pawns=- phase=move todo=NBrq wplay=NB wup=RK",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bplay=RQ bup=- pawns=e4 phase=move todo=NBrq wplay=NB wup=RK",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bplay=RQ bup=- pawns=z9 phase=move todo=NBrq wplay=NB wup=RK",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bplay=RQ bup=- phase=move todo=NBrq wplay=NB wup=RK",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bplay=RQ bup=- pawns=- phase=move todo=NBrq twice=f3 wplay=NB wup=RK",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1 bup=- phase=choose wup=RK",  // en passant square
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1 bup=- phase=choose wup=RK",      // pawn on rank 1
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1 bup=- phase=choose wup=RK",    // rights without king
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bup=- fallen=x phase=choose wup=RK",
      "8/8/8 w - - 0 1 bup=- phase=pick wup=-",
      "",
  };
  for (const char* fen : bad) {
    auto s = game().parse_state(fen);
    EXPECT_FALSE(s.ok()) << fen;
  }
  EXPECT_TRUE(game().parse_state(kTurnOne).ok());
  // The example of docs/two-move.md is what the game writes after NB:RQ e2e4.
  State s = play(parse(kTurnOne), "NB:RQ e2e4");
  EXPECT_EQ(game().fen(s), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 bplay=RQ bup=- pawns=e4 "
                           "phase=move todo=Brq wplay=NB wup=RK");
  EXPECT_TRUE(game().parse_state(game().fen(game().initial_state())).ok());
}

// A move the default readings allow and the readings in force do not is
// rejected: a reject event, and no move for that card.
TEST(TwoMove, AMoveTheReadingsBarIsRejectedAndTheCardMakesNoMove) {
  // The pawn promoted with the knight card; the queen card moves the new queen
  // unless it still counts as the pawn (two-move.promoted_pawn=still_the_pawn).
  Readings still_pawn = with(reading::kPromotedPawn, "still_the_pawn");
  State s = play(parse("k7/4P3/8/8/8/8/8/4K3 w - - 0 1 bplay=BR bup=- pawns=- phase=move todo=NbrQ wplay=NQ wup=RK"),
                 "e7e8q 0000 0000");
  Move queen_again{*parse_square(s.position.shape(), "e8"), *parse_square(s.position.shape(), "e4")};
  StepResult r = game().step(s, {{Role::White, queen_again}}, still_pawn);
  bool rejected = false;
  for (const Event& e : r.trace.events()) rejected = rejected || e.type == EventType::Reject;
  EXPECT_TRUE(rejected);
  EXPECT_EQ(at(r.state, "e8"), "Q");
  EXPECT_EQ(at(r.state, "e4"), "-");
  EXPECT_EQ(r.trace.readings().count(std::string(reading::kPromotedPawn)), 1u);
  // Under the default the same move is made.
  EXPECT_EQ(at(game().step(s, {{Role::White, queen_again}}, {}).state, "e4"), "Q");
}

// The colour mirror over whole games (the law of properties/ checks the
// first steps only): the rules are symmetric between the colours, so the
// mirrored step gives the mirrored result.
TEST(TwoMove, TheMirroredStepGivesTheMirroredResult) {
  std::mt19937_64 rng(99);
  int checked = 0;
  for (int g = 0; g < 200; ++g) {
    State s = game().initial_state();
    for (int n = 0; n < 400 && !s.outcome.over(); ++n) {
      JointAction joint;
      for (Role role : game().roles_to_act(s)) {
        std::vector<Move> moves = game().actions(s, role);
        joint.push_back({role, moves[rng() % moves.size()]});
      }
      State next = game().step(s, joint, {}).state;
      std::optional<State> m = game().mirror(s);
      // Every state but the one before White's first pick has its mirror.
      if (var(s, kPhaseKey) != "pick") ASSERT_TRUE(m.has_value()) << game().fen(s);
      if (m) {
        JointAction swapped;
        for (const Action& a : joint) swapped.push_back({mirror_role(a.role), mirror_move(s.position.shape(), a.move)});
        State via = game().step(*m, swapped, {}).state;
        auto want = game().mirror(next);
        ASSERT_TRUE(want.has_value());
        ASSERT_EQ(game().fen(via), game().fen(*want)) << game().fen(s);
        ++checked;
      }
      s = next;
    }
  }
  EXPECT_GT(checked, 10000);
}

// Every clause is pinned by a scenario that expects it to fire, and every
// alternative of every reading point by a scenario read under it.
TEST(TwoMove, ScenariosPinEveryClauseAndEveryAlternative) {
  ScenarioFolder folder = load_scenario_folder(std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios", "two-move");
  EXPECT_TRUE(folder.unreadable.empty());
  std::set<std::string> fired, read;
  for (const Scenario& sc : folder.scenarios) {
    for (const std::string& c : sc.clauses) fired.insert(c);
    for (const std::string& r : sc.readings) read.insert(r);
    for (const std::string& r : sc.consulted) read.insert(r);
  }
  for (const Clause& c : clauses()) EXPECT_TRUE(fired.count(std::string(c.id))) << c.id;
  for (const ReadingPoint& p : readings())
    for (const Alternative& a : p.alternatives)
      EXPECT_TRUE(read.count(std::string(p.id) + "=" + std::string(a.id))) << p.id << "=" << a.id;
}

// --- Random complete games ------------------------------------------------

// Plays random games from the start; every acting role picks a random
// action. The text implies no step bound, so a game is cut off (and counted
// as such) after kCap steps.
struct Tally {
  int games = 0, white = 0, black = 0, draw = 0, cut_off = 0;
  long steps = 0;
};

Tally random_games(int count, const Readings& readings, std::uint64_t seed, int cap) {
  std::mt19937_64 rng(seed);
  Tally t;
  for (int g = 0; g < count; ++g) {
    State s = game().initial_state();
    int n = 0;
    for (; n < cap && !s.outcome.over(); ++n) {
      JointAction joint;
      for (Role role : game().roles_to_act(s)) {
        std::vector<Move> moves = game().actions(s, role, readings);
        EXPECT_FALSE(moves.empty()) << game().fen(s);
        if (moves.empty()) return t;
        joint.push_back({role, moves[rng() % moves.size()]});
      }
      // Every 64th step goes through step (with its trace), the rest through apply.
      if (n % 64 == 0) s = game().step(s, joint, readings).state;
      else s = game().apply(s, joint, readings);
      auto broken = game().check_invariants(s);
      EXPECT_TRUE(broken.empty()) << game().fen(s) << ": " << (broken.empty() ? "" : broken[0].label);
      if (!broken.empty()) return t;
      if (n % 97 == 0) {
        auto back = game().parse_state(game().fen(s));
        EXPECT_TRUE(back.ok()) << game().fen(s) << ": " << (back.ok() ? "" : back.error());
        if (back.ok()) {
          EXPECT_EQ(game().fen(*back), game().fen(s));
        }
      }
    }
    ++t.games;
    t.steps += n;
    if (!s.outcome.over()) {
      ++t.cut_off;
    } else if (s.outcome.result == Result::WhiteWins) {
      ++t.white;
    } else if (s.outcome.result == Result::BlackWins) {
      ++t.black;
    } else {
      ++t.draw;
    }
  }
  return t;
}

TEST(TwoMove, TenThousandRandomGamesEndWithTheirInvariantsKept) {
  constexpr int kCap = 4000;
  auto start = std::chrono::steady_clock::now();
  Tally t = random_games(10000, Readings{}, 2026, kCap);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("two-move: %d random games (default readings), %ld steps, %.1f s, %.0f games/s, %.0f steps/s\n", t.games,
              t.steps, seconds, t.games / seconds, t.steps / seconds);
  std::printf("two-move: white wins %d, black wins %d, draws %d, cut off after %d steps: %d\n", t.white, t.black, t.draw,
              kCap, t.cut_off);
  EXPECT_EQ(t.games, 10000);
  // The text has no draw rule: a game no side can win goes on for ever, and
  // the harness cuts it; count it, do not hide it.
  EXPECT_LT(t.cut_off, 10);
  EXPECT_EQ(t.white + t.black + t.draw + t.cut_off, t.games);
}

TEST(TwoMove, RandomGamesUnderEveryAlternativeKeepTheInvariants) {
  for (const ReadingPoint& point : readings())
    for (const Alternative& alt : point.alternatives) {
      Tally t = random_games(100, with(point.id, alt.id), 7, 4000);
      EXPECT_EQ(t.games, 100) << point.id << "=" << alt.id;
    }
}

}  // namespace
}  // namespace arbiter::two_move
