#include "model/variants/zeitgeist/fast/convert.h"

#include <initializer_list>
#include <string>

#include "model/variants/orthodox/orthodox.h"
#include "model/variants/zeitgeist/fast/movegen.h"
#include "model/variants/zeitgeist/zeitgeist.h"

namespace arbiter::zeitgeist::fast {

namespace {

using orthodox::fast::kCastle;
using orthodox::fast::kDoublePush;
using orthodox::fast::kEnPassant;
using orthodox::fast::kPromoteKnight;

// The reference's kind of each fast piece type, in PieceType order.
constexpr KindId kKindOf[kPieceTypes] = {orthodox::kPawn, orthodox::kKnight, orthodox::kBishop,
                                         orthodox::kRook, orthodox::kQueen,  orthodox::kKing};
constexpr char kLetters[] = "pnbrqk";

std::string square_text(Square s) {
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

// The ep= value apply writes for these squares: names in text order.
std::string en_passant_text(const Board& b) {
  std::string names[2];
  int n = 0;
  for (Square s : {b.en_passant[kWhite], b.en_passant[kBlack]})
    if (s != kNoSquare) names[n++] = square_text(s);
  if (n == 2 && names[1] < names[0]) std::swap(names[0], names[1]);
  return n == 0 ? "" : n == 1 ? names[0] : names[0] + "," + names[1];
}

std::string checks_text(std::uint8_t checks) {
  return std::string(checks & kWhiteChecked ? "w" : "") + (checks & kBlackChecked ? "b" : "");
}

// Reads ep= into the board: one square a colour, on the rank that colour
// captures onto; nullopt-worthy (false) otherwise.
bool read_en_passant(const std::string& list, Board& b) {
  std::size_t start = 0;
  while (true) {
    std::size_t comma = list.find(',', start);
    std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || (name[1] != '3' && name[1] != '6')) return false;
    Square s = make_square(name[0] - 'a', name[1] - '1');
    Color capturer = name[1] == '6' ? kWhite : kBlack;
    if (b.en_passant[capturer] != kNoSquare) return false;
    b.en_passant[capturer] = static_cast<std::uint8_t>(s);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return en_passant_text(b) == list;
}

}  // namespace

std::optional<Board> from_state(const State& s) {
  const Position& pos = s.position;
  const BoardShape& shape = pos.shape();
  if (shape.files != 8 || shape.ranks != 8 || &pos.kinds() != &variant().kinds()) return std::nullopt;
  if (pos.side_to_move != arbiter::Color::White || pos.en_passant != arbiter::kNoSquare)
    return std::nullopt;
  if (pos.halfmove_clock < 0 || pos.fullmove_number < 1) return std::nullopt;
  Board b;
  for (arbiter::Square sq = 0; sq < shape.size(); ++sq) {
    if (pos.count(sq) == 0) continue;
    if (pos.count(sq) > 1) return std::nullopt;
    const Piece& p = pos.piece(pos.occupant(sq));
    if (p.flags || p.counter || p.partner_square != arbiter::kNoSquare) return std::nullopt;
    int type = 0;
    while (type < kPieceTypes && kKindOf[type] != p.kind) ++type;
    if (type == kPieceTypes) return std::nullopt;
    b.pieces[type] |= bit(sq);
    b.colors[p.color == arbiter::Color::White ? kWhite : kBlack] |= bit(sq);
  }
  if (popcount(b.colors[kWhite]) > 16 || popcount(b.colors[kBlack]) > 16) return std::nullopt;
  if (b.pieces[kPawn] & (orthodox::fast::kRank1 | orthodox::fast::kRank8)) return std::nullopt;
  b.castling = pos.castling;
  b.halfmove_clock = static_cast<std::uint32_t>(pos.halfmove_clock);
  b.fullmove_number = static_cast<std::uint32_t>(pos.fullmove_number);
  b.result = static_cast<std::uint8_t>(s.outcome.result);
  bool result_field = false;
  for (const auto& [key, value] : pos.vars) {
    if (key == kEnPassantKey) {
      if (!read_en_passant(value, b)) return std::nullopt;
    } else if (key == kChecksKey) {
      if (value == "w") b.checks = kWhiteChecked;
      else if (value == "b") b.checks = kBlackChecked;
      else if (value == "wb") b.checks = kWhiteChecked | kBlackChecked;
      else return std::nullopt;
    } else if (key == kResultKey) {
      if (value != result_name(s.outcome.result)) return std::nullopt;
      result_field = true;
    } else {
      return std::nullopt;
    }
  }
  if (result_field != s.outcome.over()) return std::nullopt;
  b.attacked = attacked_kings(b);
  if (b.over()) return b;
  // What the generator relies on while the game goes on.
  for (Color c : {kWhite, kBlack})
    if (popcount(b.of(c, kKing)) != 1) return std::nullopt;
  struct Right {
    std::uint8_t bit;
    Color color;
    Square king, rook;
  };
  for (const Right& r : {Right{kWhiteKingside, kWhite, 4, 7}, Right{kWhiteQueenside, kWhite, 4, 0},
                         Right{kBlackKingside, kBlack, 60, 63}, Right{kBlackQueenside, kBlack, 60, 56}}) {
    if ((b.castling & r.bit) && (!(b.of(r.color, kKing) & bit(r.king)) || !(b.of(r.color, kRook) & bit(r.rook))))
      return std::nullopt;
  }
  return b;
}

State to_state(const Board& b) {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Square s = make_square(file, rank);
      if (!(b.occupied() & bit(s))) {
        ++empty;
        continue;
      }
      if (empty) fen += static_cast<char>('0' + empty);
      empty = 0;
      const char letter = kLetters[b.type_on(s)];
      fen += (b.colors[kWhite] & bit(s)) ? static_cast<char>(letter - 'a' + 'A') : letter;
    }
    if (empty) fen += static_cast<char>('0' + empty);
    if (rank) fen += '/';
  }
  std::string castling;
  if (b.castling & kWhiteKingside) castling += 'K';
  if (b.castling & kWhiteQueenside) castling += 'Q';
  if (b.castling & kBlackKingside) castling += 'k';
  if (b.castling & kBlackQueenside) castling += 'q';
  fen += " w " + (castling.empty() ? std::string("-") : castling) + " - " + std::to_string(b.halfmove_clock) + " " +
         std::to_string(b.fullmove_number);
  auto pos = parse_fen(fen, variant().kinds());
  State s{std::move(pos.value()), {}, {}};
  if (std::string ep = en_passant_text(b); !ep.empty()) s.position.vars[std::string(kEnPassantKey)] = ep;
  if (b.checks) s.position.vars[std::string(kChecksKey)] = checks_text(b.checks);
  if (b.over()) {
    s.outcome = {static_cast<Result>(b.result), "recorded", clause::kKingCaptured};
    simultaneous::record_result(s);
  }
  return s;
}

arbiter::Move reference_move(Move m) {
  arbiter::Move out{static_cast<arbiter::Square>(move_from(m)), static_cast<arbiter::Square>(move_to(m))};
  const int kind = move_kind(m);
  if (kind >= kPromoteKnight) out.promotion = kKindOf[kind - kPromoteKnight + kKnight];
  if (kind == kDoublePush) out.flags = kMoveDoubleStep;
  if (kind == kEnPassant) out.flags = kMoveEnPassant;
  if (kind == kCastle) out.flags = kMoveCastle;
  return out;
}

}  // namespace arbiter::zeitgeist::fast
