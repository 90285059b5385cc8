// Resolution of a joint action on the fast Board, mirroring resolve.cpp of the
// reference model under the default readings.
//
// Most joint actions are two moves that do not meet: one of them is blocked
// by a piece the other does not move (written moves follow the pattern, so
// most are), or neither lands on, passes over or takes en passant on a square
// the other leaves, lands on or takes on. Each move that is not blocked then
// resolves as if it were alone on the board. apply decides that for two
// plain moves (neither castling nor en passant) with bitboards, without
// branches on what the shuffled joint actions of perft make unpredictable,
// and plays both through masks; when neither lands, as in most joint actions,
// it only counts the turn. Castling, en passant and moves that meet go to
// apply_general: plain moves one at a time (play_alone), or the general
// resolution (Resolution), a step-by-step copy of the reference's rounds over
// the at most four moving pieces (each round judges every piece before any
// bounces: zeitgeist.bounce_chain=together), so that its result is the same.

#include "model/variants/zeitgeist/fast/resolve.h"

#include <algorithm>
#include <initializer_list>
#include <utility>

#include "model/variants/zeitgeist/fast/movegen.h"

namespace arbiter::zeitgeist::fast {

namespace {

using orthodox::fast::kCastle;
using orthodox::fast::kDoublePush;
using orthodox::fast::kEnPassant;
using orthodox::fast::kNormal;
using orthodox::fast::kPromoteKnight;

constexpr Color other(Color c) { return static_cast<Color>(c ^ 1); }

// The square whose pawn an en passant move to `to` from `from` takes.
constexpr Square passed_pawn_square(Square from, Square to) { return make_square(file_of(to), rank_of(from)); }

// The type a piece has on arrival: a promotion's new piece, else its own
// (zeitgeist.promotion.after_resolution).
PieceType arriving_type(PieceType type, int kind) {
  return kind >= kPromoteKnight ? static_cast<PieceType>(kind - kPromoteKnight + kKnight) : type;
}

// Castling rights a piece arriving on `to` ends: only a corner's, whose rook
// is then taken (a king's home square keeps its rights: the reference ends
// them only when the king itself moves).
std::uint8_t keep_on_arrival(Square to) { return to == 4 || to == 60 ? 0xF : kTables.castle_keep[to]; }

// What the resolution leaves for the fields of the next turn.
struct Effects {
  std::uint8_t castle_keep = 0xF;
  bool reset_clock = false;  // a capture or a pawn that moved
};

void remove_from(Board& b, Bitboard squares) {
  for (Bitboard& p : b.pieces) p &= ~squares;
  b.colors[kWhite] &= ~squares;
  b.colors[kBlack] &= ~squares;
}

void put(Board& b, Square s, PieceType type, Color c) {
  b.pieces[type] |= bit(s);
  b.colors[c] |= bit(s);
}

// A pawn that arrives two ranks ahead leaves the square it passed to the
// other colour's en passant.
void note_double_step(Board& b, Square from, Square to, Color c) {
  if (to - from == 16 || from - to == 16) b.en_passant[other(c)] = static_cast<std::uint8_t>((from + to) / 2);
}

// One written move resolved against a board no other move touches: the
// common case. Reads only squares the other move does not write, so the two
// can run one after the other on the same board.
inline void play_alone(Board& b, Color c, Move m, Bitboard path, Effects& fx) {
  const Square from = move_from(m), to = move_to(m);
  const int kind = move_kind(m);
  if (kind == kCastle) {
    // Alone, a castling move always lands: its squares are empty, as writing
    // it required.
    const Bitboard king = bit(from) | bit(to);
    const Bitboard rook = to > from ? bit(to + 1) | bit(to - 1) : bit(to - 2) | bit(to + 1);
    b.pieces[kKing] ^= king;
    b.pieces[kRook] ^= rook;
    b.colors[c] ^= king | rook;
    fx.castle_keep &= kTables.castle_keep[from];
    return;
  }
  const Bitboard occ = b.occupied();
  const Bitboard theirs = b.colors[other(c)];
  // zeitgeist.blocked.bounce: a stationary piece on the way (the knight's
  // path is empty). Then zeitgeist.collision.same_colour, or for a pawn
  // zeitgeist.pawn.bounce into its own piece's space: either way a bounce.
  if ((path & occ) || (b.colors[c] & bit(to))) return;
  const PieceType type = b.type_on(from);
  if (type == kPawn) {
    if (file_of(from) == file_of(to)) {
      // zeitgeist.pawn.bounce: forward into a stationary piece's space.
      if (theirs & bit(to)) return;
    } else if (!(theirs & bit(to))) {
      // zeitgeist.pawn.bounce: a diagonal move into an empty space, except en
      // passant, which takes the pawn that passed if it is still there (and
      // lands all the same if not: zeitgeist.en_passant_target_moved=stays).
      if (kind != kEnPassant) return;
      const Square victim = passed_pawn_square(from, to);
      if (b.of(other(c), kPawn) & bit(victim)) remove_from(b, bit(victim));
    }
    fx.reset_clock = true;
  }
  // zeitgeist.collision.one_captured: the mover captured into the space.
  if (theirs & bit(to)) {
    remove_from(b, bit(to));
    fx.reset_clock = true;
  }
  b.pieces[type] ^= bit(from);
  b.colors[c] ^= bit(from) | bit(to);
  b.pieces[arriving_type(type, kind)] |= bit(to);
  fx.castle_keep &= kTables.castle_keep[from] & keep_on_arrival(to);
  if (type == kPawn) note_double_step(b, from, to, c);
}

// The squares a move's pieces leave if they do not bounce: a castling
// move's rook's too.
inline Bitboard vacated_by(Move m) {
  const Square from = move_from(m), to = move_to(m);
  if (move_kind(m) != kCastle) return bit(from);
  return bit(from) | bit(to > from ? from + 3 : from - 4);
}

// Whether a move bounces whatever the other does: a piece other than the
// other move's pieces stands on its path, or in front of a pawn pushing into it
// (zeitgeist.blocked.bounce, zeitgeist.pawn.bounce). Such a piece is
// stationary in every round, and the reference's rounds apply the blocking
// rules until none bounces a piece before any placement rule, so the move
// is back on its square before anything else is decided: the other move
// then plays alone.
inline bool surely_bounces(const Board& b, Move m, Bitboard path, Move other) {
  const Square from = move_from(m), to = move_to(m);
  const Bitboard others = b.occupied() & ~vacated_by(other);
  if (path & others) return true;
  return (b.pieces[kPawn] & bit(from)) && file_of(from) == file_of(to) && (others & bit(to));
}

// A piece that moves this turn (a castling move gives two), as the
// reference's Mover.
struct Mover {
  Square from = 0, to = 0;
  Bitboard path = 0;  // squares strictly between (none for a knight's leap)
  Color color = kWhite;
  PieceType type = kPawn, arrives_as = kPawn;
  bool pawn_push = false, pawn_diagonal = false, en_passant = false;
  bool captures_into = false;  // "captured into the space" (zeitgeist.collision.*)
  int group = 0;               // the pieces of one written move share it
  bool bounced = false;
};

// The reference's rounds, over bitboards: each round applies the blocking
// rules, then the placement rules; a rule that sends a piece back starts the
// round again with that piece stationary.
class Resolution {
 public:
  explicit Resolution(const Board& before) : before_(before), occ_(before.occupied()) {}

