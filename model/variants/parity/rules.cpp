// Parity Chess: what a player may submit, and the checks.
#include <algorithm>
#include <cstdlib>

#include "model/core/movegen.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/parity/parity.h"

namespace arbiter::parity {

using orthodox::kBishop;
using orthodox::kKing;
using orthodox::kKnight;
using orthodox::kPawn;
using orthodox::kQueen;
using orthodox::kRook;

namespace {

SubmitRules rules_in_force(const Readings& readings) {
  const ReadingTable& t = parity::readings();
  SubmitRules r;
  r.king_into_attack = readings.in_force(*find_reading(t, reading::kKingIntoAttack)) == "allowed";
  r.en_passant_shared = readings.in_force(*find_reading(t, reading::kEnPassantShared)) == "allowed";
  r.castle_any_attack = readings.in_force(*find_reading(t, reading::kCastleAttacks)) == "any_attack";
  return r;
}

}  // namespace

SubmitRules submit_rules(bool single, const Readings& readings) {
  // Most steps run under the default readings: their rules are read once.
  static const SubmitRules defaults = rules_in_force(Readings{});
  SubmitRules r = readings.chosen().empty() ? defaults : rules_in_force(readings);
  r.single = single;
  return r;
}

JustMoved just_moved_squares(const Position& pos) {
  JustMoved out;
  auto it = pos.vars.find(kJustMovedKey);
  if (it == pos.vars.end()) return out;
  // A step reads the same list several times (each side's listing, the step's
  // own checks, the end-of-turn test, then the next step's listing): the last
  // list read is kept with its squares, by its text and the board's shape.
  struct LastRead {
    std::string text;
    BoardShape shape{0, 0};
    JustMoved squares;
  };
  thread_local LastRead last;
  if (it->second == last.text && pos.shape() == last.shape) return last.squares;
  // Each listed name is read as a square; parse_square reads a name in full
  // only when it is the square's own spelling (square_name).
  std::string_view list = it->second;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t comma = list.find(',', start);
    std::string_view name =
        list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    std::size_t used = 0;
    auto sq = parse_square(pos.shape(), name, &used);
    if (sq && used == name.size()) out.set(*sq);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  last = {it->second, pos.shape(), out};
  return out;
}

bool just_moved(const Position& pos, Square s, Color c) {
  return own_at(pos, s, c) != kNoPiece && just_moved_squares(pos).test(s);
}

PieceId own_at(const Position& pos, Square s, Color c) {
  for (PieceId id : pos.at(s))
    if (pos.piece(id).color == c) return id;
  return kNoPiece;
}

namespace {

// Whether a piece of colour `by` not standing on one of the squares `stays`
// could capture on s, with the square `vacated` (when given) counted as empty.
bool threatened_by_free(const Position& pos, Square s, Color by, const JustMoved& stays,
                        Square vacated = kNoSquare) {
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != by) continue;
    if (piece_attacks(pos, p, s, vacated) && !stays.test(p.square)) return true;
  }
  return false;
}

}  // namespace

// A piece of `by` that just moved stands on one of the just-moved squares
// (just_moved(pos, p.square, by)).
bool threatened(const Position& pos, Square s, Color by, bool count_just_moved) {
  return threatened_by_free(pos, s, by, count_just_moved ? JustMoved() : just_moved_squares(pos));
}

bool in_immediate_check(const Position& pos, Color c) {
  Square k = pos.find(kKing, c);
  return k != kNoSquare && pos.count(k) == 1 && threatened(pos, k, opposite(c));
}

Square shared_square(const Position& pos, Color c) {
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == c && pos.count(p.square) > 1) return p.square;
  return kNoSquare;
}

