// Cloak and Dagger Chess: the turn's phases, the step and its trace, results,
// the state text and what each side sees of it.
#include "model/variants/cloak_dagger/cloak_dagger.h"

#include <algorithm>
#include <optional>
#include <span>
#include <stdexcept>

#include "model/core/chance.h"
#include "model/core/fen.h"
#include "model/core/fixed_vector.h"
#include "model/core/mirror.h"
#include "model/variants/cloak_dagger/rules.h"
#include "model/core/echo.h"

namespace arbiter::cloak_dagger {

namespace {

constexpr std::string_view kPhase = "phase";
constexpr std::string_view kPending = "pending";
constexpr std::string_view kHit = "hit";
constexpr std::string_view kRefused = "refused";

Role role_of(Color c) { return c == Color::White ? Role::White : Role::Black; }
Color color_of(Role r) { return r == Role::Black ? Color::Black : Color::White; }
char side_letter(Color c) { return c == Color::White ? 'w' : 'b'; }
std::string_view known_key(Color c) { return c == Color::White ? "wknown" : "bknown"; }
std::string_view pool_key(Color c) { return c == Color::White ? "wpool" : "bpool"; }
std::string_view ruled_key(Color c) { return c == Color::White ? "wruled" : "bruled"; }

// A field's value (empty when absent), read in place: valid until the
// position's fields change.
std::string_view field(const Position& pos, std::string_view key) {
  auto it = pos.vars.find(key);
  return it == pos.vars.end() ? std::string_view() : std::string_view(it->second);
}
int pool(const Position& pos, Color c) {
  std::string_view v = field(pos, pool_key(c));
  return v.empty() ? 0 : std::stoi(std::string(v));
}
void set_pool(Position& pos, Color c, int n) { pos.vars[pool_key(c)] = std::to_string(n); }
char letter(KindId k) { return k < 5 ? kIdentityLetters[k] : '?'; }

// The text of a move, a drop or a castling (as move_text writes it).
std::string action_text(const Position& pos, const Move& m) {
  if (m.code == kCodeDrop) return "P@" + square_name(pos.shape(), m.to);
  return move_to_string(pos.shape(), kinds(), m);
}
// Whether m is among the moves refused earlier in this phase (the field
// `refused`: their texts joined by ',').
bool was_refused(std::string_view refused, std::string_view text) {
  while (!refused.empty()) {
    std::size_t comma = refused.find(',');
    if (refused.substr(0, comma) == text) return true;
    if (comma == std::string_view::npos) break;
    refused.remove_prefix(comma + 1);
  }
  return false;
}
// The options a listing of moves uses: the attacks the mover can see. Under
// cloak-dagger.check_knowledge=umpire a move the hidden attacks forbid is
// still offered, and refused when it is made (refuse() below).
Options seen_by_mover(Options o) {
  o.umpire = false;
  return o;
}

// The identities the opponent has ruled out for each of c's checkers: eight
// groups of letters joined by '.', one per number ("Q......" : checker 1 is
// no queen). Absent until something is ruled out.
//
// The group of checker `number` (1..8) in such a field, read in place: empty
// when the field has fewer groups; letters after an eighth '.' belong to none.
std::string_view ruled_group(std::string_view ruled, int number) {
  std::size_t begin = 0;
  for (int n = 1; n < number; ++n) {
    begin = ruled.find('.', begin);
    if (begin == std::string_view::npos) return {};
    ++begin;
  }
  return ruled.substr(begin, ruled.find('.', begin) - begin);
}
std::string_view ruled_out(const Position& pos, Color c, int number) {
  return ruled_group(field(pos, ruled_key(c)), number);
}
// Records that c's checker `number` is none of `letters` (as the opponent has
// seen: a wrong guess, a move its identity cannot make). The field is
// rewritten in its own string: eight groups, the changed one in KQRBN order.
void rule_out(Position& pos, Color c, int number, std::string_view letters) {
  if (number < 1 || number > 8) return;
  std::string& ruled = pos.vars[ruled_key(c)];
  // Eight groups exactly: missing ones added empty, letters past them dropped.
  std::size_t dots = 0, at = 0;
  for (; at < ruled.size() && dots < 8; ++at)
    if (ruled[at] == '.') ++dots;
  if (dots == 8) ruled.resize(at - 1);
  else ruled.append(7 - dots, '.');
  // The group's letters and the new ones, at most the five identities.
  std::string_view group = ruled_group(ruled, number);
  char merged[5];
  std::size_t n = 0;
  for (char ch : kIdentityLetters)
    if (group.find(ch) != std::string_view::npos || letters.find(ch) != std::string_view::npos) merged[n++] = ch;
  ruled.replace(static_cast<std::size_t>(group.data() - ruled.data()), group.size(), merged, n);
}
// The identities that cannot make a displacement (df, dr) as one move.
std::string cannot_move(int df, int dr) {
  df = df < 0 ? -df : df;
  dr = dr < 0 ? -dr : dr;
  std::string can;
  if ((df == 1 && dr == 2) || (df == 2 && dr == 1)) can = "N";
  else if (df == 0 || dr == 0) can = std::max(df, dr) == 1 ? "KQR" : "QR";
  else if (df == dr) can = df == 1 ? "KQB" : "QB";
  std::string out;
  for (char ch : kIdentityLetters)
    if (can.find(ch) == std::string_view::npos) out += ch;
  return out;
}

const ReadingPoint& point(std::string_view id) { return *find_reading(readings(), id); }

Square own_king(const Position& pos, Color c) {
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == c && p.kind == kKing) return p.square;
  return kNoSquare;
}

// Whether c may guess the opponent's piece p: a cloaked numbered checker
// (cloak-dagger.guess_repeat: not one already confirmed, by default); `known`
// is what c has been told of the opponent's checkers.
bool guessable(const Piece& p, Color c, std::string_view known, const Options& o) {
  if (!p.on_board() || p.color == c || !p.has(kFlagCloaked) || p.counter < 1 || p.counter > 8) return false;
  return o.guess_any || known.size() != 8 || known[p.counter - 1] == '?';
}

// The guesses c may make, added to `out`: each identity for each checker
// guessable, in the order of their codes.
void guesses(const Position& pos, Color c, const Options& o, std::vector<Move>& out) {
  std::size_t first = out.size();
  std::string_view known = field(pos, known_key(opposite(c)));
  for (const Piece& p : pos.pieces()) {
    if (!guessable(p, c, known, o)) continue;
    for (int k = 0; k < 5; ++k) {
      Move m;
      m.code = static_cast<std::uint16_t>(kCodeGuess | (p.counter << 4) | k);
      out.push_back(m);
    }
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [](const Move& a, const Move& b) { return a.code < b.code; });
}
bool can_guess(const Position& pos, Color c, const Options& o) {
  std::string_view known = field(pos, known_key(opposite(c)));
  return std::any_of(pos.pieces().begin(), pos.pieces().end(),
                     [&](const Piece& p) { return guessable(p, c, known, o); });
}

// The uncloakings c may make, added to `out`: one for each of its cloaked
// pieces, by square (only the one on `from`, when given).
void uncloaks(const Position& pos, Color c, std::vector<Move>& out, std::optional<Square> from = std::nullopt) {
  for (int sq = 0; sq < 64; ++sq) {
    if (from && *from != sq) continue;
    PieceId id = pos.occupant(static_cast<Square>(sq));
    if (id == kNoPiece) continue;
    const Piece& p = pos.piece(id);
    if (p.color != c || !p.has(kFlagCloaked)) continue;
    Move m{static_cast<Square>(sq), static_cast<Square>(sq)};
    m.code = kCodeUncloak;
    out.push_back(m);
  }
}
bool can_uncloak(const Position& pos, Color c) {
  for (int sq = 0; sq < 64; ++sq) {
    PieceId id = pos.occupant(static_cast<Square>(sq));
    if (id != kNoPiece && pos.piece(id).color == c && pos.piece(id).has(kFlagCloaked)) return true;
  }
  return false;
}

// The actions c may submit in this phase, in place of what `out` held. With
// `from`, only those that start on that square (the setup, the pass, the
// guesses and the drops start on kNoSquare): what a step needs to check the
// action asked, which can only be among them.
void phase_actions(const State& s, Color c, const Options& o, std::vector<Move>& out,
                   std::optional<Square> from = std::nullopt) {
  out.clear();
  const Position& pos = s.position;
  std::string_view phase = field(pos, kPhase);
  bool off_board = !from || *from == kNoSquare;  // the actions that start on no square are wanted
  if (phase == "setup") {
    if (!off_board) return;
    out.reserve(960);
    for (int n = 0; n < 960; ++n) {
      Move m;
      m.code = static_cast<std::uint16_t>(kCodeSetup | n);
      out.push_back(m);
    }
    return;
  }
  if (c != pos.side_to_move) return;
  if (phase == "move") {
    regular_moves(pos, c, seen_by_mover(o), out, from);
    // cloak-dagger.stalemate=pass: a side with no legal regular move (as the
    // step judges it, by the attacks the options count) makes none, "0000".
    if (o.stalemate_pass && off_board && !has_regular_move(pos, c, o)) out.push_back(Move::pass());
  } else if (off_board) {
    out.push_back(Move::pass());
  }
  if (phase == "prebonus" || phase == "interbonus" || phase == "bonus")
    bonus_moves(pos, c, pool(pos, c), seen_by_mover(o), out, from);
  else if (phase == "guess" && off_board) guesses(pos, c, o, out);
  else if (phase == "uncloak") uncloaks(pos, c, out, from);
  // A move refused earlier in this phase is not offered again.
  if (std::string_view refused = field(pos, kRefused); !refused.empty())
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const Move& m) { return !m.is(kMovePass) && was_refused(refused, action_text(pos, m)); }),
              out.end());
}

