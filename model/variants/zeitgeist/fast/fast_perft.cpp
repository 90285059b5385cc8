#include "model/variants/zeitgeist/fast/fast_perft.h"

#include "model/core/budget.h"
#include "model/variants/zeitgeist/fast/movegen.h"
#include "model/variants/zeitgeist/fast/resolve.h"

namespace arbiter::zeitgeist::fast {

std::uint64_t perft(const Board& b, int depth) {
  if (depth <= 0) return 1;
  if (b.over()) return 0;
  if (depth == 1) return static_cast<std::uint64_t>(count(b, kWhite)) * static_cast<std::uint64_t>(count(b, kBlack));
  budget::check();
  MoveList white, black;
  generate(b, kWhite, white);
  generate(b, kBlack, black);
  std::uint64_t nodes = 0;
  for (Move w : white) {
    for (Move k : black) {
      Board child = b;
      apply(child, w, k);
      nodes += perft(child, depth - 1);
    }
  }
  return nodes;
}

}  // namespace arbiter::zeitgeist::fast
