#pragma once
// A step told in plain words for a rule author: what each role tried, then
// what the rules made of it (collisions, bounces, captures, refusals, cards,
// pieces entering or shown), then any check and the result. Read beside the
// boards of a finding, under each reading of its open question.
#include <string>

#include "model/core/game.h"

namespace arbiter::report {

// One or a few sentences for the step from `before` by `joint` whose outcome
// is `result` (what Variant::step returned for them). Pieces are named by
// their colour and kind ("White's knight"), squares in algebraic notation,
// and an action that is not a piece's move by the variant's own notation.
std::string narrate(const Variant& v, const State& before, const JointAction& joint, const StepResult& result);

}  // namespace arbiter::report
