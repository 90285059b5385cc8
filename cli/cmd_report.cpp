// arbiter report [--out DIR] [--variants A,B]: the report for rule authors.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>

#include <fmt/format.h>

#include "cli/common.h"
#include "cli/progress.h"
#include "model/core/echo.h"
#include "model/variants/registry.h"
#include "reports/report.h"

namespace arbiter::cli {

namespace {

constexpr double kMaxSeconds = 7 * 24 * 3600;  // a week: any longer limit is a typo

// An accepted findings.json, checked before the report's minutes of work
// rather than after: an object whose "findings" is a list of findings, each
// with its signature.
void check_baseline(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw UsageError("cannot read --baseline " + echo(path) + ": not a file");
  std::ifstream in(path);
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  bool ok = !j.is_discarded() && j.is_object() && j.contains("findings") && j["findings"].is_array();
  for (const auto& f : ok ? j["findings"] : nlohmann::json::array())
    ok = ok && f.is_object() && (!f.contains("signature") || f["signature"].is_string());
  if (!ok) throw UsageError("baseline " + echo(path) + " is not a findings.json");
}

// --source: a folder holding corpus/, checked as the command line is read; a
// path that names nothing would otherwise give a report that checked nothing.
CLI::Validator source_tree() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::error_code ec;
        if (!std::filesystem::is_directory(text, ec)) return "not a folder: " + echo(text);
        if (!std::filesystem::is_directory(std::filesystem::path(text) / "corpus", ec))
          return "no corpus/ folder in " + echo(text) + " (expected the source tree)";
        return "";
      },
      "DIR");
}

}  // namespace

