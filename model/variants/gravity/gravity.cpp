// Gravity Chess: the deal, the turn's phases as steps, the end and the score.
#include "model/variants/gravity/gravity.h"

#include <algorithm>
#include <cctype>
#include <tuple>
#include <stdexcept>

#include "model/core/chance.h"
#include "model/core/fen.h"
#include "model/core/fixed_vector.h"
#include "model/core/echo.h"

namespace arbiter::gravity {

namespace {

constexpr std::uint16_t kAddCode = 1;  // Move::code of an addition ("r@c8")
constexpr std::string_view kKeys[] = {"aside", "bdeck", "btook", "card", "phase", "result", "score", "todo", "wdeck", "wtook"};
constexpr std::string_view kPhases[] = {"deal", "move", "add", "end"};

Role role_of(Color c) { return c == Color::White ? Role::White : Role::Black; }

// A field's value ("-" reads as empty), read in place: valid until the
// position's fields change.
std::string_view field(const Position& pos, std::string_view key) {
  auto it = pos.vars.find(key);
  if (it == pos.vars.end() || it->second == "-") return {};
  return it->second;
}
void set_field(Position& pos, std::string_view key, std::string_view value) {
  pos.vars[key] = value.empty() ? "-" : value;
}
std::string_view phase_of(const Position& pos) {
  auto it = pos.vars.find("phase");
  return it == pos.vars.end() ? std::string_view() : std::string_view(it->second);
}
std::string_view deck_key(Color holder) { return holder == Color::White ? "wdeck" : "bdeck"; }
std::string_view took_key(Color capturer) { return capturer == Color::White ? "wtook" : "btook"; }

char letter_of(KindId k, Color c) {
  char l = gravity::kinds()[k].code[0];
  return c == Color::White ? l : static_cast<char>(l - 'A' + 'a');
}
std::optional<std::pair<KindId, Color>> card_piece(char card) {
  auto k = gravity::kinds().find(std::string_view(&card, 1));
  if (!k) return std::nullopt;
  return std::pair{*k, std::isupper(static_cast<unsigned char>(card)) ? Color::White : Color::Black};
}

// The squares a field lists (todo): a side's pieces still to move, at most
// twelve in a game, held in place (a longer list, from a state written by
// hand, moves to the heap).
using Squares = SmallVector<Square, 16>;

// "e8,f8" -> squares; an unreadable one as kNoSquare.
Squares parse_squares(const Position& pos, std::string_view text) {
  Squares out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string_view::npos) end = text.size();
    std::size_t used = 0;
    auto sq = parse_square(pos.shape(), text.substr(start, end - start), &used);
    out.push_back(sq && used == end - start ? *sq : kNoSquare);
    start = end + 1;
  }
  return out;
}
// Squares -> "e8,f8" ("-": none), written into the field's own string: the
// list a step writes fits in the room of the one it replaces.
void set_squares(Position& pos, std::string_view key, const Squares& squares) {
  std::string& text = pos.vars[key];
  text.clear();
  for (Square s : squares) {
    if (!text.empty()) text += ',';
    text += square_name(pos.shape(), s);
  }
  if (text.empty()) text = "-";
}

// Records each reading point whose other alternative would change what
// `probe` answers: the points a decision depended on, and no others.
template <typename Probe>
void record_sensitive(const Readings& readings, Trace* trace, Probe probe) {
  if (!trace || !trace->recording()) return;
  Config base = config_in_force(readings);
  auto value = probe(base);
  auto check = [&](std::string_view point, Config other) {
    if (probe(other) != value) readings.consult(*find_reading(gravity::readings(), point), *trace);
  };
  Config c = base;
  c.king_capturable = !c.king_capturable;
  check(reading::kKingCapture, c);
  c = base;
  c.pawn_straight_only = !c.pawn_straight_only;
  check(reading::kPawnStacking, c);
  c = base;
  c.stacking_permanent = !c.stacking_permanent;
  check(reading::kStackedStays, c);
  c = base;
  c.blocked_capture_optional = !c.blocked_capture_optional;
  check(reading::kBlockedCapture, c);
}

