#pragma once
// Reading points: places where a rule text does not decide. Each has every
// plausible alternative implemented and one documented default. A step asks
// the Readings which alternative is in force; the answer is recorded in the
// step's trace, so that a tool can re-run the step under every alternative.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/expected.h"

namespace arbiter {

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
};

using ReadingTable = std::vector<ReadingPoint>;

class Trace;

// The alternatives chosen for a step; unchosen points take their default.
class Readings {
 public:
  Readings() = default;
  // Validates "POINT=ALT" against a variant's table.
  Expected<bool> set(const ReadingTable& table, std::string_view assignment);
  void choose(std::string_view point, std::string_view alternative) {
    chosen_[std::string(point)] = std::string(alternative);
  }
  // The alternative in force at this point; records the consultation in trace.
  std::string_view consult(const ReadingPoint& point, Trace& trace) const;
  // The alternative in force, without recording it (for what may be submitted).
  std::string_view in_force(const ReadingPoint& point) const;
  const std::map<std::string, std::string>& chosen() const { return chosen_; }

 private:
  std::map<std::string, std::string> chosen_;
};

const ReadingPoint* find_reading(const ReadingTable& table, std::string_view id);

}  // namespace arbiter
