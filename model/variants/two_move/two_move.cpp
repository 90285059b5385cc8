// Two Move Chess: the phases of a turn, the cards, the moves they allow and
// what a move does. Each rule block cites its clause id; each place the text
// leaves open consults its reading point (clauses.cpp) where the answer
// matters.
#include "model/variants/two_move/two_move.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <stdexcept>

#include "model/core/mirror.h"
#include "model/core/movegen.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/core/echo.h"

namespace arbiter::two_move {

namespace {

using orthodox::kBishop;
using orthodox::kKing;
using orthodox::kKnight;
using orthodox::kPawn;
using orthodox::kQueen;
using orthodox::kRook;

constexpr CardSet kAllCards = 0x1f;

KindId card_kind(int card) {
  constexpr KindId kinds[kCardCount] = {kKnight, kBishop, kRook, kQueen, kKing};
  return kinds[card];
}

Role role_of(Color c) { return c == Color::White ? Role::White : Role::Black; }

const ReadingPoint& point(std::string_view id) { return *find_reading(readings(), id); }

// --- Variant fields -------------------------------------------------------

// The value of a field ("" if absent). The reference lasts until the fields
// change: a rule that writes a field after reading one keeps a copy.
const std::string& get(const Position& pos, std::string_view key) {
  static const std::string none;
  auto it = pos.vars.find(key);
  return it == pos.vars.end() ? none : it->second;
}
void put(Position& pos, std::string_view key, std::string value) { pos.vars[key] = std::move(value); }

std::string_view up_key(Color c) { return c == Color::White ? kWhiteUpKey : kBlackUpKey; }

CardSet cards_of(const Position& pos, std::string_view key) { return read_cards(get(pos, key)).value_or(0); }

// The squares a field names: a turn's few (the pieces that moved as pawns,
// the piece of a double card), held in place.
using Squares = SmallVector<Square, 8>;

// "e4,d5" -> squares; "-" -> none.
Squares read_squares(const BoardShape& shape, const std::string& text, bool* ok = nullptr) {
  Squares out;
  if (ok) *ok = true;
  if (text == "-") return out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::size_t used = 0;
    auto sq = parse_square(shape, name, &used);
    if (!sq || used != name.size() || name.empty()) {
      if (ok) *ok = false;
      return out;
    }
    out.push_back(*sq);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}
std::string squares_text(const BoardShape& shape, Squares squares) {
  if (squares.empty()) return "-";
  std::sort(squares.begin(), squares.end());
  std::string out;
  for (Square s : squares) {
    if (!out.empty()) out += ',';
    out += square_name(shape, s);
  }
  return out;
}
bool listed(const Squares& list, Square s) { return std::find(list.begin(), list.end(), s) != list.end(); }

// The card the next card move belongs to, and whose it is.
struct NextCard {
  Color colour = Color::White;
  int card = 0;
  bool second_of_two = false;  // the second move of a card that makes two
};
std::optional<NextCard> next_card(const Position& pos) {
  const std::string& todo = get(pos, kTodoKey);
  if (todo.empty() || todo == "-") return std::nullopt;
  char c = todo[0];
  std::size_t at = kCardLetters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  if (at == std::string_view::npos) return std::nullopt;
  NextCard n;
  n.colour = std::isupper(static_cast<unsigned char>(c)) ? Color::White : Color::Black;
  n.card = static_cast<int>(at);
  n.second_of_two = pos.vars.count(kTwiceKey) != 0;
  return n;
}

// --- Moves a card allows ------------------------------------------------

int home_rank(Color c) { return c == Color::White ? 0 : 7; }
int forward(Color c) { return c == Color::White ? 1 : -1; }

// two-move.pawn.*: normal pawn moves, the double step from the second rank,
// no en passant, promotion on the back rank.
// two-move.pawn.promotion: to a queen, rook, bishop or knight, the mover's choice.
void pawn_moves(const Position& pos, const Piece& pawn, MoveList& out) {
  const BoardShape& shape = pos.shape();
  int dir = forward(pawn.color);
  int last_rank = home_rank(opposite(pawn.color));
  auto emit = [&](Square to, std::uint8_t flags) {
    if (shape.rank_of(to) != last_rank) {
      out.push_back(Move{pawn.square, to, kNoKind, flags});
      return;
    }
    for (KindId k : {kQueen, kRook, kBishop, kKnight}) out.push_back(Move{pawn.square, to, k, flags});
  };
  Square one = shape.offset(pawn.square, 0, dir);
  if (one != kNoSquare && pos.empty(one)) {
    emit(one, 0);
    // two-move.pawn.double_step
    Square two = shape.offset(one, 0, dir);
    if (shape.rank_of(pawn.square) == home_rank(pawn.color) + dir && two != kNoSquare && pos.empty(two))
      out.push_back(Move{pawn.square, two, kNoKind, kMoveDoubleStep});
  }
  for (int df : {-1, 1}) {
    Square to = shape.offset(pawn.square, df, dir);
    if (to == kNoSquare) continue;
    PieceId victim = pos.occupant(to);
    // two-move.pawn.no_en_passant: only a piece standing there is captured.
    if (victim != kNoPiece && pos.piece(victim).color != pawn.color) emit(to, 0);
  }
}

struct CastleSide {
  std::uint8_t right;
  int king_to_file, rook_from_file, rook_to_file;
};
constexpr CastleSide kCastleSides[2][2] = {
    {{kWhiteKingside, 6, 7, 5}, {kWhiteQueenside, 2, 0, 3}},
    {{kBlackKingside, 6, 7, 5}, {kBlackQueenside, 2, 0, 3}},
};

// two-move.castle.king_card: neither king nor rook has moved (the castling
// rights) and the squares between them are empty; two-move.castle.attacks_ignored:
// attacks on the king's squares do not matter.
void castling_moves(const Position& pos, Color us, MoveList& out) {
  const BoardShape& shape = pos.shape();
  int rank = home_rank(us);
  Square king_from = shape.square(4, rank);
  PieceId king = pos.occupant(king_from);
  if (king == kNoPiece || pos.piece(king).kind != kKing || pos.piece(king).color != us) return;
  for (const CastleSide& side : kCastleSides[static_cast<int>(us)]) {
    if (!(pos.castling & side.right)) continue;
    PieceId rook = pos.occupant(shape.square(side.rook_from_file, rank));
    if (rook == kNoPiece || pos.piece(rook).kind != kRook || pos.piece(rook).color != us) continue;
    int lo = std::min(4, side.rook_from_file) + 1, hi = std::max(4, side.rook_from_file);
    bool clear = true;
    for (int f = lo; f < hi; ++f) clear = clear && pos.empty(shape.square(f, rank));
    if (clear) out.push_back(Move{king_from, shape.square(side.king_to_file, rank), kNoKind, kMoveCastle});
  }
}

// The moves the next card allows under `readings`: a piece of the card's type
// or a pawn not yet moved this turn (two-move.move.pawn_with_any_card,
// two-move.move.pawn_once_per_turn), with the readings' bars. With `from`,
// only the moves that start there (a piece's moves start on its square).
void card_moves_list(const Position& pos, const NextCard& next, const Readings& readings, MoveList& out,
                     Square from = kNoSquare) {
  Squares pawns = read_squares(pos.shape(), get(pos, kPawnsKey));
  bool promoted_barred = readings.in_force(point(reading::kPromotedPawn)) == "still_the_pawn";
  KindId kind = card_kind(next.card);
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != next.colour || (from != kNoSquare && p.square != from)) continue;
    bool moved_as_pawn = listed(pawns, p.square);
    if (p.kind == kPawn) {
      if (!moved_as_pawn) pawn_moves(pos, p, out);
    } else if (p.kind == kind) {
      if (moved_as_pawn && promoted_barred) continue;
      piece_moves(pos, p, out);  // two-move.chess.normal_moves
    }
  }
  if (kind == kKing) {
    // Castling moves the king (two-move.castle.king_card).
    MoveList castles;
    castling_moves(pos, next.colour, castles);
    for (const Move& m : castles)
      if (from == kNoSquare || m.from == from) out.push_back(m);
  }
}