// After a piece moved or was added: the stacked pieces marked
// (gravity.stacked_stays). The point is recorded where keeping a mark would
// keep a piece stacked that the board alone frees.
void mark_stacked_now(Position& pos, const Readings& readings, Trace* trace) {
  Config c = config_in_force(readings);
  if (trace && trace->recording()) {
    Config other = c;
    other.stacking_permanent = !other.stacking_permanent;
    if (stacked_squares(pos, c) != stacked_squares(pos, other))
      readings.consult(*find_reading(gravity::readings(), reading::kStackedStays), *trace);
  }
  mark_stacked(pos, c);
}

Squares active_pieces(const Position& pos, const Config& c) {
  SquareSet stacked = stacked_squares(pos, c);
  Squares out;
  for (Square s = 0; s < pos.shape().size(); ++s)
    if (!pos.empty(s) && pos.piece(pos.occupant(s)).color == pos.side_to_move && !stacked[s]) out.push_back(s);
  return out;
}

// The actions of the piece on `from` in the move phase, into an empty list:
// its moves, and "e8e8" when it may say it can't move (gravity.move.cant_move:
// a piece with no legal move says so).
void moves_from(const Position& pos, Square from, const Config& c, const SquareSet& stacked, PieceMoves& out) {
  piece_moves(pos, from, c, stacked, out);
  // gravity.blocked_capture: a piece whose moves all end on its own row (its
  // captures there, gravity.move.capture_same_row) has every downward move
  // blocked by another piece. Under `forced` those captures are legal moves
  // it must make (gravity.move.must_move_unless_blocked); under `optional`
  // it is "blocked by another piece" and may say so instead.
  bool may_say_blocked = out.empty();
  if (!may_say_blocked && c.blocked_capture_optional) {
    const int row = pos.shape().rank_of(from);
    may_say_blocked = std::none_of(out.begin(), out.end(), [&](const Move& m) { return pos.shape().rank_of(m.to) < row; });
  }
  if (may_say_blocked) out.push_back(Move{from, from, kNoKind, 0, 0});
}

// The additions of the flipped card's piece (gravity.turn.add_top_row): one
// per empty square of the top row, or a pass when the row is full; none
// without a card (parse_state refuses such a state).
using Additions = BasicMoveList<9>;  // the eight top-row squares, or the pass
void additions(const Position& pos, Additions& out) {
  std::string_view card = field(pos, "card");
  auto piece = card.size() == 1 ? card_piece(card[0]) : std::nullopt;
  if (!piece) return;
  for (int f = 0; f < 8; ++f) {
    Square top = pos.shape().square(f, 7);
    if (pos.empty(top)) out.push_back(Move{kNoSquare, top, piece->first, 0, kAddCode});
  }
  if (out.empty()) out.push_back(Move::pass());
}

struct Ending {
  Tally tally;
  int winner = 0;
  bool by_tie_break = false;
};
Ending ending_of(const Position& pos, const Config& c) {
  Ending e;
  e.tally = tally(pos, stacked_squares(pos, c), static_cast<int>(field(pos, "wtook").size()),
                  static_cast<int>(field(pos, "btook").size()));
  e.winner = compare(e.tally, &e.by_tie_break);
  return e;
}

Outcome outcome_of(std::string_view result, bool by_tie_break) {
  Result r = result == "white" ? Result::WhiteWins : result == "black" ? Result::BlackWins : Result::Draw;
  if (r == Result::Draw) return {r, "all rows tied", clause::kTied};
  if (by_tie_break) return {r, "tie-break on rows", clause::kTieBreak};
  return {r, "most points", clause::kMostPoints};
}

// The game ends: count the points (gravity.score.*).
void finish(State& s, const Readings& readings, Trace* trace) {
  Position& pos = s.position;
  Ending e = ending_of(pos, config_in_force(readings));
  record_sensitive(readings, trace, [&](const Config& c) {
    Ending o = ending_of(pos, c);
    return std::tuple{o.winner, o.tally.points[0], o.tally.points[1]};
  });
  set_field(pos, "phase", "end");
  set_field(pos, "todo", "");
  set_field(pos, "card", "");
  std::string result = e.winner > 0 ? "white" : e.winner < 0 ? "black" : "draw";
  set_field(pos, "result", result);
  set_field(pos, "score", std::to_string(e.tally.points[0]) + "," + std::to_string(e.tally.points[1]));
  s.outcome = outcome_of(result, e.by_tie_break);
  if (trace) {
    trace->fire(clause::kGoal);
    trace->fire(clause::kScoreCaptured);
    trace->fire(clause::kScoreStacked);
    trace->fire(clause::kMostPoints);
    trace->event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, s.outcome.clause,
                  std::string(s.outcome.reason).append(" ").append(field(pos, "score"))});
  }
}

