// The SARIF log of the report (`arbiter report --sarif FILE`): valid by the
// format's own validator, the SARIF Multitool (tools/sarif/, installed by
// scripts/install-deps.sh), and each finding located at the rule sentence
// that carries its reading point or clause.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "model/core/rules_text.h"
#include "model/core/text_map.h"
#include "model/variants/registry.h"
#include "reports/sarif.h"
#include "tests/support/paths.h"
#include "tests/support/run.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

// The Multitool's own program. The npm package's wrapper (node_modules/.bin/
// sarif-multitool) hands its arguments to a shell again, which would split a
// path with spaces; the program it starts is called directly instead.
const std::string kMultitool =
    test::source_path("tools/sarif/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool");

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The words of a text, whitespace collapsed, as split_sentences gives them.
std::string collapsed(std::string_view s) {
  std::string out;
  for (char c : s) {
    bool blank = c == ' ' || c == '\t' || c == '\r' || c == '\n';
    if (!blank)
      out += c;
    else if (!out.empty() && out.back() != ' ')
      out += ' ';
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The text of a SARIF region of a file: lines and columns from 1, columns in
// code points, the end column one past the last character.
std::string cut(const std::string& file, int start_line, int start_column, int end_line,
                int end_column) {
  auto offset = [&](int line, int column) {
    std::size_t at = 0;
    for (int l = 1; l < line; ++l) at = file.find('\n', at) + 1;
    for (int c = 1; c < column; ++c) {
      ++at;
      while (at < file.size() && (static_cast<unsigned char>(file[at]) & 0xC0) == 0x80) ++at;
    }
    return at;
  };
  std::size_t begin = offset(start_line, start_column), end = offset(end_line, end_column);
  return end >= begin ? file.substr(begin, end - begin) : "";
}

// One report, with its SARIF log, for the tests below: two variants whose
// texts are plain files (Zeitgeist) and a file with non-ASCII punctuation
// and repeated paragraphs (Parity Chess), with small budgets.
class SarifReport : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    // A folder of this process's own: ctest runs each test of this suite in
    // a process of its own, at the same time, and each writes the report.
    dir_ = ::testing::TempDir() + "/sarif-report-" + std::to_string(getpid());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    sarif_path_ = dir_ + "/findings.sarif";
    run_ = test::run(
        test::arbiter_binary() +
        " report --variants zeitgeist,parity --explore-states 4 --games 0 --smt-seconds 0 "
        "--exhaustive-depth 0 --impact-games 10 --out " +
        shell_quoted(dir_ + "/out") + " --sarif " + shell_quoted(sarif_path_));
  }
  static nlohmann::json log() { return nlohmann::json::parse(read_file(sarif_path_)); }

  static std::string dir_, sarif_path_;
  static test::RunResult run_;
};
std::string SarifReport::dir_, SarifReport::sarif_path_;
test::RunResult SarifReport::run_;

TEST_F(SarifReport, TheMultitoolFindsNoErrorInTheLog) {
  ASSERT_EQ(run_.exit_code, 0) << run_.err;
  ASSERT_TRUE(fs::exists(kMultitool))
      << "the SARIF Multitool is not installed (" << kMultitool
      << "): run scripts/install-deps.sh (as root), which runs npm ci in tools/sarif";
  std::string out = dir_ + "/validation.sarif";
  auto v = test::run(shell_quoted(kMultitool) + " validate " + shell_quoted(sarif_path_) + " -o " +
                     shell_quoted(out) + " --log ForceOverwrite --level 'Error;Warning;Note'");
  ASSERT_EQ(v.exit_code, 0)
      << "the Multitool did not run (a missing libicu72? run scripts/install-deps.sh):\n"
      << v.out << v.err;
  // The Multitool exits 0 whatever it finds: its verdict is its own log.
  std::string written = read_file(out);
  ASSERT_FALSE(written.empty()) << "the Multitool wrote no log:\n" << v.out << v.err;
  nlohmann::json verdict = nlohmann::json::parse(written);
  const nlohmann::json& results = verdict["runs"][0]["results"];
  // A file the Multitool cannot read into its object model (an unknown
  // level, say) gets no results at all, not even the notes every log gets
  // (message text rather than message ids): none means it did not check.
  ASSERT_FALSE(results.empty()) << "the Multitool checked nothing:\n" << v.out;
  std::string errors;
  for (const auto& r : results)
    if (r.value("level", "warning") == "error") errors += r.dump() + "\n";
  EXPECT_TRUE(errors.empty()) << errors << v.out;
}

