// The board rules of Gravity Chess: stacking, downward moves, points.
#include "model/variants/gravity/rules.h"

#include "model/variants/gravity/clauses.h"

namespace arbiter::gravity {

namespace {

struct Dir {
  int df, dr;
};
constexpr Dir kDownRook[] = {{0, -1}};
constexpr Dir kDownBishop[] = {{-1, -1}, {1, -1}};
constexpr Dir kDownQueen[] = {{0, -1}, {-1, -1}, {1, -1}};
constexpr Dir kSideways[] = {{-1, 0}, {1, 0}};
constexpr Dir kDownKnight[] = {{-1, -2}, {1, -2}, {-2, -1}, {2, -1}};

bool slides(KindId k) { return k == kQueen || k == kRook || k == kBishop; }

// The downward directions of a kind (for the king and knight: steps, leaps).
std::span<const Dir> downward(KindId k) {
  switch (k) {
    case kKing:
    case kQueen: return kDownQueen;
    case kRook: return kDownRook;
    case kBishop: return kDownBishop;
    case kKnight: return kDownKnight;
    default: return {};
  }
}
// Pieces that may capture along their own row: those that move along rows in chess.
bool captures_sideways(KindId k) { return k == kKing || k == kQueen || k == kRook; }

// Whether the piece on `target` may be taken by a piece of colour `by`
// (gravity.move.no_capture_stacked, gravity.king_capture).
bool capturable(const Position& pos, Square target, Color by, const Config& c, const SquareSet& stacked) {
  const Piece& p = pos.piece(pos.occupant(target));
  if (p.color == by || stacked[target]) return false;
  return p.kind != kKing || c.king_capturable;
}

// The first occupied square from `from` along a direction, or kNoSquare.
Square first_hit(const Position& pos, Square from, Dir d, bool ride) {
  const BoardShape& shape = pos.shape();
  for (Square s = shape.offset(from, d.df, d.dr); s != kNoSquare; s = shape.offset(s, d.df, d.dr)) {
    if (!pos.empty(s)) return s;
    if (!ride) return kNoSquare;
  }
  return kNoSquare;
}

// Whether a piece not on the bottom row has all its possible downward moves
// blocked by stacked pieces (gravity.stacked.blocked_by_stacked), the rows
// below it being decided already.
bool blocked_by_stacked(const Position& pos, Square sq, const Config& c, const SquareSet& stacked) {
  const BoardShape& shape = pos.shape();
  const Piece& p = pos.piece(pos.occupant(sq));
  // A line's first square: empty (a move), an unstacked piece (blocked by a
  // piece that may still go, or taken): either leaves the piece unstacked.
  auto open = [&](Square s) { return s != kNoSquare && !stacked[s]; };
  if (p.kind == kPawn) {
    Square below = shape.offset(sq, 0, -1);
    if (open(below)) return false;
    // gravity.pawn_stacking: straight_only, the square below alone decides;
    // captures_now, a capture the pawn could make now keeps it unstacked (an
    // empty diagonal square is no possible move).
    if (c.pawn_straight_only) return true;
    for (int df : {-1, 1}) {
      Square diag = shape.offset(sq, df, -1);
      if (diag != kNoSquare && !pos.empty(diag) && capturable(pos, diag, p.color, c, stacked)) return false;
    }
    return true;
  }
  for (Dir d : downward(p.kind)) {
    Square step = shape.offset(sq, d.df, d.dr);
    if (step == kNoSquare) continue;
    if (pos.empty(step)) return false;
    if (!stacked[step]) return false;
  }
  return true;
}

}  // namespace

Config config_in_force(const Readings& readings) {
  Config c;
  c.king_capturable = readings.in_force(*find_reading(gravity::readings(), reading::kKingCapture)) == "allowed";
  c.pawn_straight_only = readings.in_force(*find_reading(gravity::readings(), reading::kPawnStacking)) == "straight_only";
  c.stacking_permanent = readings.in_force(*find_reading(gravity::readings(), reading::kStackedStays)) == "permanent";
  c.blocked_capture_optional =
      readings.in_force(*find_reading(gravity::readings(), reading::kBlockedCapture)) == "optional";
  return c;
}

SquareSet stacked_squares(const Position& pos, const Config& c) {
  const BoardShape& shape = pos.shape();
  SquareSet stacked{};
  for (int f = 0; f < shape.files; ++f) {
    Square s = shape.square(f, 0);
    stacked[s] = !pos.empty(s);  // gravity.stacked.bottom_row
  }
  for (int r = 1; r < shape.ranks; ++r) {
    // By the downward moves alone (gravity.stacked.blocked_by_stacked: a
    // capture on the piece's own row is no downward move). The row by file
    // (the rows above are not stacked yet, so `stacked` holds nothing past
    // row r - 1).
    // gravity.stacked_stays=permanent: a piece once stacked stays so.
    std::array<bool, kMaxFiles> row{};
    for (int f = 0; f < shape.files; ++f) {
      Square s = shape.square(f, r);
      if (pos.empty(s)) continue;
      row[f] = (c.stacking_permanent && pos.piece(pos.occupant(s)).has(kFlagImmobile)) ||
               blocked_by_stacked(pos, s, c, stacked);
    }
    for (int f = 0; f < shape.files; ++f) stacked[shape.square(f, r)] = row[f];
  }
  return stacked;
}

void mark_stacked(Position& pos, const Config& c) {
  SquareSet stacked = stacked_squares(pos, c);
  for (PieceId id = 0; id < pos.pieces().size(); ++id) {
    const Piece& p = pos.piece(id);
    if (!p.on_board()) continue;
    std::uint32_t flags = stacked[p.square] ? (p.flags | kFlagImmobile) : (p.flags & ~std::uint32_t{kFlagImmobile});
    if (flags != p.flags) pos.set_flags(id, flags);
  }
}

void piece_moves(const Position& pos, Square from, const Config& c, const SquareSet& stacked, PieceMoves& out) {
  if (stacked[from]) return;  // gravity.stacked.not_moved_or_captured
  const BoardShape& shape = pos.shape();
  const Piece& p = pos.piece(pos.occupant(from));
  auto add = [&](Square to, std::uint8_t flags = 0) { out.push_back(Move{from, to, kNoKind, flags, 0}); };
  if (p.kind == kPawn) {
    // gravity.pawn.moves: one step down to an empty square, or a capture one
    // square diagonally down; gravity.pawn.double_step on its first move.
    Square one = shape.offset(from, 0, -1);
    if (one != kNoSquare && pos.empty(one)) {
      add(one);
      Square two = shape.offset(one, 0, -1);
      if (!p.has(kFlagMoved) && two != kNoSquare && pos.empty(two)) add(two, kMoveDoubleStep);
    }
    for (int df : {-1, 1}) {
      Square diag = shape.offset(from, df, -1);
      if (diag != kNoSquare && !pos.empty(diag) && capturable(pos, diag, p.color, c, stacked)) add(diag);
    }
    return;
  }
  // gravity.move.downward_only: every move ends at least one row lower.
  bool ride = slides(p.kind);
  for (Dir d : downward(p.kind)) {
    for (Square s = shape.offset(from, d.df, d.dr); s != kNoSquare; s = shape.offset(s, d.df, d.dr)) {
      if (pos.empty(s)) {
        add(s);
      } else {
        if (capturable(pos, s, p.color, c, stacked)) add(s);
        break;
      }
      if (!ride) break;
    }
  }
  // gravity.move.capture_same_row: a capture may end on the piece's own row.
  if (captures_sideways(p.kind)) {
    for (Dir d : kSideways) {
      Square hit = first_hit(pos, from, d, p.kind != kKing);
      if (hit != kNoSquare && capturable(pos, hit, p.color, c, stacked)) add(hit);
    }
  }
}

Tally tally(const Position& pos, const SquareSet& stacked, int captured_white, int captured_black) {
  Tally t;
  // gravity.score.captured_piece: one point for each piece a player captured.
  t.points[0] = captured_white;
  t.points[1] = captured_black;
  // gravity.score.stacked_row: a stacked piece on row r is worth r points.
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || !stacked[p.square]) continue;
    int row = pos.shape().rank_of(p.square);
    int side = p.color == Color::White ? 0 : 1;
    t.points[side] += row + 1;
    if (row < 8) ++t.per_row[side][row];
  }
  return t;
}

int compare(const Tally& t, bool* by_tie_break) {
  *by_tie_break = false;
  // gravity.score.most_points_wins
  if (t.points[0] != t.points[1]) return t.points[0] > t.points[1] ? 1 : -1;
  // gravity.score.tie_break_rows: from the highest row down.
  *by_tie_break = true;
  for (int row = 7; row >= 0; --row)
    if (t.per_row[0][row] != t.per_row[1][row]) return t.per_row[0][row] > t.per_row[1][row] ? 1 : -1;
  return 0;  // gravity.score.all_rows_tied
}

const PieceSet& kinds() {
  static const PieceSet set = [] {
    PieceSet s;
    s.add(arbiter::kinds::king());
    s.add(arbiter::kinds::queen());
    s.add(arbiter::kinds::rook());
    s.add(arbiter::kinds::bishop());
    s.add(arbiter::kinds::knight());
    s.add(arbiter::kinds::pawn());
    return s;
  }();
  return set;
}

}  // namespace arbiter::gravity
