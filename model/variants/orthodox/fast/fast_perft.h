#pragma once
// The orthodox fast path: 64-bit bitboards and fully legal move generation,
// for perft only. It is not the reference model: tests hold its counts equal to
// the generic model's (model/variants/orthodox) and to the published tables.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/variants/orthodox/fast/board.h"

namespace arbiter::orthodox::fast {

// Standard FEN (the clocks may be left out). Returns nullopt and a one-line
// message for malformed input or a position the generator cannot take (not
// one king each, more than 16 pieces a side, pawns on the last ranks, the side
// not to move in check, castling rights without king and rook at home, an en
// passant square that follows no double step). Never crashes on any input.
std::optional<Board> parse_fen(std::string_view fen, std::string* error);
std::string to_fen(const Board& b);

std::string move_text(Move m);  // e2e4, e7e8q, e1g1
std::vector<std::string> legal_moves(const Board& b);  // sorted
std::optional<Board> apply(const Board& b, std::string_view move);  // nullopt if not a legal move

// Leaf count to `depth` (0 gives 1), counting the last ply in bulk.
std::uint64_t perft(const Board& b, int depth);
std::vector<std::pair<std::string, std::uint64_t>> divide(const Board& b, int depth);  // sorted by move

}  // namespace arbiter::orthodox::fast
