// Between the reference State and the fast Board. The fast path takes only
// what it models exactly (convert.h lists what it refuses), so a count from a
// converted state is the reference's count.
#include "model/variants/parity/fast/convert.h"

#include "model/core/fen.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/parity/parity.h"

namespace arbiter::parity::fast {

namespace {

constexpr BoardShape kShape{8, 8};

// The fast type of each orthodox kind (orthodox::kKing ... orthodox::kPawn), and back.
constexpr PieceType kTypeOfKind[6] = {kKing, kQueen, kRook, kBishop, kKnight, kPawn};
constexpr KindId kKindOfType[kPieceTypes] = {orthodox::kPawn, orthodox::kKnight, orthodox::kBishop,
                                             orthodox::kRook, orthodox::kQueen, orthodox::kKing};

// A square list as the reference writes it (justmoved=, ep=): names in string
// order, which on 8x8 is file by file.
std::string square_list(Bitboard squares) {
  std::string out;
  for (int file = 0; file < 8; ++file)
    for (int rank = 0; rank < 8; ++rank) {
      Square s = make_square(file, rank);
      if (!(squares & bit(s))) continue;
      if (!out.empty()) out += ',';
      out += square_name(kShape, static_cast<arbiter::Square>(s));
    }
  return out;
}

// The squares of a list, if it is in the form square_list writes.
std::optional<Bitboard> read_square_list(const std::string& list) {
  Bitboard out = 0;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t comma = list.find(',', start);
    std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::size_t used = 0;
    auto sq = parse_square(kShape, name, &used);
    if (!sq || used != name.size()) return std::nullopt;
    out |= bit(*sq);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (square_list(out) != list) return std::nullopt;
  return out;
}

// The pieces of a position, if the fast board can hold them.
std::optional<Board> pieces_of(const Position& pos, bool single) {
  if (!(pos.shape() == kShape) || pos.kinds().size() != 6) return std::nullopt;
  Board b;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    if (p.kind >= 6 || p.flags || p.counter || p.partner_square != arbiter::kNoSquare) return std::nullopt;
    int c = p.color == arbiter::Color::White ? kWhite : kBlack;
    if (b.colors[c] & bit(p.square)) return std::nullopt;  // two pieces of one colour
    b.pieces[c][kTypeOfKind[p.kind]] |= bit(p.square);
    b.colors[c] |= bit(p.square);
  }
  for (Square s = 0; s < 64; ++s)
    if (pos.count(static_cast<arbiter::Square>(s)) > 2) return std::nullopt;
  for (int c = 0; c < 2; ++c)
    if (std::popcount(b.pieces[c][kKing]) != 1) return std::nullopt;
  if (b.pieces[kWhite][kKing] & b.pieces[kBlack][kKing]) return std::nullopt;
  if ((b.pieces[kWhite][kPawn] | b.pieces[kBlack][kPawn]) & (orthodox::fast::kRank1 | orthodox::fast::kRank8))
    return std::nullopt;
  if (single && std::popcount(b.shared()) > 1) return std::nullopt;
  b.pieces_key = pieces_key(b);
  return b;
}

// A history entry (a repetition key as parity.cpp writes it: the board, " w ",
// the castling rights as a number, " ", the just-moved list), if it reads back
// to exactly the same text.
std::optional<Key> history_key(const std::string& text, bool single) {
  std::size_t board_end = text.find(' ');
  if (board_end == std::string::npos || text.compare(board_end, 3, " w ") != 0) return std::nullopt;
  std::size_t rights_end = text.find(' ', board_end + 3);
  if (rights_end == std::string::npos) return std::nullopt;
  auto pos = parse_fen(text.substr(0, board_end) + " w - - 0 1", orthodox::piece_set());
  if (!pos) return std::nullopt;
  std::optional<Board> b = pieces_of(*pos, single);
  if (!b) return std::nullopt;
  std::string rights = text.substr(board_end + 3, rights_end - board_end - 3);
  if (rights.empty() || rights.size() > 2 || rights.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  int value = std::stoi(rights);
  if (value > 15) return std::nullopt;
  b->castling = static_cast<std::uint8_t>(value);
  std::string just = text.substr(rights_end + 1);
  if (!just.empty()) {
    auto squares = read_square_list(just);
    if (!squares) return std::nullopt;
    b->just = *squares;
  }
  if (key_text(*b) != text) return std::nullopt;
  return repetition_key(*b);
}

}  // namespace

std::optional<Root> from_state(const State& s, bool single) {
  const Position& pos = s.position;
  if (s.outcome.over() || pos.side_to_move != arbiter::Color::White || pos.en_passant != arbiter::kNoSquare)
    return std::nullopt;
  if (pos.halfmove_clock < 0 || pos.fullmove_number < 1) return std::nullopt;
  std::optional<Board> b = pieces_of(pos, single);
  if (!b) return std::nullopt;
  b->castling = pos.castling & 15;
  if (b->castling != pos.castling) return std::nullopt;
  b->halfmove_clock = static_cast<std::uint32_t>(pos.halfmove_clock);
  b->fullmove_number = static_cast<std::uint32_t>(pos.fullmove_number);
  for (const auto& [key, value] : pos.vars) {
    auto squares = read_square_list(value);
    if (!squares) return std::nullopt;
    if (key == kJustMovedKey) {
      b->just = *squares;
    } else if (key == kEnPassantKey) {
      // simultaneous::en_passant_for reads the first square on the capturer's
      // third rank from the end; one square per rank keeps that unambiguous.
      Bitboard third = orthodox::fast::kRank1 << 16, sixth = orthodox::fast::kRank1 << 40;
      if ((*squares & ~(third | sixth)) || std::popcount(*squares & third) > 1 || std::popcount(*squares & sixth) > 1)
        return std::nullopt;
      b->ep = *squares;
    } else {
      return std::nullopt;
    }
  }
  Root root{*b, {}};
  if (s.history.size() > 0xffff) return std::nullopt;
  for (std::string_view text : s.history.oldest_first()) {
    auto k = history_key(std::string(text), single);
    if (!k) return std::nullopt;
    root.history.push_back(*k);
  }
  root.board.reversible = static_cast<std::uint16_t>(s.history.size());
  return root;
}

State to_state(const Board& b) {
  Position pos(kShape, orthodox::piece_set());
  for (Square s = 0; s < 64; ++s)
    for (int c = 0; c < 2; ++c) {
      if (!(b.colors[c] & bit(s))) continue;
      int t = 0;
      while (!(b.pieces[c][t] & bit(s))) ++t;
      pos.add(kKindOfType[t], c == kWhite ? arbiter::Color::White : arbiter::Color::Black, static_cast<arbiter::Square>(s));
    }
  pos.castling = b.castling;
  pos.halfmove_clock = static_cast<int>(b.halfmove_clock);
  pos.fullmove_number = static_cast<int>(b.fullmove_number);
  if (b.just) pos.vars[std::string(kJustMovedKey)] = square_list(b.just);
  if (b.ep) pos.vars[std::string(kEnPassantKey)] = square_list(b.ep);
  return State{std::move(pos), {}, {}};
}

std::string key_text(const Board& b) {
  State s = to_state(b);
  return orthodox::repetition_key(s.position) + " " + (b.just ? square_list(b.just) : std::string());
}

arbiter::Move to_reference(Move m) {
  using namespace orthodox::fast;
  arbiter::Move out{static_cast<arbiter::Square>(move_from(m)), static_cast<arbiter::Square>(move_to(m))};
  int kind = move_kind(m);
  if (kind == kDoublePush) out.flags = kMoveDoubleStep;
  if (kind == kEnPassant) out.flags = kMoveEnPassant;
  if (kind == kCastle) out.flags = kMoveCastle;
  if (kind >= kPromoteKnight) out.promotion = kKindOfType[kKnight + kind - kPromoteKnight];
  return out;
}

}  // namespace arbiter::parity::fast
