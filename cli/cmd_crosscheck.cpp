// arbiter crosscheck VARIANT --engine "CMD ARGS": the model against an external
// engine (serve protocol, or UCI `go perft`), down to a minimal reproducer of
// the first difference. Exit codes: 0 agree, 1 disagree, 2 error.
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "cli/common.h"
#include "crosscheck/crosscheck.h"
#include "model/core/echo.h"

namespace arbiter::cli {

namespace {
struct CrosscheckArgs {
  std::string variant, engine;
  int timeout_ms = 10000;
  bool no_scenarios = false;
  crosscheck::Options options;
};
}  // namespace

void add_crosscheck_command(CLI::App& app, Options& options) {
  static CrosscheckArgs args;
  CLI::App* cmd = app.add_subcommand("crosscheck", "compare an external engine with the model, down to a minimal reproducer");
  cmd->add_option("variant", args.variant, "variant id")->required();
  cmd->add_option("--engine", args.engine, "the engine's command line, \"CMD ARGS\"")->required();
  cmd->add_flag("--uci", args.options.uci, "the engine speaks UCI (go perft), not the serve protocol");
  cmd->add_option("--uci-variant", args.options.uci_variant, "UCI_Variant to set (Fairy-Stockfish)");
  cmd->add_option("--variants-file", args.options.variants_file, "a variants.ini to load first (Fairy-Stockfish's VariantPath)");
  cmd->add_option("--depth", args.options.depth, "divide depth, 0 to 6")->capture_default_str();
  cmd->add_option("--positions", args.options.random_positions, "positions of seeded random play")->capture_default_str();
  cmd->add_option("--steps", args.options.steps_per_position, "sampled joint actions stepped at each position")->capture_default_str();
  cmd->add_option("--seed", args.options.seed, "seed of the random play and the sampling")
      ->capture_default_str()
      ->check(whole_number());
  cmd->add_option("--timeout", args.timeout_ms, "milliseconds to wait for each answer")->capture_default_str();
  cmd->add_option("--reading", args.options.readings, "POINT=ALTERNATIVE, repeatable: in force on both sides");
  cmd->add_flag("--no-scenarios", args.no_scenarios, "leave out the scenario files' positions");
  add_json_flag(*cmd, options);
  cmd->callback([&options] {
    const Variant& v = variant_or_throw(args.variant);
    auto words = engine::split_command(args.engine);
    if (!words) throw UsageError("bad --engine \"" + args.engine + "\": empty, or an unclosed quote");
    if (args.timeout_ms < 1 || args.timeout_ms > 3600000) throw UsageError("bad --timeout (expected 1 to 3600000 ms)");
    // Options a serve-protocol engine would ignore without a word.
    if (!args.options.uci && !args.options.uci_variant.empty())
      throw UsageError("--uci-variant is for a UCI engine (give --uci); a serve-protocol engine is told the variant in each request");
    if (!args.options.uci && !args.options.variants_file.empty())
      throw UsageError("--variants-file is for a UCI engine (give --uci); a serve-protocol engine loads no variants file");
    if (!args.options.variants_file.empty()) {
      // Checked here, before the engine starts: an engine told to load a file
      // that is not there may say nothing about it.
      const std::string& path = args.options.variants_file;
      std::error_code ec;
      if (!std::filesystem::is_regular_file(path, ec))
        throw UsageError("cannot read --variants-file " + echo(path) + ": " +
                         (std::filesystem::exists(path, ec) ? "not a regular file" : "no such file"));
      errno = 0;
      std::ifstream in(path, std::ios::binary);
      char c = 0;
      if (!in.is_open() || (!in.get(c) && in.bad()))
        throw UsageError("cannot read --variants-file " + echo(path) + ": " + (errno != 0 ? std::strerror(errno) : "read error"));
    }
    args.options.engine = *words;
    args.options.timeout = std::chrono::milliseconds(args.timeout_ms);
    if (!args.no_scenarios) args.options.scenario_dir = std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios";
    crosscheck::Outcome outcome;
    try {
      outcome = crosscheck::run(v, args.options);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    // An engine that fails (cannot start, crashes, hangs, prints garbage) is
    // an error like bad input: besides the outcome on standard output, one
    // line on standard error, and under --json an "error" in the outcome.
    nlohmann::json j = outcome.to_json();
    std::string error_line;
    if (outcome.status == crosscheck::Outcome::Status::error) {
      error_line = one_line("the engine " + std::string(engine::to_string(outcome.failure)) + ": " + outcome.error);
      j["error"] = error_line;
    }
    if (options.json)
      print_json(j);
    else
      std::cout << outcome.text();
    std::cout << std::flush;
    if (!error_line.empty()) std::cerr << "arbiter: " << error_line << "\n";
    if (outcome.exit_code() != 0) std::exit(outcome.exit_code());
  });
}

}  // namespace arbiter::cli
