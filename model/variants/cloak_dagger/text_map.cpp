// The text map of Cloak and Dagger Chess: every sentence of its section of
// chess-kit-new-rules.md mapped to the clauses and reading points that
// implement it, or marked "not a rule" with the reason.
#include "model/variants/cloak_dagger/cloak_dagger.h"

namespace arbiter::cloak_dagger {

const TextMap& text_map() {
  using namespace clause;
  using namespace reading;
  static const TextMap map = {
      {"## Cloak and Dagger Chess", {}, "title"},
      {"Pawns are played as usual", {kPawnsUsual, kCheckers, kPromotion, kEnPassantWindow, kDroppedDoubleStep}, ""},
      {"Players have to deduce which", {kObject}, "the object; the ways to win are under Winning"},
      {"### Setup", {}, "heading"},
      {"Place all the pawns in their regular position", {kSetupPawns, kSetupNumbers}, ""},
      {"Put the black checkers on black's back row", {kSetupBackRow},
       "the numbers' order on the row: gap, scenario cloak-dagger.setup.numbers_by_file"},
      {"Finally, write two grids like this", {kSetupSecret}, "the grids are record sheets, not positions"},
      {"type: cloak . 1 2 3 4 5 6 7 8", {}, "record sheet: checkers 1..8 against K, Q, R, B, N"},
      {"K", {}, "record sheet row"},
      {"Q", {}, "record sheet row"},
      {"R", {}, "record sheet row"},
      {"B", {}, "record sheet row"},
      {"N", {}, "record sheet row"},
      {"K . .", {kSetup960}, "example sheet: the king on 3 (scenario setup-example)"},
      {"Q .", {kSetup960}, "example sheet: the queen on 2"},
      {"R O . .", {kSetupKingBetweenRooks}, "example sheet: the rooks on 1 and 4"},
      {"B . . . .", {kSetupBishops}, "example sheet: the bishops on 5 and 6"},
      {"N . . . . . .", {kSetup960}, "example sheet: the knights on 7 and 8"},
      {"O", {}, "example sheet: a circle marking a known piece (the line break splits each row)"},
      {"Obviously, you don't have to put the pieces", {kSetupStandardSet}, ""},
      {"(You can't give yourself three queens!) You also have to follow", {kSetupStandardSet, kSetup960}, ""},
      {"Chess960 puts on its random starting positions:", {kSetup960}, ""},
      {"* Place your king somewhere between your two rooks.", {kSetupKingBetweenRooks}, ""},
      {"* Place one of your bishops on a light square", {kSetupBishops}, ""},
      {"Write a circle for each piece you know", {}, "how to keep the record sheet"},
      {"You might want to write X's", {}, "advice on the record sheet"},
      {"Here's one possible way to fill in your grid", {kSetup960}, "introduces the example arrangement"},
      {"At the start of your turn, you may guess", {kGuess, kGuessRepeat, kWrongGuessBonusTime, kNoMoveJudged}, ""},
      {"If you guess correctly, you may make a bonus move", {kGuessHit, kEnPassantWindow}, ""},
      {"Your bonus move may be either a regular pawn move", {kBonusKinds, kBonusPawnMove, kBonusDrop, kDroppedDoubleStep}, ""},
      {"If you guess incorrectly, your opponent may make", {kGuessMiss, kWrongGuessBonusTime, kEnPassantWindow}, ""},
      {"At the end of your turn, you may replace", {kUncloak}, ""},
      {"If one of your checkers is captured", {kCaptureTold}, ""},
      {"### Winning", {}, "heading"},
      {"Win by capturing a cloaked king", {kWinCapture, kWinCheckmate, kKingCapture, kStalemate, kNoMoveJudged}, ""},
      {"You might have to uncloak some of your pieces", {kShowCheckmate, kCheckKnowledge}, ""},
      {"A cloaked king may move into check", {kCloakedKingCheck, kCheckKnowledge, kRefusedMove}, ""},
      {"Castling is the same as in", {kCastle960}, ""},
      {"Chess 960: the king and rook end up", {kCastle960}, ""},
      {"All spaces between their start position", {kCastleEmpty}, ""},
      {"All spaces between the king's start and end", {kCastleAttack, kCheckKnowledge}, ""},
      {"### Design Problems", {}, "heading"},
      {"Because you don't know how your opponent's pieces capture", {}, "design note (cloak-dagger.check_knowledge)"},
      {"You're not even safe from the pawns", {}, "design note on the bonus moves"},
      {"Maybe it's too similar to Masquerade Chess", {}, "design note"},
  };
  return map;
}

}  // namespace arbiter::cloak_dagger
