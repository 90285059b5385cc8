#include "model/core/budget.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace arbiter::budget {

std::atomic<bool> exhausted{false};

Timer::Timer(double seconds) {
  exhausted.store(false);
  if (!std::isfinite(seconds)) return;
  auto limit = std::chrono::duration<double>(std::clamp(seconds, 0.0, 366 * 24 * 3600.0));  // a wait the clock can hold
  watchdog_ = std::thread([this, limit] {
    std::unique_lock lock(mutex_);
    if (!wake_.wait_for(lock, limit, [this] { return done_; })) exhausted.store(true);
  });
}

Timer::~Timer() {
  if (watchdog_.joinable()) {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_one();
    watchdog_.join();
  }
  exhausted.store(false);
}

}  // namespace arbiter::budget
