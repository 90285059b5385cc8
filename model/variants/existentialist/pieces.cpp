// The piece kinds of Existentialist Chess, each described by movement atoms as
// far as atoms go, and a note of what its rules code must add.
#include "model/variants/existentialist/pieces.h"

#include <cassert>

namespace arbiter::existentialist {

namespace {

constexpr MoveMode kMove = MoveMode::MoveOnly;
constexpr MoveMode kCapture = MoveMode::CaptureOnly;
constexpr MoveMode kEither = MoveMode::MoveOrCapture;

// A step of one square in every direction (king), with a mode.
std::vector<Movement> one_square(MoveMode mode = kEither) {
  return {leap(1, 0, mode), leap(1, 1, mode)};
}

std::vector<Movement> join(std::vector<Movement> a, const std::vector<Movement>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

PieceKind make(std::string code, std::string name, std::vector<Movement> movements,
               bool royal = false) {
  return PieceKind{std::move(code), std::move(name), std::move(movements), royal, {}, {}};
}

}  // namespace

std::vector<Movement> queen_lines() {
  return {ride(1, 0), ride(1, 1)};
}

std::vector<Movement> knight_or_wizard() {
  return {leap(1, 2), leap(1, 3), leap(1, 1)};
}

std::vector<Movement> bobber_lines(int range) {
  // existentialist.bobber.queen_after_ninth: nine squares reach across the
  // 10x10 board, so a bobber of range nine or more rides as a queen.
  int r = range >= 9 ? 0 : range;
  return {ride(1, 0, r), ride(1, 1, r)};
}

std::vector<Movement> stage3_first_rank() {
  // existentialist.cycle.stage3_first_rank_sideways
  return {Movement{1, 0, 1, kEither, Directions::Sideways}};
}

std::vector<Movement> stage_movements(int stage) {
  assert(stage >= 1 && stage <= 10);
  switch (stage) {
    case 1:
      return {};  // existentialist.cycle.stage1_any_empty_square: code
    case 2:
      return one_square();
    case 3:  // existentialist.cycle.stage3_backwards: bishop or knight, backwards only
      return {Movement{1, 1, 0, kEither, Directions::Backward},
              Movement{1, 2, 1, kEither, Directions::Backward}};
    case 4:  // existentialist.cycle.stage4_lateral_rook
      return {Movement{1, 0, 0, kEither, Directions::Sideways},
              Movement{1, 1, 1, kEither, Directions::Forward}};
    case 5:
      return {};  // existentialist.cycle.stage5_two_knight_moves: code
    case 6:
      return {leap(1, 3), leap(1, 1)};
    case 7:
      return knight_or_wizard();
    case 8:
      return queen_lines();
    case 9:
      return join(queen_lines(), {leap(1, 2)});
    default:
      return join(join(queen_lines(), {leap(1, 2)}), {leap(1, 3)});
  }
}

bool on_knight_side(Kind schizzy, int file) {
  // existentialist.schizzy.left / right: files a..e are 0..4.
  bool left_side = file <= 4;
  return schizzy == kLeftSchizzy ? left_side : !left_side;
}

const PieceSet& kinds() {
  static const PieceSet set = [] {
    PieceSet s;
    auto add = [&s](Kind expected, PieceKind k) {
      KindId id = s.add(std::move(k));
      assert(id == expected);
      (void)id;
      (void)expected;
    };
    // existentialist.dazzler.cannon_not_diagonal (FAQ 10): ranks and files only.
    Movement dazzler_cannon{1, 0, 0, kCapture, Directions::All, Hop::Screen};
    add(kKing, make("K", "king", one_square(), true));
    add(kBobber, make("BOB", "bobber", bobber_lines(1)));
    add(kSquire, make("S", "squire", {ride(1, 0), leap(1, 1)}));
    add(kViceroy, make("V", "viceroy", {ride(1, 1), leap(1, 0)}));
    add(kPawn, kinds::pawn());
    add(kCrownedKnight, make("CN", "crowned knight", {leap(1, 2), leap(1, 0), leap(1, 1)}));
    add(kDazzler,
        make("D", "dazzler", {leap(1, 0), leap(1, 1), leap(2, 0), leap(2, 2), dazzler_cannon}));
    add(kHyena, make("H", "hyena", {ride(1, 0, 3, kMove), ride(1, 1, 3, kMove)}));
    add(kArcher, make("A", "archer", one_square(kMove)));
    add(kZednick, make("Z", "zednick", one_square(kMove)));
    add(kYanzee, make("Y", "yanzee", one_square(kMove)));
    add(kLeftSchizzy, make("LSC", "left schizzy", knight_or_wizard()));
    add(kRightSchizzy, make("RSC", "right schizzy", knight_or_wizard()));
    add(kExistentialist, make("X", "existentialist", {}));
    add(kTeleporter, make("T", "teleporter", one_square(kCapture)));
    add(kQueen, kinds::queen());
    add(kRook, kinds::rook());
    add(kBishop, kinds::bishop());
    add(kKnight, kinds::knight());
    add(kWildcat, make("WC", "wildcat", {ride(1, 0, 3), ride(1, 1, 3)}));
    add(kAdventurist, make("ADV", "adventurist", one_square()));
    add(kShield, make("SH", "shield", {}));
    return s;
  }();
  return set;
}

const std::vector<KindNote>& kind_notes() {
  using E = Expressed;
  static const std::vector<KindNote> notes = {
      {kKing, E::Data, "one square any way",
       "castling with a squire; the king/archer's check rules; breaking a spell when in check"},
      {kBobber, E::DataChosen, "queen lines limited to its range",
       "the range: one more each move it makes, three more when the zednick joins it, a queen from "
       "nine"},
      {kSquire, E::Data, "rook, and one square diagonally", ""},
      {kViceroy, E::Data, "bishop, and one square orthogonally", ""},
      {kPawn, E::Data, "one square forwards, capturing one diagonally forwards",
       "the double step from its own third rank; en passant; promotion"},
      {kCrownedKnight, E::Data, "knight and king", ""},
      {kDazzler, E::Code,
       "one or two squares any way, the two-square move leaping; the cannon capture along ranks "
       "and files",
       "no jump over an enemy shield or a hibernating existentialist; the spells on jumped pieces; "
       "the cannon_lines reading"},
      {kHyena, E::Code, "up to three squares any way, never capturing",
       "immobilizing adjacent enemies; the forced move after an enemy dazzler's jump; becoming a "
       "wildcat"},
      {kArcher, E::Code, "one square any way, not capturing (unconfabulated)",
       "confabulation; arrows, their range, the three-turn limit and the rest turn"},
      {kZednick, E::Code, "one square any way, not capturing (unconfabulated)",
       "its four confabulations"},
      {kYanzee, E::Data, "one square any way, never capturing", "promotion on the last rank"},
      {kLeftSchizzy, E::DataChosen, "knight or wizard (its other set is a queen's lines)",
       "the set: knight or wizard from files a..e, queen from files f..j"},
      {kRightSchizzy, E::DataChosen, "knight or wizard (its other set is a queen's lines)",
       "the set: knight or wizard from files f..j, queen from files a..e"},
      {kExistentialist, E::DataChosen,
       "the sets of its moves 2, 3, 4 and 6 to 10 (stage_movements)",
       "the set by its move count; move 1 (any empty square) and move 5 (two knight moves); "
       "hibernation; the explosion"},
      {kTeleporter, E::Code, "a capture of one square any way",
       "the teleport to any empty square of the other colour; the rules when dazzled or frozen"},
      {kQueen, E::Data, "queen", ""},
      {kRook, E::Data, "rook", ""},
      {kBishop, E::Data, "bishop", ""},
      {kKnight, E::Data, "knight", ""},
      {kWildcat, E::Data, "up to three squares any way, capturing", ""},
      {kAdventurist, E::Code, "one square any way",
       "two or three squares forwards while it keeps the right; en passant; promotion"},
      {kShield, E::Code, "none",
       "moves of the whole shield: a rank forwards or backwards, up to two (three) files sideways"},
  };
  return notes;
}

}  // namespace arbiter::existentialist
