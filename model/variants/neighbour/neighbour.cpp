// Neighbour Chess Solitaire: turns, the step with its trace, the outcome.
#include "model/variants/neighbour/neighbour.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "model/core/chance.h"
#include "model/core/echo.h"

namespace arbiter::neighbour {

namespace {

using namespace clause;

std::string_view in_force(std::string_view point, const Readings& readings) {
  return consult(point, readings, nullptr);
}

Color card_color(char card) { return std::isupper(static_cast<unsigned char>(card)) ? Color::White : Color::Black; }
KindId card_kind(char card) { return *kinds().find(std::string(1, card)); }
std::string pile_name(std::uint16_t code) { return code == kCodeSpendPieces ? "pieces" : "positions"; }
bool is_spend(const Move& m) { return m.code == kCodeSpendPieces || m.code == kCodeSpendPositions; }
// The piles a card may be spent from now: those with a card left.
using SpendPiles = FixedVector<std::uint16_t, 2>;
SpendPiles spend_piles(const Piles& p) {
  SpendPiles piles;
  if (p.piece_cards() > 0) piles.push_back(kCodeSpendPieces);
  if (p.position_cards() > 0) piles.push_back(kCodeSpendPositions);
  return piles;
}

// Whether the pieces form one group now (neighbour.win.connected, through the
// 8 squares around: neighbour.win.eight_neighbours), consulting the lone-piece
// reading only for a single piece.
bool group_now(const Position& pos, const Readings& readings, Trace* trace) {
  int n = pieces_on_board(pos);
  if (n == 0) return false;
  if (n == 1) return consult(reading::kLonePiece, readings, trace) == "counts";
  return one_group(pos, false);
}

void win(State& next, Trace* trace) {
  set_phase(next.position, Phase::Won);
  next.outcome = outcome_of(next.position);
  if (trace) {
    trace->fire(kConnected);
    trace->fire(kEightNeighbours);
    trace->fire(kScore);
  }
}

void lose(State& next) {
  set_phase(next.position, Phase::Lost);
  next.outcome = outcome_of(next.position);
}

// While adding, the group wins only under neighbour.win_check=after_each_step.
void check_group_while_adding(State& next, const Readings& readings, Trace* trace) {
  bool each = in_force(reading::kWinCheck, readings) == "after_each_step";
  bool group = group_now(next.position, readings, each ? trace : nullptr);
  if (!group) return;
  if (consult(reading::kWinCheck, readings, trace) == "after_each_step") win(next, trace);
}

// In the second part, with no group: play cannot go on when no card is left
// (neighbour.move.spend_card) or when no piece can move
// (neighbour.move.no_neighbour, neighbour.move.no_move_ends_game: a card is
// spent only before a move). No sentence gives the result or a score: the
// model's player_loses with 0 points is recorded as a gap in the scenarios
// neighbour.move.last_card_no_group and neighbour.move.stuck_loses.
void check_end(State& next, const Readings& readings, Trace* trace) {
  const Position& pos = next.position;
  if (piles_of(pos).cards_left() == 0) {
    if (trace) trace->fire(kSpendCard);
    lose(next);
    return;
  }
  MoveRules rules = move_rules(readings);
  bool stuck = !has_neighbour_move(pos, rules);
  if (trace) {
    // The move readings a stalled board depends on.
    MoveRules other = rules;
    other.capture = !other.capture;
    if (has_neighbour_move(pos, other) == stuck) consult(reading::kCapture, readings, trace);
  }
  if (!stuck) return;
  if (trace) {
    trace->fire(kNoNeighbour);
    trace->fire(kNoMoveEnds);
  }
  lose(next);
}

// Spends the top card of the chosen pile onto its discard pile (neighbour.move.spend_card).
void spend(Position& pos, std::uint16_t code, Trace* trace) {
  std::string card = code == kCodeSpendPieces ? flip_top(pos, kPieceDeckKey, kPieceDiscardKey, 1)
                                              : flip_top(pos, kPositionDeckKey, kPositionDiscardKey, 2);
  if (trace)
    trace->event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, kSpendCard,
                  "card " + card + " spent from the " + pile_name(code) + " pile to its discard pile"});
}

