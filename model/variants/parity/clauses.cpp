#include "model/variants/parity/clauses.h"

#include "model/variants/simultaneous/simultaneous.h"

namespace arbiter::parity {

namespace {

// The clauses both games share.
ClauseTable shared_clauses() {
  return {
      {clause::kStandardRules, "Parity Chess: \"Pieces move as in the standard chess\"; capture, castling, en passant and promotion are \"same as in chess\"."},
      {clause::kSimultaneous, "Parity Chess rule 1: players write their moves down and commit; then \"they move their respective pieces independently\"."},
      {clause::kOnePiece, "Parity Chess: \"A player can move only one piece per move and the null move is not allowed.\""},
      {clause::kJustMoved, "Parity Chess rule 2: \"A piece that has been just moved to a square should remain in that square in the next move.\""},
      {clause::kKingSafety, "Parity Chess: \"the king should not be moved to a square that is currently under attack by a stationary piece\"; nor may a move discover a check on the own king."},
      {clause::kNoMoveLoses, "Parity Chess rule 2: \"A player would lose the game if he does not have a move without violating this rule.\""},
      {clause::kNoFriendly, "Parity Chess rule 4: \"Two friendly pieces are not allowed to occupy the same square.\""},
      {clause::kStalemateAsMate, "Parity Chess rule 6 (Single Occupation rule 5): \"Stalemate is treated at par with checkmate.\""},
      {clause::kBothMatedDraw, "Parity Chess rule 6 (Single Occupation rule 5): \"If both the players got checkmated or stalemated simultaneously, the game is declared drawn.\"; "
                               "rule 2, of a player without a move: \"If it happens to both the players the game is declared drawn.\""},
      {clause::kEnPassantNext, "Parity Chess rule 7 (Single Occupation rule 6): en passant \"can happen in the next move\", not when the pawns \"are moved simultaneously\"."},
      {clause::kDelayedCheck, "Parity Chess: \"Delayed check, where a piece that has just moved attacks the opponent's king\"; \"Delayed check is not a check.\""},
      {clause::kImmediateCheck, "Parity Chess: \"Immediate check needs to be answered by moving the king immediately out of that square as "
                                "otherwise the king will be captured\"; \"blocking the king in the next move is of no help\"."},
      {clause::kFailedCheck, "Parity Chess: \"An attempted check can turn out to be failed check\" when the king moved or a piece was placed in the line."},
      {clause::kKingShelter, "Parity Chess: a king sharing a square \"gets protection against checks\"; \"Check will not apply to it\"."},
      {clause::kFailedCapture, "Parity Chess: if the target was moved \"to another square in the same move, then the capture would not happen\" (failed capture)."},
      {clause::kCaptureSucceeds, "Parity Chess: a capture is successful \"if the opponent has not simultaneously moved that piece\"."},
      {clause::kMovesCross, "Parity Chess: \"Simultaneous moves of the opponents are valid even if the moves cross each other or overlap each other.\""},
      {clause::kRepetition, "Parity Chess: \"draw by 3-fold repetition\" is \"same as in chess\" (a draw the third time a "
                            "position occurs, under every alternative of parity.draw_claims: the text names the number)."},
  };
}

}  // namespace

const ClauseTable& clauses() {
  static const ClauseTable table = [] {
    ClauseTable t = shared_clauses();
    t.push_back({clause::kCoOccupation, "Parity Chess rule 3: pieces placed \"simultaneously on the same square\": \"the two enemy pieces are allowed to occupy the same square\"."});
    t.push_back({clause::kSharedPawnsForward, "Parity Chess: pawns sharing a square \"are allowed to move forward from there after one move\"."});
    t.push_back({clause::kSharedUncapturable, "Parity Chess rule 5: they \"can remain there as long as players want it. A piece placed there cannot be captured\"."});
    return t;
  }();
  return table;
}

const ClauseTable& single_clauses() {
  static const ClauseTable table = [] {
    ClauseTable t = shared_clauses();
    for (Clause& c : t)
      if (c.id == clause::kKingSafety)
        c.quote = "Parity Chess with Single Occupation rule 3: a player loses \"if ... the king cannot be moved anywhere "
                  "without getting into check or when the move of his piece results in discovered check to his king\": "
                  "a king is not moved into check (a check by a stationary piece), nor exposed by another piece's move.";
    t.push_back({clause::kMustVacate, "Parity Chess with Single Occupation rule 3: \"the two enemy pieces will have to be moved out of that square immediately\"."});
    t.push_back({clause::kVacateExempt, "Parity Chess with Single Occupation rule 2: \"Only exemption to this rule is when the enemy pieces occupy the same square\"."});
    t.push_back({clause::kVacateNoCapture, "Parity Chess with Single Occupation rule 3: \"The pieces moved out of that square are not allowed to capture an enemy piece in that move.\""});
    t.push_back({clause::kVacateBack, "Parity Chess with Single Occupation rule 3: \"The destination square ... can even be the square it was previously placed.\""});
    t.push_back({clause::kCannotVacateLoses, "Parity Chess with Single Occupation rule 3: a player who cannot move the piece out \"loses the game\"."});
    return t;
  }();
  return table;
}

const ReadingTable& readings() {
  static const ReadingTable table = {
      {reading::kKingIntoAttack,
       "May a king be moved to a square that a stationary enemy piece attacks, or is that only unwise?",
       "Parity Chess: \"As in chess, the king should not be moved to a square that is currently under attack by a stationary piece "
       "belonging to the opponent. This is because that piece can capture the king in the next move.\" In the sample game, "
       "56...Kc6 does so (the rook on e6 attacks c6).",
       {{"forbidden", "such a king move may not be submitted, as in chess"},
        {"allowed", "the king may go there; if the attacker then takes it, the king is captured and its player loses "
                    "(but not onto the enemy king or next to one free to move: \"Two enemy kings shall not land on the "
                    "same square\")"}},
       "forbidden",
       "\"As in chess\": chess forbids it. The sample game's 56...Kc6 is reported as an example mismatch. Against it: the "
       "text states the result of a king that leaves a shared square for a square its sharer attacks, \"the player "
       "loses\", which only allowed gives (scenario parity.king_into_attack.leaving_the_sharer.allowed)."},
      {reading::kStalemate,
       "Stalemate as a loss (the text's rule) or, by the players' consent, a draw?",
       "Parity Chess rule 6 (Single Occupation rule 5): \"Stalemate is treated at par with checkmate. This rule however can be "
       "modified based on consensus.\"",
       {{"loss", "a player with no move who is not in immediate check loses, as if checkmated"},
        {"draw", "stalemate is a draw, as in standard chess (the modification the rule allows)"}},
       "loss",
       "Rule 6 states the loss; the draw is the modification it offers (\"can be modified based on consensus\"): an option "
       "of the text, not a question it leaves open.",
       /*option=*/true},
      {reading::kEnPassantShared,
       "May a pawn that shares its square with an enemy piece be captured en passant?",
       "Parity Chess rule 5: \"A piece placed there cannot be captured by the opponent as that would result in two friendly pieces "
       "occupying the same square after capture\"; rule 7: \"En passant is allowed\".",
       {{"forbidden", "no: a piece on a shared square cannot be captured"},
        {"allowed", "yes: the capturing pawn lands on the empty square passed over, so the reason rule 5 gives does not apply"}},
       "forbidden",
       "Rule 5 states the protection without exception; its reason is an explanation, not a condition."},
      {reading::kCastleAttacks,
       "Castling: which attacks on the king's squares forbid it: every enemy attack, or only those of pieces free to move?",
       "Parity Chess: the \"Castling:\" heading has no body; castling is \"same as in chess\", and a king \"can however move to a "
       "square that comes into attack from a enemy piece moved last\".",
       {{"stationary", "only attacks by enemy pieces that did not just move, as for any king move"},
        {"any_attack", "every enemy attack, as in standard chess"}},
       "stationary",
       "The text lets a king step onto a square attacked only by the piece moved last; castling is a king move."},
      {reading::kDrawClaims, simultaneous::kDrawClaimsQuestion,
       "Parity Chess: \"Almost all the rules of the standard chess apply\"; the \"Checkmate, stalemate and draw:\" "
       "heading has no body, and among the draws only \"draw by 3-fold repetition\" is named, \"same as in chess\" "
       "(where the third occurrence lets a player claim and the fifth ends the game).",
       simultaneous::draw_claims_alternatives(), simultaneous::kDrawClaimsDefault,
       "As orthodox.draw_claims: the model has no players to claim, and a reference arbiter reports the first point at "
       "which the game can end. The draw by repetition is the text's own, at the third occurrence (\"3-fold\") under "
       "every alternative; the alternatives differ in the fifty moves (fifty, seventy-five, none)."},
      {reading::kRefusedMove,
       "A player submits a move the readings in force do not allow (a king moved into a stationary piece's attack, "
       "castling across a square only the piece moved last attacks, ...): what does it cost him?",
       "Parity Chess: \"As in chess, the king should not be moved to a square that is currently under attack by a "
       "stationary piece\" names no consequence; of two kings landing on one square the text says \"Player may lose "
       "the game\".",
       {{"rewrite", "the turn is not played: both players submit again, as an illegal move is taken back in chess"},
        {"pass", "the move is void: his pieces stand, and the opponent's move is played alone"},
        {"loss", "he loses the game"}},
       "rewrite",
       "\"the null move is not allowed\" and \"Almost all the rules of the standard chess apply\": a void move would "
       "leave the player's pieces standing for the turn, a null move, where chess takes an illegal move back and has "
       "another made; the text names a loss only as a possibility (\"may lose\") and only for two kings landing "
       "together."},
  };
  return table;
}

// Single Occupation: the same points but two. parity.en_passant_shared
// cannot arise there: en passant is taken "in the next move", when the
// capturing player must move his own piece out of the shared square (rule 3)
// and may not capture with it. parity.king_into_attack its rule 3 decides: a
// player loses "if the piece to be moved happens to be his king and the king
// cannot be moved anywhere without getting into check", which a king free to
// move into check never is (parity.submit.king_safety).
const ReadingTable& single_readings() {
  static const ReadingTable table = [] {
    ReadingTable t = readings();
    std::erase_if(t, [](const ReadingPoint& r) {
      return r.id == reading::kEnPassantShared || r.id == reading::kKingIntoAttack;
    });
    return t;
  }();
  return table;
}

}  // namespace arbiter::parity