// The move phase is over: add the card's piece, or end after White's last turn.
void end_moves(State& s, const Readings& readings, Trace* trace) {
  if (field(s.position, "card").empty()) {
    // gravity.end.white_last_turn: no piece to add after it.
    if (trace) trace->fire(clause::kFinalTurn);
    finish(s, readings, trace);
    return;
  }
  set_field(s.position, "phase", "add");
}

// A turn begins: flip a card for the opponent, list the active pieces.
void begin_turn(State& s, Color side, const Readings& readings, Trace* trace) {
  Position& pos = s.position;
  if (side == Color::White && pos.side_to_move == Color::Black) ++pos.fullmove_number;
  pos.side_to_move = side;
  if (trace) trace->fire(clause::kPhases);
  std::string deck(field(pos, deck_key(side)));
  if (!deck.empty()) {
    // gravity.turn.flip: the top card of the deck the player holds.
    set_field(pos, "card", deck.substr(0, 1));
    set_field(pos, deck_key(side), deck.substr(1));
    if (trace)
      trace->event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, card_piece(deck[0])->first, opposite(side),
                    clause::kFlip, std::string("flipped ") + deck[0] + " by " + std::string(color_name(side))});
  } else {
    // gravity.end.last_white_piece, gravity.end.white_last_turn: Black has
    // added the last white piece; White moves once more without a card.
    set_field(pos, "card", "");
    if (trace) {
      trace->fire(clause::kLastPiece);
      trace->fire(clause::kFinalTurn);
    }
  }
  Config c = config_in_force(readings);
  Squares todo = active_pieces(pos, c);
  record_sensitive(readings, trace, [&](const Config& other) { return active_pieces(pos, other); });
  set_squares(pos, "todo", todo);
  if (trace) {
    trace->fire(todo.empty() ? clause::kFirstTurn : clause::kMoveAll);
    if (!todo.empty()) trace->fire(clause::kMustMove);
  }
  if (todo.empty()) {
    end_moves(s, readings, trace);
  } else {
    set_field(pos, "phase", "move");
  }
}

