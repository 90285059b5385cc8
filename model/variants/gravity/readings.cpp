// The reading points of Gravity Chess: every place the text does not decide,
// each with all of its plausible alternatives and a default with its reason.
#include "model/variants/gravity/clauses.h"

namespace arbiter::gravity {

const ReadingTable& readings() {
  using namespace reading;
  static const ReadingTable table = {
      {kKingCapture,
       "May a king be captured?",
       "Gravity Chess: the text names no check and no royal piece; \"A captured piece is worth one point.\"",
       {{"forbidden", "a king is never captured: a move onto an enemy king is no move, and a pawn's capture of a king is "
                      "no possible downward move"},
        {"allowed", "a king is captured like any other piece, for one point"}},
       "forbidden",
       "The scoring example counts Black's pawn on h4 as stacked, though its one downward move not blocked by a "
       "stacked piece is taking White's king on g3; only a king that cannot be captured gives the text's 19 points."},
      {kPawnStacking,
       "Which of a pawn's diagonal squares count as its possible downward moves when deciding whether it is stacked?",
       "Gravity Chess: \"If all possible downward moves for a piece are blocked by stacked pieces, then that piece is "
       "also stacked\"; pawns \"capture one space diagonally downward\".",
       {{"captures_now", "only the captures it could make now: a pawn whose square below holds a stacked piece and "
                         "that has no capture is stacked"},
        {"diagonals_too", "both diagonal squares below count: the pawn is stacked only when they too are empty of "
                          "everything but stacked pieces, i.e. each holds a stacked piece or is off the board"}},
       "captures_now",
       "A pawn moves diagonally only by capturing, so an empty diagonal square is no possible move; the scoring "
       "example counts White's pawn on b4 (empty a3 and c3) as stacked."},
      {kSidewaysStacking,
       "Is a piece whose downward moves are all blocked by stacked pieces still stacked while it could capture an "
       "unstacked piece on its own row?",
       "Gravity Chess: \"If all possible downward moves for a piece are blocked by stacked pieces, then that piece is "
       "also stacked\"; \"you may capture a piece in the same row\".",
       {{"downward_only", "yes: only downward moves decide, and a stacked piece makes no capture on its row"},
        {"sideways_capture_counts", "no: a capture on its own row of a piece not stacked by its downward moves keeps "
                                    "it unstacked"}},
       "downward_only",
       "The sentence names downward moves only; a capture on the same row is the text's exception to moving "
       "downward, not a downward move."},
      {kTopRowFull,
       "What happens when a piece is to be added and every square of the top row is occupied?",
       "Gravity Chess: \"Add your opponent's piece that matches the card to the top row in any column.\"",
       {{"set_aside", "the piece is not added: it is set aside (counting for nobody) and play goes on"},
        {"end_game", "the game ends at once and is scored"}},
       "set_aside",
       "Nothing in the text ends the game early; a piece that cannot be added is simply not in play."},
  };
  return table;
}

}  // namespace arbiter::gravity