  void add_written(Move m, Color c, int group) {
    const Square from = move_from(m), to = move_to(m);
    const int kind = move_kind(m);
    Mover& mv = movers_[count_++];
    mv.from = from;
    mv.to = to;
    mv.color = c;
    mv.group = group;
    mv.type = before_.type_on(from);
    mv.arrives_as = arriving_type(mv.type, kind);
    mv.path = mv.type == kKnight ? 0 : kTables.between[from][to];
    if (mv.type == kPawn) {
      mv.pawn_diagonal = file_of(from) != file_of(to);
      mv.pawn_push = !mv.pawn_diagonal;
      mv.en_passant = kind == kEnPassant;
    }
    // A move into a space an enemy held when it was written is a capture; a
    // pawn's diagonal move always is one (zeitgeist.pawn.moves).
    mv.captures_into = mv.pawn_diagonal || (before_.colors[other(c)] & bit(to));
    if (kind == kCastle) {
      const bool kingside = to > from;
      Mover& rook = movers_[count_++];
      rook.from = kingside ? to + 1 : to - 2;
      rook.to = kingside ? to - 1 : to + 1;
      rook.color = c;
      rook.group = group;
      rook.type = rook.arrives_as = kRook;
      rook.path = kTables.between[rook.from][rook.to];
    }
  }

