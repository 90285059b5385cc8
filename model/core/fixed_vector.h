#pragma once
// A vector of at most N elements stored in place: for the few pieces one step
// touches, where heap storage would cost more than the rule it serves.
#include <array>
#include <cassert>
#include <cstddef>

namespace arbiter {

template <typename T, std::size_t N>
class FixedVector {
 public:
  void push_back(const T& value) {
    assert(count_ < N);
    items_[count_++] = value;
  }
  void clear() { count_ = 0; }
  bool empty() const { return count_ == 0; }
  std::size_t size() const { return count_; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T* begin() { return items_.data(); }
  T* end() { return items_.data() + count_; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + count_; }
  bool contains(const T& value) const {
    for (const T& item : *this)
      if (item == value) return true;
    return false;
  }

 private:
  std::array<T, N> items_{};
  std::size_t count_ = 0;
};

}  // namespace arbiter
