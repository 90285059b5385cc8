#pragma once
// Generators that reach states by seeded random legal play from a variant's
// start position (not random boards), so every generated state is reachable and
// shrinking never produces an invalid one.
#include <rapidcheck.h>

#include <cstdint>
#include <ostream>
#include <vector>

#include "model/core/game.h"

namespace arbiter::properties {

// A playout: the choices taken at each step, each an index reduced modulo the
// number of joint actions available then.
struct Playout {
  std::vector<std::uint32_t> choices;
};

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

struct Reached {
  State state;
  std::vector<JointAction> path;
};

// Plays a playout from the variant's start; stops early when the game ends.
inline Reached play_out(const Variant& v, const Playout& p) {
  Reached r{v.initial_state(), {}};
  Readings defaults;
  for (std::uint32_t c : p.choices) {
    JointAction joint = pick_joint(v, r.state, c);
    if (joint.empty()) break;
    r.state = v.step(r.state, joint, defaults).state;
    r.path.push_back(joint);
  }
  return r;
}

// How a counterexample prints: its length first, then the choices.
inline void showValue(const Playout& p, std::ostream& os) {
  os << "playout of " << p.choices.size() << " steps:";
  for (std::uint32_t c : p.choices) os << " " << c;
}

}  // namespace arbiter::properties

namespace rc {
template <>
struct Arbitrary<arbiter::properties::Playout> {
  static Gen<arbiter::properties::Playout> arbitrary() {
    return gen::map(gen::container<std::vector<std::uint32_t>>(gen::inRange<std::uint32_t>(0, 1u << 20)),
                    [](std::vector<std::uint32_t> c) {
                      if (c.size() > 60) c.resize(60);
                      return arbiter::properties::Playout{std::move(c)};
                    });
  }
};
}  // namespace rc