  // zeitgeist.turn.simultaneous: rounds until no rule sends a piece back.
  void run() {
    for (int round = 0; round <= count_ + 1; ++round) {
      removed_stationary_ = 0;
      removed_movers_ = 0;
      if (blocked_pass()) continue;
      if (placement_pass()) continue;
      break;
    }
  }

  // Writes the result on `b` (a copy of the board before) and the effects.
  void play(Board& b, Effects& fx) const {
    Bitboard lifted = removed_stationary_;
    for (int i = 0; i < count_; ++i) {
      const Mover& m = movers_[i];
      if (m.bounced) continue;
      lifted |= bit(m.from);
      // Castling rights: a king or rook that moved, or a corner's rook taken
      // (a bounced piece did not move: zeitgeist.stationary.definition).
      fx.castle_keep &= kTables.castle_keep[m.from] & keep_on_arrival(m.to);
      if (m.type == kPawn) fx.reset_clock = true;
    }
    if (removed_stationary_ || removed_movers_) fx.reset_clock = true;
    remove_from(b, lifted);
    for (int i = 0; i < count_; ++i) {
      const Mover& m = movers_[i];
      if (m.bounced || (removed_movers_ & (1u << i))) continue;
      put(b, m.to, m.arrives_as, m.color);
      if (m.type == kPawn) note_double_step(b, m.from, m.to, m.color);
    }
  }

 private:
  // The squares of pieces that move this turn and have not bounced.
  Bitboard moving_from() const {
    Bitboard out = 0;
    for (int i = 0; i < count_; ++i)
      if (!movers_[i].bounced) out |= bit(movers_[i].from);
    return out;
  }
  // Pieces that did not move or bounced (zeitgeist.stationary.definition,
  // zeitgeist.bounce.stationary), on the squares they stand on.
  Bitboard stationary() const { return occ_ & ~moving_from(); }

  // zeitgeist.castle_bounce=both: the other piece of a castling move goes back too.
  void bounce(Mover& m) {
    for (int i = 0; i < count_; ++i)
      if (movers_[i].group == m.group) movers_[i].bounced = true;
  }

  // zeitgeist.blocked.bounce (zeitgeist.blocked.pass_movers: a piece that
  // moved away does not block) and zeitgeist.pawn.bounce forward into a
  // stationary piece's space.
  bool blocked_pass() {
    // Every mover is judged before any of them bounces
    // (zeitgeist.bounce_chain=together).
    const Bitboard still = stationary();
    unsigned blocked = 0;
    for (int i = 0; i < count_; ++i) {
      const Mover& m = movers_[i];
      if (!m.bounced && ((m.path & still) || (m.pawn_push && (still & bit(m.to))))) blocked |= 1u << i;
    }
    bounce_all(blocked);
    return blocked != 0;
  }

  // The pieces on one square this round: the stationary one, if any, and the
  // movers placed there.
  struct Placed {
    bool stationary = false;
    Color stationary_color = kWhite;
    int movers[4] = {};
    int mover_count = 0;
    int size() const { return (stationary ? 1 : 0) + mover_count; }
  };
  Placed placed_on(Square s, Bitboard still) const {
    Placed p;
    if (still & bit(s)) {
      p.stationary = true;
      p.stationary_color = (before_.colors[kWhite] & bit(s)) ? kWhite : kBlack;
    }
    for (int i = 0; i < count_; ++i)
      if (!movers_[i].bounced && movers_[i].to == s) p.movers[p.mover_count++] = i;
    return p;
  }

  // The movers placed on a square, to bounce once every square is judged.
  static unsigned moving_on(const Placed& p) {
    unsigned out = 0;
    for (int k = 0; k < p.mover_count; ++k) out |= 1u << p.movers[k];
    return out;
  }
  void bounce_all(unsigned which) {
    for (int i = 0; i < count_; ++i)
      if (which & (1u << i)) bounce(movers_[i]);
  }

