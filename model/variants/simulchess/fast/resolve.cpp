// The resolution of a joint action on the fast Board, mirroring the
// reference's resolve.cpp under the default readings.
//
// Two moves that do not meet (neither lands on, passes over or captures on a
// square the other starts from, passes over or lands on; neither is castling
// against a move) resolve as two independent orthodox moves: every step of
// simulchess.resolution.order leaves them as submitted. That is nearly every
// joint action: apply tests it first, inline, for plain moves and plays them
// at once (play_both); passes and en passant take the same independent path
// one move at a time (play_alone). The moves that meet go through Resolution,
// which follows the reference step by step, in its order of the movers
// (White's first, a castling king before its rook), because several of its
// steps depend on that order. No joint action is left to the reference.
#include "model/variants/simulchess/fast/resolve.h"

#include <initializer_list>

#include "model/variants/simulchess/fast/movegen.h"

namespace arbiter::simulchess::fast {

namespace {

using orthodox::fast::kBlackKingside;
using orthodox::fast::kBlackQueenside;
using orthodox::fast::kWhiteKingside;
using orthodox::fast::kWhiteQueenside;
using orthodox::fast::msb;

constexpr Color other(Color c) { return static_cast<Color>(c ^ 1); }
constexpr bool is_fast(PieceType t) { return t == kPawn || t == kKnight; }  // simulchess.category.fast_slow

// The pawn an en passant capture onto `to` from `from` takes.
constexpr Square en_passant_victim(Square from, Square to) { return make_square(file_of(to), rank_of(from)); }

// The squares a slow piece passes over (simulchess.slow.interception); none
// for a fast piece, which moves instantly (simulchess.fast.not_intercepted).
// Branch-free: which piece moves is close to random in perft.
inline Bitboard path_of(Move m) {
  const Bitboard slow = Bitboard{0} - static_cast<Bitboard>(move_piece(m) >= kBishop);
  return kTables.between[move_from(m)][move_to(m)] & slow;
}

// One move as the orthodox make-move plays it, on a board where the other
// player's move does not touch it. Returns whether it reset the halfmove
// clock (a pawn move or a capture).
template <Color Us>
bool play_alone(Board& b, Move m) {
  constexpr Color Them = other(Us);
  const Square from = move_from(m), to = move_to(m);
  const PieceType mover = move_piece(m);
  const Bitboard from_to = bit(from) | bit(to);
  // simulchess.capture.standard. Whatever stands on `to` is the enemy's, so
  // clearing the square in every set takes it without asking which piece it
  // is and without a branch (captures come and go at random in perft).
  const bool reset = (mover == kPawn) | ((b.colors[Them] & bit(to)) != 0);
  for (Bitboard& p : b.pieces) p &= ~bit(to);
  b.colors[Them] &= ~bit(to);
  b.pieces[mover] ^= from_to;
  b.colors[Us] ^= from_to;
  const int kind = move_kind(m);
  if (__builtin_expect(kind == kNormal, 1)) {
    b.castling &= kTables.castle_keep[from] & kTables.castle_keep[to];
    return reset;
  }
  switch (kind) {
    case kDoublePush:
      b.en_passant[Them] = static_cast<std::uint8_t>((from + to) / 2);
      break;
    case kEnPassant: {
      const Bitboard victim = bit(en_passant_victim(from, to));
      b.pieces[kPawn] ^= victim;
      b.colors[Them] ^= victim;
      break;
    }
    case kCastle: {
      const Bitboard rook = to > from ? bit(to + 1) | bit(to - 1) : bit(to - 2) | bit(to + 1);
      b.pieces[kRook] ^= rook;
      b.colors[Us] ^= rook;
      break;
    }
    default:  // promotion (orthodox.pawn.promotion)
      b.pieces[kPawn] ^= bit(to);
      b.pieces[move_kind(m) - kPromoteKnight + kKnight] ^= bit(to);
      break;
  }
  b.castling &= kTables.castle_keep[from] & kTables.castle_keep[to];
  return reset;
}

// What a double step or a promotion does beyond moving its piece.
void play_special(Board& b, Move m, Color us) {
  const Square from = move_from(m), to = move_to(m);
  const int kind = move_kind(m);
  if (kind == kDoublePush) {
    b.en_passant[other(us)] = static_cast<std::uint8_t>((from + to) / 2);
  } else if (kind >= kPromoteKnight) {  // orthodox.pawn.promotion
    b.pieces[kPawn] ^= bit(to);
    b.pieces[kind - kPromoteKnight + kKnight] ^= bit(to);
  }
}

// Two plain moves (neither a pass, castling nor en passant) that do not meet.
// They touch disjoint squares, so their updates commute and are folded into
// one pass over the Board: played one after the other, the second would wait
// on the first's stores. Returns false when a king was taken (the caller
// then settles the result).
inline bool play_both(Board& b, Move white, Move black, Square fw, Square tw, Square fk, Square tk) {
  const Bitboard white_from_to = bit(fw) | bit(tw), black_from_to = bit(fk) | bit(tk);
  const Bitboard targets = bit(tw) | bit(tk);
  // simulchess.capture.standard: whatever stands on a target is the enemy's.
  const bool capture = (b.occupied() & targets) != 0;
  const bool king_taken = (b.pieces[kKing] & targets) != 0;
  for (Bitboard& p : b.pieces) p &= ~targets;
  b.pieces[move_piece(white)] ^= white_from_to;
  b.pieces[move_piece(black)] ^= black_from_to;
  b.colors[kWhite] = (b.colors[kWhite] & ~bit(tk)) ^ white_from_to;
  b.colors[kBlack] = (b.colors[kBlack] & ~bit(tw)) ^ black_from_to;
  b.castling &= kTables.castle_keep[fw] & kTables.castle_keep[tw] & kTables.castle_keep[fk] & kTables.castle_keep[tk];
  b.en_passant[kWhite] = b.en_passant[kBlack] = kNoSquare;
  const bool reset = capture | (move_piece(white) == kPawn) | (move_piece(black) == kPawn);
  b.halfmove_clock = reset ? 0 : b.halfmove_clock + 1;
  ++b.fullmove_number;
  if (__builtin_expect((move_kind(white) | move_kind(black)) != kNormal, 0)) {
    play_special(b, white, kWhite);
    play_special(b, black, kBlack);
  }
  return !king_taken;
}

bool play_alone(Board& b, Move m, Color c) { return c == kWhite ? play_alone<kWhite>(b, m) : play_alone<kBlack>(b, m); }

// Whether the two moves meet anywhere the resolution order looks.
bool meet(Move w, Move k) {
  if (w == kPass || k == kPass) return false;
  if (move_kind(w) == kCastle || move_kind(k) == kCastle) return true;  // simulchess.castle.prevented_rejected
  const Square fw = move_from(w), tw = move_to(w), fk = move_from(k), tk = move_to(k);
  // Collision, base attack or a capture of the other mover, interception.
  if ((bit(tw) & (bit(fk) | bit(tk) | path_of(k))) | (bit(tk) & (bit(fw) | path_of(w)))) return true;
  // An en passant capture of the pawn that moves.
  return (move_kind(w) == kEnPassant && en_passant_victim(fw, tw) == fk) ||
         (move_kind(k) == kEnPassant && en_passant_victim(fk, tk) == fw);
}

// The reference's Mover: one piece's part of a submitted move.
struct Mover {
  Square from = 0, to = 0, land = 0;
  PieceType kind = kPawn;
  PieceType becomes = kPawn;  // the promotion's type, else kind
  Color color = kWhite;
  int group = 0;              // a castling king and rook share it
  Bitboard path = 0;          // slow pieces: the squares strictly between from and to
  bool fast = false;
  bool capture = false;       // an enemy piece stood on `to` (or en passant)
  bool en_passant = false;
  bool double_step = false;
  bool cancelled = false;     // stays on its starting square
  bool destroyed = false;
  bool lands() const { return !cancelled && !destroyed; }
};

// The resolution of two moves that meet. Pieces are named by the square they
// stood on before the step, which is what the reference's piece ids are here.
class Resolution {
 public:
  explicit Resolution(const Board& before) : before_(before) {}

