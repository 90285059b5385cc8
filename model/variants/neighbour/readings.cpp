// The reading points of Neighbour Chess Solitaire: every place where its
// section does not decide. Each names every plausible alternative and a
// default with its reason; the rules code consults them where they matter.
#include "model/variants/neighbour/clauses.h"

namespace arbiter::neighbour {

const ReadingTable& readings() {
  using namespace reading;
  static const ReadingTable table = {
      {kWinCheck,
       "When is the connected group checked: from the moment adding stops, or after every piece added too?",
       "Neighbour Chess Solitaire: \"you may choose to stop adding and try to move the pieces into one connected "
       "group\"; \"If you can get from any piece to any other piece ... you win.\"",
       {{"from_stop", "the group is checked when adding stops and after every move: pieces already connected when "
                      "the player stops win at once"},
        {"after_each_step", "the group is checked after every piece added as well: the game is won the moment the "
                            "pieces form one group, even while adding"}},
       "from_stop",
       "The winning sentence states a condition on the board, not an event; the text places it in the second part "
       "(\"stop adding and try to move\"), which begins when adding stops."},
      {kLonePiece,
       "Is a single piece on the board one connected group?",
       "Neighbour Chess Solitaire: \"If you can get from any piece to any other piece on the board ... you have "
       "formed one connected group\"; \"Keep adding pieces until you have enough to start\".",
       {{"needs_two", "a group needs at least two pieces: a lone piece wins nothing (and, having no neighbour, "
                      "cannot move)"},
        {"counts", "a lone piece is a connected group (there is no other piece to reach): stopping after the first "
                   "piece wins at once"}},
       "needs_two",
       "The opening says pieces \"help each other\" until you \"gather them all\", and that you add pieces \"until you "
       "have enough to start\": the literal vacuous truth would make every game a win after one piece."},
      {kCapture,
       "May a piece's move end on a square that holds a piece, capturing it?",
       "Neighbour Chess Solitaire: \"use the move of one of its neighbours of the same colour\"; the text never "
       "mentions captures or pieces leaving the board.",
       {{"none", "a move ends only on an empty square; no piece is ever captured"},
        {"opposite_colour", "a move may end on a piece of the other colour, capturing it as in chess (it leaves the "
                            "board)"}},
       "none",
       "The goal is to gather all the pieces into one group; a capture would remove pieces the text never says can "
       "leave the board."},
  };
  return table;
}

}  // namespace arbiter::neighbour
