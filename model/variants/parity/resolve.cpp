// Parity Chess: how two submitted moves play out. Both moves were written in
// the same position and are carried out together: moves may cross or overlap
// (parity.move.cross_or_overlap); a capture succeeds unless its target moved
// away in the same turn (parity.capture.failed); enemy pieces landing on one
// square share it (parity.occupy.enemy_pieces_share).
#include <algorithm>

#include "model/core/fixed_vector.h"
#include "model/core/movegen.h"
#include "model/core/visit_order.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/parity/parity.h"

namespace arbiter::parity {

namespace {

using orthodox::kKing;
using orthodox::kPawn;
using orthodox::kRook;

struct Mover {
  PieceId id = kNoPiece;
  Color color = Color::White;
  KindId kind = kNoKind;
  Square from = kNoSquare, to = kNoSquare;
  KindId promotion = kNoKind;
  PieceId target = kNoPiece;  // the enemy piece the move captures, as written
  Square target_square = kNoSquare;
  bool en_passant = false;
  bool castle_rook = false;
};

// A player's moving pieces: one, or a king and a rook that castle.
using Movers = FixedVector<Mover, 4>;

void add_movers(const Position& pos, const Move& m, Color c, Movers& out) {
  if (m.is(kMovePass)) return;
  const BoardShape& shape = pos.shape();
  Mover mv;
  mv.id = own_at(pos, m.from, c);
  mv.color = c;
  mv.kind = pos.piece(mv.id).kind;
  mv.from = m.from;
  mv.to = m.to;
  mv.promotion = m.promotion;
  mv.en_passant = m.is(kMoveEnPassant);
  mv.target_square = mv.en_passant ? shape.square(shape.file_of(m.to), shape.rank_of(m.from)) : m.to;
  mv.target = own_at(pos, mv.target_square, opposite(c));
  out.push_back(mv);
  if (m.is(kMoveCastle)) {
    bool kingside = shape.file_of(m.to) > shape.file_of(m.from);
    int rank = shape.rank_of(m.from);
    Mover rook;
    rook.from = shape.square(kingside ? 7 : 0, rank);
    rook.to = shape.square(kingside ? 5 : 3, rank);
    rook.id = own_at(pos, rook.from, c);
    rook.color = c;
    rook.kind = kRook;
    rook.castle_rook = true;
    out.push_back(rook);
  }
}

// Whether a piece of colour `by` attacks the king of the other colour, where
// the king stands alone.
bool attacks_king(const Position& pos, Color by) {
  Square k = pos.find(kKing, opposite(by));
  if (k == kNoSquare || pos.count(k) != 1) return false;
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == by && piece_attacks(pos, p, k)) return true;
  return false;
}

// Whether m's move, played alone, checks the other colour's king where no
// piece did before it. Played out on a copy of the position: out of line, so
// that the copy is made (and its frame set up) only when could_check_alone
// cannot rule the check out.
[[gnu::noinline]] bool checks_alone(const Position& pos, const Mover& m) {
  Move own{m.from, m.to, m.promotion, static_cast<std::uint8_t>(m.en_passant ? kMoveEnPassant : 0)};
  return attacks_king(apply_alone(pos, own, m.color), m.color) && !attacks_king(pos, m.color);
}

// Whether checks_alone could hold. Played alone, a move brings a piece to
// bear on the other king only as the moved piece itself (which its kind's
// reach from the new square rules out, whatever stands between) or as a
// piece beyond a square the move empties, on a line from the king
// (opens_line: the orthodox pieces attack from afar only by riding). Pieces
// arriving only block, and a move onto or off the king's square is played out.
bool could_check_alone(const Position& pos, const Mover& m) {
  Color them = opposite(m.color);
  Square k = pos.find(kKing, them);
  if (k == kNoSquare) return false;  // none after the move either
  if (m.from == k || m.to == k) return true;
  const BoardShape& shape = pos.shape();
  KindId kind = m.promotion != kNoKind ? m.promotion : m.kind;
  int df = shape.file_of(k) - shape.file_of(m.to), dr = shape.rank_of(k) - shape.rank_of(m.to);
  // A kind's reach is stored from White's side, as piece_attacks reads it.
  if (pos.kinds()[kind].reach[reach_index(df, m.color == Color::White ? dr : -dr)] != 0) return true;
  Square victim = m.en_passant ? m.target_square : kNoSquare;
  return opens_line(pos, them, k, m.from, victim) || (m.en_passant && opens_line(pos, them, k, victim, m.from));
}

}  // namespace

void order_shared(Position& pos) {
  for (Square s = 0; s < pos.shape().size(); ++s) {
    if (pos.count(s) < 2) continue;
    PieceId first = pos.occupant(s);
    if (pos.piece(first).color == Color::Black) pos.move(first, s);  // moves it to the end
  }
}