  // Adds a submitted move unless a castling move is prevented by the other.
  void add(Move m, Color c, Move opponent) {
    if (m == kPass) return;
    if (move_kind(m) == kCastle && castle_prevented(m, c, opponent)) return;
    const int group = next_group_++;
    push(move_from(m), move_to(m), c, group, m);
    if (move_kind(m) == kCastle) {
      const bool kingside = move_to(m) > move_from(m);
      const Square rook_from = move_from(m) + (kingside ? 3 : -4), rook_to = move_from(m) + (kingside ? 1 : -1);
      push(rook_from, rook_to, c, group, make_move_code(rook_from, rook_to, kNormal, kRook));
    }
  }

  // simulchess.resolution.order; false when the kings collide (the step then
  // changes no piece).
  bool run() {
    base_attack_check();
    path_interception();
    if (collisions()) return false;
    execute();
    return true;
  }

  void write_back(Board& b, bool kings_collided) const;

 private:
  void push(Square from, Square to, Color c, int group, Move m) {
    Mover& mv = movers_[count_++];
    mv.from = from;
    mv.to = to;
    mv.land = to;
    mv.kind = move_piece(m);
    mv.becomes = move_kind(m) >= kPromoteKnight && move_kind(m) <= kPromoteQueen
                     ? static_cast<PieceType>(move_kind(m) - kPromoteKnight + kKnight)
                     : mv.kind;
    mv.color = c;
    mv.group = group;
    mv.fast = is_fast(mv.kind);
    mv.en_passant = move_kind(m) == kEnPassant;
    mv.double_step = move_kind(m) == kDoublePush;
    mv.capture = mv.en_passant || (before_.colors[other(c)] & bit(to));
    mv.path = mv.fast ? 0 : kTables.between[from][to];
  }

