#pragma once
// Golden vectors for engine developers (docs/protocol.md, "Vectors"): steps
// with the readings in force and what the model gives, as JSON lines, and
// joint-perft counts as EPD, so that an engine can be tested without Arbiter.
#include <cstdint>
#include <string>

#include "model/core/game.h"

namespace arbiter::report {

struct VectorOptions {
  std::string scenario_dir;  // every step of every scenario file of the variant
  std::uint64_t seed = 1;    // seeded random playouts from the start position
  int playouts = 8;
  int steps = 24;            // steps per playout at most
  int perft_depth = 2;       // EPD depths 1..perft_depth
  int perft_positions = 12;  // the start position and the first scenario positions
};

struct VectorCounts {
  int steps = 0;      // lines of VARIANT.jsonl
  int positions = 0;  // lines of VARIANT.epd
};

// Writes DIR/VARIANT.jsonl and DIR/VARIANT.epd.
VectorCounts write_vectors(const Variant& v, const std::string& dir, const VectorOptions& options);

}  // namespace arbiter::report