// Whether c may submit m in this phase, under the options o: the action
// listed that is the same as m (the last, should several be), with its
// flags as the position gives them. `scratch` holds the listing.
std::optional<Move> offered(const State& s, Color c, const Options& o, const Move& m, std::vector<Move>& scratch) {
  phase_actions(s, c, o, scratch, m.from);
  std::optional<Move> found;
  for (const Move& x : scratch)
    if (x.same_action(m)) found = x;
  return found;
}

// Everything a step needs: the readings, their decoded alternatives, a trace.
struct Context {
  const Readings& readings;
  Options o;
  Trace& trace;
};

void set_outcome(State& s, Result r, std::string_view reason, std::string_view clause) {
  s.outcome = {r, reason, clause};
}

Result win_for(Color c) { return c == Color::White ? Result::WhiteWins : Result::BlackWins; }

// The result when the side to move has no regular move: checkmate of an
// uncloaked king in check, else stalemate (cloak-dagger.stalemate: a draw, a
// loss, or no end: the side passes its regular move). Returns whether the
// game is over.
bool no_regular_move(State& s, Context& ctx) {
  Position& pos = s.position;
  Color c = pos.side_to_move;
  Square k = own_king(pos, c);
  bool uncloaked = k != kNoSquare && !pos.piece(pos.occupant(k)).has(kFlagCloaked);
  bool check = false;
  if (uncloaked) {
    // cloak-dagger.check_knowledge decides which attacks make it check.
    std::string_view alt = ctx.readings.consult(point(reading::kCheckKnowledge), ctx.trace);
    Options o = ctx.o;
    o.umpire = alt == "umpire";
    check = king_in_check(board_of(pos), c, o);
  }
  if (check) {
    // cloak-dagger.win.checkmate_uncloaked_king
    ctx.trace.fire(clause::kShowCheckmate);
    set_outcome(s, win_for(opposite(c)), "checkmate", clause::kWinCheckmate);
    return true;
  }
  std::string_view alt = ctx.readings.consult(point(reading::kStalemate), ctx.trace);
  if (alt == "pass") return false;
  if (alt == "loss") set_outcome(s, win_for(opposite(c)), "stalemate", clause::kObject);
  else set_outcome(s, Result::Draw, "stalemate", clause::kObject);
  return true;
}

void end_turn(State& s);

// Moves through the phases where the side to move has nothing to choose
// (no guess to make, no bonus move, nothing left to uncloak), and sets the
// result when the regular move cannot be made.
void settle(State& s, Context& ctx) {
  for (int guard = 0; guard < 16 && !s.outcome.over(); ++guard) {
    Position& pos = s.position;
    Color c = pos.side_to_move;
    std::string_view phase = field(pos, kPhase);
    if (phase == "prebonus") {
      if (has_bonus_move(pos, c, pool(pos, c), seen_by_mover(ctx.o))) return;
      pos.vars.erase(kPending);
      pos.vars[kPhase] = "guess";
    } else if (phase == "interbonus") {
      if (has_bonus_move(pos, c, pool(pos, c), seen_by_mover(ctx.o))) return;
      pos.side_to_move = opposite(c);
      pos.vars[kPhase] = "move";
    } else if (phase == "guess") {
      // A side with no regular move when its turn starts (after a bonus move
      // it is owed under wrong_guess_bonus_time=turn_start): when it is
      // judged, mated or stalemated, is cloak-dagger.no_move_judged, asked
      // only where it could guess: now, before the guess (turn_start), or
      // when its regular move is due, after its guess and any bonus move a
      // wrong guess gives the opponent at once (after_guess, under
      // wrong_guess_bonus_time=at_once; scenarios
      // cloak-dagger.stalemate.judged_before_guess and
      // cloak-dagger.stalemate.judged_after_guess).
      if (!has_regular_move(pos, c, ctx.o)) {
        bool guess_first = can_guess(pos, c, ctx.o) &&
                           ctx.readings.consult(point(reading::kNoMoveJudged), ctx.trace) == "after_guess";
        if (!guess_first && no_regular_move(s, ctx)) return;
      }
      if (can_guess(pos, c, ctx.o)) return;
      pos.vars[kPhase] = "move";
    } else if (phase == "move") {
      // The regular move is due: a side with none is mated or stalemated
      // here (after its guess, or after the opponent's bonus move made at
      // once took its last move away), or, under cloak-dagger.stalemate=pass,
      // is offered "0000" (phase_actions).
      if (!has_regular_move(pos, c, ctx.o)) no_regular_move(s, ctx);
      return;
    } else if (phase == "bonus") {
      if (has_bonus_move(pos, c, pool(pos, c), seen_by_mover(ctx.o))) return;
      pos.vars[kPhase] = "uncloak";
    } else if (phase == "uncloak") {
      if (can_uncloak(pos, c)) return;
      end_turn(s);
    } else {
      return;
    }
  }
}

