// The clauses and reading points of Booster Chess: one clause per rule
// sentence of its section of chess-kit-new-rules.md, with a short quote, and
// every place the text leaves open with all its alternatives and a default.
#include "model/variants/booster/clauses.h"

namespace arbiter::booster {

const ClauseTable& clauses() {
  using namespace clause;
  static const ClauseTable table = {
      {kEquipmentCheckers, "Booster Chess: checkers, \"6 each of 2 colours\"."},
      {kEquipmentStack, "Booster Chess: \"you must be able to stack a chess piece on top of the checkers\"."},
      {kEquipmentDeck, "Booster Chess: one card per piece plus the sixes as checkers cards, \"36 cards in total\"."},
      {kSetupStart, "Booster Chess: \"Set up the chess pieces in the standard start position\"."},
      {kSetupCheckers, "Booster Chess: \"Place 6 light checkers in front of White and 6 dark checkers in front of Black.\""},
      {kSetupDeal, "Booster Chess: \"Shuffle the deck and deal 6 cards to each player.\""},
      {kSetupHidden, "Booster Chess: \"Look at your cards, but don't show them to your opponent.\""},
      {kSetupStock, "Booster Chess: \"Place the rest of the cards in a draw stack.\""},
      {kTurnParts, "Booster Chess: \"Your turn has up to four parts\"."},
      {kTurnMove, "Booster Chess: \"You must move a chess piece.\""},
      {kTurnSpend, "Booster Chess: \"If you moved a boosted piece, you may spend checkers\"."},
      {kTurnAdd, "Booster Chess: \"You may add a checker, by playing a card.\""},
      {kTurnDraw, "Booster Chess: \"draw cards until you have one card for every checker in front of you\"."},
      {kMoveNormal, "Booster Chess: \"Chess pieces move normally, unless they are stacked on checkers.\""},
      {kPawnDoubleFirst, "Booster Chess: \"Chess pieces move normally\": a pawn steps two squares on its first move only (so "
                         "\"do not move two spaces on their first move\" speaks of hobbled pieces)."},
      {kCapture, "Booster Chess: a normal move captures as in chess (\"move normally\")."},
      {kCastle, "Booster Chess: castling as in chess, within its special cases."},
      {kPromotion, "Booster Chess: \"A pawn that moves to the back rank immediately promotes\"."},
      {kEnPassant, "Booster Chess: en passant \"at the usual square after a regular move of two squares\"."},
      {kBoostKingMove, "Booster Chess: boosted: \"after moving it normally, you may move it like a king\"."},
      {kBoostSpend, "Booster Chess: \"remove the checker and place it in front of you\"."},
      {kBoostContinue, "Booster Chess: \"you may continue spending checkers to make more king's moves\"."},
      {kBoostCaptureContinue, "Booster Chess: a booster move is a king's move (\"move it like a king\"), which may capture; "
                              "only the checkers end them (\"you may continue spending checkers\")."},
      {kHobbleMoves, "Booster Chess: hobbled: \"pawns cannot move at all, and other pieces move like pawns\"."},
      {kHobbleNoWorse, "Booster Chess: \"it's still hobbled, but no worse\"."},
      {kCancel, "Booster Chess: \"immediately remove one checker of each colour and return them to their owners\"."},
      {kCarry, "Booster Chess: \"it brings any checkers along with it, except a spent booster\"."},
      {kAddAfterMove, "Booster Chess: \"After you finish moving, you may play one of your cards to add a checker.\""},
      {kAddOwnColour, "Booster Chess: \"only add checkers of your own colour\", to \"a piece that matches the card\"."},
      {kAddCheckersCard, "Booster Chess: \"Checkers cards match any piece of that colour\"."},
      {kAddNoMatch, "Booster Chess: \"If there are no pieces left on the board to match a card\", any piece of its colour."},
      {kDiscard, "Booster Chess: \"Play your card to a discard pile next to the draw pile\"."},
      {kReshuffle, "Booster Chess: \"shuffle the discard pile to make a new draw pile if it runs out\"."},
      {kCaptureKeeps, "Booster Chess: \"your piece keeps any checkers that the captured piece was stacked on\"."},
      {kCaptureFlips, "Booster Chess: \"Capturing a boosted piece leaves you hobbled\", a hobbled one boosted."},
      {kBackRank, "Booster Chess: a hobble checker brought \"to the back rank\" is removed and returned."},
      {kDrawCount, "Booster Chess: \"draw cards until you have the same number of cards as checkers off the board\"."},
      {kCastleBoosted, "Booster Chess: \"You may not castle, if either the king or the rook is boosted.\""},
      {kCastleThrough, "Booster Chess: no castling \"through squares that could be attacked by booster moves\"."},
      {kNoRevealedCheck, "Booster Chess: \"You may not move a piece to reveal a check on your king\", even if a booster move blocks."},
      {kHobbleNoDouble, "Booster Chess: hobbled pieces \"do not move two spaces on their first move\"."},
      {kEnPassantUsual, "Booster Chess: \"You may capture a pawn en passant at the usual square\"."},
      {kNoEnPassantAfterBoost, "Booster Chess: \"You may not capture en passant if the pawn used a booster move\"."},
      {kNoBoostEnPassant, "Booster Chess: \"you may not use a booster move to capture en passant\"."},
      {kPromoteContinue, "Booster Chess: a promoted pawn \"may continue making booster moves if it is still boosted\"."},
      {kCheckmate, "Booster Chess: \"Win by checkmate, as in regular chess\"."},
      {kBoostThreat, "Booster Chess: \"you may use booster moves to threaten the king\"."},
  };
  return table;
}

const ReadingTable& readings() {
  using namespace reading;
  static const ReadingTable table = {
      {kBoostWhen,
       "May a piece that becomes boosted by its normal move (it captured a piece hobbled by its owner's checkers) make "
       "booster moves in the same turn?",
       "Booster Chess: \"If you moved a boosted piece, you may spend checkers\"; a promoted pawn continues \"if it is "
       "still boosted\"; \"capturing a hobbled piece leaves you boosted!\"",
       {{"boosted_before", "only a piece that was boosted before its normal move and still is after it"},
        {"boosted_after", "any piece that stands on its owner's checkers after its normal move"}},
       "boosted_before",
       "\"If you moved a boosted piece\" describes the piece that was moved; \"still boosted\" presumes it was "
       "boosted before."},
      {kSpendOrder,
       "When a booster move captures a piece on checkers, is the spent checker removed before or after the captured "
       "checkers join (and cancel)?",
       "Booster Chess: \"If you make the king's move, remove the checker\"; \"your piece keeps any checkers that the "
       "captured piece was stacked on\".",
       {{"spend_first", "the spent checker goes in front of its owner first, then the captured checkers join and cancel"},
        {"capture_first", "the captured checkers join and cancel first; a booster checker left over is then spent"}},
       "spend_first",
       "The checker is spent by making the king's move, which comes before the capture it makes."},
      {kBackRank,
       "Which rank is \"the back rank\" that removes a hobble checker, and where does a pawn promote after a booster move?",
       "Booster Chess: \"get it to the back rank of the board\"; \"A pawn that moves to the back rank immediately promotes\".",
       {{"far", "the rank farthest from the piece's owner (where its pawns promote)"},
        {"either", "the first or the last rank of the board"}},
       "far",
       "Hobbled pieces move like pawns, forward only, and a pawn's back rank is where it promotes."},
      {kBackRankCount,
       "Does a hobbled piece reaching the back rank lose all its hobble checkers or one?",
       "Booster Chess: \"just remove the hobble checker and return it to your opponent\".",
       {{"all", "every hobble checker under the piece is returned"},
        {"one", "one hobble checker is returned; the piece stays hobbled if more remain"}},
       "all",
       "The text speaks of a piece on one checker; a piece that reached the back rank has done what frees it."},
      {kBackRankAdd,
       "Is a hobble checker added by a card to a piece already standing on the back rank returned at once?",
       "Booster Chess: \"there is another way to remove it: get it to the back rank of the board\".",
       {{"stays", "no: the checker was not brought there; it stays until cancelled"},
        {"returned", "yes: a hobble checker on a piece on the back rank is always returned"}},
       "stays",
       "\"get it to the back rank\" describes bringing the checker there by a move."},
      {kHobbledPromotion,
       "Does a hobbled piece other than a pawn promote when it moves like a pawn to the last rank?",
       "Booster Chess: \"other pieces move like pawns\"; \"A pawn that moves to the back rank immediately promotes\".",
       {{"stays", "it keeps its kind (and loses its hobble there)"},
        {"promotes", "it promotes like a pawn (a king excepted: it would leave no king)"}},
       "stays",
       "Promotion is said of pawns; moving like a pawn is about how it moves, not what it is."},
      {kHobbledEnPassant,
       "May a hobbled piece other than a pawn capture en passant?",
       "Booster Chess: \"other pieces move like pawns\"; \"You may capture a pawn en passant at the usual square\".",
       {{"no", "only pawns capture en passant"},
        {"yes", "a hobbled piece captures en passant as a pawn would"}},
       "no",
       "En passant is a pawn's capture of a pawn in regular chess."},
      {kCastleHobbled,
       "May a king castle with a hobbled rook?",
       "Booster Chess: \"You may not castle, if either the king or the rook is boosted.\" A hobbled king moves like a "
       "pawn and so never castles; the hobbled rook is not mentioned.",
       {{"allowed", "only boosted kings and rooks are barred"},
        {"forbidden", "a hobbled rook cannot castle either"}},
       "allowed",
       "The text names only boosted pieces."},
      {kReshuffle,
       "When is the discard pile shuffled into a new draw pile: as soon as the draw pile is empty, or when a card must "
       "be drawn from it?",
       "Booster Chess: \"shuffle the discard pile to make a new draw pile if it runs out\".",
       {{"when_needed", "when a card must be drawn and the draw pile is empty"},
        {"when_empty", "as soon as the last card of the draw pile is drawn"}},
       "when_needed",
       "A draw pile has run out when a card is wanted from it."},
      {kRegularDraws,
       "Does \"Win by checkmate, as in regular chess\" bring in regular chess's draws (stalemate, the fifty-move rule, "
       "repetition, dead position), all of them together?",
       "Booster Chess: \"Win by checkmate, as in regular chess, but you may use booster moves to threaten the king.\" "
       "No other sentence of the section names an end of the game.",
       {{"imported", "the ways regular chess ends come with its checkmate: stalemate is a draw, and so are the fifty-move "
                     "rule (a pawn's booster move is a movement of a pawn), repetition of a position (the pieces with "
                     "their checkers, the side to move, castling and en passant rights; the cards are no part of a "
                     "position; booster.draw_claims says at which count) and a dead position, which never arises here: a card "
                     "can put a checker under a lone king, and a boosted king mates a bare king by booster moves"},
        {"checkmate_only", "\"as in regular chess\" says what a checkmate is: no draw rule. A player who cannot move "
                           "and is not in check ends the game with no winner (only checkmate wins); otherwise the game "
                           "can go on for ever"}},
       "imported",
       "The section points to regular chess for how the game ends, and its pieces \"move normally\": the game is "
       "regular chess with cards, and regular chess ends in these draws as well as in checkmate."},
      {kDrawClaims,
       "With regular chess's draws, does the game end at the fifty-move and threefold-repetition points, or only at "
       "seventy-five moves and fivefold repetition, as orthodox chess's automatic draws do?",
       "Booster Chess: \"as in regular chess\"; FIDE 9.2-9.3: a draw may be claimed; 9.6: the game is drawn "
       "automatically at 75 moves or five repetitions.",
       {{"claimed", "a player always claims: the game ends at fifty moves or the third occurrence"},
        {"automatic", "no claims: the game ends at seventy-five moves or the fifth occurrence"}},
       "claimed",
       "As orthodox.draw_claims: the model has no players to claim; a reference arbiter reports the first point at "
       "which the game can end."},
      {kCheckEscape,
       "May a king that stands in check when its turn starts escape by the rest of its turn (the booster moves after "
       "the normal move, or those and the card played after them), or must the normal move alone end the check?",
       "Booster Chess: \"You may not move a piece to reveal a check on your king, even if you then use a booster move to "
       "block the check again.\" bars a revealed check; \"Win by checkmate, as in regular chess, but you may use booster "
       "moves to threaten the king.\" A card can hobble the checking piece (\"use a black checker card to add one of "
       "your checkers to any black piece\"), which then threatens like a pawn, and the card comes after the move and the "
       "booster moves (\"After you finish moving, you may play one of your cards\"). No sentence speaks of a check that "
       "stands when the turn starts.",
       {{"normal_move", "the normal move alone must leave the king out of check, as every move must in regular chess; "
                        "a king in check that no normal move frees is checkmated"},
        {"with_boosts", "only a revealed check is barred: a king in check when the turn starts may be freed by the "
                        "normal move and the booster moves after it; neither move may open a line to the king through "
                        "the square it leaves, the player may not stop making booster moves while the king is in "
                        "check, and the turn may not end in check"},
        {"whole_turn", "the whole turn must end with the king out of check: the normal move, the booster moves after it "
                       "and the card played after them (which may hobble the checking piece) may end a check the turn "
                       "starts in together; no move may open a line to the king through the square it leaves, the "
                       "player may stop making booster moves in check only where a card then ends it, and may not "
                       "decline the card in check; a king in check whose player can end the check so, by the card "
                       "if need be, is not checkmated"}},
       "normal_move",
       "\"as in regular chess\": no move may leave its own king in check, and the author's sentence shows that a "
       "booster move does not repair a check the normal move leaves; a card, played later still, repairs it no more. "
       "The revealed check is the case the sentence names, as the one most tempting to repair."},
      {kAddCheck,
       "May a card be played that leaves its player's own king in check (hobbling an enemy piece makes it threaten like "
       "a pawn)?",
       "Booster Chess: \"You may not move a piece to reveal a check on your king\" speaks of moving a piece, and a card "
       "play moves none; \"You may only add checkers of your own colour, and you may add one to a piece that matches "
       "the card.\" sets no other bar.",
       {{"forbidden", "no card may leave its player's own king in check"},
        {"allowed", "the ban names moves only: the card stands; the opponent may not take the king (the game is won by "
                    "checkmate), and the player must answer the check on its next turn"}},
       "forbidden",
       "\"Win by checkmate, as in regular chess\": regular chess lets no part of a turn leave one's own king in check, "
       "and the card is played in its player's turn."},
      {kCardMatch,
       "Does a piece's card match every piece of its kind and colour, or one particular piece (the queen's rook, the "
       "e-pawn), and what does a promoted pawn's card match?",
       "Booster Chess: \"use one card to represent each piece, as shown in appendix A\" (the appendix is not in the "
       "text); \"If there are no pieces left on the board to match a card\".",
       {{"kind", "a card matches every piece of its kind and colour (a promoted pawn is a piece of its new kind)"},
        {"particular", "each card stands for one piece, and a pawn's card follows it when it promotes. The cards of one "
                       "letter look alike in the model, so a card may go wherever a card of its letter could: under a "
                       "piece of its kind; for a pawn card, under a piece a pawn may have promoted to; and under any "
                       "piece of its colour where a piece of its letter may be gone (\"no pieces left\")"},
        {"particular_lost", "each card stands for one piece, and a promoted pawn's card matches nothing, so that \"no "
                            "pieces left\" lets it go under any piece of its colour; otherwise as particular"}},
       "kind",
       "\"no pieces left on the board to match a card\" speaks of pieces, in the plural, matching one card, and the "
       "two rooks' or eight pawns' cards could be told apart only by the missing appendix."},
      // Options: the "Variants" paragraph. It gives no numbers, so the
      // alternatives are representative values of "fewer" and "more".
      {kCheckersCards,
       "How many checkers cards are in the deck?",
       "Booster Chess: \"You also need two cards of each colour to represent checkers, so add the sixes to the deck.\" "
       "Variants: \"Make the game more predictable by using fewer checkers cards in the deck or fewer checkers during "
       "setup. Make it less predictable by using more.\"",
       {{"four", "the four sixes: two checkers cards of each colour (the rule as stated)"},
        {"none", "no checkers cards (fewer)"},
        {"two", "one checkers card of each colour (fewer)"},
        {"eight", "the sixes and the sevens: four checkers cards of each colour (more)"}},
       "four",
       "The Equipment section states two of each colour; the Variants paragraph offers fewer or more and gives no "
       "numbers: none, one and four of each colour stand for them.",
       /*option=*/true},
      {kCheckersStart,
       "How many checkers does each player have, and so how many cards is each dealt?",
       "Booster Chess: \"Place 6 light checkers in front of White and 6 dark checkers in front of Black.\" Variants: "
       "\"fewer checkers during setup\", \"Make it less predictable by using more.\" \"During setup, always deal one "
       "card for each checker.\"",
       {{"six", "six checkers each, six cards dealt each (the rule as stated)"},
        {"four", "four checkers each, four cards dealt each (fewer)"},
        {"eight", "eight checkers each, eight cards dealt each (more)"}},
       "six",
       "Setup states six; the Variants paragraph offers fewer or more and gives no numbers: four and eight stand for "
       "them. One card is dealt for each checker, as it says.",
       /*option=*/true},
      {kHandicap,
       "Does one player have fewer checkers than the other?",
       "Booster Chess Variants: \"Handicap a player by giving them fewer checkers than their opponent.\" \"During "
       "setup, always deal one card for each checker.\"",
       {{"none", "both players have the same number of checkers (the rule as stated)"},
        {"white", "White has two checkers fewer than Black, and is dealt two cards fewer"},
        {"black", "Black has two checkers fewer than White, and is dealt two cards fewer"}},
       "none",
       "Setup gives both players six; the handicap is offered without a number: two fewer stands for it.",
       /*option=*/true},
  };
  return table;
}

}  // namespace arbiter::booster
