// Parade Chess Solitaire: the state's card fields, the actions, the step
// with its trace, the end of the game and the invariants.
//
// State fields (docs/parade.md): phase (deal, play, count, won, lost); setup
// (the setup pile in drawing order); deck (the hand, top first: hidden from
// the player); up (cards played face up on an ADD that placed its piece);
// void (cards played face up whose piece found no square, under
// parade.add.off_board=card_spent); down (cards played face down on a MOVE:
// hidden); count (cards counted in the negative phase).
#include "model/variants/parade/parade.h"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>

#include "model/core/chance.h"
#include "model/core/echo.h"

namespace arbiter::parade {

namespace {

constexpr std::uint16_t kMoveCode = 0x1000;  // | the mover's square
constexpr std::uint16_t kAddCode = 0x2000;

// In name order, the order a position keeps its fields in.
constexpr std::string_view kFields[] = {"count", "deck", "down", "phase", "setup", "up", "void"};
static_assert(std::is_sorted(std::begin(kFields), std::end(kFields)));

struct Cards {
  std::string phase = "deal";
  Pile setup, deck, up, down, voided;
  int count = 0;
};

Expected<Cards> read_fields(const Position& pos) {
  // A position keeps its fields in name order: one with these fields and no
  // others holds them as kFields lists them, name for name. Any other is
  // looked at field by field, to name the one unknown or missing.
  bool exactly_these = pos.vars.size() == std::size(kFields) &&
                       std::equal(pos.vars.begin(), pos.vars.end(), std::begin(kFields),
                                  [](const auto& field, std::string_view name) { return field.first == name; });
  if (!exactly_these) {
    for (const auto& [key, value] : pos.vars)
      if (std::find(std::begin(kFields), std::end(kFields), key) == std::end(kFields))
        return Error{"unknown field '" + echo(key) + "'"};
    for (std::string_view key : kFields)
      if (pos.vars.count(key) == 0) return Error{"missing field '" + std::string(key) + "'"};
  }
  Cards c;
  std::string_view phase = pos.vars.at("phase");
  if (phase != "deal" && phase != "play" && phase != "count" && phase != "won" && phase != "lost")
    return Error{"bad phase '" + echo(phase) + "'"};
  c.phase = phase;
  auto pile = [&](std::string_view key, Pile& out) -> bool {
    auto cards = read_cards(pos.vars.at(key));
    if (!cards) return false;
    out = std::move(*cards);
    return true;
  };
  if (!pile("setup", c.setup)) return Error{"bad cards in setup"};
  if (!pile("deck", c.deck)) return Error{"bad cards in deck"};
  if (!pile("up", c.up)) return Error{"bad cards in up"};
  if (!pile("down", c.down)) return Error{"bad cards in down"};
  if (!pile("void", c.voided)) return Error{"bad cards in void"};
  const std::string& count = pos.vars.at("count");
  if (count.empty() || count.size() > 4 || !std::all_of(count.begin(), count.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
    return Error{"bad count '" + echo(count) + "'"};
  for (char digit : count) c.count = c.count * 10 + (digit - '0');  // one to four digits
  return c;
}

// Each pile is written over its field's own string: a step's piles mostly
// fit in the room of those they replace (the setup is the same, the hand
// shorter).
void write_fields(Position& pos, const Cards& c) {
  pos.vars["phase"] = c.phase;
  write_cards(pos.vars["setup"], c.setup);
  write_cards(pos.vars["deck"], c.deck);
  write_cards(pos.vars["up"], c.up);
  write_cards(pos.vars["down"], c.down);
  write_cards(pos.vars["void"], c.voided);
  pos.vars["count"] = std::to_string(c.count);
}

Cards fields(const State& s) {
  auto c = read_fields(s.position);
  if (!c) throw std::invalid_argument("not a parade state: " + c.error());
  return *c;
}

// The phase alone, for the questions that need no pile: which role acts and
// which actions it has. Reading every pile is left to the steps and the
// invariant checker (fields, read_fields), which check the whole state.
const std::string& phase_of(const State& s) { return s.position.vars.at("phase"); }

const ReadingPoint& point(std::string_view id) { return *find_reading(readings(), id); }

Outcome outcome_of(const Cards& c) {
  if (c.phase == "won") return {Result::PlayerWins, "connected group", clause::kWinConnected};
  if (c.phase == "lost") return {Result::PlayerLoses, "no connected group", clause::kCountNegative};
  return {};
}

// Hands the MOVE actions of the piece on `mover` (not empty) to `emit`, in
// the order actions lists them: parade.move.opposite_colour_attacked,
// parade.move.target_attacked. emit returns whether to go on; the answer is
// whether every action was handed over (a search stops at the one it wants).
template <class Emit>
bool each_mover_action(const Position& pos, Square mover, Emit emit) {
  Color colour = pos.piece(pos.occupant(mover)).color;
  SquareSet attacks = attacked(pos, mover), empty_attacked = 0;
  for (SquareSet bits = attacks; bits != 0; bits &= bits - 1)
    if (Square sq = static_cast<Square>(std::countr_zero(bits)); pos.empty(sq)) empty_attacked |= SquareSet{1} << sq;
  for (SquareSet froms = attacks & ~empty_attacked; froms != 0; froms &= froms - 1) {
    Square from = static_cast<Square>(std::countr_zero(froms));
    if (pos.piece(pos.occupant(from)).color == colour) continue;
    // Picked up first: the mover then attacks through the square it left
    // (the bishop at e4 moves the knight from f3 to g2): the empty squares
    // it attacks, and those beyond that square (attacked with it vacated),
    // in square order.
    for (SquareSet targets = empty_attacked | attacked_beyond(pos, mover, from); targets != 0; targets &= targets - 1) {
      Square to = static_cast<Square>(std::countr_zero(targets));
      // "place it in another square": an empty one, for the text has no
      // capture and no stacking (parade.move.target_attacked).
      if (to == from || !pos.empty(to)) continue;
      Move m;
      m.from = from;
      m.to = to;
      m.code = static_cast<std::uint16_t>(kMoveCode | mover);
      if (!emit(m)) return false;
    }
  }
  return true;
}

// Whether any piece has a MOVE action: the movers in square order, up to the
// first that has one, which stops the search.
bool has_move_action(const Position& pos) {
  for (Square mover = 0; mover < 64; ++mover)
    if (!pos.empty(mover) && !each_mover_action(pos, mover, [](const Move&) { return false; })) return true;
  return false;
}

Square last_piece(const Position& pos) {
  for (Square s = 63; s >= 0; --s)
    if (!pos.empty(s)) return s;
  return -1;
}

// parade.add.off_board=wrap: on from a1 over the empty squares.
Square wrapped(const Position& pos, Square last, int gap_size) {
  int left = gap_size;
  for (int i = 1; i <= 64 * 2; ++i) {
    Square s = static_cast<Square>((last + i) % 64);
    if (!pos.empty(s)) continue;
    if (left == 0) return s;
    --left;
  }
  return kNoSquare;  // not reached: at most 16 pieces
}

void place(Position& pos, const Card& card, Square at, std::string_view why, Trace& trace) {
  KindId kind = *kinds().find(std::string(1, kind_code(card)));
  PieceId id = pos.add(kind, card_color(card), at);
  if (trace.recording())
    trace.event({EventType::Add, id, kNoSquare, at, kind, card_color(card), why, "placed for " + card.text()});
}

// The text ("8H played face up") is built in one string, and only for a
// trace that records it: apply keeps none.
void card_event(Trace& trace, const Card& card, std::string_view clause_id, std::string_view what) {
  if (!trace.recording()) return;
  std::string text = card.text();
  text += ' ';
  text += what;
  trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, card_color(card), clause_id,
               std::move(text)});
}

// The end checks after an action: a group wins; out of cards, the count
// starts; out of counting cards or of moves, the readings decide.
void settle(State& next, Cards& c, const Readings& readings, Trace& trace) {
  if (connected(next.position)) {
    // parade.win.connected, parade.win.orthogonal_only, parade.win.score_cards_left.
    c.phase = "won";
    trace.fire(clause::kWinOrthogonal);
    trace.fire(clause::kWinScore);
    return;
  }
  if (c.phase == "play" && c.deck.empty()) {
    // parade.count.negative_points: the 16 cards are picked up to count with.
    c.phase = "count";
    trace.fire(clause::kCountNegative);
  }
  if (c.phase != "count") return;
  if (c.count >= 16 && readings.consult(point(reading::kExhausted), trace) == "lose") {
    c.phase = "lost";
    return;
  }
  if (!has_move_action(next.position) && readings.consult(point(reading::kNoMove), trace) == "lose")
    c.phase = "lost";
}

// Plays the step on `next`, which holds the state before it: the step's
// result, or apply's own copy.
void advance(State& next, Role role, const Move& m, const Readings& readings, Trace& trace) {
  Cards c = fields(next);
  Position& pos = next.position;
  if (role == Role::Chance) {
    // parade.setup.shuffle_two_piles: the seed's order; the first eight are
    // the setup pile, the other eight the hand.
    std::array<Card, 16> order = all_cards();
    seeded_shuffle(std::span<Card>(order), m.code);
    trace.fire(clause::kEquipment);
    trace.fire(clause::kNoPawns);
    trace.fire(clause::kOneCardPerPiece);
    trace.fire(clause::kSixteenCards);
    trace.fire(clause::kShuffleTwoPiles);
    c.setup.assign(order.begin(), order.begin() + 8);
    c.deck.assign(order.begin() + 8, order.end());
    // parade.setup.draw_and_place, parade.setup.placement_order, parade.setup.gap_before_piece.
    Square last = -1;
    for (const Card& card : c.setup) {
      card_event(trace, card, clause::kDrawAndPlace, "drawn from the setup pile");
      std::string_view table = card.rank == 'Q' ? readings.consult(point(reading::kTable), trace)
                                                : readings.in_force(point(reading::kTable));
      Square at = *placement(last, gap(card, table));  // at most 42 squares: always on the board
      trace.fire(clause::kPlacementOrder);
      place(pos, card, at, clause::kGap, trace);
      last = at;
    }
    c.phase = "play";
    settle(next, c, readings, trace);
  } else if (m.code == kAddCode) {
    // parade.add.card_face_up: the top card's piece, after the last piece.
    Card card = c.deck.front();
    c.deck.erase(c.deck.begin());
    trace.fire(clause::kSpendCards);
    trace.fire(clause::kOneOfTwo);
    card_event(trace, card, clause::kAddFaceUp, "played face up");
    std::string_view table = card.rank == 'Q' ? readings.consult(point(reading::kTable), trace)
                                              : readings.in_force(point(reading::kTable));
    Square last = last_piece(pos);
    std::optional<Square> at = placement(last, gap(card, table));
    if (!at && readings.consult(point(reading::kOffBoard), trace) == "wrap") at = wrapped(pos, last, gap(card, table));
    if (at) {
      place(pos, card, *at, clause::kAddAfterLast, trace);
      c.up.push_back(card);
    } else {
      trace.fire(clause::kAddAfterLast);
      card_event(trace, card, clause::kAddAfterLast, "has no square past h8: no piece placed");
      c.voided.push_back(card);
    }
    settle(next, c, readings, trace);
  } else {
    if (c.phase == "play") {
      // parade.move.card_face_down: the top card, unseen.
      Card card = c.deck.front();
      c.deck.erase(c.deck.begin());
      c.down.push_back(card);
      trace.fire(clause::kSpendCards);
      trace.fire(clause::kOneOfTwo);
      if (trace.recording())  // the texts are built only for a trace that records them
        trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, clause::kMoveFaceDown,
                     "top card played face down"});
    } else {
      // parade.count.negative_points, parade.count.move_only.
      ++c.count;
      trace.fire(clause::kCountNegative);
      trace.fire(clause::kCountMoveOnly);
      if (trace.recording())
        trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, clause::kCountNegative,
                     "card " + std::to_string(c.count) + " counted"});
    }
    if (!m.is(kMovePass)) {
      PieceId id = pos.occupant(m.from);
      const Piece& p = pos.piece(id);
      trace.fire(clause::kMoveOpposite);
      if (trace.recording())
        trace.event({EventType::Move, id, m.from, m.to, p.kind, p.color, clause::kMoveTarget,
                     "moved by the piece on " + square_name(pos.shape(), static_cast<Square>(m.code & 0xff))});
      pos.move(id, m.to);
    } else {
      trace.consulted(reading::kNoMove, "pass");
    }
    settle(next, c, readings, trace);
  }
  write_fields(pos, c);
  next.outcome = outcome_of(c);
  if (next.outcome.over() && trace.recording())
    trace.event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, next.outcome.clause,
                 std::string(next.outcome.reason)});
}

