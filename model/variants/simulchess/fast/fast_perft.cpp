// Conversion between the reference state and the fast Board, and joint perft.
#include "model/variants/simulchess/fast/fast_perft.h"

#include <algorithm>

#include "model/core/budget.h"
#include "model/core/fen.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/simulchess/fast/movegen.h"
#include "model/variants/simulchess/fast/resolve.h"
#include "model/variants/simulchess/simulchess.h"

namespace arbiter::simulchess::fast {

namespace {

constexpr char kLetters[] = "pnbrqk";  // by PieceType

// The reference's kinds by fast PieceType.
KindId reference_kind(PieceType t) {
  constexpr KindId kKinds[kPieceTypes] = {orthodox::kPawn, orthodox::kKnight, orthodox::kBishop,
                                          orthodox::kRook, orthodox::kQueen,  orthodox::kKing};
  return kKinds[t];
}

std::optional<PieceType> fast_type(KindId k) {
  for (int t = 0; t < kPieceTypes; ++t)
    if (reference_kind(static_cast<PieceType>(t)) == k) return static_cast<PieceType>(t);
  return std::nullopt;
}

std::string square_text(Square s) { return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))}; }

std::string coordinates(Move m) {
  if (m == kPass) return "0000";
  std::string s = square_text(move_from(m)) + square_text(move_to(m));
  if (move_kind(m) >= kPromoteKnight && move_kind(m) <= kPromoteQueen) s += "nbrq"[move_kind(m) - kPromoteKnight];
  return s;
}

// ep=: the squares passed by double steps, in name order
// (simultaneous::set_en_passant).
std::string en_passant_field(const Board& b) {
  std::vector<std::string> names;
  for (Square s : {b.en_passant[kWhite], b.en_passant[kBlack]})
    if (s != kNoSquare) names.push_back(square_text(s));
  std::sort(names.begin(), names.end());
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ",") + n;
  return out;
}

// Reads ep= into b.en_passant; false for anything the Board cannot hold.
bool read_en_passant(const std::string& list, Board& b) {
  std::size_t start = 0;
  while (true) {
    std::size_t comma = list.find(',', start);
    std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8') return false;
    Square s = make_square(name[0] - 'a', name[1] - '1');
    // Rank 6 is White's to capture onto (a black pawn crossed it), rank 3 Black's.
    Color c = rank_of(s) == 5 ? kWhite : kBlack;
    if ((rank_of(s) != 5 && rank_of(s) != 2) || b.en_passant[c] != kNoSquare) return false;
    b.en_passant[c] = static_cast<std::uint8_t>(s);
    if (comma == std::string::npos) return true;
    start = comma + 1;
  }
}

std::uint64_t perft_node(const Board& b, int depth, bool judged);

// A child of a perft node: 0 when the step ended the game or the next turn
// starts with a checkmate or a stalemate, else its own count.
std::uint64_t perft_child(const Board& b, Move white, Move black, int depth) {
  Board child = b;
  apply(child, white, black);
  if (child.end != End::kOngoing || mated(child, kWhite) || mated(child, kBlack)) return 0;
  return perft_node(child, depth, true);
}

// The count below b. A node the step to it `judged` (every node but perft's
// own root) is also a stalemate where either side has no move at all: neither
// is mated (perft_child tested that), so that side is not in check
// (simulchess.stalemate=draw), and the node has no joint action.
std::uint64_t perft_node(const Board& b, int depth, bool judged) {
  if (depth == 1) {
    int white = count(b, kWhite), black = count(b, kBlack);
    if (judged && (white == 0 || black == 0)) return 0;
    return static_cast<std::uint64_t>(std::max(white, 1)) * static_cast<std::uint64_t>(std::max(black, 1));
  }
  budget::check();
  MoveList white, black;
  generate(b, kWhite, white);
  generate(b, kBlack, black);
  if (judged && ((white.size == 1 && white.moves[0] == kPass) || (black.size == 1 && black.moves[0] == kPass))) return 0;
  std::uint64_t nodes = 0;
  for (Move w : white)
    for (Move k : black) nodes += perft_child(b, w, k, depth - 1);
  return nodes;
}

}  // namespace

