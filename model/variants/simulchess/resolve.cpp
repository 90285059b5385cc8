// SimulChess: how two submitted moves play out, in the text's resolution order
// (simulchess.resolution.order): base attack check, path interception,
// collisions, then move execution with its captures.
#include <algorithm>

#include "model/core/fixed_vector.h"
#include "model/core/movegen.h"
#include "model/core/visit_order.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/simulchess/simulchess.h"

namespace arbiter::simulchess {

namespace {

using orthodox::kKing;
using orthodox::kKnight;
using orthodox::kPawn;
using orthodox::kRook;

// The pieces one step can move: a castling king and rook for each player.
constexpr std::size_t kMaxMovers = 4;
// The pieces one step can remove: each mover itself, the piece where it lands
// (or that it takes en passant) and the piece on its target square (taken by
// a chain capture).
constexpr std::size_t kMaxRemoved = 3 * kMaxMovers;

struct Mover {
  PieceId id = kNoPiece;
  Color color = Color::White;
  KindId kind = kNoKind;
  Square from = kNoSquare, to = kNoSquare, land = kNoSquare;
  simultaneous::Line path;  // slow pieces: squares strictly between from and to
  bool fast = false;         // simulchess.category.fast_slow: pawns and knights
  bool capture = false;      // the target held an enemy piece when submitted (or en passant)
  bool en_passant = false;
  KindId promotion = kNoKind;
  int group = 0;             // a castling king and rook share it
  bool cancelled = false;    // stays on its starting square
  bool destroyed = false;
};

using simultaneous::between;

const ReadingPoint& point(std::string_view id) { return *find_reading(readings(), id); }

class Resolution {
 public:
  // `after` is a copy of the position before the step; only move execution
  // changes it, so a king collision leaves it as it was.
  Resolution(const State& before, const Readings& readings, Trace& trace, Position& after)
      : after(after), pos_(before.position), shape_(pos_.shape()), readings_(readings), trace_(trace) {}

  // Adds a submitted move unless a castling move is prevented by the other.
  void add(const Move& m, Color c, const Move& other) {
    if (m.is(kMovePass)) return;
    if (m.is(kMoveCastle)) trace_.fire(clause::kCastleNormal);
    if (m.is(kMoveCastle) && castle_prevented(m, c, other)) {
      // simulchess.rejected_castling: what the rejection costs.
      std::string_view cost = sanction[static_cast<int>(c)] =
          readings_.consult(point(reading::kRejectedCastling), trace_);
      trace_.event({EventType::Reject, pos_.occupant(m.from), m.from, m.to, kKing, c, clause::kCastleRejected,
                    "castling prevented by the opponent's move: rejected; " +
                        std::string(simultaneous::sanction_text(cost))});
      return;
    }
    int group = next_group_++;
    movers_.push_back(make(m.from, m.to, c, group, m));
    if (m.is(kMoveCastle)) {
      bool kingside = shape_.file_of(m.to) > shape_.file_of(m.from);
      int rank = shape_.rank_of(m.from);
      Square rook_from = shape_.square(kingside ? 7 : 0, rank), rook_to = shape_.square(kingside ? 5 : 3, rank);
      movers_.push_back(make(rook_from, rook_to, c, group, Move{rook_from, rook_to}));
    }
  }

  void run(Outcome& king_collision) {
    trace_.fire(clause::kSimultaneous);
    trace_.fire(clause::kFastSlow);
    trace_.fire(clause::kOrder);
    // The order is of stages, not of players: within a stage no mover is
    // looked at first.
    arrange_visits(std::span<Mover>(movers_.begin(), movers_.size()), readings_, trace_);
    base_attack_check();
    path_interception();
    collisions(king_collision);
    if (!king_collision.over()) execute();
  }

  // What the resolution produces (read by resolve() below).
  Position& after;
  std::string_view sanction[2] = {};  // of a rejected castling move, per colour
  FixedVector<Mover, kMaxMovers> movers_;
  FixedVector<PieceId, kMaxRemoved> removed;  // each piece once