// Each result's region, cut from the rule file, begins with the first words
// of the first sentence of the variant's text map that carries the finding's
// reading point, or else one of its clauses in order.
TEST_F(SarifReport, EachFindingIsLocatedAtTheSentenceCarryingItsReadingPointOrClause) {
  ASSERT_EQ(run_.exit_code, 0) << run_.err;
  nlohmann::json sarif = log();
  const nlohmann::json& results = sarif["runs"][0]["results"];
  nlohmann::json findings =
      nlohmann::json::parse(read_file(dir_ + "/out/findings.json"))["findings"];
  ASSERT_EQ(results.size(), findings.size());
  int checked = 0;
  for (const auto& r : results) {
    const Variant* v = find_variant(r["properties"]["variant"].get<std::string>());
    ASSERT_NE(v, nullptr) << r.dump();
    auto section = load_rules_text(default_rules_dir(), v->text_section());
    ASSERT_TRUE(section) << section.error();
    std::vector<std::string> ids;
    if (r["properties"].contains("readingPoint")) ids.push_back(r["properties"]["readingPoint"]);
    for (const auto& c : r["properties"]["clauses"]) ids.push_back(c);
    std::string expected;
    for (const std::string& id : ids) {
      for (const MappedSentence& m : map_text(*section, *v->text_map()))
        if (m.span && std::find(m.span->ids.begin(), m.span->ids.end(), id) != m.span->ids.end()) {
          expected = m.sentence;
          break;
        }
      if (!expected.empty()) break;
    }
    const nlohmann::json& location = r["locations"][0]["physicalLocation"];
    EXPECT_EQ(location["artifactLocation"]["uriBaseId"], "RULESROOT");
    std::string file = read_file(default_rules_dir() + "/" +
                                 location["artifactLocation"]["uri"].get<std::string>());
    const nlohmann::json& region = location["region"];
    std::string text = cut(file, region["startLine"], region["startColumn"], region["endLine"],
                           region["endColumn"]);
    if (expected.empty()) {
      // No sentence carries them (an example mismatch may name no clause):
      // the first line of the game's text, and the message says why.
      EXPECT_EQ(text, section->substr(0, section->find('\n'))) << r.dump();
      EXPECT_NE(r["message"]["text"].get<std::string>().find(
                    "so it is shown at the start of the game's text"),
                std::string::npos)
          << r.dump();
      continue;
    }
    std::string first_words = brief(expected, 6);
    if (first_words.ends_with(" …"))
      first_words.resize(first_words.size() - std::string(" …").size());
    EXPECT_TRUE(collapsed(text).starts_with(first_words))
        << "region: \"" << text << "\"\nexpected to begin with: \"" << first_words << "\"";
    EXPECT_EQ(region["snippet"]["text"], text);
    ++checked;
  }
  EXPECT_GE(checked, 10);
}

// Open questions are warnings, and a worked example the rules do not
// reproduce an error; every result names a rule of the log.
TEST_F(SarifReport, LevelsFollowTheKindOfFinding) {
  ASSERT_EQ(run_.exit_code, 0) << run_.err;
  nlohmann::json sarif = log();
  const nlohmann::json& run = sarif["runs"][0];
  std::set<std::string> rules;
  for (const auto& rule : run["tool"]["driver"]["rules"])
    rules.insert(rule["id"].get<std::string>());
  std::set<std::string> kinds;
  for (const auto& r : run["results"]) {
    std::string kind = r["properties"]["kind"];
    kinds.insert(kind);
    EXPECT_TRUE(rules.count(r["ruleId"].get<std::string>())) << r["ruleId"];
    EXPECT_TRUE(r["ruleId"].get<std::string>().starts_with(kind + "/")) << r["ruleId"];
    bool open_question =
        kind == "divergence" || kind == "gap" || kind == "order" || kind == "dead-clause";
    EXPECT_EQ(r["level"], open_question ? "warning" : "error") << r.dump();
  }
  EXPECT_TRUE(kinds.count("divergence"));
  EXPECT_TRUE(kinds.count("example-mismatch"));
}

