// Zeitgeist: how two written moves play out. Each round places every piece
// that has not bounced on its target and applies the placement rules; a rule
// that sends a piece back (a bounce) starts the round again with that piece
// stationary, so bounces only accumulate and the rounds end. Removals are
// applied once a round needs no further bounce.
#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <span>

#include "model/core/fixed_vector.h"
#include "model/core/movegen.h"
#include "model/core/visit_order.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/zeitgeist/zeitgeist.h"

namespace arbiter::zeitgeist {

namespace {

using orthodox::kKing;
using orthodox::kKnight;
using orthodox::kPawn;
using orthodox::kRook;

// The pieces one step can move: a castling king and rook for each player.
constexpr std::size_t kMaxMovers = 4;
// Removals in one round: each mover's square lists its pieces once, and an en
// passant victim besides.
constexpr std::size_t kMaxRemovals = kMaxMovers * (kMaxStack + kMaxMovers) + kMaxMovers;

struct Mover {
  PieceId id = kNoPiece;
  Color color = Color::White;
  Square from = kNoSquare, to = kNoSquare;
  simultaneous::Line path;  // squares strictly between, for every piece but the knight
  bool pawn_push = false, pawn_diagonal = false, en_passant = false;
  bool captures_into = false;  // "captured into the space" (clauses zeitgeist.collision.*)
  KindId promotion = kNoKind;
  int group = 0;  // the movers of one written move (a castling king and rook) share it
  bool bounced = false;
  std::string_view bounce_clause;
  std::string_view pending;  // a bounce a placement calls for, made once every square is judged
};

using simultaneous::between;

// The detail of a move refused by the submission reading in force, built in
// one allocation: the divergence search writes it whenever it re-runs a step
// under the stricter alternatives.
std::string not_writable(std::string_view alt, std::string_view sanction) {
  constexpr std::string_view head = "move not writable under zeitgeist.submission=";
  std::string_view tail = simultaneous::sanction_text(sanction);
  std::string out;
  out.reserve(head.size() + alt.size() + 2 + tail.size());
  out.append(head).append(alt).append(": ").append(tail);
  return out;
}

class Resolution {
 public:
  Resolution(const State& before, const Readings& readings, Trace& trace)
      : pos_(before.position), shape_(pos_.shape()), readings_(readings), trace_(trace) {}

  void add_written(const Move& m, Color c) {
    int group = next_group_++;
    PieceId id = pos_.occupant(m.from);
    if (id == kNoPiece) return;
    const Piece& p = pos_.piece(id);
    Mover mv;
    mv.id = id;
    mv.color = c;
    mv.from = m.from;
    mv.to = m.to;
    mv.group = group;
    mv.promotion = m.promotion;
    if (p.kind != kKnight) mv.path = between(shape_, m.from, m.to);
    if (m.is(kMoveCastle)) trace_.fire(clause::kCastleCheck);
    if (p.kind == kPawn) {
      trace_.fire(clause::kPawnMoves);
      mv.pawn_diagonal = shape_.file_of(m.from) != shape_.file_of(m.to);
      mv.pawn_push = !mv.pawn_diagonal;
      mv.en_passant = m.is(kMoveEnPassant);
    }
    // A move into a space an enemy piece held when it was written is a capture;
    // a pawn's diagonal move always is one (zeitgeist.pawn.moves).
    PieceId target = pos_.occupant(m.to);
    mv.captures_into = mv.pawn_diagonal || (target != kNoPiece && pos_.piece(target).color != c);
    movers_.push_back(mv);
    if (m.is(kMoveCastle)) {
      bool kingside = shape_.file_of(m.to) > shape_.file_of(m.from);
      int rank = shape_.rank_of(m.from);
      Square rook_from = shape_.square(kingside ? shape_.files - 1 : 0, rank);
      Square rook_to = shape_.square(kingside ? shape_.file_of(m.to) - 1 : shape_.file_of(m.to) + 1, rank);
      Mover rook;
      rook.id = pos_.occupant(rook_from);
      rook.color = c;
      rook.from = rook_from;
      rook.to = rook_to;
      rook.group = group;
      rook.path = between(shape_, rook_from, rook_to);
      if (rook.id != kNoPiece) movers_.push_back(rook);
    }
  }

  // Resolves the moves added, writing the pieces' new places into `out`, a
  // copy of the position before the step.
  void run(Position& out) {
    trace_.fire(clause::kSimultaneous);
    // The moves are placed at once: no mover is looked at first.
    arrange_visits(std::span<Mover>(movers_.begin(), movers_.size()), readings_, trace_);
    // zeitgeist.bounce_chain: which bounces happen when one piece's bounce
    // changes whether another must bounce. Consulted only where the answers
    // can differ: where some piece must bounce.
    // Every rule's proposal on the placement as written, before any applies.
    propose(0);
    bool settled = false;
    if (must_judge_bounces() && readings_.consult(point<reading::kBounceChain>(), trace_) == "stable")
      settled = settle_stable();
    if (settled) {
      propose(1);
    } else {
      // Rounds until no placement rule sends a piece back.
      for (std::size_t round = 0; round <= movers_.size() + 1; ++round) {
        if (round > 0) propose(static_cast<std::uint8_t>(round));
        removals_.clear();
        if (blocked_pass()) continue;
        if (placement_pass()) continue;
        break;
      }
    }
    apply(out);
  }