  // The placement rules; true if a piece bounced.
  bool placement_pass() {
    const Bitboard still = stationary();
    // zeitgeist.pawn.bounce: a diagonal move into a space with no enemy
    // piece, every pawn judged before any of them bounces.
    unsigned pawns = 0;
    for (int i = 0; i < count_; ++i) {
      const Mover& m = movers_[i];
      if (m.bounced || !m.pawn_diagonal) continue;
      bool enemy = (still & before_.colors[other(m.color)] & bit(m.to)) != 0;
      for (int j = 0; j < count_; ++j)
        enemy = enemy || (!movers_[j].bounced && movers_[j].to == m.to && movers_[j].color != m.color);
      const Square victim = passed_pawn_square(m.from, m.to);
      const bool victim_stands = m.en_passant && (before_.of(other(m.color), kPawn) & still & bit(victim));
      if (enemy) {
        // zeitgeist.en_passant_occupied=both: an en passant capture into a
        // space an enemy piece entered takes the passed pawn too.
        if (victim_stands) removed_stationary_ |= bit(victim);
        continue;
      }
      if (m.en_passant) {
        if (victim_stands) removed_stationary_ |= bit(victim);
        // zeitgeist.en_passant_target_moved=stays: lands whether or not.
        continue;
      }
      pawns |= 1u << i;
    }
    bounce_all(pawns);
    if (pawns) return true;
    unsigned bounces = 0;
    // The squares pieces are placed on, in square order as the reference
    // visits them: only those can hold two pieces.
    Bitboard squares = 0;
    for (int i = 0; i < count_; ++i) squares |= bit(movers_[i].bounced ? movers_[i].from : movers_[i].to);
    while (squares) {
      const Square s = pop_lsb(squares);
      const Placed p = placed_on(s, still);
      if (p.size() < 2) continue;
      if (p.size() == 2) {
        const Color a = p.stationary ? p.stationary_color : movers_[p.movers[0]].color;
        const Color b = movers_[p.movers[p.mover_count - 1]].color;
        if (a == b) {
          // zeitgeist.collision.same_colour: the active piece bounces.
          bounces |= moving_on(p);
          continue;
        }
        // A stationary piece never captured into its space.
        const bool a_in = !p.stationary && movers_[p.movers[0]].captures_into;
        const bool b_in = movers_[p.movers[p.mover_count - 1]].captures_into;
        if (a_in && b_in) {
          // zeitgeist.collision.both_captured
          for (int k = 0; k < p.mover_count; ++k) removed_movers_ |= 1u << p.movers[k];
        } else if (a_in || b_in) {
          // zeitgeist.collision.one_captured: the other piece is removed.
          if (a_in) removed_movers_ |= 1u << p.movers[p.mover_count - 1];
          else if (p.stationary) removed_stationary_ |= bit(s);
          else removed_movers_ |= 1u << p.movers[0];
        } else {
          // zeitgeist.collision.neither_captured: all retreat.
          bounces |= moving_on(p);
        }
        continue;
      }
      // zeitgeist.collision.three_pieces: outnumbered and stationary pieces go.
      int by_color[2] = {0, 0};
      if (p.stationary) ++by_color[p.stationary_color];
      for (int k = 0; k < p.mover_count; ++k) ++by_color[movers_[p.movers[k]].color];
      if (p.stationary) removed_stationary_ |= bit(s);
      for (int k = 0; k < p.mover_count; ++k) {
        const Color c = movers_[p.movers[k]].color;
        if (by_color[c] < by_color[other(c)]) removed_movers_ |= 1u << p.movers[k];
      }
    }
    bounce_all(bounces);
    return bounces != 0;
  }

