// The text map of Two Move Chess: every sentence of its section of
// chess-kit-new-rules.md mapped to the clauses and reading points that
// implement it, or marked "not a rule" with the reason.
#include "model/variants/two_move/two_move.h"

namespace arbiter::two_move {

const TextMap& text_map() {
  using namespace clause;
  using namespace reading;
  static const TextMap map = {
      {"## Two Move Chess", {}, "title"},
      {"Players simultaneously choose two piece types", {kPhases, kChooseTwo, kOrder}, "summary of the Play section"},
      {"It was inspired by Richard Vickery", {}, "credit"},
      {"[Nibelungenlied]:", {}, "link target of the credit"},
      {"### Equipment", {}, "heading"},
      {"A standard chess set and a standard deck", {}, "equipment"},
      {"### Goal", {}, "heading"},
      {"Capture your opponent's king.", {kCaptureKing, kKingCapture}, ""},
      {"There's no check or checkmate", {kNoCheck}, ""},
      {"### Setup", {}, "heading"},
      {"One player takes a pawn of each colour", {}, "who plays which colour is drawn before the game: outside the model, which starts with White and Black assigned"},
      {"The other player picks a hand", {}, "the colour draw: outside the model"},
      {"Don't worry, though", {}, "design note"},
      {"From the deck of cards, use one card", {kCards},
       "appendix A (which playing card stands for which piece) is not in the text: a card is named by the piece type "
       "it stands for (gap, scenario two-move.setup.appendix_a_missing)"},
      {"Exclude the pawns", {kCards}, ""},
      {"Put the rest of the cards away", {}, "equipment"},
      {"Separate the cards by colour", {kCards}, ""},
      {"Place the chess pieces in the standard", {kStartPosition}, ""},
      {"Finally, White picks two cards", {kWhiteFaceUp}, ""},
      {"For your first game, pick king and rook.", {}, "advice for a first game, not a rule (\"White picks two cards\")"},
      {"### Play", {}, "heading"},
      {"Each turn has two phases", {kPhases}, ""},
      {"Both players secretly choose two cards", {kChooseTwo}, "the simultaneous choice is one step where both act"},
      {"One player will start with two cards face up", {kNotFaceUp}, ""},
      {"Once all four cards are played, reveal them.", {kReveal}, ""},
      {"Now players move the pieces that match", {kOrder}, ""},
      {"Any of the cards may be used to move a pawn", {kPawnAnyCard, kOrder}, ""},
      {"If players chose the same two cards", {kSameTwo}, ""},
      {"If each player chose one matching card", {kOneMatch, kDoubleCard}, ""},
      {"You may make any combination of moves", {kCombination, kPawnOnce, kPromotedPawn}, ""},
      {"If you play a card, and it's not eliminated", {kMustMove}, ""},
      {"If you have no legal move with that piece type", {kNoMovePass}, ""},
      {"Chess pieces move as in normal chess.", {kChessMoves, kCapture}, ""},
      {"Pawns can move two squares from the second rank.", {kDoubleStep}, ""},
      {"Castling is allowed with a king card", {kCastle}, ""},
      {"It doesn't matter if an opponent's piece", {kCastleAttacked}, ""},
      {"Pawns do not capture en passant", {kNoEnPassant, kPromotion}, ""},
      {"Once all the moves are finished", {kFourBack}, ""},
      {"The other player leaves the two cards face up.", {kTwoStay}, ""},
  };
  return map;
}

}  // namespace arbiter::two_move