// One step: the deal, one piece's move, or the addition.
State advance(const State& s, const Move& m, const Readings& readings, Trace* trace) {
  State next = s;
  Position& pos = next.position;
  std::string_view phase = phase_of(s.position);
  if (phase == "deal") {
    // gravity.setup.*: 24 cards, one per piece (four pawns a side); each
    // player holds and shuffles the opponent's cards.
    std::string white = full_deck(Color::White), black = full_deck(Color::Black);
    seeded_shuffle(std::span<char>(white), m.code);
    seeded_shuffle(std::span<char>(black), m.code ^ 0x9e3779b97f4a7c15ull);
    set_field(pos, "wdeck", white);
    set_field(pos, "bdeck", black);
    if (trace) {
      for (std::string_view c : {clause::kEquipment, clause::kFourPawns, clause::kColours, clause::kCardPerPiece,
                                 clause::kSwapDecks, clause::kSameSide})
        trace->fire(c);
      trace->event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, clause::kShuffle,
                    "dealt shuffle-" + std::to_string(m.code) + ": white holds " + white + ", black holds " + black});
    }
    pos.side_to_move = Color::White;
    begin_turn(next, Color::White, readings, trace);
    return next;
  }
  Color side = pos.side_to_move;
  if (phase == "move") {
    Squares todo;  // those still to move once the piece on m.from has
    for (Square sq : parse_squares(pos, field(pos, "todo")))
      if (sq != m.from) todo.push_back(sq);
    if (m.from == m.to) {
      // gravity.move.cant_move: "This pawn can't move."
      if (trace) trace->fire(clause::kCantMove);
    } else {
      PieceId mover = pos.occupant(m.from);
      if (!pos.empty(m.to)) {
        PieceId victim = pos.occupant(m.to);
        const Piece& v = pos.piece(victim);
        std::string took(field(pos, took_key(side)));
        took += letter_of(v.kind, v.color);
        if (trace)
          trace->event({EventType::Capture, victim, m.to, m.to, v.kind, v.color,
                        pos.shape().rank_of(m.to) == pos.shape().rank_of(m.from) ? clause::kCaptureSameRow
                                                                                 : clause::kDownward,
                        "captured"});
        pos.remove(victim);
        set_field(pos, took_key(side), took);
      }
      pos.move(mover, m.to);
      const Piece& p = pos.piece(mover);
      if (p.kind == kPawn) pos.set_flags(mover, p.flags | kFlagMoved);
      if (trace) {
        trace->event({EventType::Move, mover, m.from, m.to, p.kind, side,
                      p.kind == kPawn ? clause::kPawnMoves : clause::kDownward, ""});
        if (m.is(kMoveDoubleStep)) trace->fire(clause::kPawnDoubleStep);
        trace->fire(clause::kOrder);
      }
    }
    set_squares(pos, "todo", todo);
    mark_stacked_now(pos, readings, trace);
    if (todo.empty()) end_moves(next, readings, trace);
    return next;
  }
  // phase == "add": gravity.turn.add_top_row.
  std::string card(field(pos, "card"));
  set_field(pos, "card", "");
  if (m.is(kMovePass)) {
    // Every top-row square is occupied: gravity.top_row_full.
    Trace quiet = Trace::off();
    std::string_view alt = readings.consult(*find_reading(gravity::readings(), reading::kTopRowFull),
                                            trace ? *trace : quiet);
    if (trace)
      trace->event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, card_piece(card[0])->first, opposite(side),
                    clause::kAdd, std::string("no room on the top row for ") + card});
    if (alt == "end_game") {
      set_field(pos, "aside", std::string(field(pos, "aside")) + card);
      finish(next, readings, trace);
      return next;
    }
    set_field(pos, "aside", std::string(field(pos, "aside")) + card);
  } else {
    auto [kind, color] = *card_piece(card[0]);
    PieceId id = pos.add(kind, color, m.to);
    if (trace) trace->event({EventType::Add, id, kNoSquare, m.to, kind, color, clause::kAdd, "added from " + card});
    mark_stacked_now(pos, readings, trace);
  }
  begin_turn(next, opposite(side), readings, trace);
  return next;
}

}  // namespace

std::string full_deck(Color holder) { return holder == Color::White ? "kqrrbbnnpppp" : "KQRRBBNNPPPP"; }

State Gravity::initial_state() const {
  Position pos(BoardShape{8, 8}, gravity::kinds());
  for (std::string_view key : kKeys) set_field(pos, key, "");
  set_field(pos, "phase", "deal");
  return State{pos, {}, {}};
}

Expected<State> Gravity::parse_state(std::string_view fen) const {
  auto parsed = parse_fen(fen, kinds());
  if (!parsed) return Error{parsed.error()};
  Position pos = parsed.value();
  if (pos.shape() != BoardShape{8, 8}) return Error{"not a gravity position: the board must be 8x8"};
  for (const auto& [key, value] : pos.vars)
    if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys))
      return Error{"not a gravity position: unknown field '" + echo(key) + "'"};
  for (std::string_view key : kKeys)
    if (!pos.vars.count(key)) return Error{"not a gravity position: missing field '" + std::string(key) + "'"};
  State s{std::move(pos), {}, {}};
  for (const InvariantViolation& v : check_invariants(s))
    return Error{"not a gravity position: " + v.detail + " (" + v.label + ")"};
  if (phase_of(s.position) == "end") {
    // The tie-break decided it when the points are level.
    std::string_view score = field(s.position, "score");
    std::size_t comma = score.find(',');
    bool level = comma != std::string_view::npos && score.substr(0, comma) == score.substr(comma + 1);
    s.outcome = outcome_of(field(s.position, "result"), level);
  }
  return s;
}

Roles Gravity::roles_to_act(const State& s) const {
  std::string_view phase = phase_of(s.position);
  if (s.outcome.over() || phase == "end") return {};
  if (phase == "deal") return {Role::Chance};
  return {role_of(s.position.side_to_move)};
}

std::vector<Move> Gravity::actions(const State& s, Role role) const { return actions(s, role, Readings{}); }

std::vector<Move> Gravity::actions(const State& s, Role role, const Readings& readings) const {
  return listed_actions(s, role, readings);
}