Position apply_alone(const Position& pos, const Move& m, Color c) {
  Position out = pos;
  if (m.is(kMovePass)) return out;
  const BoardShape& shape = pos.shape();
  PieceId mover = own_at(pos, m.from, c);
  Square victim_sq = m.is(kMoveEnPassant) ? shape.square(shape.file_of(m.to), shape.rank_of(m.from)) : m.to;
  PieceId victim = own_at(pos, victim_sq, opposite(c));
  if (victim != kNoPiece) out.remove(victim);
  out.move(mover, m.to);
  if (m.promotion != kNoKind) out.set_kind(mover, m.promotion);
  if (m.is(kMoveCastle)) {
    bool kingside = shape.file_of(m.to) > shape.file_of(m.from);
    int rank = shape.rank_of(m.from);
    out.move(own_at(pos, shape.square(kingside ? 7 : 0, rank), c), shape.square(kingside ? 5 : 3, rank));
  }
  return out;
}

namespace {

// One piece's moves before the king-safety test: a queen on the largest board
// reaches at most 60 squares, a pawn has at most 12 moves, a king 10.
using PieceMoves = BasicMoveList<64>;

void add_pawn_move(const Position& pos, Square from, Square to, std::uint8_t flags, Color c, PieceMoves& out) {
  if (pos.shape().rank_of(to) == (c == Color::White ? pos.shape().ranks - 1 : 0)) {
    for (KindId k : {kQueen, kRook, kBishop, kKnight}) out.push_back(Move{from, to, k, flags});
  } else {
    out.push_back(Move{from, to, kNoKind, flags});
  }
}

// A square a capture may land on: one enemy piece alone. A shared square holds
// a piece of the mover's own colour (parity.occupy.no_friendly_pair,
// parity.occupy.shared_uncapturable).
bool capturable(const Position& pos, Square s, Color c) {
  return pos.count(s) == 1 && pos.piece(pos.occupant(s)).color != c;
}

// The moves of one piece as in standard chess (parity.base.standard_rules),
// with shared squares as above. `captures` false: quiet moves only. `ep`:
// the square a pawn of p's colour may take en passant on (en_passant_for),
// read once by the caller for all of its pieces.
void piece_moves_of(const Position& pos, const Piece& p, bool captures, const SubmitRules& rules, Square ep,
                    PieceMoves& out) {
  const BoardShape& shape = pos.shape();
  Color c = p.color;
  if (p.kind == kPawn) {
    int forward = c == Color::White ? 1 : -1;
    // parity.pawn.shared_square_forward: a pawn on a shared square moves on
    // like any pawn.
    Square one = shape.offset(p.square, 0, forward);
    if (one != kNoSquare && pos.empty(one)) {
      add_pawn_move(pos, p.square, one, 0, c, out);
      bool on_start = shape.rank_of(p.square) == (c == Color::White ? 1 : shape.ranks - 2);
      Square two = on_start ? shape.offset(one, 0, forward) : kNoSquare;
      if (two != kNoSquare && pos.empty(two)) out.push_back(Move{p.square, two, kNoKind, kMoveDoubleStep});
    }
    if (!captures) return;
    for (int df : {-1, 1}) {
      Square to = shape.offset(p.square, df, forward);
      if (to == kNoSquare) continue;
      if (capturable(pos, to, c)) add_pawn_move(pos, p.square, to, 0, c, out);
      if (to != ep || !pos.empty(to)) continue;
      // parity.en_passant.next_move: the pawn that passed `ep` in the last turn.
      Square victim = shape.square(shape.file_of(to), shape.rank_of(p.square));
      PieceId v = own_at(pos, victim, opposite(c));
      if (v == kNoPiece || pos.piece(v).kind != kPawn) continue;
      if (pos.count(victim) > 1 && !rules.en_passant_shared) continue;
      out.push_back(Move{p.square, to, kNoKind, kMoveEnPassant});
    }
    return;
  }
  for (const Step& st : pos.kind_of(p).steps) {
    int limit = st.range == 0 ? kMaxFiles + kMaxRanks : st.range;
    // File and rank are stepped, not read back from the square at each step.
    const int df = st.df, dr = step_dr(st, c);
    int f = shape.file_of(p.square), r = shape.rank_of(p.square);
    for (int n = 0; n < limit; ++n) {
      f += df;
      r += dr;
      if (!shape.contains(f, r)) break;
      Square s = shape.square(f, r);
      if (pos.empty(s)) {
        out.push_back(Move{p.square, s});
        continue;
      }
      if (captures && capturable(pos, s, c)) out.push_back(Move{p.square, s});
      break;
    }
  }
}

// Castling as in standard chess: the king and the rook at home with their
// rights, the squares between empty, and the king's squares not attacked
// (parity.castle_attacks decides which attacks count).
void castling_moves(const Position& pos, const Piece& king, const SubmitRules& rules, PieceMoves& out) {
  const BoardShape& shape = pos.shape();
  Color c = king.color;
  int rank = c == Color::White ? 0 : shape.ranks - 1;
  if (king.square != shape.square(4, rank) || pos.count(king.square) != 1) return;
  for (bool kingside : {true, false}) {
    std::uint8_t right = c == Color::White ? (kingside ? kWhiteKingside : kWhiteQueenside)
                                           : (kingside ? kBlackKingside : kBlackQueenside);
    if (!(pos.castling & right)) continue;
    Square rook_sq = shape.square(kingside ? 7 : 0, rank);
    PieceId rook = own_at(pos, rook_sq, c);
    if (rook == kNoPiece || pos.piece(rook).kind != kRook || pos.count(rook_sq) != 1) continue;
    bool clear = true;
    for (int f = kingside ? 5 : 1; f <= (kingside ? 6 : 3); ++f) clear = clear && pos.empty(shape.square(f, rank));
    if (!clear) continue;
    bool attacked = false;
    for (int f = 4; f != (kingside ? 7 : 1); f += kingside ? 1 : -1)
      attacked = attacked || threatened(pos, shape.square(f, rank), opposite(c), rules.castle_any_attack);
    if (!attacked) out.push_back(Move{king.square, shape.square(kingside ? 6 : 2, rank), kNoKind, kMoveCastle});
  }
}

// The full king-safety test: the move played out on a copy of the position.
// Out of line, so that the copy is made (and its frame set up) only for the
// moves that need it.
[[gnu::noinline]] bool safe_when_played(const Position& pos, const Move& m, Color c) {
  Position after = apply_alone(pos, m, c);
  return !in_immediate_check(after, c);
}

}  // namespace