// --- Validation -----------------------------------------------------------

std::vector<InvariantViolation> check_state(const State& s) {
  std::vector<InvariantViolation> out = check_core_invariants(s.position);
  const Position& pos = s.position;
  auto bad = [&](std::string label, std::string detail) { out.push_back({"two-move." + label, std::move(detail)}); };
  if (pos.shape().files != 8 || pos.shape().ranks != 8) bad("board", "the board is not 8x8");
  if (!out.empty()) return out;
  int kings[2] = {0, 0};
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    if (p.kind == kKing) ++kings[static_cast<int>(p.color)];
    if (p.kind == kPawn && (pos.shape().rank_of(p.square) == 0 || pos.shape().rank_of(p.square) == 7))
      bad("pawn_rank", "a pawn stands on " + square_name(pos.shape(), p.square));
    if (p.flags != 0 || p.counter != 0 || p.partner_square != kNoSquare)
      bad("piece_state", "a piece carries per-piece state on " + square_name(pos.shape(), p.square));
  }
  if (pos.en_passant != kNoSquare) bad("no_en_passant", "an en passant square is set");
  // Castling rights need king and rook at home.
  for (Color c : {Color::White, Color::Black})
    for (const CastleSide& side : kCastleSides[static_cast<int>(c)]) {
      if (!(pos.castling & side.right)) continue;
      PieceId k = pos.occupant(pos.shape().square(4, home_rank(c)));
      PieceId r = pos.occupant(pos.shape().square(side.rook_from_file, home_rank(c)));
      if (k == kNoPiece || pos.piece(k).kind != kKing || pos.piece(k).color != c || r == kNoPiece ||
          pos.piece(r).kind != kRook || pos.piece(r).color != c)
        bad("castling_rights", "a castling right without its king and rook at home");
    }
  // Fields.
  static const std::string_view known[] = {kPhaseKey, kWhiteUpKey, kBlackUpKey, kWhitePlayKey, kBlackPlayKey,
                                           kTodoKey,  kPawnsKey,   kTwiceKey,   kFallenKey,    kResultKey};
  // Names of one length are told apart by their letters first (five of them
  // have five letters), not by a comparison of the whole text each time.
  auto known_name = [](std::string_view key) {
    return std::any_of(std::begin(known), std::end(known), [&](std::string_view k) {
      return k.size() == key.size() && k[0] == key[0] && k == key;
    });
  };
  for (const auto& [key, value] : pos.vars)
    if (!known_name(key)) bad("field", "unknown field " + key);
  const std::string& phase = get(pos, kPhaseKey);
  auto cards = [&](std::string_view key, bool required) -> std::optional<CardSet> {
    auto it = pos.vars.find(key);
    if (it == pos.vars.end()) {
      if (required) bad("field", "missing field " + std::string(key));
      return std::nullopt;
    }
    auto set = read_cards(it->second);
    if (!set) bad("field", "bad cards " + std::string(key) + "=" + it->second);
    return set;
  };
  auto wup = cards(kWhiteUpKey, true), bup = cards(kBlackUpKey, true);
  const std::string& fallen = get(pos, kFallenKey);
  if (!(fallen.empty() || fallen == "w" || fallen == "b" || fallen == "wb" || fallen == "bw") ||
      (pos.vars.count(kFallenKey) && fallen.empty()))
    bad("field", "bad fallen=" + fallen);
  bool over = s.outcome.over();
  for (Color c : {Color::White, Color::Black}) {
    char letter = c == Color::White ? 'w' : 'b';
    bool gone = fallen.find(letter) != std::string::npos;
    int want = gone ? 0 : 1;
    if (kings[static_cast<int>(c)] > 1 || (!over && kings[static_cast<int>(c)] != want))
      bad("one_king_each", std::string(color_name(c)) + " has " + std::to_string(kings[static_cast<int>(c)]) + " kings");
  }
  if (phase == "pick") {
    if (wup && bup && (*wup != 0 || *bup != 0)) bad("face_up", "cards face up before White's pick");
    if (pos.vars.size() != 3 + (pos.vars.count(kResultKey) ? 1u : 0u)) bad("field", "move-phase fields before the first turn");
    if (pos.side_to_move != Color::White) bad("side", "White picks");
  } else if (phase == "choose" || phase == "move") {
    // Exactly one player has two cards face up (two-move.face_up.*).
    if (wup && bup && !((std::popcount(*wup) == 2 && *bup == 0) || (std::popcount(*bup) == 2 && *wup == 0)))
      bad("face_up", "one player, and only one, has two cards face up");
    if (phase == "choose") {
      if (pos.vars.count(kTodoKey) || pos.vars.count(kPawnsKey) || pos.vars.count(kTwiceKey) ||
          pos.vars.count(kWhitePlayKey) || pos.vars.count(kBlackPlayKey) || pos.vars.count(kFallenKey))
        bad("field", "move-phase fields in the choose phase");
      if (pos.side_to_move != Color::White) bad("side", "the choose phase is written with w");
    } else {
      auto wplay = cards(kWhitePlayKey, true), bplay = cards(kBlackPlayKey, true);
      if (wplay && bplay && wup && bup) {
        if (std::popcount(*wplay) != 2 || std::popcount(*bplay) != 2 || (*wplay & *wup) || (*bplay & *bup))
          bad("played", "each player plays two cards it may choose");
        std::string all = card_moves(*wplay, *bplay);
        const std::string& todo = get(pos, kTodoKey);
        bool suffix = !todo.empty() && todo.size() <= all.size() && all.compare(all.size() - todo.size(), todo.size(), todo) == 0;
        if (!suffix && !over) bad("todo", "todo=" + todo + " is not what is left of " + all);
        if (suffix && !over) {
          auto next = next_card(pos);
          if (next && pos.side_to_move != next->colour) bad("side", "the side to move is not the next card's owner");
          // twice= only between the two moves of a double card.
          std::size_t done = all.size() - todo.size();
          bool second = done > 0 && all[done - 1] == todo[0];
          if (second != (pos.vars.count(kTwiceKey) != 0)) bad("twice", "twice= belongs between a card's two moves");
        }
      }
      bool ok = true;
      if (!pos.vars.count(kPawnsKey)) bad("field", "missing field pawns");
      for (Square sq : read_squares(pos.shape(), get(pos, kPawnsKey), &ok)) {
        if (pos.empty(sq)) bad("pawns", "pawns= names the empty square " + square_name(pos.shape(), sq));
      }
      if (!ok) bad("field", "bad pawns=" + get(pos, kPawnsKey));
      if (pos.vars.count(kTwiceKey)) {
        const std::string& t = get(pos, kTwiceKey);
        auto list = read_squares(pos.shape(), t, &ok);
        if (!ok || list.size() > 1) bad("field", "bad twice=" + t);
      }
    }
  } else {
    bad("field", "bad phase=" + phase);
  }
  return out;
}

