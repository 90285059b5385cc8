#include "model/core/divergence.h"

#include <optional>

namespace arbiter {

Witness witness_of(const Variant& v, const State& before, const JointAction& joint, const Readings& readings) {
  Witness w;
  w.variant = std::string(v.id());
  w.fen = v.fen(before);
  bool alternating = !v.simultaneous() && joint.size() == 1;
  for (const Action& a : joint)
    w.actions.emplace_back(alternating ? "move" : std::string(role_name(a.role)), v.move_text(before, a.move));
  w.readings = readings.chosen().as_map();
  return w;
}

Role witness_role(const Variant& v, const State& s, std::string_view role_text) {
  if (role_text == "move") {
    Roles roles = v.roles_to_act(s);
    if (!roles.empty()) return roles[0];
    return s.position.side_to_move == Color::White ? Role::White : Role::Black;
  }
  auto role = parse_role(role_text);
  return role.ok() ? *role : Role::White;
}

std::vector<Finding> find_divergences(const Variant& v, const State& before, const JointAction& joint,
                                      const Readings& readings, const StepResult& result,
                                      const DivergenceFilter& wanted, bool with_options) {
  std::vector<Finding> out;
  std::string base_fen;  // written once a difference needs it
  for (const auto& [point_id, alt_in_force] : result.trace.readings()) {
    const ReadingPoint* point = find_reading(v.readings(), point_id);
    if (!point || (point->option && !with_options)) continue;
    // The finding's signature, and the finding itself, are built only once
    // an alternative resolves the step differently: most steps that consult a
    // point resolve the same under all of its alternatives.
    std::optional<Finding> f;
    bool unwanted = false;
    std::string detail;
    for (const Alternative& alt : point->alternatives) {
      if (alt.id == alt_in_force) continue;
      Readings other = readings;
      other.choose(point_id, alt.id);
      StepResult r = v.step(before, joint, other);
      if (r.state.outcome.result == result.state.outcome.result && same_position(r.state.position, result.state.position))
        continue;
      if (!f) {
        f.emplace();
        f->kind = FindingKind::Divergence;
        f->variant = std::string(v.id());
        f->reading = std::string(point_id);
        unwanted = wanted && !wanted(f->signature());
      }
      if (unwanted) break;
      if (base_fen.empty()) base_fen = v.fen(result.state);
      std::string alt_fen = v.fen(r.state);
      bool same = alt_fen == base_fen && r.state.outcome.result == result.state.outcome.result;
      if (!same) {
        if (!detail.empty()) detail += "; ";
        detail += std::string(alt.id) + " gives " + std::string(result_name(r.state.outcome.result)) + " (" +
                  alt_fen + ")";
      }
    }
    if (!f || unwanted || detail.empty()) continue;
    f->question = std::string(point->question);
    f->detail = std::string(alt_in_force) + " gives " + std::string(result_name(result.state.outcome.result)) + " (" +
                base_fen + "); " + detail;
    for (std::string_view c : result.trace.clauses()) f->clauses.emplace_back(c);
    f->witness = witness_of(v, before, joint, readings);
    out.push_back(std::move(*f));
  }
  return out;
}

}  // namespace arbiter
