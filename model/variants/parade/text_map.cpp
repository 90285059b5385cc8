// The text map of Parade Chess Solitaire: every sentence of its section of
// chess-kit-new-rules.md mapped to the clauses and reading points that
// implement it, or marked "not a rule" with the reason. The diagrams are
// split by the sentence splitter at ". " before a capital piece letter; each
// part maps to the example it belongs to.
#include "model/variants/parade/parade.h"

namespace arbiter::parade {

const TextMap& text_map() {
  using namespace clause;
  using namespace reading;
  static const TextMap map = {
      {"## Parade Chess Solitaire", {}, "title"},
      {"Half the chess pieces are on parade", {}, "flavour"},
      {"Keep adding pieces until you have enough to start", {}, "flavour: the aim and the scoring, stated in Winning"},
      {"### Equipment", {}, "heading"},
      {"A standard chess set and a standard deck of 52", {kEquipment}, ""},
      {"### Setup", {}, "heading"},
      {"Place all the chess pieces except the pawns beside the", {kNoPawns}, ""},
      {"Put the pawns away, you won't need them.", {kNoPawns}, ""},
      {"From the deck of cards, use one card to represent", {kOneCardPerPiece, kTable},
       "appendix A is missing (gap, scenario parade.appendix_a.missing)"},
      {"You don't need the pawn cards, so you should end", {kSixteenCards}, ""},
      {"Put the rest of the cards away", {kShuffleTwoPiles}, ""},
      {"Then shuffle the cards and deal them into two piles", {kShuffleTwoPiles}, ""},
      {"From one of the piles, draw one card at a", {kDrawAndPlace},
       "\"one of the piles\": either; the model takes the first eight of the shuffle"},
      {"Starting at a1 through h1, then a2 through h2", {kPlacementOrder}, ""},
      {"The table in appendix A shows how big a gap", {kGap, kTable},
       "appendix A is missing; one gap per kind or per colour (gap, scenario parade.appendix_a.gap_per_colour)"},
      {"That is, how many empty squares to leave before placing", {kGap}, ""},
      {"Here's an example with all the cards laid out", {kSetupExample}, ""},
      {"Check to make sure you agree with where the pieces", {kSetupExample}, ""},
      {". . . . . . . . . .", {kSetupExample, kMoveExample}, "diagram (both diagrams start alike)"},
      {"N . . . . . . . k", {kSetupExample}, "diagram, the setup example"},
      {"B . . .", {kSetupExample, kMoveExample}, "diagram (both diagrams)"},
      {"R . margins: 0, 0, 4, 0 card", {kSetupExample}, "diagram: the cards in drawing order"},
      {"### Play", {}, "heading"},
      {"Take the remaining stack of eight cards", {kSpendCards}, ""},
      {"Each card can be spent on one of two actions", {kOneOfTwo}, ""},
      {"1. **Move** a piece.", {kOneOfTwo}, ""},
      {"Take the top card from your deck and play it", {kMoveFaceDown, kAddFaceUp},
       "said of Move (face down) and Add (face up); whether the player sees it first: gap, scenario "
       "parade.play.top_card_unseen"},
      {"Then use one of the pieces on the board to", {kMoveOpposite}, ""},
      {"A piece can move any piece of the opposite colour", {kMoveOpposite}, ""},
      {"Pick up the piece that you want to move", {kMoveTarget}, ""},
      {"For example, black knight at d3 could move the white", {kMoveExample}, ""},
      {"The king could move either of the white pieces next", {kMoveExample}, ""},
      {"2. **Add** a piece.", {kOneOfTwo}, ""},
      {"Add the piece as in the setup phase", {kAddAfterLast, kOffBoard}, ""},
      {"In the example above, if you played the 8 of", {kAddExample},
       "the text's g7 is g4 by its own procedure (example-mismatch, scenario parade.example.add_eight_of_diamonds)"},
      {"Here's an example of using the black bishop at e4", {kMoveExample}, ""},
      {"R . margins: 0, 0, 4, 0 arrow", {kMoveExample}, "diagram: the bishop's arrows to f3 and g2"},
      {"### Winning", {}, "heading"},
      {"If you can get from any piece to any other", {kWinConnected}, ""},
      {"Diagonal neighbours don't count.", {kWinOrthogonal}, ""},
      {"Count how many cards you have left in your hand", {kWinScore}, ""},
      {"If you run out of cards before you form one", {kCountNegative, kExhausted}, ""},
      {"You may only move pieces and not add any.", {kCountMoveOnly, kNoMove}, ""},
  };
  return map;
}

}  // namespace arbiter::parade
