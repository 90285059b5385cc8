// arbiter rules VARIANT: its clauses and reading points, with quotes.
#include <filesystem>
#include <iostream>
#include <optional>
#include <system_error>

#include "cli/common.h"
#include "model/core/echo.h"
#include "model/core/rules_text.h"

namespace arbiter::cli {

void add_rules_command(CLI::App& app, Options& options) {
  CLI::App* cmd = app.add_subcommand("rules", "a variant's clauses and reading points");
  static std::string variant_id, rules_dir;
  static bool markdown = false;
  cmd->add_option("variant", variant_id, "variant id")->required();
  cmd->add_flag("--markdown", markdown, "print the text walked through sentence by sentence (docs/rules/NAME.md)");
  cmd->add_option("--rules-dir", rules_dir, "folder of the rule texts (default: ../shared/rules)");
  add_json_flag(*cmd, options);
  cmd->callback([&options] {
    const Variant& v = variant_or_throw(variant_id);
    // A --rules-dir given must be a folder holding the variant's rule text,
    // with or without --markdown: a wrong one is not passed over in silence.
    std::optional<Expected<std::string>> text;
    if (!rules_dir.empty()) {
      std::error_code ec;
      if (!std::filesystem::is_directory(rules_dir, ec))
        throw UsageError("--rules-dir " + echo(rules_dir) + " is not a folder");
      if (v.text_section().file.empty())
        throw UsageError(std::string(v.id()) + " follows no rule text, so --rules-dir has nothing to read");
      text = load_rules_text(rules_dir, v.text_section());
      if (!*text) throw UsageError("--rules-dir " + echo(rules_dir) + " does not hold the rule text of " + std::string(v.id()) +
                                   ": " + echo(text->error()));
    }
    if (markdown) {
      if (!v.text_map()) throw UsageError(std::string(v.id()) + " follows no rule text of ../shared/rules");
      if (!text) text = load_rules_text(default_rules_dir(), v.text_section());
      if (!*text) throw UsageError(text->error());
      std::cout << text_map_markdown(v.name(), v.id(), v.text_section().file, **text, *v.text_map(), v.clauses(),
                                     v.readings())
                << precedence_markdown(v.precedences(), v.clauses());
      return;
    }
    if (options.json) return print_json(rules_json(v));
    std::cout << v.name() << " (" << v.id() << "), from " << v.source() << "\n\nClauses:\n";
    for (const Clause& c : v.clauses()) std::cout << "  " << c.id << "\n      " << c.quote << "\n";
    // The questions the text leaves open, then the variations it offers.
    for (bool options_part : {false, true}) {
      bool any = false;
      for (const ReadingPoint& r : v.readings()) {
        if (r.option != options_part) continue;
        if (!any) std::cout << (options_part ? "\nOptions (variations the text offers):\n" : "\nReading points:\n");
        any = true;
        std::cout << "  " << r.id << ": " << r.question << "\n      text: " << r.quote << "\n";
        for (const Alternative& a : r.alternatives)
          std::cout << "      " << (a.id == r.default_alternative ? "* " : "- ") << a.id << ": " << a.description << "\n";
        std::cout << "      " << (options_part ? "the text's own rule" : "default") << " because: " << r.why_default << "\n";
      }
      if (!any && !options_part) std::cout << "\nReading points: none\n";
    }
  });
}

}  // namespace arbiter::cli