void Gravity::actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const {
  out.clear();
  Roles roles = roles_to_act(s);
  if (roles.empty() || roles[0] != role) return;
  const Position& pos = s.position;
  std::string_view phase = phase_of(pos);
  if (phase == "deal") {
    for (int seed = 0; seed < kChanceSamples; ++seed) out.push_back(shuffle_action(static_cast<std::uint16_t>(seed)));
  } else if (phase == "move") {
    Config c = config_in_force(readings);
    SquareSet stacked = stacked_squares(pos, c);
    for (Square from : parse_squares(pos, field(pos, "todo"))) {
      PieceMoves moves;
      moves_from(pos, from, c, stacked, moves);
      out.insert(out.end(), moves.begin(), moves.end());
    }
  } else if (phase == "add") {
    Additions adds;
    additions(pos, adds);
    out.insert(out.end(), adds.begin(), adds.end());
  }
}

StepResult Gravity::step(const State& s, const JointAction& joint, const Readings& readings) const {
  Roles roles = roles_to_act(s);
  if (roles.empty()) throw std::invalid_argument("the game is already over");
  if (joint.size() != 1 || joint[0].role != roles[0])
    throw std::invalid_argument("gravity chess takes one action, by " + std::string(role_name(roles[0])));
  const Move& asked = joint[0].move;
  auto m = match_action(s, roles[0], asked, readings);
  if (!m) {
    // Legal under another alternative of a reading point but not under those
    // in force (a capture of a king, a piece stacked under one reading only):
    // the step is rejected and nothing changes, so that a step can be
    // compared under every alternative.
    bool legal_elsewhere = false;
    for (const ReadingPoint& point : gravity::readings()) {
      for (const Alternative& alt : point.alternatives) {
        Readings other = readings;
        other.choose(point.id, alt.id);
        legal_elsewhere = legal_elsewhere || match_action(s, roles[0], asked, other).has_value();
      }
    }
    if (!legal_elsewhere) throw std::invalid_argument("illegal action for " + std::string(role_name(roles[0])));
    StepResult r{s, {}};
    r.trace.event({EventType::Reject, kNoPiece, asked.from, asked.to, kNoKind, s.position.side_to_move,
                   clause::kMustMove, "not legal under the readings in force"});
    for (const auto& [point, alt] : readings.chosen()) r.trace.consulted(point, alt);
    return r;
  }
  // The state is copied once, by advance (not first into the result as well).
  Trace trace;
  if (phase_of(s.position) == "move") {
    // The reading points that decided the moving piece's legal actions
    // (its moves, and whether it may say it can't move).
    record_sensitive(readings, &trace, [&](const Config& c) {
      PieceMoves moves;
      moves_from(s.position, asked.from, c, stacked_squares(s.position, c), moves);
      FixedVector<std::pair<Square, Square>, PieceMoves::kCapacity> out;
      for (const Move& mv : moves) out.push_back({mv.from, mv.to});
      return out;
    });
    if (!s.position.empty(asked.to) && asked.to != asked.from) trace.fire(clause::kNoCaptureStacked);
  }
  State next = advance(s, *m, readings, &trace);
  return StepResult{std::move(next), std::move(trace)};
}

State Gravity::apply(const State& s, const JointAction& joint, const Readings& readings) const {
  return advance(s, joint.at(0).move, readings, nullptr);
}

