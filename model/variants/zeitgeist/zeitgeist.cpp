// Zeitgeist: the pieces, what a player may write, and how the game ends.
#include "model/variants/zeitgeist/zeitgeist.h"

#include <algorithm>
#include <stdexcept>

#include "model/core/movegen.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/zeitgeist/fast/convert.h"
#include "model/variants/zeitgeist/fast/fast_perft.h"

namespace arbiter::zeitgeist {

namespace {

using orthodox::kBishop;
using orthodox::kKing;
using orthodox::kKnight;
using orthodox::kPawn;
using orthodox::kQueen;
using orthodox::kRook;

Color color_of(Role r) { return r == Role::White ? Color::White : Color::Black; }

// The move writers below fill any list with push_back: a std::vector for
// Zeitgeist::writable, or a WrittenMoveFinder, which keeps no moves and only
// notes whether the move asked about is among them (Zeitgeist::can_write).
struct WrittenMoveFinder {
  Move wanted;
  bool found = false;
  void push_back(const Move& m) { found = found || m.same_action(wanted); }
};

template <typename Out>
void add_promotions(Square from, Square to, std::uint8_t flags, bool optional, Out& out) {
  for (KindId k : {kQueen, kRook, kBishop, kKnight}) out.push_back(Move{from, to, k, flags});
  if (optional) out.push_back(Move{from, to, kNoKind, flags});
}

// Castling as in standard chess, not out of or through check
// (zeitgeist.castle.not_through_check). Onto an attacked square is
// zeitgeist.castle_into_check's question: under "forbidden" such a castling
// is not listed (`into_check` false); under "as_king_move" it is listed, and
// zeitgeist.submission decides it as every move that leaves the king
// attacked. Out of line, as is board_moves below: the move list it fills
// would otherwise be set up on every listing of the pattern moves (under
// AddressSanitizer a frame of that size costs more than the listing).
template <typename Out>
[[gnu::noinline]] void castling_moves(const Position& pos, Color c, bool into_check, Out& out) {
  MoveList castling;
  orthodox::castling_moves(pos, c, castling);
  Position own = pos;
  own.side_to_move = c;
  for (const Move& m : castling)
    if (into_check || orthodox::is_legal(own, m)) out.push_back(m);
}

// zeitgeist.submission=pattern: every move of the piece's pattern, whatever
// stands on its path or target (zeitgeist.blocked.bounce and
// zeitgeist.pawn.bounce decide afterwards); castling by the usual conditions,
// onto an attacked square only where `castle_into_check` allows it.
template <typename Out>
void pattern_moves(const Position& pos, Color c, bool optional_promotion, bool castle_into_check, Out& out) {
  const BoardShape& shape = pos.shape();
  int forward = c == Color::White ? 1 : -1;
  int last_rank = c == Color::White ? shape.ranks - 1 : 0;
  const Square en_passant = simultaneous::en_passant_for(pos, c);
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != c) continue;
    if (p.kind == kPawn) {
      // zeitgeist.pawn.moves: "Pawns can move forward, or capture diagonally."
      auto emit = [&](Square to, std::uint8_t flags) {
        if (shape.rank_of(to) == last_rank) add_promotions(p.square, to, flags, optional_promotion, out);
        else out.push_back(Move{p.square, to, kNoKind, flags});
      };
      Square one = shape.offset(p.square, 0, forward);
      if (one != kNoSquare) emit(one, 0);
      bool on_start = shape.rank_of(p.square) == (c == Color::White ? 1 : shape.ranks - 2);
      Square two = on_start ? shape.offset(p.square, 0, 2 * forward) : kNoSquare;
      if (two != kNoSquare) out.push_back(Move{p.square, two, kNoKind, kMoveDoubleStep});
      for (int df : {-1, 1}) {
        Square to = shape.offset(p.square, df, forward);
        if (to != kNoSquare) emit(to, to == en_passant ? kMoveEnPassant : 0);
      }
      continue;
    }
    // Each step's squares: file and rank are stepped until they leave the
    // board or the step's range is spent.
    const int file = shape.file_of(p.square), rank = shape.rank_of(p.square);
    for (const Step& st : pos.kind_of(p).steps) {
      const int df = st.df, dr = step_dr(st, c);
      const int limit = st.range == 0 ? kMaxFiles + kMaxRanks : st.range;
      int f = file + df, r = rank + dr;
      for (int n = 0; n < limit && shape.contains(f, r); ++n, f += df, r += dr)
        out.push_back(Move{p.square, shape.square(f, r)});
    }
  }
  // Castling, for a player with a castling right left.
  std::uint8_t rights = c == Color::White ? kWhiteKingside | kWhiteQueenside : kBlackKingside | kBlackQueenside;
  if (pos.castling & rights) castling_moves(pos, c, castle_into_check, out);
}