 private:
  Mover make(Square from, Square to, Color c, int group, const Move& m) {
    Mover mv;
    mv.id = pos_.occupant(from);
    mv.color = c;
    mv.kind = pos_.piece(mv.id).kind;
    mv.from = from;
    mv.to = to;
    mv.land = to;
    mv.group = group;
    mv.fast = mv.kind == kPawn || mv.kind == kKnight;
    mv.en_passant = m.is(kMoveEnPassant);
    mv.promotion = m.promotion;
    PieceId target = pos_.occupant(to);
    mv.capture = mv.en_passant || (target != kNoPiece && pos_.piece(target).color != c);
    if (!mv.fast) mv.path = between(shape_, from, to);
    return mv;
  }

  // simulchess.castle.prevented_rejected
  bool castle_prevented(const Move& castle, Color c, const Move& other) {
    if (other.is(kMovePass)) return false;
    int rank = shape_.rank_of(castle.from);
    bool kingside = shape_.file_of(castle.to) > shape_.file_of(castle.from);
    int lo = kingside ? 4 : 0, hi = kingside ? 7 : 4;
    int landing = shape_.rank_of(other.to) == rank ? shape_.file_of(other.to) : -1;
    if (landing >= lo && landing <= hi) return true;  // on the squares castling uses: both readings agree
    Position after_other = pos_;
    orthodox::make_move(after_other, other, nullptr);
    int step = kingside ? 1 : -1;
    bool attacked = false;
    for (int f = 4; f != 4 + 3 * step; f += step)
      attacked = attacked || attacked_by(after_other, shape_.square(f, rank), opposite(c));
    if (!attacked) return false;
    return readings_.consult(point(reading::kCastlePrevented), trace_) == "path_or_check";
  }

  Mover* opponent_of(const Mover& m) {
    for (Mover& o : movers_)
      if (o.color != m.color) return &o;
    return nullptr;
  }

  // 1. simulchess.fast.base_attack / simulchess.fast.escape
  void base_attack_check() {
    for (Mover& m : movers_) {
      if (!m.fast) continue;
      trace_.fire(clause::kFastNotIntercepted);
      Mover* o = opponent_of(m);
      bool targeted = o && o->to == m.from;
      bool threatened = attacked_by(pos_, m.from, opposite(m.color));
      bool attacked = targeted;
      if (m.capture && targeted != threatened)
        attacked = readings_.consult(point(reading::kBaseAttack), trace_) == "targeted" ? targeted : threatened;
      if (!attacked) continue;
      // An en passant capture is one capture attempt ("All standard chess
      // rules apply", where it is one move and a capture): with its base
      // attacked it is cancelled whole (simulchess.fast.base_attack).
      propose(m.id, m.capture ? Fate::Returns : Fate::Lands, m.capture ? m.from : m.to, m.from,
              m.capture ? clause::kFastBaseAttack : clause::kFastEscape);
      if (m.capture) {
        m.cancelled = true;
        trace_.event({EventType::Reject, m.id, m.from, m.to, m.kind, m.color, clause::kFastBaseAttack,
                      "capture attempt cancelled: base attacked"});
      } else {
        trace_.fire(clause::kFastEscape);
      }
    }
  }

  bool lands(const Mover& m) const { return !m.cancelled && !m.destroyed; }

  // A fate a rule whose condition holds gives a piece in a contested
  // situation (model/core/fate.h), whether or not a later stage undoes it:
  // the stages of simulchess.resolution.order are one round, and the
  // variant's precedence table says which of two rival proposals prevails.
  void propose(PieceId id, Fate fate, Square where, Square contest_at, std::string_view why) {
    if (!trace_.recording()) return;
    trace_.contest({id, contest_at, 0});
    trace_.propose({id, fate, fate == Fate::Removed ? kNoSquare : where, why, 0});
  }

  void destroy(Mover& m, std::string_view why) {
    if (m.destroyed) return;
    m.destroyed = true;
    remove(m.id, m.land, EventType::Remove, why);
  }

