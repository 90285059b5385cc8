// arbiter variants: the registered variants.
#include <iostream>

#include "cli/common.h"
#include "model/variants/registry.h"

namespace arbiter::cli {

void add_variants_command(CLI::App& app, Options& options) {
  CLI::App* cmd = app.add_subcommand("variants", "list the registered variants");
  add_json_flag(*cmd, options);
  cmd->callback([&options] {
    nlohmann::json list = variants_json();
    if (options.json) return print_json({{"variants", list}});
    for (const auto& v : list)
      std::cout << v["id"].get<std::string>() << "\t" << v["name"].get<std::string>() << "\t"
                << (v["solitaire"].get<bool>()      ? "solitaire"
                    : v["simultaneous"].get<bool>() ? "simultaneous"
                                                    : "alternating")
                << (v["hidden_information"].get<bool>() ? ", hidden information" : "") << "\t"
                << v["board"].get<std::string>() << "\n";
  });
}

}  // namespace arbiter::cli