// Hands every action of `role` to `emit`, in the order actions lists them:
// the list itself (actions_into) or a search for one of them (match_action),
// which stops at the first that matches (emit returns whether to go on).
template <class Emit>
void each_action(const State& s, Role role, const Readings& readings, Emit emit) {
  if (s.outcome.over()) return;
  const std::string& phase = phase_of(s);
  if (phase == "deal") {
    if (role != Role::Chance) return;
    for (int seed = 0; seed < kChanceSamples; ++seed)
      if (!emit(shuffle_action(static_cast<std::uint16_t>(seed)))) return;
    return;
  }
  if (role != Role::Player) return;
  // parade.play.one_of_two_actions: ADD while cards are in hand; never while counting.
  if (phase == "play") {
    Move add;
    add.code = kAddCode;
    if (!emit(add)) return;
  }
  // The MOVE actions of every piece, movers in square order.
  const Position& pos = s.position;
  bool any_move = false;
  for (Square mover = 0; mover < 64; ++mover)
    if (!pos.empty(mover) && !each_mover_action(pos, mover, [&](const Move& m) {
          any_move = true;
          return emit(m);
        }))
      return;
  if (phase == "count" && !any_move && readings.in_force(point(reading::kNoMove)) == "pass") emit(Move::pass());
}

}  // namespace