Submissions::Submissions(const Position& pos, Color c)
    : pos_(pos),
      color_(c),
      shared_(shared_square(pos, c)),
      king_(pos.find(kKing, c)),
      stays_(just_moved_squares(pos)),
      // in_immediate_check(pos, c), with the king and the pieces that just moved read already
      attacked_now_(king_ != kNoSquare && pos.count(king_) == 1 && threatened_by_free(pos, king_, opposite(c), stays_)),
      ep_(simultaneous::en_passant_for(pos, c)) {}

// parity.submit.king_safety: after the player's own move the king does not
// stand alone where a piece free to move attacks it.
//
// A king's step (not castling) ends with the king alone on its square: an
// empty one, or the one of the lone enemy piece it takes, which attacks no
// square of its own. Leaving its square changes what reaches the new square
// only along the line through both squares. A king alone on its square leaves
// it empty, so the pieces that would attack the king are those that attack
// the new square with the old one empty. A king that shares its square leaves
// the enemy piece there; where the line opens to no enemy piece, the pieces
// that would attack it are those that attack the new square now. Either way
// the step is not played out.
//
// A move of another piece can only expose the king by opening one of its
// lines to an enemy piece, leaving a square on it (or taking a pawn en passant
// from one), so other moves skip the full test when the king is not attacked
// now. `from_opens` is opens_line for the mover's square alone, the same for
// all of a piece's moves (the caller asks it once per piece).
bool Submissions::king_safe_after(const Move& m, bool from_opens) const {
  if (king_ == kNoSquare) return true;
  if (m.from == king_) {
    if (!m.is(kMoveCastle)) {
      if (pos_.count(m.from) == 1) return !threatened_by_free(pos_, m.to, opposite(color_), stays_, m.from);
      if (!opens_line(pos_, color_, m.to, m.from, kNoSquare))
        return !threatened_by_free(pos_, m.to, opposite(color_), stays_);
    }
  } else if (!attacked_now_) {
    bool exposes = from_opens;
    if (m.is(kMoveEnPassant)) {
      const BoardShape& shape = pos_.shape();
      Square victim = shape.square(shape.file_of(m.to), shape.rank_of(m.from));
      exposes = opens_line(pos_, color_, king_, m.from, victim) || opens_line(pos_, color_, king_, victim, m.from);
    }
    if (!exposes) return true;
  }
  return safe_when_played(pos_, m, color_);
}