std::optional<Board> from_state(const arbiter::State& s) {
  const Position& pos = s.position;
  const BoardShape& shape = pos.shape();
  if (s.outcome.over() || shape.files != 8 || shape.ranks != 8 || &pos.kinds() != &orthodox::piece_set() ||
      pos.side_to_move != arbiter::Color::White || pos.en_passant != arbiter::kNoSquare)
    return std::nullopt;
  Board b;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    auto type = fast_type(p.kind);
    if (!type || p.flags || p.counter || p.partner_square != arbiter::kNoSquare) return std::nullopt;
    Square sq = make_square(shape.file_of(p.square), shape.rank_of(p.square));
    if (b.occupied() & bit(sq)) return std::nullopt;
    b.pieces[*type] |= bit(sq);
    b.colors[p.color == arbiter::Color::White ? kWhite : kBlack] |= bit(sq);
  }
  for (const auto& [key, value] : pos.vars)
    if (key != kEnPassantKey || !read_en_passant(value, b)) return std::nullopt;
  // The Board's invariants (board.h).
  for (Color c : {kWhite, kBlack}) {
    if (orthodox::fast::popcount(b.of(c, kKing)) != 1 || orthodox::fast::popcount(b.colors[c]) > 16) return std::nullopt;
    Square ep = b.en_passant[c];
    if (ep != kNoSquare && !(b.of(static_cast<Color>(c ^ 1), kPawn) & bit(c == kWhite ? ep - 8 : ep + 8)))
      return std::nullopt;
  }
  if (b.pieces[kPawn] & (orthodox::fast::kRank1 | orthodox::fast::kRank8)) return std::nullopt;
  b.castling = pos.castling;
  struct Right {
    std::uint8_t bit;
    Color color;
    Square king, rook;
  };
  for (const Right& r : {Right{orthodox::fast::kWhiteKingside, kWhite, 4, 7}, Right{orthodox::fast::kWhiteQueenside, kWhite, 4, 0},
                         Right{orthodox::fast::kBlackKingside, kBlack, 60, 63}, Right{orthodox::fast::kBlackQueenside, kBlack, 60, 56}}) {
    if ((b.castling & r.bit) && (!(b.of(r.color, kKing) & bit(r.king)) || !(b.of(r.color, kRook) & bit(r.rook))))
      return std::nullopt;
  }
  if (b.castling & ~0xF || pos.halfmove_clock < 0 || pos.fullmove_number < 1) return std::nullopt;
  b.halfmove_clock = static_cast<std::uint32_t>(pos.halfmove_clock);
  b.fullmove_number = static_cast<std::uint32_t>(pos.fullmove_number);
  // Whatever the FEN writes must come back unchanged (the order of ep=, ...).
  if (to_fen(to_state(b).position) != to_fen(pos)) return std::nullopt;
  return b;
}

arbiter::State to_state(const Board& b) { return to_state(b, Mate::kNone); }