 private:
  // Records, for the placement as the bounce flags stand, the fate every
  // placement rule whose condition holds gives each piece it concerns
  // (model/core/fate.h), whichever the resolution applies: a path or forward
  // step into a stationary piece, a diagonal pawn move into an empty space,
  // and each rule of a space holding several pieces. The collision rules
  // speak of the active pieces; the pieces standing on the space stay, or go
  // where the rule removes them.
  void propose(std::uint8_t round) {
    if (!trace_.recording()) return;
    trace_.judged_round(round);
    auto say = [&](PieceId id, Fate fate, Square where, std::string_view why) {
      trace_.propose({id, fate, fate == Fate::Removed ? kNoSquare : where, why, round});
    };
    auto at = placement();
    for (const Mover& m : movers_) {
      if (m.bounced) continue;
      std::string_view why = blocked_by_stationary(m);
      if (why.empty() && m.pawn_diagonal && diagonal_into_empty_quiet(m, at)) why = clause::kPawnBounce;
      if (why.empty()) continue;
      trace_.contest({m.id, m.to, round});
      say(m.id, Fate::Returns, m.from, why);
    }
    for (const Placed& placed : at.all()) {
      std::span<const PieceId> ids = placed.pieces();
      if (ids.size() < 2) continue;
      Square square = placed.square;
      for (PieceId id : ids) trace_.contest({id, square, round});
      auto stays_or_returns = [&](PieceId id, std::string_view why) {
        if (moving(id)) say(id, Fate::Returns, mover_of(id)->from, why);
        else say(id, Fate::Stays, square, why);
      };
      auto lands_or_stays = [&](PieceId id, std::string_view why) {
        say(id, moving(id) ? Fate::Lands : Fate::Stays, square, why);
      };
      if (ids.size() == 2) {
        const Piece& a = pos_.piece(ids[0]);
        const Piece& b = pos_.piece(ids[1]);
        if (a.color == b.color) {
          for (PieceId id : ids) stays_or_returns(id, clause::kSameColour);
          continue;
        }
        bool a_in = captured_into(a.id);
        bool b_in = captured_into(b.id);
        if (a_in && b_in) {
          for (PieceId id : ids) say(id, Fate::Removed, kNoSquare, clause::kBothCaptured);
        } else if (a_in || b_in) {
          lands_or_stays(a_in ? a.id : b.id, clause::kOneCaptured);
          say(a_in ? b.id : a.id, Fate::Removed, kNoSquare, clause::kOneCaptured);
        } else {
          for (PieceId id : ids) stays_or_returns(id, clause::kNeitherCaptured);
        }
        continue;
      }
      if (ids.size() == 3) {
        // zeitgeist.collision.three_pieces; its example leaves the capturing
        // piece that is neither outnumbered nor stationary as the victor.
        int count[2] = {0, 0};
        for (PieceId id : ids) ++count[static_cast<int>(pos_.piece(id).color)];
        for (PieceId id : ids) {
          Color c = pos_.piece(id).color;
          bool outnumbered = count[static_cast<int>(c)] < count[static_cast<int>(opposite(c))];
          if (outnumbered || !moving(id)) say(id, Fate::Removed, kNoSquare, clause::kThreePieces);
          else say(id, Fate::Lands, square, clause::kThreePieces);
        }
      }
      // No rule speaks of a space holding four or more pieces: no proposal.
    }
  }

  // The squares of the pieces that stand still this turn: those that did not
  // move and those that bounced (zeitgeist.stationary.definition,
  // zeitgeist.bounce.stationary).
  bool stationary_on(Square s) const {
    for (PieceId id : pos_.at(s)) {
      const Mover* m = mover_of(id);
      if (!m || m->bounced) return true;
    }
    return false;
  }
  const Mover* mover_of(PieceId id) const {
    for (const Mover& m : movers_)
      if (m.id == id) return &m;
    return nullptr;
  }

  void bounce(Mover& m, std::string_view why) {
    if (m.bounced) return;
    m.bounced = true;
    m.bounce_clause = why;
    // zeitgeist.castle_bounce: the other piece of a castling move.
    for (Mover& other : movers_) {
      if (other.group != m.group || other.bounced) continue;
      std::string_view alt = readings_.consult(point<reading::kCastleBounce>(), trace_);
      if (alt == "both") {
        other.bounced = true;
        other.bounce_clause = why;
      }
    }
  }

