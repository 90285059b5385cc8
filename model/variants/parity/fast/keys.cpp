// The random numbers of the fast path's repetition key (parity.draw.repetition),
// built by the compiler from a fixed seed so that keys are the same in every run.
#include "model/variants/parity/fast/board.h"

namespace arbiter::parity::fast {

namespace {

// SplitMix64: a small generator whose outputs are well spread, enough for a
// 64-bit hash of a few hundred features.
constexpr Key next(Key& state) {
  Key z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr KeyTables make_keys() {
  KeyTables t{};
  Key state = 0x5061726974794b65ULL;
  for (auto& colour : t.piece)
    for (auto& type : colour)
      for (Key& k : type) k = next(state);
  for (Key& k : t.castling) k = next(state);
  for (Key& k : t.just) k = next(state);
  return t;
}

}  // namespace

constinit const KeyTables kKeys = make_keys();

Key pieces_key(const Board& b) {
  Key k = 0;
  for (int c = 0; c < 2; ++c)
    for (int t = 0; t < kPieceTypes; ++t)
      for (Bitboard bb = b.pieces[c][t]; bb;) k ^= kKeys.piece[c][t][pop_lsb(bb)];
  return k;
}

}  // namespace arbiter::parity::fast