// zeitgeist.submission=king_safe: whether a pattern move, played alone on the
// board as it stands, leaves the player's own king unattacked. Played alone,
// every other piece is stationary, so the game's rules reduce to the orthodox
// ones: a move the orthodox rules give is made (and must not leave the king
// attacked), any other bounces and leaves the board as it is (so it is safe
// where the king is not attacked now). `own` is the position with c to move
// and c's en passant square; `pseudo` its orthodox moves.
bool safe_alone(const Position& own, Color c, const MoveList& pseudo, const Move& m) {
  // A pawn move to the last row naming no piece is made as the same move
  // promoting, for this judgement.
  Move made = m;
  if (m.promotion == kNoKind && own.piece(own.occupant(m.from)).kind == kPawn &&
      own.shape().rank_of(m.to) == (c == Color::White ? own.shape().ranks - 1 : 0))
    made.promotion = kQueen;
  bool orthodox_move = std::any_of(pseudo.begin(), pseudo.end(), [&](const Move& o) { return o.same_action(made); });
  return orthodox_move ? orthodox::is_legal(own, made) : !orthodox::in_check(own, c);
}

Position to_move(const Position& pos, Color c) {
  Position own = pos;
  own.side_to_move = c;
  own.en_passant = simultaneous::en_passant_for(pos, c);
  return own;
}

// The king-safe moves, and a pass for a player with none
// (zeitgeist.no_legal_move). Out of line: its copy of the position and its
// move lists cost nothing to the pattern moves.
template <typename Out>
[[gnu::noinline]] void king_safe_moves(const Position& pos, Color c, bool optional_promotion, Out& out) {
  Position own = to_move(pos, c);
  MoveList pseudo;
  orthodox::pseudo_moves(own, pseudo);
  std::vector<Move> pattern;
  // A castling onto an attacked square leaves the king attacked, so it is not
  // safe: zeitgeist.castle_into_check makes no difference here.
  pattern_moves(pos, c, optional_promotion, true, pattern);
  bool any = false;
  for (const Move& m : pattern) {
    if (!safe_alone(own, c, pseudo, m)) continue;
    out.push_back(m);
    any = true;
  }
  if (!any) out.push_back(Move::pass());
}

// What a colour may write under a zeitgeist.submission alternative, to `out`.
template <typename Out>
void write_moves(const State& s, Color c, std::string_view submission, bool optional_promotion,
                 bool castle_into_check, Out& out) {
  if (submission == "king_safe") king_safe_moves(s.position, c, optional_promotion, out);
  else pattern_moves(s.position, c, optional_promotion, castle_into_check, out);
}

}  // namespace

const PieceSet& Zeitgeist::kinds() const { return orthodox::piece_set(); }

State Zeitgeist::initial_state() const {
  auto pos = parse_fen(orthodox::kStartFen, kinds());
  return State{std::move(pos.value()), {}, {}};
}

Expected<State> Zeitgeist::parse_state(std::string_view fen) const {
  auto standard = simultaneous::read_standard_fen(fen, kinds());
  if (!standard) return Error{standard.error()};
  return simultaneous::parse_state(*this, *standard, clause::kKingCaptured);
}

Roles Zeitgeist::roles_to_act(const State& s) const {
  if (s.outcome.over()) return {};
  return {Role::White, Role::Black};
}

std::vector<Move> Zeitgeist::writable(const State& s, Color c, std::string_view submission,
                                      bool optional_promotion, bool castle_into_check) const {
  std::vector<Move> out;
  // A side writes about a hundred pattern moves at the start (and at most a
  // few hundred): one allocation instead of a doubling series.
  out.reserve(128);
  write_moves(s, c, submission, optional_promotion, castle_into_check, out);
  return out;
}

bool Zeitgeist::can_write(const State& s, Color c, std::string_view submission, bool optional_promotion,
                          const Move& m, bool castle_into_check) const {
  // A move other than a pass is king-safe if it is a pattern move and safe
  // played alone: judged for it alone, not by listing every move.
  if (submission == "king_safe" && !m.is(kMovePass)) {
    if (!can_write(s, c, "pattern", optional_promotion, m, castle_into_check)) return false;
    Position own = to_move(s.position, c);
    MoveList pseudo;
    orthodox::pseudo_moves(own, pseudo);
    return safe_alone(own, c, pseudo, m);
  }
  WrittenMoveFinder finder{m};
  write_moves(s, c, submission, optional_promotion, castle_into_check, finder);
  return finder.found;
}

std::vector<Move> Zeitgeist::actions(const State& s, Role role) const { return actions(s, role, Readings{}); }

std::vector<Move> Zeitgeist::actions(const State& s, Role role, const Readings& readings) const {
  return listed_actions(s, role, readings);
}