  // zeitgeist.blocked.bounce and zeitgeist.pawn.bounce (forward into a
  // stationary piece's space): whether a moving piece's path or forward
  // step meets a stationary piece, and the clause that bounces it.
  std::string_view blocked_by_stationary(const Mover& m) const {
    for (Square s : m.path)
      // zeitgeist.blocked.pass_movers: a piece that moved away does not block.
      if (stationary_on(s)) return clause::kBlocked;
    if (m.pawn_push && stationary_on(m.to)) return clause::kPawnBounce;
    return {};
  }

  // Bounces every moving piece that meets a stationary one, all judged
  // before any of them bounces (zeitgeist.bounce_chain=together); returns
  // true if a piece bounced.
  bool blocked_pass() {
    FixedVector<std::pair<std::size_t, std::string_view>, kMaxMovers> blocked;
    std::optional<Placement> at;  // made only for a piece the rules would send back
    for (std::size_t i = 0; i < movers_.size(); ++i) {
      if (movers_[i].bounced) continue;
      std::string_view why = blocked_by_stationary(movers_[i]);
      if (why.empty()) continue;
      if (!at) at = placement();
      if (!space_decides(movers_[i], *at)) blocked.push_back({i, why});
    }
    for (const auto& [i, why] : blocked) {
      trace_.fire(clause::kStationary);
      bounce(movers_[i], why);
    }
    if (blocked.empty()) trace_.fire(clause::kPassMovers);
    return !blocked.empty();
  }

  // The pieces on one square this round, in id order.
  struct Placed {
    Square square = kNoSquare;
    std::size_t count = 0;
    std::array<PieceId, kMaxStack + kMaxMovers> ids{};
    std::span<const PieceId> pieces() const { return {ids.data(), count}; }
  };
  // The squares movers are placed on this round, in square order: only those
  // can hold more than one piece.
  struct Placement {
    std::array<Placed, kMaxMovers> squares{};
    std::size_t count = 0;
    std::span<const Placed> all() const { return {squares.data(), count}; }
    std::span<const PieceId> at(Square s) const {
      for (const Placed& p : all())
        if (p.square == s) return p.pieces();
      return {};
    }
  };
  Placement placement() const {
    Placement out;
    for (const Mover& m : movers_) {
      Square s = m.bounced ? m.from : m.to;
      if (std::any_of(out.squares.begin(), out.squares.begin() + out.count, [&](const Placed& p) { return p.square == s; }))
        continue;
      if (out.count == out.squares.size()) break;  // never: one square per mover at most
      Placed& here = out.squares[out.count++];
      here.square = s;
      // Pieces that stand still on the square (bounced movers among them),
      // then the movers placed on it.
      for (PieceId id : pos_.at(s))
        if (!moving(id)) here.ids[here.count++] = id;
      for (const Mover& other : movers_)
        if (!other.bounced && other.to == s) here.ids[here.count++] = other.id;
      std::sort(here.ids.begin(), here.ids.begin() + here.count);
    }
    // In square order (an insertion sort over at most four squares).
    for (std::size_t i = 1; i < out.count; ++i)
      for (std::size_t j = i; j > 0 && out.squares[j].square < out.squares[j - 1].square; --j)
        std::swap(out.squares[j], out.squares[j - 1]);
    return out;
  }

  // zeitgeist.bounce_or_space: whether the space a piece the pawn or
  // blocked-movement rule would send back moves into, holding other pieces
  // on this placement, decides it instead. Consulted only for such a piece.
  bool space_decides(const Mover& m, const Placement& at) {
    if (at.at(m.to).size() < 2) return false;
    return readings_.consult(point<reading::kBounceOrSpace>(), trace_) == "space_first";
  }

  // Marks every piece of a square that is still moving to bounce, now or,
  // with `now` false, at commit_bounces (so that every square of a
  // placement is judged before any of its pieces bounces); true if any was.
  bool bounce_moving(std::span<const PieceId> ids, std::string_view why, bool now = true) {
    bool any = false;
    for (Mover& m : movers_) {
      if (m.bounced || std::find(ids.begin(), ids.end(), m.id) == ids.end()) continue;
      if (now) bounce(m, why);
      else if (m.pending.empty()) m.pending = why;
      any = true;
    }
    return any;
  }
  void commit_bounces() {
    for (Mover& m : movers_) {
      if (m.pending.empty()) continue;
      bounce(m, m.pending);
      m.pending = {};
    }
  }

  bool moving(PieceId id) const {
    const Mover* m = mover_of(id);
    return m && !m->bounced;
  }

  // The pawn an en passant capture passes, where it still stands (it did not
  // move this turn), or kNoPiece.
  PieceId passed_pawn(const Mover& m) const {
    if (!m.en_passant) return kNoPiece;
    PieceId victim = pos_.occupant(shape_.square(shape_.file_of(m.to), shape_.rank_of(m.from)));
    bool stands = victim != kNoPiece && pos_.piece(victim).kind == kPawn && pos_.piece(victim).color != m.color &&
                  !moving(victim);
    return stands ? victim : kNoPiece;
  }

