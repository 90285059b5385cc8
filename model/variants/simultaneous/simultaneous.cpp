#include "model/variants/simultaneous/simultaneous.h"

#include "model/core/trace.h"

#include <algorithm>
#include <cstdint>
#include <span>

#include "model/core/fen.h"
#include "model/core/mirror.h"
#include "model/variants/orthodox/orthodox.h"

namespace arbiter::simultaneous {

namespace {

// Whether a pawn of the other colour than c stands just beyond the passed
// square sq, where its double step ended.
bool pawn_beyond(const Position& pos, Square sq, Color c) {
  const BoardShape& shape = pos.shape();
  Square beyond = shape.square(shape.file_of(sq), shape.rank_of(sq) + (c == Color::White ? -1 : 1));
  for (PieceId id : pos.at(beyond))
    if (pos.piece(id).color != c && pos.piece(id).kind == orthodox::kPawn) return true;
  return false;
}

}  // namespace

Square en_passant_for(const Position& pos, Color c) {
  auto it = pos.vars.find(kEnPassantKey);
  if (it == pos.vars.end()) return kNoSquare;
  std::string_view list = it->second;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t comma = list.find(',', start);
    std::string_view name =
        list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    std::size_t used = 0;
    auto sq = parse_square(pos.shape(), name, &used);
    if (sq && used == name.size() && pos.shape().rank_of(*sq) == (c == Color::White ? pos.shape().ranks - 3 : 2) &&
        pawn_beyond(pos, *sq, c))
      return *sq;
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return kNoSquare;
}

void set_en_passant(Position& pos, const std::vector<std::pair<Square, Square>>& double_steps) {
  const BoardShape& shape = pos.shape();
  std::vector<std::string> passed;
  for (const auto& [from, to] : double_steps)
    passed.push_back(square_name(shape, shape.square(shape.file_of(from), (shape.rank_of(from) + shape.rank_of(to)) / 2)));
  std::sort(passed.begin(), passed.end());
  std::string list;
  for (const std::string& sq : passed) list += (list.empty() ? "" : ",") + sq;
  pos.vars.erase(kEnPassantKey);
  if (!list.empty()) pos.vars[kEnPassantKey] = list;
}

void read_standard_fields(Position& pos) {
  pos.side_to_move = Color::White;
  if (pos.en_passant == kNoSquare) return;
  std::vector<std::string> names;
  if (auto it = pos.vars.find(kEnPassantKey); it != pos.vars.end()) {
    std::string_view list = it->second;
    for (std::size_t start = 0; start <= list.size();) {
      std::size_t comma = std::min(list.find(',', start), list.size());
      names.emplace_back(list.substr(start, comma - start));
      start = comma + 1;
    }
  }
  std::string name = square_name(pos.shape(), pos.en_passant);
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  std::sort(names.begin(), names.end());
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ",") + n;
  pos.vars[std::string(kEnPassantKey)] = list;
  pos.en_passant = kNoSquare;
}

Expected<std::string> read_standard_fen(std::string_view fen, const PieceSet& kinds) {
  auto pos = parse_fen(fen, kinds);
  if (!pos) return Error{pos.error()};
  read_standard_fields(pos.value());
  return to_fen(pos.value());
}

Line between(const BoardShape& shape, Square a, Square b) {
  int df = shape.file_of(b) - shape.file_of(a), dr = shape.rank_of(b) - shape.rank_of(a);
  if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)) return {};
  int n = std::max(std::abs(df), std::abs(dr));
  int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  Line out;
  for (int i = 1; i < n; ++i) out.push_back(shape.square(shape.file_of(a) + i * sf, shape.rank_of(a) + i * sr));
  return out;
}

std::optional<std::array<Move, 2>> white_and_black(const JointAction& joint) {
  std::array<Move, 2> moves;
  bool given[2] = {false, false};
  for (const Action& a : joint) {
    if (a.role != Role::White && a.role != Role::Black) return std::nullopt;
    int i = a.role == Role::White ? 0 : 1;
    if (given[i]) return std::nullopt;
    moves[i] = a.move;
    given[i] = true;
  }
  if (!given[0] || !given[1]) return std::nullopt;
  return moves;
}