void end_turn(State& s) {
  Position& pos = s.position;
  Color next = opposite(pos.side_to_move);
  pos.vars.erase(kHit);
  pos.side_to_move = next;
  if (next == Color::White) ++pos.fullmove_number;
  char owed = side_letter(next);
  pos.vars[kPhase] = field(pos, kPending) == std::string_view(&owed, 1) ? "prebonus" : "guess";
  // No draw by the move count: the text's only ending is "Win by capturing a
  // cloaked king or putting an uncloaked king in checkmate", and it imports
  // no draw rule. A game may go on for ever (docs/cloak-dagger.md).
}

// The setup step: both arrangements placed, every checker cloaked and numbered
// by its file.
void setup(State& s, int white, int black, Context& ctx) {
  Position& pos = s.position;
  for (Color c : {Color::White, Color::Black}) {
    std::string row = arrangement(c == Color::White ? white : black);
    int r = c == Color::White ? 0 : 7;
    for (int f = 0; f < 8; ++f) {
      KindId k = static_cast<KindId>(kIdentityLetters.find(row[f]));
      Square sq = pos.shape().square(f, r);
      PieceId id = pos.add(k, c, sq);
      pos.set_flags(id, kFlagCloaked);
      pos.set_counter(id, static_cast<std::int16_t>(f + 1));
      ctx.trace.event({EventType::Add, id, kNoSquare, sq, k, c, clause::kSetupBackRow,
                       "checker " + std::to_string(f + 1)});
    }
    pos.vars[known_key(c)] = "????????";
  }
  for (std::string_view id : {clause::kSetupPawns, clause::kCheckers, clause::kSetupNumbers, clause::kSetupSecret, clause::kSetupStandardSet,
                              clause::kSetup960, clause::kSetupKingBetweenRooks, clause::kSetupBishops})
    ctx.trace.fire(id);
  pos.vars[kPhase] = "guess";
}

// Takes the piece `id` off the board as a capture by c: tells its identity
// (cloak-dagger.capture.identity_told), credits a pawn to its owner's pool,
// and decides the game when it is a king.
void capture(State& s, PieceId id, Color c, EventType type, Context& ctx) {
  Position& pos = s.position;
  Piece victim = pos.piece(id);
  ctx.trace.event({type, id, victim.square, victim.square, victim.kind, victim.color, clause::kPawnsUsual, ""});
  pos.remove(id);
  // cloak-dagger.bonus.pawn_move_or_drop: "take back a pawn that your
  // opponent captured": only a piece that is a pawn when captured can be taken
  // back (a promoted pawn is a queen, rook, bishop or knight by then).
  if (victim.kind == kPawn) set_pool(pos, victim.color, pool(pos, victim.color) + 1);
  if (victim.counter >= 1 && victim.counter <= 8) {
    std::string& known = pos.vars[known_key(victim.color)];
    if (known.size() == 8) known[victim.counter - 1] = letter(victim.kind);
  }
  // The text is built only for a trace that records it (apply keeps none).
  if (victim.has(kFlagCloaked) && ctx.trace.recording())
    ctx.trace.event({EventType::Reveal, id, kNoSquare, kNoSquare, victim.kind, victim.color, clause::kCaptureTold,
                     (victim.counter ? "captured checker " + std::to_string(victim.counter)
                                     : std::string("captured cloaked piece")) +
                         " was a " + std::string(pos.kinds()[victim.kind].name)});
  if (victim.kind == kKing) {
    if (victim.has(kFlagCloaked)) {
      set_outcome(s, win_for(c), "cloaked king captured", clause::kWinCapture);
    } else {
      // Only under cloak-dagger.uncloaked_king_capture=wins is this a move.
      ctx.readings.consult(point(reading::kKingCapture), ctx.trace);
      set_outcome(s, win_for(c), "uncloaked king captured", clause::kWinCapture);
    }
  }
}

// The double steps that may be taken en passant once c has made the move m
// (a bonus move or the regular move), as cloak-dagger.en_passant_window
// reads the right: only by the move right after (last_move), by the
// opponent's next move (turn), or until the opponent's next regular move
// (next_turn). The point is consulted only where its alternatives differ.
void update_en_passant(Position& pos, Color c, const Move& m, bool bonus, Context& ctx) {
  const BoardShape& shape = pos.shape();
  PassedSquares before = passed_squares(pos);
  PassedSquares last_move, turn, next_turn;
  // The rank a pawn of c passes over in its double step: c's own squares.
  int own_rank = c == Color::White ? 2 : 5;
  // A square is kept only while the pawn that passed it stands just beyond
  // it and it is empty: a pawn moved on or captured can no longer be taken
  // en passant under any reading.
  auto capturable = [&](Square sq) {
    int r = shape.rank_of(sq);
    if ((r != 2 && r != 5) || !pos.empty(sq)) return false;
    PieceId passer = pos.occupant(shape.square(shape.file_of(sq), r == 2 ? 3 : 4));
    return passer != kNoPiece && pos.piece(passer).kind == kPawn &&
           pos.piece(passer).color == (r == 2 ? Color::White : Color::Black);
  };
  for (Square sq : before) {
    if (!capturable(sq)) continue;  // taken, moved on, or gone
    bool own = shape.rank_of(sq) == own_rank;
    if (own) turn.push_back(sq), next_turn.push_back(sq);
    else if (bonus) next_turn.push_back(sq);
  }
  if (m.is(kMoveDoubleStep)) {
    Square passed = shape.square(shape.file_of(m.from), (shape.rank_of(m.from) + shape.rank_of(m.to)) / 2);
    for (PassedSquares* list : {&last_move, &turn, &next_turn})
      if (!list->contains(passed) && list->size() < 15) list->push_back(passed);
  }
  const PassedSquares* after = &last_move;
  if (!(last_move == turn && turn == next_turn)) {
    std::string_view alt = ctx.readings.consult(point(reading::kEnPassantWindow), ctx.trace);
    if (alt == "turn") after = &turn;
    else if (alt == "next_turn") after = &next_turn;
  }
  set_passed_squares(pos, *after);
}

