#pragma once
// Rule findings met while fuzzing are results, not crashes: each is written to
// the findings directory ($ARBITER_FINDINGS_DIR; nothing is written when it is
// unset) as one JSON file per signature, keeping the witness with the fewest
// pieces. Files are replaced atomically, so findings survive crashes and restarts.
#include <string>

#include "model/core/finding.h"

namespace arbiter::fuzz {

// Records a finding; returns true when it is new or smaller than the one kept.
bool record_finding(const Finding& f, const std::string& found_by);

}  // namespace arbiter::fuzz
