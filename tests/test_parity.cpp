// Parity Chess and Parity Chess with Single Occupation: perft under every
// reading and against an independent count, invariants over many
// resolutions, endings, bad input. The worked examples and the sample game are
// scenario files.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "model/core/divergence.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/parity/parity.h"
#include "reports/perft_table.h"
#include "tests/support/joint_perft.h"
#include "tests/support/paths.h"

namespace arbiter::parity {
namespace {

const Variant& game(bool single) { return single ? single_variant() : variant(); }

TEST(Parity, PerftTablesMatch) {
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    auto table = report::read_perft_table(test::source_path("corpus/perft/" + std::string(v.id()) + ".epd"));
    ASSERT_TRUE(table.ok()) << table.error();
    for (const auto& e : *table)
      for (const auto& [depth, nodes] : e.depths) EXPECT_EQ(v.perft(*v.parse_state(e.fen), depth), nodes) << v.id() << " D" << depth;
  }
}

// Depth 2 counted from the orthodox model: after one move each, White may move
// any piece but the one it moved, by the orthodox rules (nothing can meet,
// capture or check yet), and so may Black.
std::uint64_t orthodox_depth_two() {
  Position start = *parse_fen(orthodox::kStartFen, orthodox::piece_set());
  MoveList white, black;
  orthodox::pseudo_moves(start, white);
  Position as_black = start;
  as_black.side_to_move = Color::Black;
  orthodox::pseudo_moves(as_black, black);
  std::uint64_t total = 0;
  for (const Move& w : white) {
    for (const Move& b : black) {
      Position p = start;
      orthodox::make_move(p, w, nullptr);
      orthodox::make_move(p, b, nullptr);
      p.en_passant = kNoSquare;
      std::uint64_t counts[2] = {0, 0};
      for (Color c : {Color::White, Color::Black}) {
        p.side_to_move = c;
        MoveList moves;
        orthodox::legal_moves(p, moves);
        Square moved = c == Color::White ? w.to : b.to;
        for (const Move& m : moves) counts[static_cast<int>(c)] += m.from != moved;
      }
      total += counts[0] * counts[1];
    }
  }
  return total;
}

TEST(Parity, DepthTwoMatchesAnOrthodoxCountUnderEveryAlternative) {
  std::uint64_t expected = orthodox_depth_two();
  EXPECT_EQ(expected, 170'409u);
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    State start = v.initial_state();
    for (const ReadingPoint& point : v.readings()) {
      for (const Alternative& alt : point.alternatives) {
        Readings r;
        r.choose(point.id, alt.id);
        EXPECT_EQ(test::joint_perft(v, start, 1, r), 400u) << v.id() << " " << point.id << "=" << alt.id;
        EXPECT_EQ(test::joint_perft(v, start, 2, r), expected) << v.id() << " " << point.id << "=" << alt.id;
      }
    }
  }
}

TEST(Parity, EveryResolutionKeepsTheInvariants) {
  // Positions with shared squares, castling, en passant and promotions.
  const char* fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/1P4P1/8/3[Pp]4/2pP4/8/6p1/R3K2R w KQkq - 0 1 ep=d3",
      "4k3/8/8/2[Nb]5/8/8/8/R3K2R w KQ - 0 1 justmoved=c5",
  };
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    int steps = 0;
    for (const char* fen : fens) {
      auto parsed = v.parse_state(fen);
      ASSERT_TRUE(parsed.ok()) << v.id() << " " << fen << ": " << parsed.error();
      const State& s = *parsed;
      if (s.outcome.over()) continue;
      for (const Move& w : v.actions(s, Role::White))
        for (const Move& b : v.actions(s, Role::Black)) {
          StepResult r = v.step(s, {{Role::White, w}, {Role::Black, b}}, {});
          auto broken = v.check_invariants(r.state);
          EXPECT_TRUE(broken.empty()) << v.fen(r.state) << ": " << (broken.empty() ? "" : broken[0].label);
          auto back = v.parse_state(v.fen(r.state));
          EXPECT_TRUE(back.ok()) << v.fen(r.state);
          ++steps;
        }
    }
    EXPECT_GT(steps, 1000) << v.id();
  }
}

