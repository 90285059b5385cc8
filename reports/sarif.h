#pragma once
// The report's findings as a SARIF 2.1.0 log (`arbiter report --sarif FILE`):
// each finding a result located at the rule sentence it is about, in the rule
// text file, so that GitHub code scanning or an editor's SARIF viewer shows
// the questions a rule author must answer inline in the rules.
//
// One run, tool "Arbiter"; one SARIF rule per finding kind and reading point
// (or, for a finding without one, its first clause), such as
// "divergence/zeitgeist.check_count" or "conflict/zeitgeist.blocked.bounce".
// Open questions (divergence, gap, order, dead clause) are warnings;
// contradictions, conflicts and example mismatches are errors. A result's
// location is the first sentence of the variant's text map that carries its
// reading point, else the first that carries one of its clauses, in the
// finding's order; when no sentence carries any of them, the first line of
// the game's text (line 1 of a file that holds one game), and the message
// says so. Files are named relative to the uriBaseId RULESROOT, the rules
// folder.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/finding.h"
#include "model/core/game.h"
#include "reports/finding_view.h"

namespace arbiter::report {

struct SarifFinding {
  Finding finding;
  std::string id;  // the report's id for it: finding_id(finding.signature())
};

struct SarifVariant {
  const Variant* variant = nullptr;
  std::vector<SarifFinding> findings;
  // The variant's rule text: its file relative to the rules folder
  // ("parity-chess.txt"), the file's whole contents, and where the variant's
  // section (Variant::text_section) lies in them. An empty rule_file: the
  // variant has no text to locate its findings in, for the reason in no_text.
  std::string rule_file;
  std::string file_text;
  std::size_t section_begin = 0;
  std::size_t section_size = std::string::npos;
  std::string no_text;
};

// The variant's findings as the report shows them, with its rule text read
// from the rules folder (a text that cannot be read leaves rule_file empty
// and says why).
SarifVariant sarif_variant(const Variant& v, const std::vector<FindingView>& findings,
                           const std::string& rules_dir);

// Where a run of text lies in a file, as SARIF counts: lines and columns from
// 1, columns in Unicode code points, the end column one past the last
// character. `begin` and `end` are the byte offsets.
struct TextRegion {
  int start_line = 1;
  int start_column = 1;
  int end_line = 1;
  int end_column = 1;
  std::size_t begin = 0;
  std::size_t end = 0;
};

// The region of `text` from byte `begin` to byte `end`.
TextRegion text_region(std::string_view text, std::size_t begin, std::size_t end);

// Finds a sentence as split_sentences gives it (whitespace collapsed) in the
// raw text, at or after byte `from`: its words in order, separated by any run
// of spaces, tabs and line breaks, the first word at the start of a word of
// the text. nullopt: it is not there.
std::optional<TextRegion> find_sentence(std::string_view text, std::string_view sentence,
                                        std::size_t from = 0);

// The SARIF log of the findings of these variants. `rules_dir`, when not
// empty, becomes RULESROOT's file URI in originalUriBaseIds.
nlohmann::json sarif_log(const std::vector<SarifVariant>& variants, const std::string& rules_dir);

// Writes the log to `path` through `path`.tmp and a rename, so that a reader
// sees the old file or the new one; a path that is not a regular file
// (/dev/stdout) is written in place. A failure throws
// std::filesystem::filesystem_error naming the file.
void write_sarif(const std::string& path, const nlohmann::json& log);

}  // namespace arbiter::report
