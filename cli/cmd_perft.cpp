// arbiter perft VARIANT [--fen F] --depth N [--divide] [--reading P=A]...: leaf counts of the
// action tree (joint-action tree for simultaneous games).
#include <chrono>
#include <iostream>

#include "cli/common.h"

namespace arbiter::cli {

namespace {
struct PerftArgs {
  std::string variant, fen;
  int depth = -1;
  bool divide = false;
  bool reference = false;
  std::vector<std::string> readings;
};
constexpr int kMaxDepth = 12;
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
    if (args.divide && args.depth > 0) {
      for (const auto& [label, n] : divide_counts(v, s, args.depth, readings, count)) {
        divide.push_back({{"move", label}, {"nodes", n}});
        nodes += n;
      }
    } else {
      nodes = count(s, args.depth);
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
