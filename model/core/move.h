#pragma once
// A move of one piece in coordinate terms, and fixed-capacity move lists
// (no allocation in the step path).
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>

#include "model/core/expected.h"
#include "model/core/geometry.h"
#include "model/core/piece_kind.h"

namespace arbiter {

enum MoveFlag : std::uint8_t {
  kMoveCastle = 1,
  kMoveEnPassant = 2,
  kMoveDoubleStep = 4,
  kMovePass = 8,  // no move: a role that acts by standing still
};

struct Move {
  Square from = kNoSquare;
  Square to = kNoSquare;
  KindId promotion = kNoKind;
  std::uint8_t flags = 0;
  // A variant's own action code, 0 for a plain move: which cards a Two Move
  // Chess player chooses, which column a Gravity Chess piece is added in, the
  // seed of a shuffle by the chance role. Its meaning and notation belong to
  // the variant (Variant::move_text, Variant::read_move).
  std::uint16_t code = 0;

  bool is(MoveFlag f) const { return (flags & f) != 0; }
  // Moves are the same action when their coordinates and promotion agree; the
  // flags are derived from the position.
  bool same_action(const Move& o) const {
    return from == o.from && to == o.to && promotion == o.promotion && code == o.code &&
           is(kMovePass) == o.is(kMovePass);
  }
  static Move pass() { return Move{kNoSquare, kNoSquare, kNoKind, kMovePass}; }
};

// Moves in place, for move generation. The room is left unset until a move
// is added: a list is made for every legality test, and setting all of its
// room each time would cost more than the test. MoveList has room for every
// move of a position; a smaller list serves one piece's moves, where a frame
// of the full size would be paid on every call under the sanitizers.
template <std::size_t Capacity>
class BasicMoveList {
 public:
  static constexpr std::size_t kCapacity = Capacity;
  BasicMoveList() {}
  BasicMoveList(const BasicMoveList& other) : size_(other.size_) { std::copy_n(other.moves_, size_, moves_); }
  BasicMoveList& operator=(const BasicMoveList& other) {
    size_ = other.size_;
    std::copy_n(other.moves_, size_, moves_);
    return *this;
  }
  void push_back(const Move& m) {
    assert(size_ < kCapacity);
    moves_[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  void clear() { size_ = 0; }

 private:
  std::size_t size_ = 0;
  union {
    Move moves_[kCapacity];
  };
};

using MoveList = BasicMoveList<1024>;

// Coordinate notation: e2e4, e7e8q, a9a10(cn) for a multi-letter promotion,
// castling as the king's move (e1g1), 0000 for a pass.
std::string move_to_string(const BoardShape& shape, const PieceSet& kinds, const Move& m);
Expected<Move> parse_move(const BoardShape& shape, const PieceSet& kinds, std::string_view text);

}  // namespace arbiter
