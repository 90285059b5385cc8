#pragma once
// Well-formedness of a game as a whole, checked by playing complete games at
// random from the start: every state that is not final gives each acting role
// an action, no game outlasts the bound its text implies (Variant::step_bound),
// every state keeps the variant's invariants, and each winning result is seen.
// A state where a role has no action, and a game that outlasts its bound, are
// gap findings with the state as witness; a broken invariant is a
// contradiction.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "explore/interim.h"
#include "model/core/finding.h"
#include "model/core/game.h"

namespace arbiter::explore {

struct WellFormedOptions {
  std::uint64_t seed = 1;
  int games = 200;              // complete random games to play
  double seconds = 10;          // wall-clock budget, whichever ends first
  int unbounded_steps = 400;    // where the text implies no bound: a game is cut here, not reported
  // While a winning result has not been seen, play on: up to this many times
  // `games` more (a solitaire's win can be rare in random play).
  int unseen_search = 20;
  Interim interim;  // ending early (polled at each game), saving as it goes (interim.h)
};

struct WellFormedness {
  int games = 0;                         // games played
  int finished = 0;                      // games that reached a result
  int cut = 0;                           // games cut at unbounded_steps (no bound to report against)
  int cut_at = 0;                        // that many steps
  std::uint64_t steps = 0;
  int longest = 0;                       // most steps of a finished game
  std::map<std::string, int> results;    // result name -> games
  std::vector<std::string> unseen_wins;  // winning results no game reached
  std::vector<Finding> findings;         // one per signature
  double seconds = 0;
  bool stopped = false;                  // ended by Interim::stop
  double games_per_second() const { return seconds > 0 ? games / seconds : 0; }
};

WellFormedness check_well_formed(const Variant& v, const WellFormedOptions& options);

}  // namespace arbiter::explore
