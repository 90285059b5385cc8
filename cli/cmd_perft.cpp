// arbiter perft VARIANT [--fen F] --depth N [--divide] [--reading P=A]... [--seconds S]: leaf
// counts of the action tree (joint-action tree for simultaneous games).
#include <atomic>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>

#include <fmt/format.h>

#include "cli/common.h"
#include "cli/progress.h"
#include "model/core/budget.h"

namespace arbiter::cli {

namespace {
struct PerftArgs {
  std::string variant, fen;
  int depth = -1;
  bool divide = false;
  bool reference = false;
  std::vector<std::string> readings;
  double seconds = std::numeric_limits<double>::infinity();
};
constexpr int kMaxDepth = 12;
constexpr double kMaxSeconds = 7 * 24 * 3600;  // as explore's: a longer budget is a typo
}  // namespace

void add_perft_command(CLI::App& app, Options& options) {
  static PerftArgs args;
  CLI::App* cmd = app.add_subcommand("perft", "count the leaves of the action tree");
  cmd->add_option("variant", args.variant, "variant id")->required();
  cmd->add_option("--fen", args.fen, "position (default: the start position)");
  cmd->add_option("--depth", args.depth, "depth, 0 to 12")->required();
  cmd->add_flag("--divide", args.divide, "counts per first action");
  cmd->add_option("--reading", args.readings, "POINT=ALTERNATIVE, repeatable: count under these readings");
  cmd->add_flag("--reference", args.reference, "count with the reference model only, not a variant's fast path");
  cmd->add_option("--seconds", args.seconds, "time budget: past it the count stops with exit code 3 (default: none)")
      ->check(finite_range(0.001, kMaxSeconds));
  add_json_flag(*cmd, options);
  cmd->callback([&options] {
    const Variant& v = variant_or_throw(args.variant);
    if (args.depth < 0 || args.depth > kMaxDepth)
      throw UsageError("bad depth " + std::to_string(args.depth) + " (expected 0 to " + std::to_string(kMaxDepth) + ")");
    State s = state_or_throw(v, args.fen);
    Readings readings = readings_or_throw(v, args.readings);
    bool chosen = !readings.chosen().empty();
    auto count = [&](const State& from, int depth) {
      if (chosen) return v.perft(from, depth, readings);
      return args.reference ? v.reference_perft(from, depth) : v.perft(from, depth);
    };
    auto start = std::chrono::steady_clock::now();
    nlohmann::json divide = nlohmann::json::array();
    std::uint64_t nodes = 0;
    // Under --divide the line counts the first actions done.
    std::atomic<std::size_t> first_done{0};
    auto counted = [&](const State& from, int depth) {
      std::uint64_t n = count(from, depth);
      ++first_done;
      return n;
    };
    try {
      budget::Timer timer(args.seconds);
      TerminalProgress progress([&](double elapsed) {
        std::string line = "perft " + std::string(v.id()) + " depth " + std::to_string(args.depth) + ": ";
        if (args.divide) line += std::to_string(first_done.load()) + " first actions counted, ";
        line += fmt::format("{:.1f} s", elapsed);
        if (std::isfinite(args.seconds)) line += " of " + fmt_number(args.seconds);
        return line;
      });
      if (args.divide && args.depth > 0) {
        for (const auto& [label, n] : divide_counts(v, s, args.depth, readings, counted)) {
          divide.push_back({{"move", label}, {"nodes", n}});
          nodes += n;
        }
      } else {
        nodes = count(s, args.depth);
      }
    } catch (const BudgetExhausted&) {
      std::string done = args.divide ? " (" + std::to_string(first_done.load()) + " first actions counted)" : "";
      throw BudgetError("perft stopped: its budget of " + fmt_number(args.seconds) + " s ran out before the count was done" + done);
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options.json) {
      nlohmann::json j = {{"variant", v.id()}, {"fen", v.fen(s)}, {"depth", args.depth}, {"nodes", nodes}, {"seconds", seconds}};
      if (args.divide) j["divide"] = divide;
      return print_json(j);
    }
    for (const auto& d : divide) std::cout << d["move"].get<std::string>() << ": " << d["nodes"].get<std::uint64_t>() << "\n";
    if (args.divide) std::cout << "\n";
    std::cout << "nodes " << nodes << "\n";
  });
}

}  // namespace arbiter::cli
