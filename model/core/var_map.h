#pragma once
// A variant's own state in a position, as named values ("ep" -> "e3,e6"),
// kept sorted by name in place: positions are copied on every legality test,
// and a node-based map would cost an allocation per value per copy. The
// interface is the part of std::map the rules use.
#include <algorithm>
#include <memory>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace arbiter {

class VarMap {
 public:
  using value_type = std::pair<std::string, std::string>;
  using iterator = value_type*;
  using const_iterator = const value_type*;
  // More than any variant keeps; the extended FEN reader refuses more.
  static constexpr std::size_t kCapacity = 16;

  VarMap() {}
  VarMap(const VarMap& other) {
    std::uninitialized_copy_n(other.items_, other.count_, items_);
    count_ = other.count_;
  }
  // Assigns over the values already held, so that a position copied again
  // and again into one scratch position keeps the room of its values.
  VarMap& operator=(const VarMap& other) {
    if (this == &other) return *this;
    std::size_t kept = std::min(count_, other.count_);
    std::copy_n(other.items_, kept, items_);
    if (other.count_ > kept) std::uninitialized_copy_n(other.items_ + kept, other.count_ - kept, items_ + kept);
    if (count_ > kept) std::destroy_n(items_ + kept, count_ - kept);
    count_ = other.count_;
    return *this;
  }
  ~VarMap() { clear(); }

  bool empty() const { return count_ == 0; }
  std::size_t size() const { return count_; }
  iterator begin() { return items_; }
  iterator end() { return items_ + count_; }
  const_iterator begin() const { return items_; }
  const_iterator end() const { return items_ + count_; }

  // One pass over the names: a map holds a few short ones, and most differ
  // from the key in length or in their first letter, which a pass settles
  // in order (a binary search's branches cannot be foreseen).
  const_iterator find(std::string_view key) const {
    for (const_iterator it = begin(); it != end(); ++it)
      if (it->first.size() == key.size() && compare_names(it->first, key) == 0) return it;
    return end();
  }
  iterator find(std::string_view key) { return const_cast<iterator>(std::as_const(*this).find(key)); }
  std::size_t count(std::string_view key) const { return find(key) != end() ? 1 : 0; }
  const std::string& at(std::string_view key) const {
    const_iterator it = find(key);
    if (it == end()) throw std::out_of_range("no variant field '" + std::string(key) + "'");
    return it->second;
  }
  // The value of `key`, inserted empty if absent (throws std::length_error
  // past kCapacity).
  std::string& operator[](std::string_view key) {
    iterator it = const_cast<iterator>(lower_bound(key));
    if (it != end() && compare_names(it->first, key) == 0) return it->second;
    if (count_ == kCapacity) throw std::length_error("more than " + std::to_string(kCapacity) + " variant fields");
    std::construct_at(end(), std::string(key), std::string());
    ++count_;
    std::rotate(it, end() - 1, end());
    return it->second;
  }
  std::size_t erase(std::string_view key) {
    iterator it = find(key);
    if (it == end()) return 0;
    std::move(it + 1, end(), it);
    std::destroy_at(end() - 1);
    --count_;
    return 1;
  }
  void clear() {
    std::destroy_n(items_, count_);
    count_ = 0;
  }

  bool operator==(const VarMap& other) const {
    return count_ == other.count_ && std::equal(begin(), end(), other.begin());
  }

 private:
  // Names order as std::string orders them, compared letter by letter: they
  // are a few letters long, a lookup is made for every rule that reads a
  // field, and the memcmp that std::string's comparisons call is intercepted
  // (checked and recorded) on every call when the model runs under the
  // sanitizers and the fuzzing engine.
  static int compare_names(std::string_view a, std::string_view b) {
    std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
      auto x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
      if (x != y) return x < y ? -1 : 1;
    }
    return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
  }
  const_iterator lower_bound(std::string_view key) const {
    return std::lower_bound(begin(), end(), key,
                            [](const value_type& item, std::string_view k) { return compare_names(item.first, k) < 0; });
  }

  // Only the first count_ entries are constructed.
  union {
    value_type items_[kCapacity];
  };
  std::size_t count_ = 0;
};

}  // namespace arbiter
