#pragma once
// Ending a search early and keeping what it has found as it goes, so that an
// interrupted or killed run loses little: the searches (explorer.h,
// well_formed.h) poll `stop` between steps and, once it is set, end as if
// their time were up; they hand `save` the findings so far at every new
// signature and every `save_every` seconds.
#include <atomic>
#include <functional>
#include <vector>

#include "model/core/finding.h"

namespace arbiter::explore {

struct Interim {
  // Set by the caller (a signal handler, another thread); read, never written.
  const std::atomic<bool>* stop = nullptr;
  // The findings so far, one per signature, their witnesses not yet shrunk
  // (shrinking is for the end). Whatever it throws ends the search.
  std::function<void(const std::vector<Finding>&)> save;
  double save_every = 2;  // seconds

  bool stopped() const { return stop && stop->load(std::memory_order_relaxed); }
};

// When to call Interim::save: at a signature not saved before, or when
// save_every seconds have passed since the last save (the counts move on
// even where the findings do not).
class InterimSaver {
 public:
  explicit InterimSaver(const Interim& interim) : interim_(interim) {}
  // `now`: seconds since the search began; `signatures`: how many it holds;
  // `findings` builds the list only when a save is due.
  void tick(double now, std::size_t signatures, const std::function<std::vector<Finding>()>& findings) {
    if (!interim_.save) return;
    if (signatures == saved_signatures_ && now - last_ < interim_.save_every) return;
    saved_signatures_ = signatures;
    last_ = now;
    interim_.save(findings());
  }

 private:
  const Interim& interim_;
  std::size_t saved_signatures_ = 0;
  double last_ = 0;
};

}  // namespace arbiter::explore