// --- The step -------------------------------------------------------------

void end_game(State& s, Result r, std::string_view reason, std::string_view clause_id, Trace& trace) {
  s.outcome = {r, reason, clause_id};
  s.position.vars[kResultKey] = std::string(result_name(r));
  trace.event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, clause_id, std::string(reason)});
}

Result win_for(Color c) { return c == Color::White ? Result::WhiteWins : Result::BlackWins; }

// After the last card move (or none): the face-up cards, the turn count, and
// the ends of the game that wait for the end of a turn.
void end_turn(State& s, const Readings& readings, Trace& trace) {
  Position& pos = s.position;
  CardSet up[2] = {static_cast<CardSet>(cards_of(pos, kWhiteUpKey) | cards_of(pos, kWhitePlayKey)),
                   static_cast<CardSet>(cards_of(pos, kBlackUpKey) | cards_of(pos, kBlackPlayKey))};
  for (int c = 0; c < 2; ++c) {
    Color colour = static_cast<Color>(c);
    if (std::popcount(up[c]) == 4) {
      // two-move.face_up.four_back_to_hand
      trace.fire(clause::kFourBack);
      trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, colour, clause::kFourBack,
                   std::string(color_name(colour)) + " takes " + cards_text(up[c]) + " back into hand"});
      up[c] = 0;
    } else {
      // two-move.face_up.two_stay
      trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, colour, clause::kTwoStay,
                   std::string(color_name(colour)) + " leaves " + cards_text(up[c]) + " face up"});
    }
    put(pos, up_key(colour), cards_text(up[c]));
  }
  for (std::string_view key : {kWhitePlayKey, kBlackPlayKey, kTodoKey, kPawnsKey, kTwiceKey}) pos.vars.erase(key);
  put(pos, kPhaseKey, "choose");
  pos.side_to_move = Color::White;
  ++pos.fullmove_number;
  std::string fallen = get(pos, kFallenKey);
  pos.vars.erase(kFallenKey);
  if (!fallen.empty()) {
    // two-move.king_capture: the turn is over; who has won?
    std::string_view alt = readings.consult(point(reading::kKingCapture), trace);
    Color first_lost = fallen[0] == 'w' ? Color::White : Color::Black;
    if (fallen.size() == 2 && alt == "end_of_turn_draw")
      end_game(s, Result::Draw, "both kings captured", clause::kCaptureKing, trace);
    else
      end_game(s, win_for(opposite(first_lost)), "king captured", clause::kCaptureKing, trace);
    return;
  }
  // No other end: the text names none, so a game that no side can win goes
  // on for ever (docs/two-move.md).
}

