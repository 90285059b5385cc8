// The reading points of Neighbour Chess Solitaire: every place where its
// section does not decide. Each names every plausible alternative and a
// default with its reason; the rules code consults them where they matter.
#include "model/variants/neighbour/clauses.h"

namespace arbiter::neighbour {

const ReadingTable& readings() {
  using namespace reading;
  static const ReadingTable table = {
      {kFirstSquare,
       "Where does the first piece start counting: on the bottom left corner square a1, or off the board so that a1 "
       "is the first square counted?",
       "Neighbour Chess Solitaire: \"If it's the first piece, hold it above the bottom left corner.\"",
       {{"from_a1", "the piece is above a1 and moves from there: a red 3 puts it on d1, a black 3 on a4"},
        {"count_from_a1", "the piece is held beside the corner, so a1 is the first square counted: a red 3 puts it "
                          "on c1, a black 3 on a3"}},
       "from_a1",
       "Every later piece is held \"above the last piece you added\", that is above a square, and counts from it; "
       "the corner is read the same way, as the corner square."},
      {kWinCheck,
       "When is the connected group checked: from the moment adding stops, only after a move, or after every piece "
       "added too?",
       "Neighbour Chess Solitaire: \"you may choose to stop adding and try to move the pieces into one connected "
       "group\"; \"If you can get from any piece to any other piece ... you win.\"",
       {{"from_stop", "the group is checked when adding stops and after every move: pieces already connected when "
                      "the player stops win at once"},
        {"after_move", "the group is checked only after a move: the player must move at least once"},
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
      {kConnection,
       "Are pieces connected through the 8 squares around them, or only orthogonally?",
       "Neighbour Chess Solitaire: \"only stepping on neighbouring pieces\"; the text calls the \"8 squares around\" "
       "a piece its neighbours.",
       {{"eight", "a piece's neighbours are the pieces on the 8 squares around it (diagonals included)"},
        {"orthogonal", "a step goes only to an orthogonally adjacent piece (diagonal contact does not connect)"}},
       "eight",
       "The text defines neighbours twice, both times as the 8 squares around (\"8 neighbour spaces\", \"in the 8 "
       "squares around it\")."},
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
      {kSlides,
       "Is a sliding move (queen, rook, bishop) blocked by the pieces on its way?",
       "Neighbour Chess Solitaire: \"use the move of one of its neighbours\"; the text does not say how pieces on the "
       "way are treated.",
       {{"blocked", "as in chess: a slide stops before the first piece on its line"},
        {"jump", "a slide may pass over pieces and stop on any empty square of its line"}},
       "blocked",
       "\"the move of\" a chess piece is its chess move, which is blocked by pieces in the way."},
      {kEndWithoutGroup,
       "What happens when the pieces are not one group and no piece can move, though cards are left?",
       "Neighbour Chess Solitaire: \"If a piece has no neighbours of the same colour, it cannot move.\" The text "
       "never says how the game is lost.",
       {{"lose_at_once", "the game ends at once: the player has lost and scores nothing"},
        {"spend_until_empty", "the player goes on spending one card a turn with no move, and loses when both draw "
                              "piles are empty"}},
       "lose_at_once",
       "No later step can change the board, so the group can no longer be formed; spending the remaining cards "
       "changes nothing but the number of steps."},
  };
  return table;
}

}  // namespace arbiter::neighbour