  // Whether a piece "captured into the space" (zeitgeist.collision.*), asked
  // of a space it shares with an enemy piece: a pawn's diagonal move, or a
  // move into a space an enemy piece held when it was written. An en passant
  // capture takes the pawn it passes, not the space: whether it captured into
  // the space is zeitgeist.en_passant_occupied's question.
  bool captured_into(PieceId id) const {
    const Mover* m = mover_of(id);
    if (!m || m->bounced || !m->captures_into) return false;
    if (passed_pawn(*m) != kNoPiece)
      return readings_.consult(point<reading::kEnPassantOccupied>(), trace_) != "neither";
    return true;
  }

  // zeitgeist.pawn.bounce: whether a diagonal pawn move finds no enemy
  // piece in its space (and is no en passant capture that stands); an en
  // passant capture that stands is added to the round's removals.
  bool diagonal_into_empty(const Mover& m, const Placement& at, bool record) {
    PieceId victim = passed_pawn(m);
    bool still_there = victim != kNoPiece;
    for (PieceId id : at.at(m.to)) {
      if (pos_.piece(id).color == m.color) continue;
      // zeitgeist.en_passant_occupied: an enemy piece moved into the space
      // of an en passant capture whose passed pawn still stands.
      if (still_there && record && readings_.consult(point<reading::kEnPassantOccupied>(), trace_) == "both")
        removals_.push_back({victim, EventType::EnPassant, clause::kPawnBounce});
      return false;
    }
    if (m.en_passant) {
      if (still_there) {
        if (record) removals_.push_back({victim, EventType::EnPassant, clause::kPawnBounce});
        return false;
      }
      // zeitgeist.en_passant_target_moved
      if (readings_.consult(point<reading::kEnPassantGone>(), trace_) == "stays") return false;
    }
    return true;
  }

  // The collision rule of a square that sends its moving pieces back, if any
  // (zeitgeist.collision.same_colour, zeitgeist.collision.neither_captured).
  std::string_view collision_bounce(std::span<const PieceId> ids) const {
    if (ids.size() != 2) return {};
    const Piece& a = pos_.piece(ids[0]);
    const Piece& b = pos_.piece(ids[1]);
    if (a.color == b.color) return clause::kSameColour;
    bool a_in = captured_into(a.id);
    bool b_in = captured_into(b.id);
    return a_in || b_in ? std::string_view{} : clause::kNeitherCaptured;
  }

  // The placement rules, each judged for every piece on the same placement
  // (zeitgeist.bounce_chain=together); returns true if a piece bounced. The
  // pawn rule comes first: a pawn that bounces from an empty space is not
  // in the placement the collision rules judge.
  bool placement_pass() {
    auto at = placement();
    FixedVector<std::size_t, kMaxMovers> pawns;
    for (std::size_t i = 0; i < movers_.size(); ++i) {
      const Mover& m = movers_[i];
      if (!m.bounced && m.pawn_diagonal && diagonal_into_empty(m, at, true) && !space_decides(m, at)) pawns.push_back(i);
    }
    for (std::size_t i : pawns) bounce(movers_[i], clause::kPawnBounce);
    if (!pawns.empty()) return true;
    bool any = false;
    for (const Placed& placed : at.all()) {
      Square square = placed.square;
      std::span<const PieceId> ids = placed.pieces();
      if (ids.size() < 2) continue;
      trace_.event({EventType::Collision, kNoPiece, square, square, kNoKind, Color::White, clause::kSimultaneous,
                    std::to_string(ids.size()) + " pieces"});
      if (ids.size() == 2) {
        if (std::string_view why = collision_bounce(ids); !why.empty()) {
          // The active pieces bounce; the bounces of every square are made
          // together, once every square is judged.
          any = bounce_moving(ids, why, false) || any;
          continue;
        }
        if (pos_.piece(ids[0]).color == pos_.piece(ids[1]).color) continue;
        bool a_in = captured_into(ids[0]);
        bool b_in = captured_into(ids[1]);
        if (a_in && b_in) {
          removals_.push_back({ids[0], EventType::Remove, clause::kBothCaptured});
          removals_.push_back({ids[1], EventType::Remove, clause::kBothCaptured});
        } else {
          removals_.push_back({a_in ? ids[1] : ids[0], EventType::Capture, clause::kOneCaptured});
        }
        continue;
      }
      // zeitgeist.collision.three_pieces: outnumbered and stationary pieces go.
      int count[2] = {0, 0};
      for (PieceId id : ids) ++count[static_cast<int>(pos_.piece(id).color)];
      for (PieceId id : ids) {
        Color c = pos_.piece(id).color;
        bool outnumbered = count[static_cast<int>(c)] < count[static_cast<int>(opposite(c))];
        if (outnumbered || !moving(id)) removals_.push_back({id, EventType::Remove, clause::kThreePieces});
      }
    }
    if (any) commit_bounces();
    return any;
  }

  // Whether any moving piece must bounce on the placement as it stands (the
  // only case where zeitgeist.bounce_chain can matter).
  bool must_judge_bounces() {
    for (Mover& m : movers_)
      if (!required_bounce(m).empty()) return true;
    return false;
  }

