// Pseudo-legal moves of the Existentialist Chess pieces whose movement is data.
#include "model/variants/existentialist/movegen.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <vector>

#include "model/variants/existentialist/pieces.h"
#include "model/variants/existentialist/state.h"

namespace arbiter::existentialist {

namespace {

void add_unique(MoveList& out, const Move& m) {
  for (const Move& have : out)
    if (have.same_action(m)) return;
  out.push_back(m);
}

bool uncapturable(const Piece& p) {
  switch (p.kind) {
    case kHyena:
    case kYanzee:
    case kShield:
      return true;
    case kExistentialist:
      return p.has(kFlagHibernating);
    default:
      return p.has(kFlagInvulnerable);
  }
}

// The moves that a piece's movements reach: a rider stops at the first
// occupied square, taking it if it may be captured; a leaper lands on an
// empty square or captures; a cannon-like step passes one screen first.
void moves_by(const Position& pos, const Piece& piece, std::span<const Movement> movements,
              MoveList& out) {
  const BoardShape& shape = pos.shape();
  for (const Movement& m : movements) {
    for (const Step& st : expand(m)) {
      int dr = piece.color == Color::White ? st.dr : -st.dr;
      int limit = st.range == 0 ? kMaxFiles + kMaxRanks : st.range;
      bool screened = false;
      Square s = piece.square;
      for (int n = 0; n < limit; ++n) {
        s = shape.offset(s, st.df, dr);
        if (s == kNoSquare) break;
        bool occupied = !pos.empty(s);
        if (st.hop == Hop::Screen && !screened) {
          screened = occupied;
          continue;
        }
        if (!occupied) {
          if (st.mode != MoveMode::CaptureOnly) add_unique(out, Move{piece.square, s});
          continue;
        }
        if (st.mode != MoveMode::MoveOnly && capturable(pos, s, piece.color))
          add_unique(out, Move{piece.square, s});
        break;
      }
    }
  }
}

bool alone(const Position& pos, const Piece& piece) {
  return pos.count(piece.square) == 1;
}

// The movement sets code chooses between, made once: data_movements copies
// the one in force into place instead of building it on the heap each time.
struct ChosenSets {
  std::vector<Movement> queen = queen_lines();
  std::vector<Movement> knight_side = knight_or_wizard();
  std::vector<Movement> first_rank_sideways = stage3_first_rank();
  std::array<std::vector<Movement>, 11> stages;  // by the move's number, 1..10
  std::array<std::vector<Movement>, 10> bobber;  // by range, 1..9 (nine and more ride alike)

  ChosenSets() {
    for (int stage = 1; stage <= 10; ++stage) stages[stage] = stage_movements(stage);
    for (int range = 1; range <= 9; ++range) bobber[range] = bobber_lines(range);
  }
};

const ChosenSets& chosen_sets() {
  static const ChosenSets sets;
  return sets;
}

Movements in_place(std::span<const Movement> set) {
  Movements out;
  out.assign(set.begin(), set.end());
  return out;
}

}  // namespace

bool capturable(const Position& pos, Square s, Color by) {
  auto ids = pos.at(s);
  if (ids.empty()) return false;
  for (PieceId id : ids) {
    const Piece& p = pos.piece(id);
    if (p.color == by || uncapturable(p)) return false;
  }
  return true;
}

bool moves_as_its_kind(KindId kind) {
  switch (kind) {
    case kKing:
    case kSquire:
    case kViceroy:
    case kPawn:
    case kCrownedKnight:
    case kHyena:
    case kArcher:
    case kZednick:
    case kYanzee:
    case kQueen:
    case kRook:
    case kBishop:
    case kKnight:
    case kWildcat:
      return true;
    default:
      return false;
  }
}

std::optional<Movements> data_movements(const Position& pos, const Piece& piece) {
  if (moves_as_its_kind(piece.kind)) return in_place(pos.kind_of(piece).movements);
  const ChosenSets& sets = chosen_sets();
  switch (piece.kind) {
    case kBobber: {
      // existentialist.bobber.range_grows
      int range = bobber_range(piece);
      if (range >= 1) return in_place(sets.bobber[std::min(range, 9)]);
      return in_place(bobber_lines(range));  // a counter below zero (a hand-written position)
    }
    case kLeftSchizzy:
    case kRightSchizzy:
      // existentialist.schizzy.start_file_decides
      return in_place(
          on_knight_side(static_cast<Kind>(piece.kind), pos.shape().file_of(piece.square))
              ? sets.knight_side
              : sets.queen);
    case kExistentialist: {
      // existentialist.hibernation.impervious: no move while it hibernates.
      if (piece.has(kFlagHibernating)) return Movements{};
      int stage = next_stage(piece);
      if (stage == 0 || stage == 1 || stage == 5) return std::nullopt;
      if (stage == 3 && own_rank(pos.shape(), piece.color, piece.square) == 0)
        return in_place(sets.first_rank_sideways);
      assert(stage >= 1 && stage <= 10);  // as stage_movements asks
      return in_place(sets.stages[stage]);
    }
    default:
      return std::nullopt;
  }
}

bool covered(const Position& pos, const Piece& piece) {
  return piece.on_board() && alone(pos, piece) && data_movements(pos, piece).has_value();
}

void pseudo_moves(const Position& pos, const Piece& piece, MoveList& out) {
  if (!covered(pos, piece)) return;
  if (piece.kind != kPawn) {
    moves_by(pos, piece, *data_movements(pos, piece), out);
    return;
  }
  MoveList steps;
  moves_by(pos, piece, *data_movements(pos, piece), steps);
  // existentialist.pawn.double_step: from its own third rank, both squares empty.
  const BoardShape& shape = pos.shape();
  int forward = piece.color == Color::White ? 1 : -1;
  if (own_rank(shape, piece.color, piece.square) == 2) {
    Square one = shape.offset(piece.square, 0, forward),
           two = shape.offset(piece.square, 0, 2 * forward);
    if (one != kNoSquare && two != kNoSquare && pos.empty(one) && pos.empty(two))
      steps.push_back(Move{piece.square, two, kNoKind, kMoveDoubleStep});
  }
  // existentialist.pawn.promotion: on its last rank, one move per new kind.
  for (const Move& m : steps) {
    if (own_rank(shape, piece.color, m.to) != shape.ranks - 1) {
      out.push_back(m);
      continue;
    }
    for (Kind k : kPromotionKinds)
      out.push_back(Move{m.from, m.to, static_cast<KindId>(k), m.flags});
  }
}

}  // namespace arbiter::existentialist