// A move of c's pieces (regular or bonus) or a drop; `bonus`: a bonus move
// (owed by a wrong guess, or earned by a correct one), not the regular move.
void play(State& s, Color c, const Move& m, Context& ctx, bool bonus = false) {
  Position& pos = s.position;
  const BoardShape& shape = pos.shape();
  if (m.code == kCodeDrop) {
    // cloak-dagger.bonus.pawn_move_or_drop
    set_pool(pos, c, pool(pos, c) - 1);
    PieceId id = pos.add(kPawn, c, m.to);
    // A pawn taken back has been in play: marked, for
    // cloak-dagger.dropped_pawn_double_step (whether it may step two squares).
    pos.set_flags(id, kFlagMoved);
    ctx.trace.event({EventType::Add, id, kNoSquare, m.to, kPawn, c, clause::kBonusDrop, "pawn dropped"});
    ctx.trace.fire(clause::kBonusKinds);
    update_en_passant(pos, c, m, bonus, ctx);
    pos.halfmove_clock = 0;
    return;
  }
  if (m.is(kMoveCastle)) {
    PieceId king = pos.occupant(m.from), rook = pos.occupant(m.to);
    // Castling shows which checkers are the king and the rook.
    rule_out(pos, c, pos.piece(king).counter, "QRBN");
    rule_out(pos, c, pos.piece(rook).counter, "KQBN");
    int r = shape.rank_of(m.from);
    int kf = castle_king_file(shape.file_of(m.from), shape.file_of(m.to));
    int rf = castle_rook_file(shape.file_of(m.from), shape.file_of(m.to));
    // Off the board first: the king may land where the rook stood, and back.
    Square king_to = shape.square(kf, r), rook_to = shape.square(rf, r);
    pos.move(king, king_to);
    pos.move(rook, rook_to);
    pos.set_flags(king, pos.piece(king).flags | kFlagMoved);
    pos.set_flags(rook, pos.piece(rook).flags | kFlagMoved);
    ctx.trace.event({EventType::Castle, king, m.from, king_to, kKing, c, clause::kCastle960, ""});
    ctx.trace.fire(clause::kCastleEmpty);
    ctx.trace.fire(pos.piece(king).has(kFlagCloaked) ? clause::kCloakedKingCheck : clause::kCastleAttack);
    update_en_passant(pos, c, m, bonus, ctx);
    ++pos.halfmove_clock;
    return;
  }
  PieceId mover = pos.occupant(m.from);
  // The opponent sees the checker's move: identities that cannot make it are ruled out.
  if (pos.piece(mover).has(kFlagCloaked))
    rule_out(pos, c, pos.piece(mover).counter,
             cannot_move(shape.file_of(m.to) - shape.file_of(m.from), shape.rank_of(m.to) - shape.rank_of(m.from)));
  bool pawn = pos.piece(mover).kind == kPawn;
  bool captured = false;
  if (m.is(kMoveEnPassant)) {
    Square victim_sq = shape.square(shape.file_of(m.to), shape.rank_of(m.from));
    capture(s, pos.occupant(victim_sq), c, EventType::EnPassant, ctx);
    captured = true;
  } else if (PieceId victim = pos.occupant(m.to); victim != kNoPiece) {
    capture(s, victim, c, EventType::Capture, ctx);
    captured = true;
  }
  pos.move(mover, m.to);
  ctx.trace.event({EventType::Move, mover, m.from, m.to, pos.piece(mover).kind, c,
                   pawn ? clause::kPawnsUsual : clause::kCheckers, ""});
  if (!pawn) pos.set_flags(mover, pos.piece(mover).flags | kFlagMoved);
  if (m.promotion != kNoKind) {
    pos.set_kind(mover, m.promotion);
    // cloak-dagger.promotion: shown, or a cloaked piece without a number.
    std::string_view alt = ctx.readings.consult(point(reading::kPromotion), ctx.trace);
    if (alt == "cloaked") pos.set_flags(mover, pos.piece(mover).flags | kFlagCloaked);
    ctx.trace.event({EventType::Promote, mover, m.from, m.to, m.promotion, c, clause::kPawnsUsual, std::string(alt)});
  }
  update_en_passant(pos, c, m, bonus, ctx);
  if (pawn || captured) pos.halfmove_clock = 0;
  else ++pos.halfmove_clock;
  // cloak-dagger.king.cloaked_ignores_check: a cloaked king may stand attacked.
  Square k = own_king(pos, c);
  if (!s.outcome.over() && k != kNoSquare && pos.piece(pos.occupant(k)).has(kFlagCloaked) &&
      attacked(board_of(pos), k, opposite(c), false))
    ctx.trace.fire(clause::kCloakedKingCheck);
}

// A bonus move: a pawn move (cloak-dagger.bonus.regular_pawn_move) or a drop
// (cloak-dagger.bonus.drop_on_empty_second_rank, fired by play).
void play_bonus(State& s, Color c, const Move& m, Context& ctx) {
  if (m.code != kCodeDrop) ctx.trace.fire(clause::kBonusKinds), ctx.trace.fire(clause::kBonusPawnMove);
  play(s, c, m, ctx, true);
}

void guess(State& s, Color c, const Move& m, Context& ctx) {
  Position& pos = s.position;
  int number = (m.code >> 4) & 15, kind = m.code & 15;
  Color opp = opposite(c);
  PieceId target = kNoPiece;
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == opp && p.counter == number && p.has(kFlagCloaked)) target = p.id;
  ctx.trace.fire(clause::kGuess);
  if (target != kNoPiece && pos.piece(target).kind == kind) {
    // cloak-dagger.guess.correct_gives_bonus: the guesser learns it is right.
    pos.vars[kHit] = "1";
    std::string& known = pos.vars[known_key(opp)];
    if (known.size() == 8) known[number - 1] = letter(static_cast<KindId>(kind));
    if (ctx.trace.recording())
      ctx.trace.event({EventType::Reveal, target, pos.piece(target).square, pos.piece(target).square,
                       static_cast<KindId>(kind), opp, clause::kGuessHit,
                       "guess: checker " + std::to_string(number) + " is a " + std::string(1, letter(static_cast<KindId>(kind)))});
  } else {
    // cloak-dagger.guess.wrong_gives_opponent_bonus
    char named = letter(static_cast<KindId>(kind));
    rule_out(pos, opp, number, std::string_view(&named, 1));
    ctx.trace.fire(clause::kGuessMiss);
    // cloak-dagger.wrong_guess_bonus_time: owed until the opponent's next turn
    // starts (phase prebonus then), or made at once (phase interbonus, the
    // opponent to move for that one step, then the guesser's regular move).
    if (ctx.readings.consult(point(reading::kWrongGuessBonusTime), ctx.trace) == "at_once") {
      pos.side_to_move = opp;
      pos.vars[kPhase] = "interbonus";
      return;
    }
    pos.vars[kPending] = side_letter(opp);
  }
  pos.vars[kPhase] = "move";
}

