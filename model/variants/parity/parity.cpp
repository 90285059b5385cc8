// Parity Chess and Parity Chess with Single Occupation: the variant
// interface, how the game ends, invariants.
#include "model/variants/parity/parity.h"

#include <algorithm>
#include <stdexcept>

#include "model/core/mirror.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/parity/fast/fast_perft.h"

namespace arbiter::parity {

namespace {

using orthodox::kKing;
using orthodox::kPawn;

const ReadingPoint& point(std::string_view id) { return *find_reading(readings(), id); }

Color color_of(Role r) { return r == Role::White ? Color::White : Color::Black; }

// Why a colour has no move at the start of a turn.
enum class Stuck { No, CannotVacate, JustMoved, Checkmate, Stalemate };

Stuck stuck(const Position& pos, const Submissions& side, Color c, const SubmitRules& rules) {
  if (side.any(rules)) return Stuck::No;
  if (rules.single && shared_square(pos, c) != kNoSquare) return Stuck::CannotVacate;
  SubmitRules free = rules;
  free.ignore_just_moved = true;
  if (side.any(free)) return Stuck::JustMoved;
  return side.in_immediate_check() ? Stuck::Checkmate : Stuck::Stalemate;
}

// The history's keys that end as pos's key does, in its just-moved squares
// (repetition_key): only those can be pos's. Counted without writing the key,
// which orthodox::repetition_key builds from the whole board.
int keys_ending_like(const History& history, const Position& pos) {
  auto it = pos.vars.find(kJustMovedKey);
  std::string_view moved = it != pos.vars.end() ? std::string_view(it->second) : std::string_view();
  int n = 0;
  for (std::string_view key : history.newest_first())
    n += key.size() > moved.size() && key.ends_with(moved) && key[key.size() - moved.size() - 1] == ' ';
  return n;
}

}  // namespace

std::string repetition_key(const Position& pos) {
  std::string key = orthodox::repetition_key(pos);
  key += ' ';
  auto it = pos.vars.find(kJustMovedKey);
  if (it != pos.vars.end()) key += it->second;
  return key;
}

const PieceSet& Parity::kinds() const { return orthodox::piece_set(); }

State Parity::initial_state() const {
  auto pos = parse_fen(orthodox::kStartFen, kinds());
  return State{std::move(pos.value()), {}, {}};
}

Expected<State> Parity::parse_state(std::string_view fen) const {
  auto pos = parse_fen(fen, kinds());
  if (!pos) return Error{pos.error()};
  Position p = pos.value();
  simultaneous::read_standard_fields(p);
  order_shared(p);
  // The result at the start of a turn depends on the readings (which moves a
  // player in immediate check may make, what stalemate is), which a FEN does
  // not carry: a parsed position is over only where result= says so. Steps
  // settle the position they produce under the readings in force.
  return simultaneous::parse_state(*this, to_fen(p), clause::kNoMoveLoses);
}

Roles Parity::roles_to_act(const State& s) const {
  if (s.outcome.over()) return {};
  return {Role::White, Role::Black};
}

std::vector<Move> Parity::actions(const State& s, Role role) const { return actions(s, role, Readings{}); }

// parity.submit.one_piece_no_null: one move, never a pass; what may be moved
// is decided in rules.cpp.
std::vector<Move> Parity::actions(const State& s, Role role, const Readings& readings) const {
  return listed_actions(s, role, readings);
}

void Parity::actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const {
  out.clear();
  if (s.outcome.over() || (role != Role::White && role != Role::Black)) return;
  Submissions(s.position, color_of(role)).all(submit_rules(single_, readings), out);
}

void Parity::settle(State& s, const Readings& readings, Trace* trace) const {
  const Position& pos = s.position;
  Trace scratch = Trace::off();
  Trace& t = trace ? *trace : scratch;
  SubmitRules rules = submit_rules(single_, readings);
  const Submissions sides[2] = {Submissions(pos, Color::White), Submissions(pos, Color::Black)};
  Stuck st[2] = {stuck(pos, sides[0], Color::White, rules), stuck(pos, sides[1], Color::Black, rules)};
  bool stale_draw = false;
  for (int c = 0; c < 2; ++c)
    if (st[c] == Stuck::Stalemate)
      stale_draw = stale_draw || readings.consult(point(reading::kStalemate), t) == "draw";
  if (st[0] != Stuck::No || st[1] != Stuck::No) {
    if (st[0] != Stuck::No && st[1] != Stuck::No) {
      s.outcome = {Result::Draw, "neither player has a move", clause::kBothMatedDraw};
    } else if (stale_draw) {
      s.outcome = {Result::Draw, "stalemate", clause::kStalemateAsMate};
    } else {
      int loser = st[0] != Stuck::No ? 0 : 1;
      Result r = loser == 0 ? Result::BlackWins : Result::WhiteWins;
      switch (st[loser]) {
        case Stuck::CannotVacate: s.outcome = {r, "cannot vacate the shared square", clause::kCannotVacateLoses}; break;
        case Stuck::JustMoved: s.outcome = {r, "only the piece that just moved could move", clause::kNoMoveLoses}; break;
        case Stuck::Checkmate: s.outcome = {r, "checkmate", clause::kImmediateCheck}; break;
        default: s.outcome = {r, "stalemate", clause::kStalemateAsMate}; break;
      }
    }
  } else {
    // parity.draw.repetition: the third time a position occurs, the text's
    // "3-fold" under every alternative (so the history holds it twice: with
    // fewer entries the key need not be written); parity.draw_claims: the
    // fifty moves (seventy-five under "automatic", none under "none").
    int seen = 1;
    if (keys_ending_like(s.history, pos) >= 2)
      seen += static_cast<int>(s.history.count(repetition_key(pos)));
    if (seen >= 3) {
      s.outcome = {Result::Draw, "threefold repetition", clause::kRepetition};
    } else if (pos.halfmove_clock >= 50) {
      std::string_view claims = readings.consult(point(reading::kDrawClaims), t);
      int turns = claims == "claimed" ? 50 : claims == "automatic" ? 75 : -1;
      if (turns > 0 && pos.halfmove_clock >= turns)
        s.outcome = {Result::Draw, turns == 75 ? "seventy-five moves without a pawn move or capture"
                                               : "fifty moves without a pawn move or capture",
                     clause::kStandardRules};
    }
  }
  if (s.outcome.over()) {
    simultaneous::record_result(s);
    if (trace)
      trace->event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, s.outcome.clause,
                    std::string(s.outcome.reason)});
  }
}

