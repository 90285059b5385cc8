#pragma once
// The order in which a resolver visits the pieces a step moves. A rule text
// that resolves moves "at the same time" gives no such order, so a result must
// not depend on it; a resolver that loops over its movers lets the step's
// Readings arrange them. Order 0 is the order the code lists them in (White's
// moves first, a castling king before its rook); order k > 0 is the k-th of
// their other orders. A tool re-runs a step under every order
// (model/core/order.h) and reports a result that changes as an `order`
// finding: a precedence the code chose where the text gives none.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <span>

#include "model/core/reading.h"
#include "model/core/trace.h"

namespace arbiter {

// How many orders n items have (n!), or 0 past what a step can move.
constexpr std::uint32_t visit_orders(std::size_t n) {
  if (n > 8) return 0;
  std::uint32_t f = 1;
  for (std::size_t i = 2; i <= n; ++i) f *= static_cast<std::uint32_t>(i);
  return f;
}

// Puts the items in the visit order the readings hold (the k-th permutation
// in lexicographic order of the listed order, k taken modulo n!) and records
// in the trace how many items were arranged, so that a tool knows how many
// orders there are to try.
template <class T>
void arrange_visits(std::span<T> items, const Readings& readings, Trace& trace) {
  trace.visited(items.size());
  std::uint32_t orders = visit_orders(items.size());
  if (orders <= 1 || readings.visit_order() % orders == 0) return;
  std::uint32_t k = readings.visit_order() % orders;
  // The factorial number system: k's digits pick, one by one, which of the
  // items not yet placed comes next.
  for (std::size_t i = 0; i + 1 < items.size(); ++i) {
    std::uint32_t block = visit_orders(items.size() - 1 - i);
    std::size_t pick = i + k / block;
    k %= block;
    std::rotate(items.begin() + i, items.begin() + pick, items.begin() + pick + 1);
  }
}

}  // namespace arbiter
