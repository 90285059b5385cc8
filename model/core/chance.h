#pragma once
// The chance role of card games. Where a text shuffles, the chance role acts:
// its action is a shuffle by a 16-bit seed ("shuffle-1234"), and the step
// writes the deck order that seed gives into the state, so a game replays
// exactly from its state text and every step stays a pure function. Any seed
// may be submitted; actions() lists the first kChanceSamples of them, which
// is what perft, the explorer and random play branch over.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "model/core/move.h"

namespace arbiter {

inline constexpr int kChanceSamples = 8;

inline Move shuffle_action(std::uint16_t seed) {
  Move m;
  m.code = seed;
  return m;
}
inline std::string shuffle_text(const Move& m) { return "shuffle-" + std::to_string(m.code); }
// Reads "shuffle-N", 0 <= N <= 65535.
std::optional<Move> read_shuffle(std::string_view text);

// A random number stream that gives the same numbers on every platform
// (splitmix64), unlike the standard distributions.
class SeededStream {
 public:
  explicit SeededStream(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n > 0 (rejection sampling: no modulo bias).
  std::uint64_t below(std::uint64_t n) {
    std::uint64_t limit = ~0ull - (~0ull % n);
    std::uint64_t x;
    do x = next(); while (x >= limit);
    return x % n;
  }

 private:
  std::uint64_t state_;
};

// Fisher-Yates with SeededStream: the same seed gives the same order everywhere.
template <class T>
void seeded_shuffle(std::span<T> items, std::uint64_t seed) {
  SeededStream stream(seed);
  for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[stream.below(i)]);
}

}  // namespace arbiter