void add_piece(Position& pos, char card, Square to, std::string_view clause_id, Trace* trace) {
  PieceId id = pos.add(card_kind(card), card_color(card), to);
  set_square_field(pos, kLastKey, to);
  if (trace)
    trace->event({EventType::Add, id, kNoSquare, to, card_kind(card), card_color(card), clause_id,
                  std::string("piece ") + card + " added"});
}

// Each part of a step changes `next`, a copy of the state before it.
void deal(State& next, std::uint16_t seed, Trace* trace) {
  // neighbour.setup.shuffle: one seed gives both orders.
  shuffle_decks(next.position, seed, seed + (std::uint64_t{1} << 32));
  set_phase(next.position, Phase::Add);
  if (trace) {
    Piles p = piles_of(next.position);
    for (std::string_view c : {kNoPawns, kTwoDecks, kPieceDeck, kPositionDeck}) trace->fire(c);
    trace->event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, kShuffle,
                  "the pieces deck (" + std::to_string(p.piece_cards()) + " cards) and the positions deck (" +
                      std::to_string(p.position_cards()) + " cards) shuffled"});
  }
}

void add(State& next, const Readings& readings, Trace* trace) {
  Position& pos = next.position;
  // neighbour.add.flip_piece
  char card = flip_top(pos, kPieceDeckKey, kPieceDiscardKey, 1)[0];
  if (trace) {
    trace->event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, card_kind(card), card_color(card), kFlipPiece,
                  std::string("piece card ") + card + " flipped onto the pieces discard pile"});
    trace->fire(kTakePiece);
  }
  // neighbour.add.flip_position
  std::string position = flip_top(pos, kPositionDeckKey, kPositionDiscardKey, 2);
  if (trace)
    trace->event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, kFlipPosition,
                  "position card " + position + " flipped onto the positions discard pile"});
  // neighbour.add.first_corner, neighbour.add.above_last
  Square held = square_field(pos, kLastKey);
  Square target;
  bool wrapped = false;
  if (held == kNoSquare) {
    // Held above the corner square a1, it moves "from the square it's above".
    if (trace) trace->fire(kFirstCorner);
    target = card_target(pos.shape(), pos.shape().square(0, 0), position, &wrapped);
  } else {
    if (trace) trace->fire(kAboveLast);
    target = card_target(pos.shape(), held, position, &wrapped);
  }
  if (trace) {
    trace->fire(red(position) ? kRedRight : kBlackUp);
    if (wrapped) trace->fire(kWrap);
  }
  if (pos.empty(target)) {
    // neighbour.add.place: the card's square is free, so the piece goes there.
    add_piece(pos, card, target, kPlace, trace);
    set_phase(pos, Phase::Add);
    check_group_while_adding(next, readings, trace);
  } else {
    // neighbour.add.occupied_neighbour: the player picks the square next.
    set_square_field(pos, kTargetKey, target);
    set_phase(pos, Phase::Place);
    if (trace) trace->fire(kOccupiedNeighbour);
  }
}

void place(State& next, Square to, const Readings& readings, Trace* trace) {
  Position& pos = next.position;
  Square target = square_field(pos, kTargetKey);
  if (trace) {
    int ring = 0;
    displacement_squares(pos, target, &ring);
    if (ring > 1) trace->fire(kRingOutward);
    int f = pos.shape().file_of(target), r = pos.shape().rank_of(target);
    if (f == 0 || r == 0 || f == pos.shape().files - 1 || r == pos.shape().ranks - 1) trace->fire(kNoWrapDisplace);
  }
  pos.vars.erase(kTargetKey);
  add_piece(pos, piles_of(pos).pdisc.back(), to, kOccupiedNeighbour, trace);
  set_phase(pos, Phase::Add);
  check_group_while_adding(next, readings, trace);
}

void stop(State& next, const Readings& readings, Trace* trace) {
  set_phase(next.position, Phase::Move);
  if (trace) {
    trace->fire(kStopAdding);
    trace->fire(kTwoParts);
  }
  // neighbour.win.connected: a group already formed wins when adding stops
  // (under either neighbour.win_check alternative; the reading decides only
  // whether it had already won while adding).
  if (group_now(next.position, readings, trace)) {
    win(next, trace);
    return;
  }
  check_end(next, readings, trace);
}