// Rule 2 with a bare king: it must move (no null move), and then may not.
TEST(Parity, ABareKingLosesTheTurnAfterItMoves) {
  const Variant& v = variant();
  State s = *v.parse_state("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  StepResult r = v.step(s, {{Role::White, *v.parse_action(s, Role::White, "a1a2")},
                            {Role::Black, *v.parse_action(s, Role::Black, "e8d8")}}, {});
  EXPECT_EQ(r.state.outcome.result, Result::WhiteWins);
  EXPECT_TRUE(r.trace.fired(clause::kNoMoveLoses));
}

// parity.stalemate is an option the text offers ("can be modified based on
// consensus"), not an open question: the step it changes gives no divergence
// finding, and a scenario that asks for it still sees the option change it.
TEST(Parity, StalemateIsAnOptionWithoutFindings) {
  const Variant& v = variant();
  const ReadingPoint* point = find_reading(v.readings(), "parity.stalemate");
  ASSERT_NE(point, nullptr);
  EXPECT_TRUE(point->option);
  State s = *v.parse_state("k5r1/8/8/8/2p5/7p/2P4P/7K w - - 0 1");
  JointAction joint{{Role::White, *v.parse_action(s, Role::White, "c2c3")},
                    {Role::Black, *v.parse_action(s, Role::Black, "a8b8")}};
  StepResult r = v.step(s, joint, {});
  EXPECT_EQ(r.state.outcome.result, Result::BlackWins);
  EXPECT_TRUE(find_divergences(v, s, joint, {}, r).empty());
  auto with = find_divergences(v, s, joint, {}, r, nullptr, /*with_options=*/true);
  ASSERT_EQ(with.size(), 1u);
  EXPECT_EQ(with[0].reading, "parity.stalemate");
}

// parity.draw.repetition: the history records each earlier position with
// the squares of the pieces just moved; four knight moves bring a position
// back (the first after one step, since the start has none moved), and its
// third occurrence is a draw.
TEST(Parity, TheThirdOccurrenceOfAPositionIsADraw) {
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    State s = v.initial_state();
    const char* cycle[] = {"g1f3:g8f6", "b1c3:b8c6", "f3g1:f6g8", "c3b1:c6b8"};
    for (int i = 0; i < 9; ++i) {
      ASSERT_FALSE(s.outcome.over()) << v.id() << " after " << i << ": " << s.outcome.reason;
      s = v.step(s, *v.parse_joint(s, cycle[i % 4]), {}).state;
    }
    EXPECT_EQ(s.outcome.result, Result::Draw) << v.id();
    EXPECT_EQ(s.outcome.clause, clause::kRepetition) << v.id();
    ASSERT_EQ(s.history.size(), 9u) << v.id();
    std::vector<std::string_view> keys = s.history.oldest_first();
    EXPECT_EQ(keys[0], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 15 ");
    EXPECT_EQ(keys[1], "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w 15 f3,f6");
    EXPECT_EQ(keys[5], keys[1]);
    EXPECT_EQ(repetition_key(s.position), keys[1]);
  }
}

// parity.submit.king_safety: a move may not leave the king alone where a piece
// free to move attacks it, whichever squares the move empties.
TEST(Parity, AMoveMayNotOpenALineToTheKing) {
  const Variant& v = variant();
  auto moves_of = [&](std::string_view fen) {
    auto s = v.parse_state(fen);
    EXPECT_TRUE(s.ok()) << fen << ": " << s.error();
    std::vector<std::string> out;
    for (const Move& m : v.actions(*s, Role::White)) out.push_back(v.move_text(*s, m));
    return out;
  };
  auto has = [](const std::vector<std::string>& moves, std::string_view m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
  };
  // En passant empties the capturing pawn's square and the taken pawn's: on
  // the king's rank both leave, and the rook sees the king.
  auto rank = moves_of("8/8/8/KpP4r/8/8/8/7k w - - 0 1 ep=b6 justmoved=b5");
  EXPECT_FALSE(has(rank, "c5b6"));
  EXPECT_TRUE(has(rank, "c5c6"));
  EXPECT_TRUE(has(moves_of("8/8/8/KpP5/8/8/8/7k w - - 0 1 ep=b6 justmoved=b5"), "c5b6"));
  // The taken pawn stood on the king's diagonal.
  auto diagonal = moves_of("8/8/b7/1pP5/8/8/4K3/7k w - - 0 1 ep=b6 justmoved=b5");
  EXPECT_FALSE(has(diagonal, "c5b6"));
  EXPECT_TRUE(has(diagonal, "c5c6"));
  EXPECT_TRUE(has(moves_of("8/8/8/1pP5/8/8/4K3/7k w - - 0 1 ep=b6 justmoved=b5"), "c5b6"));
  // A piece on the king's file with another behind it may move; the one
  // nearest the rook then may not.
  auto file = moves_of("4r2k/8/8/8/4B3/8/4N3/4K3 w - - 0 1");
  EXPECT_TRUE(has(file, "e2c3"));
  EXPECT_TRUE(has(file, "e4d5"));
  EXPECT_FALSE(has(moves_of("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1"), "e2c3"));
  // A rook that just moved attacks nothing (parity.submit.just_moved_stays).
  EXPECT_TRUE(has(moves_of("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1 justmoved=e8"), "e2c3"));
}

