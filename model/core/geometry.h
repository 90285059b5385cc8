#pragma once
// Board geometry: rectangular boards of any size up to kMaxFiles x kMaxRanks.
// Squares are small integers, rank-major from a1: square = rank * files + file.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter {

constexpr int kMaxFiles = 16;
constexpr int kMaxRanks = 16;
constexpr int kMaxSquares = kMaxFiles * kMaxRanks;

using Square = std::int16_t;
constexpr Square kNoSquare = -1;

enum class Color : std::uint8_t { White, Black };
constexpr int kColors = 2;
constexpr Color opposite(Color c) { return c == Color::White ? Color::Black : Color::White; }
std::string_view color_name(Color c);  // "white" / "black"

struct BoardShape {
  int files = 8;
  int ranks = 8;

  constexpr int size() const { return files * ranks; }
  constexpr bool contains(int file, int rank) const {
    return file >= 0 && file < files && rank >= 0 && rank < ranks;
  }
  constexpr Square square(int file, int rank) const {
    return static_cast<Square>(rank * files + file);
  }
  constexpr int file_of(Square s) const { return s % files; }
  constexpr int rank_of(Square s) const { return s / files; }
  // The square seen from the other side of the board (colour mirror: rank flipped).
  constexpr Square mirror(Square s) const { return square(file_of(s), ranks - 1 - rank_of(s)); }
  // The square shifted by (df, dr), or kNoSquare when that leaves the board.
  constexpr Square offset(Square s, int df, int dr) const {
    int f = file_of(s) + df, r = rank_of(s) + dr;
    return contains(f, r) ? square(f, r) : kNoSquare;
  }
  constexpr bool operator==(const BoardShape&) const = default;
};

// "e4", "j10": files a..p, ranks from 1.
std::string square_name(const BoardShape& shape, Square s);
// Parses a square name at the start of text; on success sets *used to the
// number of characters consumed. Longest rank that fits the board wins ("a10").
std::optional<Square> parse_square(const BoardShape& shape, std::string_view text,
                                   std::size_t* used = nullptr);

}  // namespace arbiter
