#pragma once
// The SMT side of Arbiter: each simultaneous game's resolution of one step,
// encoded for Z3 over a bounded symbolic situation, and queries that search
// it for conflicts, gaps, contradictions, reading-point divergences, dead
// clauses and named outcomes, or prove them absent within the bound. Every
// answer with a situation is a witness that the executable model replays: the
// model must give what the encoding predicts.
#include <map>
#include <string>
#include <vector>

#include "model/core/finding.h"
#include "model/core/game.h"

namespace arbiter::smt {

// What a bound may add to the plain step, for the clauses of one special
// move or of the game's history: castling (a king and rook with the right),
// promotion (a pawn one step from the last row, and the piece it becomes),
// en passant (a pawn that passed a square in the last turn), repetition (how
// often the position the step leaves has occurred before). The plain bound
// leaves them out, so the queries over it stay fast; a clause of one of them
// is checked on the bound extended by it alone.
enum class Extension { None, Castling, Promotion, EnPassant, Repetition };
std::string_view extension_name(Extension e);

// The bounded situation: the board and how many pieces it holds (kings
// included: one of each colour), and at most one extension.
struct Bound {
  int files = 8;
  int ranks = 8;
  int pieces = 4;
  // Whether the encoding states the results at the start of the next turn
  // (a player without a move, checkmate), the costliest conditions: they
  // search every move of every piece after the step. The concrete checks
  // (check_step) leave them out.
  bool turn_start = true;
  Extension extension = Extension::None;
};

// NotEncoded: the question lies outside the bound. Definition: the clause
// defines a term (or introduces rules stated in other clauses) that the
// encoding applies wherever those rules use it; it has no condition of its own.
enum class Verdict { Found, Absent, Unknown, NotEncoded, Definition };
std::string_view verdict_name(Verdict v);

// One query and its answer.
struct QueryResult {
  std::string id;        // e.g. "parity.named.mutual_king_capture"
  FindingKind kind = FindingKind::Conflict;
  std::string question;  // what was asked, in words
  Verdict verdict = Verdict::Unknown;
  double seconds = 0;
  std::vector<std::string> clauses;  // the clause ids involved (an unsat core, or the query's)
  std::string reading;               // the reading point of a divergence query
  std::string detail;                // what was found, or why nothing can be
  bool informational = false;        // a named outcome: a witness or a proof, never a finding
  // With a witness: the position, the two moves, the readings in force, and
  // what the encoding predicts (every occupied square after the step, and the result).
  std::string fen, white, black;
  std::vector<std::string> readings;
  std::map<std::string, std::string> predicted_squares;
  std::string predicted_result;
  // What the model must name in its trace: by the square a piece starts on,
  // the clause that decides its fate (a bounce, a cancelled move, a removal,
  // ...), and the clauses whose condition holds.
  std::map<std::string, std::string> predicted_clauses;
  std::vector<std::string> predicted_fired;
  // How often the position the step leaves occurred before the step (since
  // the last capture or pawn move): the model's history holds it so often
  // when the witness is replayed (Extension::Repetition).
  int earlier_occurrences = 0;

  bool has_witness() const { return !fen.empty(); }
};

// Whether the variant has an encoding.
bool encoded(const Variant& v);

// Runs every query for the variant with a per-query timeout.
std::vector<QueryResult> run_queries(const Variant& v, const Bound& bound, double seconds_per_query);

// Replays a witness in the executable model: empty when the model gives what
// the encoding predicts, else what differs.
std::string replay_witness(const Variant& v, const QueryResult& q);

// The encoding evaluated on one concrete step of the model: the situation
// fixed to the state's pieces and variant fields, the two moves and the
// readings in force; the encoding's prediction (each piece's square, the
// result, the clause that decides each piece and the conditions that hold)
// replayed in the model.
struct StepCheck {
  bool in_bound = false;  // false: the step is outside the bound, `detail` says why
  std::string detail;     // in the bound: what differs, empty where encoding and model agree
};
StepCheck check_step(const Variant& v, const State& s, const JointAction& joint, const Readings& readings);

// Whether a query's answer is a finding (found, and not a named outcome).
bool is_finding(const QueryResult& q);

// A query with a witness as a finding in the common format.
Finding to_finding(const Variant& v, const QueryResult& q);

}  // namespace arbiter::smt
