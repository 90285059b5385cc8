// The clauses of Two Move Chess, one per rule sentence with a short quote,
// and its reading points: every place the text does not decide, with every
// alternative implemented in two_move.cpp and a default with its reason.
#include "model/variants/two_move/two_move.h"

namespace arbiter::two_move {

const ClauseTable& clauses() {
  using namespace clause;
  static const ClauseTable table = {
      {kCaptureKing, "Two Move Chess: \"Capture your opponent's king.\""},
      {kNoCheck, "Two Move Chess: \"There's no check or checkmate\": a king may stand or move where it is attacked."},
      {kCards, "Two Move Chess: one card per piece type, pawns excluded: \"5 of each colour\", each player holds its colour's."},
      {kStartPosition, "Two Move Chess: \"Place the chess pieces in the standard starting position.\""},
      {kWhiteFaceUp, "Two Move Chess: \"White picks two cards and places them face up\"."},
      {kPhases, "Two Move Chess: \"Each turn has two phases, played by both players at the same time\": choose, then move."},
      {kChooseTwo, "Two Move Chess: \"Both players secretly choose two cards and play them face down.\""},
      {kNotFaceUp, "Two Move Chess: a player with two cards face up \"cannot choose those\"."},
      {kReveal, "Two Move Chess: \"Once all four cards are played, reveal them.\""},
      {kOrder, "Two Move Chess: pieces move \"in order from least to most valuable: knight, then bishop, then rook, then queen, then king\"."},
      {kPawnAnyCard, "Two Move Chess: \"Any of the cards may be used to move a pawn\", still in the order of the cards."},
      {kSameTwo, "Two Move Chess: \"If players chose the same two cards, then both cards are eliminated and no pieces move.\""},
      {kOneMatch, "Two Move Chess: with one matching card each, \"the matching card is eliminated\"."},
      {kDoubleCard, "Two Move Chess: with one matching card each, \"the other card makes two moves\"."},
      {kCombination, "Two Move Chess: \"any combination of moves that match the card and pawn moves\": only a pawn is barred "
                     "from moving twice, so one piece may make both moves of a card that makes two."},
      {kPawnOnce, "Two Move Chess: \"you may never move the same pawn twice in one turn\"."},
      {kMustMove, "Two Move Chess: a card not eliminated: \"you must make a move with that piece type or with a pawn\"."},
      {kNoMovePass, "Two Move Chess: with no legal move of that type or a pawn, \"you don't make a move for that card\"."},
      {kChessMoves, "Two Move Chess: \"Chess pieces move as in normal chess.\""},
      {kCapture, "Two Move Chess: a piece moving onto an enemy piece captures it, as in normal chess."},
      {kDoubleStep, "Two Move Chess: \"Pawns can move two squares from the second rank.\""},
      {kCastle, "Two Move Chess: \"Castling is allowed with a king card, if neither the king nor the rook have moved\" and the squares between are empty."},
      {kCastleAttacked, "Two Move Chess: castling: \"It doesn't matter if an opponent's piece is threatening the king's square\" or those it crosses."},
      {kNoEnPassant, "Two Move Chess: \"Pawns do not capture en passant\"."},
      {kPromotion, "Two Move Chess: pawns \"do promote when they reach the back rank\", as in normal chess: to a queen, rook, "
                   "bishop or knight, the mover's choice."},
      {kFourBack, "Two Move Chess: \"the player with four cards face up puts them all back in their hand\"."},
      {kTwoStay, "Two Move Chess: \"The other player leaves the two cards face up.\""},
  };
  return table;
}

const ReadingTable& readings() {
  using namespace reading;
  static const ReadingTable table = {
      {kKingCapture,
       "Does the game end the moment a king is captured, or are the turn's remaining card moves still made (and what if both "
       "kings fall in one turn)?",
       "Two Move Chess: \"Capture your opponent's king.\" The move phase makes up to four moves one after another; the text "
       "says nothing of a capture part way through it.",
       {{"immediate", "the capture of a king ends the game at once: its captor wins and the remaining card moves are not made"},
        {"end_of_turn_draw", "the turn's card moves are all made; a side whose king was captured loses at the end of the turn, "
                             "and if both kings were captured the game is drawn"},
        {"end_of_turn_first", "the turn's card moves are all made; the first king captured decides: its captor wins"}},
       "immediate",
       "The goal is reached when the king is captured; a side without a king has nothing left to play for."},
      {kPromotedPawn,
       "Does a pawn that promoted this turn still count as a pawn that has moved (so the new piece may not move again this "
       "turn)?",
       "Two Move Chess: \"you may never move the same pawn twice in one turn\"; pawns \"do promote when they reach the back "
       "rank\".",
       {{"new_piece", "no: the promoted piece is no longer a pawn and may move again with its own card"},
        {"still_the_pawn", "yes: the piece that moved as a pawn may not move again this turn"}},
       "new_piece",
       "The bar names pawns; after promotion the piece is a queen, rook, bishop or knight."},
  };
  return table;
}

}  // namespace arbiter::two_move
