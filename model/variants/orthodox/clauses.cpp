#include "model/variants/orthodox/clauses.h"

namespace arbiter::orthodox {

const ClauseTable& clauses() {
  static const ClauseTable table = {
      {clause::kSetup, "FIDE 2: the pieces start on their standard squares (rnbqkbnr / pppppppp)."},
      {clause::kAlternate, "FIDE 1.2-1.3: White moves first, then the players move alternately."},
      {clause::kNoFriendly, "FIDE 3.1: no piece may move to a square occupied by a piece of the same colour."},
      {clause::kCapture, "FIDE 3.1: a piece moving to a square occupied by an opponent's piece captures it."},
      {clause::kNoJump, "FIDE 3.5: queen, rook and bishop may not move over any intervening pieces."},
      {clause::kKing, "FIDE 3.8a: the king moves to any adjoining square."},
      {clause::kQueen, "FIDE 3.4: the queen moves along the file, rank or a diagonal."},
      {clause::kRook, "FIDE 3.3: the rook moves along the file or the rank."},
      {clause::kBishop, "FIDE 3.2: the bishop moves along a diagonal."},
      {clause::kKnight, "FIDE 3.6: the knight moves to a nearest square not on its rank, file or diagonal."},
      {clause::kPawnPush, "FIDE 3.7a: a pawn moves forward to the unoccupied square in front of it."},
      {clause::kPawnDouble, "FIDE 3.7b: on its first move a pawn may advance two squares if both are unoccupied."},
      {clause::kPawnCapture, "FIDE 3.7c: a pawn captures diagonally in front of it on an adjacent file."},
      {clause::kEnPassant, "FIDE 3.7d: a pawn may capture en passant a pawn that has just made a double step past it."},
      {clause::kPromotion, "FIDE 3.7e: a pawn reaching the last rank is exchanged for a queen, rook, bishop or knight."},
      {clause::kCastleMove, "FIDE 3.8b: castling moves the king two squares toward a rook, which crosses over it."},
      {clause::kCastleRights, "FIDE 3.8b.1: castling is illegal if the king or that rook has already moved."},
      {clause::kCastlePath, "FIDE 3.8b.2: castling is prevented while any square between king and rook is occupied."},
      {clause::kCastleCheck, "FIDE 3.8b.2: not while the king is in check, nor across or onto an attacked square."},
      {clause::kNoSelfCheck, "FIDE 3.9-3.10: no move may expose or leave one's own king in check."},
      {clause::kCheckmate, "FIDE 5.1a: the player who checkmates the opponent's king wins."},
      {clause::kStalemate, "FIDE 5.2a: a player to move with no legal move, not in check, is stalemated: a draw."},
      {clause::kDeadPosition, "FIDE 5.2b: a position where neither side can mate by any series of legal moves is a draw; "
                              "recognised by material: bare kings, a king and one minor piece against a king, bishops "
                              "all on squares of one colour."},
      {clause::kFiftyMove, "FIDE 9.3 / 9.6.2: fifty (claimed) or seventy-five (automatic) moves by each side without a pawn move or capture draw."},
      {clause::kRepetition, "FIDE 9.2 / 9.6.1: the same position three times (claimed) or five times (automatic) draws."},
  };
  return table;
}

const ReadingTable& readings() {
  static const ReadingTable table = {
      {reading::kDrawClaims,
       "Does the game end at the fifty-move and threefold-repetition points, or only at seventy-five moves and fivefold?",
       "FIDE 9.2-9.3: a draw may be claimed; 9.6: the game is drawn automatically at 75 moves or five repetitions.",
       {{"claimed", "a player always claims: the game ends at fifty moves or the third occurrence"},
        {"automatic", "no claims: the game ends at seventy-five moves or the fifth occurrence"}},
       "claimed",
       "The model has no players to claim; a reference arbiter reports the first point at which the game can end."},
  };
  return table;
}

}  // namespace arbiter::orthodox