State Parade::initial_state() const {
  Position pos(BoardShape{8, 8}, kinds());
  write_fields(pos, Cards{});
  return State{pos, {}, {}};
}

Expected<State> Parade::parse_state(std::string_view fen) const {
  auto parsed = Variant::parse_state(fen);
  if (!parsed) return parsed;
  State s = std::move(parsed.value());
  s.outcome = outcome_of(fields(s));
  return s;
}

Roles Parade::roles_to_act(const State& s) const {
  if (s.outcome.over()) return {};
  return {phase_of(s) == "deal" ? Role::Chance : Role::Player};
}

std::vector<Move> Parade::actions(const State& s, Role role) const { return actions(s, role, Readings{}); }

std::vector<Move> Parade::actions(const State& s, Role role, const Readings& readings) const {
  return listed_actions(s, role, readings);
}

void Parade::actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const {
  out.clear();
  make_room_for_actions(out);
  each_action(s, role, readings, [&](const Move& m) {
    out.push_back(m);
    return true;
  });
}

StepResult Parade::step(const State& s, const JointAction& joint, const Readings& readings) const {
  if (s.outcome.over()) throw std::invalid_argument("the game is already over");
  Roles roles = roles_to_act(s);
  if (joint.size() != 1 || joint[0].role != roles.at(0))
    throw std::invalid_argument("parade takes one action, by " + std::string(role_name(roles.at(0))));
  auto m = match_action(s, joint[0].role, joint[0].move, readings);
  if (!m) throw std::invalid_argument("not an action of this position: " + move_text(s, joint[0].move));
  StepResult r{s, {}};
  advance(r.state, joint[0].role, *m, readings, r.trace);
  return r;
}