void uncloak(State& s, Color c, const Move& m, Context& ctx) {
  Position& pos = s.position;
  PieceId id = pos.occupant(m.from);
  const Piece& p = pos.piece(id);
  pos.set_flags(id, p.flags & ~kFlagCloaked);
  if (p.counter >= 1 && p.counter <= 8) {
    std::string& known = pos.vars[known_key(c)];
    if (known.size() == 8) known[p.counter - 1] = letter(p.kind);
  }
  if (ctx.trace.recording())
    ctx.trace.event({EventType::Reveal, id, m.from, m.from, p.kind, c, clause::kUncloak,
                     "uncloaked: " + std::string(pos.kinds()[p.kind].name)});
}

// What becomes of an attempted move (cloak-dagger.refused_move).
enum class Attempt { Made, Retry, Pass, Loss };

// Whether the move m of c (a regular or a bonus move) is refused: under
// cloak-dagger.check_knowledge=umpire every attack counts by the attacker's
// true identity, so a move that leaves c's uncloaked king attacked by a piece
// c cannot see is not made; the opponent, who knows its pieces, says so.
// cloak-dagger.refused_move says what the attempt costs: c moves again (the
// move is recorded in `refused`), the move is lost, or the game. Under
// observed such a move is made.
Attempt refuse(State& s, Color c, const Move& m, Context& ctx) {
  Position& pos = s.position;
  if (m.is(kMovePass) || (!ctx.o.umpire && !ctx.trace.recording())) return Attempt::Made;
  Square k = own_king(pos, c);
  if (k == kNoSquare || pos.piece(pos.occupant(k)).has(kFlagCloaked)) return Attempt::Made;
  Options truth = ctx.o;
  truth.umpire = true;
  if (!m.is(kMoveCastle)) {
    if (keeps_king_safe(pos, c, m, truth)) return Attempt::Made;
  } else {
    // Castling: the king's whole path is judged (cloak-dagger.castle.uncloaked_not_attacked).
    thread_local std::vector<Move> listed;
    listed.clear();
    regular_moves(pos, c, truth, listed, m.from);
    if (std::any_of(listed.begin(), listed.end(), [&](const Move& x) { return x.same_action(m); }))
      return Attempt::Made;
  }
  if (ctx.readings.consult(point(reading::kCheckKnowledge), ctx.trace) != "umpire") return Attempt::Made;
  std::string_view cost = ctx.readings.consult(point(reading::kRefusedMove), ctx.trace);
  std::string text = action_text(pos, m);
  std::string_view clause = m.is(kMoveCastle) ? clause::kCastleAttack : clause::kCloakedKingCheck;
  std::string why = "refused: " + text + " leaves the uncloaked king attacked by a piece still cloaked";
  if (cost == "pass") {
    ctx.trace.event({EventType::Reject, kNoPiece, m.from, m.to, kNoKind, c, clause, why + "; the move is lost"});
    return Attempt::Pass;
  }
  if (cost == "loss") {
    ctx.trace.event({EventType::Reject, kNoPiece, m.from, m.to, kNoKind, c, clause, why + "; the game is lost"});
    set_outcome(s, win_for(opposite(c)), "move into an unseen attack", clause);
    return Attempt::Loss;
  }
  std::string& refused = pos.vars[kRefused];
  if (!refused.empty()) refused += ',';
  refused += text;
  ctx.trace.event({EventType::Reject, kNoPiece, m.from, m.to, kNoKind, c, clause, why});
  return Attempt::Retry;
}

// One step, the actions taken as legal (one for each role that acts).
void advance(State& s, std::span<const Action> joint, Context& ctx) {
  Position& pos = s.position;
  // The phase as it was: a copy, for the step changes the fields it is read from.
  std::string phase(field(pos, kPhase));
  if (phase == "setup") {
    int white = 518, black = 518;
    for (const Action& a : joint) (a.role == Role::White ? white : black) = a.move.code & 0x0fff;
    setup(s, white, black, ctx);
    settle(s, ctx);
    return;
  }
  Color c = pos.side_to_move;
  if (joint.empty()) throw std::out_of_range("cloak and dagger chess: no action for the side to move");
  Move m = joint[0].move;
  if (phase == "prebonus" || phase == "interbonus" || phase == "move" || phase == "bonus") {
    Attempt attempt = refuse(s, c, m, ctx);
    if (attempt == Attempt::Retry || attempt == Attempt::Loss) return;
    // cloak-dagger.refused_move=pass: the attempt counts as the move, and nothing moves.
    if (attempt == Attempt::Pass) m = Move::pass();
  }
  pos.vars.erase(kRefused);
  if (phase == "prebonus") {
    if (!m.is(kMovePass)) play_bonus(s, c, m, ctx), ctx.trace.fire(clause::kGuessMiss);
    pos.vars.erase(kPending);
    pos.vars[kPhase] = "guess";
  } else if (phase == "interbonus") {
    // The bonus move made at once (cloak-dagger.wrong_guess_bonus_time=at_once):
    // then the guesser's regular move.
    if (!m.is(kMovePass)) play_bonus(s, c, m, ctx), ctx.trace.fire(clause::kGuessMiss);
    pos.side_to_move = opposite(c);
    pos.vars[kPhase] = "move";
  } else if (phase == "guess") {
    if (m.is(kMovePass)) pos.vars[kPhase] = "move";
    else guess(s, c, m, ctx);
  } else if (phase == "move") {
    if (!m.is(kMovePass)) play(s, c, m, ctx);
    pos.vars[kPhase] = field(pos, kHit) == "1" ? "bonus" : "uncloak";
  } else if (phase == "bonus") {
    if (!m.is(kMovePass)) play_bonus(s, c, m, ctx), ctx.trace.fire(clause::kGuessHit);
    pos.vars[kPhase] = "uncloak";
  } else if (phase == "uncloak") {
    if (m.is(kMovePass)) end_turn(s);
    else uncloak(s, c, m, ctx);
  }
  if (!s.outcome.over()) settle(s, ctx);
}

// The outcome a state text implies (a king gone, no regular move).
Outcome derive_outcome(const State& s) {
  const Position& pos = s.position;
  std::string_view phase = field(pos, kPhase);
  if (phase == "setup") return {};
  for (Color c : {Color::White, Color::Black})
    if (own_king(pos, c) == kNoSquare) return {win_for(opposite(c)), "cloaked king captured", clause::kWinCapture};
  State copy = s;
  Trace quiet = Trace::off();
  Readings defaults;
  Context ctx{defaults, options_of(defaults), quiet};
  if ((phase == "move" || phase == "guess") && !has_regular_move(pos, pos.side_to_move, ctx.o))
    (void)no_regular_move(copy, ctx);
  return copy.outcome;
}

}  // namespace