// Plays one chess move of the side whose card it is.
void play_move(State& s, const Move& m, const Readings& readings, Trace& trace) {
  Position& pos = s.position;
  const BoardShape& shape = pos.shape();
  PieceId mover = pos.occupant(m.from);
  const Piece piece = pos.piece(mover);
  Color us = piece.color;
  const Squares listed_pawns = read_squares(shape, get(pos, kPawnsKey));
  bool moved_as_pawn = piece.kind == kPawn || listed(listed_pawns, m.from);
  Squares pawns;  // those still listed: not the mover's square, nor a captured piece's
  PieceId victim = pos.occupant(m.to);
  for (Square sq : listed_pawns)
    if (sq != m.from && (victim == kNoPiece || sq != m.to)) pawns.push_back(sq);
  bool king_taken = false;
  if (victim != kNoPiece) {
    // two-move.chess.capture
    const Piece v = pos.piece(victim);
    pos.remove(victim);
    king_taken = v.kind == kKing;
    pos.halfmove_clock = 0;
    trace.event({EventType::Capture, victim, v.square, kNoSquare, v.kind, v.color, clause::kCapture, ""});
  }
  if (m.is(kMoveCastle)) {
    // two-move.castle.king_card; the rook lands on the square the king crossed.
    int rank = home_rank(us);
    bool kingside = shape.file_of(m.to) == 6;
    Square rook_from = shape.square(kingside ? 7 : 0, rank), rook_to = shape.square(kingside ? 5 : 3, rank);
    // two-move.castle.attacks_ignored: fired where orthodox chess would forbid it.
    if (attacked_by(pos, m.from, opposite(us)) || attacked_by(pos, rook_to, opposite(us)) ||
        attacked_by(pos, m.to, opposite(us)))
      trace.fire(clause::kCastleAttacked);
    PieceId rook = pos.occupant(rook_from);
    pos.move(mover, m.to);
    pos.move(rook, rook_to);
    trace.event({EventType::Castle, mover, m.from, m.to, kKing, us, clause::kCastle, kingside ? "O-O" : "O-O-O"});
    trace.event({EventType::Move, rook, rook_from, rook_to, kRook, us, clause::kCastle, "rook"});
  } else {
    pos.move(mover, m.to);
    trace.event({EventType::Move, mover, m.from, m.to, piece.kind, us,
                 piece.kind == kPawn ? clause::kPawnAnyCard : clause::kChessMoves, ""});
  }
  if (piece.kind == kPawn) {
    pos.halfmove_clock = 0;
    if (m.is(kMoveDoubleStep)) {
      trace.fire(clause::kDoubleStep);
      // two-move.pawn.no_en_passant: an enemy pawn beside it gets no en passant capture.
      for (int df : {-1, 1}) {
        Square side = shape.offset(m.to, df, 0);
        PieceId p = side == kNoSquare ? kNoPiece : pos.occupant(side);
        if (p != kNoPiece && pos.piece(p).kind == kPawn && pos.piece(p).color != us) trace.fire(clause::kNoEnPassant);
      }
    }
  }
  if (m.promotion != kNoKind) {
    // two-move.pawn.promotion
    pos.set_kind(mover, m.promotion);
    trace.event({EventType::Promote, mover, m.to, m.to, m.promotion, us, clause::kPromotion, ""});
  }
  // two-move.move.pawn_once_per_turn: remember which pieces moved as pawns.
  if (moved_as_pawn) pawns.push_back(m.to);
  put(pos, kPawnsKey, squares_text(shape, pawns));
  // The castling rights: a king or rook that moves or is captured loses them.
  for (Square sq : {m.from, m.to}) {
    if (sq == shape.square(4, 0)) pos.castling &= ~(kWhiteKingside | kWhiteQueenside);
    if (sq == shape.square(4, 7)) pos.castling &= ~(kBlackKingside | kBlackQueenside);
    if (sq == shape.square(0, 0)) pos.castling &= ~kWhiteQueenside;
    if (sq == shape.square(7, 0)) pos.castling &= ~kWhiteKingside;
    if (sq == shape.square(0, 7)) pos.castling &= ~kBlackQueenside;
    if (sq == shape.square(7, 7)) pos.castling &= ~kBlackKingside;
  }
  // two-move.goal.no_check: a king may stand attacked after a move.
  Square own_king = pos.find(kKing, us);
  if (own_king != kNoSquare && attacked_by(pos, own_king, opposite(us))) trace.fire(clause::kNoCheck);
  if (king_taken) {
    // two-move.goal.capture_king; two-move.king_capture: at once, or at the end of the turn.
    std::string_view alt = readings.consult(point(reading::kKingCapture), trace);
    if (alt == "immediate") {
      end_game(s, win_for(us), "king captured", clause::kCaptureKing, trace);
    } else {
      trace.fire(clause::kCaptureKing);
      put(pos, kFallenKey, get(pos, kFallenKey) + (us == Color::White ? "b" : "w"));
    }
  }
}