void resolve(const State& before, const Move& white, const Move& black, const Readings& readings, bool single,
             State& after, Trace& trace) {
  const Position& pos = before.position;
  const BoardShape& shape = pos.shape();
  // The history is written once the step is known to be reversible or not
  // (below); the position is before's already.
  after.history.clear();
  after.outcome = before.outcome;
  Position& out = after.position;
  trace.fire(clause::kSimultaneous);
  trace.fire(clause::kOnePiece);

  Movers movers;
  add_movers(pos, white, Color::White, movers);
  add_movers(pos, black, Color::Black, movers);
  // Both moves are carried out together: no mover is looked at first.
  arrange_visits(std::span<Mover>(movers.begin(), movers.size()), readings, trace);
  // A fate a rule whose condition holds gives a piece in a contested
  // situation (model/core/fate.h): a capture's target, a capture whose target
  // moves, enemy pieces landing on one square.
  auto propose = [&](PieceId id, Fate fate, Square where, Square contest_at, std::string_view why) {
    if (!trace.recording()) return;
    trace.contest({id, contest_at, 0});
    trace.propose({id, fate, fate == Fate::Removed ? kNoSquare : where, why, 0});
  };
  auto moved = [&](PieceId id) {
    return std::any_of(movers.begin(), movers.end(), [&](const Mover& m) { return m.id == id; });
  };

  // parity.move.cross_or_overlap: a move passing over or onto the other's
  // squares, or crossing the other's path, is valid.
  for (const Mover& a : movers) {
    for (const Mover& b : movers) {
      if (a.color == b.color) continue;
      auto path = simultaneous::between(shape, a.from, a.to);
      auto other = simultaneous::between(shape, b.from, b.to);
      auto on_path = [&](Square s) { return std::find(path.begin(), path.end(), s) != path.end(); };
      if (on_path(b.to) || on_path(b.from) || a.to == b.from || std::any_of(other.begin(), other.end(), on_path))
        trace.fire(clause::kMovesCross);
    }
  }

  // Captures: parity.capture.succeeds when the target stayed, parity.capture.failed when it moved away.
  FixedVector<PieceId, 4> captured;
  bool captured_king[2] = {false, false};
  for (const Mover& m : movers) {
    if (m.target == kNoPiece) continue;
    if (moved(m.target)) {
      propose(m.id, Fate::Lands, m.to, m.to, clause::kFailedCapture);
      for (const Mover& t : movers)
        if (t.id == m.target) propose(t.id, Fate::Lands, t.to, m.to, clause::kFailedCapture);
      trace.event({EventType::FailedCapture, m.id, m.from, m.to, m.kind, m.color, clause::kFailedCapture,
                   "the target moved away in the same turn"});
      continue;
    }
    propose(m.target, Fate::Removed, kNoSquare, m.target_square, m.en_passant ? clause::kEnPassantNext : clause::kCaptureSucceeds);
    if (!captured.contains(m.target)) captured.push_back(m.target);
    const Piece& v = pos.piece(m.target);
    if (v.kind == kKing) captured_king[static_cast<int>(v.color)] = true;
    trace.event({m.en_passant ? EventType::EnPassant : EventType::Capture, m.target, m.target_square, kNoSquare, v.kind,
                 v.color, m.en_passant ? clause::kEnPassantNext : clause::kCaptureSucceeds, ""});
  }
  for (PieceId id : captured) out.remove(id);

  // Moves out of a shared square: pawns move on (parity.pawn.shared_square_forward);
  // under Single Occupation the pieces must leave at once, without capturing.
  for (const Mover& m : movers) {
    if (pos.count(m.from) < 2) continue;
    if (!single && m.kind == kPawn) trace.fire(clause::kSharedPawnsForward);
    if (single) {
      trace.fire(clause::kVacateExempt);
      trace.fire(clause::kVacateNoCapture);
      trace.fire(clause::kVacateBack);
    }
  }
  // The moves themselves.
  for (const Mover& m : movers) {
    out.move(m.id, m.to);
    trace.event({m.castle_rook ? EventType::Castle : EventType::Move, m.id, m.from, m.to, m.kind, m.color,
                 m.castle_rook ? clause::kStandardRules : clause::kSimultaneous, ""});
    if (m.promotion != kNoKind) {
      out.set_kind(m.id, m.promotion);
      trace.event({EventType::Promote, m.id, m.to, m.to, m.promotion, m.color, clause::kStandardRules, ""});
    }
  }
  // parity.occupy.enemy_pieces_share / parity.single.must_vacate
  for (const Mover& a : movers) {
    if (a.color != Color::White) continue;
    for (const Mover& b : movers) {
      if (b.color != Color::Black || a.to != b.to) continue;
      for (const Mover* m : {&a, &b}) propose(m->id, Fate::Lands, m->to, a.to, single ? clause::kMustVacate : clause::kCoOccupation);
      trace.event({EventType::Collision, kNoPiece, a.to, a.to, kNoKind, Color::White,
                   single ? clause::kMustVacate : clause::kCoOccupation, "enemy pieces share the square"});
    }
  }
  order_shared(out);

  // The pieces that just moved (parity.submit.just_moved_stays): their
  // squares' names, each once, kept in name order as they are added.
  FixedVector<std::string, 4> just;
  for (const Mover& m : movers) {
    // parity.submit.just_moved_stays: "This rule applies to all the pieces",
    // the rook that castled among them.
    std::string name = square_name(shape, m.to);
    if (just.contains(name)) continue;
    just.push_back(name);
    for (std::size_t i = just.size() - 1; i > 0 && just[i] < just[i - 1]; --i)
      std::swap(just[i], just[i - 1]);
  }
  std::string list;
  for (const std::string& name : just) {
    if (!list.empty()) list += ',';
    list += name;
  }
  out.vars.erase(kJustMovedKey);
  if (!list.empty()) out.vars[kJustMovedKey] = list;

  // Castling rights: lost by a king or rook that moved or was captured.
  for (const Mover& m : movers)
    if (m.kind == kKing)
      out.castling &= m.color == Color::White ? ~(kWhiteKingside | kWhiteQueenside) : ~(kBlackKingside | kBlackQueenside);
  struct Corner {
    std::uint8_t right;
    Square square;
    Color color;
  };
  for (const Corner& c : {Corner{kWhiteKingside, shape.square(7, 0), Color::White},
                          Corner{kWhiteQueenside, shape.square(0, 0), Color::White},
                          Corner{kBlackKingside, shape.square(7, 7), Color::Black},
                          Corner{kBlackQueenside, shape.square(0, 7), Color::Black}}) {
    PieceId id = own_at(out, c.square, c.color);
    if (id == kNoPiece || id != own_at(pos, c.square, c.color) || out.piece(id).kind != kRook) out.castling &= ~c.right;
  }
  // parity.en_passant.next_move: double steps of this turn may be taken en passant in the next.
  std::vector<std::pair<Square, Square>> double_steps;
  for (const Mover& m : movers)
    if (m.kind == kPawn && std::abs(shape.rank_of(m.to) - shape.rank_of(m.from)) == 2) double_steps.emplace_back(m.from, m.to);
  simultaneous::set_en_passant(out, double_steps);

  bool irreversible = !captured.empty();
  for (const Mover& m : movers) irreversible = irreversible || m.kind == kPawn;
  out.halfmove_clock = irreversible ? 0 : pos.halfmove_clock + 1;
  out.fullmove_number = pos.fullmove_number + 1;
  // After an irreversible step no earlier position can occur again.
  if (!irreversible) {
    after.history = before.history;
    after.history.push_back(repetition_key(pos));
  }

  // Checks after the step: immediate, delayed (parity.check.*), sheltered
  // kings (parity.king.shared_square_shelter) and failed checks.
  for (Color c : {Color::White, Color::Black}) {
    Square k = out.find(kKing, c);
    if (k == kNoSquare) continue;
    if (out.count(k) > 1) {
      if (threatened(out, k, opposite(c), true)) trace.fire(clause::kKingShelter);
      continue;
    }
    // An immediate check is an attack by a piece free to move: a king no
    // piece attacks is in neither check.
    bool attacked = threatened(out, k, opposite(c), true);
    if (attacked && in_immediate_check(out, c)) {
      trace.event({EventType::Check, out.occupant(k), k, k, kKing, c, clause::kImmediateCheck, "immediate"});
    } else if (attacked) {
      trace.event({EventType::Check, out.occupant(k), k, k, kKing, c, clause::kDelayedCheck, "delayed"});
    } else {
      // A check the mover's own move would have given, undone by the other's move.
      for (const Mover& m : movers) {
        if (m.color == c || m.castle_rook) continue;
        if (could_check_alone(pos, m) && checks_alone(pos, m))
          trace.event({EventType::Check, out.occupant(k), k, k, kKing, c, clause::kFailedCheck, "failed"});
      }
    }
  }

  // A captured king loses the game (parity.check.immediate: "otherwise the
  // king will be captured ... and the player would lose the game"). The
  // submission rules keep it from happening: a king in immediate check must
  // move, and a piece that just moved may not take one; the guard keeps
  // the result the sentence names should a submission rule let it happen.
  if (captured_king[0] || captured_king[1]) {
    if (captured_king[0] && captured_king[1])
      after.outcome = {Result::Draw, "both kings captured", clause::kBothMatedDraw};
    else
      after.outcome = {captured_king[0] ? Result::BlackWins : Result::WhiteWins, "king captured", clause::kImmediateCheck};
    trace.fire(clause::kImmediateCheck);
  }
}

}  // namespace arbiter::parity