// parity.submit.king_safety for the king's own steps, which the listing tests
// without playing them out where it can: a step is listed exactly when, played
// alone, it leaves the king out of immediate check (the king_into_attack=allowed
// reading lists every step). Over positions of random play from positions with
// shared squares, checks and kings in line with riders.
TEST(Parity, AKingStepIsListedWhenPlayedAloneItLeavesTheKingSafe) {
  const char* fens[] = {
      "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
      "4k3/8/8/8/8/8/8/r3K3 w - - 0 1 justmoved=a1",
      "4k3/8/2b5/8/8/8/4K3/7r w - - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "4k3/8/8/3[Kq]4/8/8/8/8 w - - 0 1 justmoved=d5",
      "4k3/4r3/8/8/8/8/8/4K2R w K - 0 1",
  };
  Readings into_attack;
  into_attack.choose(reading::kKingIntoAttack, "allowed");
  std::mt19937 rng(7);
  int king_steps = 0;
  for (bool single : {false, true}) {
    const Variant& v = game(single);
    for (const char* fen : fens) {
      auto parsed = v.parse_state(fen);
      ASSERT_TRUE(parsed.ok()) << v.id() << " " << fen << ": " << parsed.error();
      State s = *parsed;
      for (int step = 0; step < 40 && !s.outcome.over(); ++step) {
        JointAction joint;
        for (Role role : {Role::White, Role::Black}) {
          Color c = role == Role::White ? Color::White : Color::Black;
          std::vector<Move> listed = v.actions(s, role);
          Square king = s.position.find(orthodox::kKing, c);
          for (const Move& m : v.actions(s, role, into_attack)) {
            if (m.from != king || m.is(kMoveCastle)) continue;
            bool safe = !in_immediate_check(apply_alone(s.position, m, c), c);
            bool is_listed = std::any_of(listed.begin(), listed.end(), [&](const Move& l) { return l.same_action(m); });
            EXPECT_EQ(is_listed, safe) << v.id() << " " << v.fen(s) << " " << v.move_text(s, m);
            ++king_steps;
          }
          if (listed.empty()) break;
          joint.push_back({role, listed[rng() % listed.size()]});
        }
        if (joint.size() < 2) break;
        s = v.step(s, joint, {}).state;
      }
    }
  }
  EXPECT_GT(king_steps, 500);
  // Stepping along the line of the rook behind it, the king stays in its
  // line; a rook that just moved attacks nothing.
  auto moves = variant().actions(*variant().parse_state(fens[0]), Role::White);
  auto has = [&](std::string_view text) {
    const State s = *variant().parse_state(fens[0]);
    return std::any_of(moves.begin(), moves.end(), [&](const Move& m) { return variant().move_text(s, m) == text; });
  };
  EXPECT_FALSE(has("e1f1"));
  EXPECT_TRUE(has("e1e2"));
  moves = variant().actions(*variant().parse_state(fens[1]), Role::White);
  EXPECT_TRUE(has("e1f1"));
}