// The pairs of cards within `allowed`, appended to `out`.
void pairs(CardSet allowed, std::vector<Move>& out) {
  for (int a = 0; a < kCardCount; ++a)
    for (int b = a + 1; b < kCardCount; ++b) {
      CardSet set = static_cast<CardSet>((1 << a) | (1 << b));
      if ((set & allowed) != set) continue;
      Move m;
      m.code = set;
      out.push_back(m);
    }
}

bool valid_pair(const Move& m, CardSet allowed) {
  return m.from == kNoSquare && !m.is(kMovePass) && m.code != 0 && m.code <= kAllCards && std::popcount(m.code) == 2 &&
         (m.code & ~allowed) == 0;
}

void reject(Trace& trace, Color colour, const Move& m, std::string_view clause_id, std::string why) {
  trace.event({EventType::Reject, kNoPiece, m.from, m.to, kNoKind, colour, clause_id, std::move(why)});
}

// The pick before the first turn: White's two face-up cards.
void pick_step(State& s, const Move& m, Trace& trace) {
  Position& pos = s.position;
  if (!valid_pair(m, kAllCards)) throw std::invalid_argument("White picks two different cards, e.g. RK");
  trace.fire(clause::kCards);
  trace.fire(clause::kStartPosition);
  CardSet set = static_cast<CardSet>(m.code);
  // two-move.setup.white_face_up: any two (king and rook are advice for a first game).
  trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, clause::kWhiteFaceUp,
               "white places " + cards_text(set) + " face up"});
  put(pos, kWhiteUpKey, cards_text(set));
  put(pos, kPhaseKey, "choose");
}

