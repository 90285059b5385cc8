// The reading points of Existentialist Chess: every place where the text does
// not decide, or where two of its sentences (often a rule and a later note or
// FAQ answer) say different things. Each names every plausible alternative and
// a default with its reason; none is resolved silently in the rules code.
#include "model/variants/existentialist/clauses.h"

namespace arbiter::existentialist {

const ReadingTable& readings() {
  using namespace reading;
  static const ReadingTable table = {
      // Castling, promotion, the end of the game.
      {kCastleSquares,
       "Where do king and squire stand after castling on the 10x10 board?",
       "Existentialist Chess: castling \"in a manner which would resemble castling in orthodox chess (O-O and O-O-O)\"; the king "
       "starts on f1, the squires on b1 and i1.",
       {{"orthodox_shifted", "as orthodox castling moved one file right: the king moves two squares towards the squire and the "
                             "squire lands on the square the king crossed (f1-h1 with i1-g1; f1-d1 with b1-e1)"},
        {"king_beside_squire", "the king moves until it stands next to the squire's start square and the squire lands on the "
                               "square the king crossed (kingside as above; queenside f1-c1 with b1-d1)"}},
       "orthodox_shifted",
       "The king and squires stand exactly as orthodox king and rooks moved one file right, so the orthodox moves moved one "
       "file right resemble orthodox castling most closely."},
      {kPromotionOptional,
       "Must a pawn, yanzee or adventurist that reaches the last rank promote, or may it stay as it is?",
       "Existentialist Chess: a pawn \"may promote\"; a yanzee \"may be promoted\"; an ADVENTURIST \"still promotes\".",
       {{"must", "every one of them promotes on arrival, the move naming the queen, rook, bishop or knight"},
        {"optional", "pawns and yanzees may stay as they are (a pawn then stands still for good); adventurists promote"},
        {"yanzee_optional", "pawns and adventurists promote; a yanzee may stay a yanzee (and promote on a later arrival)"}},
       "must",
       "\"may promote to a queen, rook, bishop or knight\" reads as the orthodox choice of piece; only the adventurist's sentence "
       "is explicit, and it says the promotion happens."},
      // En passant.
      {kTripleStepEnPassant,
       "After an adventurist's three-square move, on which passed square may an enemy pawn capture it en passant?",
       "Existentialist Chess: it \"may still be captured en passant\", \"consistent with how pawns capture each other in "
       "Omegachess, in which there are three different possible examples\".",
       {{"either_passed_square", "on either square it passed over, as in Omegachess"},
        {"last_passed_square", "only on the square next to where it stopped"},
        {"first_passed_square", "only on the square a one-square move would have reached"}},
       "either_passed_square",
       "Omegachess lets a pawn that moved three be taken on either square it passed; with the double step that makes the "
       "three cases the text counts."},
      {kAdventuristEnPassantHow,
       "How does an adventurist capture en passant: only by a pawn's diagonal forward step onto the passed square, or by any "
       "king step onto it?",
       "Existentialist Chess: it keeps \"its ability to capture en passant (moving into the square where the enemy pawn would "
       "have been...)\", though it moves \"essentially like a king\".",
       {{"pawn_diagonal", "only by a diagonal step forwards onto the passed square, as a pawn captures"},
        {"any_king_step", "by any king step onto the passed square, the passed pawn being removed"}},
       "pawn_diagonal",
       "En passant is a pawn's capture; the text describes it in pawn terms and ties it to Omegachess pawns."},
      {kEnPassantShield,
       "Which shield positions forbid an en passant capture?",
       "Existentialist Chess: illegal \"if the pawn would have to jump over any part of the shield\"; legal \"if no part of the "
       "shield is on the left or right side of the square the pawn finishes\"; FAQ 9: illegal \"if a vertical shield is "
       "between\" the capturer's start square and the captured pawn's or the landing square.",
       {{"beside_landing", "illegal when any shield part stands on a square beside (left or right of) the landing square"},
        {"capturer_side", "illegal when a shield part stands on the square beside the landing square on the capturer's side "
                          "(in front of the capturing pawn), which the diagonal step passes"},
        {"vertical_capturer_side", "as capturer_side, but only when that shield runs along a file (FAQ 9's \"vertical shield\")"}},
       "beside_landing",
       "It is the only sentence that states a complete test of legality; the other two describe cases it contains."},
      {kAdventuristFirstRank,
       "May an adventurist that has stepped back to its own first rank make its two- or three-square move from there?",
       "Existentialist Chess, the additional notes: \"An ADVENTURIST pawn moving as a king may move back to the player's own "
       "first rank. It will still retain the ability to make its next move two or three squares forwards if it likes.\" FAQ 6: "
       "\"Yes, as long as it is in the player's own second or third rank and has never moved beyond the player's own third "
       "rank already in the game.\" The two sentences say different things of the first rank.",
       {{"allowed", "yes: from its own first, second or third rank, while it has never moved beyond its third rank nor made "
                    "the move"},
        {"second_or_third_rank_only", "no: only from its own second or third rank (FAQ 6); on the first rank it keeps the "
                                      "right and may use it once a king step has brought it back to its second or third "
                                      "rank"}},
       "allowed",
       "The note names the first rank and says what the piece keeps there; FAQ 6 answers whether the move survives leaving "
       "the start square, and the FAQ was written \"to help readers better understand the rules\", not to change them."},

      // Dazzler.
      {kShieldAsScreen,
       "When the dazzler's cannon line runs along a friendly shield, crossing two or three of its squares, is that one screen?",
       "Existentialist Chess: the dazzler may capture \"if there is only the shield between itself and the piece\".",
       {{"whole_shield", "the shield is one screen however many of its squares the line crosses"},
        {"each_square", "each square of the shield is a piece; only a line that crosses one square has one screen"}},
       "whole_shield",
       "The text speaks of \"only the shield\" as the thing between."},

      // Hyena.
      {kHyenaStopsArcherCheck,
       "Can a player answer an archer's check by moving a hyena next to the archer piece?",
       "Existentialist Chess: \"a player cannot remove check on his own king by trying to dazzle and immobilize an archer\"; yet "
       "a hyena-immobilized archer \"may not fire arrows EXCEPT to fire one square at the hyena\".",
       {{"hyena_stops", "yes: the immobilized archer can fire only at the hyena, so its arrow no longer threatens the king"},
        {"check_stands", "no: immobilizing an archer never removes its check"}},
       "hyena_stops",
       "The sentence about checks names the dazzler's spell; the hyena's rule limits the archer's arrows explicitly."},

      {kWildcatRoute,
       "How does the wildcat move: along a line like the hyena it was, or by any route of up to three steps?",
       "Existentialist Chess: \"A WILDCAT is a piece that can move and capture up to three squares at a time.\" The hyena "
       "\"moves up to three squares in any direction\"; the wildcat example says \"the wildcat is within 3 squares of Player "
       "# 1's king\".",
       {{"lines", "up to three squares along a rank, file or diagonal, through empty squares, as the hyena moves, and "
                  "capturing"},
        {"king_steps", "to any square a route of up to three king steps through empty squares reaches, capturing where "
                       "the route ends (any square within three of it, where the way is clear)"}},
       "lines",
       "The wildcat is the hyena transformed, which \"has lost its immunity, and no longer immobilizes other pieces\": "
       "what it loses is named, and its move keeps the hyena's \"up to three squares\", now capturing."},

      // Dazzler invulnerability and the king/archer.
      {kInvulnerableKing,
       "A king jumped by its own dazzler is invulnerable to capture on the opponent's next move: may it stand where enemy pieces "
       "other than archers attack it?",
       "Existentialist Chess: a jumped friendly piece \"is invulnerable to capture on the opponent's next move\"; \"it is illegal "
       "... to create a situation where there own king can be subject to capture on the opponent's next move\".",
       {{"check_ignored", "yes: only attacks that invulnerability does not stop (arrows, the blast) count as check for it"},
        {"check_applies", "no: the king is in check as usual; invulnerability protects other pieces only"}},
       "check_ignored",
       "The text defines the illegal position as a king subject to capture on the opponent's next move, and an invulnerable "
       "king is not."},
      {kImpotentArcher,
       "Which moves does the archer's forced rest turn take the king/archer's protection from?",
       "Existentialist Chess: \"The only exception to this is if the king is checkmated on the turn in which the archer must "
       "rest to reload\"; \"as long as the archer is not on its forced rest turn, the king may ignore the standard rules of check\".",
       {{"next_turn", "a move after which the archer must rest (its third shot in a row) may not leave the king attacked, and "
                      "on the rest turn the king is in check as a bare king"},
        {"rest_turn_only", "only on the rest turn itself: the third shot may leave the king attacked, and on the rest turn the "
                           "king must escape or is checkmated"}},
       "next_turn",
       "The text's principle forbids leaving one's king capturable unless it \"will take at least two moves to be defeated\", "
       "which a resting archer does not give."},
      {kSharedSquareCapture,
       "When an enemy piece has entered the king's square (killing its archer), may another friendly piece take it there?",
       "Existentialist Chess: \"The king may then capture that enemy piece ... or it may move to any other square to get out of "
       "check.\"",
       {{"king_only", "only the king's answers named: capture it with the king, or move the king away"},
        {"friendly_arrow", "also a friendly archer's arrow may kill the intruder, the king staying alone on its square. "
                           "No other friendly piece can take it: a capture by moving ends on the captured piece's "
                           "square, and the king's square is one that only the archer or zednick may enter, to "
                           "confabulate (\"Confabulation is achieved when the archer or zednick move into the square "
                           "containing the piece\"), while the king takes no partner but the archer. A rook taking "
                           "the intruder would leave two pieces of one colour on one square that are no confabulated "
                           "piece, which the text never allows and gives no rules for. The arrow kills \"as if it "
                           "were captured\" and \"The archer piece does not move when it fires\", so it alone takes "
                           "the intruder while the king keeps the square."}},
       "king_only",
       "The text names the king's two answers and no other."},
      {kKingEntersKingSquare,
       "May a king/archer enter the square of the enemy king/archer, killing its archer, and what then?",
       "Existentialist Chess: \"The king may thus move into check or otherwise ignore check from an enemy piece when it is "
       "confabulated with an archer\"; \"The enemy piece may then move into the same square as the player's king, thus "
       "capturing the archer\"; \"The king may then capture that enemy piece\"; a king is lost when checkmated or killed by "
       "an arrow or the blast.",
       {{"never", "no king enters a square holding the enemy king; a king is never taken, only checkmated or killed by an "
                  "arrow or the blast"},
        {"enters_then_king_taken", "a king/archer that may ignore check (its archer not impotent) may enter the enemy "
                                   "king/archer's square, killing that archer; the square then holds the enemy king (to "
                                   "move) and the entering king/archer as the one enemy piece, and the enemy king may "
                                   "capture it there (\"the enemy piece is removed\"): the entering king dies with its "
                                   "archer and its player loses, as for a king killed by an arrow or the blast"},
        {"enters_then_archer_first", "the king/archer may enter as above, but capturing it kills only its archer, as every "
                                     "blow at a king/archer does first; that would leave the capturing king, bare, on the "
                                     "square of the enemy king, which may take it on its next move, so the capture is "
                                     "illegal (existentialist.legal.no_self_exposure) and the enemy king must step "
                                     "away or is checkmated"}},
       "never",
       "The text ends a king only by checkmate, an arrow or the blast, never by a capture, and speaks of the enemy piece "
       "entering the king's square as a piece other than a king; a bare king entering would stand where the enemy king "
       "takes it, which existentialist.legal.no_self_exposure forbids."},

      // Confabulation.
      {kConfabulateOnce,
       "May the archer join a piece that already carries the zednick: a pawn made an adventurist, or a bobber the zednick "
       "has joined?",
       "Existentialist Chess: \"The archer may confabulate with ANY other piece in the game with the exception of the hyena, "
       "yanzee or existentialist\"; yet \"the archer/zednick piece may not confabulate with any other pieces\", and the text "
       "describes every confabulated piece as a pair. (The other way round the text decides: the zednick \"may only "
       "confabulate with an unconfabulated archer\", so it joins no piece that carries the archer.)",
       {{"archer_and_zednick", "yes: the archer joins the adventurist or the bobber carrying the zednick; the piece moves as "
                               "its host and shoots as an archer, two squares far (it is no archer/zednick piece); whether "
                               "it joins a shield, which carries the zednick too, is existentialist.archer_joins_shield"},
        {"once", "no: a piece takes part in one confabulation, and a confabulated piece takes no second partner, a shield "
                 "(the zednick merged with the teleporters) included"}},
       "archer_and_zednick",
       "\"ANY other piece\" names its only exceptions (the hyena, yanzee and existentialist; FAQ 1 adds promoted pieces to "
       "\"ANY\"), and the text bans a second partner only where it says so, for the archer/zednick pair and for the "
       "zednick joining an archer already confabulated, bans that a general rule would make redundant."},
      {kArcherJoinsShield,
       "May the archer join a shield (the zednick merged with one or two teleporters), a piece standing on two or three "
       "squares, and if it may, from where does it shoot?",
       "Existentialist Chess: \"The archer may confabulate with ANY other piece in the game with the exception of the hyena, "
       "yanzee or existentialist\" (\"the only exceptions\"), \"moving one square in any direction into a square occupied by "
       "a friendly piece\"; yet the shield stands on two or three squares, FAQ 9 says \"Shields cannot capture anything\", "
       "and no sentence says from which square an archer in a shield fires \"up to two squares in any direction\". Asked "
       "only under existentialist.confabulate_once=archer_and_zednick: the shield already carries the zednick.",
       {{"entered_square", "yes: the archer steps into one square of the shield and stays on it, moving with that square "
                           "when the shield moves, and fires from it; the shield's other squares stop its arrows along "
                           "the shield's line (\"Archers (of both colors) cannot shoot over the shield\"); as a shield the "
                           "piece is neither captured nor shot and hyenas and dazzlers have no effect on it, so no hyena "
                           "limits its arrows; a blast that destroys the archer's square kills the archer with it"},
        {"any_square", "yes, and the shield, the piece that \"may also utilize the archer's powers\", fires from any of "
                       "its squares, up to two squares from that square: otherwise as entered_square (the archer stays "
                       "on the square it entered, and the shield's other squares stop arrows along its line)"},
        {"never", "no: the archer joins no shield, a piece of two or three squares that \"cannot capture anything\", in "
                  "which the text gives the archer no square to shoot from"}},
       "entered_square",
       "\"ANY other piece\" names its only exceptions, in a sentence that follows the zednick's four partners, the "
       "teleporter's shield among them; FAQ 1 counts a piece made during the game among \"ANY\", and FAQ 9 counts the "
       "shield among the pieces (\"Shields can be 'pinned' like other pieces\"). The archer enters one square and \"does "
       "not move when it fires an arrow\", so it fires from where it stands; any_square takes the shield's other squares "
       "as the piece's too, which no sentence says of an arrow. An arrow kills, it does not capture (the yanzee "
       "\"may never capture nor be captured. It may be killed by an enemy archer\"), so \"Shields cannot capture "
       "anything\" does not bar it."},
      {kBobberArrowTurn,
       "Does a turn on which a bobber carrying the archer fires count as one of the bobber's moves?",
       "Existentialist Chess: the bobber's range grows with \"each successive move\"; \"The archer piece does not move when it "
       "fires an arrow.\"",
       {{"not_a_move", "no: the bobber has not moved"},
        {"counts", "yes: every turn on which the bobber piece acts grows its range"}},
       "not_a_move",
       "The text says the piece does not move when it fires."},

      // The existentialist.
      {kHibernatingJumped,
       "Which jumps does \"it may NOT be jumped\" forbid over a hibernating existentialist?",
       "Existentialist Chess: a hibernating existentialist \"may NOT be jumped\"; yet \"Knights, and schizzys and the "
       "existentialist moving as a knight or wizard, can still jump a shield\" (FAQ 9: \"may always jump over a shield\"), "
       "so the text calls a knight's move a jump over a piece.",
       {{"dazzler_only", "the dazzler's jumps: its two-square move and its cannon capture over the existentialist"},
        {"leapers_too", "also knight-like leaps (knight, wizard, the double knight move) over it; which squares a leap passes "
                        "over the text never says, and this alternative takes the box of squares between start and end "
                        "(another rule, such as the squares orthogonally next to the start, would be as plausible)"}},
       "dazzler_only",
       "The sentence lists effects on the piece (\"may NOT move ... be captured ... be jumped ... be killed by an arrow. It "
       "is totally impervious to the effects of all other pieces\"), and only the dazzler's jump has an effect on what it "
       "jumps; a leap over it would need a path the text never gives a knight's move."},
      {kStage5Check,
       "Does the existentialist give check when its next move is the double knight move?",
       "Existentialist Chess: \"The player may NOT use this double-knight move to 'capture' the enemy king!!\"",
       {{"no_check", "no: a move that may not take the king does not threaten it"},
        {"checks", "yes: its attack on the king's square is check; the sentence only forbids ending the game by taking the king"}},
       "no_check",
       "Check is a threat to take the king, and this move may not take it."},
      {kStage5Return,
       "May the double knight move end on the square it started from?",
       "Existentialist Chess: \"The first MUST be non-capturing, the second may be capturing or non-capturing. These moves may be "
       "in any direction.\"",
       {{"allowed", "yes: the second knight move may return to the empty start square"},
        {"forbidden", "no: the existentialist must end on another square"}},
       "allowed",
       "The text restricts only the first move and lets both go in any direction."},
      {kOwnKingInBlast,
       "May a player make the 20th existentialist move when the blast would kill his own king?",
       "Existentialist Chess: \"a player who's king is killed in this manner immediately loses the game, unless BOTH kings are "
       "simultaneously killed\"; \"it is illegal for either player to create a situation where there own king can be subject to "
       "capture\".",
       {{"loses", "yes: the move is legal; his king dies and he loses, or draws if both kings die"},
        {"illegal", "no: the move is illegal, as any move that leaves his own king exposed"}},
       "loses",
       "The sentence about the blast states the loss and the draw, which an illegal move could never reach."},
      {kBlastCheck,
       "Is a king in check when the enemy existentialist's 20th move could kill it in the blast?",
       "Existentialist Chess: \"A king can be killed (checkmated) by either the attack of an enemy archer, or the explosion of an "
       "enemy existentialist piece\"; \"a player who's king is killed in this manner immediately loses\".",
       {{"not_check", "no: only the existentialist's move powers threaten; the blast kills and decides the game"},
        {"check", "yes: a king the blast could reach after any 20th move is in check and must be kept out of reach"}},
       "not_check",
       "The text describes kings killed in the blast and the game ending then, which could not happen if a king in reach of "
       "the blast were in check."},
      {kBlastPastImmune,
       "When the first piece in a direction cannot be killed (a hibernating existentialist), does the blast stop there?",
       "Existentialist Chess: \"killing the first piece of either color in each direction\"; a hibernating existentialist \"is "
       "also invulnerable from the blast\". The arrow's twin question is decided: it \"cannot ... hit other enemy pieces "
       "behind its first immediate target\" (existentialist.archer.first_piece_in_line); no sentence says so of the blast, "
       "whose \"the first piece\" may be the first piece it can kill.",
       {{"stops", "yes: the first piece takes the blast and survives"},
        {"passes", "no: the blast goes on to the next piece in that direction"}},
       "stops",
       "The blast kills \"the first piece\"; the immune piece is that piece."},
      {kBlastShield,
       "When the blast reaches one square of a shield, is the whole shield destroyed?",
       "Existentialist Chess: \"A shield can, however, be destroyed by the explosion\".",
       {{"whole_shield", "the whole shield is destroyed"},
        {"one_square", "only the square of the shield the blast reaches is removed; the rest stays where it stands, "
                       "still the one shield (one square, or two in a line, at the ends of a line or of an L), and "
                       "moves as a shield does: a rank forwards or backwards or up to two files sideways (it is no "
                       "longer a \"3-square long shield\"), through empty squares"}},
       "whole_shield",
       "The text speaks of the shield as one piece that is destroyed."},
      {kAfterExplosion,
       "What becomes of the existentialist itself when it explodes?",
       "Existentialist Chess: \"it does not go into hybernation but instead it EXPLODES\".",
       {{"destroyed", "it is removed from the board"},
        {"remains", "it stays on its square and starts its cycle again"}},
       "destroyed",
       "A piece that explodes is gone; the text gives it no 21st move."},

      // Shield.
      {kThreeShieldShape,
       "May a Z-T-T or T-T-Z formation be bent (the second teleporter next to the first but not in line)?",
       "Existentialist Chess: \"the zednick is next to one teleporter and the other teleporter is next to it, so that they form a "
       "three piece formation like T-Z-T or Z-T-T or T-T-Z\".",
       {{"straight", "the three squares must lie in one rank or one file"},
        {"bent_allowed", "the second teleporter may stand next to the first in the other direction, making an L"}},
       "straight",
       "\"Shield pieces must be constucted so that they face either horizontally or vertically\", and the examples are in line."},
      {kBentShieldMoves,
       "How far sideways may a bent three-square shield (an L shape, where one is allowed) move?",
       "Existentialist Chess: the T-Z-T, Z-T-T or T-T-Z formation makes \"a 3-square long shield\"; \"A 3-square long "
       "shield can be moved up to 3 squares laterally or one rank forwards or backwards\"; \"The shield may move, one rank "
       "forwards or backwards, or up to two files to the left or right.\"",
       {{"as_three_square", "as the shield the sentence makes, \"a 3-square long shield\": up to three files sideways, or "
                            "a rank forwards or backwards, through empty squares"},
        {"as_two_square", "an L is two squares long either way, not \"3-square long\": it moves by the rule for shields, "
                          "up to two files sideways, or a rank forwards or backwards, through empty squares"}},
       "as_three_square",
       "The sentence that builds the three-square formation (an L included, under bent_allowed) names what it makes \"a "
       "3-square long shield\", and the next sentence gives that shield its moves."},
      {kPromotedAdventuristZednick,
       "What becomes of the zednick when its adventurist promotes to a queen, rook, bishop or knight?",
       "Existentialist Chess: \"If an ADVENTURIST pawn reaches the last rank it still promotes, to either a queen, rook, "
       "bishop or knight.\" The zednick merged into it is not mentioned.",
       {{"leaves", "the zednick leaves the board with the pawn it had joined; the new piece stands alone"},
        {"stays", "the zednick stays merged into the new piece, adding nothing to its moves and taking no other partner"}},
       "leaves",
       "The zednick may confabulate only with a pawn, bobber, teleporter or archer, so a queen, rook, bishop or knight is no "
       "partner for it."},
  };
  return table;
}

}  // namespace arbiter::existentialist