// "Two enemy kings shall not land on the same square ... this amounts to
// moving to a position that can lead to immediate check from the opponent's
// king, had the king remained stationary": a king step onto the enemy king's
// square, or next to an enemy king free to move (one that did not just move),
// which could step there too.
bool Submissions::meets_enemy_king(Square to) const {
  Square enemy = pos_.find(kKing, opposite(color_));
  if (enemy == kNoSquare) return false;
  if (to == enemy) return true;
  if (stays_.test(enemy)) return false;
  const BoardShape& shape = pos_.shape();
  return std::abs(shape.file_of(to) - shape.file_of(enemy)) <= 1 && std::abs(shape.rank_of(to) - shape.rank_of(enemy)) <= 1;
}

// The moves that may be submitted: all of them into `out`, or (with `only`)
// those that are the same action as *only; stops at the first when `first`.
// Pieces are taken one at a time, so that the search for a first move ends
// with the first piece that has one.
bool Submissions::collect(const SubmitRules& rules, const Move* only, bool first, MoveList* out) const {
  const Position& pos = pos_;
  Color c = color_;
  Square king = king_;
  // parity.single.must_vacate: a piece on a shared square moves out at once,
  // without capturing (parity.single.vacate_no_capture), even though it has
  // just moved (parity.single.vacate_exempt).
  Square vacate = rules.single ? shared_ : kNoSquare;
  // parity.check.immediate: "Immediate check needs to be answered by moving
  // the king"; "blocking the king in the next move is of no help".
  bool king_only = attacked_now_;
  bool any = false;
  PieceMoves candidates;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != c) continue;
    if (only && p.square != only->from) continue;
    if (king_only && p.square != king) continue;
    candidates.clear();
    if (vacate != kNoSquare) {
      if (p.square == vacate) piece_moves_of(pos, p, false, rules, ep_, candidates);
    } else {
      if (!rules.ignore_just_moved && stays_.test(p.square)) continue;
      piece_moves_of(pos, p, true, rules, ep_, candidates);
      if (p.kind == kKing) castling_moves(pos, p, rules, candidates);
    }
    bool from_opens = !candidates.empty() && king != kNoSquare && p.square != king && !attacked_now_ &&
                      opens_line(pos, c, king, p.square, kNoSquare);
    for (const Move& m : candidates) {
      if (only && !m.same_action(*only)) continue;
      if (king_only && (m.from != king || m.is(kMoveCastle))) continue;
      // parity.king_into_attack=allowed: the king's own moves are not held
      // back, but for "Two enemy kings shall not land on the same square".
      bool king_free = rules.king_into_attack && m.from == king && !m.is(kMoveCastle);
      if (king_free && meets_enemy_king(m.to)) continue;
      if (!king_free && !king_safe_after(m, from_opens)) continue;
      any = true;
      if (out) out->push_back(m);
      if (first) return true;
    }
  }
  return any;
}

void Submissions::all(const SubmitRules& rules, std::vector<Move>& out) const {
  MoveList moves;
  collect(rules, nullptr, false, &moves);
  out.assign(moves.begin(), moves.end());
}

bool Submissions::allows(const SubmitRules& rules, const Move& m) const {
  if (m.is(kMovePass)) return false;
  return collect(rules, &m, true, nullptr);
}

bool Submissions::any(const SubmitRules& rules) const { return collect(rules, nullptr, true, nullptr); }

}  // namespace arbiter::parity
