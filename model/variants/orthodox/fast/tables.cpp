// Precomputed attack tables of the orthodox fast path, built by the compiler.
#include "model/variants/orthodox/fast/bitboard.h"

namespace arbiter::orthodox::fast {

namespace {

// File and rank steps of each Direction, in enum order.
constexpr int kDirFile[8] = {0, 1, 1, -1, 0, -1, -1, 1};
constexpr int kDirRank[8] = {1, 0, 1, 1, -1, 0, -1, -1};

constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
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
  constexpr int kKnightSteps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                      {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int kKingSteps[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1},
                                    {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
  constexpr int kWhitePawnSteps[2][2] = {{-1, 1}, {1, 1}};
  constexpr int kBlackPawnSteps[2][2] = {{-1, -1}, {1, -1}};

  for (Square s = 0; s < 64; ++s) {
    for (int d = 0; d < 8; ++d) {
      Bitboard r = 0;
      for (int f = file_of(s) + kDirFile[d], k = rank_of(s) + kDirRank[d]; on_board(f, k);
           f += kDirFile[d], k += kDirRank[d])
        r |= bit(make_square(f, k));
      t.ray[d][s] = r;
    }
    t.knight[s] = leaper(s, kKnightSteps);
    t.king[s] = leaper(s, kKingSteps);
    t.pawn[kWhite][s] = leaper(s, kWhitePawnSteps);
    t.pawn[kBlack][s] = leaper(s, kBlackPawnSteps);
    t.rook[s] = t.ray[kNorth][s] | t.ray[kEast][s] | t.ray[kSouth][s] | t.ray[kWest][s];
    t.bishop[s] = t.ray[kNorthEast][s] | t.ray[kNorthWest][s] | t.ray[kSouthWest][s] |
                  t.ray[kSouthEast][s];
  }

  // Two squares share a line exactly when one lies on a ray of the other; the
  // squares between them are that ray minus the ray continuing past the second.
  for (Square a = 0; a < 64; ++a) {
    for (int d = 0; d < 8; ++d) {
      Bitboard r = t.ray[d][a];
      const int opposite = (d + 4) % 8;
      for (Bitboard rest = r; rest; rest &= rest - 1) {
        Square b = __builtin_ctzll(rest);
        t.between[a][b] = r & ~t.ray[d][b] & ~bit(b);
        t.line[a][b] = r | t.ray[opposite][a] | bit(a);
      }
    }
  }

  // A move touching a king's or rook's home square ends the rights tied to it
  // (the piece moved away, or was captured there).
  for (Square s = 0; s < 64; ++s) t.castle_keep[s] = 0xF;
  t.castle_keep[make_square(4, 0)] = 0xF & ~(kWhiteKingside | kWhiteQueenside);
  t.castle_keep[make_square(7, 0)] = 0xF & ~kWhiteKingside;
  t.castle_keep[make_square(0, 0)] = 0xF & ~kWhiteQueenside;
  t.castle_keep[make_square(4, 7)] = 0xF & ~(kBlackKingside | kBlackQueenside);
  t.castle_keep[make_square(7, 7)] = 0xF & ~kBlackKingside;
  t.castle_keep[make_square(0, 7)] = 0xF & ~kBlackQueenside;
  return t;
}

}  // namespace

constinit const Tables kTables = make_tables();

}  // namespace arbiter::orthodox::fast
