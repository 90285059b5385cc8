#pragma once
// What a step did: the clauses that fired, the events that happened, and the
// reading points consulted with the alternative in force.
#include <map>
#include <string>
#include <string_view>
#include <vector>

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
    if (events_.empty()) events_.reserve(8);
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
  bool fired(std::string_view clause_id) const {
    for (std::string_view c : clauses_)
      if (same_id(c, clause_id)) return true;
    return false;
  }

  const SmallVector<std::string_view, 16>& clauses() const { return clauses_; }
  const std::vector<Event>& events() const { return events_; }
  const ReadingChoices& readings() const { return readings_; }

 private:
  SmallVector<std::string_view, 16> clauses_;  // in place: a step fires a handful
  std::vector<Event> events_;
  ReadingChoices readings_;
  bool recording_ = true;
};

}  // namespace arbiter