State CloakDagger::initial_state() const {
  // cloak-dagger.setup.pawns_regular: the pawns stand; the checkers come with
  // the setup step.
  Position pos(BoardShape{8, 8}, kinds());
  for (int f = 0; f < 8; ++f) {
    pos.add(kPawn, Color::White, pos.shape().square(f, 1));
    pos.add(kPawn, Color::Black, pos.shape().square(f, 6));
  }
  pos.vars[kPhase] = "setup";
  pos.vars["wpool"] = "0";
  pos.vars["bpool"] = "0";
  return State{pos, {}, {}};
}

Roles CloakDagger::roles_to_act(const State& s) const {
  if (s.outcome.over()) return {};
  if (field(s.position, kPhase) == "setup") return {Role::White, Role::Black};
  return {role_of(s.position.side_to_move)};
}

std::vector<Move> CloakDagger::actions(const State& s, Role role) const { return actions(s, role, Readings{}); }

std::vector<Move> CloakDagger::actions(const State& s, Role role, const Readings& readings) const {
  return listed_actions(s, role, readings);
}

void CloakDagger::actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const {
  out.clear();
  if (s.outcome.over() || (role != Role::White && role != Role::Black)) return;
  phase_actions(s, color_of(role), options_of(readings), out);
}

StepResult CloakDagger::step(const State& s, const JointAction& joint, const Readings& readings) const {
  if (s.outcome.over()) throw std::invalid_argument("the game is already over");
  Roles roles = roles_to_act(s);
  if (joint.size() != roles.size()) throw std::invalid_argument("cloak and dagger chess: wrong number of actions");
  StepResult r{s, {}};
  // The actions as taken: one for each role that acts (two at the setup).
  FixedVector<Action, 2> taken;
  // The listings that check an action: one piece's moves, or the actions
  // that start on no square. Kept from step to step, so that a step
  // allocates nothing for them once it has grown.
  thread_local std::vector<Move> listed;
  const Options in_force = options_of(readings);
  for (const Action& a : joint) {
    if (std::find(roles.begin(), roles.end(), a.role) == roles.end())
      throw std::invalid_argument("cloak and dagger chess: " + std::string(role_name(a.role)) + " does not act now");
    Color c = color_of(a.role);
    // The action asked, with its flags as the position gives them.
    std::optional<Move> legal = offered(s, c, in_force, a.move, listed);
    Move m = legal ? *legal : a.move;
    if (!legal) {
      // Legal under the defaults but not under the readings in force: the
      // role passes, and the trace says why (for comparing alternatives).
      bool legal_elsewhere = offered(s, c, options_of(Readings{}), m, listed).has_value();
      for (const ReadingPoint& p : cloak_dagger::readings())
        for (const Alternative& alt : p.alternatives) {
          if (legal_elsewhere) break;
          Readings other = readings;
          other.choose(p.id, alt.id);
          legal_elsewhere = offered(s, c, options_of(other), m, listed).has_value();
        }
      if (!legal_elsewhere)
        throw std::invalid_argument("illegal action for " + std::string(role_name(a.role)));
      r.trace.event({EventType::Reject, kNoPiece, m.from, m.to, kNoKind, c, clause::kPawnsUsual,
                     "not legal under the readings in force: the side passes"});
      m = Move::pass();
    }
    // The reading points that decide whether this action may be taken. The
    // actions depend on the readings only through their options, so an
    // alternative with the options in force lists the same actions.
    for (std::string_view pid :
         {reading::kCheckKnowledge, reading::kKingCapture, reading::kGuessRepeat, reading::kDroppedDoubleStep,
          reading::kStalemate}) {
      const ReadingPoint& p = point(pid);
      for (const Alternative& alt : p.alternatives) {
        Options o = with_alternative(in_force, pid, alt.id);
        if (o == in_force) continue;
        if (offered(s, c, o, a.move, listed).has_value() != legal.has_value()) {
          r.trace.consulted(pid, readings.in_force(p));
          break;
        }
      }
    }
    taken.push_back({a.role, m});
  }
  Context ctx{readings, in_force, r.trace};
  advance(r.state, taken, ctx);
  if (r.state.outcome.over())
    r.trace.event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, r.state.outcome.clause,
                   std::string(r.state.outcome.reason)});
  return r;
}

State CloakDagger::apply(const State& s, const JointAction& joint, const Readings& readings) const {
  State next = s;
  Trace quiet = Trace::off();
  Context ctx{readings, options_of(readings), quiet};
  // The actions come from actions(): their flags are the position's.
  advance(next, joint, ctx);
  return next;
}

