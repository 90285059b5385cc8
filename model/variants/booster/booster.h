#pragma once
// Booster Chess (chess-kit-new-rules.md) as a Variant: orthodox chess whose
// pieces stand on checkers dealt out by cards. A turn is several steps by the
// same role (move, boost, add; the draw happens at the end of the turn), and
// the chance role deals and reshuffles. rules.cpp holds the movement, the
// booster threats and the parts of a turn; booster.cpp the game around them.
//
// Checkers under a piece live in Piece::counter: c = light + 10 * dark (the
// extended FEN writes counters 0..32767, so no sign). Pairs cancel at once, so
// at most one of the two is ever non-zero. The checkers in front of a player
// are not stored: they are the 6 of that colour not under a piece (or the
// number the `checkers` field gives, under the options booster.checkers_each
// and booster.handicap).
#include <optional>
#include <string>
#include <string_view>

#include "model/core/game.h"

namespace arbiter::booster {

inline constexpr std::string_view kVariantId = "booster";
inline constexpr std::string_view kVariantName = "Booster Chess";
inline constexpr Variant::TextSection kTextSection = {"chess-kit-new-rules.md", "## Booster Chess",
                                                       "## Neighbour Chess Solitaire"};
inline constexpr int kCheckersEach = 6;  // booster.setup.checkers
inline constexpr int kHandSize = 6;      // booster.setup.deal
// The most checkers a player can have under any option (booster.checkers_each):
// a piece's counter holds at most 9 of a colour.
inline constexpr int kMostCheckers = 8;
// The 36 cards (booster.equipment.deck): one per piece, named by the piece's
// FEN letter, and the four sixes: S a white checkers card, s a black one.
inline constexpr std::string_view kDeck = "KQRRBBNNPPPPPPPPkqrrbbnnppppppppSSss";

// Variant fields (docs/booster.md).
inline constexpr std::string_view kPhaseKey = "phase";      // deal, move, boost, add, shuffle
inline constexpr std::string_view kHandWhiteKey = "hand_w";  // White's cards, "-" for none
inline constexpr std::string_view kHandBlackKey = "hand_b";
inline constexpr std::string_view kStockKey = "stock";       // the draw pile, top card first
inline constexpr std::string_view kDiscardKey = "discard";   // the discard pile, oldest first
inline constexpr std::string_view kBoostKey = "boost";       // phase boost: the square of the boosted piece
// The players' numbers of checkers, "W,B" ("4,6"), written only where an
// option makes them other than 6 each (booster.checkers_each, booster.handicap).
inline constexpr std::string_view kCheckersKey = "checkers";

enum class Phase { Deal, Move, Boost, Add, Shuffle };

// Checkers under a piece: light (White's) and dark (Black's).
struct Checkers {
  int light = 0;
  int dark = 0;
  int of(Color c) const { return c == Color::White ? light : dark; }
};
Checkers checkers_of(const Piece& p);
std::int16_t encode_checkers(Checkers c);
// Boosted: on checkers of its own colour; hobbled: on the opponent's.
bool boosted(const Piece& p);
bool hobbled(const Piece& p);
// The checkers of colour c in the game (6 unless the `checkers` field says
// otherwise), and those in front of its player (not under any piece).
int checkers_total(const Position& pos, Color c);
int in_front(const Position& pos, Color c);

const Variant& variant();

}  // namespace arbiter::booster
