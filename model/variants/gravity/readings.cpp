// The reading points of Gravity Chess: every place the text does not decide,
// each with all of its plausible alternatives and a default with its reason.
#include "model/variants/gravity/clauses.h"

namespace arbiter::gravity {

const ReadingTable& readings() {
  using namespace reading;
  static const ReadingTable table = {
      {kKingCapture,
       "May a king be captured?",
       "Gravity Chess: \"you may capture an opponent's piece with a legal move\"; the text names no check and no royal "
       "piece; \"A captured piece is worth one point.\"",
       {{"forbidden", "a king is never captured: a move onto an enemy king is no move, and a pawn's capture of a king is "
                      "no possible downward move"},
        {"allowed", "a king is captured like any other piece, for one point"}},
       "forbidden",
       "The scoring example counts Black's pawn on h4 as stacked, though taking White's king on g3 would be a possible "
       "downward move of it not blocked by a stacked piece. With gravity.pawn_stacking=captures_now (the default) only "
       "a king that cannot be captured gives the text's 19 points; under straight_only the example holds either way, "
       "and the words alone (\"an opponent's piece\") let kings be taken."},
      {kPawnStacking,
       "Does a capture a pawn could make keep it unstacked, or does only the square below it decide?",
       "Gravity Chess: \"If all possible downward moves for a piece are blocked by stacked pieces, then that piece is "
       "also stacked\"; \"Pawns may either capture one space diagonally downward or move one space downward\".",
       {{"captures_now", "a capture the pawn could make now is one of its possible downward moves: a pawn whose square "
                         "below holds a stacked piece is stacked only if it has no capture"},
        {"straight_only", "the text sets a pawn's capture apart from its move (\"either capture ... or move\"): only the "
                          "square below decides, so a pawn above a stacked piece is stacked and makes no capture"}},
       "captures_now",
       "A capture is a legal downward move of a pawn (\"you may capture an opponent's piece with a legal move that ends "
       "on ... any row closer to the bottom\"), and \"all possible downward moves\" leaves none out. Both alternatives "
       "give the scoring example's counts (White's pawn on b4 has no capture, its diagonal squares are empty)."},
      {kStackedStays,
       "Once a piece is stacked, does it stay stacked, or is it freed when its downward moves are no longer all "
       "blocked by stacked pieces?",
       "Gravity Chess: \"If a piece reaches the bottom row, it becomes stacked, and can't be moved or captured. If all "
       "possible downward moves for a piece are blocked by stacked pieces, then that piece is also stacked\". Under "
       "gravity.pawn_stacking=captures_now a stacked pawn gains a possible downward move when an unstacked enemy piece "
       "lands diagonally below it.",
       {{"recomputed", "stacked is a condition of the board, judged afresh: such a pawn is freed, and moves again"},
        {"permanent", "\"it becomes stacked, and can't be moved\": a piece once stacked stays stacked"}},
       "recomputed",
       "The second sentence states a condition (\"If all possible downward moves ... then that piece is also "
       "stacked\"), and the text's examples judge stacked pieces from the position alone; the state text still marks "
       "the stacked pieces, so that either answer can be played."},
      {kTopRowFull,
       "What happens when a piece is to be added and every square of the top row is occupied?",
       "Gravity Chess: \"Add your opponent's piece that matches the card to the top row in any column.\"",
       {{"set_aside", "the piece is not added: it is set aside (counting for nobody) and play goes on"},
        {"end_game", "the game ends at once and is scored"}},
       "set_aside",
       "Nothing in the text ends the game early; a piece that cannot be added is simply not in play."},
      {kBlockedCapture,
       "Must a piece whose downward moves are all blocked by unstacked pieces make a capture along its own row, or is it "
       "\"blocked by another piece\" and free to say it can't move?",
       "Gravity Chess: \"you must move all your active pieces, unless they are blocked by another piece or stacked on "
       "the bottom\"; \"There's an exception for captures: you may capture an opponent's piece with a legal move that "
       "ends on the same row\". A queen, rook or king whose every downward line is blocked by an unstacked piece (one "
       "of its own, or a king it may not take) may still have a capture along its row.",
       {{"forced", "the capture is a legal move, so the piece is not blocked: it must move, and its only moves are its "
                   "captures along its row"},
        {"optional", "a piece that cannot move closer to the bottom is \"blocked by another piece\", and \"you may "
                     "capture\" only permits the capture along its row: it may make it or say it can't move"}},
       "forced",
       "\"you may capture an opponent's piece with a legal move\" makes the capture a legal move, and \"you must move "
       "all your active pieces\" leaves out only the blocked ones; the example's \"This pawn can't move\" is said of a "
       "pawn with no legal move at all."},
  };
  return table;
}

}  // namespace arbiter::gravity
