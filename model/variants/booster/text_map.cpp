// The text map of Booster Chess: every sentence of its section of
// chess-kit-new-rules.md mapped to the clauses and reading points that
// implement it, or marked "not a rule" with the reason.
#include "model/variants/booster/clauses.h"

namespace arbiter::booster {

const TextMap& text_map() {
  using namespace clause;
  using namespace reading;
  static const TextMap map = {
      {"## Booster Chess", {}, "title"},
      {"Start every game with a booster pack", {}, "introduction"},
      {"This was an attempt to add the chaos", {}, "design history"},
      {"It also ended up feeling too similar", {}, "design history"},
      {"I solved both problems", {}, "design history"},
      {"Chess.", {}, "the end of the design history sentence (\"Tar Pit Chess\"), split at its line break"},
      {"### Equipment", {}, "heading"},
      {"A standard chess set, a standard checkers set", {kEquipmentDeck, kEquipmentCheckers}, ""},
      {"The checkers must be stackable", {kEquipmentStack}, ""},
      {"Coins or poker chips would also work", {}, "equipment substitutes"},
      {"You need 6 each of 2 colours.", {kEquipmentCheckers}, ""},
      {"From the deck of cards, use one card", {kEquipmentDeck, kCardMatch}, "appendix A is not in the text: gap booster.appendix_a.missing; which pieces a card matches is booster.card_match"},
      {"You also need two cards of each colour", {kEquipmentDeck, kCheckersCards}, ""},
      {"That should make 36 cards in total", {kEquipmentDeck}, ""},
      {"### Setup", {}, "heading"},
      {"Set up the chess pieces in the standard start", {kSetupStart}, "who plays White is outside the model (roles are White and Black)"},
      {"Place 6 light checkers in front of White", {kSetupCheckers, kCheckersStart}, ""},
      {"You won't need the rest of the checkers", {}, "equipment"},
      {"Shuffle the deck and deal 6 cards", {kSetupDeal}, ""},
      {"Look at your cards, but don't show them", {kSetupHidden}, ""},
      {"Place the rest of the cards in a draw stack.", {kSetupStock}, ""},
      {"### Play", {}, "heading"},
      {"Your turn has up to four parts", {kTurnParts}, ""},
      {"* You must **move** a chess piece.", {kTurnMove}, ""},
      {"* If you moved a boosted piece", {kTurnSpend, kBoostWhen}, ""},
      {"* You may **add** a checker", {kTurnAdd}, ""},
      {"* Finally, **draw** cards", {kTurnDraw}, ""},
      {"Chess pieces move normally, unless", {kMoveNormal, kPawnDoubleFirst, kCapture, kCastle, kPromotion, kEnPassant}, ""},
      {"Pieces on checkers are modified as follows", {}, "introduces the list"},
      {"* Your piece on your checker is boosted", {kBoostKingMove, kBoostCaptureContinue}, ""},
      {"If you make the king's move, remove the checker", {kBoostSpend, kSpendOrder}, ""},
      {"If the piece is on more than one checker", {kBoostContinue, kBoostCaptureContinue}, ""},
      {"* Your piece on your opponent's checker is hobbled", {kHobbleMoves}, ""},
      {"If it is on more than one checker", {kHobbleNoWorse}, ""},
      {"If one of your pieces is on a black and a white", {kCancel}, ""},
      {"Keep removing pairs of black and white", {kCancel}, ""},
      {"When you move a piece, it brings any checkers", {kCarry}, ""},
      {"#### Adding and Capturing Checkers", {}, "heading"},
      {"After you finish moving, you may play one", {kAddAfterMove, kCheckEscape}, ""},
      {"You may only add checkers of your own colour", {kAddOwnColour, kCardMatch, kAddCheck}, ""},
      {"Checkers cards match any piece of that colour", {kAddCheckersCard, kCheckEscape}, ""},
      {"If there are no pieces left on the board", {kAddNoMatch, kCardMatch}, ""},
      {"Play your card to a discard pile", {kDiscard, clause::kReshuffle, reading::kReshuffle}, ""},
      {"When you capture a piece, your piece keeps", {kCaptureKeeps}, ""},
      {"Capturing a boosted piece leaves you hobbled", {kCaptureFlips}, ""},
      {"Don't forget that opposite colour checkers", {kCancel}, "restates the cancelling rule"},
      {"Besides neutralizing a hobble checker", {clause::kBackRank, reading::kBackRank, kBackRankAdd}, ""},
      {"If you do, just remove the hobble checker", {clause::kBackRank, kBackRankCount}, ""},
      {"#### Drawing Cards", {}, "heading"},
      {"After moving a piece and possibly playing", {kDrawCount}, ""},
      {"In practice, this means that you only draw", {kDrawCount}, "a consequence of the count, checked by the model's invariant hand <= checkers in front"},
      {"#### Special Cases", {}, "heading"},
      {"You may not castle, if either the king", {kCastleBoosted, kCastleHobbled}, ""},
      {"During castling, you may not move your king", {kCastleThrough}, ""},
      {"You may not move a piece to reveal a check", {kNoRevealedCheck, kCheckEscape, kAddCheck}, ""},
      {"Hobbled pieces move like pawns, but do not", {kHobbleNoDouble, kHobbledPromotion, kHobbledEnPassant}, ""},
      {"You may capture a pawn en passant", {kEnPassantUsual}, ""},
      {"You may not capture en passant if the pawn", {kNoEnPassantAfterBoost, kNoBoostEnPassant}, ""},
      {"A pawn that moves to the back rank", {kPromotion, kPromoteContinue, reading::kBackRank}, ""},
      {"### Winning", {}, "heading"},
      {"Win by checkmate, as in regular chess", {kCheckmate, kBoostThreat, kRegularDraws, kDrawClaims, kCheckEscape}, ""},
      {"### Variants", {}, "heading (its variations are the options booster.checkers_cards, booster.checkers_each, booster.handicap)"},
      {"Make the game more predictable", {kCheckersCards, kCheckersStart}, ""},
      {"Make it less predictable", {kCheckersCards, kCheckersStart}, ""},
      {"Handicap a player by giving them fewer", {kHandicap}, ""},
      {"During setup, always deal one card", {kCheckersStart, kHandicap}, ""},
  };
  return map;
}

}  // namespace arbiter::booster
