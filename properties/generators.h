#pragma once
// Generators that reach states by seeded random legal play from a variant's
// start position or from the position of one of its scenario files (not
// random boards), so every generated state is one the rules or a scenario
// reach, and shrinking never produces an invalid one.
#include <rapidcheck.h>

#include <cstdint>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "model/core/game.h"
#include "model/core/scenario.h"
#include "model/variants/registry.h"

namespace arbiter::properties {

// A playout: where it starts (an index into start_states, reduced modulo
// their number: 0 is the variant's start position, the others its scenarios'
// positions) and the choices taken at each step, each an index reduced modulo
// the number of joint actions available then.
struct Playout {
  std::uint32_t start = 0;
  std::vector<std::uint32_t> choices;
};

// The start states of a variant (model/core/scenario.h), read once per
// variant and program.
inline const std::vector<State>& starts_of(const Variant& v) {
  static std::map<std::string, std::vector<State>> cache;
  auto it = cache.find(std::string(v.id()));
  if (it == cache.end())
    it = cache.emplace(std::string(v.id()), start_states(v, std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios")).first;
  return it->second;
}

// The joint action a choice index selects in a state (cartesian product of the
// acting roles' actions, in role order). Empty when no role can act.
inline JointAction pick_joint(const Variant& v, const State& s, std::uint64_t choice, const Readings& readings = {}) {
  JointAction joint;
  for (Role r : v.roles_to_act(s)) {
    std::vector<Move> moves = v.actions(s, r, readings);
    if (moves.empty()) return {};
    joint.push_back({r, moves[choice % moves.size()]});
    choice /= moves.size();
  }
  return joint;
}

// The default readings, then each alternative of each reading point alone.
inline std::vector<Readings> defaults_and_each_alternative(const Variant& v) {
  std::vector<Readings> all{Readings{}};
  for (const ReadingPoint& point : v.readings())
    for (const Alternative& alt : point.alternatives) {
      all.emplace_back();
      all.back().choose(point.id, alt.id);
    }
  return all;
}

struct Reached {
  State state;
  std::vector<JointAction> path;
};

// Plays a playout from its start state; stops early when the game ends.
inline Reached play_out(const Variant& v, const Playout& p) {
  const std::vector<State>& starts = starts_of(v);
  Reached r{starts[p.start % starts.size()], {}};
  Readings defaults;
  for (std::uint32_t c : p.choices) {
    JointAction joint = pick_joint(v, r.state, c);
    if (joint.empty()) break;
    r.state = v.step(r.state, joint, defaults).state;
    r.path.push_back(joint);
  }
  return r;
}

// The registered games whose turns are simultaneous.
inline std::vector<const Variant*> simultaneous_variants() {
  std::vector<const Variant*> out;
  for (const Variant* v : all_variants())
    if (v->simultaneous()) out.push_back(v);
  return out;
}

// One step of a scenario file, as written: the scenario's name, the state
// before, the joint action and the scenario's readings.
struct ScenarioStep {
  std::string scenario;
  State before;
  JointAction joint;
  Readings readings;
};

// Every step of every scenario of a game in corpus/scenarios, up to the first
// one that does not read.
inline std::vector<ScenarioStep> scenario_steps(const Variant& v) {
  const std::string folder = std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios";
  std::vector<ScenarioStep> out;
  for (const Scenario& sc : load_scenario_folder(folder, v.id()).scenarios) {
    auto parsed = v.parse_state(sc.fen.empty() ? v.fen(v.initial_state()) : sc.fen);
    if (!parsed) continue;
    Readings readings;
    for (const std::string& a : sc.readings) readings.set(v.readings(), a);
    State s = *parsed;
    std::istringstream moves(sc.moves);
    for (std::string token; moves >> token && !v.roles_to_act(s).empty();) {
      auto joint = v.parse_joint(s, token, readings);
      if (!joint) break;
      State next = v.step(s, *joint, readings).state;
      out.push_back({sc.name, std::move(s), *joint, readings});
      s = std::move(next);
    }
  }
  return out;
}

// How a counterexample prints: its length first, then the choices.
inline void showValue(const Playout& p, std::ostream& os) {
  os << "playout from start state " << p.start << " of " << p.choices.size() << " steps:";
  for (std::uint32_t c : p.choices) os << " " << c;
}

}  // namespace arbiter::properties

namespace rc {
template <>
struct Arbitrary<arbiter::properties::Playout> {
  static Gen<arbiter::properties::Playout> arbitrary() {
    // Half the playouts start from the variant's start position, the others
    // from a scenario's position; shrinking goes towards the start position.
    auto start = gen::weightedOneOf<std::uint32_t>({{1, gen::just<std::uint32_t>(0)}, {1, gen::inRange<std::uint32_t>(0, 1u << 16)}});
    auto choices = gen::container<std::vector<std::uint32_t>>(gen::inRange<std::uint32_t>(0, 1u << 20));
    return gen::map(gen::pair(start, choices), [](std::pair<std::uint32_t, std::vector<std::uint32_t>> sc) {
      if (sc.second.size() > 60) sc.second.resize(60);
      return arbiter::properties::Playout{sc.first, std::move(sc.second)};
    });
  }
};
}  // namespace rc
