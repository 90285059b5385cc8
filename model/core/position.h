#pragma once
// A position: pieces with ids and per-piece state on a rectangular board, where
// a square may hold more than one piece (co-occupation, collisions during a
// simultaneous step), plus the side state the rules read (side to move,
// castling rights, en passant square, clocks) and a variant's own state as
// named values.
#include <array>
#include <cassert>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/geometry.h"
#include "model/core/piece_kind.h"
#include "model/core/var_map.h"

namespace arbiter {

using PieceId = std::uint16_t;
constexpr PieceId kNoPiece = 0xffff;

// Per-piece statuses. One string table serves the extended FEN and reports.
enum PieceFlag : std::uint32_t {
  kFlagMoved = 1u << 0,
  kFlagDazzled = 1u << 1,
  kFlagImmobile = 1u << 2,
  kFlagInvulnerable = 1u << 3,
  kFlagFrozen = 1u << 4,
  kFlagHibernating = 1u << 5,
  kFlagCloaked = 1u << 6,
};
struct PieceFlagName {
  PieceFlag flag;
  std::string_view name;
};
inline constexpr PieceFlagName kPieceFlagNames[] = {
    {kFlagMoved, "moved"},         {kFlagDazzled, "dazzled"}, {kFlagImmobile, "immobile"},
    {kFlagInvulnerable, "invulnerable"}, {kFlagFrozen, "frozen"},
    {kFlagHibernating, "hibernating"},   {kFlagCloaked, "cloaked"},
};

struct Piece {
  PieceId id = kNoPiece;
  KindId kind = kNoKind;
  Color color = Color::White;
  Square square = kNoSquare;  // kNoSquare once the piece has left the board
  std::uint32_t flags = 0;
  std::int16_t counter = 0;        // a variant's per-piece number (e.g. a bobber's range)
  Square partner_square = kNoSquare;  // a variant's link to another piece, by square

  bool on_board() const { return square != kNoSquare; }
  bool has(PieceFlag f) const { return (flags & f) != 0; }
};

// Castling rights as in FEN: bit per K, Q, k, q.
enum CastlingRight : std::uint8_t {
  kWhiteKingside = 1,
  kWhiteQueenside = 2,
  kBlackKingside = 4,
  kBlackQueenside = 8,
};

constexpr int kMaxStack = 4;  // pieces one square can hold
constexpr int kMaxPieces = 256;  // pieces one position can have placed, on the board or off it

class Position {
 public:
  Position(BoardShape shape, const PieceSet& kinds);
  // A position holds its pieces and its square index in place, with no heap
  // storage, and a copy reads only the pieces placed and the squares of the
  // board: the rules copy positions often (every legality test does).
  Position(const Position& other);
  Position& operator=(const Position& other);
  // As operator=, with the variant fields left as they are: for a scratch
  // position that already holds other's fields, and whose playouts leave
  // them alone (a legality test playing moves out one after another).
  void assign_board(const Position& other);
  Position(Position&& other) : Position(static_cast<const Position&>(other)) {}
  Position& operator=(Position&& other) { return *this = static_cast<const Position&>(other); }

  const BoardShape& shape() const { return shape_; }
  const PieceSet& kinds() const { return *kinds_; }
  const PieceKind& kind_of(const Piece& p) const { return (*kinds_)[p.kind]; }

  // Every piece ever placed, indexed by id; those off the board have no square.
  std::span<const Piece> pieces() const { return {pieces_.items, piece_count_}; }
  const Piece& piece(PieceId id) const {
    assert(id < piece_count_);
    return pieces_.items[id];
  }

  // The pieces on a square, in arrival order.
  // Every square argument must be on the board (asserted: release builds keep
  // assertions, so a stray kNoSquare stops the program instead of reading
  // outside the index).
  std::span<const PieceId> at(Square s) const {
    assert(on_board(s));
    return {stacks_[s].ids.data(), stacks_[s].count};
  }
  int count(Square s) const { return at(s).size(); }
  // Whether the square's list holds the piece (s must be on the board, and
  // is not asserted: for a caller that has just checked it).
  bool lists(Square s, PieceId id) const {
    const Stack& stack = stacks_[s];
    for (int i = 0; i < stack.count; ++i)
      if (stack.ids[i] == id) return true;
    return false;
  }
  // How many pieces the squares' lists hold in all (each on-board piece
  // once, where the square index is in step with the pieces).
  std::size_t listed() const {
    std::size_t n = 0;
    for (int s = 0; s < shape_.size(); ++s) n += stacks_[s].count;
    return n;
  }
  bool empty(Square s) const { return at(s).empty(); }
  // The only (or first) piece on a square, or kNoPiece.
  PieceId occupant(Square s) const { return at(s).empty() ? kNoPiece : stacks_[s].ids[0]; }
  bool on_board(Square s) const { return s >= 0 && s < shape_.size(); }

  // Mutations keep the square index in step with the pieces.
  // add returns kNoPiece when the square already holds kMaxStack pieces, or
  // the position kMaxPieces.
  PieceId add(KindId kind, Color color, Square s);
  void remove(PieceId id);
  void move(PieceId id, Square to);  // false-free: callers check the target has room
  void set_kind(PieceId id, KindId kind) { pieces_.items[id].kind = kind; }
  void set_flags(PieceId id, std::uint32_t flags) { pieces_.items[id].flags = flags; }
  void set_counter(PieceId id, std::int16_t n) { pieces_.items[id].counter = n; }
  void set_partner(PieceId id, Square s) { pieces_.items[id].partner_square = s; }

  // The square of the first on-board piece of this kind and colour, or kNoSquare.
  Square find(KindId kind, Color color) const;

  Color side_to_move = Color::White;
  std::uint8_t castling = 0;
  Square en_passant = kNoSquare;
  int halfmove_clock = 0;
  int fullmove_number = 1;
  VarMap vars;  // a variant's own state, by name

 private:
  // Trivially constructible, so that a copy need not first clear the squares
  // it does not copy (the constructors set every square of the board).
  struct Stack {
    std::uint8_t count;
    std::array<PieceId, kMaxStack> ids;
  };
  void unlink(PieceId id);
  void link(PieceId id, Square s);

  // Room for kMaxPieces pieces, left unset until placed: only the first
  // piece_count_ are ever read.
  struct PieceStore {
    PieceStore() {}
    union {
      Piece items[kMaxPieces];
    };
  };

  BoardShape shape_;
  const PieceSet* kinds_;
  PieceStore pieces_;
  std::size_t piece_count_ = 0;
  std::array<Stack, kMaxSquares> stacks_;  // squares past shape_.size() are never read
};

// Whether two positions hold the same pieces (kind, colour, flags, counter,
// partner) in the same order on every square, and the same side state and
// variant fields: what the extended FEN writes, compared without writing it.
bool same_position(const Position& a, const Position& b);

}  // namespace arbiter
