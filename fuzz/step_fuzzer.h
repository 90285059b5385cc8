#pragma once
// The body of every variant's step fuzzer: bytes -> a start position (the
// variant's start or a position from its scenario files) and a sequence of
// joint actions, each an index modulo the number of joint actions available.
// After every step the variant's invariant checker runs: a broken invariant
// aborts (a bug in the model). Divergences between reading alternatives are
// rule findings: recorded, never an abort.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "model/core/game.h"

namespace arbiter::fuzz {

constexpr std::size_t kMaxSteps = 64;

int run_step_fuzzer(std::string_view variant_id, const std::uint8_t* data, std::size_t size);

// The same, counting its work (for the harness benchmark): the joint actions
// played, and the steps resolved, which adds the re-runs of a step under the
// other alternatives of each reading point it consulted.
struct StepCounts {
  std::size_t played = 0;
  std::size_t resolved = 0;
};
// With `played`, each joint action played is also kept there with the state
// it was played from (the step benchmark resolves the same steps alone).
struct PlayedStep {
  State before;
  JointAction joint;
};
StepCounts run_steps(std::string_view variant_id, const std::uint8_t* data, std::size_t size,
                     std::vector<PlayedStep>* played = nullptr);

}  // namespace arbiter::fuzz
