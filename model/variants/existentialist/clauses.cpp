// The clauses of Existentialist Chess: one per rule sentence of the text, its
// additional notes and its FAQ, each with a short quote. Where a sentence
// leaves a question open, its reading point is in readings.cpp.
#include "model/variants/existentialist/clauses.h"

namespace arbiter::existentialist {

const ClauseTable& clauses() {
  using namespace clause;
  static const ClauseTable table = {
      // The board, the start position, the object.
      {kSetup, "Existentialist Chess: the diagram sets 30 pieces a side on a 10x10 board (files a..j); \"W\" marks a white piece, \"B\" a black one; pawns start on ranks 3 and 8."},
      {kCheckmate, "Existentialist Chess: \"The object of the game is to checkmate the enemy king.\""},
      {kKingKilled, "Existentialist Chess: a king \"can be killed (checkmated)\" by an enemy archer or an explosion; \"a player who's king is killed in this manner immediately loses the game\"."},
      {kBothKingsKilled, "Existentialist Chess: \"unless BOTH kings are simultaneously killed in this manner, in which case the game immediately ends in a draw\"."},
      {kStalemateDraw, "Existentialist Chess FAQ 8: a player whose shield cannot move either, having no legal move, is stalemated: \"If it can't make a legal move, yes he is.\" The text states no result of its own; it takes the result with chess's word, which in chess names a drawn end (a player to move with no legal move and not in check; FIDE Laws, article 5.2.1), and only checkmate or a killed king meets \"The object of the game\"."},
      {kShieldAvoidsStalemate, "Existentialist Chess FAQ 8: a player whose only legal moves are shield moves is not stalemated; \"If it can't make a legal move, yes he is.\""},

      // Legality and check.
      {kNoSelfExposure, "Existentialist Chess: \"it is illegal for either player to create a situation where there own king can be subject to capture on the opponent's next move\", unless it is a king/archer."},
      {kBlastDiscovery, "Existentialist Chess: an explosion that leaves the player's own king in check by \"new discovered attack\" is illegal (\"common sense tells us that this is illegal\")."},
      {kSpelledNoCheck, "Existentialist Chess: \"a piece which has been dazzled or immobilized cannot move, so therefore neither can it give check or checkmate\"."},
      {kKingBreaksSpell, "Existentialist Chess: \"A king which is placed in check by any enemy piece is unaffected by the spell of a dazzler or hyena and may move to save itself.\""},
      {kKingSpellBinds, "Existentialist Chess: \"If the king is not otherwise in check or threatened, it can be dazzled or immobilized and thus be prohibited from moving.\""},
      {kFrozenNoCheckAnswer, "Existentialist Chess: \"immobilized pieces may not move in order to remove checks on their own king\"."},
      {kSpelledCapturable, "Existentialist Chess: \"enemy pieces which are dazzled and immobilized may of course be captured.\""},

      // King and castling.
      {kKingMoves, "Existentialist Chess: KING \"Like an orthodox chess king, one square in any direction.\""},
      {kKingAttacksLikeOrthodox, "Existentialist Chess: KING \"Like an orthodox chess king\"; but for the king/archer, \"the king may ignore the standard rules of check\" only \"as long as the archer is not on its forced rest turn\", so a bare king keeps them: a king attacks every square next to it, the enemy king's included, though no king is ever taken; a bare king never steps next to the enemy king, and a king next to the enemy king checks it."},
      {kCastleWithSquire, "Existentialist Chess: \"The king may castle with either squire in a manner which would resemble castling in orthodox chess\"."},
      {kCastleProhibitions, "Existentialist Chess: \"the standard prohibitions against castling apply\"."},
      {kCastleSpellBefore, "Existentialist Chess: castling may leave king or squire immobilized by a hyena \"as long as neither piece was immobilized before the move\"; FAQ 7: no castling with an immobilized squire."},
      {kCastleHyenaNoControl, "Existentialist Chess: \"a hyena does not control squares in the traditional sense\", so it does not stop castling."},

      // Bobber, squire, viceroy, pawn, crowned knight.
      {kMoveAndCapture, "Existentialist Chess: \"The pieces used in this game move and capture in the following manner\": a move captures unless a sentence says it may not (the yanzee \"may never capture\"), so the squire's and viceroy's added steps capture."},
      {kBobberGrows, "Existentialist Chess: BOBBER: on its first move one square in any direction, on its second up to two, \"and so on\", one more each move."},
      {kBobberQueen, "Existentialist Chess: from its ninth move the bobber \"is essentially an orthodox chess queen\"."},
      {kSquireMoves, "Existentialist Chess: SQUIRE \"Like an orthodox chess rook but may also move one square diagonally in any direction.\""},
      {kViceroyMoves, "Existentialist Chess: VICEROY \"Like an orthodox chess bishop but may also move one square horizontally or vertically\"."},
      {kPawnMoves, "Existentialist Chess: PAWN \"Moves one square forwards, or captures one square diagonally forwards.\""},
      {kPawnDoubleStep, "Existentialist Chess: \"On its initial move of the game may move two squares forwards.\""},
      {kPawnPromotion, "Existentialist Chess: \"Upon reaching the last rank it may promote to a queen, rook, bishop or knight.\""},
      {kPawnEnPassant, "Existentialist Chess: \"Pawns may capture each other en passant.\""},
      {kCrownedKnightMoves, "Existentialist Chess: CROWNED KNIGHT \"Moves as an orthodox chess knight or king.\""},

      // Dazzler.
      {kDazzlerMoves, "Existentialist Chess: \"A DAZZLER moves one or two squares in any direction (either in a capturing or non-capturing way)\"."},
      {kDazzlerJumps, "Existentialist Chess: the dazzler \"may also jump pieces of either color when it moves two squares\"."},
      {kDazzlerFriendInvulnerable, "Existentialist Chess: a jumped friendly piece \"is invulnerable to capture on the opponent's next move\"."},
      {kDazzlerEnemyDazzled, "Existentialist Chess: a jumped enemy piece \"may not move on the opponent's next turn\"."},
      {kDazzlerCannon, "Existentialist Chess: \"a dazzler may capture like a CANNON\": in a straight line, \"jumping one piece of either color between it and the enemy piece\"."},
      {kDazzlerCannonOrthogonal, "Existentialist Chess FAQ 10: the cannon-like jump \"cannot be done diagonally. It can only be done either horizontally or vertically.\" (the two-square move still goes \"in any direction\")."},
      {kDazzlerCannonSpells, "Existentialist Chess: the piece jumped in a cannon capture is affected the same way: invulnerability for friendly pieces, immobility for enemy pieces."},
      {kInvulnerableLimits, "Existentialist Chess: a dazzler's invulnerability \"cannot protect it from the archer's arrows or the blast\" of an enemy explosion (the hyena excepted)."},
      {kInvulnerableStillSpelled, "Existentialist Chess: pieces made invulnerable \"are still subject to themselves being dazzled by an enemy dazzler or immobilized by an enemy hyena\"."},
      {kDazzlerDazzlesDazzler, "Existentialist Chess: \"a dazzler may dazzle an enemy dazzler\"."},
      {kDazzlerFriendlyShield, "Existentialist Chess: a dazzler may jump a friendly shield, in a two-square move or as the screen of its cannon capture (\"only the shield between\")."},
      {kDazzlerNoEnemyShield, "Existentialist Chess: \"A dazzler may not jump over an enemy shield.\""},
      {kDazzlerShieldNoSpell, "Existentialist Chess: \"A dazzler jumping the shield has no immunity or immobility effect.\""},

      // Hyena and wildcat.
      {kHyenaMoves, "Existentialist Chess: HYENA \"moves up to three squares in any direction\"."},
      {kHyenaNoCapture, "Existentialist Chess: the hyena \"can never capture anything\"."},
      {kHyenaUncapturable, "Existentialist Chess: the hyena can never \"ever be captured\"."},
      {kHyenaFreezes, "Existentialist Chess: \"Enemy pieces which are 1 square away from a hyena in any direction are immobilized and cannot move.\""},
      {kHyenaEnemyOnly, "Existentialist Chess: \"Hyenas only immobilize enemy pieces, not friendly pieces.\" FAQ 5: two hyenas trapping each other \"prevent all enemy pieces one square away ... from each particular hyena from moving\"."},
      {kHyenaMutualTrap, "Existentialist Chess: \"two hyena's can trap each other\"."},
      {kHyenaDazzlerImmune, "Existentialist Chess: \"The dazzler is the only piece which is totally immune from the effects of a hyena\", moving next to it or the hyena moving next to it."},
      {kHyenaMustMove, "Existentialist Chess: a hyena jumped by an enemy dazzler \"MUST move away on the player's next turn, unless the hyena has no legal move because the player is in check\"."},
      {kHyenaMustInterpose, "Existentialist Chess: \"if the hyena can interpose check it must move and do so.\""},
      {kHyenaPinnedException, "Existentialist Chess: \"The hyena must move, unless doing so would result in the player exposing his own king to check\"; with the in-check exception these are the only ways a jumped hyena can lack a legal move, and either lifts the obligation."},
      {kHyenaDazzlePrecedence, "Existentialist Chess: when two hyenas trap each other and one is jumped by a dazzler, \"the dazzler's influence takes precedence\"."},
      {kHyenaSpellFollows, "Existentialist Chess: when the hyena moves away its spell on enemy pieces is removed, and it immobilizes the pieces next to its new square."},
      {kHyenaKillable, "Existentialist Chess: the hyena \"can be killed outright by an enemy archer's arrow, or the blast\" of an enemy existentialist."},
      {kHyenaBecomesWildcat, "Existentialist Chess: a hyena jumped by a friendly dazzler and then shot or caught in the blast on the opponent's next move \"is not destroyed, but rather transformed into a WILDCAT\"."},
      {kHyenaFriendJumpNoEffect, "Existentialist Chess: \"Normally a dazzler jumping over a friendly hyena has no effect\"."},
      {kHyenaTrapBreaks, "Existentialist Chess FAQ 5: two trapped hyenas are freed by a dazzler jumping one, an arrow, or the blast; the surviving hyena keeps its spell."},
      {kWildcatMoves, "Existentialist Chess: \"A WILDCAT is a piece that can move and capture up to three squares at a time.\""},
      {kWildcatOrdinary, "Existentialist Chess: the wildcat \"has lost its immunity, and no longer immobilizes other pieces\"; it may confabulate with the archer."},

      // Archer.
      {kArcherConfabulates, "Existentialist Chess: the archer \"must first CONFABULATE itself with a friendly piece\" by \"moving one square in any direction into a square occupied by\" it."},
      {kArcherPartnerExceptions, "Existentialist Chess: \"the archer may not confabulate with the hyena, yanzee or existentialist\"."},
      {kArcherMoveOrFire, "Existentialist Chess: the confabulated piece may make its regular move or \"utilize the archer's powers instead\"."},
      {kArcherRangeTwo, "Existentialist Chess: \"The archer may fire an arrow into an enemy piece up to two squares in any direction\"."},
      {kArcherArrowKills, "Existentialist Chess: the arrow kills the piece, \"having it removed from the board as if it were captured\"."},
      {kArcherStays, "Existentialist Chess: \"The archer piece does not move when it fires an arrow.\""},
      {kArcherFirstInLine, "Existentialist Chess: \"The archer always kills only the first piece within a direct line of sight. It cannot fire over friendly pieces\"."},
      {kArcherStraightLines, "Existentialist Chess: \"The archer always fires its arrows in a straight line, either horizontally, vertically or diagonally.\""},
      {kArcherFiresDazzled, "Existentialist Chess: \"An archer piece which is dazzled may still fire arrows.\""},
      {kArcherThreeTurns, "Existentialist Chess: \"An archer may not fire arrows on more than 3 consecutive turns.\""},
      {kArcherRest, "Existentialist Chess: \"Any time a player makes a move without the archer firing an arrow, it counts as a rest move\"."},
      {kArcherSchizzySide, "Existentialist Chess: an archer confabulated with a schizzy fires \"only ... when the Schizzy is on the side of the board where it moves like a knight or wizard\"."},
      {kArcherSchizzyRest, "Existentialist Chess: \"Moving the Schizzy as a queen, however, still counts as a rest move for the archer\"."},
      {kArcherTeleportDizzy, "Existentialist Chess: \"the archer may not fire an arrow on the move immediately after the teleporter has just teleported\"; that turn is its rest."},
      {kArcherHyenaRestricts, "Existentialist Chess: an archer piece immobilized by a hyena \"may not fire arrows EXCEPT to fire one square at the hyena which menaces it\"."},
      {kArcherHyenaNoMove, "Existentialist Chess: \"any time a hyena is one square away from an enemy archer piece, that archer piece cannot make a non-firing move.\""},
      {kArcherUnconfabulated, "Existentialist Chess: unconfabulated archers \"may only move one square in any direction in a non-capturing manner\" (FAQ 12)."},
      {kArcherPromotedPartner, "Existentialist Chess FAQ 1: the archer may confabulate with a queen that came from a promotion: \"Yes\"."},

      // The king confabulated with the archer.
      {kKingArcher, "Existentialist Chess: \"The king may confabulate itself with an archer.\""},
      {kKingArcherIgnoresCheck, "Existentialist Chess: the king/archer \"may thus move into check or otherwise ignore check\"; \"Basically what this means is that as long as the archer is not on its forced rest turn, the king may ignore the standard rules of check\"."},
      {kKingArcherIntruder, "Existentialist Chess: \"The enemy piece may then move into the same square as the player's king, thus capturing the archer.\""},
      {kKingArcherSharedSquare, "Existentialist Chess: \"For the time being, the square is occupied by two pieces, both the king and the enemy piece.\""},
      {kKingArcherAnswer, "Existentialist Chess: the king then captures the intruder or moves out of check; \"If it cannot get out of check then the king is checkmated\"."},
      {kKingArcherArrow, "Existentialist Chess: an enemy arrow at a king/archer kills the archer first; the king \"is still considered to be in check and must escape on its next move\"."},
      {kKingArcherBlast, "Existentialist Chess: the blast upon a King/Archer piece \"kills only the archer, leaving the king bare\"."},
      {kKingArcherTwoMoves, "Existentialist Chess: \"A King/Archer piece will always take at least two moves to checkmate\"."},
      {kKingArcherRestTurn, "Existentialist Chess: except \"if the king is checkmated on the turn in which the archer must rest to reload\": \"A king cannot be protected by an impotent archer!\""},
      {kKingArcherFiresInCheck, "Existentialist Chess: \"The king/archer may fire arrows when it is in check.\""},
      {kKingArcherCastles, "Existentialist Chess: a KING/ARCHER may castle \"if the king has not moved\", even if the archer has fired."},

      // Confabulation in general.
      {kConfabEndsTurn, "Existentialist Chess: \"the act of confabulating an archer or zednick completes a player's turn.\""},
      {kConfabMoverEnters, "Existentialist Chess: \"Confabulation is achieved when the archer or zednick move into the square containing the piece\"; no piece moves into their square."},
      {kConfabEitherEnters, "Existentialist Chess: \"To confabulate an archer/zednick piece, either piece may move into the other's square.\" (the zednick's way 3 describes one of the two)."},
      {kConfabPermanent, "Existentialist Chess: \"Confabuated pieces cannot un-confabulate themselves normally.\""},
      {kConfabArrowKillsBoth, "Existentialist Chess: a confabulated piece killed by an arrow: \"both the original piece and the merged piece are both killed\" (except the king/archer)."},
      {kConfabNoSelfCheck, "Existentialist Chess FAQ 12: \"A player may not confabulate a piece if the resulting position would leave his own king in check\", unless king/archer."},

      // Zednick.
      {kZednickMustConfabulate, "Existentialist Chess: \"The ZEDNICK in order to be used must first confabulate itself with a friendly piece\", in one of four ways."},
      {kZednickPartners, "Existentialist Chess: \"the ZEDNICK may only confabulate with a pawn, bobber, teleporter or archer.\""},
      {kZednickPawn, "Existentialist Chess: a zednick moving one square into a friendly pawn's square makes it \"an ADVENTURIST\"."},
      {kZednickBobber, "Existentialist Chess: a zednick entering the bobber's square \"accelerate's the BOBBER's growth by three ply\" (a BOBBER-1 becomes a BOBBER-4)."},
      {kZednickArcher, "Existentialist Chess: the zednick \"confabulates with a previously UNCONFABULATED archer\" by moving into its square; \"it may only confabulate with an unconfabulated archer\", so it joins no piece carrying the archer."},
      {kArcherZednickPiece, "Existentialist Chess: the ARCHER/ZEDNICK piece \"moves one square in any direction in a CAPTURING or NON-CAPTURING manner\" and fires \"up to THREE squares\"."},
      {kArcherZednickRestCapture, "Existentialist Chess: \"even when the archer/zednick piece is on its rest move, it still has the ability to capture an enemy piece one square away\"."},
      {kArcherZednickFinal, "Existentialist Chess: \"the archer/zednick piece may not confabulate with any other pieces.\""},
      {kArcherZednickHyena, "Existentialist Chess: an ARCHER/ZEDNICK immobilized by a hyena has its range \"cut back ... to two squares. It may attack any piece in that two square radius.\""},
      {kZednickTeleporter, "Existentialist Chess: a zednick \"confabulates with a teleporter to create a two-square long shield\"."},
      {kZednickUnconfabulated, "Existentialist Chess: unconfabulated zednicks \"may move one square in any direction to make a non-capturing move\" only."},

      // Adventurist.
      {kAdventuristMoves, "Existentialist Chess: an ADVENTURIST \"moves like an OMEGACHESS PAWN or KING\"."},
      {kAdventuristMultiStep, "Existentialist Chess: \"It will still retain the ability to make its next move two or three squares forwards\" after king moves, until it has made one or \"has moved into the player's 4th rank or beyond\" (FAQ 6: \"has never moved beyond the player's own third rank\")."},
      {kAdventuristBackRank, "Existentialist Chess: \"An ADVENTURIST pawn moving as a king may move back to the player's own first rank.\""},
      {kAdventuristKingAfter, "Existentialist Chess: after a two- or three-square move \"it will move for the rest of the game essentially like a king\"."},
      {kAdventuristEnPassantVictim, "Existentialist Chess: after a two- or three-square move \"It may still be captured en passant\"."},
      {kAdventuristEnPassant, "Existentialist Chess: \"An ADVENTURIST pawn may capture any enemy pawn en passant* if possible, even an opposing ADVENTURIST pawn.\""},
      {kAdventuristOmegaEnPassant, "Existentialist Chess: en passant \"in the manner consistent with how pawns capture each other in Omegachess\" (three cases)."},
      {kAdventuristPromotes, "Existentialist Chess: \"If an ADVENTURIST pawn reaches the last rank it still promotes, to either a queen, rook, bishop or knight.\""},

      // Shield.
      {kShieldFormedInPlace, "Existentialist Chess: \"The shield is formed in the square the zednick and teleporter occupied before the merge.\""},
      {kShieldStraight, "Existentialist Chess: shields \"face either horizontally or vertically, not diagonally\"; a diagonal zednick-teleporter merge \"is an illegal move\"."},
      {kShieldThreeSquare, "Existentialist Chess: with a T-Z-T, Z-T-T or T-T-Z formation the zednick may merge with both teleporters, \"creating a 3-square long shield\"."},
      {kShieldMoves, "Existentialist Chess: \"The shield may move, one rank forwards or backwards, or up to two files to the left or right.\""},
      {kShieldThreeSquareMoves, "Existentialist Chess: \"A 3-square long shield can be moved up to 3 squares laterally or one rank forwards or backwards\"."},
      {kShieldIntoEmpty, "Existentialist Chess: the squares the shield moves into \"must be unoccupied\"."},
      {kShieldSlides, "Existentialist Chess: \"and again all squares the shield moves through when moving must be empty\": a shield moving sideways passes only empty squares, the two-square shield \"again\" as the three-square one."},
      {kShieldRankLimit, "Existentialist Chess: \"A player may never move his shield beyond his own 5th rank\"; nor create one beyond it."},
      {kShieldBlocksArrows, "Existentialist Chess: \"Archers (of both colors) cannot shoot over the shield.\""},
      {kShieldLeapersJump, "Existentialist Chess: \"Knights, and schizzys and the existentialist moving as a knight or wizard, can still jump a shield\"."},
      {kShieldNotJumped, "Existentialist Chess: \"A shield cannot be jumped by non-jumping pieces.\""},
      {kShieldUncapturable, "Existentialist Chess: \"A shield cannot be captured\"."},
      {kShieldNoCapture, "Existentialist Chess FAQ 9: \"Shields cannot capture anything.\""},
      {kShieldNoSpell, "Existentialist Chess: \"enemy dazzlers and hyenas have no effect on a shield\"."},
      {kShieldBlast, "Existentialist Chess: \"A shield can, however, be destroyed by the explosion\" of an existentialist's 20th move."},
      {kShieldEnPassant, "Existentialist Chess: a shield \"can prevent pawns from capturing each other en passant\" (notes; FAQ 9)."},
      {kShieldPinned, "Existentialist Chess FAQ 9: \"Shields can be 'pinned' like other pieces\"."},

      // Yanzee.
      {kYanzeeMoves, "Existentialist Chess: YANZEE \"moves one square in any direction\"."},
      {kYanzeeNoCapture, "Existentialist Chess: the yanzee \"may never capture\"."},
      {kYanzeeUncapturable, "Existentialist Chess: the yanzee may never \"be captured\"."},
      {kYanzeeKillable, "Existentialist Chess: \"It may be killed by an enemy archer\"; FAQ 11: or \"the explosion of an existentialist\"."},
      {kYanzeeSpells, "Existentialist Chess: the yanzee \"may be frozen by a hyena or immobilized by a dazzler\"."},
      {kYanzeePromotion, "Existentialist Chess: \"upon reaching the last rank of the board, it may be promoted to a queen, rook, bishop or knight.\""},

      // Schizzies.
      {kLeftSchizzy, "Existentialist Chess: LEFT SCHIZZY: knight or wizard from files a..e; \"QUEEN ... FROM ANY SQUARE IN FILES f, g, h, i, or j\"."},
      {kRightSchizzy, "Existentialist Chess: RIGHT SCHIZZY: knight or wizard from files f..j; \"QUEEN ... FROM ANY SQUARE IN FILES a, b, c, d, or e\"."},
      {kSchizzyStartFile, "Existentialist Chess: \"its move will always be determined by what file it starts its move on\"."},
      {kSchizzyFarQueenOnly, "Existentialist Chess: \"A LEFT SCHIZZY MAY NOT MOVE LIKE A KNIGHT OR WIZARD FROM FILES f to j!! ONLY AS A QUEEN!\" (and the mirror)."},

      // The existentialist.
      {kCycleOrder, "Existentialist Chess: \"The existentialist moves and/or captures in a different way each time for the first 10 moves\", in order."},
      {kStage1, "Existentialist Chess: existentialist move 1: \"move to any unoccupied square on the board\"."},
      {kStage2, "Existentialist Chess: existentialist move 2: \"move or capture one square in any direction\"."},
      {kStagesCapture, "Existentialist Chess: \"moves 3 to 10 below can all be made either in a capturing or non-capturing manner\"."},
      {kStage3, "Existentialist Chess: move 3: \"like a bishop or knight but it MUST move back\", \"at least one rank\"."},
      {kStage3FirstRank, "Existentialist Chess: move 3 from its own first rank: \"one square to the left or right\", \"not as a knight or bishop\"."},
      {kStage4, "Existentialist Chess: move 4: \"like a rook but only laterally (left or right) OR one square diagonally forwards\"."},
      {kStage5, "Existentialist Chess: move 5: \"TWO knight ... moves in a row. The first MUST be non-capturing\"."},
      {kStage5NoKing, "Existentialist Chess: \"The player may NOT use this double-knight move to 'capture' the enemy king!!\""},
      {kStage5KingArcher, "Existentialist Chess: the double-knight move may capture the archer of a king/archer \"only if the resulting position does not checkmate the enemy king\"."},
      {kStage6, "Existentialist Chess: move 6: \"Like a WIZARD\" (a 1-3 leap or one square diagonally)."},
      {kStage7, "Existentialist Chess: move 7: \"Like a KNIGHT or WIZARD.\""},
      {kStage8, "Existentialist Chess: move 8: \"Like a QUEEN.\""},
      {kStage9, "Existentialist Chess: move 9: \"Like an AMAZON (combines powers of QUEEN and KNIGHT).\""},
      {kStage10, "Existentialist Chess: move 10: \"Like an AMAZON or WIZARD.\""},
      {kThreatNextStage, "Existentialist Chess: \"the existentialist threatens enemy pieces ... on the basis of what its move powers will be for its next turn\"."},
      {kExistentialistSpells, "Existentialist Chess: \"the existentialist piece may (of course) be itself dazzled, immobilized or made invulnerable\"."},
      {kHibernation, "Existentialist Chess: after its 10th move \"It goes into hybernation for the next 10 moves of the game. Each side must make 10 moves before the existentialist may come out\" (the worked sequence: ten turns of both players)."},
      {kHibernationImpervious, "Existentialist Chess: in hybernation \"it may NOT move, it may NOT be captured, it may NOT be jumped, it may NOT be killed by an arrow\", nor by a blast."},
      {kWakeRestarts, "Existentialist Chess: \"When it comes out of hybernation, it reverts back to the original cycle\": its 11th move is move 1 again."},
      {kWakeVulnerable, "Existentialist Chess: on waking, the opponent moves first and has \"one opportunity to capture the existentialist\"."},
      {kExplosion, "Existentialist Chess: after its 20th move \"it EXPLODES, killing the first piece of either color in each direction\"."},

      // Teleporter.
      {kTeleport, "Existentialist Chess: TELEPORTER \"moves to any unoccupied square on the board which is of the opposite color\" when not capturing."},
      {kTeleporterCaptures, "Existentialist Chess: \"when capturing it may move one square in any direction\"."},
      {kTeleporterDazzled, "Existentialist Chess: a dazzled teleporter \"may not make a capturing one-square move but may still teleport\"."},
      {kTeleporterFrozen, "Existentialist Chess: a teleporter \"may still be immobilized by a hyena and cannot escape\"."},
  };
  return table;
}

}  // namespace arbiter::existentialist
