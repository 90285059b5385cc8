#include "model/variants/simulchess/clauses.h"

#include "model/variants/simultaneous/simultaneous.h"

namespace arbiter::simulchess {

const ClauseTable& clauses() {
  static const ClauseTable table = {
      {clause::kStandardRules, "SimulChess: \"All standard chess rules apply except for turn order.\""},
      {clause::kSimultaneous, "SimulChess: \"Both players submit their moves at the same time\"."},
      {clause::kFastSlow, "SimulChess: moves \"are resolved according to the conflict resolution rules using a fast/slow piece movement system\"."},
      {clause::kIllegalRejected, "SimulChess: \"If a move is illegal in the current position, it is rejected.\""},
      {clause::kCategories, "SimulChess: fast pieces are pawns and knights; slow pieces are rooks, bishops, queens and kings."},
      {clause::kFastNotIntercepted, "SimulChess: fast pieces \"Move instantly, cannot be intercepted\"."},
      {clause::kFastBaseAttack, "SimulChess: fast pieces' \"Capture attempts fail if base is attacked\"."},
      {clause::kFastEscape, "SimulChess: \"Non-capture moves succeed even if base is attacked\"."},
      {clause::kSlowAttackSucceeds, "SimulChess: slow pieces' \"Attack succeeds even if base destroyed\"."},
      {clause::kSlowIntercepted, "SimulChess: slow pieces \"can be blocked by any piece landing in their movement path\"; the interceptor is destroyed."},
      {clause::kKingSurvives, "SimulChess: \"Kings survive collisions with other pieces.\""},
      {clause::kKingVsKing, "SimulChess: \"King vs King collision = draw.\""},
      {clause::kOrder, "SimulChess: resolution order: base attack check, path interception, collisions, move execution."},
      {clause::kCollision, "SimulChess: \"Collision Resolution: Handle pieces targeting the same square\"."},
      {clause::kStandardCapture, "SimulChess: \"A moving piece can capture a stationary piece by moving to its square.\""},
      {clause::kChainCapture, "SimulChess: a slow piece captured while capturing is captured, and so is the piece it was targeting."},
      {clause::kCheckmateAtStart, "SimulChess: \"If a king is in checkmate at the start of the turn, that player loses immediately\"."},
      {clause::kBothMated, "SimulChess: \"If both kings are in checkmate at the start of the turn, the game is declared a draw\"."},
      {clause::kKingMayBeExposed, "SimulChess: \"Players can move into or remain in positions where their king could be captured\"."},
      {clause::kPlaysIntoCheck, "SimulChess: \"Players can move into or remain in positions where their king could be "
                                "captured\" and \"The game continues until either a checkmate condition is detected at "
                                "turn start or a king is captured\": a player not in check whose every move leaves his "
                                "king where it could be captured is not stalemated, and plays one of those moves."},
      {clause::kKingCapture, "SimulChess: \"A player also wins by capturing the opponent's king during simultaneous move resolution\"."},
      {clause::kCastleNormal, "SimulChess: \"Castling follows normal chess rules\": not out of, through or into check, as the "
                              "board stands when the moves are submitted (a king may otherwise be moved where it could be "
                              "captured; castling is the move the text gives its own rule)."},
      {clause::kCastleRejected, "SimulChess: \"If an opponent's move would prevent castling, the castling move is rejected.\""},
  };
  return table;
}

const ReadingTable& readings() {
  static const ReadingTable table = {
      {reading::kBaseAttack,
       "When is a fast piece's base \"attacked\": when the opponent's move goes to that square, or whenever an "
       "opponent's piece attacks it?",
       "SimulChess: \"If a piece attacks the starting square of a fast piece ... capture attempts are cancelled\"; "
       "example: \"Black plays Bxe4, attacking the knight's base.\"",
       {{"targeted", "the opponent's submitted move goes to the fast piece's starting square"},
        {"threatened", "any opponent's piece attacks the starting square in the position the moves were written in"}},
       "targeted",
       "The only example attacks the base with the move itself (Bxe4), and the rule sits among the resolution steps of the two submitted moves."},
      {reading::kSameSquare,
       "Two pieces other than kings land on the same empty square: what happens?",
       "SimulChess: \"Collision Resolution: Handle pieces targeting the same square\" (no rule given but for kings).",
       {{"interception", "a slow piece is intercepted at its destination by a fast piece landing there (the fast piece "
                         "is destroyed); two pieces of one category destroy each other"},
        {"both_destroyed", "both pieces are destroyed"},
        {"both_return", "both moves fail and the pieces stay on their starting squares"}},
       "interception",
       "Fast pieces \"move instantly\" and so land first; a slow piece arriving afterwards meets a piece landing in its "
       "path, which the interception rule decides. Between pieces of one category nothing orders them."},
      {reading::kKingIntercepts,
       "A king lands in a slow piece's path: is the king destroyed as interceptor, or does it survive?",
       "SimulChess: \"The intercepting piece is destroyed\" and \"Kings survive collisions with other pieces.\"",
       {{"king_survives", "the king survives and the slow piece is destroyed where it meets the king"},
        {"king_destroyed", "the king is destroyed as any interceptor: its player loses"}},
       "king_survives",
       "The king rule is stated as a special rule, which reads as an exception to the general ones."},
      {reading::kMutualInterception,
       "Two slow pieces each land in the other's path (a queen b4-d6 and a bishop f8-c5): does each intercept the other?",
       "SimulChess: slow pieces \"can be blocked by any piece landing in their movement path\"; \"The intercepting piece is "
       "destroyed\". The text gives no order between the two players' pieces.",
       {{"both_destroyed", "each stops where the other lands and, as the other's interceptor, is destroyed"},
        {"pass", "the two cross: neither intercepts the other, and both land"}},
       "both_destroyed",
       "The rule applied to each piece at once, with neither player's piece looked at first: each lands in the other's path."},
      {reading::kSlowEscape,
       "A slow piece other than the king makes a non-capturing move while the opponent's move captures on its starting "
       "square: is it captured?",
       "SimulChess: slow pieces move gradually; \"slow pieces complete their captures even when their base is attacked\" "
       "(example 4, in which the queen is also captured); the escape rule is stated for fast pieces. A king is "
       "simulchess.king_escape's question.",
       {{"captured", "the slow piece is still at its base when the capture lands, and is captured"},
        {"escapes", "the slow piece has left its base and escapes"}},
       "captured",
       "Example 4 shows a slow piece captured at its base while moving away; the escape rule is stated for fast pieces only."},
      {reading::kKingEscape,
       "A king makes a non-capturing move while the opponent's move captures on the square it left: does it escape?",
       "SimulChess: kings are slow pieces, and \"slow pieces complete their captures even when their base is "
       "attacked\" (example 4, in which the queen is captured on its base); the escape rule is stated for fast pieces; "
       "but \"At the start of each turn, the game checks for classical checkmate conditions\" and \"If a king is in "
       "checkmate at the start of the turn, that player loses\", a test that counts a king's step out of check as an "
       "escape.",
       {{"escapes", "the king has left the square, and the capture finds it empty"},
        {"captured", "the king is still on the square when the capture lands, and is captured, as another slow piece is "
                     "under simulchess.slow_escape=captured"}},
       "escapes",
       "The text judges a king in check by classical checkmate, in which stepping out of check saves it: if the step "
       "did not, a checked king could be saved only by blocking or by taking the checking piece's capture away, and "
       "the text's test would let play go on in positions already lost. The text singles kings out (\"King Special "
       "Rule\")."},
      {reading::kBothKings,
       "Both kings are captured in one resolution: who wins?",
       "SimulChess: \"A player also wins by capturing the opponent's king\"; both kings in checkmate is a draw.",
       {{"draw", "a draw, as when both kings are in checkmate"}, {"both_lose", "both players lose"}},
       "draw",
       "The text's one rule for both kings at once (both in checkmate) is a draw."},
      {reading::kStalemate,
       "A player not in check has no move at all at the start of a turn (no piece of his can move, even where his "
       "king could be captured): is it a draw, or does he pass while his opponent's move is resolved alone?",
       "SimulChess: \"All standard chess rules apply except for turn order\" (in standard chess a player without a move "
       "who is not in check is stalemated) but \"The game continues until either a checkmate condition is detected at "
       "turn start or a king is captured\"; and \"Both players submit their moves at the same time\".",
       {{"draw", "stalemate: the game is a draw, as in standard chess"},
        {"pass", "play goes on: he submits nothing, and his opponent's move is resolved alone"}},
       "draw",
       "By the text's own widening of a legal move (into check), this player has none and is not in check: standard "
       "chess's stalemate, which the standard rules bring in. The ending list of \"The game continues until\" is one the "
       "text does not keep to (\"King vs King collision = draw\"), and a turn resolved on one player's move is what the "
       "text allows only in long time controls (the option simulchess.time_control)."},
      {reading::kDrawClaims, simultaneous::kDrawClaimsQuestion,
       "SimulChess: \"All standard chess rules apply except for turn order\"; but \"The game continues until either a "
       "checkmate condition is detected at turn start or a king is captured\" (a list the text itself does not keep to: "
       "\"King vs King collision = draw\").",
       simultaneous::draw_claims_alternatives(), simultaneous::kDrawClaimsDefault, simultaneous::kDrawClaimsWhy},
      {reading::kCastlePrevented,
       "What opponent's move \"would prevent castling\"?",
       "SimulChess: \"If an opponent's move would prevent castling, the castling move is rejected.\"",
       {{"path_or_check", "one landing between the king and the rook or on their squares, or one that attacks the "
                          "king's square, the square it crosses or the one it lands on"},
        {"path_only", "only one landing between the king and the rook or on the squares they land on"}},
       "path_or_check",
       "\"Castling follows normal chess rules\", which forbid castling out of, through or into check."},
      {reading::kRejectedCastling,
       "A castling move the opponent's move prevents is rejected: does its player pass, or do both players submit "
       "again?",
       "SimulChess: \"If an opponent's move would prevent castling, the castling move is rejected.\" Rule 4: \"If a "
       "move is illegal in the current position, it is rejected.\" Neither says what follows.",
       {{"pass", "the castling move is void: the king and rook stand, and the opponent's move is played alone"},
        {"rewrite", "the turn is not played: both players submit again"}},
       "pass",
       "The rejection is known only once both moves are revealed and resolved; the opponent's move, which caused "
       "it, stands, and the text names no second submission."},
      {reading::kTimeControl,
       "In longer time controls, may a turn be resolved when only one player has submitted a move?",
       "SimulChess: \"In longer time controls (>10 minutes per turn), the system may resolve and apply a move even if "
       "only one player has submitted, allowing for correspondence-style play.\"",
       {{"both_submit", "every turn waits for both players' moves"},
        {"one_submitted", "a player who has submitted nothing passes, and his opponent's move is resolved alone"}},
       "both_submit",
       "Rule 2: \"Both players submit their moves\"; the text offers the other for longer time controls (\"may\"): an "
       "option, not a question it leaves open.",
       /*option=*/true},
  };
  return table;
}

const TextMap& text_map() {
  static const TextMap map = {
      {"SimulChess Rules", {}, "title"},
      {"Overview", {}, "heading"},
      {"SimulChess is a variant of chess where both players move simultaneously", {clause::kSimultaneous}, ""},
      {"This creates unique strategic considerations", {}, "commentary"},
      {"Basic Rules", {}, "heading"},
      {"1. 1 All standard chess rules apply", {clause::kStandardRules, reading::kStalemate, reading::kDrawClaims}, ""},
      {"2. 2 Both players submit their moves", {clause::kSimultaneous}, ""},
      {"3. 3 After both moves are submitted", {clause::kFastSlow}, ""},
      {"4. 4 If a move is illegal in the current position", {clause::kIllegalRejected}, ""},
      {"Fast/Slow Movement System", {}, "heading"},
      {"Pieces are divided into two categories", {clause::kCategories}, ""},
      {"Movement Categories", {}, "heading of a table"},
      {"Category Pieces Movement", {}, "table header"},
      {"Fast Instant movement", {clause::kCategories}, "table row"},
      {"Slow Gradual movement", {clause::kCategories}, "table row"},
      {"Movement Rules", {}, "heading"},
      {"Fast Pieces (Pawns, Knights)", {clause::kCategories}, ""},
      {"• Advantage: Move instantly, cannot be intercepted", {clause::kFastNotIntercepted}, ""},
      {"• Vulnerability: Capture attempts fail if base is attacked", {clause::kFastBaseAttack, reading::kBaseAttack}, "an en passant capture is a capture attempt"},
      {"• Escape Rule: Non-capture moves succeed", {clause::kFastEscape}, ""},
      {"Slow Pieces (Rooks, Bishops, Queens, Kings)", {clause::kCategories}, ""},
      {"• Advantage: Attack succeeds even if base destroyed", {clause::kSlowAttackSucceeds, reading::kSlowEscape, reading::kKingEscape}, ""},
      {"• Vulnerability: Can be intercepted during movement", {clause::kSlowIntercepted}, ""},
      {"King Special Rule: Kings survive collisions", {clause::kKingSurvives, reading::kKingIntercepts}, ""},
      {"King vs King collision = draw.", {clause::kKingVsKing}, ""},
      {"Conflict Resolution", {}, "heading"},
      {"Resolution Order", {clause::kOrder}, "heading of the ordered list"},
      {"Base Attack Check:", {clause::kOrder, clause::kFastBaseAttack, clause::kFastEscape}, ""},
      {"Path Interception Check:", {clause::kOrder, clause::kSlowIntercepted}, ""},
      {"Collision Resolution:", {clause::kOrder, clause::kCollision, reading::kSameSquare}, ""},
      {"Move Execution:", {clause::kOrder, clause::kStandardCapture}, ""},
      {"Capture Rules", {}, "heading"},
      {"Standard Captures", {}, "heading"},
      {"A moving piece can capture a stationary piece", {clause::kStandardCapture}, "a capture whose target moved away still lands: only the first three resolution steps stop a move"},
      {"Base Attacks", {}, "heading"},
      {"If a piece attacks the starting square of a fast piece", {clause::kFastBaseAttack, clause::kFastEscape, reading::kBaseAttack}, ""},
      {"Path Interception", {}, "heading"},
      {"Slow pieces can be blocked by any piece landing", {clause::kSlowIntercepted, reading::kMutualInterception}, ""},
      {"The intercepting piece is destroyed", {clause::kSlowIntercepted, reading::kKingIntercepts}, ""},
      {"Chain Captures", {}, "heading"},
      {"If a slow piece is captured while attempting to capture", {clause::kChainCapture}, ""},
      {"• The slow piece is captured", {clause::kChainCapture}, ""},
      {"• The piece it was targeting is also captured", {clause::kChainCapture}, ""},
      {"• Fast pieces don't get chain captures", {clause::kChainCapture, clause::kFastBaseAttack}, ""},
      {"Examples", {}, "heading"},
      {"Scenario: White's knight on e4", {clause::kFastBaseAttack}, "example 1: scenario simulchess.example.knight_base_attacked"},
      {"Black plays Bxe4", {clause::kFastBaseAttack}, "example 1"},
      {"Result: Knight's capture attempt is cancelled", {clause::kFastBaseAttack}, "example 1"},
      {"Scenario: White's rook moves from a1 to a8", {clause::kSlowIntercepted}, "example 2: scenario simulchess.example.rook_intercepted"},
      {"Black's knight moves to a4", {clause::kSlowIntercepted}, "example 2"},
      {"Result: Rook stops at a4", {clause::kSlowIntercepted}, "example 2"},
      {"Scenario: White's king moves to e5", {clause::kKingSurvives}, "example 3: scenario simulchess.example.king_survives"},
      {"Result: King survives, rook is destroyed", {clause::kKingSurvives}, "example 3"},
      {"Scenario: White's queen on d1", {clause::kChainCapture}, "example 4: scenario simulchess.example.chain_capture"},
      {"Black's knight simultaneously captures", {clause::kChainCapture}, "example 4"},
      {"Result: Both the rook and the queen are captured", {clause::kChainCapture, clause::kSlowAttackSucceeds}, "example 4"},
      {"Special Cases", {}, "heading"},
      {"Check and Checkmate", {}, "heading"},
      {"SimulChess uses a hybrid approach", {}, "introduces the rules that follow"},
      {"Classical Checkmate Check", {}, "heading"},
      {"• At the start of each turn, the game checks", {clause::kCheckmateAtStart}, ""},
      {"• If a king is in checkmate at the start", {clause::kCheckmateAtStart, reading::kKingEscape}, ""},
      {"• If both kings are in checkmate", {clause::kBothMated}, ""},
      {"• This check happens before any moves", {clause::kCheckmateAtStart}, ""},
      {"King Capture Rules", {}, "heading"},
      {"• Players can move into or remain", {clause::kKingMayBeExposed, clause::kPlaysIntoCheck}, ""},
      {"• A player also wins by capturing", {clause::kKingCapture, reading::kBothKings}, ""},
      {"• The game continues until either", {clause::kCheckmateAtStart, clause::kKingCapture, clause::kPlaysIntoCheck, reading::kStalemate}, ""},
      {"Castling", {}, "heading"},
      {"Castling follows normal chess rules", {clause::kCastleNormal, clause::kCastleRejected}, "castling is one move: its king and rook never intercept each other"},
      {"If an opponent's move would prevent castling", {clause::kCastleRejected, reading::kCastlePrevented, reading::kRejectedCastling}, ""},
      {"Time Controls", {}, "heading"},
      {"In longer time controls", {reading::kTimeControl}, ""},
      {"Strategy Tips", {}, "heading"},
      {"• Use fast pieces", {}, "strategy tip"},
      {"• Protect piece bases", {}, "strategy tip"},
      {"• Plan for conflicts", {}, "strategy tip"},
      {"• Chain captures: Set up", {}, "strategy tip"},
      {"• King safety", {}, "strategy tip"},
      {"• Path blocking", {}, "strategy tip"},
  };
  return map;
}

PrecedenceTable precedences() {
  // The stages of simulchess.resolution.order each act on what the earlier
  // ones leave: a later stage's fate for a piece an earlier one left on the
  // board prevails over the earlier's. Pairs within one stage are reading
  // points.
  static const Precedence table[] = {
      {clause::kStandardCapture, clause::kFastBaseAttack, clause::kOrder,
       "the base attack check (step 1) cancels the capture and leaves the piece on its base, where move "
       "execution (step 4) captures it: the text's first example (\"capture attempt is cancelled, knight is "
       "captured\")"},
      {clause::kChainCapture, clause::kFastBaseAttack, clause::kOrder,
       "a fast piece whose capture step 1 cancels stays on its square, where a chain capture of step 4 takes it"},
      {clause::kSlowIntercepted, clause::kFastEscape, clause::kOrder,
       "an escape succeeds as a move (step 1); a piece landing in a slow piece's path is destroyed at step 2"},
      {clause::kCollision, clause::kFastEscape, clause::kOrder,
       "an escape succeeds as a move (step 1); the collision of step 3 then judges its landing square"},
      {clause::kKingSurvives, clause::kFastEscape, clause::kOrder,
       "an escape succeeds as a move (step 1); a king landing on the same square survives the collision of step 3"},
      {clause::kSlowIntercepted, clause::kKingSurvives, reading::kKingIntercepts,
       "a king landing in a slow piece's path is an interceptor (destroyed) and survives collisions: the reading "
       "point's alternatives are the two precedences"},
      {clause::kCollision, clause::kSlowIntercepted, reading::kSameSquare,
       "whether a fast and a slow piece landing on one square collide (both destroyed) or the fast one intercepts "
       "the slow one is the reading point's question"},
  };
  return table;
}

}  // namespace arbiter::simulchess