StepResult Parity::step(const State& s, const JointAction& joint, const Readings& readings) const {
  if (s.outcome.over()) throw std::invalid_argument("the game is already over");
  auto written = simultaneous::white_and_black(joint);
  if (!written) throw std::invalid_argument("parity chess takes one move from each player");
  std::array<Move, 2> moves = *written;
  StepResult r{State{s.position, {}, {}}, {}};  // resolve writes the state after the step
  const Position& pos = s.position;
  SubmitRules rules = submit_rules(single_, readings);
  // The submission rules whose reading points could change the answer for
  // this move are consulted; a move the readings in force do not allow is
  // rejected, at the cost parity.refused_move names.
  std::string_view sanction[2] = {};
  for (int c = 0; c < 2; ++c) {
    Color col = static_cast<Color>(c);
    Move& m = moves[c];
    const Submissions side(pos, col);
    bool ok = side.allows(rules, m);
    struct Flip {
      std::string_view point;
      bool SubmitRules::*field;
      bool relevant;
    };
    const Flip flips[] = {
        // Single Occupation's rule 3 decides it (parity.submit.king_safety).
        {reading::kKingIntoAttack, &SubmitRules::king_into_attack, !single_ && (m.from == side.king() || !ok)},
        // Under Single Occupation a player with a shared piece must move it,
        // without capturing: no en passant capture of a shared pawn arises.
        {reading::kEnPassantShared, &SubmitRules::en_passant_shared, !single_ && (m.is(kMoveEnPassant) || ok != true)},
        {reading::kCastleAttacks, &SubmitRules::castle_any_attack, m.is(kMoveCastle) || ok != true},
    };
    bool ok_somewhere = ok;
    for (const Flip& f : flips) {
      if (!f.relevant) continue;
      SubmitRules other = rules;
      other.*f.field = !(rules.*f.field);
      bool ok_other = side.allows(other, m);
      if (ok_other != ok) readings.consult(point(f.point), r.trace);
      ok_somewhere = ok_somewhere || ok_other;
    }
    if (!ok_somewhere) {
      SubmitRules all = rules;
      all.king_into_attack = !single_;
      all.en_passant_shared = true;
      all.castle_any_attack = false;
      ok_somewhere = side.allows(all, m);
    }
    if (!ok_somewhere) throw std::invalid_argument("a move parity chess does not allow in this position");
    if (!ok) {
      sanction[c] = readings.consult(point(reading::kRefusedMove), r.trace);
      r.trace.event({EventType::Reject, own_at(pos, m.from, col), m.from, m.to, kNoKind, col, clause::kKingSafety,
                     "not allowed under the readings in force: " + std::string(simultaneous::sanction_text(sanction[c]))});
      m = Move::pass();
    }
  }
  if (simultaneous::apply_sanctions(s, r.state, r.trace, sanction, clause::kKingSafety)) return r;
  resolve(s, moves[0], moves[1], readings, single_, r.state, r.trace);
  if (!r.state.outcome.over()) settle(r.state, readings, &r.trace);
  else {
    simultaneous::record_result(r.state);
    r.trace.event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, r.state.outcome.clause,
                   std::string(r.state.outcome.reason)});
  }
  r.trace.fire(clause::kJustMoved);
  r.trace.fire(clause::kKingSafety);
  r.trace.fire(clause::kNoFriendly);
  if (!single_) r.trace.fire(clause::kSharedUncapturable);
  return r;
}

