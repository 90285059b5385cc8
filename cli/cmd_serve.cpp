// arbiter serve: the JSON-lines protocol on standard input and output
// (docs/protocol.md), for engines and tools that drive Arbiter.
#include <iostream>
#include <string>

#include "cli/common.h"
#include "cli/protocol.h"
#include "model/core/echo.h"
#include "model/variants/registry.h"

namespace arbiter::cli {

void add_serve_command(CLI::App& app, Options& options) {
  static ServeOptions serve;
  CLI::App* cmd = app.add_subcommand("serve", "answer JSON-lines requests on standard input (docs/protocol.md)");
  cmd->add_option("--reading", serve.readings,
                  "POINT=ALTERNATIVE, repeatable: in force where a request names no alternative for POINT");
  cmd->add_option("--seconds", serve.seconds, "time budget of each perft or divide request (past it: an error response)")
      ->check(finite_range(0.001, 24 * 3600))
      ->capture_default_str();
  // Every response is a JSON line already; --json keeps a bad option's error JSON too.
  add_json_flag(*cmd, options);
  cmd->callback([] {
    // Every reading must name a point of some variant and one of its alternatives.
    // A point named twice is refused, as by every subcommand's --reading.
    auto point_of = [](const std::string& a) { return a.substr(0, a.find('=')); };
    for (std::size_t i = 0; i < serve.readings.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (point_of(serve.readings[i]) == point_of(serve.readings[j]))
          throw UsageError("reading point '" + echo(point_of(serve.readings[i])) +
                           "' is given twice (give one alternative for each point)");
    for (const std::string& a : serve.readings) {
      std::string_view point = std::string_view(a).substr(0, a.find('='));
      const Variant* owner = nullptr;
      for (const Variant* v : all_variants())
        for (const ReadingPoint& p : v->readings()) owner = p.id == point ? v : owner;
      if (owner == nullptr) throw UsageError("unknown reading point '" + echo(point) + "' in --reading " + echo(a));
      readings_or_throw(*owner, {a});
    }
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      // Invalid UTF-8 in an error message is replaced, so a response always prints.
      std::cout << respond(line, serve).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n" << std::flush;
    }
  });
}

}  // namespace arbiter::cli
