// Zeitgeist: resolutions the scenario files do not reach, perft under every
// submission reading, and bad input.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/core/scenario.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/zeitgeist/zeitgeist.h"
#include "reports/perft_table.h"
#include "tests/support/joint_perft.h"
#include "tests/support/paths.h"

namespace arbiter::zeitgeist {
namespace {

StepResult resolve_text(const std::string& fen, const std::string& step, const Readings& readings = {}) {
  const Variant& v = variant();
  auto s = v.parse_state(fen);
  EXPECT_TRUE(s.ok()) << s.error();
  auto joint = v.parse_joint(*s, step, readings);
  EXPECT_TRUE(joint.ok()) << joint.error();
  return v.step(*s, *joint, readings);
}


TEST(Zeitgeist, PerftTableMatches) {
  auto table = report::read_perft_table(test::source_path("corpus/perft/zeitgeist.epd"));
  ASSERT_TRUE(table.ok()) << table.error();
  const Variant& v = variant();
  for (const auto& e : *table)
    for (const auto& [depth, nodes] : e.depths) EXPECT_EQ(test::parallel_perft(v, *v.parse_state(e.fen), depth), nodes) << depth;
}

TEST(Zeitgeist, PerftUnderEachSubmissionReading) {
  const Variant& v = variant();
  Readings pattern, king_safe;
  king_safe.choose(reading::kSubmission, "king_safe");
  // From the start no piece attacks a king, so every pattern move (104 a
  // side) is king-safe: an orthodox move leaves the king unattacked, any other
  // bounces.
  State start = v.initial_state();
  EXPECT_EQ(test::joint_perft(v, start, 1, pattern), 10816u);
  EXPECT_EQ(test::joint_perft(v, start, 1, king_safe), 10816u);
  // The rook on h2 holds the second rank: of the white king's five pattern
  // moves, d2, e2 and f2 leave it attacked. Black writes 19 (five king moves,
  // fourteen rook moves), all safe: 5 x 19 and 2 x 19.
  State rook = *v.parse_state("4k3/8/8/8/8/8/7r/4K3 w - - 0 1");
  EXPECT_EQ(test::joint_perft(v, rook, 1, pattern), 95u);
  EXPECT_EQ(test::joint_perft(v, rook, 1, king_safe), 38u);
}

TEST(Zeitgeist, BouncedPieceIsStationaryForAPawnBehindIt) {
  // The rook on a1 cannot pass the stationary pawn on a2; it bounces.
  StepResult r = resolve_text("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", "a1a4:e8d8");
  EXPECT_TRUE(r.trace.fired(clause::kBlocked));
  EXPECT_EQ(r.state.position.occupant(r.state.position.shape().square(0, 0)) != kNoPiece, true);
}

TEST(Zeitgeist, ABouncedPieceThatGivesCheckCountsAsTheOpponentsMove) {
  // The rooks meet on d2, neither captures, and both bounce
  // (zeitgeist.collision.neither_captured); the white rook back on e2 checks
  // the king on e8 again. Under check_count=by_opponent_move a check counts
  // when a piece written to move this turn gives it, bounced or not: this is
  // the second check in a row, and Black loses.
  Readings readings;
  readings.choose(reading::kCheckCount, "by_opponent_move");
  StepResult r = resolve_text("3rk3/8/8/8/8/8/4R3/K7 w - - 0 1 checks=b", "e2d2:d8d2", readings);
  EXPECT_TRUE(r.trace.fired(clause::kNeitherCaptured));
  EXPECT_TRUE(r.trace.fired(clause::kAnnounceCheck));
  EXPECT_EQ(r.state.outcome.result, Result::WhiteWins);
  EXPECT_EQ(r.state.outcome.clause, clause::kTwoChecks);
}

TEST(Zeitgeist, CanWriteAgreesWithTheWritableList) {
  const Zeitgeist& v = static_cast<const Zeitgeist&>(variant());
  const std::string_view submissions[] = {"pattern", "king_safe"};
  for (const State& s : start_states(v, test::source_path("corpus/scenarios"))) {
    if (s.outcome.over()) continue;
    for (Color c : {Color::White, Color::Black}) {
      // Every move some reading lets the player write, and a pass.
      std::vector<Move> candidates = {Move::pass()};
      for (std::string_view submission : submissions)
        for (const Move& m : v.writable(s, c, submission, true)) candidates.push_back(m);
      for (std::string_view submission : submissions)
        for (bool optional : {false, true})
          for (bool into_check : {true, false}) {
            std::vector<Move> listed = v.writable(s, c, submission, optional, into_check);
            for (const Move& m : candidates) {
              bool in_list = std::any_of(listed.begin(), listed.end(), [&](const Move& o) { return o.same_action(m); });
              EXPECT_EQ(v.can_write(s, c, submission, optional, m, into_check), in_list)
                  << v.fen(s) << " " << submission << " " << optional << " " << into_check << " " << v.move_text(s, m);
            }
          }
    }
  }
}

// Castling is written by the usual conditions, and the pattern listing asks
// for it only when the player has a castling right left.
TEST(Zeitgeist, PatternCastlingNeedsARightLeft) {
  const Zeitgeist& v = static_cast<const Zeitgeist&>(variant());
  auto castles = [&](const std::string& fen, Color c) {
    auto s = v.parse_state(fen);
    EXPECT_TRUE(s.ok()) << s.error();
    std::vector<Move> listed = v.writable(*s, c, "pattern", false);
    return std::count_if(listed.begin(), listed.end(), [](const Move& m) { return m.is(kMoveCastle); });
  };
  EXPECT_EQ(castles("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Color::White), 2);
  EXPECT_EQ(castles("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Color::Black), 2);
  EXPECT_EQ(castles("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", Color::White), 1);
  EXPECT_EQ(castles("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", Color::White), 0);
  EXPECT_EQ(castles("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", Color::Black), 0);
}

// zeitgeist.castle_into_check: castling onto a square the opponent attacks
// (g1, by the rook on g8) is listed under "pattern" only where the reading
// lets zeitgeist.submission decide it; under "forbidden" a written one is
// refused and costs what zeitgeist.refused_move says. Out of and through
// check it is never listed (zeitgeist.castle.not_through_check).
TEST(Zeitgeist, CastlingOntoAnAttackedSquareFollowsCastleIntoCheck) {
  const Zeitgeist& v = static_cast<const Zeitgeist&>(variant());
  auto castles = [&](const std::string& fen, std::string_view submission, bool into_check) {
    auto s = v.parse_state(fen);
    EXPECT_TRUE(s.ok()) << s.error();
    std::vector<Move> listed = v.writable(*s, Color::White, submission, false, into_check);
    return std::count_if(listed.begin(), listed.end(), [](const Move& m) { return m.is(kMoveCastle); });
  };
  const std::string onto = "k5r1/8/8/8/8/8/8/4K2R w K - 0 1";
  EXPECT_EQ(castles(onto, "pattern", true), 1);
  EXPECT_EQ(castles(onto, "pattern", false), 0);
  EXPECT_EQ(castles(onto, "king_safe", true), 0);
  EXPECT_EQ(castles(onto, "king_safe", false), 0);
  for (bool into_check : {true, false}) {
    EXPECT_EQ(castles("5rk1/8/8/8/8/8/8/4K2R w K - 0 1", "pattern", into_check), 0);   // through f1
    EXPECT_EQ(castles("4r1k1/8/8/8/8/8/8/4K2R w K - 0 1", "pattern", into_check), 0);  // out of e1
    EXPECT_EQ(castles("k7/8/8/8/8/8/8/4K2R w K - 0 1", "pattern", into_check), 1);     // nothing attacked
  }

  // The listed actions follow the reading in force.
  auto s = v.parse_state(onto);
  ASSERT_TRUE(s.ok());
  Readings as_king_move, forbidden;
  forbidden.choose(reading::kCastleIntoCheck, "forbidden");
  auto listed_castles = [&](const Readings& r) {
    std::vector<Move> a = v.actions(*s, Role::White, r);
    return std::count_if(a.begin(), a.end(), [](const Move& m) { return m.is(kMoveCastle); });
  };
  EXPECT_EQ(listed_castles(as_king_move), 1);
  EXPECT_EQ(listed_castles(forbidden), 0);

  // Written anyway, the castling is played under the default and refused
  // under "forbidden", the reading consulted in both.
  Move castle{s->position.shape().square(4, 0), s->position.shape().square(6, 0), kNoKind, kMoveCastle};
  Move black{s->position.shape().square(0, 7), s->position.shape().square(1, 7)};
  JointAction joint = {{Role::White, castle}, {Role::Black, black}};
  StepResult played = v.step(*s, joint, as_king_move);
  EXPECT_EQ(played.trace.readings().at(reading::kCastleIntoCheck), "as_king_move");
  EXPECT_EQ(played.state.position.piece(played.state.position.occupant(s->position.shape().square(6, 0))).kind,
            orthodox::kKing);
  StepResult refused = v.step(*s, joint, forbidden);
  EXPECT_EQ(refused.trace.readings().at(reading::kCastleIntoCheck), "forbidden");
  EXPECT_NE(refused.state.position.occupant(s->position.shape().square(4, 0)), kNoPiece);
  EXPECT_EQ(refused.state.position.occupant(s->position.shape().square(6, 0)), kNoPiece);
  EXPECT_NE(refused.state.position.occupant(s->position.shape().square(1, 7)), kNoPiece);  // Black's move stands
}

// Both players checkmated at the start of a turn both lose
// (zeitgeist.result.both_lose); one checkmated while the other is stalemated
// loses (the gap scenario zeitgeist.no_legal_move.mate_and_stalemate).
TEST(Zeitgeist, PlayersWithNoMoveAtTheStartOfATurn) {
  Readings king_safe;
  king_safe.choose(reading::kSubmission, "king_safe");
  StepResult mate_and_stalemate = resolve_text("3Rn2k/4NP2/4PKB1/4PPPn/8/8/8/7R w - - 0 1", "0000:0000", king_safe);
  EXPECT_EQ(mate_and_stalemate.state.outcome.result, Result::BlackWins);
  EXPECT_FALSE(mate_and_stalemate.trace.fired(clause::kBothLose));
  // Each king in a corner, checkmated by a queen and a rook of the other side.
  StepResult both = resolve_text("k6Q/7R/8/8/8/8/7r/K6q w - - 0 1", "0000:0000", king_safe);
  EXPECT_EQ(both.state.outcome.result, Result::BothLose);
  EXPECT_TRUE(both.trace.fired(clause::kBothLose));
}

// Variant::apply and Variant::step hand resolve the same starting copy of the
// state, so for moves the readings let the players write they agree on the
// state after, its history and its result, whatever the readings.
TEST(Zeitgeist, ApplyGivesTheStateStepGives) {
  const Variant& v = variant();
  for (const State& s : start_states(v, test::source_path("corpus/scenarios"))) {
    if (s.outcome.over()) continue;
    for (const ReadingPoint& point : v.readings())
      for (const Alternative& alt : point.alternatives) {
        Readings readings;
        readings.choose(point.id, alt.id);
        // apply takes moves the readings let the players write.
        std::vector<Move> white = v.actions(s, Role::White, readings), black = v.actions(s, Role::Black, readings);
        for (std::size_t i = 0; i < white.size(); i += 11)
          for (std::size_t j = 0; j < black.size(); j += 13) {
            JointAction joint = {{Role::White, white[i]}, {Role::Black, black[j]}};
            StepResult r = v.step(s, joint, readings);
            State applied = v.apply(s, joint, readings);
            EXPECT_EQ(v.fen(applied), v.fen(r.state)) << v.fen(s) << " " << point.id << "=" << alt.id;
            EXPECT_EQ(applied.outcome.result, r.state.outcome.result) << v.fen(s);
            EXPECT_EQ(applied.history, r.state.history) << v.fen(s);
          }
      }
  }
}

TEST(Zeitgeist, NoSquareHoldsTwoPiecesAfterAnyResolution) {
  const Variant& v = variant();
  State s = v.initial_state();
  std::vector<Move> white = v.actions(s, Role::White), black = v.actions(s, Role::Black);
  for (std::size_t i = 0; i < white.size(); i += 7)
    for (std::size_t j = 0; j < black.size(); j += 5) {
      StepResult r = v.step(s, {{Role::White, white[i]}, {Role::Black, black[j]}}, {});
      EXPECT_TRUE(v.check_invariants(r.state).empty()) << v.fen(r.state);
    }
}

// The pawn-ranks invariant checks only a pawn's own first row, since
// zeitgeist.promotion_may=optional may leave a pawn on its opposite row. Under
// the default (must) no step leaves one there, and under optional one can.
TEST(Zeitgeist, OnlyOptionalPromotionLeavesAPawnOnItsLastRow) {
  const Variant& v = variant();
  auto pawn_on_last_row = [](const State& s) {
    const BoardShape& shape = s.position.shape();
    for (const Piece& p : s.position.pieces()) {
      if (!p.on_board() || p.kind != orthodox::kPawn) continue;
      int last = p.color == Color::White ? shape.ranks - 1 : 0;
      if (shape.rank_of(p.square) == last) return true;
    }
    return false;
  };
  int promotions_checked = 0;
  Readings optional;
  optional.choose(reading::kPromotionMay, "optional");
  bool optional_leaves_one = false;
  for (const State& s : start_states(v, test::source_path("corpus/scenarios"))) {
    if (s.outcome.over()) continue;
    for (bool under_default : {true, false}) {
      const Readings readings = under_default ? Readings{} : optional;
      std::vector<Move> white = v.actions(s, Role::White, readings), black = v.actions(s, Role::Black, readings);
      for (std::size_t i = 0; i < white.size(); ++i)
        for (std::size_t j = 0; j < black.size(); j += 3) {
          bool promoting = white[i].promotion != kNoKind || black[j].promotion != kNoKind;
          JointAction joint = {{Role::White, white[i]}, {Role::Black, black[j]}};
          State after = v.step(s, joint, readings).state;
          if (under_default) {
            promotions_checked += promoting;
            EXPECT_FALSE(pawn_on_last_row(after)) << v.fen(s) << " " << v.move_text(s, white[i]) << ":"
                                                  << v.move_text(s, black[j]);
          } else {
            optional_leaves_one = optional_leaves_one || pawn_on_last_row(after);
          }
        }
    }
  }
  EXPECT_GT(promotions_checked, 0);
  EXPECT_TRUE(optional_leaves_one);
}

TEST(Zeitgeist, FinishedGamesReadBackFinished) {
  const Variant& v = variant();
  StepResult r = resolve_text("4k3/8/8/7Q/7q/8/8/4K3 w - - 0 1", "h5e8:h4e1");
  ASSERT_EQ(r.state.outcome.result, Result::BothLose);
  auto back = v.parse_state(v.fen(r.state));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->outcome.result, Result::BothLose);
  EXPECT_TRUE(v.roles_to_act(*back).empty());
}

TEST(Zeitgeist, BadInputIsRejected) {
  const Variant& v = variant();
  EXPECT_FALSE(v.parse_state("4k3/8/8/8/8/8/8/8 w - - 0 1").ok());                 // no white king, game on
  EXPECT_FALSE(v.parse_state("4k3/8/8/8/8/8/8/4K3 w - - 0 1 checks=x").ok());      // bad check record
  EXPECT_FALSE(v.parse_state("4k3/8/8/8/8/8/8/4K3 w - - 0 1 result=maybe").ok());  // bad result
  EXPECT_FALSE(v.parse_state("4k3/8/8/8/8/8/8/4[KN]2 w - - 0 1").ok());            // two pieces on a square
  State s = v.initial_state();
  EXPECT_FALSE(v.parse_joint(s, "e2e4").ok());         // one move where two are needed
  EXPECT_FALSE(v.parse_joint(s, "e2e5:e7e5").ok());    // a pawn cannot go three squares
  EXPECT_THROW(v.step(s, {{Role::White, Move{12, 28}}}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace arbiter::zeitgeist
