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
};

Expected<std::vector<PerftEntry>> read_perft_table(const std::string& path);

}  // namespace arbiter::report