State Parade::apply(const State& s, const JointAction& joint, const Readings& readings) const {
  Trace quiet = Trace::off();
  State next = s;
  advance(next, joint.at(0).role, joint.at(0).move, readings, quiet);
  return next;
}

std::optional<Move> Parade::match_action(const State& s, Role role, const Move& read, const Readings& readings) const {
  if (role == Role::Chance) {
    if (s.outcome.over() || phase_of(s) != "deal") return std::nullopt;
    if (read.from != kNoSquare || read.to != kNoSquare || read.flags != 0) return std::nullopt;
    return shuffle_action(read.code);  // any seed 0..65535
  }
  Square mover = static_cast<Square>(read.code & 0xff);
  if (role == Role::Player && !s.outcome.over() && read.code == (kMoveCode | mover) && mover < 64) {
    // A MOVE action is one of its mover's: actions lists no other with its code.
    if (phase_of(s) == "deal" || s.position.empty(mover)) return std::nullopt;
    std::optional<Move> found;
    each_mover_action(s.position, mover, [&](const Move& have) {
      if (have.same_action(read)) found = have;
      return !found;
    });
    return found;
  }
  std::optional<Move> found;
  each_action(s, role, readings, [&](const Move& have) {
    if (have.same_action(read)) found = have;
    return !found;
  });
  return found;
}

