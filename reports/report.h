#pragma once
// The report for rule authors: reports/out/index.html (one self-contained
// page), one Markdown file per variant with SVG diagrams beside it, and
// findings.json (docs/findings.md).
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
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
  // Bounded exhaustive search (explore::exhaustive) per variant from the start
  // and every scenario position, to this many joint turns (0: none), capped
  // by a time limit (a cut search says so).
  int exhaustive_depth = 1;
  double exhaustive_seconds = 60;
  // Complete random games per variant for the well-formedness checks
  // (explore/well_formed.h), capped by a time limit (0 games: none).
  int games = 100;
  double games_seconds = 20;
  int unseen_search = 20;  // while a winning result is unseen, up to this many times `games` more
  std::uint64_t seed = 1;
  // Timeout of each SMT query (docs/smt.md), for the variants with an encoding
  // (0: no queries). Generous, so that the same seed gives the same report:
  // every query takes seconds on a 2-core machine.
  double smt_seconds = 60;
  std::string baseline;  // an accepted findings.json: findings not in it are new, shown as new, gone or changed
  // A rule author's answers, POINT=ALTERNATIVE: those points are decided, their
  // findings listed as decided by ruling, and play measured under them.
  std::vector<std::string> rulings;
  // Random games that measure how often each question changes the position
  // or the result (reports/impact.h), for the ranking; capped by a time limit.
  int impact_games = 100;
  double impact_seconds = 10;
  // A fuzz campaign's findings directory (`make fuzz` writes build/fuzz-findings/):
  // each finding there joins the report if the model still finds it at its
  // witness. Empty, or a folder that does not exist: none.
  std::string fuzz_findings_dir;
  // Where to write the findings as a SARIF 2.1.0 log, each located at its rule
  // sentence in the rule text file (reports/sarif.h); empty: none.
  std::string sarif_path;
  // Told the variant and the stage as each begins ("explorer", "SMT
  // queries"), for a progress line, and an empty stage just before a
  // variant's lines go to the log; may be empty.
  std::function<void(std::string_view variant, std::string_view stage)> on_stage;
};

struct ReportSummary {
  int model_problems = 0;                // perft table mismatches and unreadable lines, failing scenarios
  int fuzz_findings_skipped = 0;         // files of the findings directory left out (unreadable or stale)
  std::vector<std::string> new_findings;  // signatures absent from the baseline
};

// Writes the report. Problems in the model itself (perft table mismatches,
// failing scenarios) are counted; rule findings are results, not problems,
// and are compared with the baseline when one is given.
ReportSummary write_report(const ReportOptions& options, std::ostream& log);

}  // namespace arbiter::report
