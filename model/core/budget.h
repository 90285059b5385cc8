#pragma once
// A time budget for long counts (perft, divide). A watchdog thread raises one
// process-wide flag when the budget runs out; the counts poll it at every
// inner node of their tree and leave by throwing BudgetExhausted, so a count
// that would run for hours ends within a few milliseconds of its budget and
// the caller (arbiter perft --seconds, serve's per-request budget) says so.
// One budget runs at a time: the flag is shared by every thread.
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace arbiter {

struct BudgetExhausted : std::runtime_error {
  BudgetExhausted() : std::runtime_error("the time budget ran out") {}
};

namespace budget {

extern std::atomic<bool> exhausted;

// Polled by the counts: one relaxed load, a throw once the budget is gone.
inline void check() {
  if (exhausted.load(std::memory_order_relaxed)) [[unlikely]]
    throw BudgetExhausted();
}

// Raises the flag `seconds` after construction (never for a budget of
// infinity); lowers it and stops the watchdog on destruction.
class Timer {
 public:
  explicit Timer(double seconds);
  ~Timer();
  Timer(const Timer&) = delete;
  Timer& operator=(const Timer&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread watchdog_;
};

}  // namespace budget
}  // namespace arbiter