// A submittable move is one the readings in force allow, so the submission
// rules are not asked again: the moves are resolved and the position settled.
State Parity::apply(const State& s, const JointAction& joint, const Readings& readings) const {
  auto moves = simultaneous::white_and_black(joint);
  if (s.outcome.over() || !moves) return step(s, joint, readings).state;  // step says what is wrong
  State after{s.position, {}, {}};
  Trace off = Trace::off();
  resolve(s, (*moves)[0], (*moves)[1], readings, single_, after, off);
  if (!after.outcome.over()) settle(after, readings, nullptr);
  else simultaneous::record_result(after);
  return after;
}

// The fast path models every joint action of a state it converts, under the
// default readings that this count uses (fast/board.h).
std::uint64_t Parity::perft(const State& s, int depth) const {
  if (depth > 0)
    if (auto root = fast::from_state(s, single_)) return fast::perft(*root, depth, single_);
  return Variant::perft(s, depth);
}

std::vector<InvariantViolation> Parity::check_invariants(const State& s) const {
  std::vector<InvariantViolation> out = check_core_invariants(s.position);
  const Position& pos = s.position;
  const BoardShape& shape = pos.shape();
  if (shape.files != 8 || shape.ranks != 8) out.push_back({"parity.board_8x8", "the board is not 8x8"});
  int shared = 0;
  for (Square sq = 0; sq < shape.size(); ++sq) {
    if (pos.count(sq) < 2) continue;
    ++shared;
    // parity.occupy.no_friendly_pair: a square holds at most one piece of each colour.
    if (pos.count(sq) > 2 || pos.piece(pos.at(sq)[0]).color == pos.piece(pos.at(sq)[1]).color)
      out.push_back({"parity.no_friendly_pair", square_name(shape, sq) + " holds two pieces of one colour"});
    else if (pos.piece(pos.at(sq)[0]).color != Color::White)
      out.push_back({"parity.shared_order", square_name(shape, sq) + ": White's piece is written first"});
    bool kings = true;
    for (PieceId id : pos.at(sq)) kings = kings && pos.piece(id).kind == kKing;
    if (kings) out.push_back({"parity.kings_apart", "two kings share " + square_name(shape, sq)});
  }
  // Single Occupation: a shared square is vacated at once, so there is at most one.
  if (single_ && shared > 1) out.push_back({"parity.single.one_shared_square", "several shared squares"});
  int kings[2] = {0, 0};
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    if (p.kind == kKing) ++kings[static_cast<int>(p.color)];
    if (p.kind == kPawn && (shape.rank_of(p.square) == 0 || shape.rank_of(p.square) == shape.ranks - 1))
      out.push_back({"parity.pawn_ranks", "a pawn stands on " + square_name(shape, p.square)});
    if (p.flags || p.counter || p.partner_square != kNoSquare) out.push_back({"parity.no_piece_state", "a piece carries state"});
  }
  for (int c = 0; c < 2; ++c) {
    if (kings[c] > 1) out.push_back({"parity.one_king_each", "a side has several kings"});
    if (kings[c] == 0 && !s.outcome.over())
      out.push_back({"parity.king_missing_means_over", std::string(color_name(static_cast<Color>(c))) + " has no king but the game goes on"});
  }
  for (const auto& [key, value] : pos.vars) {
    if (key == kResultKey) {
      if (!s.outcome.over()) out.push_back({"parity.state", "result= recorded but the game goes on"});
    } else if (key == kJustMovedKey) {
      // Each listed square holds a piece; each colour has one piece that just
      // moved, or a king and rook that castled.
      int per_color[2] = {0, 0};
      std::size_t start = 0;
      bool bad = value.empty();
      while (!bad && start <= value.size()) {
        std::size_t comma = value.find(',', start);
        std::string_view name =
            std::string_view(value).substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        std::size_t used = 0;
        auto sq = parse_square(shape, name, &used);
        if (!sq || used != name.size() || pos.empty(*sq)) {
          bad = true;
        } else {
          for (PieceId id : pos.at(*sq)) ++per_color[static_cast<int>(pos.piece(id).color)];
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      if (bad) out.push_back({"parity.state", "justmoved= names an empty or unknown square"});
      else if (per_color[0] > 2 || per_color[1] > 2)
        out.push_back({"parity.state", "justmoved= names more pieces than one move moves"});
    } else if (key != kEnPassantKey || value.empty()) {
      out.push_back({"parity.state", "unknown or empty variant field " + key});
    }
  }
  if (pos.en_passant != kNoSquare) out.push_back({"parity.state", "en passant is kept in ep=, not the FEN field"});
  if (pos.side_to_move != Color::White) out.push_back({"parity.state", "both players move: the side field is w"});
  return out;
}

// The rules treat the colours alike: the mirror swaps them in every field.
std::optional<State> Parity::mirror(const State& s) const {
  State m = simultaneous::mirror_state(s);
  auto it = s.position.vars.find(kJustMovedKey);
  if (it != s.position.vars.end()) m.position.vars[kJustMovedKey] = mirror_square_list(s.position.shape(), it->second);
  order_shared(m.position);
  return m;
}

const Variant& variant() {
  static const Parity v(false);
  return v;
}

const Variant& single_variant() {
  static const Parity v(true);
  return v;
}

}  // namespace arbiter::parity
