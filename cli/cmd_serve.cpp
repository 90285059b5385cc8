// arbiter serve: the JSON-lines protocol on standard input and output
// (docs/protocol.md), for engines and tools that drive Arbiter.
#include <iostream>
#include <string>

#include "cli/common.h"
#include "cli/protocol.h"

namespace arbiter::cli {

void add_serve_command(CLI::App& app, Options& options) {
  (void)options;
  CLI::App* cmd = app.add_subcommand("serve", "answer JSON-lines requests on standard input (docs/protocol.md)");
  cmd->callback([] {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      // Invalid UTF-8 in an error message is replaced, so a response always prints.
      std::cout << respond(line).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n" << std::flush;
    }
  });
}

}  // namespace arbiter::cli
