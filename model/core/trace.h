#pragma once
// What a step did: the clauses that fired, the events that happened, and the
// reading points consulted with the alternative in force.
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/fate.h"
#include "model/core/fixed_vector.h"
#include "model/core/geometry.h"
#include "model/core/piece_kind.h"
#include "model/core/position.h"
#include "model/core/reading.h"

namespace arbiter {

enum class EventType : std::uint8_t {
  Move,
  Capture,
  Bounce,
  Remove,
  Promote,
  Castle,
  EnPassant,
  Collision,
  FailedCapture,  // a capture whose target moved away: the capturing piece still lands
  Check,          // a king attacked after the step (detail: immediate, delayed or failed)
  Reject,  // a submitted action the rules in force do not allow: the role passes
  Result,
  Add,     // a piece enters the board (placed from beside it, dropped from the hand)
  Card,    // a card is dealt, flipped, chosen, revealed, played, eliminated or drawn (detail: which and where)
  Reveal,  // a hidden identity is shown (detail: what it is)
};
std::string_view event_type_name(EventType t);

struct Event {
  EventType type = EventType::Move;
  PieceId piece = kNoPiece;  // the piece the event happened to
  Square from = kNoSquare;
  Square to = kNoSquare;
  KindId kind = kNoKind;     // the piece's kind (or new kind, for Promote)
  Color color = Color::White;
  std::string_view clause;   // the clause that caused it
  std::string detail;
};

// A step's events, the first few held in place: a trace is made for every
// step, and most steps have a handful of events (a move, a capture, a
// check, the result). Past the room in place all the events move to the
// heap together, so they are always one array.
class EventList {
 public:
  static constexpr std::size_t kInPlace = 6;

  EventList() {}
  EventList(const EventList& other) { append(other); }
  EventList(EventList&& other) noexcept { take(other); }
  EventList& operator=(const EventList& other) {
    if (this != &other) {
      clear();
      append(other);
    }
    return *this;
  }
  EventList& operator=(EventList&& other) noexcept {
    if (this != &other) {
      clear();
      take(other);
    }
    return *this;
  }
  ~EventList() { clear(); }

  void push_back(Event e) {
    if (!spilled_ && size_ < kInPlace) {
      std::construct_at(room_ + size_, std::move(e));
    } else {
      if (!spilled_) spill();
      heap_.push_back(std::move(e));
    }
    ++size_;
  }
  void clear() {
    if (!spilled_) std::destroy(room_, room_ + size_);
    heap_.clear();
    spilled_ = false;
    size_ = 0;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Event* begin() const { return spilled_ ? heap_.data() : room_; }
  const Event* end() const { return begin() + size_; }
  const Event& front() const { return *begin(); }
  const Event& operator[](std::size_t i) const { return begin()[i]; }

 private:
  void append(const EventList& other) {
    for (const Event& e : other) push_back(e);
  }
  // Takes other's events, leaving it empty.
  void take(EventList& other) {
    if (other.spilled_) {
      heap_ = std::move(other.heap_);
      spilled_ = true;
      size_ = other.size_;
      other.heap_.clear();
      other.spilled_ = false;
      other.size_ = 0;
    } else {
      for (std::size_t i = 0; i < other.size_; ++i) std::construct_at(room_ + i, std::move(other.room_[i]));
      size_ = other.size_;
      other.clear();
    }
  }
  // Moves the events in place to the heap, where the rest will follow.
  void spill() {
    heap_.reserve(2 * kInPlace);
    for (std::size_t i = 0; i < size_; ++i) heap_.push_back(std::move(room_[i]));
    std::destroy(room_, room_ + size_);
    spilled_ = true;
  }

  // The first kInPlace events, constructed as they come (only the first
  // size_ are set, and only until the list spills).
  union {
    Event room_[kInPlace];
  };
  std::vector<Event> heap_;
  std::size_t size_ = 0;
  bool spilled_ = false;
};

class Trace {
 public:
  Trace() = default;
  // A trace that records nothing: for the fast paths (perft, fuzzers,
  // benchmarks) that want the state after a step and not its account.
  static Trace off() {
    Trace t;
    t.recording_ = false;
    return t;
  }
  bool recording() const { return recording_; }

  void fire(std::string_view clause_id) {
    if (!recording_) return;
    for (std::string_view c : clauses_)
      if (same_id(c, clause_id)) return;
    clauses_.push_back(clause_id);
  }
  void event(Event e) {
    if (!recording_) return;
    if (!e.clause.empty()) fire(e.clause);
    events_.push_back(std::move(e));
  }
  void consulted(std::string_view point, std::string_view alternative) {
    if (!recording_) return;
    readings_.set(point, alternative);
  }
  // As consulted, for ids that last as long as the program (see
  // ReadingChoices::set_lasting): what Readings::consult records.
  void consulted_lasting(std::string_view point, std::string_view alternative) {
    if (!recording_) return;
    readings_.set_lasting(point, alternative);
  }
  // A resolver arranged this many movers in the visit order of its readings
  // (model/core/visit_order.h); the trace keeps the most of any arrangement.
  void visited(std::size_t items) {
    if (recording_ && items > visit_items_) visit_items_ = items;
  }
  std::size_t visit_items() const { return visit_items_; }
  // A fate a rule whose condition holds proposes for a piece (model/core/fate.h),
  // recorded whether or not the resolver applies it, and a piece in a
  // contested situation that must receive one.
  void propose(const Proposal& p) {
    if (recording_) proposals_.push_back(p);
  }
  void contest(const Contest& c) {
    if (recording_) contests_.push_back(c);
  }
  // The last round a resolver judged (model/core/fate.h), whether or not it
  // found anything to propose in it.
  void judged_round(std::uint8_t round) {
    if (recording_ && round > last_round_) last_round_ = round;
  }
  std::uint8_t last_round() const { return last_round_; }
  const std::vector<Proposal>& proposals() const { return proposals_; }
  const std::vector<Contest>& contests() const { return contests_; }
  bool fired(std::string_view clause_id) const {
    for (std::string_view c : clauses_)
      if (same_id(c, clause_id)) return true;
    return false;
  }

  const SmallVector<std::string_view, 16>& clauses() const { return clauses_; }
  const EventList& events() const { return events_; }
  const ReadingChoices& readings() const { return readings_; }

 private:
  SmallVector<std::string_view, 16> clauses_;  // in place: a step fires a handful
  EventList events_;
  ReadingChoices readings_;
  std::size_t visit_items_ = 0;
  std::vector<Proposal> proposals_;  // empty in most steps: no allocation
  std::vector<Contest> contests_;
  std::uint8_t last_round_ = 0;
  bool recording_ = true;
};

}  // namespace arbiter
