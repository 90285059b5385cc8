// Orthodox chess: turns, results, invariants and SAN.
#include "model/variants/orthodox/orthodox.h"

#include <stdexcept>

#include "model/core/fen.h"
#include "model/core/mirror.h"
#include "model/core/movegen.h"
#include "model/variants/orthodox/fast/fast_perft.h"

namespace arbiter::orthodox {

namespace {

bool has_en_passant_capture(const Position& pos) {
  if (pos.en_passant == kNoSquare) return false;
  const BoardShape& shape = pos.shape();
  int behind = pos.side_to_move == Color::White ? -1 : 1;
  for (int df : {-1, 1}) {
    Square from = shape.offset(pos.en_passant, df, behind);
    if (from != kNoSquare && is_legal(pos, Move{from, pos.en_passant})) return true;
  }
  return false;
}

// orthodox.result.dead_position, recognised by the material that can never
// mate: bare kings, a king and one minor piece against a king, and kings with
// bishops all on squares of one colour. A position dead only by its pawn
// structure (kings that can never reach a pawn of a locked chain) is not
// recognised: it plays on to the fifty- or seventy-five-move point
// (orthodox.draw_claims), as docs/rules/orthodox.md says.
bool dead_position(const Position& pos) {
  int minors = 0, knights = 0;
  int bishop_square_colours = 0;  // bit 0: light-squared, bit 1: dark-squared
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.kind == kKing) continue;
    if (p.kind == kKnight) {
      ++knights;
      ++minors;
    } else if (p.kind == kBishop) {
      ++minors;
      int shade = (pos.shape().file_of(p.square) + pos.shape().rank_of(p.square)) % 2;
      bishop_square_colours |= 1 << shade;
    } else {
      return false;
    }
  }
  if (minors <= 1) return true;
  return knights == 0 && bishop_square_colours != 3;
}

}  // namespace

std::string repetition_key(const Position& pos) {
  std::string key;
  write_repetition_key(pos, key);
  return key;
}

void write_repetition_key(const Position& pos, std::string& key) {
  write_key_head(key, pos);
  // FIDE 9.2.2: the same position means the same possible moves, so an en
  // passant square counts only when an en passant capture is legal.
  if (has_en_passant_capture(pos)) {
    key += ' ';
    key += square_name(pos.shape(), pos.en_passant);
  }
}

Outcome outcome_of(const State& s, const Readings& readings, Trace* trace) {
  const Position& pos = s.position;
  if (!has_legal_move(pos)) {
    if (in_check(pos, pos.side_to_move)) {
      Result r = pos.side_to_move == Color::White ? Result::BlackWins : Result::WhiteWins;
      return {r, "checkmate", clause::kCheckmate};
    }
    return {Result::Draw, "stalemate", clause::kStalemate};
  }
  if (dead_position(pos)) return {Result::Draw, "dead position", clause::kDeadPosition};

  int repetitions = 1;
  if (s.history.size() >= 2) {
    // The key is written into a buffer kept between calls: every step asks.
    thread_local std::string key;
    write_repetition_key(pos, key);
    repetitions += static_cast<int>(s.history.count(key));
  }
  // orthodox.draw_claims is consulted only where its alternatives could differ.
  if (pos.halfmove_clock >= 100 || repetitions >= 3) {
    Trace scratch;
    std::string_view alt = readings.consult(*find_reading(orthodox::readings(), reading::kDrawClaims), trace ? *trace : scratch);
    bool claimed = alt == "claimed";
    if (pos.halfmove_clock >= (claimed ? 100 : 150)) return {Result::Draw, "fifty-move rule", clause::kFiftyMove};
    if (repetitions >= (claimed ? 3 : 5)) return {Result::Draw, "repetition", clause::kRepetition};
  }
  return {};
}