Expected<State> parse_state(const Variant& v, std::string_view fen, std::string_view clause) {
  auto pos = parse_fen(fen, v.kinds());
  if (!pos) return Error{pos.error()};
  State s{std::move(pos.value()), {}, {}};
  auto it = s.position.vars.find(std::string(kResultKey));
  if (it != s.position.vars.end()) {
    bool known = false;
    for (const auto& [result, name] : kResultNames) {
      if (name == it->second && result != Result::Ongoing) {
        s.outcome = {result, "recorded", clause};
        known = true;
      }
    }
    if (!known) return Error{"bad result=" + it->second};
  }
  for (const InvariantViolation& broken : v.check_invariants(s))
    return Error{"not a valid " + std::string(v.id()) + " position: " + broken.detail + " (" + broken.label + ")"};
  return s;
}

void record_result(State& s) {
  if (s.outcome.over()) s.position.vars[std::string(kResultKey)] = std::string(result_name(s.outcome.result));
}

std::string_view sanction_text(std::string_view sanction) {
  if (sanction == "rewrite") return "the turn is not played: both players submit again";
  if (sanction == "loss") return "the player who submitted it loses";
  return "the player passes";
}

bool apply_sanctions(const State& before, State& after, Trace& trace, const std::string_view sanction[2],
                     std::string_view clause) {
  if (sanction[0] == "rewrite" || sanction[1] == "rewrite") {
    after = before;
    return true;
  }
  bool lost[2] = {sanction[0] == "loss", sanction[1] == "loss"};
  if (!lost[0] && !lost[1]) return false;
  after.position = before.position;
  after.position.fullmove_number = before.position.fullmove_number + 1;
  after.outcome = lost[0] && lost[1] ? Outcome{Result::BothLose, "both submitted a refused move", clause}
                  : lost[0]          ? Outcome{Result::BlackWins, "White submitted a refused move", clause}
                                     : Outcome{Result::WhiteWins, "Black submitted a refused move", clause};
  record_result(after);
  trace.event({EventType::Result, kNoPiece, kNoSquare, kNoSquare, kNoKind, Color::White, clause,
               std::string(after.outcome.reason)});
  return true;
}

State mirror_state(const State& s) {
  State m{mirror_position(s.position, false), {}, s.outcome};
  m.outcome.result = mirror_result(s.outcome.result);
  for (const auto& [key, value] : s.position.vars) {
    if (key == kResultKey) continue;  // a result's name, not colour letters: written again below
    m.position.vars[key] = key == kEnPassantKey ? mirror_square_list(s.position.shape(), value) : mirror_colour_letters(value);
  }
  record_result(m);
  return m;
}

}  // namespace arbiter::simultaneous