Expected<State> CloakDagger::parse_state(std::string_view fen) const {
  auto pos = parse_fen(fen, kinds());
  if (!pos) return Error{pos.error()};
  const Position& p = *pos;
  if (p.shape() != BoardShape{8, 8}) return Error{"not a cloak-dagger position: the board is 8x8"};
  static const std::vector<std::string_view> keys = {"bknown", "bpool",   "bruled", "hit",   "passed", "pending",
                                                     "phase",  "refused", "wknown", "wpool", "wruled"};
  for (const auto& [k, v] : p.vars)
    if (std::find(keys.begin(), keys.end(), k) == keys.end()) return Error{"unknown cloak-dagger field '" + echo(k) + "'"};
  std::string phase(field(p, kPhase));
  static const std::vector<std::string_view> phases = {"setup", "prebonus", "interbonus", "guess",
                                                       "move",  "bonus",    "uncloak"};
  if (std::find(phases.begin(), phases.end(), phase) == phases.end()) return Error{"bad phase '" + echo(phase) + "'"};
  for (Color c : {Color::White, Color::Black}) {
    std::string pl(field(p, pool_key(c)));
    if (pl.size() != 1 || pl[0] < '0' || pl[0] > '8')
      return Error{"bad " + std::string(pool_key(c)) + " '" + echo(pl) + "' (0 to 8)"};
    std::string kn(field(p, known_key(c)));
    if (phase == "setup" ? !kn.empty() : kn.size() != 8 || kn.find_first_not_of("?KQRBN") != std::string::npos)
      return Error{"bad " + std::string(known_key(c)) + " '" + echo(kn) + "' (8 of ?KQRBN after the setup)"};
  }
  for (Color c : {Color::White, Color::Black}) {
    std::string r(field(p, ruled_key(c)));
    if (!p.vars.count(ruled_key(c))) continue;
    if (std::count(r.begin(), r.end(), '.') != 7 || r.find_first_not_of(".KQRBN") != std::string::npos)
      return Error{"bad " + std::string(ruled_key(c)) + " '" + echo(r) + "' (8 groups of KQRBN joined by '.')"};
  }
  std::string pending(field(p, kPending)), hit(field(p, kHit));
  if (p.vars.count(kPending) && pending != "w" && pending != "b") return Error{"bad pending '" + echo(pending) + "' (w or b)"};
  if (p.vars.count(kHit) && hit != "1") return Error{"bad hit '" + echo(hit) + "' (1)"};
  if (p.vars.count(kRefused)) {
    std::string_view refused = field(p, kRefused);
    State probe{p, {}, {}};
    for (std::size_t at = 0; at <= refused.size();) {
      std::size_t comma = std::min(refused.find(',', at), refused.size());
      std::string_view text = refused.substr(at, comma - at);
      if (text.empty() || text == "0000" || !read_move(probe, Role::White, text).ok())
        return Error{"bad refused '" + echo(refused) + "' (moves joined by ',')"};
      at = comma + 1;
    }
  }
  if (p.vars.count(kPassedField)) {
    // Older en passant squares: on the third or sixth rank, each once, and
    // the newest in the en passant field.
    std::string_view list = field(p, kPassedField);
    std::vector<Square> seen;
    bool ok = p.en_passant != kNoSquare;
    for (std::size_t at = 0; ok && at <= list.size();) {
      std::size_t comma = std::min(list.find(',', at), list.size());
      std::string_view text = list.substr(at, comma - at);
      std::size_t used = 0;
      auto sq = parse_square(p.shape(), text, &used);
      ok = sq && used == text.size() && (p.shape().rank_of(*sq) == 2 || p.shape().rank_of(*sq) == 5) &&
           *sq != p.en_passant && std::find(seen.begin(), seen.end(), *sq) == seen.end() && seen.size() < 14;
      if (ok) seen.push_back(*sq);
      at = comma + 1;
    }
    if (!ok)
      return Error{"bad passed '" + echo(list) +
                   "' (third- or sixth-rank squares joined by ',', beside an en passant square)"};
  }
  if (p.castling != 0) return Error{"not a cloak-dagger position: castling rights are kept by the moved flags, write '-'"};
  State s{p, {}, {}};
  // The invariants first (a missing king is allowed once it has been
  // captured), then the result the position implies.
  if (phase != "setup" && (own_king(p, Color::White) == kNoSquare || own_king(p, Color::Black) == kNoSquare))
    s.outcome = {Result::Draw, "", clause::kWinCapture};
  for (const InvariantViolation& v : check_invariants(s))
    return Error{"not a cloak-dagger position: " + v.detail + " (" + v.label + ")"};
  s.outcome = derive_outcome(s);
  return s;
}

std::vector<InvariantViolation> CloakDagger::check_invariants(const State& s) const {
  std::vector<InvariantViolation> out = check_core_invariants(s.position);
  const Position& pos = s.position;
  auto fail = [&](std::string label, std::string detail) { out.push_back({"cloak-dagger." + label, detail}); };
  std::string_view phase = field(pos, kPhase);
  int kings[2] = {0, 0}, pawns[2] = {0, 0};
  bool numbers[2][9] = {};
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    int ci = static_cast<int>(p.color);
    if (pos.count(p.square) != 1) fail("one_piece_a_square", "a square holds more than one piece");
    if (p.kind == kMasked) fail("true_kinds", "a masked checker in a state");
    if (p.kind == kKing) ++kings[ci];
    if (p.kind == kPawn) {
      ++pawns[ci];
      int r = pos.shape().rank_of(p.square);
      if (r == 0 || r == 7) fail("pawn_rank", "a pawn on the first or last rank");
      if (p.has(kFlagCloaked) || p.counter != 0) fail("pawns_uncloaked", "a pawn cloaked or numbered");
    }
    if (p.counter < 0 || p.counter > 8) fail("checker_numbers", "a number outside 1..8");
    if (p.counter >= 1 && p.counter <= 8) {
      if (numbers[ci][p.counter]) fail("checker_numbers", "checker number used twice");
      numbers[ci][p.counter] = true;
      std::string_view known = field(pos, known_key(p.color));
      if (known.size() == 8 && known[p.counter - 1] != '?' && known[p.counter - 1] != letter(p.kind))
        fail("known_identities", "a told identity differs from the piece");
      std::string_view ruled = ruled_out(pos, p.color, p.counter);
      if (p.kind < 5 && ruled.find(letter(p.kind)) != std::string_view::npos)
        fail("ruled_out_identities", "a checker's identity is among those ruled out");
      if (!p.has(kFlagCloaked) && known.size() == 8 && known[p.counter - 1] != letter(p.kind))
        fail("known_identities", "an uncloaked checker's identity is not recorded as known");
    }
  }
  if (phase == "setup") {
    if (pawns[0] + pawns[1] != static_cast<int>(std::count_if(pos.pieces().begin(), pos.pieces().end(),
                                                             [](const Piece& p) { return p.on_board(); })))
      fail("setup_empty_back_rows", "pieces other than pawns before the setup");
    return out;
  }
  if (kings[0] == 0 && kings[1] == 0) fail("one_king_each", "no king on the board");
  for (int ci = 0; ci < 2; ++ci) {
    bool over_by_capture = s.outcome.clause == clause::kWinCapture;
    if (kings[ci] > 1 || (kings[ci] == 0 && !over_by_capture)) fail("one_king_each", "not one king of each colour");
    Color c = static_cast<Color>(ci);
    if (pool(pos, c) + pawns[ci] > 8) fail("pawn_pool", "more than eight pawns counting the pool");
    std::string_view known = field(pos, known_key(c));
    for (int n = 1; n <= 8; ++n)
      if (!numbers[ci][n] && known.size() == 8 && known[n - 1] == '?')
        fail("captured_told", "a checker off the board whose identity was not told");
  }
  std::string_view pending = field(pos, kPending);
  char to_move = side_letter(pos.side_to_move);
  if (!pending.empty() && pending[0] == to_move && phase != "prebonus")
    fail("pending_bonus", "a bonus owed to the side to move outside its prebonus phase");
  if (phase == "prebonus" && pending != std::string_view(&to_move, 1))
    fail("pending_bonus", "a prebonus phase without a bonus owed");
  if (phase == "bonus" && field(pos, kHit) != "1") fail("bonus_after_hit", "a bonus phase without a correct guess");
  if (pos.vars.count(kRefused) && phase != "prebonus" && phase != "interbonus" && phase != "move" && phase != "bonus")
    fail("refused_moves", "moves refused outside a phase that moves a piece");
  if (phase == "interbonus" && pos.vars.count(kHit))
    fail("interbonus_after_miss", "a bonus made at once after a correct guess");
  return out;
}

