#pragma once
// How much an open question matters in play: complete random games from the
// start under the default readings, and at every step the checks the
// explorer makes (each consulted reading point under its other alternatives,
// the movers in every other order, the fates the rules proposed). A question
// counts at a step where it changes the position or the result; the report
// ranks findings by the share of games and of steps where theirs does.
#include <cstdint>
#include <map>
#include <string>

#include "model/core/finding.h"
#include "model/core/game.h"

namespace arbiter::report {

struct ImpactCount {
  std::uint64_t steps = 0;  // steps where the question changed something
  int games = 0;            // games with at least one such step
};

struct Impact {
  int games = 0;
  std::uint64_t steps = 0;
  bool cut = false;  // the time limit ended the games early
  // Keyed by impact_key(finding).
  std::map<std::string, ImpactCount> counts;

  // The count of a finding's question (none if it never arose in play).
  ImpactCount of(const Finding& f) const;
  double step_share(const Finding& f) const { return steps ? static_cast<double>(of(f).steps) / steps : 0; }
  double game_share(const Finding& f) const { return games ? static_cast<double>(of(f).games) / games : 0; }
};

// The question a finding asks, as play meets it: a divergence is its reading
// point's question whatever the position; other kinds are their signature.
std::string impact_key(const Finding& f);

struct ImpactOptions {
  std::uint64_t seed = 1;
  int games = 100;
  double seconds = 10;  // whichever ends first
  int step_limit = 400;  // a game longer than this is cut (its steps still count)
  // Alternatives in force instead of the defaults (a rule author's rulings).
  Readings readings;
};

Impact measure_impact(const Variant& v, const ImpactOptions& options);

}  // namespace arbiter::report
