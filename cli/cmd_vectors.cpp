// arbiter vectors VARIANT --out DIR: golden vectors for engine developers
// (docs/protocol.md): DIR/VARIANT.jsonl (steps and what the model gives) and
// DIR/VARIANT.epd (joint perft).
#include <iostream>

#include "cli/common.h"
#include "reports/vectors.h"

namespace arbiter::cli {

namespace {
struct VectorArgs {
  std::string variant, out = "vectors";
  report::VectorOptions options;
};
}  // namespace

void add_vectors_command(CLI::App& app, Options& options) {
  static VectorArgs args;
  CLI::App* cmd = app.add_subcommand("vectors", "export golden vectors: steps as JSON lines, joint perft as EPD");
  cmd->add_option("variant", args.variant, "variant id")->required();
  cmd->add_option("--out", args.out, "output folder")->capture_default_str();
  cmd->add_option("--seed", args.options.seed, "seed of the random playouts")
      ->capture_default_str()
      ->check(whole_number());
  cmd->add_option("--playouts", args.options.playouts, "random playouts from the start position")->capture_default_str();
  add_json_flag(*cmd, options);
  cmd->callback([&options] {
    const Variant& v = variant_or_throw(args.variant);
    if (args.options.playouts < 0 || args.options.playouts > 10000) throw UsageError("bad --playouts (expected 0 to 10000)");
    args.options.scenario_dir = std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios";
    report::VectorCounts counts = report::write_vectors(v, args.out, args.options);
    std::string jsonl = args.out + "/" + std::string(v.id()) + ".jsonl", epd = args.out + "/" + std::string(v.id()) + ".epd";
    if (options.json)
      return print_json({{"variant", v.id()}, {"jsonl", jsonl}, {"epd", epd}, {"steps", counts.steps}, {"positions", counts.positions}});
    std::cout << jsonl << ": " << counts.steps << " steps\n" << epd << ": " << counts.positions << " positions\n";
  });
}

}  // namespace arbiter::cli