// parity.check.failed: a check the mover's own move would have given, by the
// moved piece or by the piece it uncovers, fails when the other king steps
// away in the same turn; a move that could not have given check records none.
TEST(Parity, ACheckTheOtherMoveUndoesIsRecordedAsFailed) {
  const Variant& v = variant();
  auto failed = [&](std::string_view fen, std::string_view joint) {
    State s = *v.parse_state(fen);
    auto parsed = v.parse_joint(s, joint);
    EXPECT_TRUE(parsed.ok()) << fen << " " << joint;
    StepResult r = v.step(s, *parsed, {});
    return std::count_if(r.trace.events().begin(), r.trace.events().end(),
                         [](const Event& e) { return e.type == EventType::Check && e.clause == clause::kFailedCheck; });
  };
  EXPECT_EQ(failed("7k/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8:h8h7"), 1);      // the rook itself
  EXPECT_EQ(failed("7k/8/8/8/8/8/1N6/Q3K3 w - - 0 1", "b2d3:h8g8"), 1);    // the queen behind the knight
  EXPECT_EQ(failed("7k/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a2:h8h7"), 0);      // no check to fail
  EXPECT_EQ(failed("7k/6P1/8/8/8/8/8/4K3 w - - 0 1", "g7g8q:h8h7"), 0);   // the queen would check h7 too
  EXPECT_EQ(failed("6k1/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q:g8g7"), 1);   // a promotion's new kind
}

// parity.submit.just_moved_stays: justmoved= names a piece by its square's
// name, spelled as the FEN writes it.
TEST(Parity, APieceHasJustMovedWhenItsSquaresNameIsListed) {
  Position pos = variant().initial_state().position;
  const BoardShape& shape = pos.shape();
  Square e2 = shape.square(4, 1), e7 = shape.square(4, 6);
  for (std::string_view list : {"e2", "e7,e2", "d2,e2", "e2,e7"}) {
    pos.vars[kJustMovedKey] = std::string(list);
    EXPECT_TRUE(just_moved(pos, e2, Color::White)) << list;
    EXPECT_FALSE(just_moved(pos, e2, Color::Black)) << list;  // no black piece there
  }
  for (std::string_view list : {"e02", "e2x", "e", "e7", ",e", "E2", "e2 "}) {
    pos.vars[kJustMovedKey] = std::string(list);
    EXPECT_FALSE(just_moved(pos, e2, Color::White)) << list;
  }
  pos.vars[kJustMovedKey] = "e7";
  EXPECT_TRUE(just_moved(pos, e7, Color::Black));
}

TEST(Parity, SharedSquaresAreWrittenWhiteFirst) {
  const Variant& v = variant();
  auto s = v.parse_state("4k3/8/8/3[pP]4/8/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(v.fen(*s), "4k3/8/8/3[Pp]4/8/8/8/4K3 w - - 0 1");
}

TEST(Parity, BadInputIsRejected) {
  const Variant& v = variant();
  EXPECT_FALSE(v.parse_state("4k3/8/8/8/8/8/8/8 w - - 0 1").ok());
  EXPECT_FALSE(v.parse_state("4k3/8/8/3[PN]4/8/8/8/4K3 w - - 0 1").ok());
  EXPECT_FALSE(v.parse_state("8/8/8/3[Kk]4/8/8/8/8 w - - 0 1").ok());
  EXPECT_FALSE(v.parse_state("4k3/8/8/8/8/8/8/4K3 w - - 0 1 justmoved=d4").ok());
  EXPECT_FALSE(v.parse_state("4k3/8/8/8/8/8/8/4K3 w - - 0 1 justmoved=").ok());
  EXPECT_FALSE(v.parse_state("4k3/8/8/8/8/8/8/4K3 w - - 0 1 colour=red").ok());
  EXPECT_FALSE(single_variant().parse_state("4k3/8/8/2[Pp]5/3[Pp]4/8/8/4K3 w - - 0 1").ok());
  State s = v.initial_state();
  EXPECT_FALSE(v.parse_joint(s, "e2e4").ok());
  EXPECT_FALSE(v.parse_joint(s, "e2e5:e7e5").ok());
  EXPECT_FALSE(v.parse_joint(s, "pass:e7e5").ok());
  EXPECT_THROW(v.step(s, {{Role::White, Move{12, 28}}}, {}), std::invalid_argument);
  EXPECT_THROW(v.step(s, {{Role::White, Move{12, 36}}, {Role::Black, Move{52, 36}}}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace arbiter::parity