std::vector<InvariantViolation> position_invariants(const Position& pos) {
  std::vector<InvariantViolation> out = check_core_invariants(pos);
  const BoardShape& shape = pos.shape();
  if (shape.files != 8 || shape.ranks != 8) {
    out.push_back({"orthodox.board_8x8", "the board is " + std::to_string(shape.files) + "x" + std::to_string(shape.ranks)});
    return out;
  }
  int kings[2] = {0, 0};
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    if (p.kind == kKing) ++kings[static_cast<int>(p.color)];
    if (p.flags != 0 || p.counter != 0 || p.partner_square != kNoSquare)
      out.push_back({"orthodox.no_piece_state", "a piece on " + square_name(shape, p.square) + " carries variant state"});
    int r = shape.rank_of(p.square);
    if (p.kind == kPawn && (r == 0 || r == shape.ranks - 1))
      out.push_back({"orthodox.pawn_ranks", "a pawn stands on " + square_name(shape, p.square)});
  }
  for (Square s : stacked_squares(pos))
    out.push_back({"orthodox.single_occupancy", square_name(shape, s) + " holds several pieces"});
  for (Color c : {Color::White, Color::Black}) {
    int n = kings[static_cast<int>(c)];
    if (n != 1)
      out.push_back({"orthodox.one_king_each", std::string(color_name(c)) + " has " + std::to_string(n) + " kings"});
  }
  if (!pos.vars.empty()) out.push_back({"orthodox.no_variant_state", "the FEN has variant fields"});
  if (kings[0] == 1 && kings[1] == 1 && in_check(pos, opposite(pos.side_to_move)))
    out.push_back({"orthodox.mover_cannot_capture_king", "the side not to move is in check"});
  // Castling rights need the king and that rook on their starting squares.
  struct Right {
    std::uint8_t bit;
    Color color;
    int rook_file;
  };
  for (const Right& r : {Right{kWhiteKingside, Color::White, 7}, Right{kWhiteQueenside, Color::White, 0},
                         Right{kBlackKingside, Color::Black, 7}, Right{kBlackQueenside, Color::Black, 0}}) {
    if (!(pos.castling & r.bit)) continue;
    int rank = r.color == Color::White ? 0 : 7;
    auto is = [&](int file, KindId kind) {
      PieceId id = pos.occupant(shape.square(file, rank));
      return id != kNoPiece && pos.piece(id).kind == kind && pos.piece(id).color == r.color;
    };
    if (!is(4, kKing) || !is(r.rook_file, kRook))
      out.push_back({"orthodox.castling_rights_consistent",
                     "castling right without the " + std::string(color_name(r.color)) + " king and rook on their squares"});
  }
  // An en passant square lies behind a pawn of the side that just moved.
  if (pos.en_passant != kNoSquare) {
    Color mover = opposite(pos.side_to_move);
    int dir = mover == Color::White ? 1 : -1;
    int rank = shape.rank_of(pos.en_passant);
    Square pawn_sq = shape.offset(pos.en_passant, 0, dir);
    Square origin = shape.offset(pos.en_passant, 0, -dir);
    PieceId pawn = pawn_sq == kNoSquare ? kNoPiece : pos.occupant(pawn_sq);
    bool ok = rank == (mover == Color::White ? 2 : 5) && pos.empty(pos.en_passant) && origin != kNoSquare &&
              pos.empty(origin) && pawn != kNoPiece && pos.piece(pawn).kind == kPawn && pos.piece(pawn).color == mover;
    if (!ok)
      out.push_back({"orthodox.en_passant_consistent",
                     "en passant square " + square_name(shape, pos.en_passant) + " does not follow a double step"});
  }
  return out;
}

