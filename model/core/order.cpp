#include "model/core/order.h"

#include <algorithm>
#include <set>
#include <string>

#include "model/core/divergence.h"
#include "model/core/visit_order.h"

namespace arbiter {

namespace {

std::set<std::string_view> fired(const Trace& t) { return {t.clauses().begin(), t.clauses().end()}; }

std::string outcome_text(const Variant& v, const StepResult& r) {
  return std::string(result_name(r.state.outcome.result)) + " (" + v.fen(r.state) + ")";
}

}  // namespace

std::vector<Finding> find_order_dependence(const Variant& v, const State& before, const JointAction& joint,
                                           const Readings& readings, const StepResult& result) {
  std::uint32_t orders = std::min(visit_orders(result.trace.visit_items()), kMaxVisitOrders);
  std::uint32_t own = orders ? readings.visit_order() % orders : 0;
  for (std::uint32_t k = 0; k < orders; ++k) {
    if (k == own) continue;
    Readings other = readings;
    other.set_visit_order(k);
    StepResult r = v.step(before, joint, other);
    if (r.state.outcome.result == result.state.outcome.result && same_position(r.state.position, result.state.position))
      continue;
    Finding f;
    f.kind = FindingKind::Order;
    f.variant = std::string(v.id());
    // The clauses that fired under one order and not the other name the rules
    // whose precedence the order decided; where both fired the same clauses,
    // all of them are involved.
    std::set<std::string_view> a = fired(result.trace), b = fired(r.trace), differ;
    std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), std::inserter(differ, differ.end()));
    for (std::string_view c : differ.empty() ? a : differ) f.clauses.emplace_back(c);
    f.question =
        "Both moves are resolved at once, yet the result depends on which moving piece is resolved first: which "
        "rule takes precedence here?";
    f.detail = "visiting the movers in order " + std::to_string(own) + " gives " + outcome_text(v, result) +
               "; in order " + std::to_string(k) + " it gives " + outcome_text(v, r);
    f.witness = witness_of(v, before, joint, readings);
    f.witness.visit_order = k;
    return {std::move(f)};
  }
  return {};
}

}  // namespace arbiter
