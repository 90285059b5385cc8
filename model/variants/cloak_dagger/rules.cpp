// Move generation of Cloak and Dagger Chess on the compact board.
#include "model/variants/cloak_dagger/rules.h"

#include <cstdlib>

#include "model/variants/cloak_dagger/cloak_dagger.h"

namespace arbiter::cloak_dagger {

Options with_alternative(Options o, std::string_view point, std::string_view alt) {
  if (point == reading::kCheckKnowledge) o.umpire = alt == "umpire";
  else if (point == reading::kKingCapture) o.king_capture_wins = alt == "wins";
  else if (point == reading::kGuessRepeat) o.guess_any = alt == "any";
  else if (point == reading::kBonusCapture) o.bonus_no_capture = alt == "non_capturing";
  else if (point == reading::kDropCheck) o.drop_no_check = alt == "not_checking";
  else if (point == reading::kPromotion) o.promote_cloaked = alt == "cloaked";
  else if (point == reading::kStalemate) o.stalemate_loss = alt == "loss";
  else if (point == reading::kDraws) o.no_move_count_draw = alt == "none";
  return o;
}

Options options_of(const Readings& r) {
  Options o;
  for (const ReadingPoint& p : readings()) o = with_alternative(o, p.id, r.in_force(p));
  return o;
}

Board board_of(const Position& pos) {
  Board b;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    Cell c = static_cast<Cell>(p.kind + 1);
    if (p.color == Color::Black) c |= 8;
    if (p.has(kFlagCloaked)) c |= 16;
    b.cells[p.square] = c;
  }
  b.en_passant = pos.en_passant;
  return b;
}

