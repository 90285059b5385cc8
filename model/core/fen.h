#pragma once
// Extended FEN (docs/fen.md): standard FEN for 8x8 games, plus boards up to
// 16x16, multi-letter pieces "(CN)", several pieces on one square "[Pp]",
// per-piece state "N{moved,c=2}", and trailing key=value fields for a
// variant's own state. to_fen(parse_fen(s)) == s for every canonical s.
#include <string>
#include <string_view>

#include "model/core/expected.h"
#include "model/core/position.h"

namespace arbiter {

Expected<Position> parse_fen(std::string_view fen, const PieceSet& kinds);
std::string to_fen(const Position& pos);

// Only the board field (pieces and their states).
std::string board_to_fen(const Position& pos);
// The same, appended to out (for keys built in a buffer that is kept).
void append_board_fen(std::string& out, const Position& pos);
// The part the variants' repetition keys share, written over key: the board
// field, the side to move (" w " or " b ") and the castling rights as a number.
void write_key_head(std::string& key, const Position& pos);

}  // namespace arbiter
