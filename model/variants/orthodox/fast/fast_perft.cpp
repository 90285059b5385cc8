#include "model/variants/orthodox/fast/fast_perft.h"

#include <algorithm>

#include "model/variants/orthodox/fast/movegen.h"

namespace arbiter::orthodox::fast {

namespace {

constexpr char kPieceLetters[] = "pnbrqk";

std::vector<std::string_view> fields_of(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    std::size_t start = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

bool read_number(std::string_view s, std::uint32_t lo, std::uint32_t* out) {
  if (s.empty() || s.size() > 9) return false;
  std::uint32_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<std::uint32_t>(c - '0');
  }
  if (v < lo) return false;
  *out = v;
  return true;
}

std::optional<Board> fail(std::string* error, const std::string& message) {
  if (error) *error = message;
  return std::nullopt;
}

std::string square_text(Square s) {
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

}  // namespace

std::optional<Board> parse_fen(std::string_view fen, std::string* error) {
  if (fen.size() > 256) return fail(error, "FEN too long");
  auto fields = fields_of(fen);
  if (fields.size() != 4 && fields.size() != 6)
    return fail(error, "expected 4 or 6 FEN fields, got " + std::to_string(fields.size()));
  Board b;
  int rank = 7, file = 0;
  for (char c : fields[0]) {
    if (c == '/') {
      if (file != 8 || rank == 0) return fail(error, "bad rank " + std::to_string(rank + 1));
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return fail(error, "rank " + std::to_string(rank + 1) + " longer than 8 squares");
    } else {
      const char* at = std::find(kPieceLetters, kPieceLetters + 6, c | 0x20);
      if (at == kPieceLetters + 6 || !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
        return fail(error, std::string("unknown piece '") + c + "'");
      if (file >= 8) return fail(error, "rank " + std::to_string(rank + 1) + " longer than 8 squares");
      Color color = (c >= 'a') ? kBlack : kWhite;
      Square s = make_square(file, rank);
      b.pieces[at - kPieceLetters] |= bit(s);
      b.colors[color] |= bit(s);
      ++file;
    }
  }
  if (rank != 0 || file != 8) return fail(error, "the board must have 8 ranks of 8 squares");

  if (fields[1] == "w") b.side = kWhite;
  else if (fields[1] == "b") b.side = kBlack;
  else return fail(error, "bad side to move");

  if (fields[2] != "-") {
    for (char c : fields[2]) {
      std::uint8_t right = c == 'K' ? kWhiteKingside : c == 'Q' ? kWhiteQueenside : c == 'k' ? kBlackKingside
                         : c == 'q' ? kBlackQueenside : 0;
      if (!right || (b.castling & right)) return fail(error, "bad castling field");
      b.castling |= right;
    }
  }
  if (fields[3] != "-") {
    if (fields[3].size() != 2 || fields[3][0] < 'a' || fields[3][0] > 'h' || fields[3][1] < '1' || fields[3][1] > '8')
      return fail(error, "bad en passant square");
    b.en_passant = static_cast<std::uint8_t>(make_square(fields[3][0] - 'a', fields[3][1] - '1'));
  }
  if (fields.size() == 6) {
    if (!read_number(fields[4], 0, &b.halfmove_clock)) return fail(error, "bad halfmove clock");
    if (!read_number(fields[5], 1, &b.fullmove_number)) return fail(error, "bad fullmove number");
  }

  // The generator's invariants (board.h).
  for (Color c : {kWhite, kBlack}) {
    if (popcount(b.of(c, kKing)) != 1) return fail(error, "each side needs exactly one king");
    if (popcount(b.colors[c]) > 16) return fail(error, "more than 16 pieces on one side");
  }
  if (b.pieces[kPawn] & (kRank1 | kRank8)) return fail(error, "a pawn on the first or last rank");
  if (opponent_in_check(b)) return fail(error, "the side not to move is in check");
  struct Right {
    std::uint8_t bit;
    Color color;
    Square king, rook;
  };
  for (const Right& r : {Right{kWhiteKingside, kWhite, 4, 7}, Right{kWhiteQueenside, kWhite, 4, 0},
                         Right{kBlackKingside, kBlack, 60, 63}, Right{kBlackQueenside, kBlack, 60, 56}}) {
    if ((b.castling & r.bit) && (!(b.of(r.color, kKing) & bit(r.king)) || !(b.of(r.color, kRook) & bit(r.rook))))
      return fail(error, "castling right without king and rook on their squares");
  }
  if (b.en_passant != kNoSquare) {
    Color mover = b.side == kWhite ? kBlack : kWhite;
    int forward = mover == kWhite ? 8 : -8;
    Square ep = b.en_passant;
    bool ok = rank_of(ep) == (mover == kWhite ? 2 : 5) && !(b.occupied() & (bit(ep) | bit(ep - forward))) &&
              (b.of(mover, kPawn) & bit(ep + forward));
    if (!ok) return fail(error, "en passant square follows no double step");
  }
  return b;
}

std::string to_fen(const Board& b) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      Square s = make_square(file, rank);
      if (!(b.occupied() & bit(s))) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      int t = 0;
      while (!(b.pieces[t] & bit(s))) ++t;
      char letter = kPieceLetters[t];
      out += (b.colors[kWhite] & bit(s)) ? static_cast<char>(letter - 32) : letter;
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  out += b.side == kWhite ? " w " : " b ";
  std::string castling;
  if (b.castling & kWhiteKingside) castling += 'K';
  if (b.castling & kWhiteQueenside) castling += 'Q';
  if (b.castling & kBlackKingside) castling += 'k';
  if (b.castling & kBlackQueenside) castling += 'q';
  out += castling.empty() ? "-" : castling;
  out += ' ';
  out += b.en_passant == kNoSquare ? "-" : square_text(b.en_passant);
  out += ' ' + std::to_string(b.halfmove_clock) + ' ' + std::to_string(b.fullmove_number);
  return out;
}

std::string move_text(Move m) {
  std::string s = square_text(move_from(m)) + square_text(move_to(m));
  int kind = move_kind(m);
  if (kind >= kPromoteKnight) s += "nbrq"[kind - kPromoteKnight];
  return s;
}

std::vector<std::string> legal_moves(const Board& b) {
  MoveList list;
  generate_legal(b, list);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(move_text(m));
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<Board> apply(const Board& b, std::string_view move) {
  MoveList list;
  generate_legal(b, list);
  for (Move m : list) {
    if (move_text(m) != move) continue;
    Board next = b;
    make_move(next, m);
    return next;
  }
  return std::nullopt;
}

std::uint64_t perft(const Board& b, int depth) { return depth <= 0 ? 1 : perft_count(b, depth); }

std::vector<std::pair<std::string, std::uint64_t>> divide(const Board& b, int depth) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  if (depth <= 0) return out;
  MoveList list;
  generate_legal(b, list);
  for (Move m : list) {
    Board next = b;
    make_move(next, m);
    out.emplace_back(move_text(m), perft(next, depth - 1));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace arbiter::orthodox::fast