void choose_step(State& s, const Move& white, const Move& black, const Readings& readings, Trace& trace) {
  Position& pos = s.position;
  CardSet up[2] = {cards_of(pos, kWhiteUpKey), cards_of(pos, kBlackUpKey)};
  const Move* chosen[2] = {&white, &black};
  trace.fire(clause::kPhases);
  for (int c = 0; c < 2; ++c) {
    // two-move.choose.two_cards; two-move.choose.not_face_up
    if (!valid_pair(*chosen[c], static_cast<CardSet>(kAllCards & ~up[c])))
      throw std::invalid_argument(std::string(color_name(static_cast<Color>(c))) +
                                  " chooses two different cards that are not face up");
    if (up[c]) trace.fire(clause::kNotFaceUp);
    trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, static_cast<Color>(c), clause::kChooseTwo,
                 std::string(color_name(static_cast<Color>(c))) + " plays " + cards_text(static_cast<CardSet>(chosen[c]->code)) +
                     " face down"});
  }
  CardSet w = static_cast<CardSet>(white.code), b = static_cast<CardSet>(black.code);
  // two-move.choose.reveal
  trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, clause::kReveal,
               "revealed: white " + cards_text(w) + ", black " + cards_text(b)});
  CardSet match = w & b;
  if (std::popcount(match) == 2) {
    trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, clause::kSameTwo,
                 "both played " + cards_text(match) + ": all four eliminated"});
  } else if (match) {
    trace.event({EventType::Card, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, clause::kOneMatch,
                 "both played " + cards_text(match) + ": eliminated"});
    trace.fire(clause::kDoubleCard);
  }
  std::string todo = card_moves(w, b);
  if (!todo.empty()) trace.fire(clause::kOrder);
  put(pos, kWhitePlayKey, cards_text(w));
  put(pos, kBlackPlayKey, cards_text(b));
  ++pos.halfmove_clock;  // turns since the last capture or pawn move
  if (todo.empty()) {
    end_turn(s, readings, trace);
    return;
  }
  put(pos, kPhaseKey, "move");
  put(pos, kTodoKey, todo);
  put(pos, kPawnsKey, "-");
  pos.side_to_move = std::isupper(static_cast<unsigned char>(todo[0])) ? Color::White : Color::Black;
}

void move_step(State& s, const Move& asked, const Readings& readings, Trace& trace) {
  Position& pos = s.position;
  NextCard next = *next_card(pos);
  trace.fire(clause::kOrder);
  // two-move.move.any_combination: the second move of a card that makes two,
  // by any piece it matches or a pawn not yet moved (the same piece too).
  if (next.second_of_two) trace.fire(clause::kCombination);
  // A move is looked for among its piece's moves; a pass needs them all (whether there is any).
  Square from = asked.is(kMovePass) ? kNoSquare : asked.from;
  MoveList allowed, widest;
  card_moves_list(pos, next, readings, allowed, from);
  // The defaults bar nothing the alternatives allow; with no alternative
  // chosen the readings are the defaults, and the two lists are one.
  bool defaults = readings.chosen().empty();
  if (!defaults) card_moves_list(pos, next, Readings{}, widest, from);
  const MoveList& known_list = defaults ? allowed : widest;
  const Move* found = nullptr;
  for (const Move& m : allowed)
    if (m.same_action(asked)) found = &m;
  const Move* known = nullptr;
  for (const Move& m : known_list)
    if (m.same_action(asked)) known = &m;
  Squares pawns = read_squares(pos.shape(), get(pos, kPawnsKey));
  for (Square sq : pawns) {
    PieceId p = pos.occupant(sq);
    if (p != kNoPiece && pos.piece(p).color == next.colour && pos.piece(p).kind == kPawn) trace.fire(clause::kPawnOnce);
  }
  Move chosen = Move::pass();
  if (asked.is(kMovePass)) {
    if (allowed.empty()) {
      // two-move.move.no_legal_move_passes
      trace.fire(clause::kNoMovePass);
    } else {
      reject(trace, next.colour, asked, clause::kMustMove, "a card that is not eliminated must make a move");
    }
    // Where the readings in force leave nothing that the defaults allow, the
    // points that barred it decided the pass.
    if (allowed.empty() && !known_list.empty()) {
      for (std::string_view id : {reading::kPromotedPawn}) {
        const ReadingPoint& p = point(id);
        if (readings.in_force(p) == p.default_alternative) continue;
        Readings lifted = readings;
        lifted.choose(id, p.default_alternative);
        MoveList more;
        card_moves_list(pos, next, lifted, more);
        if (!more.empty()) readings.consult(p, trace);
      }
    }
  } else if (!known) {
    throw std::invalid_argument("illegal move for the " + std::string(1, kCardLetters[next.card]) + " card");
  } else {
    // The reading points that decide whether this move may be made.
    const Piece& mover = pos.piece(pos.occupant(known->from));
    if (mover.kind != kPawn && listed(pawns, mover.square)) readings.consult(point(reading::kPromotedPawn), trace);
    if (found) {
      chosen = *found;
      trace.fire(clause::kMustMove);
    } else {
      reject(trace, next.colour, asked, clause::kMustMove, "not allowed under the readings in force: no move");
    }
  }
  std::string card_letter(1, kCardLetters[next.card]);
  trace.event({EventType::Card, kNoPiece, chosen.from, chosen.to, kNoKind, next.colour,
               next.second_of_two ? clause::kDoubleCard : clause::kOrder,
               std::string(color_name(next.colour)) + " " + card_letter + " card: " +
                   (chosen.is(kMovePass) ? "no move" : "move")});
  if (!chosen.is(kMovePass)) play_move(s, chosen, readings, trace);
  if (s.outcome.over()) return;
  // The card move is made: the next one, or the end of the turn.
  std::string todo = get(pos, kTodoKey);
  char done = todo[0];
  todo.erase(0, 1);
  pos.vars.erase(kTwiceKey);
  if (todo.empty()) {
    end_turn(s, readings, trace);
    return;
  }
  put(pos, kTodoKey, todo);
  if (todo[0] == done) put(pos, kTwiceKey, chosen.is(kMovePass) ? "-" : square_name(pos.shape(), chosen.to));
  pos.side_to_move = std::isupper(static_cast<unsigned char>(todo[0])) ? Color::White : Color::Black;
}

