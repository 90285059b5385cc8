#pragma once
// Piece kinds as data. A kind is a list of movements; each movement is a
// (file, rank) step taken in a set of directions, leapt once or ridden up to a
// range, restricted to moving or capturing, optionally forward only, optionally
// hopping over one screen. Fairy pieces are added by description; behaviour no
// description covers is code in its variant.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/fixed_vector.h"

namespace arbiter {

enum class MoveMode : std::uint8_t { MoveOrCapture, MoveOnly, CaptureOnly };

// Which of the step's symmetric images the movement uses. Directions are
// written from White's side; Black's are mirrored rank-wise.
enum class Directions : std::uint8_t {
  All,       // every image of (df, dr) under the board's 8 symmetries
  Forward,   // the images with dr > 0 (and dr == 0 kept out)
  Backward,  // the images with dr < 0
  Sideways,  // the images with dr == 0
  Exact,     // just (df, dr) itself
};

enum class Hop : std::uint8_t {
  None,    // a rider stops at the first occupied square
  Screen,  // passes exactly one occupied square (the screen) first, as a cannon
};

struct Movement {
  int df = 0;
  int dr = 0;
  int range = 1;  // 1: a leap; n: up to n steps; 0: unlimited
  MoveMode mode = MoveMode::MoveOrCapture;
  Directions directions = Directions::All;
  Hop hop = Hop::None;
};

// One concrete direction of a movement, precomputed for White.
struct Step {
  int df = 0;
  int dr = 0;
  int range = 1;
  MoveMode mode = MoveMode::MoveOrCapture;
  Hop hop = Hop::None;
};

using KindId = std::uint8_t;
constexpr KindId kNoKind = 0xff;

struct PieceKind {
  std::string code;  // upper case, one letter or several ("N", "CN")
  std::string name;
  std::vector<Movement> movements;
  bool royal = false;  // its capture or checkmate decides the game
  std::vector<Step> steps;  // derived from movements by PieceSet::add
  // Which capturing step reaches each relative offset (White's view, blockers
  // ignored), so attack tests skip the steps that cannot reach a square:
  // reach[kReachIndex(df, dr)] is 0 (none), 1 + the step's index, or kManySteps.
  std::vector<std::uint8_t> reach;  // derived by PieceSet::add
};

constexpr int kReachSpan = 2 * 16 - 1;  // offsets -15..15 on boards up to 16x16
constexpr std::uint8_t kManySteps = 0xff;
constexpr int reach_index(int df, int dr) { return (dr + 15) * kReachSpan + (df + 15); }

// The kinds one variant uses; KindId indexes into it.
class PieceSet {
 public:
  KindId add(PieceKind kind);
  const PieceKind& operator[](KindId id) const { return kinds_[id]; }
  std::size_t size() const { return kinds_.size(); }
  // Case-insensitive lookup by code.
  std::optional<KindId> find(std::string_view code) const;
  const std::vector<PieceKind>& kinds() const { return kinds_; }

 private:
  std::vector<PieceKind> kinds_;
};

// Expands a movement into its concrete steps (White's view), without
// duplicates: at most its eight images. In place, for the move generators
// that expand a piece's movements each time they read them.
using Steps = FixedVector<Step, 8>;
Steps expand(const Movement& m);

// Movement vocabulary (Betza-like atoms).
Movement leap(int df, int dr, MoveMode mode = MoveMode::MoveOrCapture);
Movement ride(int df, int dr, int range = 0, MoveMode mode = MoveMode::MoveOrCapture);

// The orthodox pieces, described as data. The pawn's double step, en passant
// and promotion are rules of a variant, not part of the kind.
namespace kinds {
PieceKind king();
PieceKind queen();
PieceKind rook();
PieceKind bishop();
PieceKind knight();
PieceKind pawn();
}  // namespace kinds

}  // namespace arbiter
