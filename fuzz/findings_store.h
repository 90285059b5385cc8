#pragma once
// Rule findings met while fuzzing are results, not crashes: each is written to
// the findings directory ($ARBITER_FINDINGS_DIR; nothing is written when it is
// unset) as one JSON file per signature, keeping the witness with the fewest
// pieces. Files are replaced atomically, so findings survive crashes and restarts.
#include <string>

#include "model/core/finding.h"
#include "model/core/position.h"

namespace arbiter::fuzz {

// Records a finding; returns true when it is new or smaller than the one kept.
bool record_finding(const Finding& f, const std::string& found_by);

// Whether record_finding could keep a finding of this signature whose witness
// is the position `before`: false when no directory is set, or when the
// witness kept has no more pieces than `before` has on its board (a witness
// counts at least one letter a piece). Lets a fuzzer skip writing a finding
// it would throw away.
bool finding_wanted(const std::string& variant, const std::string& signature, const Position& before);

}  // namespace arbiter::fuzz
