#pragma once
// The report for rule authors: reports/out/index.html (one self-contained
// page), one Markdown file per variant with SVG diagrams beside it, and
// findings.json (docs/findings-schema.md).
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace arbiter::report {

struct ReportOptions {
  std::string out_dir = "reports/out";
  std::vector<std::string> variants;  // empty: every registered variant
  std::string source_dir;             // where corpus/ lives
  std::uint64_t perft_node_budget = 2'000'000;  // largest perft table entry checked
  // Explorer budget per variant: a number of states (so a seed gives the same
  // report every run) capped by a time limit (0 states: no search).
  std::uint64_t explore_states = 40;
  double explore_seconds = 60;
  std::uint64_t seed = 1;
};

// Returns the number of problems found in the model itself (perft table
// mismatches); rule findings are results, not problems.
int write_report(const ReportOptions& options, std::ostream& log);

}  // namespace arbiter::report
