// Orthodox chess: each rule clause on a small position, results, invariants, SAN.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/variants/orthodox/orthodox.h"
#include "model/variants/orthodox/perft.h"

namespace arbiter::orthodox {
namespace {

bool has_move(const std::string& fen, const std::string& move) {
  auto moves = legal_moves(fen);
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

State play(const std::string& fen, const std::vector<std::string>& moves, const Readings& readings = {}) {
  const Variant& v = variant();
  State s = fen.empty() ? v.initial_state() : *v.parse_state(fen);
  for (const std::string& text : moves) {
    Role role = s.position.side_to_move == Color::White ? Role::White : Role::Black;
    auto m = v.parse_action(s, role, text);
    EXPECT_TRUE(m.ok()) << text << ": " << m.error();
    if (!m.ok()) break;
    s = v.step(s, {{role, *m}}, readings).state;
  }
  return s;
}

TEST(OrthodoxCastle, BothSidesWhenPathEmptyAndUnattacked) {  // orthodox.castle.move
  std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_TRUE(has_move(fen, "e1g1"));
  EXPECT_TRUE(has_move(fen, "e1c1"));
  EXPECT_EQ(fen_after(fen, "e1g1"), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  EXPECT_EQ(fen_after(fen, "e1c1"), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

TEST(OrthodoxCastle, NotOutOfThroughOrIntoCheck) {  // orthodox.castle.not_in_or_through_check
  EXPECT_FALSE(has_move("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "e1g1"));  // in check
  EXPECT_FALSE(has_move("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "e1g1"));  // f1 attacked
  EXPECT_FALSE(has_move("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "e1g1"));  // g1 attacked
  EXPECT_TRUE(has_move("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1", "e1c1"));   // b1 attacked: allowed
}

TEST(OrthodoxCastle, NeedsRightsAndAnEmptyPath) {  // orthodox.castle.rights, orthodox.castle.path_empty
  EXPECT_FALSE(has_move("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1g1"));
  EXPECT_FALSE(has_move("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1c1"));
  // A rook move loses that side's right; a king move loses both.
  EXPECT_EQ(fen_after("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "h1h2"), "4k3/8/8/8/8/8/7R/R3K3 b Q - 1 1");
  EXPECT_EQ(fen_after("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1e2"), "4k3/8/8/8/8/8/4K3/R6R b - - 1 1");
  // Capturing a rook on its corner removes the opponent's right.
  EXPECT_EQ(fen_after("r3k2r/1B6/8/8/8/8/8/4K3 w kq - 0 1", "b7a8"), "B3k2r/8/8/8/8/8/8/4K3 b k - 0 1");
  EXPECT_EQ(fen_after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1h8"), "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1");
}

TEST(OrthodoxPawn, DoubleStepSetsTheEnPassantSquare) {  // orthodox.pawn.double_step
  EXPECT_EQ(fen_after(std::string(kStartFen), "e2e4"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_FALSE(has_move("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e2e4"));
}

TEST(OrthodoxPawn, EnPassantOnlyRightAfterTheDoubleStep) {  // orthodox.pawn.en_passant
  std::string fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
  EXPECT_TRUE(has_move(fen, "e5d6"));
  EXPECT_EQ(fen_after(fen, "e5d6"), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
  EXPECT_FALSE(has_move("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "e5d6"));
  // Not when it exposes the king along the rank (both pawns leave it).
  EXPECT_FALSE(has_move("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2", "e5d6"));
}

TEST(OrthodoxPawn, PromotesToFourKinds) {  // orthodox.pawn.promotion
  std::string fen = "8/P3k3/8/8/8/8/8/4K3 w - - 0 1";
  for (const char* m : {"a7a8q", "a7a8r", "a7a8b", "a7a8n"}) EXPECT_TRUE(has_move(fen, m)) << m;
  EXPECT_FALSE(has_move(fen, "a7a8"));
  EXPECT_FALSE(has_move(fen, "a7a8k"));
  EXPECT_EQ(fen_after(fen, "a7a8n"), "N7/4k3/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(OrthodoxCheck, PinnedPieceMayOnlyMoveAlongThePin) {  // orthodox.check.no_self_check
  auto moves = legal_moves("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
  for (const std::string& m : moves)
    if (m.starts_with("e2")) EXPECT_EQ(m[2], 'e') << m;
  EXPECT_TRUE(has_move("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "e2e7"));
}

TEST(OrthodoxResult, FoolsMateIsCheckmate) {  // orthodox.result.checkmate
  State s = play("", {"f2f3", "e7e5", "g2g4", "d8h4"});
  EXPECT_EQ(s.outcome.result, Result::BlackWins);
  EXPECT_EQ(s.outcome.clause, clause::kCheckmate);
  EXPECT_TRUE(variant().roles_to_act(s).empty());
}

TEST(OrthodoxResult, StalemateIsADraw) {  // orthodox.result.stalemate
  State s = play("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", {"f1f7"});
  EXPECT_EQ(s.outcome.result, Result::Draw);
  EXPECT_EQ(s.outcome.clause, clause::kStalemate);
}

TEST(OrthodoxResult, BareKingsAreADeadPosition) {  // orthodox.result.dead_position
  State s = play("8/8/8/8/8/4q3/4K3/7k w - - 0 1", {"e2e3"});
  EXPECT_EQ(s.outcome.result, Result::Draw);
  EXPECT_EQ(s.outcome.clause, clause::kDeadPosition);
}

TEST(OrthodoxResult, ThreefoldRepetitionDrawsUnderTheClaimedReading) {  // orthodox.result.repetition
  std::vector<std::string> shuffle = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
  State s = play("", shuffle);
  EXPECT_EQ(s.outcome.result, Result::Draw);
  EXPECT_EQ(s.outcome.clause, clause::kRepetition);
  Readings automatic;
  automatic.choose(reading::kDrawClaims, "automatic");
  EXPECT_EQ(play("", shuffle, automatic).outcome.result, Result::Ongoing);
  shuffle.insert(shuffle.end(), {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
  EXPECT_EQ(play("", shuffle, automatic).outcome.clause, clause::kRepetition);
}

TEST(OrthodoxResult, FiftyMovesWithoutPawnMoveOrCaptureDraw) {  // orthodox.result.fifty_move
  EXPECT_EQ(play("8/8/8/4k3/8/8/3QK3/8 w - - 99 80", {"d2d3"}).outcome.clause, clause::kFiftyMove);
  EXPECT_EQ(play("8/8/8/4k3/8/8/3QK3/8 w - - 98 80", {"d2d3"}).outcome.result, Result::Ongoing);
}

TEST(OrthodoxStep, TraceCitesTheClausesThatFired) {
  const Variant& v = variant();
  State s = *v.parse_state("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  StepResult r = v.step(s, {{Role::White, *v.parse_action(s, Role::White, "e5d6")}}, {});
  EXPECT_TRUE(r.trace.fired(clause::kEnPassant));
  EXPECT_TRUE(r.trace.fired(clause::kAlternate));
  ASSERT_GE(r.trace.events().size(), 2u);
  EXPECT_EQ(r.trace.events()[0].type, EventType::EnPassant);
}

TEST(OrthodoxStep, RejectsMovesOfTheWrongSideOrIllegalMoves) {
  const Variant& v = variant();
  State s = v.initial_state();
  EXPECT_FALSE(v.parse_action(s, Role::Black, "e7e5").ok());
  EXPECT_FALSE(v.parse_action(s, Role::White, "e2e5").ok());
  EXPECT_FALSE(v.parse_action(s, Role::White, "zz").ok());
  EXPECT_THROW(v.step(s, {{Role::White, Move{0, 63}}}, {}), std::invalid_argument);
}

TEST(OrthodoxInvariants, RejectImpossiblePositionsAsInput) {
  const Variant& v = variant();
  for (const char* fen : {
           "8/8/8/8/8/8/8/K7 w - - 0 1",                 // no black king
           "k7/8/8/8/8/8/8/KK6 w - - 0 1",               // two white kings
           "k6P/8/8/8/8/8/8/K7 w - - 0 1",               // pawn on the last rank
           "k6R/8/8/8/8/8/8/K7 w - - 0 1",               // black, not to move, is in check
           "k7/8/8/8/8/8/8/K7 w K - 0 1",                // castling right without rook
           "k7/8/8/8/8/8/8/K7 w - e3 0 1",               // en passant without a double step
           "k9/10/10/10/10/10/10/10/10/K9 w - - 0 1",    // not 8x8
           "k7/8/8/8/8/8/8/[KN]6 w - - 0 1",             // co-occupation
       }) {
    EXPECT_FALSE(v.parse_state(fen).ok()) << fen;
  }
}

TEST(OrthodoxSan, WritesDisambiguationCapturesPromotionsAndMate) {
  const Variant& v = variant();
  auto san_of = [&](const std::string& fen, const std::string& move) {
    State s = *v.parse_state(fen);
    Role role = s.position.side_to_move == Color::White ? Role::White : Role::Black;
    return v.san(s, *v.parse_action(s, role, move));
  };
  EXPECT_EQ(san_of(std::string(kStartFen), "g1f3"), "Nf3");
  EXPECT_EQ(san_of(std::string(kStartFen), "e2e4"), "e4");
  EXPECT_EQ(san_of("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"), "O-O");
  EXPECT_EQ(san_of("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"), "O-O-O");
  EXPECT_EQ(san_of("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "a1d1"), "Rd1");
  EXPECT_EQ(san_of("4k3/8/8/8/8/8/K7/R6R w - - 0 1", "a1d1"), "Rad1");
  EXPECT_EQ(san_of("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a2"), "R1a2");
  EXPECT_EQ(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), "exd6");
  EXPECT_EQ(san_of("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"), "axb8=Q+");
  EXPECT_EQ(san_of("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
}

}  // namespace
}  // namespace arbiter::orthodox
