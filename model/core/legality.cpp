#include "model/core/legality.h"

#include <algorithm>

namespace arbiter {

std::vector<Move> submittable(const Variant& v, const State& s, Role r) {
  std::vector<Move> out = v.actions(s, r);
  if (!v.simultaneous()) return out;
  for (const ReadingPoint& point : v.readings()) {
    // An option's variation is played only where it is chosen.
    if (point.option) continue;
    for (const Alternative& alt : point.alternatives) {
      if (alt.id == point.default_alternative) continue;
      Readings other;
      other.choose(point.id, alt.id);
      for (const Move& m : v.actions(s, r, other))
        if (std::none_of(out.begin(), out.end(), [&](const Move& o) { return o.same_action(m); })) out.push_back(m);
    }
  }
  return out;
}

Expected<Move> parse_action_any_reading(const Variant& v, const State& s, Role role, std::string_view text,
                                        const Readings& readings, std::vector<LegalityDivergence>& divergences) {
  auto m = v.parse_action(s, role, text, readings);
  if (m) return m;
  LegalityDivergence d{role, std::string(text), {}};
  std::optional<Move> accepted;
  for (const ReadingPoint& point : v.readings()) {
    // A move only an option's variation allows is not a question of the text.
    if (point.option) continue;
    std::string_view in_force = readings.in_force(point);
    for (const Alternative& alt : point.alternatives) {
      if (alt.id == in_force) continue;
      Readings other = readings;
      other.choose(point.id, alt.id);
      auto under = v.parse_action(s, role, text, other);
      if (!under) continue;
      d.accepted_under.push_back(std::string(point.id) + "=" + std::string(alt.id));
      if (!accepted) accepted = *under;
    }
  }
  if (!accepted) return m;
  if (!v.simultaneous()) {
    std::string list;
    for (const std::string& a : d.accepted_under) list += (list.empty() ? "" : ", ") + a;
    return Error{m.error() + " (accepted under " + list + ": use --reading)"};
  }
  divergences.push_back(std::move(d));
  return *accepted;
}

Expected<JointAction> parse_joint_any_reading(const Variant& v, const State& s, std::string_view text,
                                              const Readings& readings, std::vector<LegalityDivergence>& divergences) {
  auto joint = v.parse_joint(s, text, readings);
  if (joint) return joint;
  Roles roles = v.roles_to_act(s);
  std::vector<std::string_view> parts;
  for (std::size_t start = 0, i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == ':') {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  // A game over or a wrong number of moves: parse_joint's error says which.
  if (roles.empty() || parts.size() != roles.size()) return joint;
  JointAction out;
  for (std::size_t i = 0; i < roles.size(); ++i) {
    auto m = parse_action_any_reading(v, s, roles[i], parts[i], readings, divergences);
    if (!m) return Error{m.error()};
    out.push_back({roles[i], *m});
  }
  return out;
}

}  // namespace arbiter
