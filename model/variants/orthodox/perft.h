#pragma once
// Orthodox chess perft and move listing over the reference model (generic board).
// Thin wrappers over the Variant interface, for tests, benchmarks and tools that
// speak FEN strings and coordinate moves.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::orthodox {

// Each throws std::invalid_argument with a one-line message on a malformed FEN
// or an illegal move.
std::vector<std::string> legal_moves(std::string_view fen);
std::string fen_after(std::string_view fen, std::string_view move);
std::uint64_t perft(std::string_view fen, int depth);
std::vector<std::pair<std::string, std::uint64_t>> divide(std::string_view fen, int depth);

}  // namespace arbiter::orthodox
