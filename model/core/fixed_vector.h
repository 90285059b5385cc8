#pragma once
// A vector of at most N elements stored in place: for the few pieces one step
// touches, where heap storage would cost more than the rule it serves.
#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace arbiter {

namespace detail {

// Room for N values of a trivially copyable T, left unset: a container keeps
// count of the values placed and reads only those. Setting all of its room
// on every construction would cost more than the few values a step places.
template <typename T, std::size_t N>
struct Room {
  static_assert(std::is_trivially_copyable_v<T>);
  Room() {}
  union {
    T items[N];
  };
  T* data() { return items; }
  const T* data() const { return items; }
};

// Values with plain copies are held in unset room; others (strings) in an
// array of set values.
template <typename T, std::size_t N>
using RoomFor = std::conditional_t<std::is_trivially_copyable_v<T>, Room<T, N>, std::array<T, N>>;

}  // namespace detail

template <typename T, std::size_t N>
class FixedVector {
 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;

  FixedVector() = default;
  FixedVector(std::initializer_list<T> values) {
    for (const T& value : values) push_back(value);
  }

  void push_back(const T& value) {
    assert(count_ < N);
    if constexpr (std::is_trivially_copyable_v<T>) std::construct_at(items_.data() + count_, value);
    else items_[count_] = value;
    ++count_;
  }
  template <typename It>
  void assign(It first, It last) {
    clear();
    for (; first != last; ++first) push_back(*first);
  }
  // Removes the element at `at`; those after it move up one place.
  void erase(const T* at) {
    assert(at >= begin() && at < end());
    T* hole = begin() + (at - begin());
    std::move(hole + 1, end(), hole);
    --count_;
  }
  void clear() { count_ = 0; }
  bool empty() const { return count_ == 0; }
  std::size_t size() const { return count_; }
  T& front() { return items_.data()[0]; }
  const T& front() const { return items_.data()[0]; }
  T& operator[](std::size_t i) { return items_.data()[i]; }
  const T& operator[](std::size_t i) const { return items_.data()[i]; }
  const T& at(std::size_t i) const {
    if (i >= count_) throw std::out_of_range("FixedVector::at: index " + std::to_string(i) + " of " + std::to_string(count_));
    return items_.data()[i];
  }
  T* begin() { return items_.data(); }
  T* end() { return items_.data() + count_; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + count_; }
  bool operator==(const FixedVector& other) const { return std::equal(begin(), end(), other.begin(), other.end()); }
  bool contains(const T& value) const {
    for (const T& item : *this)
      if (item == value) return true;
    return false;
  }

 private:
  detail::RoomFor<T, N> items_{};
  std::size_t count_ = 0;
};

}  // namespace arbiter

namespace arbiter {

// A vector that keeps its first N elements in place and moves to the heap
// only past them: for what every step records (the clauses it fired, the
// reading points it consulted), a handful as a rule, but with no set limit.
// Holds trivially copyable values only (views, ids), so copies stay plain.
template <typename T, std::size_t N>
class SmallVector {
  static_assert(std::is_trivially_copyable_v<T>, "SmallVector holds trivially copyable values");

 public:
  SmallVector() = default;
  // Copies read only the elements placed, never the unset room after them.
  SmallVector(const SmallVector& other) : heap_(other.heap_), size_(other.size_) { copy_in_place(other); }
  // A move leaves the other empty.
  SmallVector(SmallVector&& other) noexcept : heap_(std::move(other.heap_)), size_(other.size_) {
    copy_in_place(other);
    other.heap_.clear();
    other.size_ = 0;
  }
  SmallVector& operator=(const SmallVector& other) {
    if (this == &other) return *this;
    heap_ = other.heap_;
    size_ = other.size_;
    copy_in_place(other);
    return *this;
  }
  SmallVector& operator=(SmallVector&& other) noexcept {
    if (this == &other) return *this;
    heap_ = std::move(other.heap_);
    size_ = other.size_;
    copy_in_place(other);
    other.heap_.clear();
    other.size_ = 0;
    return *this;
  }

  void push_back(const T& value) { insert(size_, value); }
  // Inserts before position i (0 <= i <= size()).
  void insert(std::size_t i, const T& value) {
    assert(i <= size_);
    if (size_ < N) {
      T* in_place = inline_.data();
      if (i == size_) {
        std::construct_at(in_place + i, value);
      } else {
        std::construct_at(in_place + size_, in_place[size_ - 1]);
        for (std::size_t j = size_ - 1; j > i; --j) in_place[j] = in_place[j - 1];
        in_place[i] = value;
      }
    } else {
      if (size_ == N) heap_.assign(inline_.data(), inline_.data() + N);
      heap_.insert(heap_.begin() + static_cast<std::ptrdiff_t>(i), value);
    }
    ++size_;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  bool operator==(const SmallVector& other) const {
    if (size_ != other.size_) return false;
    for (std::size_t i = 0; i < size_; ++i)
      if (!((*this)[i] == other[i])) return false;
    return true;
  }

 private:
  void copy_in_place(const SmallVector& other) {
    if (size_ <= N) std::uninitialized_copy_n(other.inline_.data(), size_, inline_.data());
  }
  T* data() { return size_ <= N ? inline_.data() : heap_.data(); }
  const T* data() const { return size_ <= N ? inline_.data() : heap_.data(); }

  detail::Room<T, N> inline_;  // the first N elements (only the first size_ are set)
  std::vector<T> heap_;  // all the elements, once there are more than N
  std::size_t size_ = 0;
};

}  // namespace arbiter
