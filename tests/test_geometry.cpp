// Board geometry and piece descriptions.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/core/geometry.h"
#include "model/core/movegen.h"
#include "model/core/piece_kind.h"
#include "model/core/position.h"
#include "reports/board_svg.h"

namespace arbiter {
namespace {

TEST(Geometry, SquareNamesRoundTripOnEverySizeUpTo16x16) {
  for (int files = 1; files <= kMaxFiles; ++files) {
    for (int ranks = 1; ranks <= kMaxRanks; ++ranks) {
      BoardShape shape{files, ranks};
      for (Square s = 0; s < shape.size(); ++s) {
        std::string name = square_name(shape, s);
        std::size_t used = 0;
        auto back = parse_square(shape, name, &used);
        ASSERT_TRUE(back.has_value()) << name;
        EXPECT_EQ(*back, s) << name;
        EXPECT_EQ(used, name.size());
      }
    }
  }
}

TEST(Geometry, ParsesTwoDigitRanksOnlyWhereTheBoardHasThem) {
  BoardShape ten{10, 10}, eight{8, 8};
  std::size_t used = 0;
  EXPECT_EQ(parse_square(ten, "a10b9", &used), ten.square(0, 9));
  EXPECT_EQ(used, 3u);
  EXPECT_EQ(parse_square(eight, "a10", &used), eight.square(0, 0));
  EXPECT_EQ(used, 2u);
  EXPECT_FALSE(parse_square(eight, "i1").has_value());
  EXPECT_FALSE(parse_square(eight, "a9").has_value());
  EXPECT_FALSE(parse_square(eight, "a0").has_value());
  EXPECT_FALSE(parse_square(eight, "").has_value());
}

TEST(Geometry, OffsetStopsAtTheEdge) {
  BoardShape shape{10, 10};
  EXPECT_EQ(shape.offset(shape.square(9, 9), 1, 0), kNoSquare);
  EXPECT_EQ(shape.offset(shape.square(0, 0), 2, 1), shape.square(2, 1));
  EXPECT_EQ(shape.mirror(shape.square(3, 0)), shape.square(3, 9));
}

TEST(PieceKinds, KnightLeapExpandsToEightDirections) {
  EXPECT_EQ(expand(leap(1, 2)).size(), 8u);
  EXPECT_EQ(expand(ride(1, 0)).size(), 4u);
  EXPECT_EQ(expand(ride(1, 1)).size(), 4u);
  Movement forward{1, 1, 1, MoveMode::CaptureOnly, Directions::Forward};
  auto steps = expand(forward);
  EXPECT_EQ(steps.size(), 2u);
  for (const Step& s : steps) EXPECT_EQ(s.dr, 1);
}

class TenByTen : public ::testing::Test {
 protected:
  TenByTen() {
    kinds.add(kinds::rook());
    kinds.add(kinds::knight());
    kinds.add({"C", "cannon", {ride(1, 0, 0, MoveMode::MoveOnly), Movement{1, 0, 0, MoveMode::CaptureOnly, Directions::All, Hop::Screen}}});
    kinds.add({"W", "wazir-rider-2", {ride(1, 0, 2)}});
  }
  PieceSet kinds;
};

TEST_F(TenByTen, RookOnAnEmpty10x10BoardHas18Moves) {
  Position pos({10, 10}, kinds);
  PieceId id = pos.add(0, Color::White, pos.shape().square(4, 4));
  MoveList moves;
  piece_moves(pos, pos.piece(id), moves);
  EXPECT_EQ(moves.size(), 18u);
}

TEST_F(TenByTen, RangeLimitedRiderStopsAfterTwoSteps) {
  Position pos({10, 10}, kinds);
  PieceId id = pos.add(3, Color::White, pos.shape().square(4, 4));
  MoveList moves;
  piece_moves(pos, pos.piece(id), moves);
  EXPECT_EQ(moves.size(), 8u);
}

TEST_F(TenByTen, CannonCapturesOnlyOverExactlyOneScreen) {
  Position pos({10, 10}, kinds);
  const BoardShape& shape = pos.shape();
  PieceId cannon = pos.add(2, Color::White, shape.square(0, 0));
  pos.add(1, Color::White, shape.square(0, 3));  // screen
  pos.add(1, Color::Black, shape.square(0, 6));  // target over the screen
  pos.add(1, Color::Black, shape.square(0, 8));  // behind the target: not reachable
  MoveList moves;
  piece_moves(pos, pos.piece(cannon), moves);
  auto has = [&](Square to) { return std::any_of(moves.begin(), moves.end(), [&](const Move& m) { return m.to == to; }); };
  EXPECT_TRUE(has(shape.square(0, 1)));
  EXPECT_TRUE(has(shape.square(0, 2)));
  EXPECT_FALSE(has(shape.square(0, 3)));
  EXPECT_FALSE(has(shape.square(0, 4)));
  EXPECT_TRUE(has(shape.square(0, 6)));
  EXPECT_FALSE(has(shape.square(0, 8)));
  EXPECT_TRUE(piece_attacks(pos, pos.piece(cannon), shape.square(0, 6)));
  EXPECT_FALSE(piece_attacks(pos, pos.piece(cannon), shape.square(0, 8)));
  EXPECT_FALSE(piece_attacks(pos, pos.piece(cannon), shape.square(0, 2)));
}

// A copy is a position of its own: changing it leaves the original as it was.
TEST_F(TenByTen, ACopiedPositionIsIndependentOfItsOriginal) {
  Position pos({10, 10}, kinds);
  Square s = pos.shape().square(9, 9);
  PieceId rook = pos.add(0, Color::White, s);
  Position copy = pos;
  copy.move(rook, pos.shape().square(0, 0));
  copy.add(1, Color::Black, s);
  EXPECT_EQ(pos.pieces().size(), 1u);
  EXPECT_EQ(pos.piece(rook).square, s);
  EXPECT_EQ(pos.occupant(pos.shape().square(0, 0)), kNoPiece);
  EXPECT_EQ(copy.pieces().size(), 2u);
  Position assigned({8, 8}, kinds);
  assigned = copy;
  EXPECT_EQ(assigned.shape().files, 10);
  EXPECT_EQ(assigned.occupant(pos.shape().square(0, 0)), rook);
  EXPECT_EQ(assigned.count(s), 1);
}

// Diagrams fit any board: ten files and ranks labelled a-j and 1-10, a piece
// with a two-letter code labelled with it, two pieces on one square both drawn.
TEST_F(TenByTen, DiagramsLabelEveryFileRankAndPieceCode) {
  PieceSet set = kinds;
  KindId centaur = set.add({"CN", "centaur", {leap(1, 2)}});
  Position pos({10, 10}, set);
  pos.add(centaur, Color::Black, pos.shape().square(9, 9));
  pos.add(0, Color::White, pos.shape().square(4, 4));
  pos.add(1, Color::Black, pos.shape().square(4, 4));
  std::string svg = report::board_svg(report::Diagram{&pos, {}, {}, "ten by ten"});
  EXPECT_NE(svg.find(">j</text>"), std::string::npos);
  EXPECT_NE(svg.find(">10</text>"), std::string::npos);
  EXPECT_NE(svg.find(">CN</text>"), std::string::npos);
  // Every piece drawn, the two sharing e5 among them: the rook and knight as
  // chess glyphs, the centaur as a lettered disc.
  std::size_t pieces = 0;
  for (std::size_t at = svg.find("data-piece="); at != std::string::npos; at = svg.find("data-piece=", at + 1)) ++pieces;
  EXPECT_EQ(pieces, 3u);
  std::size_t circles = 0;
  for (std::size_t at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1)) ++circles;
  EXPECT_EQ(circles, 1u);
}

TEST_F(TenByTen, PositionsKeepSeveralPiecesOnOneSquareInArrivalOrder) {
  Position pos({10, 10}, kinds);
  Square s = pos.shape().square(5, 5);
  PieceId a = pos.add(0, Color::White, s);
  PieceId b = pos.add(1, Color::Black, s);
  ASSERT_EQ(pos.count(s), 2);
  EXPECT_EQ(pos.at(s)[0], a);
  EXPECT_EQ(pos.at(s)[1], b);
  pos.remove(a);
  EXPECT_EQ(pos.count(s), 1);
  EXPECT_EQ(pos.occupant(s), b);
  EXPECT_FALSE(pos.piece(a).on_board());
  pos.move(b, pos.shape().square(0, 9));
  EXPECT_TRUE(pos.empty(s));
}

}  // namespace
}  // namespace arbiter
