#include "model/variants/simultaneous/simultaneous.h"

#include "model/core/trace.h"

#include <algorithm>

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

std::string repetition_key(const Position& pos) {
  std::string key = orthodox::repetition_key(pos);
  for (const auto& [name, value] : pos.vars) {
    if (name == kResultKey) continue;
    key.append(" ").append(name).append("=").append(value);
  }
  return key;
}

int occurrences(const State& s) {
  if (s.history.size() < 2) return 1;
  return 1 + static_cast<int>(s.history.count(repetition_key(s.position)));
}

}  // namespace arbiter::simultaneous