  // The rule that sends back a piece if it moves while the others stand as
  // their flags say, or none: its path, its pawn move, its square's collision.
  std::string_view required_bounce(Mover& m) {
    bool was = m.bounced;
    m.bounced = false;
    auto at = placement();
    std::string_view why = blocked_by_stationary(m);
    if (why.empty() && m.pawn_diagonal && diagonal_into_empty_quiet(m, at)) why = clause::kPawnBounce;
    if (!why.empty() && space_decides(m, at)) why = {};
    if (why.empty()) why = collision_bounce(at.at(m.to));
    m.bounced = was;
    return why;
  }

  // diagonal_into_empty without recording: the stable search asks it of
  // placements that may not be the one played.
  bool diagonal_into_empty_quiet(const Mover& m, const Placement& at) {
    FixedVector<Removal, kMaxRemovals> kept = removals_;
    bool empty = diagonal_into_empty(m, at, false);
    removals_ = kept;
    return empty;
  }

  // zeitgeist.bounce_chain=stable: the bounces are the one set of pieces
  // that, standing still, are exactly the pieces the rules send back (a
  // castling move's two pieces counted as zeitgeist.castle_bounce says).
  // Returns false, leaving every piece moving, where no set or more than
  // one is stable: the rounds of "together" decide then.
  bool settle_stable() {
    const std::size_t n = movers_.size();
    bool both = false;
    for (const Mover& m : movers_)
      for (const Mover& o : movers_)
        if (&m != &o && m.group == o.group) both = true;
    if (both) both = readings_.consult(point<reading::kCastleBounce>(), trace_) == "both";
    std::optional<std::uint32_t> found;
    int stable = 0;
    std::array<std::string_view, kMaxMovers> why{};
    for (std::uint32_t set = 0; set < (1u << n); ++set) {
      for (std::size_t i = 0; i < n; ++i) movers_[i].bounced = (set >> i) & 1;
      bool ok = true;
      std::array<std::string_view, kMaxMovers> reasons{};
      for (std::size_t i = 0; i < n && ok; ++i) reasons[i] = required_bounce(movers_[i]);
      for (std::size_t i = 0; i < n && ok; ++i) {
        bool required = !reasons[i].empty();
        if (both)
          for (std::size_t j = 0; j < n; ++j)
            if (j != i && movers_[j].group == movers_[i].group && !reasons[j].empty()) required = true;
        ok = required == movers_[i].bounced;
      }
      if (!ok) continue;
      ++stable;
      found = set;
      why = reasons;
    }
    for (Mover& m : movers_) m.bounced = false;
    if (stable != 1) return false;
    for (std::size_t i = 0; i < n; ++i) {
      if (!((*found >> i) & 1)) continue;
      // A castling piece sent back with its partner bounces for its partner's rule.
      for (std::size_t j = 0; j < n && why[i].empty(); ++j)
        if (movers_[j].group == movers_[i].group) why[i] = why[j];
      movers_[i].bounced = true;
      movers_[i].bounce_clause = why[i];
      if (why[i] == clause::kBlocked || (why[i] == clause::kPawnBounce && !movers_[i].pawn_diagonal))
        trace_.fire(clause::kStationary);
    }
    removals_.clear();
    bool bounced = placement_pass();  // the removals of the settled placement; no bounce is left to make
    (void)bounced;
    return true;
  }

  void apply(Position& out) {
    for (const Mover& m : movers_) {
      if (m.bounced) {
        trace_.event({EventType::Bounce, m.id, m.to, m.from, pos_.piece(m.id).kind, m.color, m.bounce_clause, ""});
        trace_.fire(clause::kBouncedStationary);
      }
    }
    for (const Removal& r : removals_) {
      if (removed_.contains(r.id)) continue;
      removed_.push_back(r.id);
      const Piece& p = pos_.piece(r.id);
      Square where = moving(r.id) ? mover_of(r.id)->to : p.square;
      out.remove(r.id);
      trace_.event({r.type, r.id, where, kNoSquare, p.kind, p.color, r.clause, ""});
    }
    for (const Mover& m : movers_) {
      if (m.bounced || removed_.contains(m.id)) continue;
      out.move(m.id, m.to);
      trace_.event({EventType::Move, m.id, m.from, m.to, pos_.piece(m.id).kind, m.color, clause::kWriteMoves, ""});
      // zeitgeist.promotion.after_resolution
      if (m.promotion != kNoKind) {
        out.set_kind(m.id, m.promotion);
        trace_.event({EventType::Promote, m.id, m.to, m.to, m.promotion, m.color, clause::kPromotion, ""});
      }
    }
  }

 public:
  const FixedVector<Mover, kMaxMovers>& movers() const { return movers_; }
  const FixedVector<PieceId, kMaxRemovals>& removed() const { return removed_; }