void move_piece(State& next, const Move& m, const Readings& readings, Trace* trace) {
  Position& pos = next.position;
  spend(pos, m.code, trace);
  {
    Square lender = kNoSquare;
    MoveRules rules = move_rules(readings);
    // The board is still as it was before the step: spending changed only the piles.
    for (const NeighbourMove& nm : neighbour_moves_from(pos, m.from, rules))
      if (nm.to == m.to) lender = nm.lender;
    PieceId mover = pos.occupant(m.from);
    if (trace) {
      // The reading this move's legality depends on.
      MoveRules other = rules;
      other.capture = !other.capture;
      bool there = false;
      for (const NeighbourMove& nm : neighbour_moves_from(pos, m.from, other)) there = there || nm.to == m.to;
      if (!there) consult(reading::kCapture, readings, trace);
      trace->fire(kOnePiece);
      trace->fire(kNotOwnMove);
    }
    if (!pos.empty(m.to)) {
      PieceId victim = pos.occupant(m.to);
      const Piece& v = pos.piece(victim);
      if (trace)
        trace->event({EventType::Capture, victim, m.to, kNoSquare, v.kind, v.color, kNeighbourMove,
                      "captured (neighbour.capture=opposite_colour)"});
      pos.remove(victim);
    }
    const Piece& p = pos.piece(mover);
    if (trace) {
      const Piece& l = pos.piece(pos.occupant(lender));
      // A borrowed slide (a lender that rides) stops at the first piece on its line.
      const auto& steps = pos.kinds()[l.kind].steps;
      if (std::any_of(steps.begin(), steps.end(), [](const Step& st) { return st.range != 1; }))
        trace->fire(kSlidesBlocked);
      trace->event({EventType::Move, mover, m.from, m.to, p.kind, p.color, kNeighbourMove,
                    "with the move of its neighbour " + pos.kinds()[l.kind].code + " on " +
                        square_name(pos.shape(), lender)});
    }
    pos.move(mover, m.to);
  }
  // neighbour.win.connected: checked after every move under every reading.
  if (group_now(pos, readings, trace)) {
    win(next, trace);
    return;
  }
  check_end(next, readings, trace);
}

// Plays the step on `next`, which holds the state before it.
void advance(State& next, const Move& m, const Readings& readings, Trace* trace) {
  switch (phase_of(next.position)) {
    case Phase::Deal: return deal(next, m.code, trace);
    case Phase::Add: return m.code == kCodeStop ? stop(next, readings, trace) : add(next, readings, trace);
    case Phase::Place: return place(next, m.to, readings, trace);
    case Phase::Move: return move_piece(next, m, readings, trace);
    default: return;
  }
}

Role acting(const State& s) { return phase_of(s.position) == Phase::Deal ? Role::Chance : Role::Player; }

// Hands every action of `role` to `emit`, in the order actions lists them:
// the list itself (actions_into) or a search for one of them (match_action).
template <class Emit>
void each_action(const State& s, Role role, const Readings& readings, Emit emit) {
  if (s.outcome.over() || role != acting(s)) return;
  const Position& pos = s.position;
  Piles p = piles_of(pos);
  auto coded = [](std::uint16_t code, Square to = kNoSquare) {
    Move m;
    m.to = to;
    m.code = code;
    return m;
  };
  switch (phase_of(pos)) {
    case Phase::Deal:
      for (int seed = 0; seed < kChanceSamples; ++seed) emit(shuffle_action(static_cast<std::uint16_t>(seed)));
      break;
    case Phase::Add:
      if (!p.pdeck.empty() && p.position_cards() > 0) emit(coded(kCodeAdd));
      // neighbour.play.stop_adding: "After adding any piece".
      if (!p.pdisc.empty()) emit(coded(kCodeStop));
      break;
    case Phase::Place: {
      int ring = 0;
      for (Square sq : displacement_squares(pos, square_field(pos, kTargetKey), &ring))
        emit(coded(kCodePlace, sq));
      break;
    }
    case Phase::Move: {
      SpendPiles piles = spend_piles(p);
      MoveRules rules = move_rules(readings);
      // Every move of every piece, one per (from, to), in square order.
      for (Square from = 0; from < pos.shape().size(); ++from)
        for (const NeighbourMove& nm : neighbour_moves_from(pos, from, rules)) {
          for (std::uint16_t pile : piles) {
            Move m;
            m.from = nm.from;
            m.to = nm.to;
            m.code = pile;
            emit(m);
          }
        }
      break;
    }
    default: break;
  }
}

}  // namespace