std::vector<InvariantViolation> Gravity::check_invariants(const State& s) const {
  std::vector<InvariantViolation> out = check_core_invariants(s.position);
  const Position& pos = s.position;
  auto broken = [&](std::string label, std::string detail) { out.push_back({std::move(label), std::move(detail)}); };
  std::string_view phase = phase_of(pos);
  if (std::find(std::begin(kPhases), std::end(kPhases), phase) == std::end(kPhases))
    broken("gravity.phase", "unknown phase '" + std::string(phase) + "'");
  for (Square sq : stacked_squares(pos)) broken("gravity.one_piece_per_square", square_name(pos.shape(), sq) + " holds two pieces");
  // Every piece of each colour is in exactly one place: on the board, taken,
  // in its holder's deck, the flipped card, or set aside.
  for (Color c : {Color::White, Color::Black}) {
    std::string seen(field(pos, deck_key(opposite(c))));
    seen += field(pos, took_key(opposite(c)));
    for (std::string_view key : {"card", "aside"})
      for (char ch : field(pos, key))
        if (auto p = card_piece(ch); p && p->second == c) seen += ch;
    for (const Piece& p : pos.pieces())
      if (p.on_board() && p.color == c) seen += letter_of(p.kind, c);
    std::string want = full_deck(opposite(c));
    if (phase == "deal") want.clear();
    std::sort(seen.begin(), seen.end());
    std::sort(want.begin(), want.end());
    if (seen != want)
      broken("gravity.every_piece_once", std::string(color_name(c)) + " pieces and cards are " + echo(seen) + ", not " + echo(want));
  }
  for (std::string_view key : {"wdeck", "bdeck", "wtook", "btook", "card", "aside"})
    for (char ch : field(pos, key))
      if (!card_piece(ch)) broken("gravity.card_letter", std::string("unknown card '") + ch + "'");
  if (!out.empty()) return out;
  for (char ch : field(pos, "wdeck"))
    if (std::isupper(static_cast<unsigned char>(ch))) broken("gravity.decks", "white holds a white card");
  for (char ch : field(pos, "wtook"))
    if (std::isupper(static_cast<unsigned char>(ch))) broken("gravity.took", "white took a white piece");
  for (char ch : field(pos, "btook"))
    if (std::islower(static_cast<unsigned char>(ch))) broken("gravity.took", "black took a black piece");
  std::size_t wd = field(pos, "wdeck").size(), bd = field(pos, "bdeck").size();
  std::string_view card = field(pos, "card");
  bool white = pos.side_to_move == Color::White;
  if (phase == "deal") {
    if (!white || wd || bd) broken("gravity.deal", "the deal comes first, with White to move");
  } else if (phase == "move" || phase == "add") {
    // White flips first: on White's turn White has flipped one card more.
    std::size_t flipped_w = 12 - wd, flipped_b = 12 - bd;
    bool final_turn = white && wd == 0 && bd == 0 && card.empty();
    if (!final_turn && flipped_w != flipped_b + (white ? 1 : 0))
      broken("gravity.turns", "the decks do not match the turn (white holds " + std::to_string(wd) + ", black " +
                                  std::to_string(bd) + ")");
    if (!final_turn && card.size() != 1) broken("gravity.card", "a turn has one flipped card");
    if (card.size() == 1 && (std::isupper(static_cast<unsigned char>(card[0])) != 0) == white)
      broken("gravity.card", "the flipped card is for the opponent");
    if (phase == "add" && card.empty()) broken("gravity.card", "nothing to add");
    if (phase == "add" && !field(pos, "todo").empty()) broken("gravity.todo", "pieces still to move");
    if (phase == "move" && field(pos, "todo").empty()) broken("gravity.todo", "no piece to move");
  }
  Squares todo = parse_squares(pos, field(pos, "todo"));
  for (std::size_t i = 0; i < todo.size(); ++i) {
    Square sq = todo[i];
    if (sq == kNoSquare || pos.empty(sq) || pos.piece(pos.occupant(sq)).color != pos.side_to_move)
      broken("gravity.todo", "todo lists a square without a piece of the side to move");
    else if (i > 0 && todo[i - 1] >= sq)
      broken("gravity.todo", "todo squares are listed once each, in board order");
  }
  if (phase == "end") {
    std::string_view result = field(pos, "result");
    if (result != "white" && result != "black" && result != "draw") broken("gravity.result", "bad result");
    std::string_view score = field(pos, "score");
    std::size_t comma = score.find(',');
    bool ok = comma != std::string_view::npos && comma > 0 && comma + 1 < score.size() && comma < 4 &&
              score.size() - comma - 1 < 4 &&
              std::all_of(score.begin(), score.end(), [](char ch) { return ch == ',' || std::isdigit(ch); }) &&
              std::count(score.begin(), score.end(), ',') == 1;
    if (!ok) broken("gravity.score", "bad score '" + std::string(score) + "'");
  } else if (!field(pos, "result").empty() || !field(pos, "score").empty()) {
    broken("gravity.result", "a result before the end");
  }
  // A pawn may be marked moved; any piece may be marked stacked (immobile).
  for (const Piece& p : pos.pieces())
    if (p.on_board() && (p.flags & ~((p.kind == kPawn ? kFlagMoved : 0u) | kFlagImmobile)))
      broken("gravity.flags", "only a pawn is marked moved, and only stacked (immobile) otherwise");
  return out;
}

