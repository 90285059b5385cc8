// arbiter: the command-line face of the reference model. One file per subcommand.
#include <iostream>

#include "cli/common.h"

int main(int argc, char** argv) {
  using namespace arbiter::cli;
  CLI::App app{"arbiter: executable reference models of chess variants, and the tools that attack them"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "all subcommands' help");
  Options options;
  add_variants_command(app, options);
  add_rules_command(app, options);
  add_resolve_command(app, options);
  add_play_command(app, options);
  add_perft_command(app, options);
  add_report_command(app, options);
  add_explore_command(app, options);
  add_merge_command(app, options);
  add_smt_command(app, options);
  add_serve_command(app, options);
  add_vectors_command(app, options);
  add_crosscheck_command(app, options);

  auto fail = [&](const std::string& message) {
    std::cerr << "arbiter: " << message << "\n";
    if (options.json) print_json({{"error", message}});
    return 2;
  };
  for (int i = 1; i < argc; ++i) options.json = options.json || std::string(argv[i]) == "--json";
  if (argc > 1 && argv[1][0] != '-') {
    std::string known;
    bool found = false;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      known += (known.empty() ? "" : ", ") + sub->get_name();
      found = found || sub->get_name() == argv[1];
    }
    if (!found) return fail("unknown subcommand '" + std::string(argv[1]).substr(0, 40) + "' (known: " + known + ")");
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // CLI11's message is already one line naming the option.
    return fail(e.what());
  } catch (const UsageError& e) {
    return fail(e.what());
  } catch (const std::exception& e) {
    return fail(std::string("internal error: ") + e.what());
  }
  return 0;
}