  void remove(PieceId id, Square where, EventType type, std::string_view why) {
    if (removed.contains(id)) return;
    removed.push_back(id);
    const Piece& p = pos_.piece(id);
    trace_.event({type, id, where, kNoSquare, p.kind, p.color, why, ""});
  }

  // 2. simulchess.slow.interception: a slow piece stops where another piece
  // lands on its path; the interceptor is destroyed. The two players' moves
  // are resolved at once: every slow piece's interceptor is found before any
  // interception is applied, so that neither player's piece is looked at
  // first.
  void path_interception() {
    struct Interception {
      Mover* slow;
      Mover* interceptor;
      Square at;
    };
    FixedVector<Interception, kMaxMovers> found;
    for (Mover& s : movers_) {
      if (s.fast || !lands(s)) continue;
      for (Square q : s.path) {
        Mover* interceptor = nullptr;
        for (Mover& m : movers_)
          // A castling king and rook never intercept each other: "Castling
          // follows normal chess rules", where it is one move.
          if (lands(m) && m.to == q && m.group != s.group) interceptor = &m;
        if (!interceptor) continue;
        found.push_back({&s, interceptor, q});
        break;
      }
    }
    // simulchess.mutual_interception: two slow pieces that each land in the
    // other's path.
    auto mutual = [&](const Interception& i) {
      for (const Interception& other : found)
        if (other.slow == i.interceptor && other.interceptor == i.slow) return true;
      return false;
    };
    bool pass = std::any_of(found.begin(), found.end(), mutual) &&
                readings_.consult(point(reading::kMutualInterception), trace_) == "pass";
    for (const Interception& i : found) {
      if (pass && mutual(i)) continue;
      i.slow->land = i.at;
      i.slow->capture = false;
    }
    for (const Interception& i : found) {
      if (pass && mutual(i)) {
        // Under simulchess.mutual_interception=pass the two pieces pass each other.
        propose(i.slow->id, Fate::Lands, i.slow->to, i.at, clause::kSlowIntercepted);
        continue;
      }
      propose(i.slow->id, Fate::StopsShort, i.at, i.at, clause::kSlowIntercepted);
      propose(i.interceptor->id, Fate::Removed, kNoSquare, i.at, clause::kSlowIntercepted);
      if (i.interceptor->kind == kKing) {
        propose(i.interceptor->id, Fate::Lands, i.interceptor->to, i.at, clause::kKingSurvives);
        propose(i.slow->id, Fate::Removed, kNoSquare, i.at, clause::kKingSurvives);
      }
    }
    for (const Interception& i : found) {
      if (pass && mutual(i)) continue;
      if (i.interceptor->kind == kKing &&
          readings_.consult(point(reading::kKingIntercepts), trace_) == "king_survives") {
        trace_.fire(clause::kKingSurvives);
        destroy(*i.slow, clause::kKingSurvives);
      } else {
        destroy(*i.interceptor, clause::kSlowIntercepted);
      }
    }
  }

