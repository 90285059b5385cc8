// Booster Chess: the game around the rules (phases, the chance role's deal
// and reshuffle, the draw at the end of a turn, hidden hands, the state text
// and its invariants).
#include "model/variants/booster/booster.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "model/core/chance.h"
#include "model/variants/booster/rules.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/core/echo.h"

namespace arbiter::booster {

namespace {

constexpr std::pair<Phase, std::string_view> kPhaseNames[] = {
    {Phase::Deal, "deal"}, {Phase::Move, "move"}, {Phase::Boost, "boost"}, {Phase::Add, "add"}, {Phase::Shuffle, "shuffle"}};

Role role_of(Color c) { return c == Color::White ? Role::White : Role::Black; }

std::optional<Phase> read_phase(std::string_view text) {
  for (const auto& [p, name] : kPhaseNames)
    if (name == text) return p;
  return std::nullopt;
}

// The 36 cards counted by letter (the letters are ASCII).
using CardTally = std::array<int, 128>;
constexpr CardTally kDeckTally = [] {
  CardTally t{};
  for (char c : kDeck) ++t[static_cast<unsigned char>(c)];
  return t;
}();

bool card_letter(char c) {
  auto u = static_cast<unsigned char>(c);
  return u < kDeckTally.size() && kDeckTally[u] > 0;
}

bool valid_cards(const std::string& text) {
  if (text == "-") return true;
  if (text.empty()) return false;
  return std::all_of(text.begin(), text.end(), card_letter);
}

// The draw at the end of a turn, then the turn passes. The chance role acts
// first where the draw pile must be made again (booster.cards.reshuffle).
void draw_and_finish(State& s, const Ctx& ctx) {
  Position& pos = s.position;
  Color us = pos.side_to_move;
  pos.vars.erase(kBoostKey);
  std::string hand(field(pos, hand_key(us)));  // a few cards: held in place
  // The cards drawn are the first `drawn` of the draw pile, which loses them
  // in its own string once the drawing stops.
  std::string_view stock = field(pos, kStockKey);
  std::size_t drawn = 0;
  // booster.turn.draw, booster.draw.count: up to one card per checker in front.
  int want = in_front(pos, us);
  bool reshuffle = false;
  while (static_cast<int>(hand.size()) < want) {
    if (drawn == stock.size()) {
      // The draw pile is out: it is made again before the drawing goes on.
      // (Both piles out cannot happen: at most 16 of the 32 to 40 cards are in
      // hands, 8 each under booster.checkers_each=eight.)
      reshuffle = !field(pos, kDiscardKey).empty();
      break;
    }
    hand += stock[drawn++];
    if (ctx.trace)
      ctx.trace->event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, us, clause::kTurnDraw,
                        std::string(color_name(us)) + " draws a card"});
  }
  if (drawn > 0 && !reshuffle && ctx.trace) ctx.trace->fire(clause::kDrawCount);
  take_cards(pos, kStockKey, drawn);  // `stock` is not read from here on
  set_field(pos, hand_key(us), hand);
  if (reshuffle ||
      (field(pos, kStockKey).empty() && !field(pos, kDiscardKey).empty() && ctx.alt(reading::kReshuffle) == "when_empty")) {
    set_phase(pos, Phase::Shuffle);
    return;
  }
  // The turn passes.
  pos.side_to_move = opposite(us);
  if (us == Color::Black) ++pos.fullmove_number;
  set_phase(pos, Phase::Move);
  // The history holds the positions that started the earlier turns
  // (booster.regular_chess_draws) since the last capture: none before it can
  // occur again.
  thread_local std::string key;
  write_repetition_key(pos, ctx, key);
  if (!s.history.empty() && key_pieces(*s.history.newest_first().begin()) != key_pieces(key)) s.history.clear();
  int repetitions = 1 + static_cast<int>(s.history.count(key));
  s.outcome = outcome_of(s, repetitions, ctx);
  if (s.outcome.over() && ctx.trace)
    ctx.trace->event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, s.outcome.clause,
                      std::string(s.outcome.reason)});
}

