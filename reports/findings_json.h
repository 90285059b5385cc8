#pragma once
// Findings as JSON, the shape of findings.json and of `explore --json`.
#include <nlohmann/json.hpp>

#include "model/core/expected.h"
#include "model/core/finding.h"

namespace arbiter::report {

nlohmann::json finding_to_json(const Finding& f);
Expected<Finding> finding_from_json(const nlohmann::json& j);

}  // namespace arbiter::report
