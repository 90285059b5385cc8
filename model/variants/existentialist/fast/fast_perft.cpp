// The fast path's entry points: the Board of a reference position, notation,
// and perft under the default readings.
#include "model/variants/existentialist/fast/fast_perft.h"

#include <algorithm>

#include "model/core/budget.h"
#include "model/variants/existentialist/fast/movegen.h"
#include "model/variants/existentialist/pieces.h"

namespace arbiter::existentialist::fast {

namespace {

// The fast path's kind of a reference kind, or kPieceTypes for any other.
PieceType type_of(KindId kind) {
  switch (kind) {
    case existentialist::kPawn:
      return kPawn;
    case existentialist::kKnight:
      return kKnight;
    case existentialist::kBishop:
      return kBishop;
    case existentialist::kRook:
      return kRook;
    case existentialist::kQueen:
      return kQueen;
    case existentialist::kSquire:
      return kSquire;
    case existentialist::kViceroy:
      return kViceroy;
    case existentialist::kCrownedKnight:
      return kCrownedKnight;
    case existentialist::kKing:
      return kKing;
    default:
      return kPieceTypes;
  }
}

// The extended FEN's piece codes, in PieceType order (White's).
constexpr std::string_view kCodes[kPieceTypes] = {"P", "N", "B", "R", "Q", "S", "V", "CN", "K"};

std::string square_text(Square s) {
  return std::string(1, static_cast<char>('a' + file_of(s))) + std::to_string(rank_of(s) + 1);
}

bool castling_pieces_home(const Board& b, std::uint8_t right) {
  const Color c = (right & (kWhiteKingside | kWhiteQueenside)) ? kWhite : kBlack;
  const int rank = c == kWhite ? 0 : kRanks - 1;
  const int squire_file = (right & (kWhiteKingside | kBlackKingside)) ? 8 : 1;
  return (b.of(c, kKing) & bit(make_square(5, rank))) &&
         (b.of(c, kSquire) & bit(make_square(squire_file, rank)));
}

// Leaves below a position, `depth` >= 1 plies deep. The text has no draw by
// rule, so nothing but the moves themselves ends a line.
std::uint64_t count_below(const Board& b, int depth) {
  if (depth == 1) return static_cast<std::uint64_t>(count_legal(b));
  budget::check();
  MoveList list;
  generate_legal(b, list);
  std::uint64_t nodes = 0;
  for (Move m : list) {
    Board next = b;
    make_move(next, m);
    nodes += count_below(next, depth - 1);
  }
  return nodes;
}

}  // namespace

std::optional<Board> from_position(const Position& pos) {
  if (pos.shape().files != kFiles || pos.shape().ranks != kRanks || !pos.vars.empty())
    return std::nullopt;
  Board b;
  for (Square s = 0; s < kSquares; ++s) {
    auto ids = pos.at(s);
    if (ids.empty()) continue;
    if (ids.size() > 1) return std::nullopt;
    const Piece& p = pos.piece(ids[0]);
    PieceType t = type_of(p.kind);
    if (t == kPieceTypes || p.flags != 0 || p.counter != 0 ||
        p.partner_square != arbiter::kNoSquare)
      return std::nullopt;
    Color c = p.color == arbiter::Color::White ? kWhite : kBlack;
    b.pieces[t] |= bit(s);
    b.colors[c] |= bit(s);
  }
  b.side = pos.side_to_move == arbiter::Color::White ? kWhite : kBlack;
  b.castling = pos.castling;
  if (pos.halfmove_clock < 0 || pos.fullmove_number < 1) return std::nullopt;
  b.halfmove_clock = static_cast<std::uint32_t>(pos.halfmove_clock);
  b.fullmove_number = static_cast<std::uint32_t>(pos.fullmove_number);

  // The generator's invariants (board.h).
  for (Color c : {kWhite, kBlack}) {
    Bitboard king = b.of(c, kKing);
    if (!king || several(king)) return std::nullopt;
    // Pawns start on their own third rank and move only forwards; one on the
    // last rank cannot stand there (existentialist.promotion_optional=must).
    Bitboard ranks = 0;
    for (int n = 2; n < kRanks - 1; ++n)
      ranks |= kRank1 << (kFiles * (c == kWhite ? n : kRanks - 1 - n));
    if (b.of(c, kPawn) & ~ranks) return std::nullopt;
  }
  if (b.castling & ~0xF) return std::nullopt;
  for (std::uint8_t right : {kWhiteKingside, kWhiteQueenside, kBlackKingside, kBlackQueenside})
    if ((b.castling & right) && !castling_pieces_home(b, right)) return std::nullopt;
  if (pos.en_passant != arbiter::kNoSquare) {
    Square ep = pos.en_passant;
    int passed_rank = b.side == kWhite ? kRanks - 4 : 3;
    if (ep < 0 || ep >= kSquares || rank_of(ep) != passed_rank || (b.occupied() & bit(ep)))
      return std::nullopt;
    b.en_passant = static_cast<std::uint8_t>(ep);
  }
  if (opponent_in_check(b)) return std::nullopt;
  return b;
}

std::string to_fen(const Board& b) {
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      Square s = make_square(file, rank);
      if (!(b.occupied() & bit(s))) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      std::string code(kCodes[b.type_on(s)]);
      if (b.colors[kBlack] & bit(s))
        std::transform(code.begin(), code.end(), code.begin(),
                       [](char ch) { return static_cast<char>(ch | 0x20); });
      out += code.size() > 1 ? "(" + code + ")" : code;
    }
    if (empty) out += std::to_string(empty);
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

std::optional<Board> apply(const Board& b, const std::string& move) {
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

std::uint64_t perft(const Board& b, int depth) {
  if (depth <= 0) return 1;
  return count_below(b, depth);
}

std::vector<std::pair<std::string, std::uint64_t>> divide(const Board& b, int depth) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  if (depth <= 0) return out;
  MoveList list;
  generate_legal(b, list);
  for (Move m : list) {
    Board next = b;
    make_move(next, m);
    out.emplace_back(move_text(m), depth == 1 ? 1 : count_below(next, depth - 1));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace arbiter::existentialist::fast
