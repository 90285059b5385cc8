// The clauses of Parade Chess Solitaire, one per rule sentence with a short
// quote, and its reading points: where the text (and its missing appendix A)
// does not decide, every plausible alternative and a default with its reason.
#include "model/variants/parade/parade.h"

namespace arbiter::parade {

const ClauseTable& clauses() {
  using namespace clause;
  static const ClauseTable table = {
      {kEquipment, "Parade Chess Solitaire: \"A standard chess set and a standard deck of 52 cards.\""},
      {kNoPawns, "Parade Chess Solitaire: \"Put the pawns away\"."},
      {kOneCardPerPiece, "Parade Chess Solitaire: \"use one card to represent each piece\" (appendix A is missing: scenario parade.appendix_a.missing)."},
      {kSixteenCards, "Parade Chess Solitaire: \"you should end up with 16 cards\"."},
      {kShuffleTwoPiles, "Parade Chess Solitaire: \"shuffle the cards and deal them into two piles of eight\"."},
      {kDrawAndPlace, "Parade Chess Solitaire: \"draw one card at a time, placing the matching piece\"."},
      {kPlacementOrder, "Parade Chess Solitaire: \"Starting at a1 through h1, then a2 through h2\"."},
      {kGap, "Parade Chess Solitaire: \"how many empty squares to leave before placing each piece\"."},
      {kSetupExample, "Parade Chess Solitaire: the setup example, \"from the 9 and 10 of hearts to the 9 of spades\"."},
      {kSpendCards, "Parade Chess Solitaire: \"spend them on actions to bring the chess pieces together\"."},
      {kOneOfTwo, "Parade Chess Solitaire: \"Each card can be spent on one of two actions\"."},
      {kMoveFaceDown, "Parade Chess Solitaire: Move: \"play it face down\"."},
      {kMoveOpposite, "Parade Chess Solitaire: \"any piece of the opposite colour from a square that it could attack\"."},
      {kMoveTarget, "Parade Chess Solitaire: \"place it in another square that piece moving it could attack\" (an empty one: the text has no capture)."},
      {kMoveExample, "Parade Chess Solitaire: \"black knight at d3 could move the white bishop\"; the bishop at e4 moves the knight f3-g2."},
      {kAddFaceUp, "Parade Chess Solitaire: Add: \"play it face up onto the discard pile\"."},
      {kAddAfterLast, "Parade Chess Solitaire: \"the regular gap after the piece ... in the occupied rank farthest from 1\"."},
      {kAddExample, "Parade Chess Solitaire: \"if you played the 8 of diamonds, you would play a white knight at g7\"."},
      {kWinConnected, "Parade Chess Solitaire: \"formed one connected group and you win\"."},
      {kWinOrthogonal, "Parade Chess Solitaire: \"Diagonal neighbours don't count.\""},
      {kWinScore, "Parade Chess Solitaire: \"Count how many cards you have left in your hand\"."},
      {kCountNegative, "Parade Chess Solitaire: \"pick up all 16 cards, and use them to count negative points\"."},
      {kCountMoveOnly, "Parade Chess Solitaire: \"You may only move pieces and not add any.\""},
  };
  return table;
}

const ReadingTable& readings() {
  using namespace reading;
  static const ReadingTable table = {
      {kTable,
       "Appendix A is missing: how big is the queen's gap (the worked example fixes the cards and gaps of knights, "
       "bishops, rooks and the king only), one gap for both queens as the example's knights, bishops and rooks have "
       "one per kind (\"a gap to leave before each piece\" would also allow a table per colour, which the example "
       "does not decide for the white king and the queens: scenario parade.appendix_a.gap_per_colour)?",
       "Parade Chess Solitaire: \"The table in appendix A shows how big a gap to leave before each piece.\"",
       {{"rank_minus_7", "gap = card rank - 7: 8 knight 1, 9 bishop 2, 10 rook 3, Q queen 5, K king 6"},
        {"value_order", "gaps in order of piece value: knight 1, bishop 2, rook 3, queen 4, king 6"}},
       "rank_minus_7",
       "Every gap the example fixes is the card's rank minus 7 (8->1, 9->2, 10->3, K->6), the same for the white and "
       "the black piece of each kind it shows twice; the queen's Q then gives 5."},
      {kOffBoard,
       "What happens to an added piece whose gap would take it past h8?",
       "Parade Chess Solitaire: \"Add the piece as in the setup phase, leaving the regular gap after the piece\".",
       {{"card_spent", "the card is spent face up and no piece is placed"},
        {"wrap", "the count goes on from a1 over the empty squares and the piece is placed after the gap"}},
       "card_spent",
       "The setup order ends at h8 and the text names no square beyond; the card was taken before the square is known."},
      {kExhausted,
       "What happens when the 16 counting cards are spent too without a connected group?",
       "Parade Chess Solitaire: \"use them to count negative points until you form a connected group\".",
       {{"lose", "the game is lost at -16"},
        {"continue", "the count goes on below -16 until a group forms (no bound)"}},
       "lose",
       "Only 16 cards are picked up to count with; with none left the count, and the game, ends."},
      {kNoMove,
       "What happens while counting when no piece can move another?",
       "Parade Chess Solitaire: \"You may only move pieces and not add any.\"",
       {{"lose", "the game is lost at once, with the count so far"},
        {"pass", "a card is counted with no move (0000)"}},
       "lose",
       "No group can ever form: nothing on the board can change."},
  };
  return table;
}

}  // namespace arbiter::parade
