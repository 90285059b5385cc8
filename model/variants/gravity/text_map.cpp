// The text map of Gravity Chess: every sentence of its section of
// chess-kit-new-rules.md mapped to the clauses and reading points that
// implement it, or marked "not a rule" with the reason.
#include "model/variants/gravity/clauses.h"

namespace arbiter::gravity {

const TextMap& text_map() {
  using namespace clause;
  using namespace reading;
  static const TextMap map = {
      {"## Gravity Chess", {}, "title"},
      {"This game was inspired by several video games", {}, "design history"},
      {"Its most unusual mechanics are", {kSameSide, kMoveAll}, "summary of the rules below"},
      {"Design questions:", {}, "design note for the author"},
      {"Can the end game be improved?", {}, "design question"},
      {"Can we make it easier to keep track", {}, "design question"},
      {"Go from the bottom up?", {}, "design question"},
      {"### Equipment", {}, "heading"},
      {"A standard chess set and a standard deck", {kEquipment}, ""},
      {"### Setup", {}, "heading"},
      {"Place all the chess pieces beside the board.", {kEquipment}, "the board starts empty"},
      {"Put away four pawns of each colour", {kFourPawns}, ""},
      {"One player takes a pawn of each colour", {kColours}, "who plays which colour is outside the model"},
      {"The other player picks a hand", {kColours}, ""},
      {"From the deck of cards, use one card", {kCardPerPiece},
       "appendix A is not in the text: a card is written as the letter of the piece it stands for (gap, scenario "
       "gravity.setup.appendix_a_missing)"},
      {"To match the pieces, you'll only need four pawns", {kCardPerPiece, kFourPawns}, ""},
      {"Put the rest of the cards away", {kCardPerPiece}, ""},
      {"Separate the cards by colour", {kSwapDecks}, ""},
      {"Each player should shuffle their cards", {kShuffle}, "the chance role's deal"},
      {"### Goal", {}, "heading"},
      {"Get more of your pieces stacked", {kGoal}, ""},
      {"### Play", {}, "heading"},
      {"Each turn has three phases:", {kPhases}, ""},
      {"1. **Flip** a card for your opponent.", {kFlip}, ""},
      {"2. **Move** all your active pieces", {kMoveAll, kDownward}, ""},
      {"However, you may capture a piece in the same row.", {kCaptureSameRow}, ""},
      {"3. **Add** your opponent's piece", {kAdd, kTopRowFull}, ""},
      {"#### Moving Pieces", {}, "heading"},
      {"Each turn, you must move all your active pieces", {kMustMove, kBlockedCapture}, ""},
      {"Stacked pieces are explained below.", {}, "cross-reference"},
      {"When you move a piece, gravity pulls it down", {kDownward}, ""},
      {"There's an exception for captures", {kCaptureSameRow, kKingCapture, kBlockedCapture}, ""},
      {"You may not capture stacked pieces", {kNoCaptureStacked}, ""},
      {"Pawns may either capture one space diagonally", {kPawnMoves, kPawnStacking}, ""},
      {"On their first move, they may move two spaces", {kPawnDoubleStep}, ""},
      {"White has no active pieces on the first turn", {kFirstTurn}, ""},
      {"In this example, White has just flipped a black rook card", {kOrder, kFlip}, "example 1"},
      // The diagrams split into pieces at ". X": each piece of a diagram is
      // part of its example (corpus/scenarios/gravity/examples.txt).
      {"P . . . . . . .", {kOrder}, "example 1, first diagram"},
      {"B . . . r . . .", {kOrder}, "example 1, first diagram"},
      {"P . . . . n . . b", {kOrder, kFlip}, "example 1, first diagram and its cards"},
      {"P . . . r . . .", {kOrder}, "example 1, second diagram"},
      {"P B . . . n . . b", {kOrder, kPawnMoves}, "example 1, second diagram, its cards and arrows"},
      {"p . . . . . .", {kStackedBlocked}, "example 2 diagram"},
      {"N q . . .", {kStackedBlocked}, "example 2 diagram"},
      {"B . . . . . .", {kStackedBlocked}, "example 2 diagram"},
      {"Q . . r b", {kStackedBlocked, kNoCaptureStacked}, "example 2 diagram and its cards"},
      {"R . . . . . . . . . .", {kStackedBlocked}, "example 3 diagram"},
      {"P . . . . . p . b", {kStackedBlocked, kKingCapture}, "example 3 diagram"},
      {"K N", {kStackedBlocked}, "example 3 diagram"},
      {"N .", {kStackedBlocked}, "example 3 diagram"},
      {"R .", {kStackedBlocked}, "example 3 diagram"},
      {"B r . . p . n Q q r", {kStackedBlocked, kKingCapture}, "example 3 diagram, its cards and the arrows of its unstacked pieces"},
      {"If they move their bishop first", {kOrder}, "example 1"},
      {"If they move the top pawn first", {kCantMove, kOrder}, "example 1"},
      {"Either way, the lower pawn can't move.", {kCantMove}, "example 1"},
      {"#### Stacked Pieces", {}, "heading"},
      {"If a piece reaches the bottom row, it becomes stacked", {kStackedBottom, kStackedFixed, kStackedStays}, ""},
      {"If all possible downward moves for a piece are blocked", {kStackedBlocked, kStackedFixed, kPawnStacking, kStackedStays}, ""},
      {"In this example, the two pieces on the bottom row", {kStackedBottom, kStackedBlocked}, "example 2"},
      {"The bishop can move down to h1", {kDownward}, "example 2"},
      {"If the rook weren't between them", {kCaptureSameRow}, "example 2"},
      {"However, it can't capture the stacked rook.", {kNoCaptureStacked}, "example 2"},
      {"### Game End", {}, "heading"},
      {"Turns continue until Black adds the last white piece", {kLastPiece, kFinalTurn}, ""},
      {"Count points for each player's stacked and captured pieces.", {kScoreCaptured, kScoreStacked}, ""},
      {"A captured piece is worth one point.", {kScoreCaptured}, ""},
      {"A stacked piece on the bottom row is worth one point", {kScoreStacked}, ""},
      {"The player with the most points wins.", {kMostPoints}, ""},
      {"In case of a tie, look at the highest row", {kTieBreak}, ""},
      {"The player with the most stacked pieces in that row wins.", {kTieBreak}, ""},
      {"If still tied, continue looking at the next row down", {kTieBreak}, ""},
      {"If all rows are tied, the game is tied.", {kTied}, ""},
      {"In this example, the unstacked pieces have arrows", {kStackedBlocked}, "example 3"},
      {"To calculate the score, count the pieces.", {kScoreCaptured, kScoreStacked}, "example 3"},
      {"White has 2 captured pieces for 2 points", {kScoreCaptured, kScoreStacked, kKingCapture, kPawnStacking}, "example 3"},
      {"Black has 4 captured pieces for 4 points", {kScoreCaptured, kScoreStacked, kKingCapture}, "example 3"},
      {"That makes a total of 16 for White and 19 for Black", {kMostPoints}, "example 3"},
  };
  return map;
}

}  // namespace arbiter::gravity
