// arbiter resolve VARIANT --fen F (--move M | --white M --black M | --player M | --chance M) [--reading P=A]...
// One step from a position, with its trace and the divergences it exposes.
#include <algorithm>
#include <iostream>
#include <utility>

#include "cli/common.h"
#include "model/core/divergence.h"
#include "model/core/order.h"
#include "model/core/conflict.h"

namespace arbiter::cli {

namespace {
struct ResolveArgs {
  std::string variant, fen, move, white, black, player, chance;
  std::vector<std::string> readings;
  std::uint32_t visit_order = 0;
};
}  // namespace

void add_resolve_command(CLI::App& app, Options& options) {
  static ResolveArgs args;
  CLI::App* cmd = app.add_subcommand("resolve", "resolve one step from a position");
  cmd->add_option("variant", args.variant, "variant id")->required();
  cmd->add_option("--fen", args.fen, "position (default: the start position)");
  cmd->add_option("--move", args.move, "the action of the one role acting (an alternating game's move, a solitaire's, chance's)");
  cmd->add_option("--white", args.white, "White's move, in a simultaneous game");
  cmd->add_option("--black", args.black, "Black's move, in a simultaneous game");
  cmd->add_option("--player", args.player, "the player's move, in a solitaire");
  cmd->add_option("--chance", args.chance, "the chance role's action (shuffle-N), in a card game");
  cmd->add_option("--reading", args.readings, "POINT=ALTERNATIVE, repeatable");
  cmd->add_option("--visit-order", args.visit_order,
                  "the order the resolver visits the moving pieces in (0: the code's own; an order finding names another)")
      ->check(CLI::Range(std::uint32_t{0}, std::uint32_t{1000}));
  add_json_flag(*cmd, options);
  cmd->callback([&options] {
    const Variant& v = variant_or_throw(args.variant);
    State s = state_or_throw(v, args.fen);
    Readings readings = readings_or_throw(v, args.readings);
    readings.set_visit_order(args.visit_order);
    Roles roles = v.roles_to_act(s);
    if (roles.empty()) throw UsageError("the game is over in this position; there is no step to resolve");
    // Every move given must be one this step takes: a --black in an
    // alternating game with White to move, or a --move beside --white and
    // --black, would otherwise be dropped without a word.
    auto acting = [&](Role role) { return std::find(roles.begin(), roles.end(), role) != roles.end(); };
    std::string actors;
    for (Role role : roles) actors += (actors.empty() ? "" : " and ") + std::string(role_name(role));
    const std::pair<const char*, std::pair<Role, const std::string*>> given_options[] = {
        {"--white", {Role::White, &args.white}},
        {"--black", {Role::Black, &args.black}},
        {"--player", {Role::Player, &args.player}},
        {"--chance", {Role::Chance, &args.chance}}};
    for (const auto& [name, option] : given_options)
      if (!option.second->empty() && !acting(option.first))
        throw UsageError(std::string(name) + " is not taken here: " + std::string(v.id()) + " has " + actors +
                         " to act in this position" + (roles.size() == 1 ? " (use --move)" : ""));
    if (!args.move.empty()) {
      if (roles.size() != 1)
        throw UsageError("--move is not taken here: " + std::string(v.id()) + " has " + actors +
                         " to act in this position (use --white and --black)");
      for (const auto& [name, option] : given_options)
        if (!option.second->empty())
          throw UsageError("--move and " + std::string(name) + " both give the move of " + actors + "; give one");
    }
    JointAction joint;
    std::vector<LegalityDivergence> legality;
    for (Role role : roles) {
      std::string given = role == Role::White    ? args.white
                          : role == Role::Black  ? args.black
                          : role == Role::Player ? args.player
                                                 : args.chance;
      if (given.empty() && roles.size() == 1) given = args.move;
      if (given.empty()) throw UsageError("missing the move of " + std::string(role_name(role)) +
                                          (roles.size() == 1 ? " (use --move)" : " (use --white and --black)"));
      auto move = parse_action_any_reading(v, s, role, given, readings, legality);
      if (!move) throw UsageError(move.error());
      joint.push_back({role, *move});
    }
    StepResult r = v.step(s, joint, readings);
    std::vector<Finding> findings = find_divergences(v, s, joint, readings, r);
    for (Finding& f : find_order_dependence(v, s, joint, readings, r)) findings.push_back(std::move(f));
    for (Finding& f : find_conflicts(v, s, joint, readings, r)) findings.push_back(std::move(f));
    nlohmann::json j = step_json(v, s, joint, readings, r, findings);
    if (!legality.empty()) j["legality"] = legality_json(legality, r);
    if (options.json) return print_json(j);
    std::cout << "before:  " << j["before"].get<std::string>() << "\n";
    for (const Action& a : joint)
      std::cout << role_name(a.role) << ":   " << v.move_text(s, a.move) << " (" << v.san(s, a.move) << ")\n";
    std::cout << "after:   " << j["after"].get<std::string>() << "\nresult:  " << j["result"].get<std::string>();
    if (j.contains("reason")) std::cout << " (" << j["reason"].get<std::string>() << ")";
    std::cout << "\nclauses:";
    for (const auto& c : j["clauses"]) std::cout << " " << c.get<std::string>();
    std::cout << "\n";
    for (const auto& [point, alt] : r.trace.readings()) std::cout << "reading: " << point << "=" << alt << "\n";
    if (j.contains("legality")) std::cout << legality_text(j["legality"]);
    for (const Finding& f : findings) std::cout << "finding: " << finding_kind_name(f.kind) << " " << (f.reading.empty() ? "" : f.reading + ": ") << f.detail << "\n";
  });
}

}  // namespace arbiter::cli