void to_add_or_draw(State& s, const Ctx& ctx) {
  s.position.vars.erase(kBoostKey);
  MoveList adds;
  legal_adds(s.position, Ctx{ctx.readings, nullptr}, adds, true);
  if (!adds.empty()) {
    set_phase(s.position, Phase::Add);
    return;
  }
  // No card may be played: where every card would leave the king in check,
  // booster.add_check decided it (recorded in the trace).
  if (ctx.trace && ctx.trace->recording() && !field(s.position, hand_key(s.position.side_to_move)).empty()) {
    Readings allowed = *ctx.readings;
    allowed.choose(reading::kAddCheck, "allowed");
    legal_adds(s.position, Ctx{&allowed, nullptr}, adds, true);
    if (!adds.empty()) ctx.alt(reading::kAddCheck);
  }
  draw_and_finish(s, ctx);
}

void to_boost_or_on(State& s, Square piece, const Ctx& ctx) {
  s.position.vars[kBoostKey] = square_name(s.position.shape(), piece);
  MoveList boosts;
  legal_boosts(s.position, Ctx{ctx.readings, nullptr}, boosts, true);
  if (!boosts.empty()) {
    set_phase(s.position, Phase::Boost);
    return;
  }
  to_add_or_draw(s, ctx);
}

// A hidden pile or hand shown as its size ("#6").
std::string mask(std::string_view cards) {
  std::string out(1, '#');
  out += std::to_string(cards.size());
  return out;
}

}  // namespace

Phase phase_of(const Position& pos) {
  auto it = pos.vars.find(kPhaseKey);
  if (it == pos.vars.end()) return Phase::Move;
  return read_phase(it->second).value_or(Phase::Move);
}
void set_phase(Position& pos, Phase p) { pos.vars[kPhaseKey] = phase_name(p); }
std::string_view phase_name(Phase p) {
  for (const auto& [phase, name] : kPhaseNames)
    if (phase == p) return name;
  return "?";
}

class Booster final : public Variant {
 public:
  std::string_view id() const override { return kVariantId; }
  std::string_view name() const override { return kVariantName; }
  std::string_view source() const override { return "Booster Chess (chess-kit-new-rules.md)"; }
  const PieceSet& kinds() const override { return orthodox::piece_set(); }
  const ClauseTable& clauses() const override { return booster::clauses(); }
  const ReadingTable& readings() const override { return booster::readings(); }
  TextSection text_section() const override { return kTextSection; }
  const TextMap* text_map() const override { return &booster::text_map(); }

  // booster.setup.start, booster.setup.checkers: the standard position, every
  // checker in front of its player; the chance role deals first.
  State initial_state() const override {
    auto pos = parse_fen(orthodox::kStartFen, orthodox::piece_set());
    State s{std::move(pos.value()), {}, {}};
    set_phase(s.position, Phase::Deal);
    for (std::string_view key : {kHandWhiteKey, kHandBlackKey, kStockKey, kDiscardKey}) set_field(s.position, key, "");
    return s;
  }

