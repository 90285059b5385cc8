// Booster Chess: the text map, the tables, the scenario files, random games
// to their end, and the rules (boost, hobble, cancel, add, draw, check).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "model/core/chance.h"
#include "model/core/fen.h"
#include "model/core/rules_text.h"
#include "model/core/scenario.h"
#include "model/core/text_map.h"
#include "model/variants/booster/booster.h"
#include "model/variants/booster/clauses.h"
#include "model/variants/booster/rules.h"
#include "model/variants/registry.h"

namespace arbiter::booster {
namespace {

const Variant& v() { return variant(); }
KindId orthodox_king() { return 0; }  // orthodox::kKing: booster uses the orthodox piece set

std::string rule_text() {
  auto text = load_rules_text(default_rules_dir(), kTextSection);
  EXPECT_TRUE(text.ok()) << text.error();
  return text.ok() ? *text : std::string();
}

State state(const std::string& fen) {
  auto s = v().parse_state(fen);
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? *s : v().initial_state();
}

std::vector<std::string> texts(const State& s, Role role, const Readings& r = {}) {
  std::vector<std::string> out;
  for (const Move& m : v().actions(s, role, r)) out.push_back(v().move_text(s, m));
  std::sort(out.begin(), out.end());
  return out;
}

bool has(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

State play(State s, const std::string& action, const Readings& r = {}, Trace* trace = nullptr) {
  Roles roles = v().roles_to_act(s);
  EXPECT_EQ(roles.size(), 1u);
  auto m = v().parse_action(s, roles.at(0), action, r);
  EXPECT_TRUE(m.ok()) << action << ": " << (m.ok() ? "" : m.error()) << " in " << v().fen(s);
  if (!m.ok()) return s;
  StepResult res = v().step(s, {{roles[0], *m}}, r);
  if (trace) *trace = res.trace;
  return res.state;
}

// --- Text, tables ---------------------------------------------------------

TEST(Booster, TextMapCoversEverySentenceWithKnownIds) {
  std::string text = rule_text();
  ASSERT_FALSE(text.empty());
  for (const std::string& p : check_text_map(text, text_map(), clauses(), readings())) ADD_FAILURE() << p;
  EXPECT_GT(map_text(text, text_map()).size(), 50u);
}

TEST(Booster, EveryClauseAndReadingPointIsCitedByASentence) {
  std::set<std::string_view> cited;
  for (const TextSpan& span : text_map())
    for (std::string_view id : span.ids) cited.insert(id);
  for (const Clause& c : clauses()) EXPECT_TRUE(cited.count(c.id)) << "clause " << c.id;
  for (const ReadingPoint& r : readings()) EXPECT_TRUE(cited.count(r.id)) << "reading point " << r.id;
}

TEST(Booster, ClauseAndReadingTablesAreWellFormed) {
  std::set<std::string_view> ids;
  for (const Clause& c : clauses()) {
    EXPECT_TRUE(c.id.starts_with("booster.")) << c.id;
    EXPECT_TRUE(ids.insert(c.id).second) << "repeated id " << c.id;
    EXPECT_TRUE(c.quote.starts_with("Booster Chess")) << c.id;
  }
  for (const ReadingPoint& r : readings()) {
    EXPECT_TRUE(r.id.starts_with("booster.")) << r.id;
    EXPECT_TRUE(ids.insert(r.id).second) << "repeated id " << r.id;
    EXPECT_GE(r.alternatives.size(), 2u) << r.id;
    EXPECT_FALSE(r.question.empty() || r.quote.empty() || r.why_default.empty()) << r.id;
    std::set<std::string_view> alts;
    for (const Alternative& a : r.alternatives) EXPECT_TRUE(alts.insert(a.id).second) << r.id;
    EXPECT_TRUE(alts.count(r.default_alternative)) << r.id;
  }
}

// --- Scenario files ---------------------------------------------------------

TEST(Booster, EveryScenarioFilePasses) {
  auto results = run_scenario_folder(std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios", "booster");
  EXPECT_GT(results.size(), 0u);
  for (const auto& r : results) {
    std::string failures;
    for (const std::string& f : r.run.failures) failures += "\n  " + f;
    EXPECT_TRUE(r.run.passed()) << r.scenario.name << ":" << failures;
  }
}

}  // namespace
}  // namespace arbiter::booster

namespace arbiter::booster {
namespace {

// Whether the side to move could take the other king this turn by playing
// it out: every normal move, then every sequence of booster moves (own
// king's safety ignored, as for a threat). The oracle for threatened().
bool king_capturable(const Position& pos, const Readings& r) {
  Color us = pos.side_to_move;
  Ctx ctx{&r, nullptr};
  auto king_gone = [&](const Position& p) { return p.find(orthodox_king(), opposite(us)) == kNoSquare; };
  std::function<bool(const Position&, Square)> boost = [&](const Position& p, Square at) {
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr) {
        Square to = p.shape().offset(at, df, dr);
        if ((df == 0 && dr == 0) || to == kNoSquare) continue;
        PieceId o = p.occupant(to);
        if (o != kNoPiece && p.piece(o).color == us) continue;
        Position next = p;
        bool go_on = play_boost(next, Move{at, to}, ctx, nullptr);
        if (king_gone(next)) return true;
        if (go_on && boost(next, to)) return true;
      }
    return false;
  };
  MoveList moves;
  pseudo_moves(pos, ctx, moves);
  for (const Move& m : moves) {
    Position next = pos;
    bool may_boost = play_move(next, m, ctx, nullptr);
    if (king_gone(next)) return true;
    if (may_boost && boost(next, m.to)) return true;
  }
  return false;
}

// --- Random games -----------------------------------------------------------

int games_to_play() {
  if (const char* n = std::getenv("BOOSTER_GAMES")) return std::atoi(n);
  return 10000;
}

// The harness's own bound on a random game: the text bounds no game (booster
// moves walk pawns back), so a game still going after this many steps is cut,
// counted, and not failed.
constexpr int kStepsPerGame = 6000;

// What random_games_checked counted: the steps that left a player making
// booster moves in check, the cards that left their player's king in check,
// and the cards played with their player's king in check (which must end it).
struct QuestionCounts {
  long boosting_in_check = 0, exposed_by_card = 0, card_in_check = 0;
};
void random_games_checked(int games, const Readings& readings, bool kings_safe_at_turn_start,
                          QuestionCounts* counted = nullptr);
void random_games(int games, const Readings& readings) { random_games_checked(games, readings, true); }

void random_games_checked(int games, const Readings& readings, bool kings_safe_at_turn_start, QuestionCounts* counted) {
  std::mt19937_64 rng(20261123);
  std::map<std::string, int> endings;
  long steps_total = 0;
  long threat_checks = 0;
  long boosts = 0, stops = 0, adds = 0, no_adds = 0, shuffles = 0;
  long boosting_in_check = 0, exposed_by_card = 0, card_in_check = 0;
  auto start = std::chrono::steady_clock::now();
  for (int g = 0; g < games; ++g) {
    State s = v().initial_state();
    int steps = 0;
    while (!s.outcome.over() && steps < kStepsPerGame) {
      Roles roles = v().roles_to_act(s);
      ASSERT_EQ(roles.size(), 1u);
      std::vector<Move> moves = v().actions(s, roles[0], readings);
      ASSERT_FALSE(moves.empty()) << "no action in " << v().fen(s);
      Move m = roles[0] == Role::Chance ? shuffle_action(static_cast<std::uint16_t>(rng() & 0xffff))
                                        : moves[rng() % moves.size()];
      Phase phase = phase_of(s.position);
      if (phase == Phase::Boost) ++(m.is(kMovePass) ? stops : boosts);
      if (phase == Phase::Add) ++(m.is(kMovePass) ? no_adds : adds);
      if (phase == Phase::Shuffle) ++shuffles;
      // A card played with the king in check (booster.check_escape=whole_turn).
      bool carded_in_check = phase == Phase::Add && !m.is(kMovePass) &&
                             in_check(s.position, s.position.side_to_move, Ctx{&readings, nullptr});
      card_in_check += carded_in_check;
      s = v().apply(s, {{roles[0], m}}, readings);
      ++steps;
      // The turns that stand in check during booster moves
      // (booster.check_escape=with_boosts) and those a card left in check
      // (booster.add_check=allowed), counted below.
      if (!s.outcome.over() && phase_of(s.position) == Phase::Boost &&
          in_check(s.position, s.position.side_to_move, Ctx{&readings, nullptr}))
        ++boosting_in_check;
      if (!s.outcome.over() && phase == Phase::Add && !m.is(kMovePass) && phase_of(s.position) == Phase::Move &&
          in_check(s.position, opposite(s.position.side_to_move), Ctx{&readings, nullptr}))
        ++exposed_by_card;
      // The card ended the check (and the turn too, or the reshuffle comes first).
      if (carded_in_check) {
        Color mover = phase_of(s.position) == Phase::Move ? opposite(s.position.side_to_move) : s.position.side_to_move;
        ASSERT_FALSE(in_check(s.position, mover, Ctx{&readings, nullptr})) << v().fen(s);
      }
      auto broken = v().check_invariants(s);
      ASSERT_TRUE(broken.empty()) << broken.front().label << ": " << broken.front().detail << " in " << v().fen(s);
      // The threat search agrees with playing the turn out, and the player
      // who just ended a turn left no king en prise.
      if (phase_of(s.position) == Phase::Move && !s.outcome.over() && steps % 7 == 0) {
        const Readings& r = readings;
        Ctx ctx{&r, nullptr};
        Color mover = s.position.side_to_move;
        Square their_king = s.position.find(orthodox_king(), opposite(mover));
        if (kings_safe_at_turn_start) {
          ASSERT_FALSE(threatened(s.position, their_king, mover, ctx)) << v().fen(s);
          ASSERT_FALSE(king_capturable(s.position, r)) << v().fen(s);
        } else {
          ASSERT_EQ(threatened(s.position, their_king, mover, ctx), king_capturable(s.position, r)) << v().fen(s);
        }
        // The other way round (the player who just moved to act again):
        // the search says check exactly when play could take the king.
        Position again = s.position;
        again.side_to_move = opposite(mover);
        Square my_king = s.position.find(orthodox_king(), mover);
        ASSERT_EQ(threatened(again, my_king, opposite(mover), ctx), king_capturable(again, r)) << v().fen(s);
        ++threat_checks;
      }
      if (steps % 97 == 0) {
        auto back = v().parse_state(v().fen(s));
        ASSERT_TRUE(back.ok()) << back.error();
        ASSERT_EQ(v().fen(*back), v().fen(s));
      }
    }
    steps_total += steps;
    ++endings[s.outcome.over() ? std::string(result_name(s.outcome.result)) + " " + std::string(s.outcome.reason)
                               : "cut by the harness at " + std::to_string(kStepsPerGame) + " steps"];
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("booster: %d random games, %ld steps, %.1f games/s, %.0f steps/s\n", games, steps_total, games / secs,
              steps_total / secs);
  for (const auto& [ending, n] : endings) std::printf("  %s: %d\n", ending.c_str(), n);
  std::printf("  threat search checked against play in %ld positions\n", threat_checks);
  std::printf("  booster moves %ld (stops %ld), cards played %ld (declined %ld), reshuffles %ld\n", boosts, stops,
              adds, no_adds, shuffles);
  std::printf("  booster moves made in check %ld, kings left in check by their own card %ld, cards played in check %ld\n",
              boosting_in_check, exposed_by_card, card_in_check);
  // Neither happens under the defaults.
  if (readings.chosen().find(reading::kCheckEscape) == nullptr) {
    EXPECT_EQ(boosting_in_check, 0);
    EXPECT_EQ(card_in_check, 0);
  }
  if (readings.chosen().find(reading::kAddCheck) == nullptr) {
    EXPECT_EQ(exposed_by_card, 0);
  }
  if (counted) *counted = {boosting_in_check, exposed_by_card, card_in_check};
  // The random games exercise every part of a turn.
  EXPECT_GT(boosts, 0);
  EXPECT_GT(adds, 0);
  EXPECT_GT(shuffles, 0);
}

TEST(Booster, RandomGamesKeepTheInvariants) { random_games(games_to_play(), Readings{}); }

// The other alternatives of the readings that shape booster moves: the
// threat search must still agree with play.
TEST(Booster, RandomGamesUnderOtherReadingsKeepTheThreatSearchExact) {
  Readings r;
  r.choose(reading::kBoostWhen, "boosted_after");
  r.choose(reading::kRegularDraws, "checkmate_only");
  r.choose(reading::kSpendOrder, "capture_first");
  r.choose(reading::kBackRank, "either");
  r.choose(reading::kBackRankCount, "one");
  r.choose(reading::kBackRankAdd, "returned");
  r.choose(reading::kHobbledPromotion, "promotes");
  r.choose(reading::kHobbledEnPassant, "yes");
  r.choose(reading::kReshuffle, "when_empty");
  random_games(std::max(1, games_to_play() / 20), r);
}

}  // namespace
}  // namespace arbiter::booster

namespace arbiter::booster {
namespace {

// --- Rules ------------------------------------------------------------------

// The card fields of a position whose hands are given: the draw pile holds
// the rest of the 36 cards in deck order.
std::string with_cards(const std::string& board, const std::string& hw, const std::string& hb,
                       const std::string& side = "w") {
  std::string rest(kDeck);
  for (char c : hw + hb) rest.erase(rest.find(c), 1);
  auto f = [](const std::string& x) { return x.empty() ? std::string("-") : x; };
  return board + " " + side + " - - 0 1 discard=- hand_b=" + f(hb) + " hand_w=" + f(hw) + " phase=move stock=" + f(rest);
}

const Piece& at(const State& s, const std::string& square) {
  auto sq = parse_square(s.position.shape(), square);
  PieceId id = s.position.occupant(*sq);
  EXPECT_NE(id, kNoPiece) << square;
  return s.position.piece(id);
}

TEST(Booster, TheChanceRoleDealsSixCardsEachAndHidesThem) {
  State s = v().initial_state();
  EXPECT_EQ(v().roles_to_act(s), Roles{Role::Chance});
  EXPECT_EQ(v().actions(s, Role::Chance).size(), static_cast<std::size_t>(kChanceSamples));
  EXPECT_TRUE(v().actions(s, Role::White).empty());
  s = play(s, "shuffle-4242");
  EXPECT_EQ(field(s.position, kHandWhiteKey).size(), 6u);
  EXPECT_EQ(field(s.position, kHandBlackKey).size(), 6u);
  EXPECT_EQ(field(s.position, kStockKey).size(), 24u);
  EXPECT_EQ(v().actions(s, Role::White).size(), 20u);
  std::string seen = v().observation(s, Role::White);
  EXPECT_NE(seen.find("hand_w=" + std::string(field(s.position, kHandWhiteKey))), std::string::npos);
  EXPECT_NE(seen.find("hand_b=#6"), std::string::npos);
  EXPECT_NE(seen.find("stock=#24"), std::string::npos);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    auto other = v().resample_hidden(s, Role::White, seed);
    ASSERT_TRUE(other);
    EXPECT_EQ(v().observation(*other, Role::White), seen);
    EXPECT_TRUE(v().check_invariants(*other).empty());
  }
}

TEST(Booster, ABoosterMoveSpendsOneCheckerToTheFront) {
  State s = state(with_cards("4k3/8/8/8/8/8/8/4K1N{c=2}1", "PPPP", "pppppp"));
  EXPECT_EQ(in_front(s.position, Color::White), 4);
  s = play(s, "g1f3");
  EXPECT_EQ(at(s, "f3").counter, 2);  // booster.checkers.carry
  EXPECT_EQ(phase_of(s.position), Phase::Boost);
  std::vector<std::string> steps = texts(s, Role::White);
  EXPECT_EQ(steps.size(), 9u);  // eight king's moves and the pass
  s = play(s, "f3f4");
  EXPECT_EQ(at(s, "f4").counter, 1);
  EXPECT_EQ(in_front(s.position, Color::White), 5);
  s = play(s, "f4f5");
  EXPECT_EQ(at(s, "f5").counter, 0);
  EXPECT_EQ(phase_of(s.position), Phase::Add);
  s = play(s, "0000");
  // booster.turn.draw: one card per checker in front.
  EXPECT_EQ(field(s.position, kHandWhiteKey).size(), 6u);
  EXPECT_EQ(s.position.side_to_move, Color::Black);
}

TEST(Booster, AHobbledPieceMovesLikeAPawnAndAHobbledPawnNotAtAll) {
  State s = state(with_cards("4k3/8/8/3p4/8/8/4P{c=10}3/1N{c=10}2K3", "PPPPP", "pppp"));
  std::vector<std::string> moves = texts(s, Role::White);
  EXPECT_TRUE(has(moves, "b1b2"));
  EXPECT_FALSE(has(moves, "b1c3"));
  EXPECT_FALSE(has(moves, "e2e3"));
  EXPECT_FALSE(has(moves, "e2e4"));
}

TEST(Booster, CapturesTakeTheCheckersAndOppositeColoursCancel) {
  // Capturing a hobbled piece: its light checker joins the bishop's.
  State s = state(with_cards("4k3/8/8/8/5n{c=1}2/8/8/2B{c=1}1K3", "PPPP", "pppppp"));
  s = play(s, "c1f4");
  EXPECT_EQ(at(s, "f4").counter, 2);
  // Capturing a boosted piece: one pair cancels, one dark checker hobbles the rook.
  std::string fen = with_cards("4k3/r{c=20}7/8/8/8/8/8/R{c=1}3K3", "PPPPP", "pppp");
  s = play(state(fen), "a1a7");
  EXPECT_EQ(at(s, "a7").counter, 10);
  EXPECT_TRUE(hobbled(at(s, "a7")));
  EXPECT_EQ(in_front(s.position, Color::White), 6);
  EXPECT_EQ(in_front(s.position, Color::Black), 5);
  // On the last rank the hobble checker left over goes back at once
  // (booster.hobble.back_rank).
  s = play(state(with_cards("r{c=20}3k3/8/8/8/8/8/8/R{c=1}3K3", "PPPPP", "pppp")), "a1a8");
  EXPECT_EQ(at(s, "a8").counter, 0);
  EXPECT_EQ(in_front(s.position, Color::Black), 6);
}

TEST(Booster, SpendOrderDecidesACaptureThatMeetsEqualCheckers) {
  std::string fen = with_cards("4k3/8/8/1p{c=10}6/8/8/8/R{c=1}3K3", "PPPPP", "ppppp");
  State a = play(play(state(fen), "a1a4"), "a4b5");
  EXPECT_EQ(at(a, "b5").counter, 10);  // spend_first: spent, then hobbled
  Readings capture_first;
  capture_first.choose(reading::kSpendOrder, "capture_first");
  State b = play(play(state(fen), "a1a4", capture_first), "a4b5", capture_first);
  EXPECT_EQ(at(b, "b5").counter, 0);  // the pair cancels; nothing left to spend
}

TEST(Booster, TheBackRankReturnsHobbleCheckers) {
  std::string fen = with_cards("4k3/6N{c=20}1/8/8/8/8/8/4K3", "PPPPPP", "pppp");
  EXPECT_EQ(at(play(state(fen), "g7g8"), "g8").counter, 0);
  Readings one;
  one.choose(reading::kBackRankCount, "one");
  EXPECT_EQ(at(play(state(fen), "g7g8", one), "g8").counter, 10);
}

TEST(Booster, BoosterMovesThreatenTheKing) {
  State s = state(with_cards("k7/2K5/2N{c=1}5/8/8/8/8/8", "", "pppppp", "b"));
  Readings r;
  Ctx ctx{&r, nullptr};
  // The knight on c6 attacks a7 and b8 but not a8; with a checker it
  // reaches a8 by a king's move after landing on b8 or a7.
  EXPECT_TRUE(threatened(s.position, *parse_square(s.position.shape(), "a8"), Color::White, ctx));
  EXPECT_TRUE(in_check(s.position, Color::Black, ctx));
  s.position.set_counter(s.position.occupant(*parse_square(s.position.shape(), "c6")), 0);
  EXPECT_FALSE(in_check(s.position, Color::Black, ctx));
}

// booster.move.pawn_double_first: a pawn that a booster move brought back to
// its second rank has moved, and steps one square only. Counted by hand: the
// pawn on e2 has e2e3 (and no e2e4); the king on a1 has a2, b1, b2.
TEST(Booster, APawnBroughtBackToItsSecondRankStepsOneSquare) {
  State s = state(with_cards("4k3/8/8/8/8/8/4P{c=1}3/K7", "PPPPP", "pppppp"));
  EXPECT_TRUE(has(texts(s, Role::White), "e2e4"));  // its first move
  s = play(s, "e2e3");
  s = play(s, "e3e2");  // the booster move back
  EXPECT_EQ(at(s, "e2").flags, static_cast<std::uint32_t>(kFlagMoved));
  EXPECT_EQ(at(s, "e2").counter, 0);
  while (s.position.side_to_move == Color::White) s = play(s, "0000");  // no card played
  s = play(s, "e8d8");
  while (s.position.side_to_move == Color::Black) s = play(s, "0000");
  EXPECT_EQ(texts(s, Role::White), (std::vector<std::string>{"a1a2", "a1b1", "a1b2", "e2e3"}));
  // The mark is written in the state text and read back.
  std::string text = v().fen(s);
  EXPECT_NE(text.find("P{moved}"), std::string::npos) << text;
  EXPECT_EQ(v().fen(state(text)), text);
  // Once it leaves its second rank the mark goes: a position is written one way.
  s = play(s, "e2e3");
  EXPECT_EQ(at(s, "e3").flags, 0u);
  // Perft agrees, counted by hand: king a1 (a2, b1, b2) and the pawn's
  // steps, then a card under the pawn (the only P piece) or none, then the
  // black king's five moves: 5, 10, 50 unmoved; 4, 8, 40 moved.
  for (auto [board, d1, d3] : {std::tuple{"4k3/8/8/8/8/8/4P3/K7", 5u, 50u}, std::tuple{"4k3/8/8/8/8/8/4P{moved}3/K7", 4u, 40u}}) {
    State p = state(with_cards(board, "PPPPP", "pppppp"));
    EXPECT_EQ(v().perft(p, 1), d1) << board;
    EXPECT_EQ(v().perft(p, 2), 2 * d1) << board;
    EXPECT_EQ(v().perft(p, 3), d3) << board;
  }
  // Only a pawn on its own second rank may carry it.
  EXPECT_FALSE(v().parse_state(with_cards("4k3/8/8/8/8/4P{moved}3/8/K7", "", "pppppp")).ok());
  EXPECT_FALSE(v().parse_state(with_cards("4k3/8/8/8/8/8/4N{moved}3/K7", "", "pppppp")).ok());
}

// booster.regular_chess_draws=imported: the third time a position (pieces,
// checkers, side to move) starts a turn, the game is drawn; the cards in the
// hands, which change, are no part of it. The knight and king go out and
// back twice: the start is seen at turns 1, 5 and 9.
TEST(Booster, TheThirdRepetitionOfAPositionDraws) {
  State s = state(with_cards("4k3/8/8/8/8/8/8/4K1N1", "", ""));
  auto turn = [&](const std::string& move) {
    Color mover = s.position.side_to_move;
    s = play(s, move);
    while (!s.outcome.over() && s.position.side_to_move == mover) s = play(s, "0000");
  };
  const std::vector<std::string> cycle = {"g1f3", "e8d8", "f3g1", "d8e8"};
  for (const std::string& m : cycle) turn(m);
  EXPECT_FALSE(s.outcome.over());
  for (std::size_t i = 0; i + 1 < cycle.size(); ++i) turn(cycle[i]);
  EXPECT_FALSE(s.outcome.over());
  turn(cycle.back());
  EXPECT_TRUE(s.outcome.over());
  EXPECT_EQ(s.outcome.result, Result::Draw);
  EXPECT_EQ(s.outcome.reason, "repetition");
  // With no draw rule the same turns go on.
  Readings none;
  none.choose(reading::kRegularDraws, "checkmate_only");
  State t = state(with_cards("4k3/8/8/8/8/8/8/4K1N1", "", ""));
  for (int round = 0; round < 3; ++round)
    for (const std::string& m : cycle) {
      Color mover = t.position.side_to_move;
      t = play(t, m, none);
      while (t.position.side_to_move == mover) t = play(t, "0000", none);
    }
  EXPECT_FALSE(t.outcome.over());
}

// The explorer once aborted in orthodox make_move (an en passant capture with
// no pawn to take): a black pawn double-stepped beside a hobbled knight, and
// the explorer's thinning took that pawn off, leaving the en passant square;
// under booster.hobbled_en_passant=yes the knight was then offered e5xd6 and
// the repetition key (which lists the legal moves) played it. Such a state
// is no position of the game, and the generator never offers a capture
// without its victim whatever state it is given.
TEST(Booster, AnEnPassantSquareWithoutItsPawnIsRefusedAndNeverCaptured) {
  Readings yes;
  yes.choose(reading::kHobbledEnPassant, "yes");
  State s = state(with_cards("4k3/3p4/8/8/4N{c=10}3/8/8/4K3", "PPPPPP", "ppppp"));
  auto turn = [&](const std::string& move) {
    Color mover = s.position.side_to_move;
    s = play(s, move, yes);
    while (!s.outcome.over() && s.position.side_to_move == mover) s = play(s, "0000", yes);
  };
  turn("e4e5");  // the hobbled knight steps like a pawn
  turn("d7d5");  // the double step beside it
  ASSERT_EQ(square_name(s.position.shape(), s.position.en_passant), "d6");
  EXPECT_TRUE(has(texts(s, Role::White, yes), "e5d6"));  // a hobbled knight takes en passant under yes
  EXPECT_FALSE(has(texts(s, Role::White), "e5d6"));      // not under the default
  EXPECT_TRUE(v().check_invariants(s).empty());
  EXPECT_TRUE(v().parse_state(v().fen(s)).ok()) << v().fen(s);
  State taken = play(s, "e5d6", yes);
  EXPECT_TRUE(taken.position.empty(*parse_square(s.position.shape(), "d5")));
  EXPECT_EQ(at(taken, "d6").counter, 10);  // still hobbled: the pawn had no checkers

  // The pawn taken off from outside, as the explorer's thinning does.
  State thinned = s;
  const KindId pawn = at(s, "d5").kind;
  thinned.position.remove(thinned.position.occupant(*parse_square(s.position.shape(), "d5")));
  const std::string text = v().fen(thinned);
  EXPECT_EQ(text, "4k3/8/8/4N{c=10}3/8/8/8/4K3 w - d6 0 2 discard=- hand_b=ppppp hand_w=PPPPPP phase=move "
                  "stock=KQRRBBNNPPkqrrbbnnpppSSss");
  EXPECT_FALSE(v().parse_state(text).ok()) << text;
  std::vector<std::string> labels;
  for (const InvariantViolation& b : v().check_invariants(thinned)) labels.push_back(b.label);
  EXPECT_EQ(labels, std::vector<std::string>{"booster.en_passant"});
  // Given anyway (no parse), no capture en passant is offered, by the knight
  // or by a pawn beside the square, and the repetition key is written.
  thinned.position.add(pawn, Color::White, *parse_square(s.position.shape(), "c5"));
  for (const Readings& r : {Readings{}, yes}) {
    std::vector<std::string> moves = texts(thinned, Role::White, r);
    EXPECT_FALSE(has(moves, "e5d6"));
    EXPECT_FALSE(has(moves, "c5d6"));
    EXPECT_TRUE(has(moves, "c5c6"));
    std::string key;
    write_repetition_key(thinned.position, Ctx{&r, nullptr}, key);
    EXPECT_EQ(key.find("d6"), std::string::npos) << key;
  }
  // A black pawn's double step leaves d6 only with the pawn on d5 and d7
  // empty; a pawn of the side to move there does not make it one.
  EXPECT_FALSE(v().parse_state("4k3/8/8/3P4/8/8/8/4K3 w - d6 0 2 discard=- hand_b=pppppp hand_w=PPPPPP phase=move "
                               "stock=KQRRBBNNPPkqrrbbnnppSSss").ok());
  EXPECT_FALSE(v().parse_state("4k3/3n4/8/3p4/8/8/8/4K3 w - d6 0 2 discard=- hand_b=pppppp hand_w=PPPPPP phase=move "
                               "stock=KQRRBBNNPPkqrrbbnnppSSss").ok());
  EXPECT_TRUE(v().parse_state("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2 discard=- hand_b=pppppp hand_w=PPPPPP phase=move "
                              "stock=KQRRBBNNPPkqrrbbnnppSSss").ok());
  // During the turn's later parts the side to move made the double step.
  EXPECT_TRUE(v().parse_state("4k3/8/8/3p4/8/8/8/4K3 b - d6 0 2 discard=- hand_b=pppppp hand_w=PPPPPP phase=add "
                              "stock=KQRRBBNNPPkqrrbbnnppSSss").ok());
  EXPECT_FALSE(v().parse_state("4k3/8/8/8/8/8/8/4K3 b - d6 0 2 discard=- hand_b=pppppp hand_w=PPPPPP phase=add "
                               "stock=KQRRBBNNPPkqrrbbnnppSSss").ok());
}

TEST(Booster, BadInputIsRejectedNotCrashed) {
  State s = state(with_cards("4k3/8/8/8/8/8/8/4K1N1", "Q", "pppppp"));
  for (std::string_view text : {"Z@e4", "Q@z9", "Q@", "@e4", "QQ@e4", "shuffle-1", "e9e1", ""})
    EXPECT_FALSE(v().parse_action(s, Role::White, text).ok()) << text;
  EXPECT_FALSE(v().parse_action(v().initial_state(), Role::Chance, "shuffle-x").ok());
  EXPECT_TRUE(v().parse_action(v().initial_state(), Role::Chance, "shuffle-65535").ok());
  const std::string board = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 ";
  for (const std::string& bad : std::vector<std::string>{
           board,                                                                  // no fields
           board + "discard=- hand_b=- hand_w=- phase=move stock=-",               // no cards
           board + "discard=- hand_b=pppppp hand_w=X phase=move stock=-",          // bad letter
           board + "discard=- hand_b=pppppp hand_w=\xc3\x89 phase=move stock=-",  // not a letter of ASCII
           board + "discard=- hand_b=- hand_w=- phase=jump stock=-",               // bad phase
           "4k3/8/8/8/8/8/8/4K1N{c=11}1 w - - 0 1 discard=- hand_b=- hand_w=- phase=deal stock=-",  // both colours
           "4k3/8/8/8/8/8/8/4K1N{c=7}1 w - - 0 1 discard=- hand_b=- hand_w=- phase=deal stock=-",   // seven checkers
           board + "discard=- hand_b=- hand_w=- phase=deal stock=- extra=1",
       })
    EXPECT_FALSE(v().parse_state(bad).ok()) << bad;
  // The side that just moved left its king where a booster move takes it.
  EXPECT_FALSE(v().parse_state(with_cards("k7/2K5/2N{c=1}5/8/8/8/8/8", "", "pppppp", "w")).ok());
  EXPECT_TRUE(v().parse_state(with_cards("k7/2K5/2N{c=1}5/8/8/8/8/8", "", "pppppp", "b")).ok());
  // More cards in hand than checkers in front.
  EXPECT_FALSE(v().parse_state(with_cards("4k3/8/8/8/8/8/8/4K1N{c=1}1", "PPPPPP", "")).ok());
  EXPECT_TRUE(v().parse_state(with_cards("4k3/8/8/8/8/8/8/4K1N{c=1}1", "PPPPP", "")).ok());
}

// What the invariant checker names: each unknown field in field order, then
// each missing one; each square holding several pieces in square order.
TEST(Booster, TheInvariantCheckerNamesEachBrokenFieldAndSquare) {
  auto broken = [](const State& s) {
    std::vector<std::string> out;
    for (const InvariantViolation& b : v().check_invariants(s)) out.push_back(b.label + ": " + b.detail);
    return out;
  };
  State s = state(with_cards("4k3/8/8/8/8/8/8/4K1N1", "PP", "pppppp"));
  EXPECT_TRUE(broken(s).empty());
  State fields = s;
  fields.position.vars.erase("stock");
  fields.position.vars.erase("hand_b");
  fields.position.vars["zeta"] = "1";
  fields.position.vars["alpha"] = "1";
  EXPECT_EQ(broken(fields), (std::vector<std::string>{"booster.known_fields: unknown variant field 'alpha'",
                                                      "booster.known_fields: unknown variant field 'zeta'",
                                                      "booster.fields_present: missing variant field 'hand_b'",
                                                      "booster.fields_present: missing variant field 'stock'"}));
  State stacked = s;
  const BoardShape& shape = s.position.shape();
  KindId knight = s.position.piece(s.position.occupant(*parse_square(shape, "g1"))).kind;
  stacked.position.add(knight, Color::White, *parse_square(shape, "e8"));
  stacked.position.add(knight, Color::White, *parse_square(shape, "g1"));
  stacked.position.add(knight, Color::White, *parse_square(shape, "g1"));
  std::vector<std::string> several;
  for (const std::string& b : broken(stacked))
    if (b.starts_with("booster.single_occupancy")) several.push_back(b);
  EXPECT_EQ(several, (std::vector<std::string>{"booster.single_occupancy: g1 holds several pieces",
                                               "booster.single_occupancy: e8 holds several pieces"}));
}

}  // namespace
}  // namespace arbiter::booster

namespace arbiter::booster {
namespace {

// Bad input never crashes: state texts of played games with characters
// changed are rejected or, when they still parse, can be played on.
TEST(Booster, MutatedStateTextsAreRejectedOrPlayable) {
  std::mt19937_64 rng(7);
  const std::string alphabet = "KQRBNPkqrbnpSs-=,{}c0123456789/ wbmovedalhfugx@#";
  State s = play(v().initial_state(), "shuffle-99");
  int parsed = 0;
  for (int i = 0; i < 3000; ++i) {
    if (s.outcome.over() || i % 200 == 0) s = play(v().initial_state(), "shuffle-" + std::to_string(i));
    std::vector<Move> moves = v().actions(s, v().roles_to_act(s).at(0));
    s = v().step(s, {{v().roles_to_act(s).at(0), moves[rng() % moves.size()]}}, {}).state;
    std::string text = v().fen(s);
    int changes = 1 + static_cast<int>(rng() % 3);
    for (int c = 0; c < changes; ++c) text[rng() % text.size()] = alphabet[rng() % alphabet.size()];
    auto back = v().parse_state(text);
    if (!back.ok()) continue;
    ++parsed;
    for (Role role : v().roles_to_act(*back)) {
      std::vector<Move> acts = v().actions(*back, role);
      if (acts.empty()) continue;
      StepResult r = v().step(*back, {{role, acts[rng() % acts.size()]}}, {});
      EXPECT_TRUE(v().check_invariants(r.state).empty()) << text;
    }
  }
  EXPECT_GT(parsed, 0);
}

}  // namespace
}  // namespace arbiter::booster

namespace arbiter::booster {
namespace {

// --- Questions the text leaves open, and its options ---------------------------

std::string cards_for(const std::string& board, const std::string& side, const std::string& hw, const std::string& hb,
                      const std::string& phase = "move") {
  std::string rest(kDeck);
  for (char c : hw + hb) rest.erase(rest.find(c), 1);
  auto f = [](const std::string& x) { return x.empty() ? std::string("-") : x; };
  return board + " " + side + " - - 0 1 discard=- hand_b=" + f(hb) + " hand_w=" + f(hw) + " phase=" + phase +
         " stock=" + f(rest);
}

Readings with(std::string_view point, std::string_view alt) {
  Readings r;
  r.choose(point, alt);
  return r;
}

// booster.check_escape: the rook on a1 checks the king on h1, and no normal
// move blocks it. The normal move alone: checkmate. With the booster moves:
// the knight lands on d2 or f2 and its booster move blocks on the first rank.
TEST(Booster, ACheckTheTurnStartsInIsEscapedByTheNormalMoveAloneOrWithBoosters) {
  State s = state(cards_for("4k3/8/8/8/4N{c=1}3/8/6PP/r6K", "w", "", ""));
  Readings boosts = with(reading::kCheckEscape, "with_boosts");
  EXPECT_TRUE(texts(s, Role::White).empty());
  EXPECT_EQ(texts(s, Role::White, boosts), (std::vector<std::string>{"e4d2", "e4f2"}));
  // The result is judged when the turn starts (at the end of Black's turn).
  State before = state(cards_for("4k3/8/8/8/4N{c=1}3/8/r5PP/7K", "b", "", ""));
  EXPECT_EQ(play(before, "a2a1").outcome.result, Result::BlackWins);
  EXPECT_FALSE(play(before, "a2a1", boosts).outcome.over());
  // After Ne4-d2 the king is still in check: only the booster moves that
  // block are offered, and no stop.
  State boost = play(s, "e4d2", boosts);
  ASSERT_EQ(phase_of(boost.position), Phase::Boost);
  EXPECT_EQ(texts(boost, Role::White, boosts), (std::vector<std::string>{"d2c1", "d2d1", "d2e1"}));
  // The state text of a turn that stands in check during its booster moves
  // parses (booster.check_escape=with_boosts reaches it).
  EXPECT_TRUE(v().parse_state(v().fen(boost)).ok()) << v().fen(boost);
  State done = play(boost, "d2e1", boosts);
  EXPECT_EQ(done.position.side_to_move, Color::Black);
  EXPECT_FALSE(in_check(done.position, Color::White, Ctx{&boosts, nullptr}));
  // A king out of check when the turn starts may not be put in it, under
  // either alternative (booster.special.no_revealed_check).
  State revealed = state(cards_for("4r1k1/8/8/8/8/8/4B{c=1}3/4K3", "w", "PPPPP", "pppppp"));
  for (const Readings& r : {Readings{}, boosts}) EXPECT_FALSE(has(texts(revealed, Role::White, r), "e2d3"));
}

// booster.check_escape=with_boosts: a normal move that opens a second line
// to the king, through the square it leaves, reveals a check even where the
// king stood in check already. The rook on a1 checks h1; the knight on g2,
// with two checkers, can land on e3 and block on the first rank by two
// booster moves, unless a bishop on b7 aims at h1 through g2.
TEST(Booster, WithBoostsANormalMoveMayNotOpenASecondLineToTheKing) {
  Readings boosts = with(reading::kCheckEscape, "with_boosts");
  State open = state(cards_for("4k3/8/8/8/8/8/6N{c=2}P/r6K", "w", "", ""));
  EXPECT_TRUE(has(texts(open, Role::White, boosts), "g2e3"));
  EXPECT_FALSE(has(texts(open, Role::White), "g2e3"));
  State behind = state(cards_for("4k3/1b6/8/8/8/8/6N{c=2}P/r6K", "w", "", ""));
  EXPECT_TRUE(texts(behind, Role::White, boosts).empty()) << ::testing::PrintToString(texts(behind, Role::White, boosts));
}

// booster.check_escape=whole_turn: the rook on h4 checks h1, no normal move
// frees the king and no white piece is boosted; White holds a black checkers
// card ("use a black checker card to add one of your checkers to any black
// piece"), which hobbles the rook so that it threatens like a black pawn (g3).
// Under normal_move and with_boosts the king is mated; under whole_turn the
// card played after the move ends the check, so the king is not mated, each
// normal move that reveals no check is legal, and the card must be played,
// one that ends the check.
TEST(Booster, UnderWholeTurnTheCardAfterTheMoveMayEndTheCheck) {
  Readings boosts = with(reading::kCheckEscape, "with_boosts");
  Readings whole = with(reading::kCheckEscape, "whole_turn");
  State before = state(cards_for("4k3/8/8/8/r7/8/6P1/6RK", "b", "s", ""));
  Trace mate;
  EXPECT_EQ(play(before, "a4h4", Readings{}, &mate).outcome.result, Result::BlackWins);
  ASSERT_TRUE(mate.readings().find(reading::kCheckEscape));
  EXPECT_EQ(mate.readings().at(reading::kCheckEscape), "normal_move");
  EXPECT_EQ(play(before, "a4h4", boosts).outcome.result, Result::BlackWins);
  Trace escaped;
  State s = play(before, "a4h4", whole, &escaped);
  EXPECT_FALSE(s.outcome.over());
  ASSERT_TRUE(escaped.readings().find(reading::kCheckEscape));
  EXPECT_EQ(escaped.readings().at(reading::kCheckEscape), "whole_turn");
  ASSERT_TRUE(in_check(s.position, Color::White, Ctx{&whole, nullptr}));
  EXPECT_TRUE(texts(s, Role::White).empty());
  EXPECT_TRUE(texts(s, Role::White, boosts).empty());
  EXPECT_EQ(texts(s, Role::White, whole), (std::vector<std::string>{"g1a1", "g1b1", "g1c1", "g1d1", "g1e1", "g1f1",
                                                                    "g2g3", "g2g4", "h1h2"}));
  // The turn that escapes: the normal move leaves the king in check, the
  // card must follow (no pass), and only the one under the rook.
  State add = play(s, "g2g3", whole);
  ASSERT_EQ(phase_of(add.position), Phase::Add);
  EXPECT_TRUE(in_check(add.position, Color::White, Ctx{&whole, nullptr}));
  EXPECT_EQ(texts(add, Role::White, whole), (std::vector<std::string>{"s@h4"}));
  Readings whole_allowed = whole;
  whole_allowed.choose(reading::kAddCheck, "allowed");
  EXPECT_EQ(texts(add, Role::White, whole_allowed), (std::vector<std::string>{"s@h4"}));
  // Where the other alternatives meet this state (a state text), the card
  // may be declined.
  EXPECT_TRUE(has(texts(add, Role::White), "0000"));
  // The state text of a turn that stands in check before its card parses.
  EXPECT_TRUE(v().parse_state(v().fen(add)).ok()) << v().fen(add);
  State done = play(add, "s@h4", whole);
  EXPECT_EQ(done.position.side_to_move, Color::Black);
  EXPECT_EQ(phase_of(done.position), Phase::Move);
  EXPECT_TRUE(hobbled(at(done, "h4")));
  EXPECT_FALSE(in_check(done.position, Color::White, Ctx{&whole, nullptr}));
  EXPECT_FALSE(done.outcome.over());
  // The king may step into the rook's line too, the card ending the check.
  State king = play(play(s, "h1h2", whole), "s@h4", whole);
  EXPECT_FALSE(in_check(king.position, Color::White, Ctx{&whole, nullptr}));
  // Without a card that ends the check, the king is mated under whole_turn
  // too: an empty hand, or only a white pawn's card (it boosts the pawn on
  // g2, which frees nothing).
  for (std::string hand : {"", "P"})
    EXPECT_EQ(play(state(cards_for("4k3/8/8/8/r7/8/6P1/6RK", "b", hand, "")), "a4h4", whole).outcome.result,
              Result::BlackWins)
        << hand;
  // A king out of check when the turn starts may not be put in it, even
  // where the card would end the check (booster.special.no_revealed_check):
  // the bishop on e2 may not leave the rook's line though a card could
  // hobble the rook.
  State revealed = state(cards_for("4r1k1/8/8/8/8/8/4B{c=1}3/4K3", "w", "PPPPs", "pppppp"));
  EXPECT_FALSE(has(texts(revealed, Role::White, whole), "e2d3"));
}

// booster.check_escape=whole_turn with booster moves: the rook on a1 checks
// h1 (as in the test above it, with_boosts), and White holds a black
// checkers card. Any normal move may be completed by the card; after
// Ne4-d2 the player may stop making booster moves (the card then ends the
// check), which with_boosts forbids and which whole_turn forbids too where
// the hand holds no card that ends the check.
TEST(Booster, UnderWholeTurnThePlayerMayStopBoostingWhereTheCardEndsTheCheck) {
  Readings boosts = with(reading::kCheckEscape, "with_boosts");
  Readings whole = with(reading::kCheckEscape, "whole_turn");
  State s = state(cards_for("4k3/8/8/8/4N{c=1}3/8/6PP/r6K", "w", "s", ""));
  EXPECT_EQ(texts(s, Role::White, boosts), (std::vector<std::string>{"e4d2", "e4f2"}));
  std::vector<std::string> moves = texts(s, Role::White, whole);
  EXPECT_TRUE(has(moves, "e4c5") && has(moves, "g2g3") && has(moves, "e4d2")) << ::testing::PrintToString(moves);
  State boost = play(s, "e4d2", whole);
  ASSERT_EQ(phase_of(boost.position), Phase::Boost);
  std::vector<std::string> steps = texts(boost, Role::White, whole);
  EXPECT_TRUE(has(steps, "0000") && has(steps, "d2d1") && has(steps, "d2e3")) << ::testing::PrintToString(steps);
  EXPECT_FALSE(has(texts(boost, Role::White, boosts), "0000"));
  State stop = play(boost, "0000", whole);
  ASSERT_EQ(phase_of(stop.position), Phase::Add);
  EXPECT_EQ(texts(stop, Role::White, whole), (std::vector<std::string>{"s@a1"}));
  State done = play(stop, "s@a1", whole);
  EXPECT_EQ(done.position.side_to_move, Color::Black);
  EXPECT_FALSE(in_check(done.position, Color::White, Ctx{&whole, nullptr}));
  // With no card, whole_turn asks what with_boosts asks.
  State bare = state(cards_for("4k3/8/8/8/4N{c=1}3/8/6PP/r6K", "w", "", ""));
  EXPECT_EQ(texts(bare, Role::White, whole), (std::vector<std::string>{"e4d2", "e4f2"}));
  State bare_boost = play(bare, "e4d2", whole);
  EXPECT_EQ(texts(bare_boost, Role::White, whole), (std::vector<std::string>{"d2c1", "d2d1", "d2e1"}));
}

// booster.add_check: hobbling the black knight on d2 makes it threaten c1
// and e1 like a black pawn. Forbidden: the card is not offered; allowed: it
// stands, Black may not take the king, and White must answer the check.
TEST(Booster, ACardThatExposesItsOwnKingIsForbiddenOrAllowed) {
  State s = play(state(cards_for("4k3/8/8/8/8/8/3n3P/4K3", "w", "nP", "pppppp")), "h2h3");
  ASSERT_EQ(phase_of(s.position), Phase::Add);
  Readings allowed = with(reading::kAddCheck, "allowed");
  EXPECT_FALSE(has(texts(s, Role::White), "n@d2"));
  EXPECT_TRUE(has(texts(s, Role::White), "P@h3"));
  EXPECT_TRUE(has(texts(s, Role::White, allowed), "n@d2"));
  State after = play(s, "n@d2", allowed);
  EXPECT_EQ(after.position.side_to_move, Color::Black);
  EXPECT_TRUE(in_check(after.position, Color::White, Ctx{&allowed, nullptr}));
  EXPECT_FALSE(has(texts(after, Role::Black, allowed), "d2e1"));  // the king is not taken
  EXPECT_TRUE(has(texts(after, Role::Black, allowed), "d2d1"));
  // The state text a card left so parses, and reads back the same.
  auto back = v().parse_state(v().fen(after));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(v().fen(*back), v().fen(after));
  // A king left in check by a knight that is not hobbled is no position of the game.
  EXPECT_FALSE(v().parse_state(cards_for("4k3/8/8/8/8/5n2/7P/4K3", "b", "PPPPPP", "pppppp")).ok());
}

// booster.card_match: White holds a rook card with one white rook taken.
// kind: the card goes under the rook on h1 only; particular: it may be the
// taken rook's card, which then goes under any white piece. A promoted pawn
// (two white queens, one pawn gone): its card follows the queen under
// particular, matches nothing (any piece) under particular_lost.
TEST(Booster, ACardMatchesAKindOrOneParticularPiece) {
  auto adds = [&](const std::string& fen, std::string_view alt) {
    State s = play(state(fen), "a2a3", with(reading::kCardMatch, alt));
    return texts(s, Role::White, with(reading::kCardMatch, alt));
  };
  const std::string rook = cards_for("4k3/8/8/8/8/8/PPPPPPPP/4K2R", "w", "R", "pppppp");
  EXPECT_EQ(adds(rook, "kind"), (std::vector<std::string>{"0000", "R@h1"}));
  for (std::string_view alt : {"particular", "particular_lost"}) {
    std::vector<std::string> any = adds(rook, alt);
    EXPECT_EQ(any.size(), 11u) << alt;  // the pass and the ten white pieces
    EXPECT_TRUE(has(any, "R@e1")) << alt;
  }
  const std::string promoted = cards_for("4k3/8/8/8/3Q4/8/PPP1PPPP/RNBQKBNR", "w", "P", "pppppp");
  std::vector<std::string> kind = adds(promoted, "kind"), follows = adds(promoted, "particular"),
                           lost = adds(promoted, "particular_lost");
  EXPECT_EQ(kind.size(), 8u);     // the seven pawns and the pass
  EXPECT_EQ(follows.size(), 10u);  // and the two queens (one of them the promoted pawn)
  EXPECT_TRUE(has(follows, "P@d1") && has(follows, "P@d4") && !has(follows, "P@e1"));
  EXPECT_EQ(lost.size(), 17u);  // every white piece
  // With every piece of its kind on the board and no pawn gone, a card
  // matches its kind under every alternative.
  const std::string full = cards_for("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "N", "pppppp");
  for (std::string_view alt : {"kind", "particular", "particular_lost"})
    EXPECT_EQ(adds(full, alt), (std::vector<std::string>{"0000", "N@b1", "N@g1"})) << alt;
}

// The options of the Variants paragraph change the deal: the checkers cards
// in the deck, and one card dealt for each checker.
TEST(Booster, TheVariantsOptionsChangeTheDeckAndTheCheckers) {
  struct Case {
    std::string_view point, alt;
    std::size_t white, black, stock;
    int sixes;  // checkers cards of each colour
  };
  for (const Case& c : {Case{reading::kCheckersCards, "four", 6, 6, 24, 2}, Case{reading::kCheckersCards, "none", 6, 6, 20, 0},
                        Case{reading::kCheckersCards, "two", 6, 6, 22, 1}, Case{reading::kCheckersCards, "eight", 6, 6, 28, 4},
                        Case{reading::kCheckersStart, "four", 4, 4, 28, 2}, Case{reading::kCheckersStart, "eight", 8, 8, 20, 2},
                        Case{reading::kHandicap, "white", 4, 6, 26, 2}, Case{reading::kHandicap, "black", 6, 4, 26, 2}}) {
    Readings r = with(c.point, c.alt);
    State s = play(v().initial_state(), "shuffle-11", r);
    EXPECT_EQ(field(s.position, kHandWhiteKey).size(), c.white) << c.point << "=" << c.alt;
    EXPECT_EQ(field(s.position, kHandBlackKey).size(), c.black) << c.point << "=" << c.alt;
    EXPECT_EQ(field(s.position, kStockKey).size(), c.stock) << c.point << "=" << c.alt;
    std::string all = std::string(field(s.position, kHandWhiteKey)) + std::string(field(s.position, kHandBlackKey)) +
                      std::string(field(s.position, kStockKey));
    EXPECT_EQ(std::count(all.begin(), all.end(), 'S'), c.sixes) << c.point << "=" << c.alt;
    EXPECT_EQ(std::count(all.begin(), all.end(), 's'), c.sixes) << c.point << "=" << c.alt;
    EXPECT_EQ(in_front(s.position, Color::White), static_cast<int>(c.white));
    EXPECT_EQ(in_front(s.position, Color::Black), static_cast<int>(c.black));
    EXPECT_TRUE(v().check_invariants(s).empty()) << v().fen(s);
    EXPECT_EQ(v().fen(state(v().fen(s))), v().fen(s));
  }
  // The checkers field is written only where it is not 6 each, and holds 1 to 8 each.
  const std::string board = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 ";
  const std::string cards = " discard=- hand_b=pppppp hand_w=PP phase=move stock=KQRRBBNNPPPPPPkqrrbbnnppSSss";
  EXPECT_TRUE(v().parse_state(board + "checkers=4,6" + cards).ok());
  for (std::string bad : {"6,6", "9,6", "0,6", "4-6", "46", "4,6,6", "a,6"})
    EXPECT_FALSE(v().parse_state(board + "checkers=" + bad + cards).ok()) << bad;
  // A hand may not hold more cards than the checkers in front.
  EXPECT_FALSE(v().parse_state("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 checkers=2,6 discard=- hand_b=pppppp hand_w=PPP "
                               "phase=move stock=KQRRBBNNPPPPPkqrrbbnnppSSss")
                   .ok());
  // Checkers cards: as many white as black, 0, 1, 2 or 4 of each.
  EXPECT_TRUE(v().parse_state(board + "discard=- hand_b=pppppp hand_w=PP phase=move stock=KQRRBBNNPPPPPPkqrrbbnnpp").ok());
  EXPECT_FALSE(v().parse_state(board + "discard=- hand_b=pppppp hand_w=PP phase=move stock=KQRRBBNNPPPPPPkqrrbbnnppSSs").ok());
  EXPECT_FALSE(v().parse_state(board + "discard=- hand_b=pppppp hand_w=PP phase=move stock=KQRRBBNNPPPPPPkqrrbbnnppSSSsss").ok());
}

// Random games under the new alternatives and options: the invariants hold,
// state texts read back, and the threat search agrees with play. Under
// booster.add_check=allowed a king may stand in check when the other side
// moves, so that check is left out there.
TEST(Booster, RandomGamesUnderTheQuestionsAndOptionsKeepTheInvariants) {
  Readings r;
  r.choose(reading::kCheckEscape, "with_boosts");
  r.choose(reading::kCardMatch, "particular");
  r.choose(reading::kCheckersCards, "eight");
  r.choose(reading::kCheckersStart, "eight");
  r.choose(reading::kHandicap, "black");
  QuestionCounts with_boosts;
  random_games_checked(std::max(1, games_to_play() / 20), r, true, &with_boosts);
  Readings a;
  a.choose(reading::kAddCheck, "allowed");
  a.choose(reading::kCardMatch, "particular_lost");
  a.choose(reading::kCheckersCards, "none");
  a.choose(reading::kCheckersStart, "four");
  a.choose(reading::kHandicap, "white");
  QuestionCounts allowed;
  random_games_checked(std::max(1, games_to_play() / 20), a, false, &allowed);
  // booster.check_escape=whole_turn: no turn ends in check, so kings are
  // safe when a turn starts.
  Readings w;
  w.choose(reading::kCheckEscape, "whole_turn");
  w.choose(reading::kCardMatch, "particular_lost");
  w.choose(reading::kCheckersCards, "eight");
  QuestionCounts whole_turn;
  random_games_checked(std::max(1, games_to_play() / 20), w, true, &whole_turn);
  // The alternatives are reached in play (the full run's counts).
  if (games_to_play() >= 10000) {
    EXPECT_GT(with_boosts.boosting_in_check, 0);
    EXPECT_GT(allowed.exposed_by_card, 0);
    EXPECT_GT(whole_turn.card_in_check, 0);
  }
}

}  // namespace
}  // namespace arbiter::booster