Outcome outcome_of(const Position& pos) {
  switch (phase_of(pos)) {
    case Phase::Won: return {Result::PlayerWins, "one connected group", kConnected};
    case Phase::Lost:
      if (piles_of(pos).cards_left() == 0) return {Result::PlayerLoses, "no cards left", kSpendCard};
      return {Result::PlayerLoses, "no piece can move", kNoMoveEnds};
    default: return {};
  }
}

State Neighbour::initial_state() const {
  Position pos(BoardShape{8, 8}, neighbour::kinds());
  std::string position_cards = all_position_cards();
  write_piles(pos, Piles{kPieceCards, "", position_cards, ""});
  set_square_field(pos, kLastKey, kNoSquare);
  set_phase(pos, Phase::Deal);
  return State{pos, {}, {}};
}

Roles Neighbour::roles_to_act(const State& s) const {
  if (s.outcome.over()) return {};
  return {acting(s)};
}

std::vector<Move> Neighbour::actions(const State& s, Role role) const { return actions(s, role, Readings{}); }

std::vector<Move> Neighbour::actions(const State& s, Role role, const Readings& readings) const {
  return listed_actions(s, role, readings);
}

void Neighbour::actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const {
  out.clear();
  make_room_for_actions(out);
  each_action(s, role, readings, [&](const Move& m) { out.push_back(m); });
}

StepResult Neighbour::step(const State& s, const JointAction& joint, const Readings& readings) const {
  if (s.outcome.over()) throw std::invalid_argument("the game is already over");
  Role role = acting(s);
  if (joint.size() != 1 || joint[0].role != role)
    throw std::invalid_argument("neighbour chess solitaire takes one action, by " + std::string(role_name(role)));
  const Move& asked = joint[0].move;
  StepResult r{s, {}};  // the step is played on the result's own copy of the state
  auto m = match_action(s, role, asked, readings);
  if (!m) {
    // A spend the readings in force do not allow (a capture): the action is
    // refused and nothing changes, so that the step can be compared under
    // every alternative.
    if (phase_of(s.position) != Phase::Move || !is_spend(asked) || asked.is(kMovePass))
      throw std::invalid_argument("illegal action '" + move_text(s, asked) + "' for " + std::string(role_name(role)));
    r.trace.event({EventType::Reject, kNoPiece, asked.from, asked.to, kNoKind, Color::White, kNeighbourMove,
                   "not a legal action under the readings in force: nothing changes"});
    consult(reading::kCapture, readings, &r.trace);
    return r;
  }
  advance(r.state, *m, readings, &r.trace);
  if (r.state.outcome.over())
    r.trace.event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, r.state.outcome.clause,
                   std::string(r.state.outcome.reason)});
  return r;
}

State Neighbour::apply(const State& s, const JointAction& joint, const Readings& readings) const {
  State next = s;
  advance(next, joint.at(0).move, readings, nullptr);
  return next;
}

std::optional<Move> Neighbour::match_action(const State& s, Role role, const Move& read,
                                            const Readings& readings) const {
  if (role == Role::Chance && !s.outcome.over() && phase_of(s.position) == Phase::Deal) {
    if (read.from != kNoSquare || read.to != kNoSquare || read.flags != 0) return std::nullopt;
    return shuffle_action(read.code);
  }
  if (role == Role::Player && !s.outcome.over() && phase_of(s.position) == Phase::Move && !read.is(kMovePass) &&
      read.from != kNoSquare && s.position.on_board(read.from)) {
    // A spend with a move, as actions lists it: the moves of one piece are
    // enough to find it.
    SpendPiles piles = spend_piles(piles_of(s.position));
    bool pile = std::find(piles.begin(), piles.end(), read.code) != piles.end();
    Move m;
    m.from = read.from;
    m.to = read.to;
    m.code = read.code;
    if (!pile || !m.same_action(read)) return std::nullopt;
    for (const NeighbourMove& nm : neighbour_moves_from(s.position, read.from, move_rules(readings)))
      if (nm.to == read.to) return m;
    return std::nullopt;
  }
  // Any other action, as actions lists it: the first listed, with no list kept.
  std::optional<Move> found;
  each_action(s, role, readings, [&](const Move& m) {
    if (!found && m.same_action(read)) found = m;
  });
  return found;
}