namespace arbiter::simultaneous {

Outcome standard_draw(const State& s, int occurrences, const ReadingPoint& claims, const Readings& readings,
                      Trace& trace, std::string_view clause) {
  const int turns = s.position.halfmove_clock;
  if (turns < 50 && occurrences < 3) return {};
  std::string_view alt = readings.consult(claims, trace);
  if (alt == "none") return {};
  bool claimed = alt == "claimed";
  if (turns >= (claimed ? 50 : 75)) return {Result::Draw, "fifty moves without a capture or a pawn move", clause};
  if (occurrences >= (claimed ? 3 : 5)) return {Result::Draw, "repetition", clause};
  return {};
}

Readings without_standard_draws(std::string_view draw_claims_point) {
  Readings readings;
  readings.choose(draw_claims_point, "none");
  return readings;
}

namespace {

// The piece flags the extended FEN names (kPieceFlagNames): the only flags a
// key tells apart, as the text compares no others.
constexpr std::uint32_t kNamedFlags = [] {
  std::uint32_t mask = 0;
  for (const PieceFlagName& f : kPieceFlagNames) mask |= f.flag;
  return mask;
}();
static_assert(kNamedFlags < 0x100, "a key writes the named flags in one byte");

// Whether the FEN writes a state in braces after the piece's letter (fen.cpp's
// test: any flag, named or not, a counter or a partner).
bool has_state(const Piece& p) { return p.flags != 0 || p.counter != 0 || p.partner_square != kNoSquare; }

void put_byte(std::string& key, int value) { key += static_cast<char>(static_cast<unsigned char>(value)); }
void put_int16(std::string& key, int value) {
  put_byte(key, value & 0xff);
  put_byte(key, (value >> 8) & 0xff);
}

}  // namespace

// The key holds in bytes what the text key (orthodox::repetition_key, then
// " name=value" for each field but the result) holds in letters, and no more,
// so that two keys are equal exactly when the two texts would be:
//   - the board's files and ranks, the side to move, the castling rights;
//   - the en passant square (never set in these games, which keep ep=) where
//     orthodox::repetition_key counts it, as a flag byte and the square;
//   - the board in one of two forms, named by a byte:
//     0, where no square holds two pieces and no piece has a kind past 126 or
//     a state the FEN writes in braces (the positions of play): a byte a
//     square, 0 for an empty one, else 1 + 2*kind + colour;
//     1, for any other board: one bit a square, set for a square that holds
//     pieces, then for each such square in order its number of pieces and,
//     for each piece in the square's order, its kind, its colour and whether
//     it has a state, its named flags, its counter and its partner square
//     (two bytes each);
//   - the variant fields but the result, in the text's own words.
// A kind names one code, as the FEN reads codes back to kinds, and which form
// a board takes is decided by what its text shows. Every part before the
// fields has a length the parts before it decide, so one key cannot be read
// as two different positions.
void write_repetition_key(const Position& pos, std::string& key) {
  const BoardShape& shape = pos.shape();
  key.clear();
  put_byte(key, shape.files);
  put_byte(key, shape.ranks);
  put_byte(key, pos.side_to_move == Color::White ? 0 : 1);
  put_byte(key, pos.castling);
  bool en_passant = false;
  if (pos.en_passant != kNoSquare) {
    // FIDE 9.2.2 as orthodox::repetition_key applies it: the square counts
    // where an en passant capture onto it is legal, which its text shows.
    std::string head;
    write_key_head(head, pos);
    en_passant = orthodox::repetition_key(pos).size() != head.size();
  }
  put_byte(key, en_passant ? 1 : 0);
  if (en_passant) put_int16(key, pos.en_passant);
  // Form 0, written piece by piece: a square met twice, a piece with a state
  // or a kind past 126 sends the board to form 1.
  std::array<unsigned char, kMaxSquares> cells{};
  bool plain = true;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    if (p.kind > 126 || has_state(p) || cells[p.square] != 0) {
      plain = false;
      break;
    }
    cells[p.square] = static_cast<unsigned char>(1 + (p.kind << 1 | static_cast<int>(p.color)));
  }
  if (plain) {
    put_byte(key, 0);
    key.append(reinterpret_cast<const char*>(cells.data()), static_cast<std::size_t>(shape.size()));
  } else {
    put_byte(key, 1);
    const std::size_t bits = key.size();
    key.append(static_cast<std::size_t>(shape.size() + 7) / 8, '\0');
    for (Square s = 0; s < shape.size(); ++s) {
      std::span<const PieceId> ids = pos.at(s);
      if (ids.empty()) continue;
      key[bits + s / 8] = static_cast<char>(key[bits + s / 8] | (1 << (s % 8)));
      put_byte(key, static_cast<int>(ids.size()));
      for (PieceId id : ids) {
        const Piece& p = pos.piece(id);
        put_byte(key, p.kind);
        put_byte(key, static_cast<int>(p.color) | (has_state(p) ? 2 : 0));
        put_byte(key, static_cast<int>(p.flags & kNamedFlags));
        put_int16(key, p.counter);
        put_int16(key, p.partner_square);
      }
    }
  }
  for (const auto& [name, value] : pos.vars) {
    if (name == kResultKey) continue;
    key.append(" ").append(name).append("=").append(value);
  }
}

std::string repetition_key(const Position& pos) {
  std::string key;
  key.reserve(48 + static_cast<std::size_t>(pos.shape().size()));
  write_repetition_key(pos, key);
  return key;
}

int occurrences(const State& s) {
  if (s.history.size() < 2) return 1;
  // The key is written into a buffer kept between calls: every step asks.
  thread_local std::string key;
  write_repetition_key(s.position, key);
  return 1 + static_cast<int>(s.history.count(key));
}

}  // namespace arbiter::simultaneous
