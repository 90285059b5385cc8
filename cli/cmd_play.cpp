// arbiter play VARIANT [--fen F] --moves "e2e4 e7e5 ..." (simultaneous: "e2e4:e7e5 ...")
#include <iostream>
#include <sstream>

#include "cli/common.h"
#include "model/core/divergence.h"

namespace arbiter::cli {

namespace {
struct PlayArgs {
  std::string variant, fen, moves;
  std::vector<std::string> readings;
};
}  // namespace

void add_play_command(CLI::App& app, Options& options) {
  static PlayArgs args;
  CLI::App* cmd = app.add_subcommand("play", "play a sequence of steps");
  cmd->add_option("variant", args.variant, "variant id")->required();
  cmd->add_option("--fen", args.fen, "position (default: the start position)");
  cmd->add_option("--moves", args.moves, "steps separated by spaces; a simultaneous step is WHITE:BLACK")->required();
  cmd->add_option("--reading", args.readings, "POINT=ALTERNATIVE, repeatable");
  add_json_flag(*cmd, options);
  cmd->callback([&options] {
    const Variant& v = variant_or_throw(args.variant);
    State s = state_or_throw(v, args.fen);
    Readings readings = readings_or_throw(v, args.readings);
    nlohmann::json steps = nlohmann::json::array();
    std::istringstream in(args.moves);
    std::string token;
    int number = 0;
    // The text output is printed once every step is read: a bad step is one
    // error line, not the steps before it and then the error.
    std::ostringstream text;
    while (in >> token) {
      ++number;
      std::vector<LegalityDivergence> legality;
      auto parsed = parse_joint_any_reading(v, s, token, readings, legality);
      if (!parsed) throw UsageError("step " + std::to_string(number) + ": " + parsed.error());
      JointAction joint = std::move(parsed.value());
      StepResult r = v.step(s, joint, readings);
      std::vector<Finding> findings = find_divergences(v, s, joint, readings, r);
      nlohmann::json j = step_json(v, s, joint, readings, r, findings);
      if (!legality.empty()) j["legality"] = legality_json(legality, r);
      if (!options.json) {
        text << number << ". " << token << "  ->  " << j["after"].get<std::string>();
        if (r.state.outcome.over()) text << "  [" << result_name(r.state.outcome.result) << ", " << r.state.outcome.reason << "]";
        text << "\n";
        if (j.contains("legality")) text << legality_text(j["legality"]);
      }
      steps.push_back(std::move(j));
      s = std::move(r.state);
    }
    if (number == 0) throw UsageError("--moves holds no step (write the steps separated by spaces)");
    if (options.json) {
      nlohmann::json out = {{"steps", steps}, {"result", result_name(s.outcome.result)}, {"final", v.fen(s)}};
      if (auto scores = v.scores(s); !scores.empty()) {
        out["scores"] = nlohmann::json::object();
        for (const auto& [role, points] : scores) out["scores"][role] = points;
      }
      return print_json(out);
    }
    std::cout << text.str() << "result: " << result_name(s.outcome.result) << "\n";
  });
}

}  // namespace arbiter::cli