  // simulchess.castle.prevented_rejected under castle_prevented=path_or_check:
  // the opponent's move lands on the squares castling uses, or, played alone,
  // attacks the king's square, the one it crosses or the one it lands on.
  bool castle_prevented(Move castle, Color c, Move opponent) const {
    if (opponent == kPass) return false;
    const Square home = move_from(castle);
    const bool kingside = move_to(castle) > home;
    const int lo = kingside ? 4 : 0, hi = kingside ? 7 : 4;
    const Square t = move_to(opponent);
    if (rank_of(t) == rank_of(home) && file_of(t) >= lo && file_of(t) <= hi) return true;
    Board after = before_;
    play_alone(after, opponent, other(c));
    const int step = kingside ? 1 : -1;
    for (int i = 0; i < 3; ++i)
      if (attacked(after, home + i * step, other(c), after.occupied())) return true;
    return false;
  }

  Mover* opponent_of(const Mover& m) {
    for (int i = 0; i < count_; ++i)
      if (movers_[i].color != m.color) return &movers_[i];
    return nullptr;
  }

  void destroy(Mover& m) {
    m.destroyed = true;
    removed_ |= bit(m.from);
  }

  // 1. simulchess.fast.base_attack / simulchess.fast.escape, base_attack=targeted:
  // a fast piece's capture fails when the opponent's move goes to its square.
  void base_attack_check() {
    for (int i = 0; i < count_; ++i) {
      Mover& m = movers_[i];
      if (!m.fast || !m.capture) continue;
      const Mover* o = opponent_of(m);
      if (o && o->to == m.from) m.cancelled = true;
    }
  }

  // 2. simulchess.slow.interception: a slow piece stops on the first square of
  // its path where an opponent's piece lands; the interceptor is destroyed,
  // unless it is a king (king_intercepts=king_survives): then the slow piece is.
  // Every interceptor is found before any interception is applied, as the
  // reference does; two slow pieces that each land in the other's path both
  // stop and are both destroyed (mutual_interception=both_destroyed).
  void path_interception() {
    Mover* slow[4];
    Mover* interceptor_of[4];
    Square at[4];
    int found = 0;
    for (int i = 0; i < count_; ++i) {
      Mover& s = movers_[i];
      if (s.fast || !s.lands() || !s.path) continue;
      Bitboard path = s.path;
      while (path) {
        const Square q = s.to > s.from ? lsb(path) : msb(path);  // nearest to `from` first
        path ^= bit(q);
        Mover* interceptor = nullptr;
        for (int j = 0; j < count_; ++j)
          if (movers_[j].group != s.group && movers_[j].lands() && movers_[j].to == q) interceptor = &movers_[j];
        if (!interceptor) continue;
        slow[found] = &s;
        interceptor_of[found] = interceptor;
        at[found] = q;
        ++found;
        break;
      }
    }
    for (int i = 0; i < found; ++i) {
      slow[i]->land = at[i];
      slow[i]->capture = false;
    }
    for (int i = 0; i < found; ++i)
      destroy(interceptor_of[i]->kind == kKing ? *slow[i] : *interceptor_of[i]);  // simulchess.king.survives_collisions
  }