std::string san(const Position& pos, const Move& m) {
  const BoardShape& shape = pos.shape();
  PieceId mover_id = pos.occupant(m.from);
  if (mover_id == kNoPiece) return move_to_string(shape, pos.kinds(), m);
  const Piece& mover = pos.piece(mover_id);
  std::string out;
  if (m.is(kMoveCastle)) {
    out = shape.file_of(m.to) > shape.file_of(m.from) ? "O-O" : "O-O-O";
  } else {
    bool capture = !pos.empty(m.to) || m.is(kMoveEnPassant);
    if (mover.kind == kPawn) {
      if (capture) out += static_cast<char>('a' + shape.file_of(m.from));
    } else {
      out += pos.kind_of(mover).code;
      // Disambiguate among legal moves of the same kind to the same square.
      MoveList moves;
      legal_moves(pos, moves);
      bool clash = false, same_file = false, same_rank = false;
      for (const Move& o : moves) {
        if (o.to != m.to || o.from == m.from || pos.piece(pos.occupant(o.from)).kind != mover.kind) continue;
        clash = true;
        same_file = same_file || shape.file_of(o.from) == shape.file_of(m.from);
        same_rank = same_rank || shape.rank_of(o.from) == shape.rank_of(m.from);
      }
      if (clash) {
        std::string from = square_name(shape, m.from);
        if (!same_file) out += from[0];
        else if (!same_rank) out += from.substr(1);
        else out += from;
      }
    }
    if (capture) out += 'x';
    out += square_name(shape, m.to);
    if (m.promotion != kNoKind) out += "=" + pos.kinds()[m.promotion].code;
  }
  Position after = pos;
  make_move(after, m, nullptr);
  if (in_check(after, after.side_to_move)) {
    MoveList replies;
    legal_moves(after, replies);
    out += replies.empty() ? '#' : '+';
  }
  return out;
}

State Orthodox::initial_state() const {
  auto pos = parse_fen(kStartFen, piece_set());
  return State{std::move(pos.value()), {}, {}};
}

Roles Orthodox::roles_to_act(const State& s) const {
  if (s.outcome.over()) return {};
  return {s.position.side_to_move == Color::White ? Role::White : Role::Black};
}

std::vector<Move> Orthodox::actions(const State& s, Role role) const { return listed_actions(s, role, Readings{}); }

void Orthodox::actions_into(const State& s, Role role, const Readings&, std::vector<Move>& out) const {
  out.clear();
  Role to_act = s.position.side_to_move == Color::White ? Role::White : Role::Black;
  if (s.outcome.over() || role != to_act) return;
  MoveList moves;
  legal_moves(s.position, moves);
  out.assign(moves.begin(), moves.end());
}

StepResult Orthodox::step(const State& s, const JointAction& joint, const Readings& readings) const {
  Role to_act = s.position.side_to_move == Color::White ? Role::White : Role::Black;
  if (s.outcome.over()) throw std::invalid_argument("the game is already over");
  if (joint.size() != 1 || joint[0].role != to_act)
    throw std::invalid_argument("orthodox chess takes one move, by " + std::string(role_name(to_act)));
  std::optional<Move> legal = legal_match(s.position, joint[0].move);
  if (!legal) throw std::invalid_argument("illegal move for " + std::string(role_name(to_act)));

  StepResult r{State{s.position, {}, s.outcome}, {}};
  make_move(r.state.position, *legal, &r.trace);
  r.trace.fire(clause::kNoSelfCheck);
  // The position before the move joins the history, which an irreversible
  // move clears instead.
  if (r.state.position.halfmove_clock != 0) {
    r.state.history = s.history;
    r.state.history.push_back(repetition_key(s.position));
  }
  r.state.outcome = outcome_of(r.state, readings, &r.trace);
  if (r.state.outcome.over()) {
    r.trace.event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, r.state.outcome.clause,
                   std::string(r.state.outcome.reason)});
  }
  return r;
}

std::vector<InvariantViolation> Orthodox::check_invariants(const State& s) const {
  return position_invariants(s.position);
}

// Perft counts the legal move tree as engines do: draws by rule (dead
// position, fifty moves, repetition) do not stop it; only positions without
// legal moves are leaves. The bitboard fast path counts it when it can take
// the position (tests hold the two equal); the reference model otherwise.
std::uint64_t Orthodox::perft(const State& s, int depth) const {
  if (auto board = fast::parse_fen(to_fen(s.position), nullptr)) return fast::perft(*board, depth);
  return perft_position(s.position, depth);
}

std::uint64_t Orthodox::reference_perft(const State& s, int depth) const { return perft_position(s.position, depth); }

// The history of repetition keys is not mirrored: the mirror starts afresh.
std::optional<State> Orthodox::mirror(const State& s) const {
  State m{mirror_position(s.position, true), {}, s.outcome};
  m.outcome.result = mirror_result(s.outcome.result);
  return m;
}

const Variant& variant() {
  static const Orthodox v;
  return v;
}

}  // namespace arbiter::orthodox