  // 3. simulchess.resolution.collision: pieces landing on one square.
  void collisions(Outcome& king_collision) {
    for (std::size_t i = 0; i < movers_.size(); ++i) {
      for (std::size_t j = i + 1; j < movers_.size(); ++j) {
        Mover& a = movers_[i];
        Mover& b = movers_[j];
        if (a.group == b.group || !lands(a) || !lands(b) || a.land != b.land) continue;
        trace_.event({EventType::Collision, kNoPiece, a.land, a.land, kNoKind, Color::White, clause::kCollision, ""});
        for (const Mover* m : {&a, &b}) {
          if (a.kind == kKing && b.kind == kKing) {
            propose(m->id, Fate::Returns, m->from, a.land, clause::kKingVsKing);
          } else if (a.kind == kKing || b.kind == kKing) {
            propose(m->id, m->kind == kKing ? Fate::Lands : Fate::Removed, m->land, a.land, clause::kKingSurvives);
          } else {
            // The collision rule's own fate, as simulchess.same_square reads
            // it, and, for a fast piece against a slow one, the interception
            // rule's (the slow piece landing where the fast one did).
            bool back = readings_.consult(point(reading::kSameSquare), trace_) == "both_return";
            propose(m->id, back ? Fate::Returns : Fate::Removed, m->from, a.land, clause::kCollision);
            if (a.fast != b.fast)
              propose(m->id, m->fast ? Fate::Removed : Fate::Lands, m->land, a.land, clause::kSlowIntercepted);
          }
        }
        if (a.kind == kKing && b.kind == kKing) {
          king_collision = {Result::Draw, "king against king", clause::kKingVsKing};
          return;
        }
        if (a.kind == kKing || b.kind == kKing) {
          destroy(a.kind == kKing ? b : a, clause::kKingSurvives);
          continue;
        }
        std::string_view alt = readings_.consult(point(reading::kSameSquare), trace_);
        if (alt == "both_return") {
          a.cancelled = b.cancelled = true;
          trace_.event({EventType::Bounce, a.id, a.land, a.from, a.kind, a.color, clause::kCollision, ""});
          trace_.event({EventType::Bounce, b.id, b.land, b.from, b.kind, b.color, clause::kCollision, ""});
        } else if (alt == "interception" && a.fast != b.fast) {
          destroy(a.fast ? a : b, clause::kSlowIntercepted);
        } else {
          destroy(a, clause::kCollision);
          destroy(b, clause::kCollision);
        }
      }
    }
  }

  bool moved_away(PieceId id) const {
    return std::any_of(movers_.begin(), movers_.end(), [&](const Mover& m) { return m.id == id && lands(m); });
  }

  // 4. Move execution and captures.
  void execute() {
    for (Mover& m : movers_) {
      if (!lands(m)) continue;
      Square target = m.en_passant ? shape_.square(shape_.file_of(m.to), shape_.rank_of(m.from)) : m.land;
      PieceId victim = pos_.occupant(target);
      bool victim_here = victim != kNoPiece && pos_.piece(victim).color != m.color;
      Mover* o = opponent_of(m);
      if (victim_here && o && o->id == victim && lands(*o)) {
        // The target is moving too: its base is being captured.
        if (!o->fast && o->capture) {
          propose(o->id, Fate::Removed, kNoSquare, o->from, clause::kChainCapture);
          if (PieceId t = pos_.occupant(o->to); t != kNoPiece && !moved_away(t))
            propose(t, Fate::Removed, kNoSquare, o->to, clause::kChainCapture);
          // simulchess.capture.chain / simulchess.slow.attack_despite_base: the
          // slow piece is captured and completes its own capture.
          trace_.fire(clause::kSlowAttackSucceeds);
          remove(o->id, o->from, EventType::Capture, clause::kChainCapture);
          PieceId its_target = pos_.occupant(o->to);
          if (its_target != kNoPiece && !moved_away(its_target)) remove(its_target, o->to, EventType::Capture, clause::kChainCapture);
          o->destroyed = true;
          // Two slow pieces capturing each other (Qd1xd8 against Rd8xd1):
          // each is captured on its base while its own capture lands, so the
          // chain takes this one as well, whichever colour is resolved first.
          if (!m.fast && m.capture && o->to == m.from) {
            propose(m.id, Fate::Removed, kNoSquare, m.from, clause::kChainCapture);
            remove(m.id, m.from, EventType::Capture, clause::kChainCapture);
            m.destroyed = true;
          }
          continue;
        }
        // A slow piece that left the square: simulchess.king_escape for a
        // king, simulchess.slow_escape for another.
        if (!o->fast && readings_.consult(point(o->kind == kKing ? reading::kKingEscape : reading::kSlowEscape), trace_) == "captured") {
          propose(o->id, Fate::Removed, kNoSquare, o->from, clause::kStandardCapture);
          remove(o->id, o->from, EventType::Capture, clause::kStandardCapture);
          o->destroyed = true;
          continue;
        }
        // The fast piece's escape succeeds (simulchess.fast.escape), or the
        // slow piece escaped: the capture finds an empty square.
        if (o->fast) {
          trace_.fire(clause::kFastEscape);
          propose(o->id, Fate::Lands, o->land, o->from, clause::kFastEscape);
        }
        victim_here = false;
      }
      if (victim_here) {
        propose(victim, Fate::Removed, kNoSquare, target, clause::kStandardCapture);
        remove(victim, target, m.en_passant ? EventType::EnPassant : EventType::Capture, clause::kStandardCapture);
      }
      // A capture whose target moved away still lands on the square, now
      // empty (simulchess.resolution.order: only the base attack check, the
      // interception check and the collisions stop a move; "Move Execution:
      // Apply successful moves").
    }
    for (const Mover& m : movers_) {
      if (!lands(m) || removed.contains(m.id)) continue;
      after.move(m.id, m.land);
      trace_.event({EventType::Move, m.id, m.from, m.land, m.kind, m.color, clause::kSimultaneous, ""});
      if (m.promotion != kNoKind && m.land == m.to) {
        after.set_kind(m.id, m.promotion);
        trace_.event({EventType::Promote, m.id, m.land, m.land, m.promotion, m.color, clause::kStandardRules, ""});
      }
    }
    for (PieceId id : removed)
      if (after.piece(id).on_board()) after.remove(id);
  }