arbiter::State to_state(const Board& b, Mate mate) {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      Square s = make_square(file, rank);
      if (!(b.occupied() & bit(s))) {
        ++empty;
        continue;
      }
      if (empty) fen += static_cast<char>('0' + empty);
      empty = 0;
      int t = 0;
      while (!(b.pieces[t] & bit(s))) ++t;
      fen += (b.colors[kWhite] & bit(s)) ? static_cast<char>(kLetters[t] - 32) : kLetters[t];
    }
    if (empty) fen += static_cast<char>('0' + empty);
    if (rank) fen += '/';
  }
  std::string castling;
  if (b.castling & orthodox::fast::kWhiteKingside) castling += 'K';
  if (b.castling & orthodox::fast::kWhiteQueenside) castling += 'Q';
  if (b.castling & orthodox::fast::kBlackKingside) castling += 'k';
  if (b.castling & orthodox::fast::kBlackQueenside) castling += 'q';
  fen += " w " + (castling.empty() ? std::string("-") : castling) + " - " + std::to_string(b.halfmove_clock) + ' ' +
         std::to_string(b.fullmove_number);
  auto pos = parse_fen(fen, orthodox::piece_set());
  arbiter::State s{std::move(pos.value()), {}, {}};
  std::string ep = en_passant_field(b);
  if (!ep.empty()) s.position.vars[std::string(kEnPassantKey)] = ep;
  switch (b.end) {
    case End::kOngoing: break;
    case End::kKingCollision: s.outcome = {Result::Draw, "king against king", clause::kKingVsKing}; break;
    case End::kWhiteKingCaptured: s.outcome = {Result::BlackWins, "king captured", clause::kKingCapture}; break;
    case End::kBlackKingCaptured: s.outcome = {Result::WhiteWins, "king captured", clause::kKingCapture}; break;
    case End::kBothKingsCaptured: s.outcome = {Result::Draw, "both kings captured", clause::kKingCapture}; break;
  }
  if (b.end == End::kOngoing) {
    switch (mate) {
      case Mate::kNone: break;
      case Mate::kBoth: s.outcome = {Result::Draw, "both kings in checkmate", clause::kBothMated}; break;
      case Mate::kWhite: s.outcome = {Result::BlackWins, "checkmate", clause::kCheckmateAtStart}; break;
      case Mate::kBlack: s.outcome = {Result::WhiteWins, "checkmate", clause::kCheckmateAtStart}; break;
      case Mate::kStalemate: s.outcome = {Result::Draw, "stalemate", clause::kStandardRules}; break;
    }
  }
  simultaneous::record_result(s);
  return s;
}

arbiter::Move to_reference(Move m) {
  if (m == kPass) return arbiter::Move::pass();
  static const BoardShape shape = orthodox::variant().initial_state().position.shape();
  arbiter::Move r{shape.square(file_of(move_from(m)), rank_of(move_from(m))),
                  shape.square(file_of(move_to(m)), rank_of(move_to(m))), kNoKind, 0};
  switch (move_kind(m)) {
    case kNormal: break;
    case kDoublePush: r.flags = kMoveDoubleStep; break;
    case kEnPassant: r.flags = kMoveEnPassant; break;
    case kCastle: r.flags = kMoveCastle; break;
    default: r.promotion = reference_kind(static_cast<PieceType>(move_kind(m) - kPromoteKnight + kKnight)); break;
  }
  return r;
}

Board step(const Board& b, Move white, Move black, Mate* mate) {
  Board after = b;
  apply(after, white, black);
  *mate = Mate::kNone;
  if (after.end == End::kOngoing) {
    bool w = mated(after, kWhite), k = mated(after, kBlack);
    *mate = w && k ? Mate::kBoth : w ? Mate::kWhite : k ? Mate::kBlack : Mate::kNone;
    if (*mate == Mate::kNone && (count(after, kWhite) == 0 || count(after, kBlack) == 0)) *mate = Mate::kStalemate;
  }
  return after;
}

std::uint64_t perft(const Board& b, int depth) {
  if (depth <= 0) return 1;
  if (b.end != End::kOngoing) return 0;
  return perft_node(b, depth, false);
}

std::vector<std::pair<std::string, std::uint64_t>> divide(const Board& b, int depth) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  if (depth <= 0 || b.end != End::kOngoing) return out;
  MoveList white, black;
  generate(b, kWhite, white);
  generate(b, kBlack, black);
  for (Move w : white)
    for (Move k : black)
      out.emplace_back(coordinates(w) + ":" + coordinates(k), depth == 1 ? 1 : perft_child(b, w, k, depth - 1));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace arbiter::simulchess::fast
