// The clauses of Gravity Chess: one per rule sentence, with a short quote.
#include "model/variants/gravity/clauses.h"

namespace arbiter::gravity {

const ClauseTable& clauses() {
  using namespace clause;
  static const ClauseTable table = {
      {kEquipment, "Gravity Chess: \"A standard chess set and a standard deck of 52 cards.\""},
      {kFourPawns, "Gravity Chess: \"Put away four pawns of each colour\""},
      {kColours, "Gravity Chess: \"The other player picks a hand and then plays that colour.\""},
      {kCardPerPiece, "Gravity Chess: \"use one card to represent each piece\" (24 cards)"},
      {kSwapDecks, "Gravity Chess: \"give the black cards and pieces to the white player\""},
      {kShuffle, "Gravity Chess: \"shuffle their cards face down without looking\""},
      {kSameSide, "Gravity Chess: \"both players start on the same side of the board\""},
      {kPhases, "Gravity Chess: \"Each turn has three phases\""},
      {kFlip, "Gravity Chess: \"Flip a card for your opponent.\""},
      {kMoveAll, "Gravity Chess: \"Move all your active pieces\""},
      {kAdd, "Gravity Chess: \"Add your opponent's piece that matches the card to the top row\""},
      {kFirstTurn, "Gravity Chess: \"White has no active pieces on the first turn\""},
      {kMustMove, "Gravity Chess: \"you must move all your active pieces, unless they are blocked\""},
      {kDownward, "Gravity Chess: \"end up at least one row closer to the bottom\""},
      {kCaptureSameRow, "Gravity Chess: \"you may capture ... same row or any row closer\""},
      {kNoCaptureStacked, "Gravity Chess: \"You may not capture stacked pieces\""},
      {kOrder, "Gravity Chess: \"has to choose which order to move their pieces\""},
      {kCantMove, "Gravity Chess: \"This pawn can't move\""},
      {kPawnMoves, "Gravity Chess: pawns \"capture one space diagonally downward or move one space downward\""},
      {kPawnDoubleStep, "Gravity Chess: \"On their first move, they may move two spaces downward if both squares are empty.\""},
      {kStackedBottom, "Gravity Chess: \"If a piece reaches the bottom row, it becomes stacked\""},
      {kStackedBlocked, "Gravity Chess: \"If all possible downward moves for a piece are blocked by stacked pieces, then that "
                        "piece is also stacked\" (downward moves only: a capture on its own row is the text's \"exception for "
                        "captures\", no downward move)"},
      {kStackedFixed, "Gravity Chess: stacked pieces \"can't be moved or captured\""},
      {kGoal, "Gravity Chess: \"Get more of your pieces stacked at the bottom\""},
      {kLastPiece, "Gravity Chess: \"Turns continue until Black adds the last white piece\""},
      {kFinalTurn, "Gravity Chess: \"White gets one last turn without flipping a card\""},
      {kScoreCaptured, "Gravity Chess: \"A captured piece is worth one point.\""},
      {kScoreStacked, "Gravity Chess: \"on the second row is worth two points\""},
      {kMostPoints, "Gravity Chess: \"The player with the most points wins.\""},
      {kTieBreak, "Gravity Chess: \"look at the highest row with stacked pieces\""},
      {kTied, "Gravity Chess: \"If all rows are tied, the game is tied.\""},
  };
  return table;
}

}  // namespace arbiter::gravity
