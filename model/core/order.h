#pragma once
// Order dependence: a step whose result changes when the resolver visits the
// pieces it moves in another order (model/core/visit_order.h). The text of a
// simultaneous game resolves both moves at once, so such a result is a
// precedence the code chose where the text gives none: an `order` finding,
// to be settled by the text or declared as a reading point.
#include <vector>

#include "model/core/finding.h"
#include "model/core/game.h"

namespace arbiter {

// The most orders one step is re-run under: every order of up to four movers
// (a castling king and rook for each player) is 24.
inline constexpr std::uint32_t kMaxVisitOrders = 24;

// Re-runs the step under every other order of the movers its resolver
// arranged (`result` is the step under `readings`) and reports the first
// order whose result differs: at most one finding. Its witness is the step
// under that other order, so that its replay command shows the other result.
std::vector<Finding> find_order_dependence(const Variant& v, const State& before, const JointAction& joint,
                                           const Readings& readings, const StepResult& result);

}  // namespace arbiter