 private:
  struct Removal {
    PieceId id;
    EventType type;
    std::string_view clause;
  };
  const Position& pos_;
  const BoardShape& shape_;
  const Readings& readings_;
  Trace& trace_;
  FixedVector<Mover, kMaxMovers> movers_;
  FixedVector<Removal, kMaxRemovals> removals_;  // may name a piece twice
  FixedVector<PieceId, kMaxRemovals> removed_;
  int next_group_ = 0;
};

bool has_check(std::string_view checks, Color c) {
  return checks.find(c == Color::White ? 'w' : 'b') != std::string_view::npos;
}

// A pawn move to the last row that names no new piece (zeitgeist.promotion_may).
bool unpromoted_to_last_row(const Position& pos, Color c, const Move& m) {
  PieceId piece = m.is(kMovePass) ? kNoPiece : pos.occupant(m.from);
  return piece != kNoPiece && pos.piece(piece).kind == kPawn && m.promotion == kNoKind &&
         pos.shape().rank_of(m.to) == (c == Color::White ? pos.shape().ranks - 1 : 0);
}

// Whether each player's written move is an orthodox legal move of that player
// on the board as it stands (a pass is not). One copy of the position serves
// both players, and it lives out of line: under AddressSanitizer a frame that
// holds a position costs on every call, and resolve is called for every step
// and again for each reading alternative the divergence search tries.
[[gnu::noinline]] std::array<bool, 2> legal_as_written(const Position& pos, const Move& white, const Move& black) {
  std::array<bool, 2> legal = {false, false};
  Position own = pos;
  for (Color c : {Color::White, Color::Black}) {
    const Move& m = c == Color::White ? white : black;
    if (m.is(kMovePass)) continue;
    own.side_to_move = c;
    own.en_passant = m.is(kMoveEnPassant) ? m.to : pos.en_passant;
    // A pawn move to the last row that names no piece is judged as the same
    // move promoting.
    Move plain = m;
    if (unpromoted_to_last_row(pos, c, m)) plain.promotion = orthodox::kQueen;
    legal[static_cast<int>(c)] = orthodox::is_legal(own, plain);
  }
  return legal;
}

// Which written pawn moves to the last row that name no piece land there when
// the placements are resolved (neither bounced nor removed), both players'
// judged on one resolution. The trial's account is not the step's, but the
// readings it consulted decide the answer, so they are recorded as consulted.
[[gnu::noinline]] std::array<bool, 2> land_unpromoted(const State& before, const Readings& readings, Trace& trace,
                                                      const Move* const played[2]) {
  std::array<bool, 2> lands = {false, false};
  bool any = false;
  for (Color c : {Color::White, Color::Black}) {
    const Move* m = played[static_cast<int>(c)];
    any = any || (m != nullptr && unpromoted_to_last_row(before.position, c, *m));
  }
  if (!any) return lands;
  Trace trial;
  Resolution res(before, readings, trial);
  for (Color c : {Color::White, Color::Black})
    if (played[static_cast<int>(c)] != nullptr) res.add_written(*played[static_cast<int>(c)], c);
  Position out = before.position;
  res.run(out);
  for (const auto& [point, alternative] : trial.readings()) trace.consulted(point, alternative);
  for (Color c : {Color::White, Color::Black}) {
    const Move* m = played[static_cast<int>(c)];
    if (m == nullptr || !unpromoted_to_last_row(before.position, c, *m)) continue;
    PieceId pawn = before.position.occupant(m->from);
    lands[static_cast<int>(c)] = std::any_of(res.movers().begin(), res.movers().end(), [&](const Mover& mv) {
      return mv.id == pawn && !mv.bounced && !res.removed().contains(mv.id);
    });
  }
  return lands;
}

// Whether a player's king is attacked, out of line for the same reason.
[[gnu::noinline]] bool king_in_check(const Position& pos, Color c) {
  Position own = pos;
  own.side_to_move = c;
  return orthodox::in_check(own, c);
}

}  // namespace

void resolve(const State& before, const Move& white, const Move& black, const Readings& readings, State& after,
             Trace& trace, bool writable) {
  const Zeitgeist& v = static_cast<const Zeitgeist&>(variant());
  const Position& pos = before.position;
  const ReadingPoint& submission = point<reading::kSubmission>();
  trace.fire(clause::kWriteMoves);

  // What each player could write under the stricter readings: the submission
  // reading matters only where a written move falls outside them, or where a
  // player could write no legal move at all.
  const Move* written[2] = {&white, &black};
  // Whether a move is legal decides only which submission reading is
  // consulted and whether the move must be checked against it.
  std::array<bool, 2> legal = {false, false};
  if (!writable) legal = legal_as_written(pos, white, black);
  // The written moves resolution places: a refused move or a pass is not one.
  const Move* played[2] = {nullptr, nullptr};
  bool lost_no_move[2] = {false, false};
  bool drawn_no_move = false;
  // zeitgeist.refused_move: what a written move the readings in force refuse
  // costs its player. Consulted only for such a move.
  std::string_view sanction[2] = {};
  auto refuse = [&](Color c) {
    return sanction[static_cast<int>(c)] = readings.consult(point<reading::kRefusedMove>(), trace);
  };
  for (Color c : {Color::White, Color::Black}) {
    const Move& m = *written[static_cast<int>(c)];
    bool pass = m.is(kMovePass);
    bool legal_move = legal[static_cast<int>(c)];
    std::string_view alt = submission.default_alternative;
    if (!legal_move) alt = readings.consult(submission, trace);
    // An orthodox legal move is writable under every alternative. Under
    // "pattern" so is every move the tools hand a step (each a move some
    // alternative lets the player write) but a pass, which only a player with
    // no move to write may write (zeitgeist.no_legal_move); under "king_safe"
    // the list decides.
    bool can = writable || legal_move || (alt == "pattern" ? !pass : v.can_write(before, c, alt, true, m));
    // zeitgeist.castle_into_check: a castling written under "pattern" that is
    // not legal as written lands on an attacked square (the castling the
    // pattern lists already keeps out of and through check,
    // zeitgeist.castle.not_through_check).
    if (can && !writable && !legal_move && alt == "pattern" && m.is(kMoveCastle) &&
        readings.consult(point<reading::kCastleIntoCheck>(), trace) == "forbidden") {
      std::string_view cost = refuse(c);
      trace.event({EventType::Reject, kNoPiece, m.from, m.to, kNoKind, c, clause::kCastleCheck,
                   "castling onto an attacked square, not writable under zeitgeist.castle_into_check=forbidden: " +
                       std::string(simultaneous::sanction_text(cost))});
      continue;
    }
    if (!can) {
      std::string_view cost = refuse(c);
      trace.event({EventType::Reject, kNoPiece, m.from, m.to, kNoKind, c, clause::kWriteMoves, not_writable(alt, cost)});
      continue;
    }
    if (pass) {
      // zeitgeist.no_legal_move: the player can write no move.
      if (readings.consult(point<reading::kNoLegalMove>(), trace) == "standard") {
        trace.fire(clause::kStandardRules);
        if (king_in_check(pos, c)) lost_no_move[static_cast<int>(c)] = true;
        else drawn_no_move = true;
      }
      continue;
    }
    played[static_cast<int>(c)] = &m;
  }
  // A player without a legal move is checkmated or stalemated at the start of
  // the turn, before any move is written: that result comes first, and a
  // refused move written in the same turn costs nothing more.
  // Both players checkmated both lose (zeitgeist.result.both_lose: "it is
  // entirely possible for both players to lose at the same time"). One
  // checkmated while the other is stalemated: no sentence orders the two
  // standard results, and the checkmated player loses (a gap, recorded by
  // scenario zeitgeist.no_legal_move.mate_and_stalemate).
  if (lost_no_move[0] && lost_no_move[1]) trace.fire(clause::kBothLose);
  if (lost_no_move[0] || lost_no_move[1] || drawn_no_move) {
    after.position.fullmove_number = pos.fullmove_number + 1;
    after.outcome = lost_no_move[0] && lost_no_move[1] ? Outcome{Result::BothLose, "no legal move", clause::kStandardRules}
                    : lost_no_move[0] ? Outcome{Result::BlackWins, "checkmate", clause::kStandardRules}
                    : lost_no_move[1] ? Outcome{Result::WhiteWins, "checkmate", clause::kStandardRules}
                                      : Outcome{Result::Draw, "stalemate", clause::kStandardRules};
    simultaneous::record_result(after);
    trace.event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, after.outcome.clause,
                 std::string(after.outcome.reason)});
    return;
  }
  // zeitgeist.promotion.after_resolution: the new piece is chosen "after
  // resolving all placements", for a pawn that then stands on its last row;
  // the move is written without it, and an action's piece letter is that later
  // choice. A written pawn move to the last row that names none is judged once
  // the placements are resolved: only a pawn that lands there must be promoted
  // (zeitgeist.promotion_may), and under "must" its player's action lacks the
  // choice the text requires of him, which zeitgeist.refused_move prices.
  // Both players' moves are judged on one resolution; a void move changes
  // the placement, which is judged again until no further move is refused.
  for (bool refused = true; refused;) {
    refused = false;
    std::array<bool, 2> lands = land_unpromoted(before, readings, trace, played);
    if (!lands[0] && !lands[1]) break;
    if (readings.consult(point<reading::kPromotionMay>(), trace) != "must") break;
    for (Color c : {Color::White, Color::Black}) {
      if (!lands[static_cast<int>(c)]) continue;
      const Move* m = played[static_cast<int>(c)];
      std::string_view cost = refuse(c);
      trace.event({EventType::Reject, kNoPiece, m->from, m->to, kNoKind, c, clause::kPromotion,
                   "the pawn stands on its last row once the placements are resolved and must promote, but the "
                   "action names no new piece: " + std::string(simultaneous::sanction_text(cost))});
      played[static_cast<int>(c)] = nullptr;
      refused = true;
    }
  }
  if (simultaneous::apply_sanctions(before, after, trace, sanction, clause::kWriteMoves)) return;
  Resolution res(before, readings, trace);
  for (Color c : {Color::White, Color::Black})
    if (played[static_cast<int>(c)] != nullptr) res.add_written(*played[static_cast<int>(c)], c);
  res.run(after.position);
  Position& out = after.position;
  const BoardShape& shape = out.shape();

  // Castling rights: lost by a king or rook that moved (a bounced piece did not
  // move: zeitgeist.stationary.definition) or left its corner by capture.
  for (const Mover& m : res.movers()) {
    if (m.bounced) continue;
    const Piece& p = pos.piece(m.id);
    if (p.kind == kKing) out.castling &= p.color == Color::White ? ~(kWhiteKingside | kWhiteQueenside) : ~(kBlackKingside | kBlackQueenside);
  }
  struct Corner {
    std::uint8_t right;
    Square square;
  };
  for (const Corner& c : {Corner{kWhiteKingside, shape.square(7, 0)}, Corner{kWhiteQueenside, shape.square(0, 0)},
                          Corner{kBlackKingside, shape.square(7, 7)}, Corner{kBlackQueenside, shape.square(0, 7)}}) {
    PieceId id = out.occupant(c.square);
    PieceId was = pos.occupant(c.square);
    if (id == kNoPiece || id != was || out.piece(id).kind != kRook) out.castling &= ~c.right;
  }
  // En passant for the next turn: squares passed by pawns that double-stepped.
  std::vector<std::pair<Square, Square>> double_steps;
  for (const Mover& m : res.movers()) {
    if (m.bounced || res.removed().contains(m.id) || pos.piece(m.id).kind != kPawn) continue;
    if (std::abs(shape.rank_of(m.to) - shape.rank_of(m.from)) == 2) double_steps.emplace_back(m.from, m.to);
  }
  simultaneous::set_en_passant(out, double_steps);
  out.fullmove_number = pos.fullmove_number + 1;
  bool capture = !res.removed().empty();
  bool pawn_moved = false;
  for (const Mover& m : res.movers()) pawn_moved = pawn_moved || (!m.bounced && pos.piece(m.id).kind == kPawn);
  out.halfmove_clock = capture || pawn_moved ? 0 : pos.halfmove_clock + 1;
  // The positions a repetition compares (zeitgeist.draw_claims): none before
  // an irreversible turn can occur again.
  if (capture || pawn_moved) after.history = History();
  else after.history.push_back(simultaneous::repetition_key(pos));

  // Results: a captured king (zeitgeist.result.king_captured), or a king in
  // check after two consecutive turns (zeitgeist.result.two_consecutive_checks).
  bool loses[2] = {false, false};
  std::string_view why[2];
  std::string checks;
  auto recorded = pos.vars.find(kChecksKey);
  std::string_view previous = recorded != pos.vars.end() ? std::string_view(recorded->second) : "";
  for (Color c : {Color::White, Color::Black}) {
    int i = static_cast<int>(c);
    Square king = out.find(kKing, c);
    if (king == kNoSquare) {
      loses[i] = true;
      why[i] = clause::kKingCaptured;
      continue;
    }
    // Whether the king is attacked, and whether by a piece written to move
    // this turn (bounced or not).
    bool attacked = false, by_mover = false;
    for (const Piece& p : out.pieces()) {
      if (!p.on_board() || p.color == c || !piece_attacks(out, p, king)) continue;
      attacked = true;
      by_mover = by_mover || std::any_of(res.movers().begin(), res.movers().end(), [&](const Mover& m) { return m.id == p.id; });
    }
    if (!attacked) continue;
    trace.fire(clause::kAnnounceCheck);
    bool counts = true;
    if (readings.consult(point<reading::kCheckCount>(), trace) == "by_opponent_move") counts = by_mover;
    if (!counts) continue;
    checks += c == Color::White ? 'w' : 'b';
    if (has_check(previous, c)) {
      loses[i] = true;
      why[i] = clause::kTwoChecks;
    }
  }
  out.vars.erase(kChecksKey);
  if (!checks.empty()) out.vars[kChecksKey] = checks;
  if (loses[0] && loses[1]) {
    trace.fire(why[0]);
    trace.fire(why[1]);
    after.outcome = {Result::BothLose, "both players lose", clause::kBothLose};
  } else if (loses[0]) {
    after.outcome = {Result::BlackWins, why[0] == clause::kKingCaptured ? "king captured" : "two consecutive checks", why[0]};
  } else if (loses[1]) {
    after.outcome = {Result::WhiteWins, why[1] == clause::kKingCaptured ? "king captured" : "two consecutive checks", why[1]};
  } else {
    // zeitgeist.draw_claims: the standard draws.
    after.outcome = simultaneous::standard_draw(after, simultaneous::occurrences(after), point<reading::kDrawClaims>(),
                                                readings, trace, clause::kStandardRules);
  }
  simultaneous::record_result(after);
  if (after.outcome.over())
    trace.event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, after.outcome.clause,
                 std::string(after.outcome.reason)});
}

}  // namespace arbiter::zeitgeist
