#pragma once
// Divergence: a reading point consulted by a step whose alternatives give
// different results when the step is re-run under each.
#include <functional>
#include <string>
#include <vector>

#include "model/core/finding.h"
#include "model/core/game.h"

namespace arbiter {

// Re-runs the step under every other alternative of each reading point it
// consulted and reports the points whose alternatives disagree. `wanted`,
// when given, is asked for each diverging point (its finding's signature)
// before the finding's texts are written (FENs, the witness): a caller that
// keeps one witness per signature, like the fuzzers' findings store, says no
// to those it would not keep, and the search skips the writing, not the
// re-runs. An option (ReadingPoint::option) is the text's own variation, not
// an open question: its alternatives are compared only `with_options` (a
// scenario that shows what an option changes).
using DivergenceFilter = std::function<bool(const std::string& signature)>;
std::vector<Finding> find_divergences(const Variant& v, const State& before, const JointAction& joint,
                                      const Readings& readings, const StepResult& result,
                                      const DivergenceFilter& wanted = nullptr, bool with_options = false);

// The witness that replays this step. A step of the one role acting in a game
// that is not simultaneous (a colour, a solitaire's player, chance) is written
// as "move"; otherwise each action under its role's name.
Witness witness_of(const Variant& v, const State& before, const JointAction& joint, const Readings& readings);

// The role a witness action names: "move" is the one role acting in the
// state; otherwise a role name (White if unknown).
Role witness_role(const Variant& v, const State& s, std::string_view role_text);

}  // namespace arbiter
