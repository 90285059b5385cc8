// Neighbour Chess Solitaire: cards, state fields, where added pieces land,
// the neighbour moves and the connected group.
#include "model/variants/neighbour/rules.h"

#include <algorithm>
#include <array>
#include <span>

#include "model/core/chance.h"
#include "model/variants/neighbour/clauses.h"

namespace arbiter::neighbour {

const PieceSet& kinds() {
  static const PieceSet set = [] {
    PieceSet s;
    s.add(kinds::king());
    s.add(kinds::queen());
    s.add(kinds::rook());
    s.add(kinds::bishop());
    s.add(kinds::knight());
    return s;
  }();
  return set;
}

std::string all_position_cards() {
  std::string out;
  for (char suit : kSuits)
    for (char n = '2'; n <= '6'; ++n) {
      out += n;
      out += suit;
    }
  return out;
}

bool red(std::string_view card) { return card.size() == 2 && (card[1] == 'H' || card[1] == 'D'); }
int card_number(std::string_view card) { return card.empty() ? 0 : card[0] - '0'; }

std::string_view phase_name(Phase p) {
  for (const auto& [phase, name] : kPhaseNames)
    if (phase == p) return name;
  return "?";
}

namespace {
// A field's text in place; empty for "-" or absent.
std::string_view field(const Position& pos, std::string_view key) {
  auto it = pos.vars.find(key);
  if (it == pos.vars.end() || it->second == "-") return {};
  return it->second;
}
}  // namespace

Piles piles_of(const Position& pos) {
  return {field(pos, kPieceDeckKey), field(pos, kPieceDiscardKey), field(pos, kPositionDeckKey),
          field(pos, kPositionDiscardKey)};
}

void write_piles(Position& pos, const Piles& piles) {
  auto put = [&](std::string_view key, std::string_view v) { pos.vars[key] = v.empty() ? "-" : v; };
  put(kPieceDeckKey, piles.pdeck);
  put(kPieceDiscardKey, piles.pdisc);
  put(kPositionDeckKey, piles.sdeck);
  put(kPositionDiscardKey, piles.sdisc);
}

// The letters move within the fields' own strings, which keep their room
// from one step's state to the next.
std::string flip_top(Position& pos, std::string_view deck_key, std::string_view discard_key, std::size_t width) {
  std::string& deck = pos.vars[deck_key];
  if (deck == "-") deck.clear();
  std::string card = deck.substr(0, width);
  deck.erase(0, width);
  if (deck.empty()) deck = "-";
  std::string& discard = pos.vars[discard_key];
  if (discard == "-") discard.clear();
  discard += card;
  if (discard.empty()) discard = "-";
  return card;
}

namespace {
// The position cards in the order of their pile, held in place.
using PositionCards = FixedVector<std::array<char, 2>, 20>;
}  // namespace

// neighbour.setup.shuffle: the pieces deck letter by letter, the positions
// deck card by card (a last odd letter left out).
void shuffle_decks(Position& pos, std::uint64_t piece_seed, std::uint64_t position_seed) {
  std::string& pdeck = pos.vars[kPieceDeckKey];
  if (pdeck == "-") pdeck.clear();
  seeded_shuffle(std::span<char>(pdeck.data(), pdeck.size()), piece_seed);
  if (pdeck.empty()) pdeck = "-";
  std::string& sdeck = pos.vars[kPositionDeckKey];
  if (sdeck == "-") sdeck.clear();
  PositionCards cards;
  for (std::size_t i = 0; i + 1 < sdeck.size(); i += 2) cards.push_back({sdeck[i], sdeck[i + 1]});
  seeded_shuffle(std::span<std::array<char, 2>>(cards.begin(), cards.size()), position_seed);
  sdeck.clear();
  for (const std::array<char, 2>& card : cards) sdeck.append(card.data(), card.size());
  if (sdeck.empty()) sdeck = "-";
}

Phase phase_of(const Position& pos) {
  std::string_view name = field(pos, kPhaseKey);
  for (const auto& [phase, n] : kPhaseNames)
    if (n == name) return phase;
  return Phase::Deal;
}

void set_phase(Position& pos, Phase p) { pos.vars[kPhaseKey] = phase_name(p); }

Square square_field(const Position& pos, std::string_view key) {
  std::string_view v = field(pos, key);
  if (v.empty()) return kNoSquare;
  std::size_t used = 0;
  auto sq = parse_square(pos.shape(), v, &used);
  return sq && used == v.size() ? *sq : kNoSquare;
}

void set_square_field(Position& pos, std::string_view key, Square s) {
  pos.vars[key] = s == kNoSquare ? std::string("-") : square_name(pos.shape(), s);
}

// neighbour.add.red_right, neighbour.add.black_up, neighbour.add.wrap: count
// right or up, looping round to the opposite side.
Square card_target(const BoardShape& shape, Square from, std::string_view card, bool* wrapped) {
  int f = shape.file_of(from), r = shape.rank_of(from), n = card_number(card);
  if (red(card)) {
    *wrapped = f + n >= shape.files;
    return shape.square((f + n) % shape.files, r);
  }
  *wrapped = r + n >= shape.ranks;
  return shape.square(f, (r + n) % shape.ranks);
}

// neighbour.add.occupied_neighbour, .ring_outward, .no_wrap_displace: the
// neighbours of the square, then their neighbours, and so on, are the squares
// at growing king distance that lie on the board.
SquareList displacement_squares(const Position& pos, Square target, int* ring) {
  const BoardShape& shape = pos.shape();
  int tf = shape.file_of(target), tr = shape.rank_of(target);
  SquareList free;
  for (int d = 1; d < std::max(shape.files, shape.ranks); ++d) {
    free.clear();
    for (Square s = 0; s < shape.size(); ++s) {
      int dist = std::max(std::abs(shape.file_of(s) - tf), std::abs(shape.rank_of(s) - tr));
      if (dist == d && pos.empty(s)) free.push_back(s);
    }
    if (!free.empty()) {
      *ring = d;
      return free;
    }
  }
  *ring = 0;
  return free;  // empty: no ring holds a free square
}

MoveRules move_rules(const Readings& readings) {
  return {consult(reading::kCapture, readings, nullptr) == "opposite_colour"};
}

namespace {

// The squares the piece on `from` reaches with the move of `kind`
// (neighbour.move.neighbour_move), under the capture reading; a slide stops at
// the first piece on its line (neighbour.move.slides_blocked).
template <class Emit>
void reach_with(const Position& pos, Square from, Color color, KindId kind, const MoveRules& rules, Emit emit) {
  const BoardShape& shape = pos.shape();
  for (const Step& st : pos.kinds()[kind].steps) {
    int limit = st.range == 0 ? std::max(shape.files, shape.ranks) : st.range;
    for (int k = 1; k <= limit; ++k) {
      Square to = shape.offset(from, st.df * k, st.dr * k);
      if (to == kNoSquare) break;
      if (pos.empty(to)) {
        emit(to);
        continue;
      }
      if (rules.capture && pos.piece(pos.occupant(to)).color != color) emit(to);
      break;
    }
  }
}

}  // namespace

namespace {

// The moves of the piece on `from` (not empty) by its same-colour
// neighbours' moves, one per target square, in square order; lender_of is
// scratch room for every square of the board.
void moves_from(const Position& pos, Square from, const MoveRules& rules, std::array<Square, kMaxSquares>& lender_of,
                PieceMoves& out) {
  const BoardShape& shape = pos.shape();
  const Piece& mover = pos.piece(pos.occupant(from));
  std::fill_n(lender_of.begin(), shape.size(), kNoSquare);
  std::array<bool, kKindCount> lent{};
  // neighbour.move.not_own_move: only the neighbours' moves, never its own.
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      if (df == 0 && dr == 0) continue;
      Square n = shape.offset(from, df, dr);
      if (n == kNoSquare || pos.empty(n)) continue;
      const Piece& other = pos.piece(pos.occupant(n));
      if (other.color != mover.color || lent[other.kind]) continue;
      lent[other.kind] = true;
      reach_with(pos, from, mover.color, other.kind, rules, [&](Square to) {
        if (lender_of[to] == kNoSquare) lender_of[to] = n;
      });
    }
  for (Square to = 0; to < shape.size(); ++to)
    if (lender_of[to] != kNoSquare) out.push_back({from, to, lender_of[to]});
}

}  // namespace