std::string Parade::move_text(const State& s, const Move& m) const {
  (void)s;
  if (m.is(kMovePass)) return "0000";
  if (m.code == kAddCode) return "add";
  if ((m.code & 0xf000) == kMoveCode) {
    BoardShape shape{8, 8};
    return square_name(shape, static_cast<Square>(m.code & 0xff)) + square_name(shape, m.from) +
           square_name(shape, m.to);
  }
  return shuffle_text(m);
}

Expected<Move> Parade::read_move(const State& s, Role role, std::string_view text) const {
  (void)s;
  if (role == Role::Chance) {
    if (auto m = read_shuffle(text)) return *m;
    return Error{"the chance role shuffles: 'shuffle-N', 0 <= N <= 65535"};
  }
  if (text == "0000") return Move::pass();
  if (text == "add") {
    Move m;
    m.code = kAddCode;
    return m;
  }
  BoardShape shape{8, 8};
  Square sq[3];
  std::size_t at = 0;
  for (Square& q : sq) {
    std::size_t used = 0;
    auto parsed = parse_square(shape, text.substr(at), &used);
    if (!parsed || used != 2) return Error{"a parade action is 'add', '0000' or MOVER FROM TO squares ('e4f3g2')"};
    q = *parsed;
    at += used;
  }
  if (at != text.size()) return Error{"a parade action is 'add', '0000' or MOVER FROM TO squares ('e4f3g2')"};
  Move m;
  m.from = sq[1];
  m.to = sq[2];
  m.code = static_cast<std::uint16_t>(kMoveCode | sq[0]);
  return m;
}

std::string Parade::observation(const State& s, Role role) const {
  if (role != Role::Player) return fen(s);
  // The hand's order and the face-down cards are unseen: only their numbers show.
  State seen = s;
  Cards c = fields(s);
  seen.position.vars["deck"] = "#" + std::to_string(c.deck.size());
  seen.position.vars["down"] = "#" + std::to_string(c.down.size());
  return fen(seen);
}

std::optional<State> Parade::resample_hidden(const State& s, Role role, std::uint64_t seed) const {
  if (role != Role::Player) return std::nullopt;
  Cards c = fields(s);
  std::vector<Card> unseen(c.deck.begin(), c.deck.end());
  unseen.insert(unseen.end(), c.down.begin(), c.down.end());
  if (unseen.empty()) return std::nullopt;
  seeded_shuffle(std::span<Card>(unseen), seed);
  c.deck.assign(unseen.begin(), unseen.begin() + static_cast<long>(c.deck.size()));
  c.down.assign(unseen.begin() + static_cast<long>(c.deck.size()), unseen.end());
  State other = s;
  write_fields(other.position, c);
  return other;
}

