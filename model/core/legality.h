#pragma once
// Legality divergence: a move the readings in force refuse that another
// alternative of a reading point accepts. It is a question of the text, not a
// user error: a simultaneous game's step takes such a move and applies the
// sanction of the readings in force (the player passes), and the divergence
// search re-runs the step under the alternative that accepts it.
#include <string>
#include <vector>

#include "model/core/game.h"

namespace arbiter {

// What a role may submit under any reading: the actions of the default
// readings, then those that some single other alternative adds (an option's
// variations excepted: they are played only where chosen). The
// simultaneous games' steps take any such move (Zeitgeist's submission,
// Parity's king safety) and pass the player where the readings in force
// refuse it, so the search tools (the explorer, the exhaustive search, the
// step fuzzers) submit these; elsewhere, the defaults' actions.
std::vector<Move> submittable(const Variant& v, const State& s, Role r);

struct LegalityDivergence {
  Role role = Role::White;
  std::string move;                         // as written
  std::vector<std::string> accepted_under;  // POINT=ALT, each alone on top of the readings in force
};

// Reads one role's action as Variant::parse_action does. Where the readings
// in force refuse it, it is tried under each other alternative of each
// reading point in turn: a simultaneous game takes a move some alternative
// accepts, and appends to `divergences` which ones do; otherwise the error
// says which alternatives would accept it.
Expected<Move> parse_action_any_reading(const Variant& v, const State& s, Role role, std::string_view text,
                                        const Readings& readings, std::vector<LegalityDivergence>& divergences);

// The same for one step as written in `play` ("e2e4", or "WHITE:BLACK").
Expected<JointAction> parse_joint_any_reading(const Variant& v, const State& s, std::string_view text,
                                              const Readings& readings, std::vector<LegalityDivergence>& divergences);

}  // namespace arbiter