  // 3. simulchess.resolution.collision, same_square=interception: returns true
  // when the kings collide (simulchess.king.king_collision_draw).
  bool collisions() {
    for (int i = 0; i < count_; ++i) {
      for (int j = i + 1; j < count_; ++j) {
        Mover& a = movers_[i];
        Mover& b = movers_[j];
        if (a.group == b.group || !a.lands() || !b.lands() || a.land != b.land) continue;
        if (a.kind == kKing && b.kind == kKing) return true;
        if (a.kind == kKing || b.kind == kKing) {
          destroy(a.kind == kKing ? b : a);  // simulchess.king.survives_collisions
        } else if (a.fast != b.fast) {
          destroy(a.fast ? a : b);  // the fast piece lands in the slow one's way
        } else {
          destroy(a);
          destroy(b);
        }
      }
    }
    return false;
  }

  bool moved_away(Square piece) const {
    for (int i = 0; i < count_; ++i)
      if (movers_[i].from == piece && movers_[i].lands()) return true;
    return false;
  }

  // 4. Move execution: simulchess.capture.standard, simulchess.capture.chain,
  // slow_escape=captured (not a king: simulchess.king_escape=escapes); a
  // capture whose target moved away lands.
  void execute() {
    for (int i = 0; i < count_; ++i) {
      Mover& m = movers_[i];
      if (!m.lands()) continue;
      const Square target = m.en_passant ? en_passant_victim(m.from, m.to) : m.land;
      bool victim_here = before_.colors[other(m.color)] & bit(target);
      Mover* o = opponent_of(m);
      if (victim_here && o && o->from == target && o->lands()) {
        if (!o->fast && o->capture) {
          // simulchess.slow.attack_despite_base: the slow piece is captured and
          // completes its own capture.
          removed_ |= bit(o->from);
          if ((before_.occupied() & bit(o->to)) && !moved_away(o->to)) removed_ |= bit(o->to);
          o->destroyed = true;
          // Two slow pieces capturing each other: the chain takes this one too.
          if (!m.fast && m.capture && o->to == m.from) {
            removed_ |= bit(m.from);
            m.destroyed = true;
          }
          continue;
        }
        if (!o->fast && o->kind != kKing) {  // still on its base when the capture lands
          removed_ |= bit(o->from);
          o->destroyed = true;
          continue;
        }
        // simulchess.fast.escape, simulchess.king_escape=escapes: the capture
        // finds an empty square.
        victim_here = false;
      }
      if (victim_here) removed_ |= bit(target);
    }
  }

