// Existentialist Chess: turns, results, the step and its trace.
#include "model/variants/existentialist/existentialist.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "model/core/echo.h"
#include "model/core/mirror.h"
#include "model/variants/existentialist/fast/fast_perft.h"
#include "model/variants/simultaneous/simultaneous.h"

namespace arbiter::existentialist {

namespace {

Role role_of(Color c) {
  return c == Color::White ? Role::White : Role::Black;
}

// Records in `trace` every reading point whose alternatives change what
// `probe` answers: the points a decision depended on, and no others.
template <typename Probe>
void record_sensitive(const Readings& readings, const Trace& scratch, Trace& trace, Probe probe) {
  auto base = probe(readings);
  for (const auto& [point_id, alt_in_force] : scratch.readings()) {
    const ReadingPoint* point = find_reading(existentialist::readings(), point_id);
    if (!point) continue;
    for (const Alternative& alt : point->alternatives) {
      if (alt.id == alt_in_force) continue;
      Readings other = readings;
      other.choose(point_id, alt.id);
      if (probe(other) != base) {
        trace.consulted(point_id, alt_in_force);
        break;
      }
    }
  }
}

struct Standing {
  bool no_moves = false;
  bool check = false;
  bool operator!=(const Standing& o) const { return no_moves != o.no_moves || check != o.check; }
};

Standing standing(const Position& pos, const Readings& readings, Trace* scratch) {
  Rules rules{&readings, scratch};
  Standing st;
  st.no_moves = !has_legal_move(pos, rules);
  if (st.no_moves) st.check = in_check(pos, pos.side_to_move, rules);
  return st;
}

}  // namespace

Outcome outcome_of(const State& s, const Readings& readings, Trace* trace) {
  const Position& pos = s.position;
  Trace scratch;
  Standing now = standing(pos, readings, trace ? &scratch : nullptr);
  if (trace)
    record_sensitive(readings, scratch, *trace, [&](const Readings& r) {
      Standing st = standing(pos, r, nullptr);
      return st.no_moves ? 1 + static_cast<int>(st.check) : 0;
    });
  Trace quiet = Trace::off();
  Trace& t = trace ? *trace : quiet;
  if (now.no_moves) {
    // existentialist.king.attacks_like_orthodox_king: where the enemy king's
    // squares kept the king from a step, that clause decided the end too.
    if (scratch.fired(clause::kKingAttacksLikeOrthodox)) t.fire(clause::kKingAttacksLikeOrthodox);
    if (now.check) {
      Result r = pos.side_to_move == Color::White ? Result::BlackWins : Result::WhiteWins;
      return {r, "checkmate", clause::kCheckmate};
    }
    // existentialist.result.stalemate_draw; FAQ 8: a shield move is a move
    // (existentialist.result.shield_move_avoids_stalemate).
    t.fire(clause::kShieldAvoidsStalemate);
    return {Result::Draw, "stalemate", clause::kStalemateDraw};
  }
  // The text names no other end: no draw by repetition or by a move count
  // (docs/existentialist.md, "Results").
  return {};
}

State Existentialist::initial_state() const {
  return State{start_position(), {}, {}};
}

Roles Existentialist::roles_to_act(const State& s) const {
  if (s.outcome.over()) return {};
  return {role_of(s.position.side_to_move)};
}

std::vector<Move> Existentialist::actions(const State& s, Role role) const {
  return actions(s, role, Readings{});
}

std::vector<Move> Existentialist::actions(const State& s, Role role,
                                          const Readings& readings) const {
  return listed_actions(s, role, readings);
}

void Existentialist::actions_into(const State& s, Role role, const Readings& readings,
                                  std::vector<Move>& out) const {
  out.clear();
  if (s.outcome.over() || role != role_of(s.position.side_to_move)) return;
  make_room_for_actions(out);
  legal_moves(s.position, Rules{&readings, nullptr}, out);
}

namespace {

State advance(const State& s, const Move& m, const Readings& readings, Trace* trace) {
  State next{s.position, {}, s.outcome};
  Trace quiet = Trace::off();
  Played played = play(next.position, m, Rules{&readings, trace ? trace : &quiet});
  if (trace) trace->fire(clause::kNoSelfExposure);
  // No rule reads earlier positions: the state keeps no history.
  bool white_dead = played.king_killed[static_cast<int>(Color::White)];
  bool black_dead = played.king_killed[static_cast<int>(Color::Black)];
  if (white_dead && black_dead) {
    next.outcome = {Result::Draw, "both kings killed", clause::kBothKingsKilled};
  } else if (white_dead || black_dead) {
    next.outcome = {white_dead ? Result::BlackWins : Result::WhiteWins, "king killed",
                    clause::kKingKilled};
  } else {
    next.outcome = outcome_of(next, readings, trace);
  }
  if (white_dead || black_dead) next.position.vars[std::string(kResultKey)] = std::string(result_name(next.outcome.result));
  return next;
}

}  // namespace

StepResult Existentialist::step(const State& s, const JointAction& joint,
                                const Readings& readings) const {
  if (s.outcome.over()) throw std::invalid_argument("the game is already over");
  Role to_act = role_of(s.position.side_to_move);
  if (joint.size() != 1 || joint[0].role != to_act)
    throw std::invalid_argument("existentialist chess takes one move, by " +
                                std::string(role_name(to_act)));
  const Move& asked = joint[0].move;
  Trace scratch;
  // The move as the rules list it (its flags set), if the readings in force
  // allow it; the scratch trace keeps what decided that.
  std::optional<Move> listed = legal_match(s.position, asked, Rules{&readings, &scratch});
  const Move* m = listed ? &*listed : nullptr;
  StepResult r{s, {}};
  if (!m) {
    // A move the default readings allow but the readings in force do not:
    // the side passes and the trace says why, so that a step can be compared
    // under every alternative (as a simultaneous game rejects an action).
    // (Only a move of a piece of the side to move: anything else is no move
    // of this game under any reading.)
    bool own_piece = asked.from != kNoSquare && s.position.on_board(asked.from);
    if (own_piece) {
      own_piece = false;
      for (PieceId id : s.position.at(asked.from))
        own_piece = own_piece || s.position.piece(id).color == s.position.side_to_move;
    }
    if (!own_piece)
      throw std::invalid_argument("illegal move for " + std::string(role_name(to_act)));
    Move chosen = asked;
    r.trace.event({EventType::Reject, kNoPiece, chosen.from, chosen.to, kNoKind,
                   s.position.side_to_move, clause::kNoSelfExposure,
                   "not legal under the readings in force: the side passes"});
    for (const auto& [point, alt] : readings.chosen()) r.trace.consulted(point, alt);
    r.state = advance(s, Move::pass(), readings, &r.trace);
    return r;
  }
  // The reading points that decided whether this move may be made.
  record_sensitive(readings, scratch, r.trace, [&](const Readings& other) {
    auto found = legal_match(s.position, asked, Rules{&other, nullptr});
    return found ? 1 + found->flags : 0;
  });
  // The clauses that decided its legality (the king/archer ignoring check,
  // a spell broken by check, ...).
  for (std::string_view c : scratch.clauses()) r.trace.fire(c);
  Move chosen = *m;
  r.state = advance(s, chosen, readings, &r.trace);
  if (r.state.outcome.over())
    r.trace.event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White,
                   r.state.outcome.clause, std::string(r.state.outcome.reason)});
  return r;
}

