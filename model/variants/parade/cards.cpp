// The cards of Parade Chess Solitaire, the placement order with its gaps,
// attacks and the connected-group test.
#include <algorithm>
#include <array>
#include <cassert>

#include "model/variants/parade/parade.h"

namespace arbiter::parade {

const PieceSet& kinds() {
  // parade.setup.no_pawns: the pawns are put away, so the set has none.
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

// parade.setup.one_card_per_piece, parade.setup.sixteen_cards: one card per
// non-pawn piece. Appendix A is missing (gap finding, scenario
// parade.appendix_a.missing): colour by suit (hearts and diamonds White) and
// kind by rank are what the example fixes (appendix.cpp); which red and which
// black suit the queen and king take changes no step: the model uses hearts
// and spades.
const std::array<Card, 16>& all_cards() {
  static const std::array<Card, 16> cards = {{
      {'8', 'H'}, {'8', 'D'}, {'9', 'H'}, {'9', 'D'}, {'T', 'H'}, {'T', 'D'}, {'Q', 'H'}, {'K', 'H'},
      {'8', 'S'}, {'8', 'C'}, {'9', 'S'}, {'9', 'C'}, {'T', 'S'}, {'T', 'C'}, {'Q', 'S'}, {'K', 'S'},
  }};
  return cards;
}

int card_index(const Card& c) {
  // all_cards: White's eights, nines and tens (hearts before diamonds), its
  // queen and king of hearts, then the same for Black (spades, clubs).
  int colour = 0;
  bool second = false;  // diamonds or clubs
  switch (c.suit) {
    case 'H': break;
    case 'D': second = true; break;
    case 'S': colour = 8; break;
    case 'C': colour = 8; second = true; break;
    default: return -1;
  }
  switch (c.rank) {
    case '8': return colour + second;
    case '9': return colour + 2 + second;
    case 'T': return colour + 4 + second;
    case 'Q': return second ? -1 : colour + 6;
    case 'K': return second ? -1 : colour + 7;
    default: return -1;
  }
}

std::optional<Card> read_card(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  Card c{text[0], text[1]};
  if (card_index(c) < 0) return std::nullopt;
  return c;
}

char kind_code(const Card& c) {
  switch (c.rank) {
    case '8': return 'N';
    case '9': return 'B';
    case 'T': return 'R';
    case 'Q': return 'Q';
    default: return 'K';
  }
}

Color card_color(const Card& c) { return c.suit == 'H' || c.suit == 'D' ? Color::White : Color::Black; }

// parade.setup.gap_before_piece under parade.appendix_a.table: one gap per
// kind for both colours (the white king takes the black king's 6: gap
// finding, scenario parade.appendix_a.gap_per_colour).
int gap(const Card& c, std::string_view table) {
  switch (c.rank) {
    case '8': return 1;
    case '9': return 2;
    case 'T': return 3;
    case 'Q': return table == "value_order" ? 4 : 5;
    default: return 6;
  }
}

std::string cards_text(std::span<const Card> cards) {
  std::string out;
  out.reserve(cards.size() * 3);
  write_cards(out, cards);
  return out;
}

void write_cards(std::string& out, std::span<const Card> cards) {
  out.clear();
  if (cards.empty()) {
    out += '-';  // the cleared string: "-"
    return;
  }
  for (const Card& c : cards) {
    if (!out.empty()) out += ',';
    out += c.rank;
    out += c.suit;
  }
}

std::optional<Pile> read_cards(std::string_view text) {
  Pile out;
  if (text == "-") return out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    std::string_view part = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    auto c = read_card(part);
    if (!c || out.size() == 16) return std::nullopt;
    out.push_back(*c);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

// parade.setup.placement_order: a1..h1, a2..h2, ...: the square index itself.
std::optional<Square> placement(Square last, int gap) {
  int at = last + gap + 1;
  if (at >= 64) return std::nullopt;
  return static_cast<Square>(at);
}

// parade.win.connected, parade.win.orthogonal_only.
bool connected(const Position& pos) {
  BoardShape shape = pos.shape();
  // The board's squares, held in place: a step asks this after every action.
  std::size_t occupied = 0;
  Square first = kNoSquare;
  for (Square s = 0; s < shape.size(); ++s)
    if (!pos.empty(s)) {
      if (occupied++ == 0) first = s;
    }
  if (occupied == 0) return false;
  std::array<bool, kMaxSquares> seen{};
  std::array<Square, kMaxSquares> todo;  // each square is put here once at most
  std::size_t pending = 0;
  todo[pending++] = first;
  seen[first] = true;
  std::size_t reached = 0;
  while (pending > 0) {
    Square s = todo[--pending];
    ++reached;
    static constexpr int kSteps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (const auto& d : kSteps) {
      Square n = shape.offset(s, d[0], d[1]);
      if (n == kNoSquare || seen[n] || pos.empty(n)) continue;
      seen[n] = true;
      todo[pending++] = n;
    }
  }
  return reached == occupied;
}

// The regular chess attacks of the piece on `from`: no pawns here.
SquareSet attacked(const Position& pos, Square from, Square vacated) {
  assert(pos.shape().size() <= 64);
  SquareSet out = 0;
  const Piece& p = pos.piece(pos.occupant(from));
  const std::string& code = pos.kind_of(p).code;
  // The walks carry file and rank along rather than dividing a square
  // number out at every step (listing the actions asks this of every piece).
  const BoardShape shape = pos.shape();
  const int file = shape.file_of(from), rank = shape.rank_of(from);
  auto leaps = [&](std::initializer_list<std::pair<int, int>> ds) {
    for (auto [df, dr] : ds)
      if (shape.contains(file + df, rank + dr)) out |= SquareSet{1} << shape.square(file + df, rank + dr);
  };
  auto rides = [&](std::initializer_list<std::pair<int, int>> ds) {
    for (auto [df, dr] : ds)
      for (int f = file + df, r = rank + dr; shape.contains(f, r); f += df, r += dr) {
        Square t = shape.square(f, r);
        out |= SquareSet{1} << t;
        if (t != vacated && !pos.empty(t)) break;
      }
  };
  // The kinds' codes are one letter each.
  char letter = code.size() == 1 ? code[0] : '\0';
  if (letter == 'K') leaps({{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
  if (letter == 'N') leaps({{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
  if (letter == 'R' || letter == 'Q') rides({{1, 0}, {-1, 0}, {0, 1}, {0, -1}});
  if (letter == 'B' || letter == 'Q') rides({{1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
  return out;
}

SquareSet attacked_beyond(const Position& pos, Square from, Square vacated) {
  const std::string& code = pos.kind_of(pos.piece(pos.occupant(from))).code;
  char letter = code.size() == 1 ? code[0] : '\0';
  BoardShape shape = pos.shape();
  int df = shape.file_of(vacated) - shape.file_of(from), dr = shape.rank_of(vacated) - shape.rank_of(from);
  bool straight = df == 0 || dr == 0, diagonal = df == dr || df == -dr;
  bool rides = (straight && (letter == 'R' || letter == 'Q')) || (diagonal && (letter == 'B' || letter == 'Q'));
  SquareSet out = 0;
  if (!rides) return out;
  df = (df > 0) - (df < 0);
  dr = (dr > 0) - (dr < 0);
  for (int f = shape.file_of(vacated) + df, r = shape.rank_of(vacated) + dr; shape.contains(f, r); f += df, r += dr) {
    Square t = shape.square(f, r);
    out |= SquareSet{1} << t;
    if (!pos.empty(t)) break;
  }
  return out;
}

}  // namespace arbiter::parade
