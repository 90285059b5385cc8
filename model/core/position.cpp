#include "model/core/position.h"

#include <algorithm>
#include <cassert>

namespace arbiter {

Position::Position(BoardShape shape, const PieceSet& kinds) : shape_(shape), kinds_(&kinds) {
  for (Square s = 0; s < shape_.size(); ++s) stacks_[s] = Stack{0, {}};
}

Position::Position(const Position& other)
    : side_to_move(other.side_to_move),
      castling(other.castling),
      en_passant(other.en_passant),
      halfmove_clock(other.halfmove_clock),
      fullmove_number(other.fullmove_number),
      vars(other.vars),
      shape_(other.shape_),
      kinds_(other.kinds_),
      piece_count_(other.piece_count_) {
  std::copy_n(other.pieces_.items, piece_count_, pieces_.items);
  std::copy_n(other.stacks_.begin(), shape_.size(), stacks_.begin());
}

Position& Position::operator=(const Position& other) {
  if (this == &other) return *this;
  vars = other.vars;
  assign_board(other);
  return *this;
}

void Position::assign_board(const Position& other) {
  if (this == &other) return;
  assert(vars.size() == other.vars.size());  // this already holds other's fields (a cheap part of that)
  side_to_move = other.side_to_move;
  castling = other.castling;
  en_passant = other.en_passant;
  halfmove_clock = other.halfmove_clock;
  fullmove_number = other.fullmove_number;
  shape_ = other.shape_;
  kinds_ = other.kinds_;
  piece_count_ = other.piece_count_;
  std::copy_n(other.pieces_.items, piece_count_, pieces_.items);
  std::copy_n(other.stacks_.begin(), shape_.size(), stacks_.begin());
}

PieceId Position::add(KindId kind, Color color, Square s) {
  assert(s >= 0 && s < shape_.size());
  if (stacks_[s].count >= kMaxStack || piece_count_ >= static_cast<std::size_t>(kMaxPieces)) return kNoPiece;
  Piece p;
  p.id = static_cast<PieceId>(piece_count_);
  p.kind = kind;
  p.color = color;
  pieces_.items[piece_count_++] = p;
  link(p.id, s);
  return p.id;
}

void Position::remove(PieceId id) {
  if (pieces_.items[id].on_board()) unlink(id);
}

void Position::move(PieceId id, Square to) {
  assert(to >= 0 && to < shape_.size());
  if (pieces_.items[id].on_board()) unlink(id);
  link(id, to);
}

Square Position::find(KindId kind, Color color) const {
  for (const Piece& p : pieces())
    if (p.on_board() && p.kind == kind && p.color == color) return p.square;
  return kNoSquare;
}

void Position::unlink(PieceId id) {
  Stack& st = stacks_[pieces_.items[id].square];
  int out = 0;
  for (int i = 0; i < st.count; ++i)
    if (st.ids[i] != id) st.ids[out++] = st.ids[i];
  st.count = static_cast<std::uint8_t>(out);
  pieces_.items[id].square = kNoSquare;
}

void Position::link(PieceId id, Square s) {
  Stack& st = stacks_[s];
  assert(st.count < kMaxStack);
  st.ids[st.count++] = id;
  pieces_.items[id].square = s;
}

bool same_position(const Position& a, const Position& b) {
  if (!(a.shape() == b.shape()) || a.side_to_move != b.side_to_move || a.castling != b.castling ||
      a.en_passant != b.en_passant || a.halfmove_clock != b.halfmove_clock || a.fullmove_number != b.fullmove_number ||
      !(a.vars == b.vars))
    return false;
  for (Square s = 0; s < a.shape().size(); ++s) {
    std::span<const PieceId> x = a.at(s), y = b.at(s);
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i) {
      const Piece &p = a.piece(x[i]), &q = b.piece(y[i]);
      if (p.kind != q.kind || p.color != q.color || p.flags != q.flags || p.counter != q.counter ||
          p.partner_square != q.partner_square)
        return false;
    }
  }
  return true;
}

}  // namespace arbiter