void advance(State& s, const JointAction& joint, const Readings& readings, Trace& trace) {
  if (s.outcome.over()) throw std::invalid_argument("the game is already over");
  std::string phase = get(s.position, kPhaseKey);
  const Move* moves[2] = {nullptr, nullptr};
  for (const Action& a : joint) {
    if (a.role != Role::White && a.role != Role::Black) throw std::invalid_argument("only White and Black act");
    int i = a.role == Role::White ? 0 : 1;
    if (moves[i]) throw std::invalid_argument("one action per role");
    moves[i] = &a.move;
  }
  if (phase == "pick") {
    if (!moves[0] || moves[1]) throw std::invalid_argument("White alone picks the first face-up cards");
    pick_step(s, *moves[0], trace);
  } else if (phase == "choose") {
    if (!moves[0] || !moves[1]) throw std::invalid_argument("both players choose cards (write WHITE:BLACK)");
    choose_step(s, *moves[0], *moves[1], readings, trace);
  } else {
    auto next = next_card(s.position);
    if (!next) throw std::invalid_argument("no card move is due");
    int i = next->colour == Color::White ? 0 : 1;
    if (!moves[i] || moves[1 - i]) throw std::invalid_argument("the owner of the next card moves alone");
    move_step(s, *moves[i], readings, trace);
  }
}

}  // namespace

std::string cards_text(CardSet set) {
  std::string out;
  for (int c = 0; c < kCardCount; ++c)
    if (set & (1 << c)) out += kCardLetters[c];
  return out.empty() ? "-" : out;
}

std::optional<CardSet> read_cards(std::string_view text) {
  if (text == "-") return CardSet{0};
  if (text.empty()) return std::nullopt;
  CardSet set = 0;
  int last = -1;
  for (char ch : text) {
    std::size_t at = kCardLetters.find(ch);
    if (at == std::string_view::npos || static_cast<int>(at) <= last) return std::nullopt;
    last = static_cast<int>(at);
    set |= static_cast<CardSet>(1 << at);
  }
  return set;
}

std::string card_moves(CardSet white, CardSet black) {
  CardSet match = white & black;
  // two-move.eliminate.same_two: two matching cards eliminate all four.
  if (std::popcount(match) >= 2) return "";
  // two-move.eliminate.one_match, two-move.move.other_card_twice.
  int times = match ? 2 : 1;
  std::string out;
  // two-move.move.card_order: knight, bishop, rook, queen, king. Cards of the
  // two players that are not eliminated are of different types: no ties.
  for (int c = 0; c < kCardCount; ++c) {
    if (match & (1 << c)) continue;
    if (white & (1 << c)) out.append(times, kCardLetters[c]);
    if (black & (1 << c)) out.append(times, static_cast<char>(std::tolower(static_cast<unsigned char>(kCardLetters[c]))));
  }
  return out;
}

const PieceSet& TwoMove::kinds() const { return orthodox::piece_set(); }

State TwoMove::initial_state() const {
  // two-move.setup.start_position; the cards: none face up before White's pick.
  auto pos = parse_fen(std::string(orthodox::kStartFen) + " phase=pick wup=- bup=-", kinds());
  return State{std::move(pos.value()), {}, {}};
}

Expected<State> TwoMove::parse_state(std::string_view fen) const {
  auto pos = parse_fen(fen, kinds());
  if (!pos) return Error{pos.error()};
  State s{std::move(pos.value()), {}, {}};
  auto it = s.position.vars.find(kResultKey);
  if (it != s.position.vars.end()) {
    bool known = false;
    for (const auto& [result, name] : kResultNames)
      if (name == it->second && (result == Result::WhiteWins || result == Result::BlackWins || result == Result::Draw)) {
        s.outcome = {result, "recorded", result == Result::Draw ? std::string_view{} : clause::kCaptureKing};
        known = true;
      }
    if (!known) return Error{"bad result=" + echo(it->second)};
  }
  for (const InvariantViolation& v : check_state(s))
    return Error{"not a two-move position: " + v.detail + " (" + v.label + ")"};
  return s;
}

namespace {

// Who acts in a game not over: White picks, both choose, and in the move
// phase the owner of the next card (`next`, read only in that phase).
Roles acting(std::string_view phase, const std::optional<NextCard>& next) {
  if (phase == "pick") return {Role::White};
  if (phase == "choose") return {Role::White, Role::Black};
  if (!next) return {};
  return {role_of(next->colour)};
}

bool card_phase(std::string_view phase) { return phase == "pick" || phase == "choose"; }

}  // namespace

