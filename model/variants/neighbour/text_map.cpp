// The text map of Neighbour Chess Solitaire: every sentence of its section of
// chess-kit-new-rules.md mapped to the clauses and reading points that
// implement it, or marked "not a rule" with the reason.
#include "model/variants/neighbour/clauses.h"

namespace arbiter::neighbour {

const TextMap& text_map() {
  using namespace clause;
  using namespace reading;
  static const TextMap map = {
      {"## Neighbour Chess Solitaire", {}, "title"},
      {"Pairs of chess pieces help each other", {kLonePiece}, "overview of the game; read for the lone piece"},
      {"Keep adding pieces until you have enough to start", {kStopAdding, kScore, kLonePiece},
       "overview: stopping is the player's choice, and fewer cards used score more"},
      {"This game might not be broken", {}, "design note: the game's history"},
      {"### Equipment", {}, "heading"},
      {"A standard chess set and a standard deck", {}, "equipment"},
      {"### Setup", {}, "heading"},
      {"Place all the chess pieces except the pawns", {kNoPawns}, ""},
      {"Put the pawns away", {kNoPawns}, ""},
      {"From the deck of cards, create two smaller decks", {kTwoDecks}, ""},
      {"The first is a deck of 16 cards", {kPieceDeck},
       "appendix A is not in the text: each card is modelled as the piece it stands for (gap, scenario "
       "neighbour.setup.appendix_a_missing)"},
      {"You don't need the pawn cards", {kPieceDeck}, ""},
      {"The second is a deck for the positions", {kPositionDeck}, ""},
      {"Spades, and Clubs.", {kPositionDeck}, "the end of the positions deck's sentence, split at its line break"},
      {"Put the rest of the cards away", {}, "equipment: the unused cards play no part"},
      {"Then shuffle each deck", {kShuffle}, ""},
      {"### Play", {}, "heading"},
      {"In the first part of the game, you add pieces", {kTwoParts}, ""},
      {"Flip over the top card of the pieces deck", {kFlipPiece}, ""},
      {"Take the piece that matches that card", {kTakePiece}, ""},
      {"If it's the first piece, hold it above the bottom left corner", {kFirstCorner}, ""},
      {"Otherwise, hold it above the last piece you added", {kAboveLast}, ""},
      {"(Check the discard pile, if you forget", {}, "a reminder: the top of the pieces discard pile is the last piece"},
      {"Flip over the top card of the positions deck", {kFlipPosition}, ""},
      {"Now move the piece from the square it's above", {kPlace}, ""},
      {"If the position card is a red card", {kRedRight, kBlackUp}, ""},
      {"If you move off the edge of the board", {kWrap}, ""},
      {"If the space you move to is occupied", {kOccupiedNeighbour, kEightNeighbours}, ""},
      {"If all of them are occupied", {kRingOutward}, ""},
      {"You may not wrap around the edge of the board in this case", {kNoWrapDisplace}, ""},
      {"After adding any piece, you may choose to stop adding", {kStopAdding, kWinCheck}, ""},
      {"Before each move, spend a card", {kSpendCard, kNoMoveEnds}, ""},
      {"Then move one of the chess pieces", {kOnePiece}, ""},
      {"However, it doesn't use its usual move", {kNotOwnMove}, ""},
      {"Instead, use the move of one of its neighbours", {kNeighbourMove, kCapture, kSlidesBlocked}, ""},
      {"If a piece has no neighbours of the same colour", {kNoNeighbour, kNoMoveEnds}, ""},
      {"### Winning", {}, "heading"},
      {"If you can get from any piece to any other piece", {kConnected, kEightNeighbours, kLonePiece, kWinCheck}, ""},
      {"Count how many cards you have left", {kScore},
       "a win only: a game not won has no result or score in the text (gap, scenarios neighbour.move.stuck_loses and "
       "neighbour.move.last_card_no_group)"},
  };
  return map;
}

}  // namespace arbiter::neighbour
