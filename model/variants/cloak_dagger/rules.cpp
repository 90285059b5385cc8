// Move generation of Cloak and Dagger Chess on the compact board.
#include "model/variants/cloak_dagger/rules.h"

#include <cstdlib>

#include "model/variants/cloak_dagger/cloak_dagger.h"

namespace arbiter::cloak_dagger {

Options with_alternative(Options o, std::string_view point, std::string_view alt) {
  if (point == reading::kCheckKnowledge) o.umpire = alt == "umpire";
  else if (point == reading::kKingCapture) o.king_capture_wins = alt == "wins";
  else if (point == reading::kGuessRepeat) o.guess_any = alt == "any";
  else if (point == reading::kPromotion) o.promote_cloaked = alt == "cloaked";
  else if (point == reading::kStalemate) o.stalemate_loss = alt == "loss", o.stalemate_pass = alt == "pass";
  else if (point == reading::kDroppedDoubleStep) o.dropped_single_only = alt == "forbidden";
  return o;
}

Options options_of(const Readings& r) {
  Options o;
  for (const ReadingPoint& p : readings()) o = with_alternative(o, p.id, r.in_force(p));
  return o;
}

PassedSquares passed_squares(const Position& pos) {
  PassedSquares out;
  if (auto it = pos.vars.find(kPassedField); it != pos.vars.end()) {
    std::string_view list = it->second;
    while (!list.empty() && out.size() + 1 < 16) {
      std::size_t comma = list.find(',');
      std::size_t used = 0;
      std::string_view text = list.substr(0, comma);
      auto sq = parse_square(pos.shape(), text, &used);
      if (sq && used == text.size()) out.push_back(*sq);
      if (comma == std::string_view::npos) break;
      list.remove_prefix(comma + 1);
    }
  }
  if (pos.en_passant != kNoSquare) out.push_back(pos.en_passant);
  return out;
}

void set_passed_squares(Position& pos, const PassedSquares& squares) {
  pos.en_passant = squares.empty() ? kNoSquare : squares[squares.size() - 1];
  if (squares.size() < 2) {
    pos.vars.erase(kPassedField);
    return;
  }
  std::string list;
  for (std::size_t i = 0; i + 1 < squares.size(); ++i) {
    if (!list.empty()) list += ',';
    list += square_name(pos.shape(), squares[i]);
  }
  pos.vars[std::string(kPassedField)] = list;
}

Board board_of(const Position& pos) {
  Board b;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    Cell c = static_cast<Cell>(p.kind + 1);
    if (p.color == Color::Black) c |= 8;
    if (p.has(kFlagCloaked)) c |= 16;
    if (p.kind == kPawn && p.has(kFlagMoved)) c |= 32;
    b.cells[p.square] = c;
  }
  for (Square sq : passed_squares(pos))
    if (sq < 64) b.en_passant |= std::uint64_t{1} << sq;
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

// Whether a move of c leaves c's uncloaked king unattacked (as the options
// count attacks); a cloaked king ignores check
// (cloak-dagger.king.cloaked_ignores_check). The king and whether it stands
// in check are found once, for all the moves tested.
class KingSafety {
 public:
  KingSafety(const Board& b, Color c, const Options& o) : b_(b), c_(c), o_(o), king_(king_square(b, c)) {
    guarded_ = king_ != kNoSquare && !cell_cloaked(b.cells[king_]);
    in_check_ = guarded_ && attacked(b, king_, opposite(c), !o.umpire);
  }

  bool keeps(const Move& m) const {
    if (!guarded_) return true;
    bool king_moves = m.from == king_;
    // Out of check, only a king move, en passant or a piece in line with the
    // king (a pin) can expose it; a drop cannot.
    bool can_expose = in_check_ || king_moves || m.is(kMoveEnPassant) || (m.code != kCodeDrop && aligned(m.from, king_));
    if (!can_expose) return true;
    Square to = king_;
    if (king_moves)
      to = m.is(kMoveCastle) ? static_cast<Square>(rank_of(king_) * 8 + castle_king_file(file_of(king_), file_of(m.to)))
                             : m.to;
    return !attacked(after(b_, m, c_), to, opposite(c_), !o_.umpire);
  }

 private:
  const Board& b_;
  Color c_;
  const Options& o_;
  Square king_;
  bool guarded_ = false;
  bool in_check_ = false;
};

// May c's piece capture what stands on t? (An uncloaked king only under
// cloak-dagger.uncloaked_king_capture=wins.)
bool capturable(Cell target, Color c, const Options& o) {
  if (target == 0 || cell_color(target) == c) return false;
  if (cell_kind(target) == kKing && !cell_cloaked(target) && !o.king_capture_wins) return false;
  return true;
}

void add_pawn_moves(const Board& b, Square from, Color c, const Options& o, PieceMoves& out) {
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
    // cloak-dagger.dropped_pawn_double_step: a pawn dropped back (bit 5) steps
    // two squares from its second rank unless the reading forbids it.
    bool may_double = !(o.dropped_single_only && cell_dropped(b.cells[from]));
    if (r == home_rank(c) + fw && two != kNoSquare && b.cells[two] == 0 && may_double) push(two, kMoveDoubleStep);
  }
  for (int df : {-1, 1}) {
    Square t = at(f + df, r + fw);
    if (t == kNoSquare) continue;
    if (capturable(b.cells[t], c, o)) push(t, 0);
    else if (((b.en_passant >> t) & 1) && b.cells[t] == 0) {
      // The pawn that passed stands beside: an enemy pawn (the side that made
      // the double step may move again, in its bonus move, and has no right here;
      // cloak-dagger.en_passant_window may keep several squares, each side's own).
      Cell passed = b.cells[r * 8 + f + df];
      if (passed != 0 && cell_color(passed) != c && cell_kind(passed) == kPawn) push(t, kMoveEnPassant);
    }
  }
}

