#include "model/variants/zeitgeist/clauses.h"

#include "model/variants/simultaneous/simultaneous.h"

namespace arbiter::zeitgeist {

const ClauseTable& clauses() {
  static const ClauseTable table = {
      {clause::kStandardRules, "Zeitgeist: \"uses most of the standard chess rule set\": piece moves, castling, en passant, promotion."},
      {clause::kWriteMoves, "Zeitgeist: \"each player writes down his or her next move using usual chess notation\", by "
                            "the piece's pattern whatever stands in the way: the bounce rules are for pieces "
                            "\"attempting\" to move through stationary pieces, a pawn that \"moves into a stationary "
                            "piece's space\" or \"captures an empty space\", and the example's pawn that captures "
                            "\"into the same space\" where its own player's stationary pawn stands."},
      {clause::kSimultaneous, "Zeitgeist: \"both pieces move at the same time\"; some spaces may then hold two or three pieces."},
      {clause::kPawnMoves, "Zeitgeist: \"Pawns can move forward, or capture diagonally.\""},
      {clause::kPawnBounce, "Zeitgeist: a pawn bounces back \"if it captures an empty space (except through en passant), or moves into a stationary piece's space\"."},
      {clause::kStationary, "Zeitgeist: \"A stationary piece is any piece that did not move in that same turn, or was forced to bounce.\""},
      {clause::kBlocked, "Zeitgeist: \"Only the knight can move through intervening spaces occupied by stationary pieces; all other pieces attempting this will bounce.\""},
      {clause::kPassMovers, "Zeitgeist: \"Any piece may move through spaces occupied by pieces that have moved in the same turn.\""},
      {clause::kCastleCheck, "Zeitgeist: \"As in normal chess, a player may not castle through check.\" Castling is "
                             "normal chess's (\"uses most of the standard chess rule set\"), whose bars on the king's "
                             "own square and on the square it crosses are castling's alone: so not out of check either. "
                             "Onto an attacked square is zeitgeist.castle_into_check."},
      {clause::kBouncedStationary, "Zeitgeist: \"Any piece that bounces is treated as a stationary piece for the rest of the turn.\""},
      {clause::kSameColour, "Zeitgeist: a space with exactly two pieces of the same color: \"The active piece must bounce back\"."},
      {clause::kBothCaptured, "Zeitgeist: two pieces of different colors: \"If both pieces captured into the space, both pieces are removed.\""},
      {clause::kOneCaptured, "Zeitgeist: \"If only one piece captured into the space, the other is removed.\""},
      {clause::kNeitherCaptured, "Zeitgeist: \"If neither piece captured into the space, all pieces retreat to launch spaces.\""},
      {clause::kThreePieces, "Zeitgeist: a space with three pieces: \"All outnumbered and stationary pieces are removed from play.\""},
      {clause::kPromotion, "Zeitgeist: \"After resolving all placements, a player's pawn that has reached its opposite row may promote\"; "
                           "the move is written without the new piece, chosen then and \"revealed simultaneously\"."},
      {clause::kAnnounceCheck, "Zeitgeist: a player must warn when the opponent's king \"can be theoretically captured on the following turn\"."},
      {clause::kKingCaptured, "Zeitgeist: \"If a player's king is captured ... that player loses.\" A king the rules of a "
                              "crowded space remove is captured: the text's captures are removals (\"If only one piece "
                              "captured into the space, the other is removed\")."},
      {clause::kTwoChecks, "Zeitgeist: a player whose king is \"put in check for two consecutive turns\" loses."},
      {clause::kBothLose, "Zeitgeist: \"it is entirely possible for both players to lose at the same time.\""},
  };
  return table;
}

const ReadingTable& readings() {
  static const ReadingTable table = {
      {reading::kSubmission,
       "May a player write a move that, played alone on the board as it stands, leaves his own king attacked?",
       "Zeitgeist: \"writes down his or her next move using usual chess notation\" and \"uses most of the standard "
       "chess rule set\" (where no move may leave one's own king in check); but the game is lost by a captured king "
       "or one \"put in check for two consecutive turns\", which names the cost of an attacked king and no "
       "prohibition. (That moves are written by the piece's pattern, whatever stands in the way, the text decides: "
       "zeitgeist.turn.write_moves.)",
       {{"pattern", "any move of the piece's pattern on the board (paths and targets may be occupied; castling by the "
                    "usual conditions); blocking and landing are resolved after both moves"},
        {"king_safe", "the same moves but those that, played alone, leave the player's own king attacked (a move "
                      "the orthodox rules give, made; any other bounces and leaves the board as it is); a player "
                      "with no such move writes none (zeitgeist.no_legal_move)"}},
       "pattern",
       "The text names what an attacked king costs (capture, or a second consecutive check) and nowhere forbids "
       "writing a move that leaves it attacked; each player writes without knowing the other's move, so whether "
       "his king ends attacked is decided by both."},
      {reading::kPromotionMay,
       "Must a pawn that reaches its opposite row promote, or may it stay a pawn?",
       "Zeitgeist: \"a player's pawn that has reached its opposite row may promote\".",
       {{"must", "as in standard chess: the pawn becomes a piece its player chooses once the placements are resolved "
                 "(an action's piece letter is that choice)"},
        {"optional", "the player may also choose no new piece and the pawn stays a pawn"}},
       "must",
       "\"may\" reads most naturally as the standard permission to choose the new piece; the text names no exception to "
       "the standard rule set here."},
      {reading::kCheckCount,
       "What counts as being \"put in check for two consecutive turns\"?",
       "Zeitgeist: \"If a player's king is ... put in check for two consecutive turns, that player loses.\"",
       {{"end_of_turn", "the king is attacked when two consecutive turns have been resolved"},
        {"by_opponent_move", "a turn counts only if the opponent's piece that moved (or bounced) in that turn attacks the king"}},
       "end_of_turn",
       "Check is defined by position (\"can be theoretically captured on the following turn\"), so a king attacked after "
       "a turn is in check however the attack arose."},
      {reading::kEnPassantGone,
       "A pawn captures en passant a pawn that has moved on in the same turn: does it bounce?",
       "Zeitgeist: a pawn bounces \"if it captures an empty space (except through en passant)\".",
       {{"stays", "the exception holds whatever happened to the pawn it meant to capture: the capturing pawn stays"},
        {"bounces", "the capture found nothing to take, so the pawn bounces as from any empty space"}},
       "stays",
       "The exception is stated without condition."},
      {reading::kEnPassantOccupied,
       "A pawn captures en passant while an enemy piece moves into the space it lands on: did it capture into "
       "that space, and is the pawn it passed taken?",
       "Zeitgeist: a pawn bounces \"if it captures an empty space (except through en passant)\"; \"If only one "
       "piece captured into the space, the other is removed. If neither piece captured into the space, all "
       "pieces retreat to launch spaces.\" The exception speaks of an empty space; this one is not empty, and no "
       "sentence says whether an en passant capture captures into the space it lands on or only the pawn it passes.",
       {{"both", "the written en passant capture stands: the pawn captured into the space, so the piece there is "
                 "removed, and the passed pawn is taken as in standard chess"},
        {"space_only", "the space is not empty, so the pawn's capture is the ordinary one into it: the piece there "
                       "is removed and the passed pawn stays"},
        {"neither", "the en passant capture takes the passed pawn, not the space: neither piece captured into the "
                    "space, so both retreat to their launch spaces and the passed pawn stays"}},
       "both",
       "The placement rules resolve \"conflicts of placement\"; the passed pawn's square has none, so standard "
       "chess (\"most of the standard chess rule set\") takes it, and the pawn's diagonal move is a capture into "
       "the space as every diagonal pawn move is."},
      {reading::kCastleBounce,
       "When one of the two pieces of a castling move bounces, does the other bounce too?",
       "Zeitgeist: any piece attempting to move through stationary pieces bounces; castling moves two pieces at once.",
       {{"both", "castling is one move: if the king or the rook bounces, both return"},
        {"separately", "each piece of the castling move bounces or lands on its own"}},
       "both",
       "The text treats a written move as one move; half a castling would leave a position standard chess never has."},
      {reading::kCastleIntoCheck,
       "May a player castle onto a square the opponent attacks, where zeitgeist.submission lets him write a move that "
       "leaves his king attacked?",
       "Zeitgeist: \"As in normal chess, a player may not castle through check\" names the square the king crosses; "
       "the game \"uses most of the standard chess rule set\", whose castling rule bars the square the king lands on "
       "as well, but that bar is also standard chess's bar on every move that leaves the king attacked, which the "
       "text may not keep (zeitgeist.submission).",
       {{"as_king_move", "castling is a king move: one that ends with the king attacked is written or not as "
                         "zeitgeist.submission says of every such move (under pattern, written)"},
        {"forbidden", "the standard castling rule holds whole: no castling onto an attacked square, as none out of "
                      "or through check, whatever zeitgeist.submission lets other moves do"}},
       "as_king_move",
       "The text restates for castling only the bar that is castling's own (\"through check\"; out of check is "
       "castling's alone too); a king that ends attacked is what zeitgeist.submission decides for every move, and the "
       "text names what an attacked king costs rather than forbidding it."},
      {reading::kNoLegalMove,
       "What happens when a player can write no move at all? (It can happen only where a player may not write a move that leaves his king attacked.)",
       "Zeitgeist uses \"most of the standard chess rule set\" but ends games only by king capture or two consecutive checks.",
       {{"standard", "as in standard chess: checkmate loses, stalemate draws, at the start of the turn, before a "
                     "move the other player writes in it counts (a refused one costs nothing more); both players "
                     "checkmated both lose (zeitgeist.result.both_lose); one checkmated while the other is "
                     "stalemated loses, which no sentence orders (scenario "
                     "zeitgeist.no_legal_move.mate_and_stalemate)"},
        {"pass", "the player passes: only the opponent's piece moves"}},
       "standard",
       "Standard chess is the base the text builds on."},
      {reading::kBounceChain,
       "When one piece's bounce decides whether another must bounce (a bounced piece is stationary for the rest of "
       "the turn), which pieces bounce? Two pawns that capture into each other's spaces have no answer that treats "
       "them alike: if either bounces, the other's capture finds it there.",
       "Zeitgeist: \"Conflicts of placement are resolved as follows\"; a pawn bounces \"if it captures an empty "
       "space\"; \"Any piece that bounces is treated as a stationary piece for the rest of the turn.\"",
       {{"together", "the placement is judged for every piece at once, every bounce it calls for is made together, "
                     "and the placement is judged again with those pieces stationary (both pawns bounce)"},
        {"stable", "the pieces that bounce are the one set that, standing still, is exactly what the rules send "
                   "back (a pawn that captures a pawn bouncing from an empty space takes it); where no set or "
                   "several are, as together"}},
       "together",
       "The text resolves \"conflicts of placement\" after simultaneous movement, which judges one placement for "
       "every piece; it names no order among the bounces, and \"together\" needs none."},
      {reading::kBounceOrSpace,
       "A piece the pawn rule or the blocked-movement rule sends back moves into a space other pieces reach or hold: "
       "does it bounce, or does that space's rule decide it (and the pieces it meets there)?",
       "Zeitgeist: \"After simultaneous movement, some spaces might contain two or three pieces. Conflicts of "
       "placement are resolved as follows\", then the pawn rule, the blocked-movement rule and the rules of spaces "
       "with two or three pieces, in a list that names no order between them.",
       {{"bounce_first", "the piece bounces and never reaches the space, which is judged without it"},
        {"space_first", "the piece is in the space after simultaneous movement, and the space's rule decides its "
                        "fate; the pawn and blocked-movement rules send back only pieces alone in their space"}},
       "bounce_first",
       "\"Attempting this will bounce\" and \"must bounce back\" describe a move that does not arrive; found by the "
       "conflict check (the tools met a blocked rook capturing into a space and a pawn pushed into a space of three)."},
      {reading::kDrawClaims, simultaneous::kDrawClaimsQuestion,
       "Zeitgeist \"uses most of the standard chess rule set\", without saying which part it leaves out; its own "
       "endings are a captured king and a king \"put in check for two consecutive turns\".",
       simultaneous::draw_claims_alternatives(), simultaneous::kDrawClaimsDefault, simultaneous::kDrawClaimsWhy},
      {reading::kRefusedMove,
       "A player writes a move the rules in force do not allow (one that leaves his king attacked, where that is not "
       "allowed), or, where promotion is compulsory, names no new piece for a pawn that stands on its last row once the "
       "placements are resolved: what does it cost him?",
       "Zeitgeist: \"each player writes down his or her next move using usual chess notation\"; the text names no "
       "consequence of writing a move that may not be played.",
       {{"pass", "the move is void: his pieces stand, and the opponent's written move is played alone"},
        {"rewrite", "the turn is not played: both players write again, as an illegal move is taken back in "
                    "standard chess"},
        {"loss", "he loses the game"}},
       "pass",
       "Both moves are revealed together, so the opponent's written move stands; a void move costs its writer his "
       "turn and nothing the text does not name."},
  };
  return table;
}

const TextMap& text_map() {
  static const TextMap map = {
      {"ZEITGEIST (a chess variant by John Cooper)", {}, "title"},
      {"Zeitgeist uses most of the standard chess rule set", {clause::kStandardRules, clause::kSimultaneous, reading::kNoLegalMove, reading::kDrawClaims}, ""},
      {"Before each turn, each player writes down", {clause::kWriteMoves, reading::kSubmission, reading::kRefusedMove}, ""},
      {"When players signal that they are ready", {clause::kSimultaneous}, ""},
      {"After simultaneous movement, some spaces", {clause::kSimultaneous, reading::kBounceOrSpace}, ""},
      {"Conflicts of placement are resolved as follows", {}, "heading for the rules that follow"},
      {"Illegal pawn movement - Pawns can move forward", {clause::kPawnMoves}, ""},
      {"A pawn must bounce back", {clause::kPawnBounce, reading::kEnPassantGone, reading::kEnPassantOccupied}, ""},
      {"A stationary piece is any piece", {clause::kStationary}, ""},
      {"Blocked movement - Only the knight", {clause::kBlocked, reading::kSubmission}, ""},
      {"Any piece may move through spaces", {clause::kPassMovers}, ""},
      {"As in normal chess, a player may not castle through check", {clause::kCastleCheck, reading::kCastleIntoCheck, reading::kCastleBounce}, ""},
      {"Any piece that bounces is treated", {clause::kBouncedStationary, reading::kBounceChain}, ""},
      {"Space occupied by exactly two pieces of the same color", {}, "heading for the rule that follows"},
      {"The active piece must bounce back", {clause::kSameColour}, ""},
      {"Space occupied by exactly two pieces of different colors", {}, "heading for the three rules that follow"},
      {"- If both pieces captured into the space", {clause::kBothCaptured}, ""},
      {"If only one piece captured into the space", {clause::kOneCaptured, reading::kEnPassantOccupied}, ""},
      {"If neither piece captured into the space", {clause::kNeitherCaptured}, ""},
      {"Space occupied by three pieces", {clause::kThreePieces}, ""},
      {"(Example: I attempt to capture", {clause::kThreePieces}, "worked example: scenario zeitgeist.example.knight_and_two_pawns"},
      {"The space now contains three pieces", {clause::kThreePieces}, "worked example, continued"},
      {"My knight is outnumbered", {clause::kThreePieces}, "worked example, continued"},
      {"Your stationary pawn is also removed", {clause::kThreePieces}, "worked example, continued"},
      {"Pawn promotion - After resolving all placements", {clause::kPromotion, reading::kPromotionMay}, ""},
      {"If both players are promoting on the same turn", {clause::kPromotion}, ""},
      {"Announce \"check\" - As in normal chess", {clause::kAnnounceCheck}, ""},
      {"If a player's king is captured", {clause::kKingCaptured, clause::kTwoChecks, reading::kCheckCount}, ""},
      {"Note that it is entirely possible for both players", {clause::kBothLose}, ""},
  };
  return map;
}

PrecedenceTable precedences() {
  // The pawn and blocked-movement rules send a piece back; the rules of a
  // space with two or three pieces decide the pieces in it. A piece both
  // apply to is zeitgeist.bounce_or_space's question.
  static const Precedence table[] = {
      {clause::kBlocked, clause::kOneCaptured, reading::kBounceOrSpace,
       "a blocked piece capturing into a space: bounce, or the capture the space's rule grants"},
      {clause::kBlocked, clause::kBothCaptured, reading::kBounceOrSpace,
       "a blocked piece capturing into a space another capturing piece reaches"},
      {clause::kBlocked, clause::kThreePieces, reading::kBounceOrSpace,
       "a blocked piece moving into a space of three"},
      {clause::kPawnBounce, clause::kOneCaptured, reading::kBounceOrSpace,
       "a pawn the pawn rule sends back, in a space where one piece captured"},
      {clause::kPawnBounce, clause::kBothCaptured, reading::kBounceOrSpace,
       "a pawn the pawn rule sends back, in a space both pieces captured into"},
      {clause::kPawnBounce, clause::kThreePieces, reading::kBounceOrSpace,
       "a pawn the pawn rule sends back, in a space of three"},
  };
  return table;
}

}  // namespace arbiter::zeitgeist