  const Position& pos_;
  const BoardShape& shape_;
  const Readings& readings_;
  Trace& trace_;
  int next_group_ = 0;
};

// The results at the start of the next turn, for each side with that side to
// move: checkmated as in standard chess (mate[c]: in check, and no move that
// leaves the king unattacked); stalemated (stale[c]: not in check, and no move
// at all, not even one that leaves the king where it could be captured); or
// not in check with moves, every one of which leaves the king attacked
// (exposed[c]: simulchess.result.plays_into_check, not a stalemate here). One
// copy of the position serves both sides: only whose turn it is and the en
// passant square differ.
void find_mates(const Position& pos, bool mate[kColors], bool stale[kColors], bool exposed[kColors]) {
  Position own = pos;
  for (Color c : {Color::White, Color::Black}) {
    int i = static_cast<int>(c);
    own.side_to_move = c;
    own.en_passant = simultaneous::en_passant_for(pos, c);
    mate[i] = stale[i] = exposed[i] = false;
    if (orthodox::has_legal_move(own)) continue;
    if (orthodox::in_check(own, c)) {
      mate[i] = true;
      continue;
    }
    MoveList moves;
    orthodox::pseudo_moves(own, moves);
    stale[i] = moves.empty();
    exposed[i] = !moves.empty();
  }
}

}  // namespace

void resolve(const State& before, const Move& white, const Move& black, const Readings& readings, State& after,
             Trace& trace) {
  const Position& pos = before.position;
  const BoardShape& shape = pos.shape();
  after.position = pos;
  Resolution res(before, readings, trace, after.position);
  res.add(white, Color::White, black);
  res.add(black, Color::Black, white);
  if (simultaneous::apply_sanctions(before, after, trace, res.sanction, clause::kCastleRejected)) return;
  Outcome king_collision;
  res.run(king_collision);

  after.history = before.history;
  after.outcome = before.outcome;
  Position& out = after.position;
  out.fullmove_number = pos.fullmove_number + 1;

  // Castling rights: lost by a king or rook that moved or was removed.
  for (const Mover& m : res.movers_) {
    if (m.kind == kKing && (m.land != m.from || res.removed.contains(m.id)) && !m.cancelled)
      out.castling &= m.color == Color::White ? ~(kWhiteKingside | kWhiteQueenside) : ~(kBlackKingside | kBlackQueenside);
  }
  struct Corner {
    std::uint8_t right;
    Square square;
  };
  for (const Corner& c : {Corner{kWhiteKingside, shape.square(7, 0)}, Corner{kWhiteQueenside, shape.square(0, 0)},
                          Corner{kBlackKingside, shape.square(7, 7)}, Corner{kBlackQueenside, shape.square(0, 7)}}) {
    PieceId id = out.occupant(c.square);
    if (id == kNoPiece || id != pos.occupant(c.square) || out.piece(id).kind != kRook) out.castling &= ~c.right;
  }
  Square kings[2] = {out.find(kKing, Color::White), out.find(kKing, Color::Black)};
  for (int c = 0; c < 2; ++c) {
    std::uint8_t rights = c == 0 ? (kWhiteKingside | kWhiteQueenside) : (kBlackKingside | kBlackQueenside);
    if (kings[c] != shape.square(4, c == 0 ? 0 : 7)) out.castling &= ~rights;
  }
  // En passant for the next turn.
  std::vector<std::pair<Square, Square>> double_steps;
  for (const Mover& m : res.movers_) {
    if (m.kind != kPawn || m.cancelled || res.removed.contains(m.id) || m.land != m.to) continue;
    if (std::abs(shape.rank_of(m.to) - shape.rank_of(m.from)) == 2) double_steps.emplace_back(m.from, m.to);
  }
  if (king_collision.over()) double_steps.clear();
  simultaneous::set_en_passant(out, double_steps);
  bool pawn_or_capture = !res.removed.empty();
  for (const Mover& m : res.movers_) pawn_or_capture = pawn_or_capture || (m.kind == kPawn && !m.cancelled);
  out.halfmove_clock = pawn_or_capture ? 0 : pos.halfmove_clock + 1;
  // The positions a repetition compares (simulchess.draw_claims): none
  // before an irreversible turn can occur again.
  if (pawn_or_capture) after.history = History();
  else after.history.push_back(simultaneous::repetition_key(pos));

  // Results.
  if (king_collision.over()) {
    after.outcome = king_collision;
  } else if (kings[0] == kNoSquare || kings[1] == kNoSquare) {
    // simulchess.result.king_capture
    trace.fire(clause::kKingCapture);
    if (kings[0] == kNoSquare && kings[1] == kNoSquare) {
      bool draw = readings.consult(point(reading::kBothKings), trace) == "draw";
      after.outcome = {draw ? Result::Draw : Result::BothLose, "both kings captured", clause::kKingCapture};
    } else {
      after.outcome = {kings[0] == kNoSquare ? Result::BlackWins : Result::WhiteWins, "king captured", clause::kKingCapture};
    }
  } else {
    // The classical checkmate check at the start of the next turn.
    bool mate[kColors], stale[kColors], exposed[kColors];
    find_mates(out, mate, stale, exposed);
    if (exposed[0] || exposed[1]) trace.fire(clause::kPlaysIntoCheck);
    if (mate[0] && mate[1]) {
      after.outcome = {Result::Draw, "both kings in checkmate", clause::kBothMated};
    } else if (mate[0] || mate[1]) {
      after.outcome = {mate[0] ? Result::BlackWins : Result::WhiteWins, "checkmate", clause::kCheckmateAtStart};
    } else if ((stale[0] || stale[1]) && readings.consult(point(reading::kStalemate), trace) == "draw") {
      // simulchess.stalemate=draw; under pass the player without a move
      // submits nothing (SimulChess::actions_into).
      after.outcome = {Result::Draw, "stalemate", clause::kStandardRules};
    } else {
      // simulchess.draw_claims: the standard draws.
      after.outcome = simultaneous::standard_draw(after, simultaneous::occurrences(after), point(reading::kDrawClaims),
                                                  readings, trace, clause::kStandardRules);
    }
  }
  if (after.outcome.over()) {
    simultaneous::record_result(after);
    trace.event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, after.outcome.clause,
                 std::string(after.outcome.reason)});
  }
  trace.fire(clause::kIllegalRejected);
  trace.fire(clause::kKingMayBeExposed);
}

}  // namespace arbiter::simulchess
