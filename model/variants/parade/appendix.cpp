// Appendix A of Parade Chess Solitaire is missing from the text. This solver
// enumerates a family of plausible card tables and keeps those that agree
// with every constraint the section's worked example gives:
//
//   family: each suit is White or Black; each of knight, bishop, rook has one
//   rank whose cards of the two suits of each colour are that colour's two
//   pieces; each colour's queen and king are one card each (any other rank,
//   a suit of the colour); each kind has one gap 0..7 (both colours alike).
//
//   constraints (parade.setup.example, parade.add.example):
//   - the cards drawn run "from the 9 and 10 of hearts to the 9 of spades",
//     their faces B, R, k, r / n, N, r, b: 9H is a white bishop, 10H a white
//     rook, 9S a black bishop;
//   - "if you played the 8 of diamonds, you would play a white knight": 8D
//     is a white knight;
//   - the placements B c1, R g1, k f2, r b3, n d3, N f3, r b4, b e4 come out
//     of the gaps in the a1..h1, a2.. order;
//   - the added knight leaves "a one-square gap after the black bishop".
#include <set>

#include "model/variants/parade/parade.h"

namespace arbiter::parade {

namespace {

constexpr char kRanks[13] = {'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'};
constexpr char kSuits[4] = {'H', 'D', 'S', 'C'};
enum Kind { N, B, R, Q, K, kKinds };
constexpr char kKindCodes[kKinds] = {'N', 'B', 'R', 'Q', 'K'};

int suit_index(char s) {
  for (int i = 0; i < 4; ++i)
    if (kSuits[i] == s) return i;
  return -1;
}

}  // namespace

AppendixAnalysis analyse_appendix_a() {
  AppendixAnalysis out;
  // 1. Suit colours and the ranks of knight, bishop and rook.
  long long structures = 0, structures_ok = 0;
  int ok_colour_mask = -1, ok_ranks[3] = {-1, -1, -1};
  for (int mask = 0; mask < 16; ++mask) {  // bit set: the suit is White
    auto white = [&](char suit) { return (mask >> suit_index(suit) & 1) != 0; };
    int whites = __builtin_popcount(static_cast<unsigned>(mask));
    for (int n = 0; n < 13; ++n)
      for (int b = 0; b < 13; ++b)
        for (int r = 0; r < 13; ++r) {
          if (n == b || b == r || n == r) continue;
          ++structures;
          // One card per piece: two knights, bishops, rooks of each colour
          // need two suits of each colour.
          if (whites != 2) continue;
          auto kind_of = [&](char rank) -> int {
            if (rank == kRanks[n]) return N;
            if (rank == kRanks[b]) return B;
            if (rank == kRanks[r]) return R;
            return -1;
          };
          bool ok = kind_of('9') == B && white('H')    // 9H: B
                    && kind_of('T') == R               // 10H: R
                    && !white('S')                     // 9S: b
                    && kind_of('8') == N && white('D');  // 8D: N
          if (!ok) continue;
          ++structures_ok;
          ok_colour_mask = mask;
          ok_ranks[0] = n, ok_ranks[1] = b, ok_ranks[2] = r;
        }
  }
  // 2. The queens and kings: a card each of another rank, of the colour's suits.
  long long royals_ok = 0;
  if (structures_ok == 1) {
    std::vector<std::pair<int, int>> white_cards, black_cards;  // (rank, suit)
    for (int rank = 0; rank < 13; ++rank) {
      if (rank == ok_ranks[0] || rank == ok_ranks[1] || rank == ok_ranks[2]) continue;
      for (int suit = 0; suit < 4; ++suit)
        ((ok_colour_mask >> suit & 1) ? white_cards : black_cards).push_back({rank, suit});
    }
    long long white_pairs = 0, black_pairs = 0;
    for (auto q : white_cards)
      for (auto k : white_cards) white_pairs += q != k;
    for (auto q : black_cards)
      for (auto k : black_cards) black_pairs += q != k;
    royals_ok = white_pairs * black_pairs;  // the drawn k is any black king card
  }
  // 3. Gaps per kind, checked against the placements of the setup example.
  const int drawn[8] = {B, R, K, R, N, N, R, B};
  const char* squares[8] = {"c1", "g1", "f2", "b3", "d3", "f3", "b4", "e4"};
  long long gap_tables = 0, gaps_ok = 0;
  std::set<int> queen_gaps;
  int fixed_gaps[kKinds] = {-1, -1, -1, -1, -1};
  std::set<std::string> add_squares;
  for (int code = 0; code < 8 * 8 * 8 * 8 * 8; ++code) {
    int g[kKinds];
    for (int k = 0, c = code; k < kKinds; ++k, c /= 8) g[k] = c % 8;
    ++gap_tables;
    Square last = -1;
    bool ok = true;
    for (int i = 0; i < 8 && ok; ++i) {
      auto at = placement(last, g[drawn[i]]);
      ok = at && square_name(BoardShape{8, 8}, *at) == squares[i];
      if (ok) last = *at;
    }
    if (!ok) continue;
    ++gaps_ok;
    queen_gaps.insert(g[Q]);
    for (int k = 0; k < kKinds; ++k) fixed_gaps[k] = (fixed_gaps[k] == -1 || fixed_gaps[k] == g[k]) ? g[k] : -2;
    // The ADD example: the 8 of diamonds (a knight) after the black bishop on e4.
    auto at = placement(last, g[N]);
    std::string name = at ? square_name(BoardShape{8, 8}, *at) : "off the board";
    add_squares.insert(name);
    if (name == "g7") ++out.add_example_g7_tables;
  }
  out.candidates = structures * gap_tables;  // times the royal cards, which no constraint narrows
  out.consistent = structures_ok * gaps_ok * royals_ok;
  if (structures_ok == 1) {
    std::string reds, blacks;
    for (int s = 0; s < 4; ++s) ((ok_colour_mask >> s & 1) ? reds : blacks) += kSuits[s];
    out.fixed.push_back("White suits " + reds + ", Black suits " + blacks);
    out.fixed.push_back(std::string("knight rank ") + kRanks[ok_ranks[0]] + ", bishop rank " + kRanks[ok_ranks[1]] +
                        ", rook rank " + kRanks[ok_ranks[2]]);
  }
  for (int k = 0; k < kKinds; ++k)
    if (fixed_gaps[k] >= 0) out.fixed.push_back(std::string(1, kKindCodes[k]) + " gap " + std::to_string(fixed_gaps[k]));
  if (queen_gaps.size() > 1)
    out.open.push_back("queen gap: any of " + std::to_string(queen_gaps.size()) + " values 0..7");
  if (royals_ok > 1)
    out.open.push_back("queen and king cards: " + std::to_string(royals_ok) + " choices of rank and suit");
  out.add_example_square = add_squares.size() == 1 ? *add_squares.begin() : "several";
  return out;
}

}  // namespace arbiter::parade
