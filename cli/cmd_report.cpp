// arbiter report [--out DIR] [--variants A,B]: the report for rule authors.
#include <iostream>

#include "cli/common.h"
#include "reports/report.h"

namespace arbiter::cli {

void add_report_command(CLI::App& app, Options& options) {
  static report::ReportOptions args;
  CLI::App* cmd = app.add_subcommand("report", "write the report (HTML, Markdown, findings.json)");
  cmd->add_option("--out", args.out_dir, "output folder")->capture_default_str();
  cmd->add_option("--variants", args.variants, "variant ids, comma-separated")->delimiter(',');
  cmd->add_option("--source", args.source_dir, "the source tree holding corpus/ (default: the build's)");
  cmd->add_option("--explore-states", args.explore_states, "explorer budget per variant, in states (0: no search)")
      ->capture_default_str();
  cmd->add_option("--explore-seconds", args.explore_seconds, "time limit of the explorer per variant")->capture_default_str();
  cmd->add_option("--seed", args.seed, "explorer seed")->capture_default_str();
  add_json_flag(*cmd, options);
  cmd->callback([&options] {
    if (args.source_dir.empty()) args.source_dir = ARBITER_SOURCE_DIR;
    for (const std::string& id : args.variants) variant_or_throw(id);
    int problems = report::write_report(args, options.json ? std::cerr : std::cout);
    if (options.json) print_json({{"out", args.out_dir}, {"model_problems", problems}});
    if (problems > 0) throw UsageError(std::to_string(problems) + " perft table entries disagree with the model");
  });
}

}  // namespace arbiter::cli
