// The orthodox fast path against the published perft table, the reference
// model, and bad input.
#include <gtest/gtest.h>

#include <random>

#include "model/variants/orthodox/fast/fast_perft.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/orthodox/perft.h"
#include "reports/perft_table.h"
#include "tests/support/paths.h"

namespace arbiter {
namespace {

// In release builds every entry of the table; under sanitizers the small ones.
constexpr std::uint64_t kBudget = test::kSanitized ? 5'000'000 : 200'000'000;

TEST(FastPerft, MatchesThePublishedTableAtThePublishedDepths) {
  auto table = report::read_perft_table(test::source_path("corpus/perft/orthodox.epd"));
  ASSERT_TRUE(table.ok()) << table.error();
  int checked = 0;
  for (const auto& entry : *table) {
    std::string error;
    auto board = orthodox::fast::parse_fen(entry.fen, &error);
    ASSERT_TRUE(board.has_value()) << entry.fen << ": " << error;
    EXPECT_EQ(orthodox::fast::to_fen(*board), entry.fen);
    for (const auto& [depth, nodes] : entry.depths) {
      if (nodes > kBudget) continue;
      EXPECT_EQ(orthodox::fast::perft(*board, depth), nodes) << entry.fen << " depth " << depth;
      ++checked;
    }
  }
  EXPECT_GE(checked, test::kSanitized ? 24 : 32);
}

// The fast path and the reference model agree move for move on positions from
// seeded random play, and in leaf counts two plies deep.
TEST(FastPerft, AgreesWithTheReferenceModelOnRandomPlay) {
  const Variant& v = orthodox::variant();
  std::mt19937_64 rng(20261123);
  int positions = 0;
  for (int game = 0; game < 12; ++game) {
    State s = v.initial_state();
    for (int ply = 0; ply < 80; ++ply) {
      std::string fen = v.fen(s);
      std::string error;
      auto board = orthodox::fast::parse_fen(fen, &error);
      ASSERT_TRUE(board.has_value()) << fen << ": " << error;
      ASSERT_EQ(orthodox::fast::to_fen(*board), fen);
      ASSERT_EQ(orthodox::fast::legal_moves(*board), orthodox::legal_moves(fen)) << fen;
      if (ply % 8 == 0) EXPECT_EQ(orthodox::fast::perft(*board, 2), v.reference_perft(s, 2)) << fen;
      ++positions;
      std::vector<Move> moves = v.actions(s, s.position.side_to_move == Color::White ? Role::White : Role::Black);
      if (moves.empty()) break;
      Role role = s.position.side_to_move == Color::White ? Role::White : Role::Black;
      // Perft ignores draws by rule; keep playing past them.
      s.outcome = {};
      s = v.step(s, {{role, moves[rng() % moves.size()]}}, {}).state;
      s.outcome = {};
    }
  }
  EXPECT_GE(positions, 500);
}

TEST(FastPerft, OrthodoxPerftUsesItAndEqualsTheReference) {
  const Variant& v = orthodox::variant();
  State kiwipete = *v.parse_state("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  EXPECT_EQ(v.perft(kiwipete, 3), 97'862u);
  EXPECT_EQ(v.reference_perft(kiwipete, 3), 97'862u);
}

TEST(FastPerft, DivideSumsToPerftAndApplyPlaysOnlyLegalMoves) {
  auto board = orthodox::fast::parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", nullptr);
  ASSERT_TRUE(board);
  std::uint64_t sum = 0;
  for (const auto& [move, n] : orthodox::fast::divide(*board, 3)) sum += n;
  EXPECT_EQ(sum, 97'862u);
  auto castled = orthodox::fast::apply(*board, "e1g1");
  ASSERT_TRUE(castled);
  EXPECT_EQ(orthodox::fast::to_fen(*castled), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1");
  EXPECT_FALSE(orthodox::fast::apply(*board, "e1e3"));
}

TEST(FastPerft, MalformedOrUnsupportedFensAreErrors) {
  for (const char* fen : {"", "8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
                          "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "k7/8/8/8/8/8/8/K6R w - - 0 1x",
                          "k6R/8/8/8/8/8/8/K7 w - - 0 1", "k7/8/8/8/8/8/8/K7 w K - 0 1", "k7/8/8/8/8/8/8/K7 w - e3 0 1",
                          "k6P/8/8/8/8/8/8/K7 w - - 0 1", "k7/8/8/8/8/8/8/K7 x - - 0 1",
                          "k7/8/8/8/8/8/8/K7 w - - -1 1", "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/8/8/K6k w - - 0 1"}) {
    std::string error;
    EXPECT_FALSE(orthodox::fast::parse_fen(fen, &error).has_value()) << fen;
    EXPECT_FALSE(error.empty()) << fen;
  }
}

}  // namespace
}  // namespace arbiter