namespace {

constexpr int kKnightSteps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kDiagonals[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
constexpr int kOrthogonals[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

Square at(int f, int r) { return (f < 0 || f > 7 || r < 0 || r > 7) ? kNoSquare : static_cast<Square>(r * 8 + f); }
int file_of(Square s) { return s % 8; }
int rank_of(Square s) { return s / 8; }
int forward(Color c) { return c == Color::White ? 1 : -1; }
int home_rank(Color c) { return c == Color::White ? 0 : 7; }

bool counts(Cell c, Color by, bool visible_only) {
  return c != 0 && cell_color(c) == by && !(visible_only && cell_cloaked(c));
}

}  // namespace

bool attacked(const Board& b, Square sq, Color by, bool visible_only) {
  int f = file_of(sq), r = rank_of(sq);
  for (const auto& d : kKnightSteps) {
    Square t = at(f + d[0], r + d[1]);
    if (t != kNoSquare && counts(b.cells[t], by, visible_only) && cell_kind(b.cells[t]) == kKnight) return true;
  }
  auto rays = [&](const int (&dirs)[4][2], int slider) {
    for (const auto& d : dirs) {
      for (int n = 1;; ++n) {
        Square t = at(f + d[0] * n, r + d[1] * n);
        if (t == kNoSquare) break;
        Cell c = b.cells[t];
        if (c == 0) continue;
        if (counts(c, by, visible_only)) {
          int k = cell_kind(c);
          if (k == slider || k == kQueen || (n == 1 && k == kKing)) return true;
          // A pawn attacks one step diagonally forwards (towards sq from its side).
          if (n == 1 && k == kPawn && slider == kBishop && d[1] == -forward(by)) return true;
        }
        break;
      }
    }
    return false;
  };
  return rays(kDiagonals, kBishop) || rays(kOrthogonals, kRook);
}

bool king_in_check(const Board& b, Color c, const Options& o) {
  for (int sq = 0; sq < 64; ++sq) {
    Cell cell = b.cells[sq];
    if (cell != 0 && cell_kind(cell) == kKing && cell_color(cell) == c)
      return !cell_cloaked(cell) && attacked(b, static_cast<Square>(sq), opposite(c), !o.umpire);
  }
  return false;
}

int castle_king_file(int king_file, int rook_file) { return rook_file > king_file ? 6 : 2; }
int castle_rook_file(int king_file, int rook_file) { return rook_file > king_file ? 5 : 3; }

namespace {

// The board after a move of c (for the legality test only).
Board after(const Board& b, const Move& m, Color c) {
  Board n = b;
  if (m.code == kCodeDrop) {
    n.cells[m.to] = static_cast<Cell>(kPawn + 1) | (c == Color::Black ? 8 : 0);
    return n;
  }
  if (m.is(kMoveCastle)) {
    Cell king = n.cells[m.from], rook = n.cells[m.to];
    int r = rank_of(m.from);
    int kf = castle_king_file(file_of(m.from), file_of(m.to)), rf = castle_rook_file(file_of(m.from), file_of(m.to));
    n.cells[m.from] = 0;
    n.cells[m.to] = 0;
    n.cells[r * 8 + kf] = king;
    n.cells[r * 8 + rf] = rook;
    return n;
  }
  Cell moving = n.cells[m.from];
  if (m.is(kMoveEnPassant)) n.cells[rank_of(m.from) * 8 + file_of(m.to)] = 0;
  if (m.promotion != kNoKind) moving = static_cast<Cell>((moving & ~7) | (m.promotion + 1));
  n.cells[m.from] = 0;
  n.cells[m.to] = moving;
  return n;
}

Square king_square(const Board& b, Color c) {
  for (int sq = 0; sq < 64; ++sq) {
    Cell cell = b.cells[sq];
    if (cell != 0 && cell_kind(cell) == kKing && cell_color(cell) == c) return static_cast<Square>(sq);
  }
  return kNoSquare;
}

bool aligned(Square a, Square b) {
  int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
  return df == 0 || dr == 0 || df == dr || df == -dr;
}

// The moves of `pseudo` that do not leave c's uncloaked king attacked (as the
// options count attacks); a cloaked king ignores check
// (cloak-dagger.king.cloaked_ignores_check).
std::vector<Move> keep_king_safe(const Board& b, const std::vector<Move>& pseudo, Color c, const Options& o) {
  Square k = king_square(b, c);
  if (k == kNoSquare || cell_cloaked(b.cells[k])) return pseudo;
  bool in_check = attacked(b, k, opposite(c), !o.umpire);
  std::vector<Move> out;
  out.reserve(pseudo.size());
  for (const Move& m : pseudo) {
    bool king_moves = m.from == k;
    // Out of check, only a king move, en passant or a piece in line with the
    // king (a pin) can expose it; a drop cannot.
    bool can_expose = in_check || king_moves || m.is(kMoveEnPassant) || (m.code != kCodeDrop && aligned(m.from, k));
    if (!can_expose) {
      out.push_back(m);
      continue;
    }
    Square to = k;
    if (king_moves) to = m.is(kMoveCastle) ? static_cast<Square>(rank_of(k) * 8 + castle_king_file(file_of(k), file_of(m.to))) : m.to;
    if (!attacked(after(b, m, c), to, opposite(c), !o.umpire)) out.push_back(m);
  }
  return out;
}

// May c's piece capture what stands on t? (An uncloaked king only under
// cloak-dagger.uncloaked_king_capture=wins.)
bool capturable(Cell target, Color c, const Options& o) {
  if (target == 0 || cell_color(target) == c) return false;
  if (cell_kind(target) == kKing && !cell_cloaked(target) && !o.king_capture_wins) return false;
  return true;
}

void add_pawn_moves(const Board& b, Square from, Color c, bool captures, const Options& o, std::vector<Move>& out) {
  int f = file_of(from), r = rank_of(from), fw = forward(c);
  int last = c == Color::White ? 7 : 0;
  auto push = [&](Square to, std::uint8_t flags) {
    if (rank_of(to) == last) {
      for (KindId k : {kQueen, kRook, kBishop, kKnight}) out.push_back(Move{from, to, k, flags});
    } else {
      out.push_back(Move{from, to, kNoKind, flags});
    }
  };
  // cloak-dagger.pawns.as_usual: one step, the double step from the second
  // rank, diagonal captures, en passant, promotion.
  Square one = at(f, r + fw);
  if (one != kNoSquare && b.cells[one] == 0) {
    push(one, 0);
    Square two = at(f, r + 2 * fw);
    if (r == home_rank(c) + fw && two != kNoSquare && b.cells[two] == 0) push(two, kMoveDoubleStep);
  }
  if (!captures) return;
  for (int df : {-1, 1}) {
    Square t = at(f + df, r + fw);
    if (t == kNoSquare) continue;
    if (capturable(b.cells[t], c, o)) push(t, 0);
    else if (t == b.en_passant && b.cells[t] == 0) {
      // The pawn that passed stands beside: an enemy pawn (the side that made
      // the double step may move again, in its bonus move, and has no right here).
      Cell passed = b.cells[r * 8 + f + df];
      if (passed != 0 && cell_color(passed) != c && cell_kind(passed) == kPawn) push(t, kMoveEnPassant);
    }
  }
}

void add_piece_moves(const Board& b, Square from, Color c, const Options& o, std::vector<Move>& out) {
  int kind = cell_kind(b.cells[from]);
  int f = file_of(from), r = rank_of(from);
  auto target_ok = [&](Square t) { return b.cells[t] == 0 || capturable(b.cells[t], c, o); };
  auto ride = [&](const int (&dirs)[4][2], int range) {
    for (const auto& d : dirs)
      for (int n = 1; n <= range; ++n) {
        Square t = at(f + d[0] * n, r + d[1] * n);
        if (t == kNoSquare) break;
        if (target_ok(t)) out.push_back(Move{from, t});
        if (b.cells[t] != 0) break;
      }
  };
  switch (kind) {
    case kKing:
      ride(kDiagonals, 1);
      ride(kOrthogonals, 1);
      break;
    case kQueen:
      ride(kDiagonals, 7);
      ride(kOrthogonals, 7);
      break;
    case kRook:
      ride(kOrthogonals, 7);
      break;
    case kBishop:
      ride(kDiagonals, 7);
      break;
    case kKnight:
      for (const auto& d : kKnightSteps) {
        Square t = at(f + d[0], r + d[1]);
        if (t != kNoSquare && target_ok(t)) out.push_back(Move{from, t});
      }
      break;
    default:
      break;
  }
}

// cloak-dagger.castle.chess960_squares, .path_empty, .uncloaked_not_attacked.
void add_castling(const Position& pos, const Board& b, Color c, const Options& o, std::vector<Move>& out) {
  Square king_sq = kNoSquare;
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == c && p.kind == kKing) king_sq = p.square;
  if (king_sq == kNoSquare || rank_of(king_sq) != home_rank(c)) return;
  const Piece& king = pos.piece(pos.occupant(king_sq));
  if (king.has(kFlagMoved)) return;
  int r = home_rank(c), kf = file_of(king_sq);
  for (const Piece& rook : pos.pieces()) {
    if (!rook.on_board() || rook.color != c || rook.kind != kRook || rook.has(kFlagMoved)) continue;
    if (rank_of(rook.square) != r || rook.counter == 0) continue;  // only an original rook
    int rf = file_of(rook.square);
    int kt = castle_king_file(kf, rf), rt = castle_rook_file(kf, rf);
    bool clear = true;
    int lo = std::min({kf, kt, rf, rt}), hi = std::max({kf, kt, rf, rt});
    // Every square the king or rook crosses or lands on is empty but for the two.
    for (int file = lo; file <= hi && clear; ++file) {
      bool on_king_path = file >= std::min(kf, kt) && file <= std::max(kf, kt);
      bool on_rook_path = file >= std::min(rf, rt) && file <= std::max(rf, rt);
      if (!on_king_path && !on_rook_path) continue;
      Square sq = at(file, r);
      if (sq != king_sq && sq != rook.square && b.cells[sq] != 0) clear = false;
    }
    if (!clear) continue;
    if (!king.has(kFlagCloaked)) {
      // The king's start, the squares it crosses and its end: not attacked.
      bool safe = true;
      Board without_king = b;
      for (int file = std::min(kf, kt); file <= std::max(kf, kt) && safe; ++file)
        safe = !attacked(without_king, at(file, r), opposite(c), !o.umpire);
      if (!safe) continue;
    }
    out.push_back(Move{king_sq, rook.square, kNoKind, kMoveCastle});
  }
}

}  // namespace

std::vector<Move> regular_moves(const Position& pos, Color c, const Options& o) {
  Board b = board_of(pos);
  std::vector<Move> pseudo;
  for (int sq = 0; sq < 64; ++sq) {
    Cell cell = b.cells[sq];
    if (cell == 0 || cell_color(cell) != c) continue;
    if (cell_kind(cell) == kPawn) add_pawn_moves(b, static_cast<Square>(sq), c, true, o, pseudo);
    else add_piece_moves(b, static_cast<Square>(sq), c, o, pseudo);
  }
  add_castling(pos, b, c, o, pseudo);
  return keep_king_safe(b, pseudo, c, o);
}

std::vector<Move> bonus_moves(const Position& pos, Color c, int pool, const Options& o) {
  Board b = board_of(pos);
  std::vector<Move> pseudo;
  // cloak-dagger.bonus.pawn_move_or_drop: a regular pawn move ...
  for (int sq = 0; sq < 64; ++sq) {
    Cell cell = b.cells[sq];
    if (cell != 0 && cell_color(cell) == c && cell_kind(cell) == kPawn)
      add_pawn_moves(b, static_cast<Square>(sq), c, !o.bonus_no_capture, o, pseudo);
  }
  // ... or a captured pawn dropped on an empty square of the second rank.
  if (pool > 0) {
    int r = home_rank(c) + forward(c);
    for (int f = 0; f < 8; ++f) {
      Square t = at(f, r);
      if (b.cells[t] != 0) continue;
      Move drop{kNoSquare, t};
      drop.code = kCodeDrop;
      if (o.drop_no_check) {
        bool gives_check = false;
        for (int df : {-1, 1}) {
          Square a = at(f + df, r + forward(c));
          if (a == kNoSquare) continue;
          Cell x = b.cells[a];
          gives_check = gives_check || (x != 0 && cell_color(x) != c && cell_kind(x) == kKing && !cell_cloaked(x));
        }
        if (gives_check) continue;
      }
      pseudo.push_back(drop);
    }
  }
  return keep_king_safe(b, pseudo, c, o);
}

}  // namespace arbiter::cloak_dagger
