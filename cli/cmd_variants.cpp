// arbiter variants: the registered variants.
#include <iostream>

#include "cli/common.h"
#include "model/variants/registry.h"

namespace arbiter::cli {

void add_variants_command(CLI::App& app, Options& options) {
  CLI::App* cmd = app.add_subcommand("variants", "list the registered variants");
  add_json_flag(*cmd, options);
  cmd->callback([&options] {
    nlohmann::json list = nlohmann::json::array();
    for (const Variant* v : all_variants()) {
      State s = v->initial_state();
      list.push_back({{"id", v->id()},
                      {"name", v->name()},
                      {"source", v->source()},
                      {"simultaneous", v->simultaneous()},
                      {"board", std::to_string(s.position.shape().files) + "x" + std::to_string(s.position.shape().ranks)},
                      {"start", v->fen(s)},
                      {"clauses", v->clauses().size()},
                      {"readings", v->readings().size()}});
    }
    if (options.json) return print_json({{"variants", list}});
    for (const auto& v : list)
      std::cout << v["id"].get<std::string>() << "\t" << v["name"].get<std::string>() << "\t"
                << (v["simultaneous"].get<bool>() ? "simultaneous" : "alternating") << "\t" << v["board"].get<std::string>()
                << "\n";
  });
}

}  // namespace arbiter::cli