std::string Gravity::move_text(const State& s, const Move& m) const {
  if (phase_of(s.position) == "deal" || (m.code && m.from == kNoSquare && m.to == kNoSquare)) return shuffle_text(m);
  if (m.code == kAddCode && m.promotion != kNoKind) {
    Color c = opposite(s.position.side_to_move);
    std::string_view card = field(s.position, "card");
    if (card.size() == 1) c = card_piece(card[0])->second;
    return std::string(1, letter_of(m.promotion, c)) + "@" + square_name(s.position.shape(), m.to);
  }
  return move_to_string(s.position.shape(), kinds(), m);
}

Expected<Move> Gravity::read_move(const State& s, Role role, std::string_view text) const {
  if (role == Role::Chance) {
    if (auto m = read_shuffle(text)) return *m;
    return Error{"cannot read a shuffle in '" + echo(text) + "' (write shuffle-N)"};
  }
  if (text.size() >= 2 && text[1] == '@') {
    auto piece = card_piece(text[0]);
    std::size_t used = 0;
    auto sq = parse_square(s.position.shape(), text.substr(2), &used);
    if (!piece || !sq || used + 2 != text.size())
      return Error{"cannot read an addition in '" + echo(text) + "' (write r@c8)"};
    return Move{kNoSquare, *sq, piece->first, 0, kAddCode};
  }
  return parse_move(s.position.shape(), kinds(), text);
}

std::optional<Move> Gravity::match_action(const State& s, Role role, const Move& read, const Readings& readings) const {
  if (role == Role::Chance) {
    Roles roles = roles_to_act(s);
    if (roles.empty() || roles[0] != Role::Chance || read.from != kNoSquare || read.to != kNoSquare) return std::nullopt;
    return shuffle_action(read.code);
  }
  // The action asked among those actions_into lists, found without listing
  // them all: a move starts on its piece's square, so only the moves of the
  // piece on the asked square can match it.
  Roles roles = roles_to_act(s);
  if (roles.empty() || roles[0] != role) return std::nullopt;
  const Position& pos = s.position;
  auto match = [&](const auto& listed) -> std::optional<Move> {
    for (const Move& m : listed)
      if (m.same_action(read)) return m;
    return std::nullopt;
  };
  std::string_view phase = phase_of(pos);
  if (phase == "move") {
    for (Square from : parse_squares(pos, field(pos, "todo"))) {
      if (from != read.from) continue;
      Config c = config_in_force(readings);
      PieceMoves moves;
      moves_from(pos, from, c, stacked_squares(pos, c), moves);
      return match(moves);
    }
  } else if (phase == "add") {
    Additions adds;
    additions(pos, adds);
    return match(adds);
  }
  return std::nullopt;
}

std::string Gravity::observation(const State& s, Role role) const {
  if (role == Role::Chance) return fen(s);
  // Nobody sees the order of either deck: only how many cards are left.
  State masked = s;
  for (Color c : {Color::White, Color::Black})
    masked.position.vars[deck_key(c)] = std::string(1, '#').append(std::to_string(field(s.position, deck_key(c)).size()));
  return to_fen(masked.position);
}

std::optional<State> Gravity::resample_hidden(const State& s, Role role, std::uint64_t seed) const {
  if (role == Role::Chance || phase_of(s.position) == "deal") return std::nullopt;
  State other = s;
  for (Color c : {Color::White, Color::Black}) {
    std::string deck(field(s.position, deck_key(c)));
    seeded_shuffle(std::span<char>(deck), seed + (c == Color::White ? 0 : 0x51ed27));
    set_field(other.position, deck_key(c), deck);
  }
  return other;
}

std::vector<std::pair<std::string, int>> Gravity::scores(const State& s) const {
  const Position& pos = s.position;
  std::string_view score = field(pos, "score");
  std::size_t comma = score.find(',');
  if (phase_of(pos) == "end" && comma != std::string_view::npos)
    return {{"white", std::stoi(std::string(score.substr(0, comma)))},
            {"black", std::stoi(std::string(score.substr(comma + 1)))}};
  // Before the end: the points the position would give now, under the defaults.
  Ending e = ending_of(pos, Config{});
  return {{"white", e.tally.points[0]}, {"black", e.tally.points[1]}};
}

const Variant& variant() {
  static const Gravity v;
  return v;
}

}  // namespace arbiter::gravity
