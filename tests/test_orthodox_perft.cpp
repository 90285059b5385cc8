// Orthodox perft on the reference model (generic board) against the published
// table in corpus/perft/orthodox.epd.
#include <gtest/gtest.h>

#include "model/variants/orthodox/perft.h"
#include "reports/perft_table.h"
#include "tests/support/paths.h"

namespace arbiter {
namespace {

// The generic model runs about two million nodes a second; entries above the
// budget are left to the fast path's own test.
constexpr std::uint64_t kBudget = test::kSanitized ? 250'000 : 5'000'000;

TEST(OrthodoxPerft, ReferenceModelMatchesThePublishedTable) {
  auto table = report::read_perft_table(test::source_path("corpus/perft/orthodox.epd"));
  ASSERT_TRUE(table.ok()) << table.error();
  ASSERT_EQ(table->size(), 6u);
  int checked = 0;
  for (const auto& entry : *table) {
    for (const auto& [depth, nodes] : entry.depths) {
      if (nodes > kBudget) continue;
      EXPECT_EQ(orthodox::perft(entry.fen, depth), nodes) << entry.fen << " depth " << depth;
      ++checked;
    }
  }
  EXPECT_GE(checked, test::kSanitized ? 18 : 24);
}

TEST(OrthodoxPerft, DivideSumsToPerft) {
  std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  std::uint64_t sum = 0;
  auto d = orthodox::divide(kiwipete, 3);
  EXPECT_EQ(d.size(), 48u);
  for (const auto& [move, n] : d) sum += n;
  EXPECT_EQ(sum, 97'862u);
}

TEST(OrthodoxPerft, BadInputIsAnError) {
  EXPECT_THROW(orthodox::perft("not a fen", 1), std::invalid_argument);
  EXPECT_THROW(orthodox::fen_after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e5"), std::invalid_argument);
}

}  // namespace
}  // namespace arbiter
