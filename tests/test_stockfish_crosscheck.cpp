// Cross-checks our orthodox move generation (model/variants/orthodox/perft.h)
// against Stockfish's `go perft` divide, on the Chess Programming Wiki perft
// positions and on positions reached from them by seeded random play.
//
// Stockfish comes from the Debian package `stockfish` (scripts/install-deps.sh);
// when it is missing these tests fail, they do not skip.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "model/variants/orthodox/perft.h"
#include "crosscheck/divide_compare.h"
#include "crosscheck/uci_engine.h"

namespace {

using arbiter::uci::CrosscheckResult;
using arbiter::uci::EngineError;
using arbiter::uci::PerftDivide;
using arbiter::uci::UciEngine;

struct Root {
  const char* name;
  const char* fen;
  std::array<std::uint64_t, 3> perft;  // published perft(1..3)
};

// https://www.chessprogramming.org/Perft_Results
constexpr std::array<Root, 6> kRoots = {{
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {20, 400, 8902}},
    {"kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     {48, 2039, 97862}},
    {"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {14, 191, 2812}},
    {"position 4",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     {6, 264, 9467}},
    {"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", {44, 1486, 62379}},
    {"position 6",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     {46, 2079, 89890}},
}};

// Random play: games per root, plies per game, and which positions get deeper checks.
constexpr int kGamesPerRoot = 5;
constexpr int kMaxPlies = 60;
constexpr int kDepth2Every = 4;                          // every 4th position checked at depth 2
constexpr int kDepth3Every = 60;                         // and every 60th at depth 3
constexpr std::uint64_t kSeed = 0x41524249'54455231ULL;  // "ARBITER1"
constexpr int kMaxReportedMismatches = 3;

// Minimum coverage of the random-play positions.
constexpr int kMinPositions = 200;
constexpr int kMinDepth2 = 50;
constexpr int kMinDepth3 = 3;
constexpr int kMinWithSpecial = 10;  // castling / en passant / promotion legal

// The piece on `square` ("e4") of a FEN's placement field, or '.' if empty.
char piece_at(std::string_view fen, std::string_view square) {
  int want_file = square[0] - 'a';
  int want_rank = square[1] - '1';
  int rank = 7, file = 0;
  for (char c : fen) {
    if (c == ' ') break;
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else {
      if (rank == want_rank && file == want_file) return c;
      ++file;
    }
  }
  return '.';
}

struct MoveClass {
  bool pawn = false;
  bool capture = false;
  bool castling = false;
  bool en_passant = false;
  bool promotion = false;
  bool double_push = false;
  bool offers_en_passant = false;  // a double push landing beside an enemy pawn
};

MoveClass classify(std::string_view fen, std::string_view move) {
  MoveClass k;
  char p = piece_at(fen, move.substr(0, 2));
  char target = piece_at(fen, move.substr(2, 2));
  bool pawn = p == 'P' || p == 'p';
  bool king = p == 'K' || p == 'k';
  k.pawn = pawn;
  k.capture = target != '.';
  k.promotion = move.size() == 5;
  k.castling = king && std::abs(move[0] - move[2]) == 2;
  k.en_passant = pawn && move[0] != move[2] && target == '.';
  k.double_push = pawn && std::abs(move[1] - move[3]) == 2;
  if (k.double_push) {
    char enemy_pawn = p == 'P' ? 'p' : 'P';
    for (int df : {-1, 1}) {
      char file = static_cast<char>(move[2] + df);
      if (file < 'a' || file > 'h') continue;
      const char beside[2] = {file, move[3]};
      if (piece_at(fen, std::string_view(beside, 2)) == enemy_pawn) k.offers_en_passant = true;
    }
  }
  return k;
}

// Biased toward pawn advances (so promotions happen) and special moves.
int weight(const MoveClass& k) {
  if (k.promotion) return 12;
  if (k.castling || k.en_passant || k.offers_en_passant) return 12;
  if (k.double_push) return 6;
  if (k.pawn) return 5;
  if (k.capture) return 2;
  return 1;
}

// Implementation-independent choice (std::discrete_distribution is not).
std::size_t pick(const std::vector<int>& weights, std::mt19937_64& rng) {
  std::uint64_t total = 0;
  for (int w : weights) total += static_cast<std::uint64_t>(w);
  std::uint64_t r = rng() % total;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (r < static_cast<std::uint64_t>(weights[i])) return i;
    r -= static_cast<std::uint64_t>(weights[i]);
  }
  return weights.size() - 1;
}

arbiter::uci::DivideSide our_side() {
  return arbiter::uci::fen_side(
      "ours", [](std::string_view fen, int depth) { return arbiter::orthodox::divide(fen, depth); },
      [](std::string_view fen, std::string_view move) {
        return arbiter::orthodox::fen_after(fen, move);
      });
}

arbiter::uci::FenFn our_fen_walker() {
  return arbiter::uci::fen_walker([](std::string_view fen, std::string_view move) {
    return arbiter::orthodox::fen_after(fen, move);
  });
}

#define ASSERT_STOCKFISH(var)                                                          \
  auto var##_result = arbiter::uci::start_stockfish(std::chrono::milliseconds(10000)); \
  if (auto* var##_err = std::get_if<EngineError>(&var##_result)) {                     \
    FAIL() << var##_err->message;                                                      \
  }                                                                                    \
  UciEngine& var = std::get<UciEngine>(var##_result)

TEST(StockfishCrosscheck, PerftPositionsAtDepth3) {
  ASSERT_STOCKFISH(sf);
  auto ours = our_side();
  auto reference = arbiter::uci::engine_side(sf);
  for (const Root& root : kRoots) {
    SCOPED_TRACE(std::string(root.name) + ": " + root.fen);
    for (int depth = 1; depth <= 3; ++depth) {
      // The reference itself must agree with the published numbers.
      auto sf_divide = sf.perft_divide(root.fen, depth);
      ASSERT_TRUE(std::holds_alternative<PerftDivide>(sf_divide))
          << std::get<EngineError>(sf_divide).message;
      EXPECT_EQ(std::get<PerftDivide>(sf_divide).total, root.perft[depth - 1])
          << "stockfish, depth " << depth;
    }
    auto result = arbiter::uci::crosscheck_divide(root.fen, 3, ours, reference, our_fen_walker());
    EXPECT_TRUE(result.agrees()) << result.report();
    if (result.agrees()) {
      try {
        EXPECT_EQ(arbiter::orthodox::perft(root.fen, 3), root.perft[2]) << "our perft(3)";
        EXPECT_EQ(arbiter::orthodox::legal_moves(root.fen).size(), root.perft[0])
            << "our legal_moves";
      } catch (const std::exception& e) {
        ADD_FAILURE() << "ours threw: " << e.what();
      }
    }
  }
}

TEST(StockfishCrosscheck, RandomPlayDivides) {
  ASSERT_STOCKFISH(sf);
  auto ours = our_side();
  auto reference = arbiter::uci::engine_side(sf);
  auto walker = our_fen_walker();
  std::mt19937_64 rng(kSeed);

  int positions = 0, at_depth2 = 0, at_depth3 = 0;
  int with_castling = 0, with_en_passant = 0, with_promotion = 0;
  int mismatches = 0;

  for (const Root& root : kRoots) {
    for (int game = 0; game < kGamesPerRoot && mismatches < kMaxReportedMismatches; ++game) {
      std::string fen = root.fen;
      std::vector<std::string> line;  // moves from the root, for messages
      for (int ply = 0; ply < kMaxPlies; ++ply) {
        // Stockfish's move list drives the walk and measures coverage.
        auto sf_moves = sf.perft_divide(fen, 1);
        if (auto* e = std::get_if<EngineError>(&sf_moves)) {
          FAIL() << e->message << "\n  at FEN " << fen;
        }
        std::vector<std::string> moves;
        for (const auto& [m, n] : std::get<PerftDivide>(sf_moves).moves) moves.push_back(m);
        std::sort(moves.begin(), moves.end());
        bool castling = false, en_passant = false, promotion = false;
        std::vector<int> weights;
        for (const auto& m : moves) {
          MoveClass k = classify(fen, m);
          castling |= k.castling;
          en_passant |= k.en_passant;
          promotion |= k.promotion;
          weights.push_back(weight(k));
        }

        ++positions;
        int depth = positions % kDepth3Every == 0 ? 3 : positions % kDepth2Every == 0 ? 2 : 1;
        at_depth2 += depth == 2;
        at_depth3 += depth == 3;
        with_castling += castling;
        with_en_passant += en_passant;
        with_promotion += promotion;

        CrosscheckResult result =
            arbiter::uci::crosscheck_divide(fen, depth, ours, reference, walker);
        if (!result.agrees()) {
          std::ostringstream where;
          where << "random play from " << root.name << " (game " << game << ", ply " << ply << ")";
          if (!line.empty()) {
            where << " after";
            for (const auto& m : line) where << ' ' << m;
          }
          ADD_FAILURE() << where.str() << "\n" << result.report();
          if (++mismatches >= kMaxReportedMismatches) break;
        }
        if (moves.empty()) break;  // checkmate or stalemate

        const std::string& move = moves[pick(weights, rng)];
        try {
          fen = arbiter::orthodox::fen_after(fen, move);
        } catch (const std::exception& e) {
          ADD_FAILURE() << "ours: fen_after(\"" << fen << "\", \"" << move
                        << "\") threw: " << e.what();
          ++mismatches;
          break;
        }
        line.push_back(move);
      }
    }
  }
  if (mismatches >= kMaxReportedMismatches) {
    FAIL() << "stopped after " << mismatches << " mismatches (" << positions
           << " positions checked)";
  }

  RecordProperty("positions", positions);
  std::cout << "[ crosscheck ] " << positions << " positions (" << at_depth2 << " at depth 2, "
            << at_depth3 << " at depth 3); castling legal in " << with_castling
            << ", en passant in " << with_en_passant << ", promotion in " << with_promotion << "\n";
  EXPECT_GE(positions, kMinPositions);
  EXPECT_GE(at_depth2, kMinDepth2);
  EXPECT_GE(at_depth3, kMinDepth3);
  EXPECT_GE(with_castling, kMinWithSpecial) << "positions with a legal castling move";
  EXPECT_GE(with_en_passant, kMinWithSpecial) << "positions with a legal en passant capture";
  EXPECT_GE(with_promotion, kMinWithSpecial) << "positions with a legal promotion";
}

}  // namespace
