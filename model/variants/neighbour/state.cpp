// Neighbour Chess Solitaire: reading a state text and the invariants every
// state keeps (the cards account for every piece, the piles for every card).
#include <array>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <set>
#include <string_view>
#include <vector>

#include "model/core/fen.h"
#include "model/variants/neighbour/neighbour.h"

namespace arbiter::neighbour {

namespace {

// How many times each letter occurs in some text, counted in place: two
// texts hold the same letters as many times when their counts are equal.
struct Letters {
  std::array<int, 256> count{};
  int total = 0;

  Letters() = default;
  explicit Letters(std::string_view text) { add(text); }
  void add(char c) {
    ++count[static_cast<unsigned char>(c)];
    ++total;
  }
  void add(std::string_view text) {
    for (char c : text) add(c);
  }
  bool empty() const { return total == 0; }
  bool operator==(const Letters& other) const { return count == other.count; }
  // Whether every letter occurs in `big` at least as many times.
  bool within(const Letters& big) const {
    for (std::size_t c = 0; c < count.size(); ++c)
      if (count[c] > big.count[c]) return false;
    return true;
  }
};

bool position_card(std::string_view c) {
  return c.size() == 2 && c[0] >= '2' && c[0] <= '6' && kSuits.find(c[1]) != std::string_view::npos;
}

// The fields' own form: which keys, which characters. Checked before anything
// reads them, so that malformed text is refused and never misread.
std::optional<std::string> malformed_fields(const Position& pos) {
  static const std::set<std::string_view> known = {kPhaseKey,        kPieceDeckKey,     kPieceDiscardKey, kPositionDeckKey,
                                                   kPositionDiscardKey, kLastKey,        kTargetKey};
  for (const auto& [key, value] : pos.vars)
    if (!known.count(key)) return "unknown field '" + key + "'";
  for (std::string_view key : {kPhaseKey, kPieceDeckKey, kPieceDiscardKey, kPositionDeckKey, kPositionDiscardKey, kLastKey})
    if (pos.vars.find(key) == pos.vars.end()) return "missing field '" + std::string(key) + "'";
  const std::string& phase = pos.vars.at(kPhaseKey);
  bool named = false;
  for (const auto& [p, name] : kPhaseNames) named = named || name == phase;
  if (!named) return "unknown phase '" + phase + "'";
  for (std::string_view key : {kPieceDeckKey, kPieceDiscardKey}) {
    const std::string& v = pos.vars.at(key);
    if (v == "-") continue;
    for (char c : v)
      if (kPieceCards.find(c) == std::string_view::npos)
        return "'" + std::string(key) + "' holds '" + std::string(1, c) + "', not a piece card";
  }
  for (std::string_view key : {kPositionDeckKey, kPositionDiscardKey}) {
    const std::string& v = pos.vars.at(key);
    if (v == "-") continue;
    if (v.size() % 2 != 0) return "'" + std::string(key) + "' is not a list of two-character cards";
    for (std::size_t i = 0; i < v.size(); i += 2)
      if (!position_card(std::string_view(v).substr(i, 2)))
        return "'" + std::string(key) + "' holds '" + v.substr(i, 2) + "', not a position card (2H..6C)";
  }
  for (std::string_view key : {kLastKey, kTargetKey}) {
    auto it = pos.vars.find(key);
    if (it == pos.vars.end() || it->second == "-") continue;
    if (square_field(pos, key) == kNoSquare) return "'" + std::string(key) + "' is not a square: '" + it->second + "'";
  }
  return std::nullopt;
}

// Whether the two-letter cards of the piles (a last odd letter of each left
// out) are the 20 position cards, each once: counted by card, in place.
bool every_position_card_once(std::initializer_list<std::string_view> piles) {
  std::array<bool, 20> seen{};
  int cards = 0;
  for (std::string_view pile : piles)
    for (std::size_t i = 0; i + 1 < pile.size(); i += 2) {
      std::string_view card = pile.substr(i, 2);
      if (!position_card(card)) return false;
      std::size_t index = static_cast<std::size_t>(card[0] - '2') * kSuits.size() + kSuits.find(card[1]);
      if (seen[index]) return false;
      seen[index] = true;
      ++cards;
    }
  return cards == 20;
}

}  // namespace

std::vector<InvariantViolation> Neighbour::check_invariants(const State& s) const {
  const Position& pos = s.position;
  std::vector<InvariantViolation> out = check_core_invariants(pos);
  if (auto bad = malformed_fields(pos)) {
    out.push_back({"neighbour.fields", *bad});
    return out;
  }
  for (Square sq : stacked_squares(pos))
    out.push_back({"neighbour.one_piece_a_square", square_name(pos.shape(), sq) + " holds several pieces"});
  Letters board;  // the pieces on the board, as their cards' letters
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    if (p.flags != 0 || p.counter != 0 || p.partner_square != kNoSquare)
      out.push_back({"neighbour.plain_pieces", "a piece on " + square_name(pos.shape(), p.square) + " has a state"});
    const std::string& code = pos.kind_of(p).code;
    if (p.color == Color::White) board.add(code);
    else board.add(static_cast<char>(std::tolower(code[0])));
  }
  if (pos.side_to_move != Color::White || pos.castling != 0 || pos.en_passant != kNoSquare)
    out.push_back({"neighbour.side_fields", "the side is w with no castling and no en passant square"});
  Piles p = piles_of(pos);
  // neighbour.setup.piece_deck, neighbour.setup.position_deck: every card once.
  static const Letters all_piece_cards(kPieceCards);
  Letters piece_cards(p.pdeck), flipped(p.pdisc);
  piece_cards.add(p.pdisc);
  if (!(piece_cards == all_piece_cards))
    out.push_back({"neighbour.piece_cards", "the pieces deck and its discard pile are not the 16 piece cards"});
  if (!every_position_card_once({p.sdeck, p.sdisc}))
    out.push_back({"neighbour.position_cards", "the positions deck and its discard pile are not the 20 position cards"});
  Phase phase = phase_of(pos);
  Square last = square_field(pos, kLastKey), target = square_field(pos, kTargetKey);
  bool has_target = pos.vars.find(kTargetKey) != pos.vars.end();
  if (has_target != (phase == Phase::Place))
    out.push_back({"neighbour.target", "a target square is kept exactly while a piece waits to be placed"});
  // Every piece on the board came from a flipped piece card.
  if (!board.within(flipped))
    out.push_back({"neighbour.board_matches_cards", "the board holds a piece whose card was not flipped"});
  switch (phase) {
    case Phase::Deal:
      if (!board.empty() || !p.pdisc.empty() || !p.sdisc.empty() || last != kNoSquare)
        out.push_back({"neighbour.deal", "before the deal the board and the discard piles are empty"});
      break;
    case Phase::Add:
    case Phase::Place: {
      std::string_view placed = p.pdisc;
      if (phase == Phase::Place && !placed.empty()) placed.remove_suffix(1);
      if (!(board == Letters(placed)))
        out.push_back({"neighbour.board_matches_cards", "while adding, the board holds exactly the flipped pieces"});
      if (p.sdisc.size() / 2 != p.pdisc.size())
        out.push_back({"neighbour.cards_in_pairs", "while adding, each piece card is flipped with one position card"});
      if ((last == kNoSquare) != board.empty() || (last != kNoSquare && pos.empty(last)))
        out.push_back({"neighbour.last", "the last piece added stands on the 'last' square"});
      if (phase == Phase::Place && (p.pdisc.empty() || target == kNoSquare || pos.empty(target)))
        out.push_back({"neighbour.target", "a piece waits for a square only when its card square is taken"});
      break;
    }
    case Phase::Move:
      if (p.cards_left() == 0)
        out.push_back({"neighbour.cards_left", "the second part goes on only while a card is left to spend"});
      [[fallthrough]];
    case Phase::Won:
    case Phase::Lost:
      if (board.empty()) out.push_back({"neighbour.pieces", "after adding, pieces stand on the board"});
      break;
  }
  if (s.outcome.result != outcome_of(pos).result)
    out.push_back({"neighbour.outcome", "the result does not match the phase"});
  return out;
}

Expected<State> Neighbour::parse_state(std::string_view fen) const {
  auto pos = parse_fen(fen, kinds());
  if (!pos) return Error{pos.error()};
  if (pos->shape() != BoardShape{8, 8}) return Error{"not a neighbour position: the board is 8x8"};
  if (auto bad = malformed_fields(*pos)) return Error{"not a neighbour position: " + *bad + " (neighbour.fields)"};
  State s{std::move(pos.value()), {}, {}};
  s.outcome = outcome_of(s.position);
  for (const InvariantViolation& v : check_invariants(s))
    return Error{"not a neighbour position: " + v.detail + " (" + v.label + ")"};
  return s;
}

}  // namespace arbiter::neighbour