  // The state text must also be a position the rules can reach: no king
  // left capturable by the side to act. Judged under the readings that give
  // booster moves the least reach (every other alternative reaches at least
  // as far), so that a state reached under any reading parses.
  Expected<State> parse_state(std::string_view fen) const override {
    auto s = Variant::parse_state(fen);
    if (!s) return s;
    const Position& pos = s->position;
    Readings least;
    least.choose(reading::kBoostWhen, "boosted_before");
    least.choose(reading::kHobbledEnPassant, "no");
    Ctx ctx{&least, nullptr};
    Phase phase = phase_of(pos);
    Color exposed = phase == Phase::Move ? opposite(pos.side_to_move) : pos.side_to_move;
    // Where a turn starts or ends (phases move and shuffle), a card may have
    // left its player's king in check (booster.add_check=allowed) by
    // hobbling a piece of the other side: the test leaves out what the
    // hobbled pieces of that side threaten (as hobbled pawns they threaten
    // nothing and stand where they stand). During booster moves and before
    // the card the king may stand in the check its turn started in
    // (booster.check_escape=with_boosts, whole_turn).
    Position judged = pos;
    if (phase == Phase::Move || phase == Phase::Shuffle)
      for (const Piece& p : pos.pieces())
        if (p.on_board() && p.color != exposed && hobbled(p) && p.kind != orthodox::kKing)
          judged.set_kind(p.id, orthodox::kPawn);
    if (phase != Phase::Deal && phase != Phase::Boost && phase != Phase::Add && in_check(judged, exposed, ctx)) {
      std::string who(color_name(exposed));
      return Error{"not a booster position: the " + who + " king could be taken (booster.win.booster_threat)"};
    }
    return s;
  }

  Roles roles_to_act(const State& s) const override {
    if (s.outcome.over()) return {};
    Phase p = phase_of(s.position);
    if (p == Phase::Deal || p == Phase::Shuffle) return {Role::Chance};
    return {role_of(s.position.side_to_move)};
  }

  std::vector<Move> actions(const State& s, Role role) const override { return actions(s, role, Readings{}); }

  std::vector<Move> actions(const State& s, Role role, const Readings& readings) const override {
    return listed_actions(s, role, readings);
  }

  void actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const override {
    out.clear();
    Roles roles = roles_to_act(s);
    if (roles.empty() || roles[0] != role) return;
    make_room_for_actions(out);
    Ctx ctx{&readings, nullptr};
    MoveList list;
    switch (phase_of(s.position)) {
      case Phase::Deal:
      case Phase::Shuffle:
        for (int seed = 0; seed < kChanceSamples; ++seed) out.push_back(shuffle_action(static_cast<std::uint16_t>(seed)));
        return;
      case Phase::Move: legal_moves(s.position, ctx, list); break;
      case Phase::Boost:
        legal_boosts(s.position, ctx, list);
        // booster.check_escape: no stop while the king is in check (under
        // whole_turn, unless the card then ends it).
        if (list.empty() || !boost_must_go_on(s.position, ctx)) out.push_back(Move::pass());
        break;
      case Phase::Add:
        legal_adds(s.position, ctx, list);
        // booster.check_escape=whole_turn: no turn ends in check.
        if (!card_must_end_check(s.position, ctx)) out.push_back(Move::pass());
        break;
    }
    out.insert(out.end(), list.begin(), list.end());
  }

  StepResult step(const State& s, const JointAction& joint, const Readings& readings) const override {
    StepResult r{s, Trace()};
    run(s, joint, readings, true, r.state, r.trace);
    return r;
  }

  // The fast path: the action comes from actions(), so it is not matched
  // again, and nothing is recorded.
  State apply(const State& s, const JointAction& joint, const Readings& readings) const override {
    State next = s;
    Trace off = Trace::off();
    run(s, joint, readings, false, next, off);
    return next;
  }