  const Board& before_;
  const Bitboard occ_;
  Mover movers_[4];
  int count_ = 0;
  Bitboard removed_stationary_ = 0;  // squares of stationary pieces removed this round
  unsigned removed_movers_ = 0;      // movers removed this round, by index
};

// The squares a move leaves, passes, lands on or takes en passant on
// (`squares`), and those of them it reaches (`reach`: all but where it
// starts). A castling move counts every square from its king to its rook as
// both.
struct Footprint {
  Bitboard squares, reach;
};
inline Footprint footprint(Move m, Bitboard path) {
  const Square from = move_from(m), to = move_to(m);
  switch (move_kind(m)) {
    case kCastle: {
      const Square rook = to > from ? from + 3 : from - 4;
      const Bitboard all = kTables.between[from][rook] | bit(from) | bit(rook);
      return {all, all};
    }
    case kEnPassant: {
      const Bitboard victim = bit(passed_pawn_square(from, to));
      return {bit(from) | bit(to) | victim, bit(to) | path | victim};
    }
    default:
      return {bit(from) | bit(to), bit(to) | path};
  }
}

// The results (zeitgeist.result.*) and the check history, from the board
// after the resolution.
void settle(Board& b, std::uint8_t previous_checks) {
  const Bitboard occ = b.occupied();
  bool loses[2] = {false, false};
  std::uint8_t checks = 0;
  for (Color c : {kWhite, kBlack}) {
    const Bitboard king = b.of(c, kKing);
    // zeitgeist.result.king_captured
    if (!king) {
      loses[c] = true;
      continue;
    }
    // zeitgeist.check.announce, counted at the end of the turn
    // (zeitgeist.check_count=end_of_turn); a second one in a row loses
    // (zeitgeist.result.two_consecutive_checks).
    if (!attacked(b, lsb(king), other(c), occ)) continue;
    const std::uint8_t flag = c == kWhite ? kWhiteChecked : kBlackChecked;
    checks |= flag;
    if (previous_checks & flag) loses[c] = true;
  }
  b.checks = b.attacked = checks;
  // zeitgeist.result.both_lose
  b.result = loses[kWhite] && loses[kBlack] ? kBothLose : loses[kWhite] ? kBlackWins : loses[kBlack] ? kWhiteWins : kOngoing;
}

// Castling, en passant and moves that meet: the general resolution, kept out
// of apply's body so that the common case stays small.
[[gnu::noinline]] void apply_general(Board& b, Move white, Move black) {
  const std::uint8_t previous_checks = b.checks;
  b.en_passant[kWhite] = b.en_passant[kBlack] = kNoSquare;
  Effects fx;
  // The squares each move passes (none for a knight's leap, which is on no line).
  const Bitboard white_path = kTables.between[move_from(white)][move_to(white)];
  const Bitboard black_path = kTables.between[move_from(black)][move_to(black)];
  const bool white_bounces = surely_bounces(b, white, white_path, black);
  const bool black_bounces = surely_bounces(b, black, black_path, white);
  if (white_bounces || black_bounces) {
    if (!white_bounces) play_alone(b, kWhite, white, white_path, fx);
    if (!black_bounces) play_alone(b, kBlack, black, black_path, fx);
  } else {
    // Independent moves: neither reaches a square of the other (where it
    // starts, lands or takes en passant). The squares a move passes are read
    // as they stood before the turn, so landing on the other's path does not
    // matter.
    const Footprint w = footprint(white, white_path), k = footprint(black, black_path);
    if (!(w.reach & k.squares) && !(k.reach & w.squares)) {
      play_alone(b, kWhite, white, white_path, fx);
      play_alone(b, kBlack, black, black_path, fx);
    } else {
      Resolution r(b);
      r.add_written(white, kWhite, 0);
      r.add_written(black, kBlack, 1);
      r.run();
      r.play(b, fx);
    }
  }
  b.castling &= fx.castle_keep;
  b.halfmove_clock = fx.reset_clock ? 0 : b.halfmove_clock + 1;
  ++b.fullmove_number;
  settle(b, previous_checks);
}

// All ones if `b`, else none.
constexpr Bitboard mask_if(bool b) { return Bitboard{0} - static_cast<Bitboard>(b); }

// The home squares of kings and rooks: a move that lands from or onto one may
// end a castling right.
constexpr Bitboard kCastlingSquares = bit(0) | bit(4) | bit(7) | bit(56) | bit(60) | bit(63);

// What the common path leaves out for two plain moves that do not meet: a
// promotion's new piece and the castling rights. Most joint actions need
// neither; kept out of line so that apply's body stays small.
[[gnu::noinline]] void finish_rare(Board& b, Move white, Move black, bool white_lands, bool black_lands) {
  for (auto [m, lands] : {std::pair{white, white_lands}, std::pair{black, black_lands}}) {
    if (!lands) continue;
    const Square from = move_from(m), to = move_to(m);
    const int kind = move_kind(m);
    if (kind >= kPromoteKnight) {
      // zeitgeist.promotion.after_resolution: the pawn that arrived becomes
      // the piece written.
      b.pieces[kPawn] ^= bit(to);
      b.pieces[arriving_type(kPawn, kind)] |= bit(to);
    }
    // Castling rights: a king or rook that moved, or a corner's rook taken
    // (a bounced piece did not move: zeitgeist.stationary.definition).
    b.castling &= kTables.castle_keep[from] & keep_on_arrival(to);
  }
}

// Whether colour `by` attacks square s on the board after the turn
// (zeitgeist.check.announce). A slider on one of s's lines checks when
// nothing stands between: usually no slider is on a line at all, so this
// costs a few table reads, not the eight rays of the attack sets.
inline bool attacked_after(const Board& b, Square s, Color by, Bitboard occ) {
  const Bitboard them = b.colors[by];
  const Bitboard near = (kTables.pawn[by ^ 1][s] & b.pieces[kPawn]) | (kTables.knight[s] & b.pieces[kKnight]) |
                        (kTables.king[s] & b.pieces[kKing]);
  const Bitboard queens = b.pieces[kQueen];
  Bitboard lines = ((kTables.rook[s] & (b.pieces[kRook] | queens)) | (kTables.bishop[s] & (b.pieces[kBishop] | queens))) & them;
  bool hit = (near & them) != 0;
  while (lines) hit |= !(kTables.between[s][pop_lsb(lines)] & occ);
  return hit;
}

// zeitgeist.result.two_consecutive_checks, by who is checked a second time in
// a row (bit 0 White, bit 1 Black); zeitgeist.result.both_lose.
constexpr std::uint8_t kByLosers[4] = {kOngoing, kBlackWins, kWhiteWins, kBothLose};

// The results and the check history as settle finds them, for a board on
// which both kings stand.
inline void settle_kings_present(Board& b, std::uint8_t previous_checks, Square white_king, Square black_king) {
  const Bitboard occ = b.occupied();
  const unsigned checks = unsigned{attacked_after(b, white_king, kBlack, occ)} * kWhiteChecked |
                          unsigned{attacked_after(b, black_king, kWhite, occ)} * kBlackChecked;
  b.checks = b.attacked = static_cast<std::uint8_t>(checks);
  b.result = kByLosers[checks & previous_checks];
}

}  // namespace

void apply(Board& b, Move white, Move black) {
  constexpr unsigned kAwkward = (1u << kEnPassant) | (1u << kCastle);
  const unsigned white_kind = move_kind(white), black_kind = move_kind(black);
  if (__builtin_expect((((1u << white_kind) | (1u << black_kind)) & kAwkward) != 0, 0)) {
    apply_general(b, white, black);
    return;
  }
  // Two plain moves (no castling, no en passant), read from the board before
  // the turn. Which moves bounce, capture or are a pawn's is close to random
  // in perft, so every test is a bitboard and is applied through masks, not
  // branches; and each line is kept to a few instructions, as the common
  // path is bound by how many it runs.
  const unsigned w = white, k = black;  // 32-bit arithmetic decodes them in fewer instructions
  const Square fw = w & 63, tw = (w >> 6) & 63, fk = k & 63, tk = (k >> 6) & 63;
  const Bitboard white_from = bit(fw), white_to = bit(tw), black_from = bit(fk), black_to = bit(tk);
  const Bitboard ours = b.colors[kWhite], theirs = b.colors[kBlack], occ = ours | theirs;
  const PieceType white_type = move_piece(white), black_type = move_piece(black);
  // A pawn's target, split into a push's and a diagonal move's.
  const Bitboard white_pawn_to = white_to & mask_if(white_type == kPawn);
  const Bitboard black_pawn_to = black_to & mask_if(black_type == kPawn);
  const Bitboard white_diagonal = white_pawn_to & kTables.pawn[kWhite][fw];
  const Bitboard black_diagonal = black_pawn_to & kTables.pawn[kBlack][fk];
  // The squares a move needs empty: its path, and a push's target.
  const Bitboard white_reach = kTables.between[fw][tw] | (white_pawn_to ^ white_diagonal);
  const Bitboard black_reach = kTables.between[fk][tk] | (black_pawn_to ^ black_diagonal);
  // Why each move would bounce alone (play_alone's tests):
  // zeitgeist.blocked.bounce (a piece on its path), zeitgeist.pawn.bounce (a
  // piece before a push, no enemy for a diagonal move) and
  // zeitgeist.collision.same_colour (its own piece on its target).
  const Bitboard white_bounces = (white_reach & occ) | (white_to & ours) | (white_diagonal & ~theirs);
  const Bitboard black_bounces = (black_reach & occ) | (black_to & theirs) | (black_diagonal & ~ours);
  // The moves meet (apply_general's Resolution) when neither surely bounces
  // (surely_bounces: a piece the other move does not move stands on the
  // squares it needs empty) and one reaches a square of the other.
  // Otherwise each lands exactly when it would alone: a move that surely
  // bounces never lands alone either, and then the other resolves alone;
  // two moves that do not meet read only squares the other does not write.
  // One test, not two: whether the moves overlap is close to random.
  const Bitboard overlap =
      ((white_to | white_reach) & (black_from | black_to)) | ((black_to | black_reach) & (white_from | white_to));
  if (__builtin_expect(overlap != 0, 0)) {  // a few joint actions in a hundred
    const Bitboard sure = ((white_reach & ~black_from) | (black_reach & ~white_from)) & occ;
    if (sure == 0) {
      apply_general(b, white, black);
      return;
    }
  }
  const std::uint8_t previous_checks = b.checks;
  b.en_passant[kWhite] = b.en_passant[kBlack] = kNoSquare;
  ++b.fullmove_number;
  // Both bounce when neither reason set is empty: one test of the smaller,
  // where GCC would make two jumps of `&&` or `&`.
  if (std::min(white_bounces, black_bounces) != 0) {
    // Both bounce, as in two joint actions of three in perft: the pieces
    // stand as they stood, so the kings attacked are those of the board
    // before (Board::attacked), and no test is needed. The clock counts the
    // turn (no capture, no pawn moved).
    ++b.halfmove_clock;
    const unsigned checks = b.attacked;
    b.checks = static_cast<std::uint8_t>(checks);
    b.result = kByLosers[checks & previous_checks];
    return;
  }
  const Bitboard white_lands = mask_if(white_bounces == 0), black_lands = mask_if(black_bounces == 0);
  const Bitboard white_move = (white_from | white_to) & white_lands, black_move = (black_from | black_to) & black_lands;
  // zeitgeist.collision.one_captured: a landing mover takes the enemy piece
  // on its square. Both landing means they do not meet, so no piece is both
  // taken and moved.
  const Bitboard taken = (white_move & theirs) | (black_move & ours);
  for (Bitboard& set : b.pieces) set &= ~taken;
  b.pieces[white_type] ^= white_move;
  b.pieces[black_type] ^= black_move;
  b.colors[kWhite] = (ours & ~taken) ^ white_move;
  b.colors[kBlack] = (theirs & ~taken) ^ black_move;
  // A double step that lands leaves the square it passed to the other
  // colour's en passant, else there is none; without a branch, as double
  // steps are common.
  const unsigned white_double = mask_if(white_lands & (white_kind == kDoublePush));
  const unsigned black_double = mask_if(black_lands & (black_kind == kDoublePush));
  b.en_passant[kBlack] = static_cast<std::uint8_t>(kNoSquare - ((kNoSquare - (fw + 8)) & white_double));
  b.en_passant[kWhite] = static_cast<std::uint8_t>(kNoSquare - ((kNoSquare - (fk - 8)) & black_double));
  // A capture or a pawn that moved resets the clock; zero or one more,
  // without the branch GCC makes of a conditional.
  const bool reset = (taken | (white_pawn_to & white_lands) | (black_pawn_to & black_lands)) != 0;
  b.halfmove_clock = (b.halfmove_clock + 1) & (static_cast<std::uint32_t>(reset) - 1);
  // Promotions (the move kinds with bit 2 set) and castling rights, rare
  // enough for a branch.
  const Bitboard special = (white_lands & white_kind & kPromoteKnight) | (black_lands & black_kind & kPromoteKnight) |
                           ((white_move | black_move) & kCastlingSquares);
  if (__builtin_expect(special != 0, 0)) finish_rare(b, white, black, white_lands != 0, black_lands != 0);
  const Bitboard kings = b.pieces[kKing];
  const Bitboard white_king = kings & b.colors[kWhite], black_king = kings & b.colors[kBlack];
  if (__builtin_expect((white_king == 0) | (black_king == 0), 0)) {
    settle(b, previous_checks);  // zeitgeist.result.king_captured
    return;
  }
  settle_kings_present(b, previous_checks, lsb(white_king), lsb(black_king));
}

}  // namespace arbiter::zeitgeist::fast