TEST(Sarif, ASentenceIsFoundAcrossLineBreaksWithColumnsInCodePoints) {
  std::string text = "Title\n\n  The king’s  move:\n\tone square. Pawns move.\n";
  auto r = report::find_sentence(text, "The king’s move: one square.");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->start_line, 3);
  EXPECT_EQ(r->start_column, 3);
  EXPECT_EQ(r->end_line, 4);
  EXPECT_EQ(r->end_column, 13);  // after the tab (one column) and "one square."
  EXPECT_EQ(text.substr(r->begin, r->end - r->begin), "The king’s  move:\n\tone square.");
  auto pawns = report::find_sentence(text, "Pawns move.");
  ASSERT_TRUE(pawns);
  EXPECT_EQ(pawns->start_line, 4);
  EXPECT_EQ(pawns->start_column, 14);
  // A word of the text that merely ends with the sentence's first word is
  // not its start; a sentence found before `from` is not found again.
  EXPECT_FALSE(report::find_sentence("Kings move.", "ings move."));
  EXPECT_FALSE(report::find_sentence(text, "The king’s move: one square.", r->end));
}

// A finding whose ids no sentence carries is shown at the first line of its
// game's text, and its message says why.
TEST(Sarif, AFindingNoSentenceCarriesIsShownAtTheStartOfItsText) {
  const Variant* v = find_variant("zeitgeist");
  ASSERT_NE(v, nullptr);
  report::SarifVariant sv = report::sarif_variant(*v, {}, default_rules_dir());
  ASSERT_EQ(sv.rule_file, "zeitgeist.txt") << sv.no_text;
  Finding f;
  f.kind = FindingKind::Gap;
  f.variant = "zeitgeist";
  f.clauses = {"zeitgeist.no_such_clause"};
  f.question = "What happens here?";
  f.witness.variant = "zeitgeist";
  f.witness.fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  sv.findings.push_back({f, "000000000001"});
  nlohmann::json sarif = report::sarif_log({sv}, default_rules_dir());
  const nlohmann::json& result = sarif["runs"][0]["results"][0];
  EXPECT_EQ(result["locations"][0]["physicalLocation"]["region"]["startLine"], 1);
  EXPECT_NE(result["message"]["text"].get<std::string>().find(
                "No sentence of the text carries zeitgeist.no_such_clause"),
            std::string::npos)
      << result["message"]["text"];
  EXPECT_EQ(result["level"], "warning");
  EXPECT_TRUE(
      sarif["runs"][0]["originalUriBaseIds"]["RULESROOT"]["uri"].get<std::string>().starts_with(
          "file:///"));
}

// A SARIF path that cannot be written is refused before the report runs,
// and a write that fails throws, naming the file (exit code 2 from the CLI).
TEST(Sarif, AnUnwritablePathIsAnError) {
  auto r = test::run(test::arbiter_binary() +
                     " report --variants zeitgeist --explore-states 0 --games 0 --smt-seconds 0 "
                     "--exhaustive-depth 0 "
                     "--sarif /nonexistent-folder/x.sarif --out " +
                     shell_quoted(::testing::TempDir() + "/sarif-unwritable"));
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--sarif"), std::string::npos) << r.err;
  EXPECT_THROW(report::write_sarif("/nonexistent-folder/x.sarif", nlohmann::json::object()),
               std::filesystem::filesystem_error);
  EXPECT_FALSE(fs::exists("/nonexistent-folder/x.sarif.tmp"));
}

}  // namespace
}  // namespace arbiter
