#pragma once
// Reading points: places where a rule text does not decide. Each has every
// plausible alternative implemented and one documented default. A step asks
// the Readings which alternative is in force; the answer is recorded in the
// step's trace, so that a tool can re-run the step under every alternative.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/core/expected.h"
#include "model/core/fixed_vector.h"

namespace arbiter {

// Whether two ids (of clauses, reading points, alternatives) are the same
// text. Most ids a rule passes are its table's own constants, views of the
// same letters, so the address settles it without comparing them; a step
// compares ids at every clause it fires and every point it consults, and
// under the sanitizers and the fuzzing engine each comparison of letters is
// an intercepted memcmp.
inline bool same_id(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.data() == b.data() || a == b);
}

struct Alternative {
  std::string_view id;
  std::string_view description;
};

struct ReadingPoint {
  std::string_view id;        // "<variant>.<topic>", e.g. "zeitgeist.three_piece"
  std::string_view question;  // the question the rule author must answer
  std::string_view quote;     // the sentence(s) that leave it open
  std::vector<Alternative> alternatives;
  std::string_view default_alternative;
  std::string_view why_default;
  // An option: a variation the text itself offers ("can be modified based on
  // consensus", a variants paragraph), not a question it leaves open. Its
  // default is the rule as the text states it, its other alternatives the
  // variations offered. The model implements them, the tools list options
  // apart from open questions, and no divergence finding comes from one.
  bool option = false;
};

using ReadingTable = std::vector<ReadingPoint>;

class Trace;

// The one stored copy of an id: equal texts give the same view, which stays
// valid for the whole run. Reading point and alternative ids pass through it,
// so that the choices below hold views, copy without allocating, and never
// outlive the text they were given.
std::string_view intern(std::string_view id);

// Reading points, each with one alternative, sorted by point id: the choices
// a Readings holds, and the consultations a trace records. A step consults a
// handful of points, so a sorted array in place serves better than a map
// (which would allocate a node and two strings per consultation).
class ReadingChoices {
 public:
  struct Entry {
    std::string_view point;
    std::string_view alternative;
    bool operator==(const Entry&) const = default;
  };

  // Sets (or replaces) the alternative of a point. The ids are interned: the
  // views kept stay valid whatever the caller's text was.
  void set(std::string_view point, std::string_view alternative);
  // As set, for ids that already last as long as the program, kept as given:
  // a reading table's own (its ids are views of literals) or interned ones.
  // A step consults points on every run; interning takes a lock and a search.
  void set_lasting(std::string_view point, std::string_view alternative);
  const Entry* find(std::string_view point) const;
  std::size_t count(std::string_view point) const { return find(point) ? 1 : 0; }
  // The alternative of a point that is present (std::out_of_range otherwise).
  std::string_view at(std::string_view point) const;

  bool empty() const { return entries_.empty(); }
  std::size_t size() const { return entries_.size(); }
  const Entry* begin() const { return entries_.begin(); }
  const Entry* end() const { return entries_.end(); }
  bool operator==(const ReadingChoices&) const = default;

  // As owned text, for witnesses and JSON.
  std::map<std::string, std::string> as_map() const;

 private:
  SmallVector<Entry, 4> entries_;  // in place: a step consults a few points
};

// The alternatives chosen for a step; unchosen points take their default.
class Readings {
 public:
  Readings() = default;
  // Validates "POINT=ALT" against a variant's table.
  Expected<bool> set(const ReadingTable& table, std::string_view assignment);
  void choose(std::string_view point, std::string_view alternative) { chosen_.set(point, alternative); }
  // The alternative in force at this point; records the consultation in trace.
  std::string_view consult(const ReadingPoint& point, Trace& trace) const;
  // The alternative in force, without recording it (for what may be submitted).
  std::string_view in_force(const ReadingPoint& point) const;
  const ReadingChoices& chosen() const { return chosen_; }

  // The order in which the resolver visits the pieces a step moves
  // (model/core/visit_order.h): 0, the order the code lists them in, unless a
  // tool asks for another to see whether the result depends on it.
  std::uint32_t visit_order() const { return visit_order_; }
  void set_visit_order(std::uint32_t order) { visit_order_ = order; }

 private:
  ReadingChoices chosen_;
  std::uint32_t visit_order_ = 0;
};

const ReadingPoint* find_reading(const ReadingTable& table, std::string_view id);

}  // namespace arbiter
