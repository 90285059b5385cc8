#pragma once
// Divergence: a reading point consulted by a step whose alternatives give
// different results when the step is re-run under each.
#include <vector>

#include "model/core/finding.h"
#include "model/core/game.h"

namespace arbiter {

// Re-runs the step under every other alternative of each reading point it
// consulted and reports the points whose alternatives disagree.
std::vector<Finding> find_divergences(const Variant& v, const State& before, const JointAction& joint,
                                      const Readings& readings, const StepResult& result);

// The witness that replays this step.
Witness witness_of(const Variant& v, const State& before, const JointAction& joint, const Readings& readings);

}  // namespace arbiter
