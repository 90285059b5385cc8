#include "model/core/movegen.h"

#include <cstdlib>

namespace arbiter {

namespace {
bool has_colour(const Position& pos, Square s, Color c) {
  for (PieceId id : pos.at(s))
    if (pos.piece(id).color == c) return true;
  return false;
}
}  // namespace

void piece_moves(const Position& pos, const Piece& piece, MoveList& out) {
  const BoardShape& shape = pos.shape();
  const PieceKind& kind = pos.kind_of(piece);
  // File and rank are stepped directly: one division for the piece, not one
  // for every square a slider passes.
  const int file = shape.file_of(piece.square), rank = shape.rank_of(piece.square);
  for (const Step& st : kind.steps) {
    int df = st.df, dr = step_dr(st, piece.color);
    int limit = st.range == 0 ? kMaxFiles + kMaxRanks : st.range;
    bool screened = false;  // a hopper has passed its screen
    int f = file, r = rank;
    for (int n = 0; n < limit; ++n) {
      f += df;
      r += dr;
      if (!shape.contains(f, r)) break;
      Square s = shape.square(f, r);
      bool occupied = !pos.empty(s);
      if (st.hop == Hop::Screen && !screened) {
        if (occupied) screened = true;
        continue;
      }
      if (!occupied) {
        if (st.mode != MoveMode::CaptureOnly) out.push_back(Move{piece.square, s});
        continue;
      }
      if (st.mode != MoveMode::MoveOnly && !has_colour(pos, s, piece.color)) out.push_back(Move{piece.square, s});
      break;
    }
  }
}

bool piece_attacks(const Position& pos, const Piece& piece, Square target, Square vacated) {
  const BoardShape& shape = pos.shape();
  const PieceKind& kind = pos.kind_of(piece);
  int tf = shape.file_of(target) - shape.file_of(piece.square);
  int tr = shape.rank_of(target) - shape.rank_of(piece.square);
  if (tf == 0 && tr == 0) return false;
  // Steps are stored from White's side: mirror Black's offset.
  std::uint8_t reach = kind.reach[reach_index(tf, piece.color == Color::White ? tr : -tr)];
  if (reach == 0) return false;
  auto reaches = [&](const Step& st) {
    if (st.mode == MoveMode::MoveOnly) return false;
    int df = st.df, dr = step_dr(st, piece.color);
    // n steps of (df, dr) must reach (tf, tr) exactly.
    int n = df != 0 ? tf / df : dr != 0 ? tr / dr : 0;
    if (n <= 0 || tf != n * df || tr != n * dr) return false;
    if (st.range != 0 && n > st.range) return false;
    // The squares between lie on the board, between two squares of it.
    int screens = 0;
    const int stride = dr * shape.files + df;
    Square s = piece.square;
    for (int i = 1; i < n; ++i) {
      s = static_cast<Square>(s + stride);
      if (s != vacated && !pos.empty(s)) ++screens;
    }
    return screens == (st.hop == Hop::Screen ? 1 : 0);
  };
  if (reach != kManySteps) return reaches(kind.steps[reach - 1]);
  for (const Step& st : kind.steps)
    if (reaches(st)) return true;
  return false;
}

bool attacked_by(const Position& pos, Square s, Color by, Square vacated) {
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == by && piece_attacks(pos, p, s, vacated)) return true;
  return false;
}

bool opens_line(const Position& pos, Color us, Square king, Square s, Square also_left) {
  if (s == king) return false;
  const BoardShape& shape = pos.shape();
  int df = shape.file_of(s) - shape.file_of(king), dr = shape.rank_of(s) - shape.rank_of(king);
  if (df != 0 && dr != 0 && df != dr && df != -dr) return false;
  df = (df > 0) - (df < 0);
  dr = (dr > 0) - (dr < 0);
  // Between the king and s every square is on the board; beyond s, the file
  // and rank are stepped until they leave it.
  const int stride = dr * shape.files + df;
  for (Square between = static_cast<Square>(king + stride); between != s; between = static_cast<Square>(between + stride))
    if (between != also_left && !pos.empty(between)) return false;
  for (int f = shape.file_of(s) + df, r = shape.rank_of(s) + dr; shape.contains(f, r); f += df, r += dr) {
    Square beyond = shape.square(f, r);
    if (beyond == also_left || pos.empty(beyond)) continue;
    // Only a piece that could reach the king from there, by its reach table
    // (an enemy pawn beyond a pawn on the king's file cannot).
    for (PieceId id : pos.at(beyond)) {
      const Piece& p = pos.piece(id);
      if (p.color == us) continue;
      int tf = shape.file_of(king) - shape.file_of(beyond), tr = shape.rank_of(king) - shape.rank_of(beyond);
      if (pos.kind_of(p).reach[reach_index(tf, p.color == Color::White ? tr : -tr)] != 0) return true;
    }
    return false;
  }
  return false;
}

}  // namespace arbiter
