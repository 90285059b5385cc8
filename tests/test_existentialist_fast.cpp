// The Existentialist Chess fast path (model/variants/existentialist/fast)
// against the reference model: the same moves, the same positions after them
// and the same perft counts, move by move, on the bench positions, on
// positions of each special rule, and on positions of seeded random play; and
// the states it does not take go to the reference model.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/variants/existentialist/clauses.h"
#include "model/variants/existentialist/existentialist.h"
#include "model/variants/existentialist/fast/fast_perft.h"
#include "reports/perft_table.h"
#include "tests/support/paths.h"

namespace arbiter::existentialist {
namespace {

using Divide = std::vector<std::pair<std::string, std::uint64_t>>;

Role to_move(const State& s) {
  return s.position.side_to_move == Color::White ? Role::White : Role::Black;
}

State state_of(std::string_view fen) {
  auto s = variant().parse_state(fen);
  if (!s.ok()) throw std::runtime_error(std::string(fen) + ": " + s.error());
  return *s;
}

// Counts per first move by the reference model alone.
Divide reference_divide(const State& s, int depth) {
  const Variant& v = variant();
  Divide out;
  for (const Move& m : v.actions(s, to_move(s))) {
    State next = v.apply(s, {Action{to_move(s), m}}, {});
    out.emplace_back(v.move_text(s, m), depth <= 1 ? 1 : v.reference_perft(next, depth - 1));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The fast path takes the position, writes it back as the reference model
// does, lists the same moves, reaches the same position by each, and counts
// the same leaves below each to `depth`.
void expect_agreement(std::string_view fen, int depth) {
  SCOPED_TRACE(fen);
  const Variant& v = variant();
  State s = state_of(fen);
  auto board = fast::from_position(s.position);
  ASSERT_TRUE(board.has_value());
  EXPECT_EQ(fast::to_fen(*board), v.fen(s));
  std::vector<std::string> reference_moves;
  for (const Move& m : v.actions(s, to_move(s))) {
    reference_moves.push_back(v.move_text(s, m));
    auto after = fast::apply(*board, reference_moves.back());
    ASSERT_TRUE(after.has_value()) << reference_moves.back();
    EXPECT_EQ(fast::to_fen(*after), v.fen(v.apply(s, {Action{to_move(s), m}}, {})))
        << reference_moves.back();
  }
  std::sort(reference_moves.begin(), reference_moves.end());
  ASSERT_EQ(fast::legal_moves(*board), reference_moves);
  EXPECT_EQ(fast::divide(*board, depth), reference_divide(s, depth));
  EXPECT_EQ(v.perft(s, depth), v.reference_perft(s, depth));
}

// The cross-check positions with Fairy-Stockfish (tests/test_existentialist.cpp),
// which bench/compare_existentialist.sh times.
constexpr const char* kBenchPositions[] = {
    "9k/10/10/10/10/4S5/10/2(CN)7/10/K4V4 w - - 0 1",
    "4k5/1s3v2P1/2(cn)4q2/3p2p3/2P3n3/10/1N2P1(CN)3/3S2b3/2V3R3/5K4 w - - 0 1",
    "4k5/1s3v2P1/2(cn)4q2/3p2p3/2P3n3/10/1N2P1(CN)3/3S2b3/2V3R3/5K4 b - - 0 1",
    "r3k4r/10/2s4s2/10/10/10/10/2V4V2/10/R3K4R w - - 0 1",
};

TEST(ExistentialistFast, AgreesWithTheReferenceOnTheBenchPositions) {
  for (const char* fen : kBenchPositions) expect_agreement(fen, 3);
}

// existentialist.castle.with_squire, existentialist.castle.standard_prohibitions,
// existentialist.castle_squares (default orthodox_shifted).
TEST(ExistentialistFast, AgreesOnCastling) {
  // Both sides free to castle either way, pawns in front.
  expect_agreement("1s3k2s1/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/1S3K2S1 w KQkq - 0 1", 3);
  expect_agreement("1s3k2s1/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/1S3K2S1 b KQkq - 0 1", 3);
  // The squares the king crosses or reaches attacked (g1 by a rook, d1 by a
  // bishop), the king in check, a square between king and squire taken.
  expect_agreement("1s3k2s1/10/10/10/10/10/6r3/10/10/1S3K2S1 w KQkq - 0 1", 2);
  expect_agreement("1s3k2s1/10/10/10/10/10/10/b9/10/1S3K2S1 w KQkq - 0 1", 2);
  expect_agreement("1s3k2s1/10/10/10/10/10/5r4/10/10/1S3K2S1 w KQkq - 0 1", 2);
  expect_agreement("1s3k2s1/10/10/10/10/10/10/10/10/1S1N1K1NS1 w KQkq - 0 1", 2);
  // A rook behind the queenside squire: once the squire has moved to e1 the
  // king on d1 would stand in its line.
  expect_agreement("5k4/10/10/10/10/10/10/10/10/rS3K2S1 w KQ - 0 1", 2);
  // Castling rights lost by moving the king or a squire, or losing a squire.
  expect_agreement("1s3k2s1/10/10/10/10/10/10/10/10/1S3K2S1 w KQkq - 0 1", 3);
}

// existentialist.pawn.double_step, existentialist.pawn.en_passant.
TEST(ExistentialistFast, AgreesOnDoubleStepsAndEnPassant) {
  expect_agreement("5k4/10/10/10/10/3pP5/10/10/10/5K4 b - e4 0 1", 3);
  expect_agreement("5k4/10/10/10/10/3pPp4/10/10/10/5K4 b - e4 0 1", 3);
  // The capture would expose the king along the rank: not legal.
  expect_agreement("10/10/10/10/10/k2pP3R1/10/10/10/5K4 b - e4 0 1", 3);
  // The double step gives check and en passant answers it.
  expect_agreement("10/10/10/10/10/3pP5/5k4/10/10/5K4 b - e4 0 1", 3);
  // Pawns on their third ranks, with double steps and en passant below.
  expect_agreement("5k4/10/p1p1p1p1p1/10/1P1P1P1P1P/10/10/10/10/5K4 b - - 0 1", 4);
}

// existentialist.pawn.promotion (existentialist.promotion_optional=must).
TEST(ExistentialistFast, AgreesOnPromotion) {
  expect_agreement("r1n2k4/1P6P1/10/10/10/10/10/10/10/5K4 w - - 0 1", 3);
  // A pinned pawn that may only take its pinner while promoting.
  expect_agreement("k3r5/3P6/2K7/10/10/10/10/10/10/10 w - - 0 1", 3);
  expect_agreement("5k4/10/10/10/10/10/10/10/2p4p2/K9 b - - 0 1", 3);
}

// existentialist.legal.no_self_exposure: evasions, double check, pins.
TEST(ExistentialistFast, AgreesOnChecksAndPins) {
  // Check by a squire's diagonal step, a viceroy's orthogonal step, a crowned
  // knight, and a slider with pieces that can interpose.
  expect_agreement("5k4/10/10/10/10/10/10/10/4s5/3V1K2(CN)1 w - - 0 1", 3);
  expect_agreement("5k4/10/10/10/10/10/10/10/5v4/3S1K2(CN)1 w - - 0 1", 3);
  expect_agreement("5k4/10/10/10/10/10/10/3(cn)6/10/3S1K2V1 w - - 0 1", 3);
  expect_agreement("5k4/10/5q4/10/10/10/1R8/10/2B7/S4K3(CN) w - - 0 1", 3);
  // Double check: only the king moves.
  expect_agreement("5k4/10/5r4/10/10/10/10/3n6/10/S4K3V w - - 0 1", 3);
  // Pieces pinned along a file and a diagonal, with squire and viceroy steps.
  expect_agreement("k4r4/10/10/10/10/1b8/10/3V1S4/10/5K4 w - - 0 1", 3);
  expect_agreement("k9/10/10/10/q9/10/10/3S6/4V5/5K4 w - - 0 1", 3);
}

TEST(ExistentialistFast, AgreesOnCheckmateAndStalemate) {
  // The rook's move to a10 mates; after it Black has no move.
  expect_agreement("5k4/10/5K4/10/10/10/10/10/10/R9 w - - 0 1", 3);
  expect_agreement("R4k4/10/5K4/10/10/10/10/10/10/10 b - - 0 1", 2);
  // Stalemate: no move, and nothing below.
  expect_agreement("k9/10/1Q8/10/10/10/10/10/10/9K b - - 0 1", 2);
  expect_agreement("k9/10/10/2Q7/10/10/10/10/10/9K w - - 0 1", 3);
}

// The text has no draw by rule: neither the fifty-move count nor a repeated
// position ends the game, in the fast path or the reference model.
TEST(ExistentialistFast, NoDrawByTheMoveCountOrRepetition) {
  expect_agreement("5k4/10/10/10/10/10/10/10/3S6/5K4 w - - 98 80", 3);
  expect_agreement("5k4/10/10/10/10/10/10/10/3S6/5K4 w - - 99 80", 3);
  // Kings in the corners: positions recur from the fourth ply on and the
  // count reaches a hundred plies, yet the counts agree and do not depend on
  // the clock (nothing reads it), so no line was cut short.
  const Variant& v = variant();
  std::uint64_t fresh = 0;
  for (const char* fen :
       {"9k/10/10/10/10/10/10/10/10/K9 w - - 0 1", "9k/10/10/10/10/10/10/10/10/K9 w - - 95 1"}) {
    State s = state_of(fen);
    std::uint64_t n = v.perft(s, 9);
    EXPECT_EQ(n, v.reference_perft(s, 9)) << fen;
    if (fresh == 0) fresh = n;
    EXPECT_EQ(n, fresh) << fen;
  }
  // A game played back and forth is still going on after the position's
  // third occurrence and a hundred plies without capture.
  State s = state_of("9k/10/10/10/10/10/10/10/10/K9 w - - 92 1");
  for (const char* m : {"a1b1", "j10i10", "b1a1", "i10j10", "a1b1", "j10i10", "b1a1", "i10j10"}) {
    auto parsed = v.parse_action(s, to_move(s), m);
    ASSERT_TRUE(parsed.ok()) << m;
    s = v.apply(s, {Action{to_move(s), *parsed}}, {});
  }
  EXPECT_FALSE(s.outcome.over());
  EXPECT_EQ(s.position.halfmove_clock, 100);
}

// Positions of seeded random play from positions of the pieces the fast path
// plays: the same moves, positions and counts two plies deep.
TEST(ExistentialistFast, AgreesWithTheReferenceOnRandomPlay) {
  const Variant& v = variant();
  const char* starts[] = {
      kBenchPositions[1],
      kBenchPositions[3],
      "1s3k2s1/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/1S3K2S1 w KQkq - 0 1",
      "rnbqs(cn)kvbr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RNBQS(CN)KVBR w - - 0 1",
      "1sv(cn)qk(cn)vs1/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/1SV(CN)QK(CN)VS1 w KQkq - 0 1",
  };
  std::mt19937_64 rng(20260312);
  int positions = 0;
  for (const char* start : starts) {
    for (int game = 0; game < 4; ++game) {
      State s = state_of(start);
      for (int ply = 0; ply < 60 && !s.outcome.over(); ++ply) {
        // A state read from its FEN: no history, as the fast path takes it.
        State fresh = state_of(v.fen(s));
        if (ply % 3 == 0) {
          expect_agreement(v.fen(s), 2);
          ++positions;
          if (HasFatalFailure() || HasFailure()) return;
        } else {
          EXPECT_EQ(v.perft(fresh, 1), v.reference_perft(fresh, 1)) << v.fen(s);
        }
        std::vector<Move> moves = v.actions(s, to_move(s));
        if (moves.empty()) break;
        s = v.apply(s, {Action{to_move(s), moves[rng() % moves.size()]}}, {});
      }
    }
  }
  EXPECT_GE(positions, 200);
}

// States the fast path does not take are counted by the reference model.
TEST(ExistentialistFast, OtherStatesGoToTheReferenceModel) {
  const Variant& v = variant();
  // Pieces whose moves are code, flags, a shared square, the ep2 field.
  for (const char* fen : {
           "5k4/10/10/10/10/10/10/10/4A5/3S1K4 w - - 0 1",
           "5k4/10/10/10/10/10/10/10/4q{invulnerable}5/3S1K4 w - - 0 1",
           "5k4/10/10/10/10/10/10/10/10/3S1[KA]4 w - - 0 1",
       }) {
    State s = state_of(fen);
    EXPECT_FALSE(fast::from_position(s.position).has_value()) << fen;
    EXPECT_EQ(v.perft(s, 3), v.reference_perft(s, 3)) << fen;
  }
  State start = v.initial_state();
  EXPECT_FALSE(fast::from_position(start.position).has_value());
  EXPECT_EQ(v.perft(start, 2), v.reference_perft(start, 2));
}

// Under readings other than the defaults the fast path never counts: under
// castle_squares=king_beside_squire the queenside castling goes f1-c1, a move
// the fast path does not play, with as many moves at the root.
TEST(ExistentialistFast, ChosenReadingsCountWithTheReferenceModel) {
  const Variant& v = variant();
  State s = state_of("5k4/10/10/10/10/10/10/10/10/1S3K4 w Q - 0 1");
  Readings beside;
  beside.choose(reading::kCastleSquares, "king_beside_squire");
  EXPECT_EQ(v.perft(s, 1, beside), v.perft(s, 1));
  EXPECT_NE(v.perft(s, 3, beside), v.perft(s, 3));
  EXPECT_EQ(v.perft(s, 3, Readings{}), v.perft(s, 3));
}

// existentialist.king.attacks_like_orthodox_king: a king attacks the squares
// next to it, the enemy king's included. On positions whose kings have
// squares next to both, the fast path agrees with the reference model move
// for move and count for count, and neither lets a king onto such a square.
TEST(ExistentialistFast, KingsKeepEachOtherFromTheSquaresBetweenThem) {
  const Variant& v = variant();
  struct Case {
    const char* fen;
    std::vector<std::string> barred;  // king steps onto squares next to both kings
  };
  const Case cases[] = {
      {"10/10/10/10/4k5/10/4K5/10/10/6S3 w - - 0 1", {"e4d5", "e4e5", "e4f5"}},
      {"10/10/10/10/4k5/10/4K5/10/10/6S3 b - - 0 1", {"e6d5", "e6e5", "e6f5"}},
      {"10/10/10/10/4k5/10/6K3/10/10/1V8 w - - 0 1", {"g4f5"}},
      {"k9/10/1K8/10/10/10/10/10/10/9R b - - 0 1", {"a10a9", "a10b9"}},
      {"10/10/10/10/10/10/10/10/3k6/1S3K4 w Q - 0 1", {"f1e1", "f1e2", "f1d1"}},
      {"3k6/10/1p1K6/2P7/10/10/10/10/3(CN)6/10 b - - 0 1", {"d10c9", "d10d9", "d10e9"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.fen);
    expect_agreement(c.fen, 3);
    State s = state_of(c.fen);
    auto board = fast::from_position(s.position);
    ASSERT_TRUE(board.has_value());
    std::vector<std::string> fast_moves = fast::legal_moves(*board);
    std::set<std::string> reference;
    for (const Move& m : v.actions(s, to_move(s))) reference.insert(v.move_text(s, m));
    for (const std::string& m : c.barred) {
      EXPECT_EQ(std::count(fast_moves.begin(), fast_moves.end(), m), 0) << m;
      EXPECT_FALSE(reference.count(m)) << m;
    }
  }
}

// The start position's counts (corpus/perft/existentialist.epd) still hold
// through the fast path's entry point (the start is outside its subset).
TEST(ExistentialistFast, StartPositionCountsStillHold) {
  auto table = report::read_perft_table(test::source_path("corpus/perft/existentialist.epd"));
  ASSERT_TRUE(table.ok()) << table.error();
  ASSERT_FALSE(table->empty());
  for (const auto& e : *table) {
    for (const auto& [depth, nodes] : e.depths) {
      if (depth <= 2) {
        EXPECT_EQ(variant().perft(*variant().parse_state(e.fen), depth), nodes) << "D" << depth;
      }
    }
  }
}

}  // namespace
}  // namespace arbiter::existentialist
