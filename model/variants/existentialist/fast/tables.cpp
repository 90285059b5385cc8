// Precomputed attack tables of the Existentialist Chess fast path, built by
// the compiler.
#include "model/variants/existentialist/fast/bitboard.h"

namespace arbiter::existentialist::fast {

namespace {

// File and rank steps of each Direction, in enum order.
constexpr int kDirFile[8] = {0, 1, 1, -1, 0, -1, -1, 1};
constexpr int kDirRank[8] = {1, 0, 1, 1, -1, 0, -1, -1};

constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}

// The squares reached by single steps (df, dr) from s, for each listed step.
template <int N>
constexpr Bitboard leaper(Square s, const int (&steps)[N][2]) {
  Bitboard b = 0;
  for (const auto& st : steps) {
    int f = file_of(s) + st[0], r = rank_of(s) + st[1];
    if (on_board(f, r)) b |= bit(make_square(f, r));
  }
  return b;
}

constexpr Tables make_tables() {
  Tables t{};
  constexpr int kKnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                      {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int kKingSteps[8][2] = {{0, 1},  {1, 1},   {1, 0},  {1, -1},
                                    {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
  constexpr int kFerzSteps[4][2] = {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}};
  constexpr int kWazirSteps[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
  constexpr int kWhitePawnSteps[2][2] = {{-1, 1}, {1, 1}};
  constexpr int kBlackPawnSteps[2][2] = {{-1, -1}, {1, -1}};

  for (Square s = 0; s < kSquares; ++s) {
    for (int d = 0; d < 8; ++d) {
      Bitboard r = 0;
      for (int f = file_of(s) + kDirFile[d], k = rank_of(s) + kDirRank[d]; on_board(f, k);
           f += kDirFile[d], k += kDirRank[d])
        r |= bit(make_square(f, k));
      t.ray[d][s] = r;
    }
    t.knight[s] = leaper(s, kKnightSteps);
    t.king[s] = leaper(s, kKingSteps);
    t.ferz[s] = leaper(s, kFerzSteps);
    t.wazir[s] = leaper(s, kWazirSteps);
    t.pawn[kWhite][s] = leaper(s, kWhitePawnSteps);
    t.pawn[kBlack][s] = leaper(s, kBlackPawnSteps);
    t.rook[s] = t.ray[kNorth][s] | t.ray[kEast][s] | t.ray[kSouth][s] | t.ray[kWest][s];
    t.bishop[s] =
        t.ray[kNorthEast][s] | t.ray[kNorthWest][s] | t.ray[kSouthWest][s] | t.ray[kSouthEast][s];
  }
  for (Square a = 0; a < kSquares; ++a)
    for (Square b = 0; b < kSquares; ++b) {
      t.direction[a][b] = kNoDirection;
      for (int d = 0; d < 8; ++d)
        if (t.ray[d][a] & bit(b)) t.direction[a][b] = static_cast<std::uint8_t>(d);
    }
  // A castling right is lost once its king (f1, f10) or squire (b1, i1, b10,
  // i10) leaves its square or is taken: any move from or to that square.
  for (Square s = 0; s < kSquares; ++s) t.castle_keep[s] = 0xF;
  t.castle_keep[make_square(5, 0)] &= ~(kWhiteKingside | kWhiteQueenside);
  t.castle_keep[make_square(8, 0)] &= ~kWhiteKingside;
  t.castle_keep[make_square(1, 0)] &= ~kWhiteQueenside;
  t.castle_keep[make_square(5, 9)] &= ~(kBlackKingside | kBlackQueenside);
  t.castle_keep[make_square(8, 9)] &= ~kBlackKingside;
  t.castle_keep[make_square(1, 9)] &= ~kBlackQueenside;
  return t;
}

}  // namespace

constinit const Tables kTables = make_tables();

}  // namespace arbiter::existentialist::fast
