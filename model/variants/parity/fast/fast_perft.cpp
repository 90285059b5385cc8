// Joint perft on the fast Board: copy-make of every joint action, the keys
// of the positions on the path kept beside it for the repetition rule.
#include "model/variants/parity/fast/fast_perft.h"

#include <algorithm>

#include "model/core/budget.h"
#include "model/variants/orthodox/fast/fast_perft.h"
#include "model/variants/parity/fast/apply.h"
#include "model/variants/parity/fast/movegen.h"

namespace arbiter::parity::fast {

bool ended_by_rule(const Board& b, std::span<const Key> history) {
  if (b.king_captured) return true;
  // Parity::settle asks for repetition before the fifty moves; both end the
  // game, so the order does not change a count.
  if (b.reversible >= 2) {
    Key k = repetition_key(b);
    std::span<const Key> counted = history.last(std::min<std::size_t>(b.reversible, history.size()));
    if (std::count(counted.begin(), counted.end(), k) >= 2) return true;
  }
  return b.halfmove_clock >= 50;
}

namespace {

class Counter {
 public:
  Counter(const Root& root, bool single) : single_(single), line_(root.history) {}

  std::uint64_t count(const Board& b, int depth, bool root) {
    if (depth <= 0) return 1;
    if (!root && ended_by_rule(b, line_)) return 0;
    MoveList white, black;
    submittable(b, kWhite, single_, white);
    if (white.size == 0) return 0;
    submittable(b, kBlack, single_, black);
    std::uint64_t product = static_cast<std::uint64_t>(white.size) * static_cast<std::uint64_t>(black.size);
    if (depth == 1 || product == 0) return product;
    budget::check();
    line_.push_back(repetition_key(b));
    std::uint64_t nodes = 0;
    for (Move w : white)
      for (Move k : black) {
        Board next = b;
        apply(next, w, k);
        nodes += count(next, depth - 1, false);
      }
    line_.pop_back();
    return nodes;
  }

  // The count below one joint action of the root.
  std::uint64_t below(const Board& root, Move w, Move k, int depth) {
    line_.push_back(repetition_key(root));
    Board next = root;
    apply(next, w, k);
    std::uint64_t n = count(next, depth - 1, false);
    line_.pop_back();
    return n;
  }

 private:
  bool single_;
  std::vector<Key> line_;  // the history, then the key of each position on the path
};

}  // namespace

std::uint64_t perft(const Root& root, int depth, bool single) {
  Counter counter(root, single);
  return counter.count(root.board, depth, true);
}

std::vector<std::pair<std::string, std::uint64_t>> divide(const Root& root, int depth, bool single) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  if (depth <= 0) return out;
  MoveList white, black;
  submittable(root.board, kWhite, single, white);
  submittable(root.board, kBlack, single, black);
  Counter counter(root, single);
  for (Move w : white)
    for (Move k : black) {
      std::uint64_t n = depth == 1 ? 1 : counter.below(root.board, w, k, depth);
      out.emplace_back(orthodox::fast::move_text(w) + ":" + orthodox::fast::move_text(k), n);
    }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace arbiter::parity::fast
