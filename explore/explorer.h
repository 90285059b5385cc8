#pragma once
// The explorer: visits reachable states by seeded random play from a variant's
// start position and its scenario positions, tries every joint action at each
// visited state, re-runs every reading point a step consults under each of its
// alternatives and every other order of the pieces it moves, and keeps what it
// finds: divergences, order dependences (model/core/order.h) and
// contradictions (a step whose result breaks the variant's own invariants). Findings are
// deduplicated by signature and each witness is shrunk to the fewest pieces.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "explore/interim.h"
#include "model/core/finding.h"
#include "model/core/game.h"

namespace arbiter::explore {

struct Options {
  std::uint64_t seed = 1;
  double seconds = 10;           // wall-clock budget
  std::uint64_t max_states = 0;  // 0: no limit; with a limit and enough time the run is deterministic
  int shard = 0;                 // this process examines states with index % shards == shard
  int shards = 1;
  int max_plies = 60;                    // length of one random playout
  // Per state: every joint action up to this many (far above what the
  // registered games reach in play: Zeitgeist's pattern moves give about
  // 11,000 at the start), a seeded sample of this many beyond it.
  std::size_t max_joint_actions = 65536;
  std::string scenario_dir;              // scenario positions to start from ("" : none)
  // Half the playouts under the default readings, the others under each
  // single other alternative in turn (false: all under the defaults).
  bool vary_readings = true;
  // Around the states the playouts visit: every eighth state is examined
  // again with its move counter one short of the limits the standard rules
  // read (fifty turns, a hundred half-moves), and one playout in four loses
  // a piece other than a king at every other step, reaching the sparse endings
  // where stalemate and "no legal move" arise (false: plain playouts only).
  bool neighbours = true;
  Interim interim;  // ending early, saving as it goes (interim.h)
};

struct Progress {
  std::uint64_t states = 0;  // states examined
  std::uint64_t steps = 0;   // joint actions resolved
  std::size_t findings = 0;
  double seconds = 0;
  bool stopped = false;  // ended by Interim::stop
};

struct Found {
  Finding finding;
  std::uint64_t state_index = 0;  // where it was first met
};

// Runs the search; `report` (if given) is called now and then with progress.
std::vector<Found> run(const Variant& v, const Options& options, Progress* progress = nullptr,
                       const std::function<void(const Progress&)>& report = {});

// Bounded exhaustive search: every state reachable within `depth` joint
// turns from the start position (and every scenario position, unless
// scenario_dir is empty), every joint action of each (in the simultaneous
// games every move some reading alternative accepts), each step examined as
// the explorer examines it: every alternative of each reading point it
// consults, every other order of its movers, the invariants. Successors are
// the steps under the default readings; a state met twice is examined once.
struct ExhaustiveOptions {
  int depth = 1;
  std::string scenario_dir;  // "" : the start position only
  int shard = 0;             // this process takes the first joint actions of the starts with index % shards == shard
  int shards = 1;
  double seconds = 0;        // 0: no limit; past it the search stops and says it was cut
  std::size_t max_joint_actions = 1u << 20;  // per state; a seeded sample beyond it (and the search says so)
  bool checks = true;  // false: only resolve the steps (the plain step rate, to compare the checks' cost with)
  Interim interim;     // ending early, saving as it goes (interim.h)
};

struct ExhaustiveCoverage {
  std::uint64_t states = 0;        // distinct states examined
  std::uint64_t steps = 0;         // joint actions resolved under the readings given
  std::uint64_t alternatives = 0;  // re-runs under other reading alternatives and other visit orders
  std::uint64_t sampled_states = 0;  // states with more joint actions than the limit
  bool cut = false;                // stopped by the time limit or by Interim::stop
  bool stopped = false;            // stopped by Interim::stop
  double seconds = 0;
};

std::vector<Found> exhaustive(const Variant& v, const ExhaustiveOptions& options, ExhaustiveCoverage* coverage = nullptr);

// Removes pieces from a finding's witness while a finding with the same
// signature persists; returns the smallest witness found.
Finding shrink(const Variant& v, const Finding& f);

// Keeps one finding per signature, the one whose witness has the fewest pieces.
std::vector<Finding> merge(const std::vector<Finding>& a, const std::vector<Finding>& b);

std::size_t witness_pieces(const Finding& f);

}  // namespace arbiter::explore