State Existentialist::apply(const State& s, const JointAction& joint,
                            const Readings& readings) const {
  return advance(s, joint.at(0).move, readings, nullptr);
}

std::vector<InvariantViolation> Existentialist::check_invariants(const State& s) const {
  std::vector<InvariantViolation> out = check_position(s.position);
  // A game the blast has decided by killing a king keeps its last position.
  if (s.outcome.clause == clause::kKingKilled || s.outcome.clause == clause::kBothKingsKilled)
    std::erase_if(
        out, [](const InvariantViolation& v) { return v.label == "existentialist.one_king_each"; });
  return out;
}

std::uint64_t Existentialist::perft(const State& s, int depth) const {
  // The fast path plays the default readings from a game not yet over.
  if (!s.outcome.over())
    if (auto board = fast::from_position(s.position)) return fast::perft(*board, depth);
  return reference_perft(s, depth);
}

std::optional<State> Existentialist::mirror(const State& s) const {
  State m{mirror_position(s.position, true), {}, s.outcome};
  if (auto it = s.position.vars.find(std::string(kSecondPassedKey)); it != s.position.vars.end())
    m.position.vars[it->first] = mirror_square_list(s.position.shape(), it->second);
  m.outcome.result = mirror_result(s.outcome.result);
  if (s.position.vars.count(std::string(kResultKey)))
    m.position.vars[std::string(kResultKey)] = std::string(result_name(m.outcome.result));
  return m;
}

Move Existentialist::mirror_action(const State& s, const Move& m) const {
  Move out = Variant::mirror_action(s, m);
  if (m.from == kNoSquare || m.to == kNoSquare) return out;
  // An arrow from an archer that joined a shield (existentialist.archer_joins_shield)
  // names the archer's own square, not the shield's lowest.
  if (m.promotion == kArcher) return out;
  ShieldSquares shield = shield_squares(s.position, m.from);
  if (shield.size() < 2) return out;
  const BoardShape& shape = s.position.shape();
  Square lowest = kNoSquare;
  for (Square sq : shield) lowest = lowest == kNoSquare ? shape.mirror(sq) : std::min(lowest, shape.mirror(sq));
  Square to = shape.offset(lowest, shape.file_of(m.to) - shape.file_of(m.from), shape.rank_of(m.from) - shape.rank_of(m.to));
  if (to == kNoSquare) return out;
  out.from = lowest;
  out.to = to;
  return out;
}

Expected<State> Existentialist::parse_state(std::string_view fen) const {
  // The field is the one the simultaneous games write for a recorded result;
  // its reader checks the invariants with the outcome already set.
  auto parsed = simultaneous::parse_state(*this, fen, clause::kKingKilled);
  if (!parsed) return parsed;
  // The only variant fields are the second en passant square and a recorded
  // result; any other key is a mistake, refused as the other variants do.
  for (const auto& [key, value] : parsed->position.vars)
    if (key != kSecondPassedKey && key != kResultKey) return Error{"unknown field '" + echo(key) + "'"};
  if (!parsed->outcome.over()) return parsed;
  State s = *parsed;
  bool draw = s.outcome.result == Result::Draw;
  s.outcome.clause = draw ? clause::kBothKingsKilled : clause::kKingKilled;
  s.outcome.reason = draw ? "both kings killed" : "king killed";
  return s;
}

const Variant& variant() {
  static const Existentialist v;
  return v;
}

}  // namespace arbiter::existentialist
