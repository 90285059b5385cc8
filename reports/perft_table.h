#pragma once
// Perft tables in EPD form (corpus/perft/VARIANT.epd): "FEN ;D1 n ;D2 n ...".
#include <cstdint>
#include <string>
#include <vector>

#include "model/core/expected.h"

namespace arbiter::report {

struct PerftEntry {
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> depths;  // (depth, published nodes)
  int line = 0;                                        // its line in the table, from 1
};

// A line that does not read ("D1 20x", "D1 -5", a field after the count) is an
// error naming the file and line, never skipped or read in part.
Expected<std::vector<PerftEntry>> read_perft_table(const std::string& path);

}  // namespace arbiter::report