Roles TwoMove::roles_to_act(const State& s) const {
  if (s.outcome.over()) return {};
  const std::string& phase = get(s.position, kPhaseKey);
  return acting(phase, card_phase(phase) ? std::nullopt : next_card(s.position));
}

std::vector<Move> TwoMove::actions(const State& s, Role role) const { return actions(s, role, Readings{}); }

std::vector<Move> TwoMove::actions(const State& s, Role role, const Readings& readings) const {
  return listed_actions(s, role, readings);
}

void TwoMove::actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const {
  out.clear();
  if (s.outcome.over()) return;
  // The phase and the next card, read once for who acts and what they may do.
  const Position& pos = s.position;
  const std::string& phase = get(pos, kPhaseKey);
  std::optional<NextCard> next = card_phase(phase) ? std::nullopt : next_card(pos);
  Roles roles = acting(phase, next);
  if (std::find(roles.begin(), roles.end(), role) == roles.end()) return;
  if (phase == "pick") {
    pairs(kAllCards, out);
    return;
  }
  if (phase == "choose") {
    pairs(static_cast<CardSet>(kAllCards & ~cards_of(pos, role == Role::White ? kWhiteUpKey : kBlackUpKey)), out);
    return;
  }
  MoveList list;
  card_moves_list(pos, *next, readings, list);
  if (list.empty()) out.push_back(Move::pass());  // two-move.move.no_legal_move_passes
  else out.assign(list.begin(), list.end());
}

StepResult TwoMove::step(const State& s, const JointAction& joint, const Readings& readings) const {
  StepResult r{s, {}};
  advance(r.state, joint, readings, r.trace);
  return r;
}

State TwoMove::apply(const State& s, const JointAction& joint, const Readings& readings) const {
  State next = s;
  Trace off = Trace::off();
  advance(next, joint, readings, off);
  return next;
}

std::vector<InvariantViolation> TwoMove::check_invariants(const State& s) const { return check_state(s); }

std::string TwoMove::move_text(const State& s, const Move& m) const {
  if (m.code != 0 && m.from == kNoSquare) return cards_text(static_cast<CardSet>(m.code & kAllCards));
  return Variant::move_text(s, m);
}

Expected<Move> TwoMove::read_move(const State& s, Role role, std::string_view text) const {
  if (text.size() == 2 && std::isupper(static_cast<unsigned char>(text[0]))) {
    std::size_t a = kCardLetters.find(text[0]), b = kCardLetters.find(text[1]);
    if (a == std::string_view::npos || b == std::string_view::npos || a == b)
      return Error{"cannot read the cards '" + std::string(text) + "': two different letters of NBRQK"};
    Move m;
    m.code = static_cast<std::uint16_t>((1 << a) | (1 << b));
    return m;
  }
  return Variant::read_move(s, role, text);
}

const Variant& variant() {
  static const TwoMove v;
  return v;
}

// The colour mirror: the rules are symmetric between the colours, so the
// mirrored step gives the mirrored result (a law of properties/). White's
// and Black's card fields swap, the card moves to make change case, squares
// are mirrored. Before the first turn only White picks, so that state has no
// mirror.
std::optional<State> TwoMove::mirror(const State& s) const {
  const Position& pos = s.position;
  auto phase = pos.vars.find(kPhaseKey);
  if (phase == pos.vars.end() || phase->second == "pick") return std::nullopt;
  auto swap_case = [](std::string text) {
    for (char& c : text) {
      unsigned char u = static_cast<unsigned char>(c);
      c = static_cast<char>(std::isupper(u) ? std::tolower(u) : std::toupper(u));
    }
    return text;
  };
  const BoardShape& shape = pos.shape();
  Position m = mirror_position(pos, false);
  m.vars.clear();
  for (const auto& [key, value] : pos.vars) {
    std::string k = key, v = value;
    if (k == kWhiteUpKey) k = kBlackUpKey;
    else if (k == kBlackUpKey) k = kWhiteUpKey;
    else if (k == kWhitePlayKey) k = kBlackPlayKey;
    else if (k == kBlackPlayKey) k = kWhitePlayKey;
    if (k == kTodoKey) v = swap_case(v);
    if (k == kFallenKey)
      for (char& c : v) c = c == 'w' ? 'b' : 'w';
    if (k == kResultKey) v = std::string(result_name(mirror_result(s.outcome.result)));
    if ((k == kPawnsKey || k == kTwiceKey) && v != "-") {
      std::vector<Square> squares;
      std::size_t start = 0;
      while (start <= v.size()) {
        std::size_t comma = v.find(',', start);
        auto sq = parse_square(shape, v.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (!sq) return std::nullopt;
        squares.push_back(shape.mirror(*sq));
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      std::sort(squares.begin(), squares.end());
      v.clear();
      for (Square q : squares) v += (v.empty() ? std::string() : std::string(",")) + square_name(shape, q);
    }
    m.vars[k] = v;
  }
  if (phase->second == "move") m.side_to_move = opposite(pos.side_to_move);
  auto back = parse_state(to_fen(m));
  if (!back) return std::nullopt;
  return std::move(back.value());
}

}  // namespace arbiter::two_move
