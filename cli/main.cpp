// arbiter: the command-line face of the reference model. One file per subcommand.
#include <algorithm>
#include <filesystem>
#include <ios>
#include <iostream>
#include <new>

#include "cli/common.h"
#include "model/core/echo.h"

namespace {

// An option given an explicitly empty value ('--fen ""', '--depth ""') is bad
// input, never the option's default: CLI11 would read '' as 0 or as "not
// given". Leaving an option out is how one asks for its default.
//
// An integer option takes decimal digits only: CLI11 converts with base 0, so
// "0x1" would be 1 and "010" 8. A flag takes no value: CLI11 reads
// "--divide=yes" as the flag given.
void check_option_values(CLI::App& app) {
  CLI::Validator non_empty(
      [](std::string& value) -> std::string { return value.empty() ? "an empty value is not allowed" : ""; }, "");
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    for (CLI::Option* opt : sub->get_options([](CLI::Option*) { return true; })) {
      if (opt->get_expected_max() == 0) {
        opt->disable_flag_override();
        continue;
      }
      std::string type = opt->get_type_name();
      type = type.substr(0, type.find(':'));
      opt->check(non_empty);
      if (type == "INT") opt->check(arbiter::cli::decimal_integer());
      if (type == "UINT") opt->check(arbiter::cli::whole_number());
    }
}

// "--FLAG=VALUE" for a flag of the subcommand (up to a "--" that ends the
// options): the flag's name, or empty.
std::string flag_given_a_value(CLI::App& app, int argc, char** argv) {
  CLI::App* sub = nullptr;
  for (CLI::App* candidate : app.get_subcommands([](CLI::App*) { return true; }))
    if (argc > 1 && candidate->get_name() == argv[1]) sub = candidate;
  if (!sub) return "";
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--") break;
    std::size_t eq = arg.find('=');
    if (!arg.starts_with("--") || eq == std::string::npos) continue;
    const CLI::Option* opt = sub->get_option_no_throw(arg.substr(0, eq));
    if (opt && opt->get_expected_max() == 0) return arg.substr(0, eq);
  }
  return "";
}

// CLI11's messages quote the arguments they refuse whole ("Could not convert:
// --depth = 1111..."): each argument is quoted as echo() would, bounded and
// escaped, before the message is printed.
std::string bounded_parse_message(std::string message, int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::size_t i = 0, n = args.size(); i < n; ++i)
    if (auto eq = args[i].find('='); args[i].starts_with("--") && eq != std::string::npos)
      args.push_back(args[i].substr(eq + 1));
  std::sort(args.begin(), args.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  for (const std::string& arg : args) {
    std::string shown = arbiter::echo(arg);
    if (arg.empty() || shown == arg) continue;
    for (std::size_t at = message.find(arg); at != std::string::npos; at = message.find(arg, at + shown.size()))
      message.replace(at, arg.size(), shown);
  }
  return message;
}

// The reason at the end of a library's message ("basic_filebuf::underflow
// error reading the file: Is a directory" -> "Is a directory").
std::string reason_of(const std::string& what) {
  std::size_t at = what.rfind(": ");
  return at == std::string::npos ? what : what.substr(at + 2);
}

// nlohmann's message without its exception id ("[json.exception.type_error.306]
// cannot use value() with number" -> "cannot use value() with number").
std::string json_reason(const std::string& what) {
  std::size_t at = what.find("] ");
  return what.starts_with("[json.exception") && at != std::string::npos ? what.substr(at + 2) : what;
}

}  // namespace

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
  check_option_values(app);

  auto fail = [&](const std::string& message, const nlohmann::json& fields = nlohmann::json::object()) {
    return report_error(options, message, 2, fields);
  };
  for (int i = 1; i < argc; ++i) options.json = options.json || std::string(argv[i]) == "--json";
  if (argc > 1 && argv[1][0] != '-') {
    std::string known;
    bool found = false;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      known += (known.empty() ? "" : ", ") + sub->get_name();
      found = found || sub->get_name() == argv[1];
    }
    if (!found) return fail("unknown subcommand '" + arbiter::echo(argv[1]) + "' (known: " + known + ")");
  }
  if (std::string flag = flag_given_a_value(app, argc, argv); !flag.empty())
    return fail(arbiter::echo(flag) + " is a flag and takes no value (give it alone, or leave it out)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // CLI11's message is already one line naming the option.
    return fail(bounded_parse_message(e.what(), argc, argv));
  } catch (const UsageError& e) {
    return fail(e.what(), e.fields);
  } catch (const BudgetError& e) {
    return report_error(options, e.what(), kExitBudget);
  } catch (const std::filesystem::filesystem_error& e) {
    // A path given on the command line that cannot be used (--out under a file).
    return fail("cannot use " + arbiter::echo(e.path1().string()) + ": " + e.code().message());
  } catch (const std::ios_base::failure& e) {
    return fail("a file could not be read or written (" + reason_of(e.what()) + ")");
  } catch (const nlohmann::json::exception& e) {
    return fail("an input file does not hold the JSON expected (" + json_reason(e.what()) + ")");
  } catch (const std::bad_alloc&) {
    return fail("out of memory");
  } catch (const std::exception& e) {
    return fail(std::string("internal error: ") + e.what());
  } catch (...) {
    return fail("internal error: an exception of unknown type");
  }
  return 0;
}