  const Board& before_;
  Mover movers_[4];
  int count_ = 0;
  int next_group_ = 0;
  Bitboard removed_ = 0;  // the squares, before the step, of the pieces removed
};

void Resolution::write_back(Board& b, bool kings_collided) const {
  constexpr std::uint8_t kRights[2] = {kWhiteKingside | kWhiteQueenside, kBlackKingside | kBlackQueenside};
  bool pawn_or_capture = removed_ != 0;
  for (int i = 0; i < count_; ++i) pawn_or_capture = pawn_or_capture || (movers_[i].kind == kPawn && !movers_[i].cancelled);
  b.halfmove_clock = pawn_or_capture ? 0 : b.halfmove_clock + 1;
  ++b.fullmove_number;
  b.en_passant[kWhite] = b.en_passant[kBlack] = kNoSquare;
  if (kings_collided) {
    // No piece moves; a king that set out loses its castling rights.
    for (int i = 0; i < count_; ++i)
      if (movers_[i].kind == kKing && !movers_[i].cancelled) b.castling &= ~kRights[movers_[i].color];
    b.end = End::kKingCollision;
    return;
  }
  // The removed pieces leave, then every landing piece leaves its square
  // before any arrives, since one may land where another set out.
  for (Bitboard& p : b.pieces) p &= ~removed_;
  for (Bitboard& c : b.colors) c &= ~removed_;
  for (int i = 0; i < count_; ++i) {
    const Mover& m = movers_[i];
    if (!m.lands() || (removed_ & bit(m.from))) continue;
    b.pieces[m.kind] &= ~bit(m.from);
    b.colors[m.color] &= ~bit(m.from);
  }
  for (int i = 0; i < count_; ++i) {
    const Mover& m = movers_[i];
    if (!m.lands() || (removed_ & bit(m.from))) continue;
    b.pieces[m.land == m.to ? m.becomes : m.kind] |= bit(m.land);
    b.colors[m.color] |= bit(m.land);
    if (m.double_step) b.en_passant[other(m.color)] = static_cast<std::uint8_t>((m.from + m.to) / 2);
  }
  // Castling rights: kept while the king stands at home and the same rook in
  // its corner (a rook of one colour there before and after the step is the
  // same rook: no piece of its colour can arrive on a square it holds).
  struct Corner {
    std::uint8_t right;
    Color color;
    Square king, rook;
  };
  for (const Corner& c : {Corner{kWhiteKingside, kWhite, 4, 7}, Corner{kWhiteQueenside, kWhite, 4, 0},
                          Corner{kBlackKingside, kBlack, 60, 63}, Corner{kBlackQueenside, kBlack, 60, 56}}) {
    const bool rook_stays = (before_.of(c.color, kRook) & b.of(c.color, kRook) & bit(c.rook)) != 0;
    if (!(b.of(c.color, kKing) & bit(c.king)) || !rook_stays) b.castling &= ~c.right;
  }
}

void settle_kings(Board& b) {
  const bool white = b.of(kWhite, kKing) != 0, black = b.of(kBlack, kKing) != 0;
  if (__builtin_expect(white & black, 1)) return;
  // simulchess.result.king_capture; both_kings_captured=draw.
  b.end = !white && !black ? End::kBothKingsCaptured : !white ? End::kWhiteKingCaptured : End::kBlackKingCaptured;
}

// The moves meet: the reference's resolution step by step. Kept out of
// apply's body so that the common case stays small.
[[gnu::noinline]] void resolve_meeting(Board& b, Move white, Move black) {
  const Board before = b;
  Resolution res(before);
  res.add(white, kWhite, black);
  res.add(black, kBlack, white);
  const bool kings_collided = !res.run();
  res.write_back(b, kings_collided);
  if (!kings_collided) settle_kings(b);
}

}  // namespace

void apply(Board& b, Move white, Move black) {
  // The common case first, tested inline: plain moves (pushes, double steps,
  // captures, promotions) that do not meet (meet() without its castling and
  // en passant cases, which these moves cannot have).
  constexpr unsigned kAwkward = (1u << kEnPassant) | (1u << kCastle) | (1u << kPassKind);
  if (__builtin_expect((((1u << move_kind(white)) | (1u << move_kind(black))) & kAwkward) == 0, 1)) {
    const Square fw = move_from(white), tw = move_to(white), fk = move_from(black), tk = move_to(black);
    const Bitboard hit = (bit(tw) & (bit(fk) | bit(tk) | path_of(black))) | (bit(tk) & (bit(fw) | path_of(white)));
    if (__builtin_expect(hit == 0, 1)) {
      if (!play_both(b, white, black, fw, tw, fk, tk)) settle_kings(b);
      return;
    }
    resolve_meeting(b, white, black);
    return;
  }
  if (!meet(white, black)) {
    b.en_passant[kWhite] = b.en_passant[kBlack] = kNoSquare;
    bool reset = false;
    if (white != kPass) reset |= play_alone<kWhite>(b, white);
    if (black != kPass) reset |= play_alone<kBlack>(b, black);
    b.halfmove_clock = reset ? 0 : b.halfmove_clock + 1;
    ++b.fullmove_number;
    settle_kings(b);
    return;
  }
  resolve_meeting(b, white, black);
}

}  // namespace arbiter::simulchess::fast