PieceMoves neighbour_moves_from(const Position& pos, Square from, const MoveRules& rules) {
  PieceMoves out;
  std::array<Square, kMaxSquares> lender_of;
  if (pos.on_board(from) && !pos.empty(from)) moves_from(pos, from, rules, lender_of, out);
  return out;
}

// Stops at the first piece with a move.
bool has_neighbour_move(const Position& pos, const MoveRules& rules) {
  PieceMoves out;
  std::array<Square, kMaxSquares> lender_of;
  for (Square from = 0; from < pos.shape().size() && out.empty(); ++from)
    if (!pos.empty(from)) moves_from(pos, from, rules, lender_of, out);
  return !out.empty();
}

int pieces_on_board(const Position& pos) {
  int n = 0;
  for (const Piece& p : pos.pieces()) n += p.on_board();
  return n;
}

// neighbour.win.connected: from any piece to any other, stepping on neighbours,
// the pieces on the 8 squares around (neighbour.win.eight_neighbours).
bool one_group(const Position& pos, bool lone) {
  const BoardShape& shape = pos.shape();
  int total = pieces_on_board(pos);
  if (total < 2) return lone;
  // Every square enters the stack once, when first seen: room for the board.
  std::array<Square, kMaxSquares> todo;
  int pending = 0;
  std::array<bool, kMaxSquares> seen;
  std::fill_n(seen.begin(), shape.size(), false);
  for (Square s = 0; s < shape.size() && pending == 0; ++s)
    if (!pos.empty(s)) {
      todo[pending++] = s;
      seen[s] = true;
    }
  int reached = 0;
  while (pending > 0) {
    Square s = todo[--pending];
    ++reached;
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr) {
        if (df == 0 && dr == 0) continue;
        Square n = shape.offset(s, df, dr);
        if (n == kNoSquare || seen[n] || pos.empty(n)) continue;
        seen[n] = true;
        todo[pending++] = n;
      }
  }
  return reached == total;
}

}  // namespace arbiter::neighbour