void add_piece_moves(const Board& b, Square from, Color c, const Options& o, PieceMoves& out) {
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
// Each castling is handed to `visit`, which returns whether to go on (one
// per original rook: not bounded by the board alone, so not listed in place);
// returns false once visit has stopped it.
template <typename Visit>
bool add_castling(const Position& pos, const Board& b, Color c, const Options& o, Visit&& visit) {
  Square king_sq = kNoSquare;
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == c && p.kind == kKing) king_sq = p.square;
  if (king_sq == kNoSquare || rank_of(king_sq) != home_rank(c)) return true;
  const Piece& king = pos.piece(pos.occupant(king_sq));
  if (king.has(kFlagMoved)) return true;
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
      // cloak-dagger.castle.uncloaked_not_attacked: the king's start, the
      // squares it crosses and its end are not attacked. The start too: only
      // "A cloaked king may ... castle out of check".
      bool safe = true;
      Board without_king = b;
      for (int file = std::min(kf, kt); file <= std::max(kf, kt) && safe; ++file)
        safe = !attacked(without_king, at(file, r), opposite(c), !o.umpire);
      if (!safe) continue;
    }
    if (!visit(Move{king_sq, rook.square, kNoKind, kMoveCastle})) return false;
  }
  return true;
}

}  // namespace

namespace {

// Hands each legal regular move of c (only those from `from`, when given) to
// `visit` in the order regular_moves lists them, until visit returns false.
template <typename Visit>
void each_regular_move(const Position& pos, Color c, const Options& o, std::optional<Square> from, Visit&& visit) {
  Board b = board_of(pos);
  KingSafety safety(b, c, o);
  PieceMoves moves;
  for (int sq = 0; sq < 64; ++sq) {
    if (from && *from != sq) continue;
    Cell cell = b.cells[sq];
    if (cell == 0 || cell_color(cell) != c) continue;
    moves.clear();
    if (cell_kind(cell) == kPawn) add_pawn_moves(b, static_cast<Square>(sq), c, o, moves);
    else add_piece_moves(b, static_cast<Square>(sq), c, o, moves);
    for (const Move& m : moves)
      if (safety.keeps(m) && !visit(m)) return;
  }
  add_castling(pos, b, c, o, [&](const Move& m) { return (from && *from != m.from) || !safety.keeps(m) || visit(m); });
}

// The same for the bonus moves (pawn moves, then drops from `pool` pawns).
template <typename Visit>
void each_bonus_move(const Position& pos, Color c, int pool, const Options& o, std::optional<Square> from, Visit&& visit) {
  Board b = board_of(pos);
  // A bonus move, pawn move or drop, may not leave c's uncloaked king
  // attacked, and may block a check: "Pawns are played as usual"
  // (cloak-dagger.pawns.as_usual), and only a cloaked king "may move into
  // check, stay in check" (cloak-dagger.king.cloaked_ignores_check). Which
  // attacks count is cloak-dagger.check_knowledge (the options).
  KingSafety safety(b, c, o);
  // cloak-dagger.bonus.pawn_move_or_drop: a regular pawn move
  // (cloak-dagger.bonus.regular_pawn_move: any, captures included) ...
  PieceMoves moves;
  for (int sq = 0; sq < 64; ++sq) {
    if (from && *from != sq) continue;
    Cell cell = b.cells[sq];
    if (cell == 0 || cell_color(cell) != c || cell_kind(cell) != kPawn) continue;
    moves.clear();
    add_pawn_moves(b, static_cast<Square>(sq), c, o, moves);
    for (const Move& m : moves)
      if (safety.keeps(m) && !visit(m)) return;
  }
  // ... or a captured pawn dropped on an empty square of the second rank
  // (cloak-dagger.bonus.drop_on_empty_second_rank: any such square, check or not).
  if (pool <= 0 || (from && *from != kNoSquare)) return;
  int r = home_rank(c) + forward(c);
  for (int f = 0; f < 8; ++f) {
    Square t = at(f, r);
    if (b.cells[t] != 0) continue;
    Move drop{kNoSquare, t};
    drop.code = kCodeDrop;
    if (safety.keeps(drop) && !visit(drop)) return;
  }
}

}  // namespace

bool keeps_king_safe(const Position& pos, Color c, const Move& m, const Options& o) {
  Board b = board_of(pos);
  return KingSafety(b, c, o).keeps(m);
}

void regular_moves(const Position& pos, Color c, const Options& o, std::vector<Move>& out, std::optional<Square> from) {
  each_regular_move(pos, c, o, from, [&](const Move& m) {
    out.push_back(m);
    return true;
  });
}

bool has_regular_move(const Position& pos, Color c, const Options& o) {
  bool found = false;
  each_regular_move(pos, c, o, std::nullopt, [&](const Move&) { return !(found = true); });
  return found;
}

void bonus_moves(const Position& pos, Color c, int pool, const Options& o, std::vector<Move>& out,
                 std::optional<Square> from) {
  each_bonus_move(pos, c, pool, o, from, [&](const Move& m) {
    out.push_back(m);
    return true;
  });
}

bool has_bonus_move(const Position& pos, Color c, int pool, const Options& o) {
  bool found = false;
  each_bonus_move(pos, c, pool, o, std::nullopt, [&](const Move&) { return !(found = true); });
  return found;
}

}  // namespace arbiter::cloak_dagger