std::optional<State> CloakDagger::mirror(const State& s) const {
  // The rules are the same for both colours: flip the board, swap the
  // colours, and swap each side's fields.
  State m{mirror_position(s.position, true), {}, s.outcome};
  Position& pos = m.position;
  pos.vars = s.position.vars;
  for (const auto& [from, to] : {std::pair{"wknown", "bknown"}, std::pair{"wpool", "bpool"}, std::pair{"wruled", "bruled"}}) {
    auto a = s.position.vars.find(from), b = s.position.vars.find(to);
    pos.vars.erase(from);
    pos.vars.erase(to);
    if (b != s.position.vars.end()) pos.vars[from] = b->second;
    if (a != s.position.vars.end()) pos.vars[to] = a->second;
  }
  if (pos.vars.count(kPending)) pos.vars[kPending] = mirror_colour_letters(pos.vars.at(kPending));
  if (pos.vars.count(kPassedField)) pos.vars[kPassedField] = mirror_square_list(pos.shape(), pos.vars.at(kPassedField));
  if (pos.vars.count(kRefused)) {
    // Each refused move, on the mirrored board.
    std::string_view refused = field(s.position, kRefused);
    std::string out;
    for (std::size_t at = 0; at <= refused.size();) {
      std::size_t comma = std::min(refused.find(',', at), refused.size());
      auto m = read_move(s, Role::White, refused.substr(at, comma - at));
      if (!m.ok()) return std::nullopt;
      if (!out.empty()) out += ',';
      out += action_text(pos, mirror_move(pos.shape(), *m));
      at = comma + 1;
    }
    pos.vars[kRefused] = out;
  }
  m.outcome.result = mirror_result(s.outcome.result);
  return m;
}

std::string CloakDagger::move_text(const State& s, const Move& m) const {
  const BoardShape& shape = s.position.shape();
  if (m.is(kMovePass)) return "0000";
  switch (m.code & 0xf000) {
    case kCodeSetup:
      return arrangement(m.code & 0x0fff);
    case kCodeGuess:
      return "guess-" + std::to_string((m.code >> 4) & 15) + std::string(1, letter(static_cast<KindId>(m.code & 15)));
    case kCodeUncloak:
      return "uncloak-" + square_name(shape, m.from);
    case kCodeDrop:
      return "P@" + square_name(shape, m.to);
    default:
      return move_to_string(shape, kinds(), m);
  }
}

Expected<Move> CloakDagger::read_move(const State& s, Role role, std::string_view text) const {
  (void)role;
  const BoardShape& shape = s.position.shape();
  if (text == "0000") return Move::pass();
  if (text.size() == 8 && text.find_first_not_of("KQRBN") == std::string_view::npos) {
    auto n = arrangement_index(text);
    if (!n) return Error{"'" + echo(text) + "' is not an arrangement the Chess960 restrictions allow"};
    Move m;
    m.code = static_cast<std::uint16_t>(kCodeSetup | *n);
    return m;
  }
  if (text.starts_with("guess-")) {
    std::string_view rest = text.substr(6);
    if (rest.size() != 2 || rest[0] < '1' || rest[0] > '8' || kIdentityLetters.find(rest[1]) == std::string_view::npos)
      return Error{"a guess is guess-NK: checker 1..8 and one of KQRBN, not '" + echo(text) + "'"};
    Move m;
    m.code = static_cast<std::uint16_t>(kCodeGuess | ((rest[0] - '0') << 4) | kIdentityLetters.find(rest[1]));
    return m;
  }
  if (text.starts_with("uncloak-") || text.starts_with("P@")) {
    bool drop = text.starts_with("P@");
    std::string_view sq_text = text.substr(drop ? 2 : 8);
    std::size_t used = 0;
    auto sq = parse_square(shape, sq_text, &used);
    if (!sq || used != sq_text.size()) return Error{"cannot read the square in '" + echo(text) + "'"};
    Move m;
    if (drop) m.to = *sq, m.code = kCodeDrop;
    else m.from = m.to = *sq, m.code = kCodeUncloak;
    return m;
  }
  return parse_move(shape, kinds(), text);
}

std::string CloakDagger::observation(const State& s, Role role) const {
  // The opponent's cloaked pieces show as numbered checkers (C{cloaked,c=N}).
  Position seen = s.position;
  Color me = color_of(role);
  for (const Piece& p : s.position.pieces())
    if (p.on_board() && p.color != me && p.has(kFlagCloaked)) seen.set_kind(p.id, kMasked);
  return to_fen(seen);
}

std::optional<State> CloakDagger::resample_hidden(const State& s, Role role, std::uint64_t seed) const {
  const Position& pos = s.position;
  if (field(pos, kPhase) == "setup" || (role != Role::White && role != Role::Black)) return std::nullopt;
  Color opp = opposite(color_of(role));
  // What the role knows of the opponent's eight checkers: told on capture, by
  // a correct guess, or shown by uncloaking.
  std::string fixed(field(pos, known_key(opp)));
  // Eight letters once the setup is over; anything else (a state built in
  // code) is read as nothing known, as the guesses read it.
  if (fixed.size() != 8) fixed.assign(8, '?');
  // What it has ruled out: wrong guesses, moves an identity cannot make.
  auto ruled = [&](int number) { return ruled_out(pos, opp, number); };
  std::vector<PieceId> numbered(9, kNoPiece), unnumbered;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != opp || !p.has(kFlagCloaked)) continue;
    if (p.counter >= 1 && p.counter <= 8) numbered[p.counter] = p.id;
    else unnumbered.push_back(p.id);
  }
  bool hidden = !unnumbered.empty();
  for (int n = 1; n <= 8; ++n) hidden = hidden || (numbered[n] != kNoPiece && fixed[n - 1] == '?');
  if (!hidden) return std::nullopt;
  std::vector<int> fits;
  for (int i = 0; i < 960; ++i) {
    std::string row = arrangement(i);
    bool ok = true;
    for (int n = 1; n <= 8 && ok; ++n) {
      if (fixed[n - 1] != '?' && row[n - 1] != fixed[n - 1]) ok = false;
      if (numbered[n] != kNoPiece && ruled(n).find(row[n - 1]) != std::string_view::npos) ok = false;
    }
    if (ok) fits.push_back(i);
  }
  if (fits.empty()) return std::nullopt;
  SeededStream stream(seed);
  std::string row = arrangement(fits[stream.below(fits.size())]);
  State out = s;
  for (int n = 1; n <= 8; ++n)
    if (numbered[n] != kNoPiece && fixed[n - 1] == '?')
      out.position.set_kind(numbered[n], static_cast<KindId>(kIdentityLetters.find(row[n - 1])));
  for (PieceId id : unnumbered)
    out.position.set_kind(id, static_cast<KindId>(kQueen + stream.below(4)));
  return out;
}

const Variant& variant() {
  static const CloakDagger v;
  return v;
}

}  // namespace arbiter::cloak_dagger
