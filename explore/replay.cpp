#include "explore/replay.h"

#include <algorithm>

#include "model/core/legality.h"

namespace arbiter::explore {

namespace {
// Text from a file, quoted in a one-line error: cut short.
std::string quoted(std::string_view text) {
  std::string out(text.substr(0, 60));
  std::replace(out.begin(), out.end(), '\n', ' ');
  return "'" + out + (text.size() > 60 ? "...'" : "'");
}
}  // namespace

Expected<bool> witness_replays(const Variant& v, const Finding& f) {
  const Witness& w = f.witness;
  if (f.variant != v.id()) return Error{"the finding is of " + quoted(f.variant) + ", not " + std::string(v.id())};
  if (w.variant != v.id()) return Error{"the witness is of " + quoted(w.variant) + ", not " + std::string(v.id())};
  auto state = v.parse_state(w.fen);
  if (!state) return Error{"witness FEN " + quoted(w.fen) + " does not parse for " + std::string(v.id()) + ": " + state.error()};
  const State& s = *state;
  Readings readings;
  for (const auto& [point, alternative] : w.readings) {
    auto set = readings.set(v.readings(), point + "=" + alternative);
    if (!set) return Error{"witness reading: " + set.error()};
  }
  if (f.kind == FindingKind::Divergence && !find_reading(v.readings(), f.reading))
    return Error{"a divergence of " + quoted(f.reading) + ", no reading point of " + std::string(v.id())};
  if (w.actions.empty()) {
    if (f.kind == FindingKind::Gap) return true;
    return Error{"the witness has no actions"};
  }
  readings.set_visit_order(w.visit_order);
  Roles roles = v.roles_to_act(s);
  if (roles.empty()) return Error{"the game is over in the witness position: no action replays"};
  std::vector<Role> given;
  for (const auto& [role_text, move_text] : w.actions) {
    Role role;
    if (role_text == "move") {
      if (roles.size() != 1) return Error{"witness action 'move' where several roles act: name each role"};
      role = roles[0];
    } else {
      auto parsed = parse_role(role_text);
      if (!parsed) return Error{"witness action of " + quoted(role_text) + ": no such role"};
      role = *parsed;
    }
    if (std::find(roles.begin(), roles.end(), role) == roles.end())
      return Error{"witness action of " + std::string(role_name(role)) + ", who does not act in the witness position"};
    if (std::find(given.begin(), given.end(), role) != given.end())
      return Error{"two witness actions of " + std::string(role_name(role))};
    given.push_back(role);
    std::vector<LegalityDivergence> legality;
    auto move = parse_action_any_reading(v, s, role, move_text, readings, legality);
    if (!move) return Error{"witness action " + quoted(move_text) + " of " + std::string(role_name(role)) + ": " + move.error()};
  }
  if (given.size() != roles.size()) return Error{"the witness lacks the action of a role acting in its position"};
  return true;
}

}  // namespace arbiter::explore
