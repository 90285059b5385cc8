#pragma once
// Whether a finding read back from a file (`arbiter merge`) is one the model
// can replay: its witness names the finding's variant, its FEN parses for
// that variant, each reading names a point of the variant and one of that
// point's alternatives, and its actions are one legal action for each role
// acting in the position (legal under the readings given or, in a
// simultaneous game, under some other alternative: a legality divergence's
// witness). A gap found by playing whole games (well_formed.h) has the state
// alone as its witness: no actions.
#include "model/core/expected.h"
#include "model/core/finding.h"
#include "model/core/game.h"

namespace arbiter::explore {

// The first thing that keeps the witness from replaying, as the error.
Expected<bool> witness_replays(const Variant& v, const Finding& f);

}  // namespace arbiter::explore
