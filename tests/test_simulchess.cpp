// SimulChess: perft under every reading, invariants over many resolutions,
// finished games, bad input. The worked examples are scenario files.
#include <gtest/gtest.h>

#include <random>

#include "model/core/fen.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/simulchess/simulchess.h"
#include "model/variants/simultaneous/simultaneous.h"
#include "model/variants/zeitgeist/zeitgeist.h"
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

// The repetition key of the simultaneous games (simulchess.draw_claims,
// zeitgeist.draw_claims) is bytes; it must tell positions apart exactly as
// their text does (orthodox::repetition_key, then each field but the result
// as " name=value"): no false repetition, none missed. Checked over every
// pair of positions from random games of both (king shuffles among them, so
// that equal positions come up by different paths), and positions made by
// hand with what the text writes besides letters: stacked squares, piece
// states (a named flag, a flag the FEN does not name, a counter, a partner),
// fields, a result, an en passant square in the FEN field.
TEST(SimulChess, TheRepetitionKeyComparesPositionsAsTheirTextDoes) {
  auto text_key = [](const Position& pos) {
    std::string key = orthodox::repetition_key(pos);
    for (const auto& [name, value] : pos.vars)
      if (name != simultaneous::kResultKey) key.append(" ").append(name).append("=").append(value);
    return key;
  };
  std::vector<Position> positions;
  std::mt19937 rng(20240611);
  for (const Variant* v : {&variant(), &zeitgeist::variant()}) {
    for (std::string_view fen : {"", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "r3k3/8/8/8/8/8/8/4K2N w q - 0 1"})
      for (int game = 0; game < 12; ++game) {
        State s = fen.empty() ? v->initial_state() : *v->parse_state(fen);
        for (int turn = 0; turn < 40 && !s.outcome.over(); ++turn) {
          positions.push_back(s.position);
          std::vector<Move> white = v->actions(s, Role::White), black = v->actions(s, Role::Black);
          if (white.empty() || black.empty()) break;
          // Half the turns move the kings only, so positions come again.
          auto pick = [&](const std::vector<Move>& moves) {
            std::vector<Move> kings;
            for (const Move& m : moves)
              if (s.position.on_board(m.from) && s.position.occupant(m.from) != kNoPiece &&
                  s.position.piece(s.position.occupant(m.from)).kind == orthodox::kKing)
                kings.push_back(m);
            const std::vector<Move>& from = !kings.empty() && rng() % 2 ? kings : moves;
            return from[rng() % from.size()];
          };
          s = v->step(s, {{Role::White, pick(white)}, {Role::Black, pick(black)}}, {}).state;
        }
      }
  }
  const PieceSet& kinds = orthodox::piece_set();
  Position base = *parse_fen("4k3/8/8/3pP3/8/8/8/4K2R w K - 0 1 ep=d6", kinds);
  for (int variation = 0; variation < 14; ++variation) {
    Position p = base;
    Square e4 = p.shape().square(4, 3), d5 = p.shape().square(3, 4), e5 = p.shape().square(4, 4);
    PieceId pawn = p.occupant(e5);
    switch (variation) {
      case 0: break;
      case 1: p.set_flags(pawn, kFlagMoved); break;
      case 2: p.set_flags(pawn, kFlagFrozen); break;
      case 3: p.set_flags(pawn, 1u << 20); break;  // a flag the FEN does not name: "{}"
      case 4: p.set_flags(pawn, 1u << 21); break;  // another: the same text
      case 5: p.set_counter(pawn, 3); break;
      case 6: p.set_counter(pawn, -3); break;
      case 7: p.set_partner(pawn, e4); break;
      case 8: p.add(orthodox::kKnight, Color::Black, e5); break;  // stacked after the pawn
      case 9: p.add(orthodox::kKnight, Color::White, d5); break;  // stacked after the black pawn
      case 10: p.vars[std::string(simultaneous::kResultKey)] = "draw"; break;  // not compared
      case 11: p.vars.erase(simultaneous::kEnPassantKey); break;
      case 12: p.en_passant = p.shape().square(3, 5); break;  // e5xd6 is legal: counted
      case 13: p.en_passant = p.shape().square(2, 5); break;  // no white pawn can take on c6: not counted
    }
    positions.push_back(p);
  }
  Position stacked = base;
  stacked.add(orthodox::kKnight, Color::Black, stacked.shape().square(4, 4));
  stacked.set_flags(stacked.occupant(stacked.shape().square(4, 4)), 1u << 22);
  positions.push_back(stacked);
  std::vector<std::string> texts, keys;
  for (const Position& p : positions) {
    texts.push_back(text_key(p));
    keys.push_back(simultaneous::repetition_key(p));
  }
  int equal_pairs = 0;
  for (std::size_t i = 0; i < positions.size(); ++i)
    for (std::size_t j = i + 1; j < positions.size(); ++j) {
      bool same_text = texts[i] == texts[j];
      equal_pairs += same_text;
      ASSERT_EQ(same_text, keys[i] == keys[j]) << texts[i] << " | " << texts[j];
    }
  EXPECT_GT(positions.size(), 500u);
  EXPECT_GT(equal_pairs, 50);  // repetitions came up, and were matched
  // Hand-made checks of the cases above that the text tells apart or not.
  auto key_of = [&](std::size_t variation) { return keys[positions.size() - 15 + variation]; };
  EXPECT_EQ(key_of(0), key_of(10));
  EXPECT_EQ(key_of(3), key_of(4));
  EXPECT_NE(key_of(0), key_of(3));
  EXPECT_NE(key_of(0), key_of(12));
  EXPECT_EQ(key_of(0), key_of(13));
}

}  // namespace
}  // namespace arbiter::simulchess
