// The clauses of Neighbour Chess Solitaire: one per rule sentence of its
// section, each with a short quote. Where a sentence leaves a question open,
// its reading point is in readings.cpp.
#include "model/variants/neighbour/clauses.h"

namespace arbiter::neighbour {

const ClauseTable& clauses() {
  using namespace clause;
  static const ClauseTable table = {
      // Setup.
      {kNoPawns, "Neighbour Chess Solitaire: all the pieces \"except the pawns\" stand beside the board; \"Put the pawns away\"."},
      {kTwoDecks, "Neighbour Chess Solitaire: \"create two smaller decks\" from the 52 cards."},
      {kPieceDeck, "Neighbour Chess Solitaire: \"a deck of 16 cards for the chess pieces\", no pawn cards."},
      {kPositionDeck, "Neighbour Chess Solitaire: the positions deck is \"2 - 6 of Hearts, Diamonds, Spades, and Clubs\"."},
      {kShuffle, "Neighbour Chess Solitaire: \"shuffle each deck\"; they are \"the two draw piles\"."},

      // Adding pieces.
      {kTwoParts, "Neighbour Chess Solitaire: \"In the first part of the game, you add pieces to the board\"."},
      {kFlipPiece, "Neighbour Chess Solitaire: \"Flip over the top card of the pieces deck\" onto a discard pile."},
      {kTakePiece, "Neighbour Chess Solitaire: \"Take the piece that matches that card\" and hold it above the board."},
      {kFirstCorner, "Neighbour Chess Solitaire: the first piece is held \"above the bottom left corner\", and moves \"from the square it's above\": it counts from a1."},
      {kAboveLast, "Neighbour Chess Solitaire: otherwise \"hold it above the last piece you added\"."},
      {kFlipPosition, "Neighbour Chess Solitaire: \"Flip over the top card of the positions deck\" onto a second discard pile."},
      {kPlace, "Neighbour Chess Solitaire: \"move the piece ... to a new square and add it to the board\"."},
      {kRedRight, "Neighbour Chess Solitaire: a red card moves the piece \"that many squares to the right\"."},
      {kBlackUp, "Neighbour Chess Solitaire: otherwise \"that many squares up\"."},
      {kWrap, "Neighbour Chess Solitaire: off the edge, \"loop around to the opposite side and keep counting\"."},
      {kOccupiedNeighbour, "Neighbour Chess Solitaire: if the space is occupied, \"you may move to any of the 8 neighbour spaces\"."},
      {kRingOutward, "Neighbour Chess Solitaire: \"If all of them are occupied ... any of their neighbours, and so on\"."},
      {kNoWrapDisplace, "Neighbour Chess Solitaire: \"You may not wrap around the edge of the board in this case\"."},
      {kStopAdding, "Neighbour Chess Solitaire: \"After adding any piece, you may choose to stop adding and try to move\": the stop ends the first part, the only one in which pieces are added."},

      // Moving pieces.
      {kSpendCard, "Neighbour Chess Solitaire: \"Before each move, spend a card from one of the draw piles\"."},
      {kOnePiece, "Neighbour Chess Solitaire: \"Then move one of the chess pieces.\""},
      {kNotOwnMove, "Neighbour Chess Solitaire: \"it doesn't use its usual move\"."},
      {kNeighbourMove, "Neighbour Chess Solitaire: \"use the move of one of its neighbours of the same colour\" in the 8 squares around."},
      {kNoNeighbour, "Neighbour Chess Solitaire: \"If a piece has no neighbours of the same colour, it cannot move.\""},
      {kSlidesBlocked, "Neighbour Chess Solitaire: \"use the move of one of its neighbours\": a chess piece's move, so a slide stops before the first piece on its line."},
      {kNoMoveEnds, "Neighbour Chess Solitaire: \"Before each move, spend a card\": a card is spent only for a move, so when no piece can move play cannot go on (its result: gap, scenario neighbour.move.stuck_loses)."},

      // Winning.
      {kConnected, "Neighbour Chess Solitaire: from any piece to any other \"only stepping on neighbouring pieces\": \"one connected group and you win\"."},
      {kEightNeighbours, "Neighbour Chess Solitaire: \"neighbouring pieces\" are those \"in the 8 squares around\" a piece (\"the 8 neighbour spaces\"), diagonals included."},
      {kScore, "Neighbour Chess Solitaire: \"Count how many cards you have left in the two draw piles\": those are the points."},
  };
  return table;
}

std::string_view consult(std::string_view point, const Readings& readings, Trace* trace) {
  const ReadingPoint* p = find_reading(neighbour::readings(), point);
  if (trace) return readings.consult(*p, *trace);
  return readings.in_force(*p);
}

}  // namespace arbiter::neighbour
