#pragma once
// Conflicts and gaps from the fates a step's resolver proposed
// (model/core/fate.h). Two rules whose conditions hold for one piece in the
// same round with different effects are a `conflict`, unless the variant's
// precedence table names a clause of the text that states which prevails.
// Where the table names a reading point, the finding names it too: the
// question is declared, and its alternatives are the precedences. A piece in
// a contested situation that no rule proposes a fate for is a `gap`.
#include <string>
#include <vector>

#include "model/core/finding.h"
#include "model/core/game.h"

namespace arbiter {

// The conflict and gap findings of one step (`result` is the step under
// `readings`, its trace recorded): at most one per pair of clauses and one
// gap per step.
std::vector<Finding> find_conflicts(const Variant& v, const State& before, const JointAction& joint,
                                    const Readings& readings, const StepResult& result);

// The fates a step applied that none of the proposals of its last round
// gives, for the pieces contested in that round: a resolver that applies a
// fate no rule proposed, each as one line. Empty for a sound resolver (a law
// checks it).
std::vector<std::string> unproposed_fates(const Variant& v, const State& before, const StepResult& result);

// Where a piece ends after a step: its square, or kNoSquare if it left the board.
Square ends_on(const State& after, PieceId piece);

}  // namespace arbiter
