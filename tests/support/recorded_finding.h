#pragma once
// A check the games' tests share: a scenario records the finding it states.
#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "model/core/finding.h"
#include "model/core/scenario.h"

namespace arbiter::test {

// The scenario named `name` among `results`: it passes and records exactly one
// finding of kind `kind`, whose witness is a step (a position and actions).
inline void expect_recorded_finding(const std::vector<ScenarioResult>& results, std::string_view name,
                                    FindingKind kind) {
  const ScenarioResult* found = nullptr;
  for (const ScenarioResult& r : results)
    if (r.scenario.name == name) found = &r;
  ASSERT_NE(found, nullptr) << name << " is missing";
  EXPECT_TRUE(found->run.passed()) << name;
  ASSERT_EQ(found->run.findings.size(), 1u) << name;
  const Finding& f = found->run.findings.front();
  EXPECT_EQ(f.kind, kind) << name;
  EXPECT_FALSE(f.question.empty()) << name;
  EXPECT_FALSE(f.witness.fen.empty()) << name;
  EXPECT_FALSE(f.witness.actions.empty()) << name;
}

}  // namespace arbiter::test