void add_report_command(CLI::App& app, Options& options) {
  static report::ReportOptions args;
  // --variants as given: CLI11's own splitting drops empty entries, which
  // are typos ("orthodox,,zeitgeist"), not a request for fewer variants.
  static std::vector<std::string> variant_lists;
  CLI::App* cmd = app.add_subcommand("report", "write the report (HTML, Markdown, findings.json)");
  cmd->add_option("--out", args.out_dir, "output folder")->capture_default_str();
  cmd->add_option("--variants", variant_lists, "variant ids, comma-separated");
  cmd->add_option("--source", args.source_dir, "the source tree holding corpus/ (default: the build's)")
      ->check(source_tree());
  cmd->add_option("--explore-states", args.explore_states, "explorer budget per variant, in states (0: no search)")
      ->capture_default_str()
      ->check(whole_number());
  cmd->add_option("--explore-seconds", args.explore_seconds, "time limit of the explorer per variant")
      ->capture_default_str()
      ->check(finite_range(0, kMaxSeconds));
  cmd->add_option("--seed", args.seed, "explorer seed")->capture_default_str()->check(whole_number());
  cmd->add_option("--games", args.games, "complete random games per variant for the well-formedness checks (0: none)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--games-seconds", args.games_seconds, "time limit of those games per variant")
      ->capture_default_str()
      ->check(finite_range(0, kMaxSeconds));
  cmd->add_option("--unseen-search", args.unseen_search,
                  "while a variant's winning result is unseen, play up to this many times --games more")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--exhaustive-depth", args.exhaustive_depth,
                  "bounded exhaustive search per variant, in joint turns from the start and every scenario position (0: none)")
      ->capture_default_str()
      ->check(CLI::Range(0, 4));
  cmd->add_option("--exhaustive-seconds", args.exhaustive_seconds, "time limit of that search per variant")
      ->capture_default_str()
      ->check(finite_range(0, kMaxSeconds));
  cmd->add_option("--smt-seconds", args.smt_seconds, "timeout of each SMT query (0: no SMT queries)")
      ->capture_default_str()
      ->check(finite_range(0, 3600));
  cmd->add_option("--baseline", args.baseline,
                  "an accepted findings.json: the report shows what is new, changed and gone since, and exits 1 on a new finding");
  cmd->add_option("--ruling", args.rulings, "POINT=ALTERNATIVE, repeatable: the rule author's answer; the point is decided");
  static std::string rulings_file;
  cmd->add_option("--rulings", rulings_file, "a file of rulings, one POINT=ALTERNATIVE a line ('#' starts a comment)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--impact-games", args.impact_games,
                  "random games per variant that measure how often each question matters, for the ranking (0: none)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--impact-seconds", args.impact_seconds, "time limit of those games per variant")
      ->capture_default_str()
      ->check(finite_range(0, kMaxSeconds));
  cmd->add_option("--fuzz-findings", args.fuzz_findings_dir,
                  "a fuzz campaign's findings folder (make fuzz: build/fuzz-findings); each finding the model still gives joins the report")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--sarif", args.sarif_path, "also write the findings as a SARIF 2.1.0 log, located in the rule texts")
      ->check(CLI::Validator(
          [](std::string& path) -> std::string {
            std::error_code ec;
            std::filesystem::path folder = std::filesystem::path(path).parent_path();
            if (std::filesystem::is_directory(path, ec)) return "a folder, not a file: " + echo(path);
            if (!std::filesystem::is_directory(folder.empty() ? "." : folder, ec)) return "no folder to write " + echo(path) + " in";
            return "";
          },
          "FILE"));
  add_json_flag(*cmd, options);
  cmd->callback([&options] {
    if (args.source_dir.empty()) args.source_dir = ARBITER_SOURCE_DIR;
    for (const std::string& list : variant_lists) {
      for (std::size_t start = 0, comma = 0; comma != std::string::npos; start = comma + 1) {
        comma = list.find(',', start);
        std::string id = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (id.empty()) throw UsageError("--variants '" + echo(list) + "' has an empty entry (expected ids separated by commas)");
        variant_or_throw(id);
        args.variants.push_back(id);
      }
    }
    if (!args.baseline.empty()) check_baseline(args.baseline);
    if (!rulings_file.empty()) {
      std::ifstream in(rulings_file);
      if (!in) throw UsageError("cannot read --rulings " + echo(rulings_file));
      int number = 0;
      for (std::string line; std::getline(in, line);) {
        ++number;
        line = line.substr(0, line.find('#'));
        auto first = line.find_first_not_of(" \t\r"), last = line.find_last_not_of(" \t\r");
        if (first == std::string::npos) continue;
        line = line.substr(first, last - first + 1);
        if (line.find('=') == std::string::npos || line.find_first_of(" \t") != std::string::npos)
          throw UsageError("--rulings " + echo(rulings_file) + " line " + std::to_string(number) + ": expected POINT=ALTERNATIVE, not " + echo(line));
        args.rulings.push_back(line);
      }
    }
    // A point ruled twice would leave one answer in force without a word.
    for (std::size_t i = 0; i < args.rulings.size(); ++i) {
      if (args.rulings[i].find('=') == std::string::npos)
        throw UsageError("bad ruling " + echo(args.rulings[i]) + " (expected POINT=ALTERNATIVE)");
      for (std::size_t j = 0; j < i; ++j)
        if (args.rulings[i].substr(0, args.rulings[i].find('=')) == args.rulings[j].substr(0, args.rulings[j].find('=')))
          throw UsageError("reading point '" + echo(args.rulings[i].substr(0, args.rulings[i].find('='))) + "' is ruled twice");
    }
    report::ReportSummary summary;
    // On a terminal: "report 3/12 parity: explorer, 41 s" until the run ends.
    std::mutex stage_mutex;
    std::string stage_line;
    std::size_t variants_begun = 0, variants_total = args.variants.empty() ? all_variants().size() : args.variants.size();
    std::string last_variant;
    TerminalProgress progress([&](double seconds) {
      std::lock_guard lock(stage_mutex);
      return fmt::format("report {}/{} {}, {:.0f} s", variants_begun, variants_total, stage_line, seconds);
    });
    args.on_stage = [&](std::string_view variant, std::string_view stage) {
      if (stage.empty()) return progress.pause();
      {
        std::lock_guard lock(stage_mutex);
        if (!variant.empty() && variant != last_variant) ++variants_begun;
        last_variant = variant;
        stage_line = variant.empty() ? std::string(stage) : fmt::format("{}: {}", variant, stage);
      }
      progress.resume();
    };
    try {
      summary = report::write_report(args, options.json ? std::cerr : std::cout);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    nlohmann::json result = {{"out", args.out_dir},
                             {"model_problems", summary.model_problems},
                             {"new_findings", summary.new_findings},
                             {"fuzz_findings_skipped", summary.fuzz_findings_skipped}};
    // Exactly one JSON document: a failing run's summary rides in its error object.
    if (summary.model_problems > 0)
      throw UsageError(std::to_string(summary.model_problems) +
                           " perft table entries or lines, scenarios or SMT witnesses disagree with the model or do not read",
                       result);
    if (options.json) print_json(result);
    // New findings against an accepted baseline: exit 1, for nightly CI.
    for (const std::string& sig : summary.new_findings) std::cerr << "arbiter: new finding " << sig << "\n";
    if (!summary.new_findings.empty()) std::exit(1);
  });
}

}  // namespace arbiter::cli
