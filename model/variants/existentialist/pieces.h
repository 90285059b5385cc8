#pragma once
// The piece kinds of Existentialist Chess as data. A kind's movements hold
// what the core's movement atoms can say (leaps, rides with a range, move- or
// capture-only, directions, the cannon's screen); what they cannot say is code
// of this variant, listed per kind in kind_notes() and in docs/existentialist.md.
// Some kinds hold several movement sets and code chooses one: the schizzies
// by the file a move starts on, the existentialist by the number of its next
// move, the bobber by its range.
#include <array>
#include <string_view>
#include <vector>

#include "model/core/piece_kind.h"

namespace arbiter::existentialist {

// The kinds in the order kinds() adds them, so that code can name them.
enum Kind : KindId {
  kKing,            // K
  kBobber,          // BOB
  kSquire,          // S
  kViceroy,         // V
  kPawn,            // P
  kCrownedKnight,   // CN
  kDazzler,         // D
  kHyena,           // H
  kArcher,          // A
  kZednick,         // Z
  kYanzee,          // Y
  kLeftSchizzy,     // LSC
  kRightSchizzy,    // RSC
  kExistentialist,  // X
  kTeleporter,      // T
  // Kinds that appear during play: promotions, the demoted hyena, the pawn a
  // zednick has joined, and the squares of a shield.
  kQueen,        // Q
  kRook,         // R
  kBishop,       // B
  kKnight,       // N
  kWildcat,      // WC
  kAdventurist,  // ADV
  kShield,       // SH
  kKindCount
};

const PieceSet& kinds();

// The kinds a pawn, yanzee or adventurist may promote to.
inline constexpr std::array<Kind, 4> kPromotionKinds = {kQueen, kRook, kBishop, kKnight};

// How much of a kind's movement its data says.
enum class Expressed : std::uint8_t {
  Data,        // the kind's movements are its whole movement
  DataChosen,  // the movement sets are data; code chooses or sizes one per move
  Code,        // its moves are code (data gives at most a part)
};

struct KindNote {
  Kind kind;
  Expressed expressed;
  std::string_view data;  // what the movements say
  std::string_view code;  // the behaviour left to the rules code (empty: none)
};
// One note per kind, in Kind order.
const std::vector<KindNote>& kind_notes();

// Movement sets that code chooses between.
std::vector<Movement> queen_lines();            // a queen's rides
std::vector<Movement> knight_or_wizard();       // knight, wizard's 1-3 leap, one square diagonally
std::vector<Movement> bobber_lines(int range);  // queen lines limited to `range` squares
// The existentialist's move n of its cycle (1..10). Move 1 (any empty square)
// and move 5 (two knight moves, the first not capturing) are code: their sets
// are empty. Move 3's sideways step from the first rank is its own set
// (stage3_first_rank), used in place of move 3's when it stands there.
std::vector<Movement> stage_movements(int stage);
std::vector<Movement> stage3_first_rank();

// The schizzy's two sides (files a..e are the left side, f..j the right).
bool on_knight_side(Kind schizzy, int file);

}  // namespace arbiter::existentialist
