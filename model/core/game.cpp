#include "model/core/game.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "model/core/budget.h"
#include "model/core/mirror.h"
#include "model/core/echo.h"

namespace arbiter {

std::string_view role_name(Role r) {
  switch (r) {
    case Role::White: return "white";
    case Role::Black: return "black";
    case Role::Player: return "player";
    case Role::Chance: return "chance";
  }
  return "?";
}

Expected<Role> parse_role(std::string_view name) {
  for (Role r : {Role::White, Role::Black, Role::Player, Role::Chance})
    if (role_name(r) == name) return r;
  return Error{"unknown role '" + std::string(name) + "'"};
}

std::string_view result_name(Result r) {
  for (const auto& [result, name] : kResultNames)
    if (result == r) return name;
  return "?";
}

namespace {

// The common case, without building anything: every piece on the board is on
// a square of it, of a known kind, and listed on its square under its own id,
// and the squares list no more pieces than that (so each lists only pieces
// that stand there: the pieces found are distinct entries, and there are no
// others). Otherwise check_core_invariants looks square by square.
bool core_invariants_hold(const Position& pos) {
  // Read once: every step runs this, and the loops below are its whole cost.
  const int squares = pos.shape().size();
  const std::size_t kinds = pos.kinds().size();
  std::size_t on_board = 0;
  std::span<const Piece> pieces = pos.pieces();
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const Piece& p = pieces[i];
    if (!p.on_board()) continue;
    if (p.id != i || p.square < 0 || p.square >= squares || p.kind >= kinds || !pos.lists(p.square, p.id))
      return false;
    ++on_board;
  }
  return pos.listed() == on_board;
}

}  // namespace

std::vector<InvariantViolation> check_core_invariants(const Position& pos) {
  std::vector<InvariantViolation> out;
  if (core_invariants_hold(pos)) return out;
  // Something is wrong: say what, square by square.
  const BoardShape& shape = pos.shape();
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    if (p.square < 0 || p.square >= shape.size()) {
      out.push_back({"core.piece_on_board", "piece " + std::to_string(p.id) + " is off the board's squares"});
      continue;
    }
    bool indexed = false;
    for (PieceId id : pos.at(p.square)) indexed = indexed || id == p.id;
    if (!indexed)
      out.push_back({"core.square_index", "piece " + std::to_string(p.id) + " is missing from " +
                                              square_name(shape, p.square)});
    if (p.kind >= pos.kinds().size())
      out.push_back({"core.known_kind", "piece " + std::to_string(p.id) + " has an unknown kind"});
  }
  for (Square s = 0; s < shape.size(); ++s) {
    for (PieceId id : pos.at(s)) {
      if (id >= pos.pieces().size() || pos.piece(id).square != s)
        out.push_back({"core.square_index", square_name(shape, s) + " lists a piece that is elsewhere"});
    }
  }
  return out;
}

std::vector<Square> stacked_squares(const Position& pos) {
  constexpr int kWords = (kMaxSquares + 63) / 64;
  std::array<std::uint64_t, kWords> seen{}, several{};
  const int squares = pos.shape().size();
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.square < 0 || p.square >= squares) continue;
    std::uint64_t bit = std::uint64_t{1} << (p.square % 64);
    several[p.square / 64] |= seen[p.square / 64] & bit;
    seen[p.square / 64] |= bit;
  }
  std::vector<Square> out;
  for (int word = 0; word < kWords; ++word)
    for (std::uint64_t bits = several[word]; bits != 0; bits &= bits - 1)
      out.push_back(static_cast<Square>(word * 64 + std::countr_zero(bits)));
  return out;
}

Expected<State> Variant::parse_state(std::string_view fen) const {
  auto pos = parse_fen(fen, kinds());
  if (!pos) return Error{pos.error()};
  State s{std::move(pos.value()), {}, {}};
  for (const InvariantViolation& v : check_invariants(s))
    return Error{"not a valid " + std::string(id()) + " position: " + v.detail + " (" + v.label + ")"};
  return s;
}

Move Variant::mirror_action(const State& s, const Move& m) const { return mirror_move(s.position.shape(), m); }

std::uint64_t Variant::perft(const State& s, int depth) const { return perft(s, depth, Readings{}); }

std::uint64_t Variant::perft(const State& s, int depth, const Readings& readings) const {
  if (depth <= 0) return 1;
  Roles roles = roles_to_act(s);
  if (roles.empty()) return 0;
  std::vector<std::vector<Move>> per_role;
  for (Role r : roles) per_role.push_back(actions(s, r, readings));
  // The last ply is counted in bulk: the joint actions are the product of the
  // roles' action counts, and a step into a finished game is still a leaf.
  std::uint64_t product = 1;
  for (const auto& moves : per_role) product *= moves.size();
  if (depth == 1 || product == 0) return product;
  budget::check();
  // Walk the cartesian product of the roles' actions.
  std::vector<std::size_t> index(roles.size(), 0);
  std::uint64_t nodes = 0;
  while (true) {
    JointAction joint;
    for (std::size_t i = 0; i < roles.size(); ++i) joint.push_back({roles[i], per_role[i][index[i]]});
    nodes += perft(apply(s, joint, readings), depth - 1, readings);
    std::size_t i = 0;
    while (i < roles.size() && ++index[i] == per_role[i].size()) index[i++] = 0;
    if (i == roles.size()) break;
  }
  return nodes;
}

std::string Variant::san(const State& s, const Move& m) const { return move_text(s, m); }

std::optional<Move> Variant::match_action(const State& s, Role role, const Move& read, const Readings& readings) const {
  for (const Move& m : actions(s, role, readings))
    if (m.same_action(read)) return m;
  return std::nullopt;
}

Expected<Move> Variant::parse_action(const State& s, Role role, std::string_view text, const Readings& readings) const {
  auto parsed = read_move(s, role, text);
  if (!parsed) return Error{parsed.error()};
  if (auto m = match_action(s, role, *parsed, readings)) return *m;
  return Error{"illegal move '" + echo(text) + "' for " + std::string(role_name(role)) +
               " in this position"};
}

Expected<JointAction> Variant::parse_joint(const State& s, std::string_view text, const Readings& readings) const {
  Roles roles = roles_to_act(s);
  std::string shown = echo(text);
  if (roles.empty()) return Error{"the game is over; no step '" + shown + "' can follow"};
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == ':') {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  if (parts.size() != roles.size())
    return Error{"step '" + shown + "' has " + std::to_string(parts.size()) + " moves where " +
                 std::to_string(roles.size()) + " roles act" + (roles.size() > 1 ? " (write WHITE:BLACK)" : "")};
  JointAction joint;
  for (std::size_t i = 0; i < roles.size(); ++i) {
    auto m = parse_action(s, roles[i], parts[i], readings);
    if (!m) return Error{m.error()};
    joint.push_back({roles[i], *m});
  }
  return joint;
}

}  // namespace arbiter