std::vector<std::pair<std::string, int>> Parade::scores(const State& s) const {
  Cards c = fields(s);
  // parade.win.score_cards_left; parade.count.negative_points.
  return {{"player", static_cast<int>(c.deck.size()) - c.count}};
}

std::vector<InvariantViolation> Parade::check_invariants(const State& s) const {
  std::vector<InvariantViolation> out = check_core_invariants(s.position);
  auto broken = [&](std::string label, std::string detail) { out.push_back({std::move(label), std::move(detail)}); };
  // The cards name squares of an 8x8 board (a8 to h1): another shape is no
  // Parade position.
  if (s.position.shape() != BoardShape{8, 8}) {
    broken("parade.board_8x8", "the board is " + std::to_string(s.position.shape().files) + "x" +
                                   std::to_string(s.position.shape().ranks) + ", not 8x8");
    return out;
  }
  auto c = read_fields(s.position);
  if (!c) {
    broken("parade.fields", c.error());
    return out;
  }
  const Position& pos = s.position;
  // Pieces by letter, upper case White (the kinds' codes are single letters).
  using Tally = std::array<std::uint16_t, 128>;  // a position holds 256 pieces at most
  auto letter = [](char code, Color colour) {  // the codes are upper case ASCII letters
    bool lower = colour == Color::Black && code >= 'A' && code <= 'Z';
    return static_cast<unsigned char>(lower ? code - 'A' + 'a' : code) & 0x7f;
  };
  Tally on_board{}, from_cards{};
  bool any_on_board = false;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    ++on_board[letter(pos.kind_of(p).code[0], p.color)];
    any_on_board = true;
  }
  for (Square q : stacked_squares(pos)) broken("parade.one_piece_a_square", square_name(pos.shape(), q) + " holds several pieces");
  if (c->phase == "deal") {
    if (any_on_board || !c->setup.empty() || !c->deck.empty() || !c->up.empty() || !c->down.empty() ||
        !c->voided.empty() || c->count != 0)
      broken("parade.deal_first", "before the deal the board and the piles are empty");
    return out;
  }
  // Each of the 16 cards once over the piles: a card's place among all_cards
  // marked as it is met.
  std::uint32_t met = 0;
  bool permutation = true;
  for (const auto* pile : {&c->setup, &c->deck, &c->up, &c->down, &c->voided})
    for (const Card& card : *pile) {
      int at = card_index(card);
      std::uint32_t bit = at < 0 ? 0 : std::uint32_t{1} << at;
      permutation = permutation && at >= 0 && !(met & bit);
      met |= bit;
    }
  permutation = permutation && met == 0xffff;
  if (!permutation) broken("parade.sixteen_cards", "the piles do not hold each of the 16 cards once");
  if (c->setup.size() != 8) broken("parade.two_piles", "the setup pile holds " + std::to_string(c->setup.size()) + " cards");
  for (const auto* pile : {&c->setup, &c->up})
    for (const Card& card : *pile) ++from_cards[letter(kind_code(card), card_color(card))];
  if (on_board != from_cards) broken("parade.pieces_match_cards", "the pieces on the board are not those of the face-up cards");
  if (c->phase == "play" && (c->deck.empty() || c->count != 0))
    broken("parade.phase", "play needs cards in hand and no count");
  if ((c->phase == "count" || c->phase == "lost") && !c->deck.empty())
    broken("parade.phase", "counting starts when the hand is empty");
  if (c->count > 0 && !c->deck.empty()) broken("parade.phase", "a count with cards in hand");
  if (c->phase == "won" && !connected(pos)) broken("parade.won_connected", "won without a connected group");
  if (c->phase != "won" && connected(pos)) broken("parade.won_connected", "a connected group and the game goes on");
  return out;
}

const Variant& variant() {
  static const Parade v;
  return v;
}

}  // namespace arbiter::parade
