// The clauses, reading points and piece kinds of Cloak and Dagger Chess, and
// the Chess960 arrangements a side may choose (cloak-dagger.setup.*).
#include <array>

#include "model/variants/cloak_dagger/cloak_dagger.h"

namespace arbiter::cloak_dagger {

const ClauseTable& clauses() {
  using namespace clause;
  static const ClauseTable table = {
      {kPawnsUsual, "Cloak and Dagger Chess: \"Pawns are played as usual\"."},
      {kCheckers, "Cloak and Dagger Chess: \"all other pieces are replaced by numbered checkers\"."},
      {kObject, "Cloak and Dagger Chess: players \"deduce which of their opponent's pieces are which, and then capture the king\"."},
      {kSetupPawns, "Cloak and Dagger Chess: \"Place all the pawns in their regular position\"."},
      {kSetupNumbers, "Cloak and Dagger Chess: \"write the numbers 1 to 8 on checkers for each player\"."},
      {kSetupBackRow, "Cloak and Dagger Chess: checkers go on each side's \"back row\"."},
      {kSetupSecret, "Cloak and Dagger Chess: \"secretly record your pieces\" (each side's arrangement is hidden)."},
      {kSetupStandardSet, "Cloak and Dagger Chess: \"you do have to have a standard set of pieces\"."},
      {kSetup960, "Cloak and Dagger Chess: \"follow the same restrictions that Chess960 puts\" on starting positions."},
      {kSetupKingBetweenRooks, "Cloak and Dagger Chess: \"Place your king somewhere between your two rooks.\""},
      {kSetupBishops, "Cloak and Dagger Chess: \"one of your bishops on a light square and one on a dark square\"."},
      {kGuess, "Cloak and Dagger Chess: \"At the start of your turn, you may guess the identity\" of an opponent's checker."},
      {kGuessHit, "Cloak and Dagger Chess: \"If you guess correctly, you may make a bonus move after your regular move.\""},
      {kBonusKinds, "Cloak and Dagger Chess: the bonus move is \"a regular pawn move\" or a captured pawn dropped \"in your second rank\"."},
      {kBonusPawnMove, "Cloak and Dagger Chess: \"a regular pawn move\": any pawn move a regular move may be (\"Pawns are played as usual\"), captures, en passant and promotion included."},
      {kBonusDrop, "Cloak and Dagger Chess: \"drop it on an empty square in your second rank\": any empty square of that rank."},
      {kGuessMiss, "Cloak and Dagger Chess: \"If you guess incorrectly, your opponent may make the same kind of bonus move\"."},
      {kUncloak, "Cloak and Dagger Chess: \"At the end of your turn, you may replace any number of your checkers\" with their pieces."},
      {kCaptureTold, "Cloak and Dagger Chess: \"If one of your checkers is captured, tell your opponent which piece\"."},
      {kWinCapture, "Cloak and Dagger Chess: \"Win by capturing a cloaked king\"."},
      {kWinCheckmate, "Cloak and Dagger Chess: win by \"putting an uncloaked king in checkmate\"."},
      {kShowCheckmate, "Cloak and Dagger Chess: \"You might have to uncloak some of your pieces to show the checkmate.\""},
      {kCloakedKingCheck, "Cloak and Dagger Chess: \"A cloaked king may move into check, stay in check, or castle out of check\"."},
      {kCastle960, "Cloak and Dagger Chess: \"Castling is the same as in Chess 960\": king and rook end on the standard squares."},
      {kCastleEmpty, "Cloak and Dagger Chess: spaces between start and end \"must be empty, except for the king and the castling rook\"."},
      {kCastleAttack, "Cloak and Dagger Chess: the king's path \"must not be under attack, if the king is uncloaked\"; its start too: only \"A cloaked king may ... castle out of check\"."},
  };
  return table;
}

const ReadingTable& readings() {
  using namespace reading;
  static const ReadingTable table = {
      {kCheckKnowledge,
       "Does an attack by a still-cloaked piece count as check on an uncloaked king (for the moves its owner may make, "
       "castling, and checkmate)?",
       "Cloak and Dagger Chess: \"A cloaked king may move into check, stay in check, or castle out of check, because "
       "the opponent doesn't know it's in check\"; \"putting an uncloaked king in checkmate. You might have to uncloak "
       "some of your pieces to show the checkmate\".",
       {{"umpire", "every attack counts by the attacker's true identity: the owner may try any move its visible "
                   "attackers allow, and one a cloaked attacker forbids is refused (the opponent, who knows its "
                   "pieces, says so) and the owner moves again; a king with no legal move is mated or stalemated"},
        {"observed", "only attacks the king's owner can see count: by pawns and uncloaked pieces; a cloaked attacker "
                     "gives no check until it is uncloaked"}},
       "umpire",
       "\"because the opponent doesn't know it's in check\" makes check a fact that only the opponent's ignorance "
       "excuses, and only for a cloaked king: an uncloaked king attacked by a cloaked piece is in check, and its "
       "opponent knows it. \"to show the checkmate\" shows a mate that already stands; observed rests on reading it "
       "as making the mate."},
      {kKingCapture,
       "May a piece capture an uncloaked king (for instance one a cloaked attacker checks unseen), and does that win?",
       "Cloak and Dagger Chess: \"Win by capturing a cloaked king or putting an uncloaked king in checkmate.\"",
       {{"not_a_move", "capturing an uncloaked king is not a move: an uncloaked king is only checkmated"},
        {"wins", "an uncloaked king may be captured, and capturing it wins as capturing a cloaked king does"}},
       "not_a_move",
       "The text names the capture only for a cloaked king and checkmate for an uncloaked one, as in orthodox chess where "
       "a king is never taken."},
      {kGuessRepeat,
       "May a player guess a checker whose identity it already knows (an earlier correct guess), and so earn a bonus "
       "move every turn?",
       "Cloak and Dagger Chess: \"you may guess the identity of one of your opponent's checkers\".",
       {{"unknown_only", "only checkers whose identity has not been confirmed to the guesser may be named"},
        {"any", "any cloaked checker of the opponent may be named, also one already confirmed"}},
       "unknown_only",
       "A guess presupposes not knowing; repeating a confirmed guess would give a sure bonus move every turn."},
      {kPromotion,
       "What does a pawn promote to, and is the new piece cloaked?",
       "Cloak and Dagger Chess: \"Pawns are played as usual\"; the checkers are only the back-row pieces.",
       {{"uncloaked", "a queen, rook, bishop or knight, shown as an ordinary chess piece"},
        {"cloaked", "a queen, rook, bishop or knight chosen in secret: a cloaked piece without a number"}},
       "uncloaked",
       "Pawns are played as usual, and only the eight numbered checkers are said to be cloaked."},
      {kStalemate,
       "What happens when the side to move has no legal regular move and its king is not in check (or is cloaked)? "
       "(When that is judged, before or after its guess, is cloak-dagger.no_move_judged.)",
       "Cloak and Dagger Chess: the text names no stalemate and no draw; its only endings are \"Win by capturing a "
       "cloaked king or putting an uncloaked king in checkmate\", and it borrows chess's words (\"Pawns are played "
       "as usual\", \"checkmate\", \"Castling is the same as in Chess 960\").",
       {{"draw", "the game ends in a draw, as a stalemate does in chess"},
        {"loss", "the side that cannot move loses"},
        {"pass", "no end: the side makes no regular move (it passes that move, 0000; its guess, a bonus move a "
                 "correct guess gives and its uncloaking stay as they are) and play goes on, as the text's two "
                 "wins are its only endings (a game that never reaches one goes on for ever: "
                 "cloak-dagger.win.no_draw_by_move_count)"}},
       "draw",
       "The text decides nothing here: it names no stalemate. \"checkmate\" is chess's word, which the text uses "
       "without defining, and in chess the same test (no legal move) that makes a checked king mated makes an "
       "unchecked one stalemated, a draw; the default follows that chess. Against it weighs the text's silence on "
       "draws, which the model already reads as no draw at all (the gap finding "
       "cloak-dagger.win.no_draw_by_move_count): that reading is the alternative pass."},
      {kNoMoveJudged,
       "When is a side with no legal regular move judged (mated or stalemated): when its turn starts, before its "
       "guess, or when its regular move is due, after its guess and after the bonus move a wrong guess may give "
       "the opponent at once (under cloak-dagger.wrong_guess_bonus_time=at_once), which could free it?",
       "Cloak and Dagger Chess: \"At the start of your turn, you may guess the identity of one of your opponent's "
       "checkers\"; \"If you guess incorrectly, your opponent may make the same kind of bonus move before their "
       "next turn.\"; the win is \"putting an uncloaked king in checkmate\". The text names no time for judging a "
       "side that cannot move.",
       {{"turn_start", "when its turn starts (after a bonus move it is owed), before any guess: a mated side is "
                       "mated, and a stalemated one stalemated, before it may guess"},
        {"after_guess", "the guess is offered first; the side is judged when its regular move is due, after any "
                        "bonus move the guess gives the opponent at once (a pawn move or drop may have freed it)"}},
       "turn_start",
       "The text decides nothing here. The win is \"putting an uncloaked king in checkmate\": the mating side wins "
       "by its own move (shown, if need be, \"At the end of your turn\" by uncloaking), so the mate stands before "
       "the mated side's turn starts, and the model judges a stalemate at the same moment, as chess ends a game "
       "when the side to move has no legal move. after_guess rests on \"At the start of your turn, you may "
       "guess\", which the text gives every side, and on the opponent's bonus move, which \"may\" be made."},
      {kEnPassantWindow,
       "How long may a double step be taken en passant when bonus moves come between it and the opponent's regular "
       "move: the mover's own moves after it (a bonus move after the regular move, the regular move after an owed bonus "
       "move, a second double step), or the opponent's owed bonus move before its turn?",
       "Cloak and Dagger Chess: \"Pawns are played as usual\"; \"you may make a bonus move after your regular move\"; "
       "\"your opponent may make the same kind of bonus move before their next turn\".",
       {{"last_move", "only the move right after the double step may take it, whoever makes it: a later move of the "
                      "mover's ends the right (of two double steps in one turn only the second may be taken), and the "
                      "opponent's owed bonus move may take it but otherwise ends it, as any later move does in chess"},
        {"turn", "the opponent's next move may take it (its owed bonus move if it has one, else its regular move), "
                 "whatever moves the mover makes after it: each of the mover's double steps since the opponent last "
                 "moved stays capturable"},
        {"next_turn", "the right lasts until the opponent's next regular move: the mover's moves after the double step "
                      "and the opponent's owed bonus move before its turn leave it, and each of the mover's double "
                      "steps since the opponent's last regular move stays capturable"}},
       "last_move",
       "In chess the right lasts for the immediately following move only; the bonus move is a move "
       "(cloak-dagger.bonus.regular_pawn_move: \"a regular pawn move\")."},
      {kRefusedMove,
       "Where an umpire knows every piece's identity, a player tries a move that a still-cloaked attacker makes illegal "
       "(it leaves the player's uncloaked king attacked by a piece the player cannot see): what does the attempt cost?",
       "Cloak and Dagger Chess: \"A cloaked king may move into check, stay in check, or castle out of check, because "
       "the opponent doesn't know it's in check\"; the text names no consequence of trying a move an uncloaked king's "
       "unseen attacker forbids. (How the refusal is made known changes only what the player learns, never a step: "
       "under every alternative the model tells the player only that the move is refused.)",
       {{"retry", "the move is refused and nothing moves; the player moves again (the refused move is not offered "
                  "again in that phase), as an illegal move is taken back and replaced in chess"},
        {"pass", "the move is refused and nothing moves, and the attempt counts as the move: the regular or bonus "
                 "move is lost and the turn goes on to its next phase"},
        {"loss", "the player loses: the king was moved into an attack, as a cloaked king moved into check may be "
                 "captured (\"Win by capturing a cloaked king\")"}},
       "retry",
       "The game is chess played with hidden pieces (\"Pawns are played as usual\"), where an illegal move is taken "
       "back and another made; the text ends a game only \"by capturing a cloaked king or putting an uncloaked king in "
       "checkmate\" and names no penalty for an attempt."},
      {kWrongGuessBonusTime,
       "When is the bonus move a wrong guess gives the opponent made: when the guesser's turn has ended, just before "
       "the opponent's next turn, or at once, after the wrong guess and before the guesser's regular move?",
       "Cloak and Dagger Chess: \"At the start of your turn, you may guess ...\"; \"If you guess incorrectly, your "
       "opponent may make the same kind of bonus move before their next turn.\"",
       {{"turn_start", "when the guesser's turn has ended, before the opponent's next turn begins (before its guess)"},
        {"at_once", "at once, after the wrong guess: the opponent makes its bonus move, then the guesser makes its "
                    "regular move (whether a guesser with no regular move may guess at all is "
                    "cloak-dagger.no_move_judged)"}},
       "turn_start",
       "\"before their next turn\" places the move against the opponent's next turn, and the guesser's turn is the "
       "text's own sequence (the guess \"At the start of your turn\", the regular move, the bonus \"after your regular "
       "move\", uncloaking \"At the end of your turn\"): no sentence puts an opponent's move inside it."},
      {kDroppedDoubleStep,
       "May a pawn dropped on the second rank make the double step on a later move?",
       "Cloak and Dagger Chess: \"Pawns are played as usual\"; the bonus move may \"take back a pawn that your "
       "opponent captured and drop it on an empty square in your second rank\".",
       {{"allowed", "yes: a pawn on its second rank may step two squares, dropped or not"},
        {"forbidden", "no: the double step is a pawn's first move, and a pawn taken back has been in play (a dropped "
                      "pawn carries the flag moved)"}},
       "allowed",
       "The drop puts the pawn on the rank the pawns start from (\"Place all the pawns in their regular position\"), "
       "where a pawn played as usual may step two squares; the text adds no exception for a pawn taken back."},
  };
  return table;
}

const PieceSet& kinds() {
  static const PieceSet set = [] {
    PieceSet s;
    s.add(kinds::king());    // kKing
    s.add(kinds::queen());   // kQueen
    s.add(kinds::rook());    // kRook
    s.add(kinds::bishop());  // kBishop
    s.add(kinds::knight());  // kKnight
    s.add(kinds::pawn());    // kPawn
    // What an opponent sees of a cloaked piece (observation only).
    s.add(PieceKind{"C", "checker", {}, false, {}, {}});
    return s;
  }();
  return set;
}

namespace {

// Scharnagl's numbering of the Chess960 start positions.
std::array<std::string, 960> make_arrangements() {
  static constexpr int kKnightPairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                              {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  std::array<std::string, 960> out;
  for (int n = 0; n < 960; ++n) {
    std::string row(8, '.');
    int rest = n;
    row[2 * (rest % 4) + 1] = 'B';
    rest /= 4;
    row[2 * (rest % 4)] = 'B';
    rest /= 4;
    auto put_nth_empty = [&](int nth, char piece) {
      for (int f = 0; f < 8; ++f)
        if (row[f] == '.' && nth-- == 0) {
          row[f] = piece;
          return;
        }
    };
    put_nth_empty(rest % 6, 'Q');
    rest /= 6;
    // The two knights on the k1-th and k2-th of the five empty files.
    int k1 = kKnightPairs[rest][0], k2 = kKnightPairs[rest][1];
    put_nth_empty(k2, 'N');
    put_nth_empty(k1, 'N');
    put_nth_empty(0, 'R');
    put_nth_empty(0, 'K');
    put_nth_empty(0, 'R');
    out[n] = row;
  }
  return out;
}

const std::array<std::string, 960>& arrangements() {
  static const std::array<std::string, 960> all = make_arrangements();
  return all;
}

}  // namespace

std::string arrangement(int index) { return arrangements().at(index); }

std::optional<int> arrangement_index(std::string_view letters) {
  for (int n = 0; n < 960; ++n)
    if (arrangements()[n] == letters) return n;
  return std::nullopt;
}

}  // namespace arbiter::cloak_dagger
