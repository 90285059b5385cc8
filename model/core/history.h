#pragma once
// The repetition keys of the positions a game has passed through (those the
// rules may still compare with the position now): a state's history.
//
// Every step copies the state it starts from, and adds at most one key to
// the history it copied (or clears it, after an irreversible move). So the
// keys are held in links that never change once made: a copy of a history
// shares its links, and a key added is one new link that points to the
// links already there. A copy costs nothing whatever the history's length,
// and adding a key makes one link. Links are shared read-only, so copies in
// different threads (a perft split over threads) need no locking.
#include <cstddef>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

class History {
  struct Link {
    std::string key;
    std::shared_ptr<const Link> earlier;
  };

 public:
  History() = default;
  History(const History&) = default;
  History& operator=(const History& other) {
    if (this != &other) {
      release();
      newest_ = other.newest_;
      size_ = other.size_;
    }
    return *this;
  }
  // A moved-from history is empty.
  History(History&& other) noexcept : newest_(std::move(other.newest_)), size_(other.size_) { other.size_ = 0; }
  History& operator=(History&& other) noexcept {
    if (this != &other) {
      release();
      newest_ = std::move(other.newest_);
      size_ = other.size_;
      other.size_ = 0;
    }
    return *this;
  }
  ~History() { release(); }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // Adds the key of the position the game has just left.
  void push_back(std::string key) {
    newest_ = std::make_shared<const Link>(Link{std::move(key), std::move(newest_)});
    ++size_;
  }
  void clear() {
    release();
    size_ = 0;
  }

  // The keys, newest first (the order the links hold them in): for the
  // questions order does not matter to, such as how many keys equal one.
  class NewestFirst {
   public:
    class iterator {
     public:
      using iterator_category = std::forward_iterator_tag;
      using value_type = std::string;
      using difference_type = std::ptrdiff_t;
      using pointer = const std::string*;
      using reference = const std::string&;
      iterator() = default;
      explicit iterator(const Link* link) : link_(link) {}
      reference operator*() const { return link_->key; }
      pointer operator->() const { return &link_->key; }
      iterator& operator++() {
        link_ = link_->earlier.get();
        return *this;
      }
      iterator operator++(int) {
        iterator before = *this;
        ++*this;
        return before;
      }
      bool operator==(const iterator& other) const { return link_ == other.link_; }

     private:
      const Link* link_ = nullptr;
    };
    explicit NewestFirst(const Link* newest) : newest_(newest) {}
    iterator begin() const { return iterator(newest_); }
    iterator end() const { return iterator(); }

   private:
    const Link* newest_;
  };
  NewestFirst newest_first() const { return NewestFirst(newest_.get()); }

  // How many of the keys equal key.
  std::size_t count(std::string_view key) const {
    std::size_t n = 0;
    for (const std::string& k : newest_first()) n += k == key;
    return n;
  }

  // The keys, oldest first, as views into this history's links (valid while
  // the history, or a copy of it, lives).
  std::vector<std::string_view> oldest_first() const {
    std::vector<std::string_view> keys(size_);
    std::size_t i = size_;
    for (const std::string& k : newest_first()) keys[--i] = k;
    return keys;
  }

  // The same keys in the same order.
  friend bool operator==(const History& a, const History& b) {
    if (a.size_ != b.size_) return false;
    NewestFirst::iterator i = a.newest_first().begin(), j = b.newest_first().begin();
    for (; i != a.newest_first().end(); ++i, ++j)
      if (*i != *j) return false;
    return true;
  }

 private:
  // Lets go of the links, earliest last, one at a time: a long history
  // freed link by link from its newest would nest one destructor per link.
  void release() {
    std::shared_ptr<const Link> link = std::move(newest_);
    while (link && link.use_count() == 1) link = std::shared_ptr<const Link>(link->earlier);
  }

  std::shared_ptr<const Link> newest_;
  std::size_t size_ = 0;
};

}  // namespace arbiter