  // Plays the step on next, a copy of s made by the caller in what it
  // returns (so that the state, with its card piles, is copied once), and
  // records it in trace.
  void run(const State& s, const JointAction& joint, const Readings& readings, bool checked, State& next,
           Trace& trace) const {
    if (s.outcome.over()) throw std::invalid_argument("the game is already over");
    Roles roles = roles_to_act(s);
    if (joint.size() != 1 || joint[0].role != roles.at(0))
      throw std::invalid_argument("booster chess takes one action, by " + std::string(role_name(roles.at(0))));
    const Move& asked = joint[0].move;
    Ctx ctx{&readings, &trace};
    Position& pos = next.position;
    Phase phase = phase_of(pos);
    auto reject = [&] {
      // An action the default readings allow but the readings in force do
      // not: nothing happens and the role acts again (so that a step can be
      // compared under every alternative).
      next = s;
      trace.event({EventType::Reject, kNoPiece, asked.from, asked.to, kNoKind, s.position.side_to_move,
                   clause::kTurnParts, "not legal under the readings in force"});
      for (const auto& [point, alt] : readings.chosen()) trace.consulted(point, alt);
    };
    // The asked action as the generator gives it (with the flags the position
    // gives it), when the rules in force allow it; the fast path (apply)
    // takes the action as asked, already checked by its caller.
    auto asked_action = [&](auto generate) -> std::optional<Move> {
      if (!checked) return asked;
      MoveList legal;
      generate(legal);  // the legal actions that are the one asked
      if (legal.empty()) return std::nullopt;
      return legal[0];
    };
    switch (phase) {
      case Phase::Deal: {
        // booster.setup.deal, booster.setup.hidden, booster.setup.stock, with
        // the options of the Variants paragraph: the checkers cards in the
        // deck (booster.checkers_cards), the checkers each player has
        // (booster.checkers_each, booster.handicap), and "always deal one
        // card for each checker".
        std::string_view cards = ctx.alt(reading::kCheckersCards);
        int sixes = cards == "none" ? 0 : cards == "two" ? 1 : cards == "eight" ? 4 : 2;  // of each colour
        std::array<char, kDeck.size() + 4> deck;
        std::size_t size = kDeck.size() - 4;  // the piece cards; the four sixes end kDeck
        std::copy(kDeck.begin(), kDeck.begin() + static_cast<std::ptrdiff_t>(size), deck.begin());
        for (int i = 0; i < sixes; ++i) deck[size++] = 'S';
        for (int i = 0; i < sixes; ++i) deck[size++] = 's';
        std::string_view start = ctx.alt(reading::kCheckersStart);
        int each = start == "four" ? 4 : start == "eight" ? 8 : kCheckersEach;
        std::string_view handicap = ctx.alt(reading::kHandicap);
        int checkers[2] = {each - (handicap == "white" ? 2 : 0), each - (handicap == "black" ? 2 : 0)};
        if (checkers[0] != kCheckersEach || checkers[1] != kCheckersEach) {
          std::string text = std::to_string(checkers[0]) + "," + std::to_string(checkers[1]);
          set_field(pos, kCheckersKey, text);
        } else {
          pos.vars.erase(kCheckersKey);
        }
        seeded_shuffle(std::span<char>(deck.data(), size), asked.code);
        std::string_view dealt(deck.data(), size);
        auto w = static_cast<std::size_t>(checkers[0]), b = static_cast<std::size_t>(checkers[1]);
        set_field(pos, kHandWhiteKey, dealt.substr(0, w));
        set_field(pos, kHandBlackKey, dealt.substr(w, b));
        set_field(pos, kStockKey, dealt.substr(w + b));
        set_field(pos, kDiscardKey, "");
        for (Color c : {Color::White, Color::Black})
          trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, c, clause::kSetupDeal,
                       std::to_string(checkers[static_cast<int>(c)]) + " cards dealt to " + std::string(color_name(c))});
        for (std::string_view c : {clause::kEquipmentDeck, clause::kEquipmentCheckers, clause::kSetupStart,
                                   clause::kSetupCheckers, clause::kSetupHidden, clause::kSetupStock})
          trace.fire(c);
        set_phase(pos, Phase::Move);
        return;
      }
      case Phase::Shuffle: {
        // booster.cards.reshuffle: the discard pile becomes the draw pile. It
        // goes under the cards left there (if any) and is shuffled there, in
        // the draw pile's own string.
        std::string& stock = pos.vars[kStockKey];
        if (stock == "-") stock.clear();
        std::size_t left = stock.size();
        stock += field(pos, kDiscardKey);
        seeded_shuffle(std::span<char>(stock.data() + left, stock.size() - left), asked.code);
        if (stock.empty()) stock = "-";
        set_field(pos, kDiscardKey, "");
        trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, pos.side_to_move, clause::kReshuffle,
                     "discard pile shuffled into a new draw pile"});
        draw_and_finish(next, ctx);
        return;
      }
      case Phase::Move: {
        PieceId mover = asked.from != kNoSquare && pos.on_board(asked.from) ? pos.occupant(asked.from) : kNoPiece;
        if (mover == kNoPiece || pos.piece(mover).color != pos.side_to_move)
          throw std::invalid_argument("no piece of the side to move on that square");
        std::optional<Move> m = asked_action([&](MoveList& out) { legal_moves(pos, Ctx{&readings, nullptr}, out, &asked); });
        if (!m) return reject();
        Move chosen = *m;
        note_move_readings(pos, chosen, ctx);
        // The position that starts this turn joins the history (booster.regular_chess_draws).
        std::string key;
        write_repetition_key(s.position, Ctx{&readings, nullptr}, key);
        next.history.push_back(std::move(key));
        // booster.turn.move: the normal move (booster.move.normal).
        trace.fire(clause::kTurnParts);
        trace.fire(clause::kTurnMove);
        trace.fire(clause::kNoRevealedCheck);
        if (boosted(pos.piece(mover)) || hobbled(pos.piece(mover))) trace.fire(clause::kEquipmentStack);
        bool may_boost = play_move(pos, chosen, ctx, &trace);
        if (chosen.is(kMoveCastle)) {
          trace.fire(clause::kCastleBoosted);
          trace.fire(clause::kCastleThrough);
        }
        if (may_boost) {
          trace.fire(clause::kTurnSpend);
          to_boost_or_on(next, chosen.to, ctx);
        } else {
          to_add_or_draw(next, ctx);
        }
        return;
      }
      case Phase::Boost: {
        if (asked.is(kMovePass)) {
          // booster.check_escape: no stop while the king is in check (under
          // whole_turn, unless the card then ends it).
          if (checked && boost_must_go_on(pos, ctx)) return reject();
          to_add_or_draw(next, ctx);
          return;
        }
        std::optional<Move> m = asked_action([&](MoveList& out) { legal_boosts(pos, Ctx{&readings, nullptr}, out, false, &asked); });
        if (!m) return reject();
        Move chosen = *m;
        note_boost_readings(pos, chosen, ctx);
        trace.fire(clause::kBoostKingMove);
        bool go_on = play_boost(pos, chosen, ctx, &trace);
        if (go_on) {
          trace.fire(clause::kBoostContinue);
          to_boost_or_on(next, chosen.to, ctx);
        } else {
          to_add_or_draw(next, ctx);
        }
        return;
      }
      case Phase::Add: {
        if (!asked.is(kMovePass)) {
          std::optional<Move> m = asked_action([&](MoveList& out) { legal_adds(pos, Ctx{&readings, nullptr}, out, false, &asked); });
          if (!m) return reject();
          play_add(pos, *m, ctx, &trace);
        } else if (checked && card_must_end_check(pos, ctx)) {
          // booster.check_escape=whole_turn: the card must end the check.
          return reject();
        }
        draw_and_finish(next, ctx);
        return;
      }
    }
  }

  std::vector<InvariantViolation> check_invariants(const State& s) const override {
    const Position& pos = s.position;
    std::vector<InvariantViolation> out = check_core_invariants(pos);
    const BoardShape& shape = pos.shape();
    if (shape.files != 8 || shape.ranks != 8) {
      out.push_back({"booster.board_8x8", "the board is not 8x8"});
      return out;
    }
    int kings[2] = {0, 0};
    int under[2] = {0, 0};
    for (const Piece& p : pos.pieces()) {
      if (!p.on_board()) continue;
      if (p.kind == orthodox::kKing) ++kings[static_cast<int>(p.color)];
      // Only a pawn that has moved and stands on its own second rank carries
      // a flag (booster.move.pawn_double_first).
      bool moved_pawn = p.kind == orthodox::kPawn && p.flags == kFlagMoved &&
                        shape.rank_of(p.square) == (p.color == Color::White ? 1 : 6);
      if ((p.flags != 0 && !moved_pawn) || p.partner_square != kNoSquare)
        out.push_back({"booster.piece_state", "a piece on " + square_name(shape, p.square) +
                                                  " carries flags or a partner (only a moved pawn on its second rank "
                                                  "is marked moved)"});
      Checkers c = checkers_of(p);
      if (p.counter < 0 || c.light > kMostCheckers || c.dark > kMostCheckers || (c.light > 0 && c.dark > 0))
        out.push_back({"booster.checkers_under_piece",
                       "the piece on " + square_name(shape, p.square) + " has counter " + std::to_string(p.counter) +
                           " (light + 10 x dark, one colour only: booster.checkers.cancel)"});
      under[0] += c.light;
      under[1] += c.dark;
    }
    for (Square sq : stacked_squares(pos))
      out.push_back({"booster.single_occupancy", square_name(shape, sq) + " holds several pieces"});
    for (Color c : {Color::White, Color::Black}) {
      if (kings[static_cast<int>(c)] != 1)
        out.push_back({"booster.one_king_each", std::string(color_name(c)) + " has " +
                                                    std::to_string(kings[static_cast<int>(c)]) + " kings"});
      if (under[static_cast<int>(c)] > checkers_total(pos, c))
        out.push_back({"booster.six_checkers_each", std::string(color_name(c)) + " has more than its " +
                                                        std::to_string(checkers_total(pos, c)) +
                                                        " checkers on the board"});
    }
    // The variant fields, found in one pass: each known field's value, in
    // the order of kFieldKeys; the last two are not always there.
    constexpr std::string_view kFieldKeys[] = {kPhaseKey, kHandWhiteKey, kHandBlackKey, kStockKey, kDiscardKey, kBoostKey, kCheckersKey};
    const std::string* values[std::size(kFieldKeys)] = {};
    for (const auto& [key, value] : pos.vars) {
      auto known = std::find(std::begin(kFieldKeys), std::end(kFieldKeys), key);
      if (known == std::end(kFieldKeys))
        out.push_back({"booster.known_fields", "unknown variant field '" + key + "'"});
      else
        values[known - std::begin(kFieldKeys)] = &value;
    }
    for (std::size_t i = 0; i + 2 < std::size(kFieldKeys); ++i)  // all but the boost square and the checkers
      if (!values[i]) out.push_back({"booster.fields_present", "missing variant field '" + std::string(kFieldKeys[i]) + "'"});
    // booster.checkers_each, booster.handicap: "W,B", each 1 to 8, written
    // only where it is not 6 each.
    if (const std::string* n = values[6]) {
      auto digit = [](char d) { return d >= '1' && d <= '0' + kMostCheckers; };
      if (n->size() != 3 || (*n)[1] != ',' || !digit((*n)[0]) || !digit((*n)[2]) || *n == "6,6")
        out.push_back({"booster.checkers_field", "checkers holds '" + echo(*n) + "' (W,B: 1 to 8 each, not 6,6)"});
    }
    if (!out.empty()) return out;
    const std::string& phase_text = *values[0];
    auto phase = read_phase(phase_text);
    if (!phase) {
      out.push_back({"booster.phase", "unknown phase '" + phase_text + "'"});
      return out;
    }
    // The cards out, counted by letter ("-" is an empty pile).
    CardTally cards{};
    int out_count = 0;
    for (std::size_t i = 1; i <= 4; ++i) {  // the hands, the draw and the discard piles
      std::string_view key = kFieldKeys[i];
      const std::string& v = *values[i];
      if (!valid_cards(v)) {
        out.push_back({"booster.card_letters", std::string(key) + " holds '" + echo(v) + "'"});
      } else if (v != "-") {
        for (char c : v) ++cards[static_cast<unsigned char>(c)];
        out_count += static_cast<int>(v.size());
      }
    }
    if (!out.empty()) return out;
    if (*phase == Phase::Deal) {
      if (out_count != 0) out.push_back({"booster.deal_first", "cards are out before the deal"});
    } else {
      // The piece cards once each, and as many white checkers cards as black:
      // two of each colour, or none, one or four (booster.checkers_cards).
      int sixes = cards['S'];
      CardTally want = kDeckTally;
      want['S'] = want['s'] = sixes;
      if (cards != want || (sixes != 0 && sixes != 1 && sixes != 2 && sixes != 4))
        out.push_back({"booster.thirty_six_cards", "hands, draw and discard piles do not hold the deck's cards once each "
                                                   "(the 32 piece cards, and 0, 2, 4 or 8 checkers cards)"});
    }
    for (Color c : {Color::White, Color::Black}) {
      const std::string& held = *values[c == Color::White ? 1 : 2];
      int hand = held == "-" ? 0 : static_cast<int>(held.size());
      // The checkers in front of c (in_front): those not under a piece.
      if (hand > checkers_total(pos, c) - under[static_cast<int>(c)])
        out.push_back({"booster.hand_within_checkers", std::string(color_name(c)) + " holds more cards than checkers in front"});
    }
    bool has_boost = values[5] != nullptr;
    if (*phase == Phase::Boost) {
      auto sq = has_boost ? parse_square(shape, *values[5]) : std::nullopt;
      PieceId id = sq ? pos.occupant(*sq) : kNoPiece;
      if (id == kNoPiece || pos.piece(id).color != pos.side_to_move || !boosted(pos.piece(id)))
        out.push_back({"booster.boost_piece", "phase boost without a boosted piece of the side to move on 'boost'"});
    } else if (has_boost) {
      out.push_back({"booster.boost_piece", "a boost square outside phase boost"});
    }
    // Castling rights need the king and that rook at home.
    struct Right {
      std::uint8_t bit;
      int rank, rook_file;
      Color color;
    };
    for (const Right& r : {Right{kWhiteKingside, 0, 7, Color::White}, Right{kWhiteQueenside, 0, 0, Color::White},
                           Right{kBlackKingside, 7, 7, Color::Black}, Right{kBlackQueenside, 7, 0, Color::Black}}) {
      if (!(pos.castling & r.bit)) continue;
      auto is = [&](int file, KindId kind) {
        PieceId id = pos.occupant(shape.square(file, r.rank));
        return id != kNoPiece && pos.piece(id).kind == kind && pos.piece(id).color == r.color;
      };
      if (!is(4, orthodox::kKing) || !is(r.rook_file, orthodox::kRook))
        out.push_back({"booster.castling_rights", "castling right without king and rook at home"});
    }
    // An en passant square lies behind a pawn of the side that made the
    // double step this turn (the side to move during the turn's later parts,
    // the other side in phase move), its start square still empty: a booster
    // move clears it (booster.special.no_ep_after_boost), so the pawn has not
    // moved since. A state with the pawn gone (taken off from outside) is no
    // position of the game.
    if (pos.en_passant != kNoSquare) {
      Color mover = *phase == Phase::Move || *phase == Phase::Deal ? opposite(pos.side_to_move) : pos.side_to_move;
      int dir = mover == Color::White ? 1 : -1;
      int rank = shape.rank_of(pos.en_passant);
      Square pawn_sq = shape.offset(pos.en_passant, 0, dir);
      Square origin = shape.offset(pos.en_passant, 0, -dir);
      PieceId pawn = pawn_sq == kNoSquare ? kNoPiece : pos.occupant(pawn_sq);
      if (rank != 2 && rank != 5) {
        out.push_back({"booster.en_passant", "en passant square off ranks 3 and 6"});
      } else if (!pos.empty(pos.en_passant)) {
        out.push_back({"booster.en_passant", "en passant square occupied"});
      } else if (rank != (mover == Color::White ? 2 : 5) || origin == kNoSquare || !pos.empty(origin) ||
                 pawn == kNoPiece || pos.piece(pawn).kind != orthodox::kPawn || pos.piece(pawn).color != mover) {
        out.push_back({"booster.en_passant", "en passant square " + square_name(shape, pos.en_passant) +
                                                 " does not follow a double step of the side that moved"});
      }
    }
    return out;
  }

  std::string move_text(const State& s, const Move& m) const override {
    Phase p = phase_of(s.position);
    if (p == Phase::Deal || p == Phase::Shuffle) return shuffle_text(m);
    if (m.code != 0 && !m.is(kMovePass))
      return std::string(1, static_cast<char>(m.code)) + "@" + square_name(s.position.shape(), m.to);
    return move_to_string(s.position.shape(), kinds(), m);
  }

  Expected<Move> read_move(const State& s, Role role, std::string_view text) const override {
    if (role == Role::Chance) {
      if (auto m = read_shuffle(text)) return *m;
      return Error{"cannot read a shuffle in '" + echo(text) + "' (write shuffle-N)"};
    }
    std::size_t at = text.find('@');
    if (at != std::string_view::npos) {
      if (at != 1 || kDeck.find(text[0]) == std::string_view::npos)
        return Error{"cannot read a card before '@' in '" + echo(text) + "'"};
      std::size_t used = 0;
      auto sq = parse_square(s.position.shape(), text.substr(2), &used);
      if (!sq || used + 2 != text.size())
        return Error{"cannot read a square after '@' in '" + echo(text) + "'"};
      Move m{kNoSquare, *sq};
      m.code = static_cast<std::uint16_t>(static_cast<unsigned char>(text[0]));
      return m;
    }
    return parse_move(s.position.shape(), kinds(), text);
  }

  std::optional<Move> match_action(const State& s, Role role, const Move& read, const Readings& readings) const override {
    Phase p = phase_of(s.position);
    if (role == Role::Chance && (p == Phase::Deal || p == Phase::Shuffle) && !s.outcome.over())
      return shuffle_action(read.code);
    return Variant::match_action(s, role, read, readings);
  }

  // booster.setup.hidden: a player sees its own hand; no one sees the order
  // of the draw pile.
  bool hidden_information() const override { return true; }

  std::string observation(const State& s, Role role) const override {
    State seen = s;
    Position& pos = seen.position;
    if (role != Role::White) pos.vars[kHandWhiteKey] = mask(field(s.position, kHandWhiteKey));
    if (role != Role::Black) pos.vars[kHandBlackKey] = mask(field(s.position, kHandBlackKey));
    pos.vars[kStockKey] = mask(field(s.position, kStockKey));
    return to_fen(pos);
  }

  std::optional<State> resample_hidden(const State& s, Role role, std::uint64_t seed) const override {
    if (role != Role::White && role != Role::Black) return std::nullopt;
    Color other = role == Role::White ? Color::Black : Color::White;
    std::string_view theirs = field(s.position, hand_key(other)), stock = field(s.position, kStockKey);
    std::string pool(theirs);
    pool += stock;
    seeded_shuffle(std::span<char>(pool.data(), pool.size()), seed);
    State out = s;
    std::string_view dealt = pool;
    set_field(out.position, hand_key(other), dealt.substr(0, theirs.size()));
    set_field(out.position, kStockKey, dealt.substr(theirs.size()));
    return out;
  }

  // No step_bound: the text bounds no game (booster moves can walk pawns
  // back, so even the fifty-move rule does not; under
  // booster.regular_chess_draws=checkmate_only nothing does). The tools cut
  // random games at their own bound.
};

const Variant& variant() {
  static const Booster v;
  return v;
}

}  // namespace arbiter::booster
