// SimulChess: what may be submitted, how the game ends, invariants.
#include "model/variants/simulchess/simulchess.h"

#include <stdexcept>

#include "model/variants/orthodox/orthodox.h"
#include "model/variants/simulchess/fast/fast_perft.h"

namespace arbiter::simulchess {

using orthodox::kKing;
using orthodox::kPawn;

const PieceSet& SimulChess::kinds() const { return orthodox::piece_set(); }

State SimulChess::initial_state() const {
  auto pos = parse_fen(orthodox::kStartFen, kinds());
  return State{std::move(pos.value()), {}, {}};
}

Expected<State> SimulChess::parse_state(std::string_view fen) const {
  auto standard = simultaneous::read_standard_fen(fen, kinds());
  if (!standard) return Error{standard.error()};
  return simultaneous::parse_state(*this, *standard, clause::kKingCapture);
}

Roles SimulChess::roles_to_act(const State& s) const {
  if (s.outcome.over()) return {};
  return {Role::White, Role::Black};
}

namespace {

const ReadingPoint& time_control() {
  static const ReadingPoint& point = *find_reading(simulchess::readings(), reading::kTimeControl);
  return point;
}

}  // namespace

// simulchess.submit.illegal_rejected: a move must be legal in the current
// position by the piece rules; simulchess.king.may_be_exposed: the king may be
// left or put where it could be captured. A player with no such move passes
// (simulchess.stalemate=pass; under the default the step that left him without
// one ended the game in a draw).
// Under the option simulchess.time_control=one_submitted a player may also
// submit nothing (a pass), and his opponent's move is resolved alone.
std::vector<Move> SimulChess::actions(const State& s, Role role) const { return listed_actions(s, role, Readings{}); }

void SimulChess::actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const {
  out.clear();
  if (s.outcome.over() || (role != Role::White && role != Role::Black)) return;
  Color c = role == Role::White ? Color::White : Color::Black;
  Position own = s.position;
  own.side_to_move = c;
  own.en_passant = simultaneous::en_passant_for(s.position, c);
  MoveList moves;
  orthodox::pseudo_moves(own, moves);
  // simulchess.castle.normal_rules: castling as in chess, not into check
  // (orthodox castling_moves has already kept it out of and through check).
  for (const Move& m : moves)
    if (!m.is(kMoveCastle) || orthodox::is_legal(own, m)) out.push_back(m);
  if (out.empty()) out.push_back(Move::pass());
  else if (readings.in_force(time_control()) == "one_submitted") out.push_back(Move::pass());
}

StepResult SimulChess::step(const State& s, const JointAction& joint, const Readings& readings) const {
  if (s.outcome.over()) throw std::invalid_argument("the game is already over");
  auto moves = simultaneous::white_and_black(joint);
  if (!moves) throw std::invalid_argument("simulchess takes one move from each player");
  StepResult r{s, {}};
  // A pass from a player who had moves is the option simulchess.time_control
  // at work: the step names it.
  for (int c = 0; c < 2; ++c) {
    if (!(*moves)[c].is(kMovePass)) continue;
    std::vector<Move> own;
    actions_into(s, c == 0 ? Role::White : Role::Black, Readings{}, own);
    if (!own.empty() && !own.front().is(kMovePass)) readings.consult(time_control(), r.trace);
  }
  resolve(s, (*moves)[0], (*moves)[1], readings, r.state, r.trace);
  return r;
}

// Every submittable move is resolved as submitted: step checks nothing more.
State SimulChess::apply(const State& s, const JointAction& joint, const Readings& readings) const {
  auto moves = simultaneous::white_and_black(joint);
  if (s.outcome.over() || !moves) return step(s, joint, readings).state;  // step says what is wrong
  State after{s.position, {}, {}};
  Trace off = Trace::off();
  resolve(s, (*moves)[0], (*moves)[1], readings, after, off);
  return after;
}

std::vector<InvariantViolation> SimulChess::check_invariants(const State& s) const {
  std::vector<InvariantViolation> out = check_core_invariants(s.position);
  const Position& pos = s.position;
  const BoardShape& shape = pos.shape();
  if (shape.files != 8 || shape.ranks != 8) out.push_back({"simulchess.board_8x8", "the board is not 8x8"});
  for (Square sq : stacked_squares(pos))
    out.push_back({"simulchess.one_piece_per_square", square_name(shape, sq) + " holds several pieces"});
  int kings[2] = {0, 0};
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    if (p.kind == kKing) ++kings[static_cast<int>(p.color)];
    int r = shape.rank_of(p.square);
    if (p.kind == kPawn && (r == 0 || r == shape.ranks - 1))
      out.push_back({"simulchess.pawn_ranks", "a pawn stands on " + square_name(shape, p.square)});
    if (p.flags || p.counter || p.partner_square != kNoSquare) out.push_back({"simulchess.no_piece_state", "a piece carries state"});
  }
  for (int c = 0; c < 2; ++c) {
    if (kings[c] > 1) out.push_back({"simulchess.one_king_each", "a side has several kings"});
    // A king is missing only once the game is over (simulchess.result.king_capture).
    if (kings[c] == 0 && !s.outcome.over())
      out.push_back({"simulchess.king_missing_means_over", std::string(color_name(static_cast<Color>(c))) + " has no king but the game goes on"});
  }
  for (const auto& [key, value] : pos.vars) {
    if (key == kResultKey) {
      if (!s.outcome.over()) out.push_back({"simulchess.state", "result= recorded but the game goes on"});
    } else if (key != kEnPassantKey || value.empty()) {
      out.push_back({"simulchess.state", "unknown or empty variant field " + key});
    }
  }
  if (pos.en_passant != kNoSquare) out.push_back({"simulchess.state", "en passant is kept in ep=, not the FEN field"});
  if (pos.side_to_move != Color::White) out.push_back({"simulchess.state", "both players move: the side field is w"});
  return out;
}

// The fast path counts every state it converts (fast/fast_perft.h says which);
// reference_perft stays the reference's count.
std::uint64_t SimulChess::perft(const State& s, int depth) const {
  if (auto board = fast::from_state(s)) return fast::perft(*board, depth);
  return reference_perft(s, depth);
}

std::uint64_t SimulChess::reference_perft(const State& s, int depth) const {
  return Variant::perft(s, depth, perft_readings());
}

const Readings& SimulChess::perft_readings() {
  static const Readings readings = simultaneous::without_standard_draws(reading::kDrawClaims);
  return readings;
}

// The rules treat the colours alike: the mirror swaps them in every field.
std::optional<State> SimulChess::mirror(const State& s) const { return simultaneous::mirror_state(s); }

const Variant& variant() {
  static const SimulChess v;
  return v;
}

}  // namespace arbiter::simulchess