void Zeitgeist::actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const {
  out.clear();
  if (s.outcome.over() || (role != Role::White && role != Role::Black)) return;
  std::string_view submission = readings.in_force(point<reading::kSubmission>());
  bool optional = readings.in_force(point<reading::kPromotionMay>()) == "optional";
  bool castle_into_check = readings.in_force(point<reading::kCastleIntoCheck>()) == "as_king_move";
  make_room_for_actions(out);  // as writable
  write_moves(s, color_of(role), submission, optional, castle_into_check, out);
}

StepResult Zeitgeist::step(const State& s, const JointAction& joint, const Readings& readings) const {
  if (s.outcome.over()) throw std::invalid_argument("the game is already over");
  auto moves = simultaneous::white_and_black(joint);
  if (!moves) throw std::invalid_argument("zeitgeist takes one move from each player");
  StepResult r{s, {}};
  resolve(s, (*moves)[0], (*moves)[1], readings, r.state, r.trace);
  return r;
}

State Zeitgeist::apply(const State& s, const JointAction& joint, const Readings& readings) const {
  auto moves = simultaneous::white_and_black(joint);
  if (s.outcome.over() || !moves) return step(s, joint, readings).state;  // step says what is wrong
  State after = s;
  Trace off = Trace::off();
  resolve(s, (*moves)[0], (*moves)[1], readings, after, off, true);
  return after;
}

std::vector<InvariantViolation> Zeitgeist::check_invariants(const State& s) const {
  std::vector<InvariantViolation> out = check_core_invariants(s.position);
  const Position& pos = s.position;
  const BoardShape& shape = pos.shape();
  if (shape.files != 8 || shape.ranks != 8) out.push_back({"zeitgeist.board_8x8", "the board is not 8x8"});
  // After resolution no square holds two pieces (zeitgeist.collision.*).
  for (Square sq : stacked_squares(pos))
    out.push_back({"zeitgeist.one_piece_per_square", square_name(shape, sq) + " holds several pieces"});
  int kings[2] = {0, 0};
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    if (p.kind == kKing) ++kings[static_cast<int>(p.color)];
    // No pawn stands on its own first row. One may stay on its opposite row
    // where zeitgeist.promotion_may=optional lets it remain a pawn; the
    // state does not say which reading made it, so that row is not checked
    // here (the promotion laws and scenarios check the default's promotion).
    int first_row = p.color == Color::White ? 0 : shape.ranks - 1;
    if (p.kind == kPawn && shape.rank_of(p.square) == first_row)
      out.push_back({"zeitgeist.pawn_ranks", "a pawn stands on " + square_name(shape, p.square)});
    if (p.flags || p.counter || p.partner_square != kNoSquare)
      out.push_back({"zeitgeist.no_piece_state", "a piece carries state"});
  }
  // A king may be missing only once the game is over (zeitgeist.result.king_captured).
  for (int c = 0; c < 2; ++c) {
    if (kings[c] > 1) out.push_back({"zeitgeist.one_king_each", "a side has several kings"});
    if (kings[c] == 0 && !s.outcome.over())
      out.push_back({"zeitgeist.king_missing_means_over", std::string(color_name(static_cast<Color>(c))) + " has no king but the game goes on"});
  }
  for (const auto& [key, value] : pos.vars) {
    if (key == kChecksKey) {
      if (value != "w" && value != "b" && value != "wb") out.push_back({"zeitgeist.state", "bad checks=" + value});
    } else if (key == kResultKey) {
      if (!s.outcome.over()) out.push_back({"zeitgeist.state", "result= recorded but the game goes on"});
    } else if (key == kEnPassantKey) {
      if (value.empty()) out.push_back({"zeitgeist.state", "empty ep="});
    } else {
      out.push_back({"zeitgeist.state", "unknown variant field " + key});
    }
  }
  if (pos.en_passant != kNoSquare) out.push_back({"zeitgeist.state", "en passant is kept in ep=, not the FEN field"});
  if (pos.side_to_move != Color::White) out.push_back({"zeitgeist.state", "both players move: the side field is w"});
  return out;
}

std::uint64_t Zeitgeist::perft(const State& s, int depth) const {
  if (auto board = fast::from_state(s)) return fast::perft(*board, depth);
  return reference_perft(s, depth);
}

std::uint64_t Zeitgeist::reference_perft(const State& s, int depth) const {
  return Variant::perft(s, depth, perft_readings());
}

const Readings& Zeitgeist::perft_readings() {
  static const Readings readings = simultaneous::without_standard_draws(reading::kDrawClaims);
  return readings;
}

// The rules treat the colours alike: the mirror swaps them in every field.
std::optional<State> Zeitgeist::mirror(const State& s) const { return simultaneous::mirror_state(s); }

const Variant& variant() {
  static const Zeitgeist v;
  return v;
}

}  // namespace arbiter::zeitgeist