std::string Neighbour::move_text(const State& s, const Move& m) const {
  const BoardShape& shape = s.position.shape();
  if (phase_of(s.position) == Phase::Deal) return shuffle_text(m);
  switch (m.code) {
    case kCodeAdd: return "add";
    case kCodeStop: return "stop";
    case kCodePlace: {
      std::string out = "place-";
      out += m.to == kNoSquare ? std::string("?") : square_name(shape, m.to);
      return out;
    }
    case kCodeSpendPieces:
    case kCodeSpendPositions: {
      std::string out;
      if (m.is(kMovePass) || m.from == kNoSquare || m.to == kNoSquare) {
        out = "pass";
      } else {
        out = square_name(shape, m.from);
        out += square_name(shape, m.to);
      }
      out += '@';
      out += pile_name(m.code);
      return out;
    }
    default: return "?" + std::to_string(m.code);
  }
}

Expected<Move> Neighbour::read_move(const State& s, Role role, std::string_view text) const {
  const BoardShape& shape = s.position.shape();
  std::string shown = echo(text);
  if (role == Role::Chance) {
    if (auto m = read_shuffle(text)) return *m;
    return Error{"cannot read '" + shown + "' as a shuffle (write shuffle-N, 0 <= N <= 65535)"};
  }
  Move m;
  if (text == "add") {
    m.code = kCodeAdd;
    return m;
  }
  if (text == "stop") {
    m.code = kCodeStop;
    return m;
  }
  if (text.starts_with("place-")) {
    std::size_t used = 0;
    auto sq = parse_square(shape, text.substr(6), &used);
    if (!sq || used != text.size() - 6) return Error{"cannot read a square in '" + shown + "'"};
    m.to = *sq;
    m.code = kCodePlace;
    return m;
  }
  std::size_t at = text.find('@');
  if (at == std::string_view::npos)
    return Error{"cannot read '" + shown + "': write add, stop, place-SQUARE, FROMTO@pieces or FROMTO@positions"};
  std::string_view pile = text.substr(at + 1), body = text.substr(0, at);
  if (pile == "pieces") m.code = kCodeSpendPieces;
  else if (pile == "positions") m.code = kCodeSpendPositions;
  else return Error{"unknown draw pile '" + echo(pile, 20) + "' (pieces or positions)"};
  std::size_t used = 0;
  auto from = parse_square(shape, body, &used);
  if (!from) return Error{"cannot read a square at the start of '" + shown + "'"};
  std::size_t used_to = 0;
  auto to = parse_square(shape, body.substr(used), &used_to);
  if (!to || used + used_to != body.size()) return Error{"cannot read the target square of '" + shown + "'"};
  m.from = *from;
  m.to = *to;
  return m;
}

std::string Neighbour::observation(const State& s, Role role) const {
  (void)role;
  // The order of the draw piles is hidden: only their sizes are seen.
  State seen = s;
  Piles p = piles_of(s.position);
  seen.position.vars[kPieceDeckKey] = std::to_string(p.piece_cards());
  seen.position.vars[kPositionDeckKey] = std::to_string(p.position_cards());
  return to_fen(seen.position);
}

std::optional<State> Neighbour::resample_hidden(const State& s, Role role, std::uint64_t seed) const {
  if (role != Role::Player) return std::nullopt;
  State other = s;
  shuffle_decks(other.position, seed, seed ^ 0x9e3779b97f4a7c15ull);
  return other;
}

std::vector<std::pair<std::string, int>> Neighbour::scores(const State& s) const {
  // neighbour.win.score: the cards left in the two draw piles, for a win.
  int points = s.outcome.result == Result::PlayerWins ? piles_of(s.position).cards_left() : 0;
  return {{"player", points}};
}

// A deal, then k pieces added (each one step, and a choice of square for
// every one after the first whose card square is taken), a stop, and one move
// per card left: 1 + k + (k - 1) + 1 + (36 - 2k) = 37 steps at most.
int Neighbour::step_bound() const { return 37; }

const Variant& variant() {
  static const Neighbour v;
  return v;
}

}  // namespace arbiter::neighbour
