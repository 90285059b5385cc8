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
  double explore_seconds = 5;                    // explorer budget per variant (0: no search)
  std::uint64_t seed = 1;
};

// Returns the number of problems found in the model itself (perft table
// mismatches); rule findings are results, not problems.
int write_report(const ReportOptions& options, std::ostream& log);

}  // namespace arbiter::report
