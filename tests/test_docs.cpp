// The docs keep no question to themselves: a passage of docs/ that describes a
// rule question as open (not decided, not modelled, assumed, a gap, the
// model's own choice, decided by the examples) names the reading point or the
// finding that carries it to the rule author, so the report shows everything
// the docs know. A passage that says the text decides names the clause.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "model/core/scenario.h"
#include "model/variants/registry.h"
#include "tests/support/paths.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

// One unit of Markdown that a reader takes in as one statement: a paragraph,
// a list item (with its continuation lines) or a table row. Headings and code
// blocks are left out: a heading announces the passages under it, each of
// which must name its own id, unless the heading names it (a rule walk's
// reading point is a section headed by its id).
struct Passage {
  std::string file;
  int line = 0;
  std::string text;
  std::string heading;  // the nearest heading above it: a section headed by an id is that id's
};

bool starts_item(const std::string& line) {
  static const std::regex item(R"(^\s*([-*+]|[0-9]+\.)\s)");
  return std::regex_search(line, item);
}

std::vector<Passage> passages(const fs::path& path) {
  std::ifstream in(path);
  std::vector<Passage> out;
  Passage current;
  bool in_code = false;
  auto flush = [&] {
    if (!current.text.empty()) out.push_back(current);
    current.text.clear();
  };
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("```", 0) == 0) {
      flush();
      in_code = !in_code;
      continue;
    }
    if (in_code) continue;
    bool blank = line.find_first_not_of(" \t") == std::string::npos;
    bool heading = line.rfind("#", 0) == 0;
    bool row = line.rfind("|", 0) == 0;
    if (blank || heading || row || starts_item(line)) flush();
    if (heading) current.heading = line;
    if (blank || heading) continue;
    if (current.text.empty()) {
      current.file = path.filename().string();
      if (path.parent_path().filename() == "rules") current.file = "rules/" + current.file;
      current.line = number;
    }
    current.text += line + "\n";
    if (row) flush();
  }
  flush();
  return out;
}

// The words by which a passage calls a question open.
const std::regex& open_words() {
  static const std::regex words(
      R"(open question|questions? (that )?(stays?|remains?|is|are|left) open|\b(stays?|remains?|left|leaves?( it)?|still) open\b|)"
      R"(not modell?ed|not recorded|unrecorded|model's (own )?choice|our own choice|the model (chooses|picks)|)"
      R"(decided by the examples?|(is|are) not in the text|)"
      R"(\bassum(e|es|ed|ing|ption)\b|not decided|undecided|does not decide|do not decide|doesn't decide|)"
      R"(is silent|are silent|silent (on|about)|says nothing|\bgaps? (finding|in the text)|explained away|ambiguous|)"
      R"(ambiguity)",
      std::regex::icase);
  return words;
}

const std::regex& decided_words() {
  static const std::regex words(R"(\bdecided?s?\b|\bstates?\b|\bsays?\b)", std::regex::icase);
  return words;
}

struct Ids {
  std::set<std::string> carriers;  // reading points, options and scenarios that record findings
  std::set<std::string> clauses;
  std::set<std::string> games;     // variant ids and names, lower case
};

Ids known_ids() {
  Ids ids;
  for (const Variant* v : all_variants()) {
    for (const ReadingPoint& p : v->readings()) ids.carriers.insert(std::string(p.id));
    for (const Clause& c : v->clauses()) ids.clauses.insert(std::string(c.id));
    ids.games.insert(std::string(v->id()));
    std::string name(v->name());
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    ids.games.insert(name);
  }
  for (const Scenario& s : load_scenario_folder(test::source_path("corpus/scenarios")).scenarios)
    if (!s.findings.empty()) ids.carriers.insert(s.name);
  return ids;
}

std::vector<std::string> ids_in(const std::string& text) {
  static const std::regex id(R"([a-z][a-z0-9-]*(\.[a-z0-9_-]+)+)");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), id); it != std::sregex_iterator(); ++it)
    out.push_back(it->str());
  return out;
}

bool names_a_game(const std::string& text, const Ids& ids) {
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const std::string& g : ids.games)
    if (lower.find(g) != std::string::npos) return true;
  return false;
}

// The docs of the tools (how to run them, their formats, how to add a game)
// speak of questions in general and of games only as examples; the others
// (a game's own page, its rule walk, the shared card-game page, the findings
// and SMT pages, which speak of each game's results) are read. On the
// findings and SMT pages a passage speaks of a game's question only where it
// names the game.
enum class Reading { skip, every_passage, passages_naming_a_game };
Reading how_to_read(const std::string& file) {
  static const std::set<std::string> tool_docs = {"adding-a-variant.md", "cli.md",    "fen.md",
                                                  "fuzzing.md",          "moves.md",  "protocol.md",
                                                  "report.md",           "scenarios.md"};
  if (tool_docs.count(file)) return Reading::skip;
  if (file == "findings.md" || file == "smt.md") return Reading::passages_naming_a_game;
  return Reading::every_passage;
}

// "an option, not a question it leaves open" calls nothing open.
std::string without_denials(const std::string& text) {
  static const std::regex denial(R"(not (a|an) (open )?questions?( (it|the text) leaves open)?)", std::regex::icase);
  return std::regex_replace(text, denial, "");
}

TEST(Docs, EveryQuestionTheDocsCallOpenNamesTheReadingPointOrFindingThatCarriesIt) {
  Ids ids = known_ids();
  ASSERT_GT(ids.carriers.size(), 100u);
  int checked = 0;
  for (const auto& entry : fs::recursive_directory_iterator(test::source_path("docs"))) {
    if (entry.path().extension() != ".md") continue;
    for (const Passage& p : passages(entry.path())) {
      Reading how = how_to_read(p.file);
      // A passage under a heading such as "What stays open" or "Gaps" calls
      // its question open as much as one that says so itself.
      // ("Gap" alone is no such word: Parade Chess Solitaire's gaps are
      // spaces between pieces. A text map's note says "GAP:".)
      static const std::regex open_heading(R"(\bopen\b|^#+ gaps\b)", std::regex::icase);
      static const std::regex gap_note(R"(\bGAP:)");
      bool open = std::regex_search(without_denials(p.heading + "\n" + p.text), open_words()) ||
                  std::regex_search(p.heading, open_heading) || std::regex_search(p.text, gap_note);
      if (how == Reading::skip || !open) continue;
      if (how == Reading::passages_naming_a_game && !names_a_game(p.text, ids)) continue;
      ++checked;
      bool carried = false, decided = false;
      for (const std::string& id : ids_in(p.heading + "\n" + p.text)) {
        carried = carried || ids.carriers.count(id) > 0;
        decided = decided || ids.clauses.count(id) > 0;
      }
      if (carried) continue;
      // A clause named where the passage says the text decides, or where
      // only its heading calls the section open (a list of what the text
      // does decide, under "What the text leaves open").
      bool open_itself =
          std::regex_search(without_denials(p.text), open_words()) || std::regex_search(p.text, gap_note);
      if (decided && (std::regex_search(p.text, decided_words()) || !open_itself)) continue;
      // Under such a heading, a passage that says its matter is no rule
      // question ("not rules", "no example-mismatch finding") asks nothing.
      static const std::regex no_question(R"(\bnot\s+(a\s+)?rules?\b|\bno\s+[a-z-]+\s+finding)", std::regex::icase);
      if (!open_itself && std::regex_search(p.text, no_question)) continue;
      ADD_FAILURE() << "docs/" << p.file << ":" << p.line
                    << ": calls a question open but names no reading point or finding scenario that carries it "
                       "(nor a clause that decides it):\n"
                    << p.text;
    }
  }
  EXPECT_GT(checked, 20) << "the docs test found almost no passage to check: its reader is broken";
  std::cout << checked << " passages of docs/ call a question open\n";
}

// The reader above, on a page it must flag and one it must pass.
TEST(Docs, TheReaderFlagsAnOpenQuestionWithoutAnIdAndPassesOneWithIt) {
  fs::path dir = fs::temp_directory_path() / "arbiter-docs-test";
  fs::create_directories(dir);
  std::ofstream(dir / "game.md") << "# A game\n\nThe text is silent on what a pawn\ndoes on the last row.\n\n"
                                    "- The queen's gap is open: `parade.appendix_a.table`.\n"
                                    "- Left open.\n\n```\nnot modelled\n```\n| row | not modelled |\n";
  auto got = passages(dir / "game.md");
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(got[0].line, 3);
  EXPECT_EQ(got[0].text, "The text is silent on what a pawn\ndoes on the last row.\n");
  EXPECT_TRUE(std::regex_search(got[0].text, open_words()));
  EXPECT_EQ(ids_in(got[1].text), std::vector<std::string>{"parade.appendix_a.table"});
  EXPECT_TRUE(std::regex_search(got[2].text, open_words()));
  EXPECT_EQ(got[3].text, "| row | not modelled |\n");
  EXPECT_EQ(got[3].heading, "# A game");
  EXPECT_FALSE(std::regex_search(without_denials("an option, not a question it leaves open"), open_words()));
  Ids ids = known_ids();
  EXPECT_TRUE(ids.carriers.count("parade.appendix_a.table"));
  EXPECT_TRUE(ids.carriers.count("parity.heading.castling"));
  EXPECT_FALSE(ids.carriers.count("orthodox.castle.through_check"));
  fs::remove_all(dir);
}

// The model's code cites the clause or reading point each rule choice rests
// on; a cited id that no game declares (a misspelt or renamed clause) would
// send a reader to nothing.
TEST(Docs, EveryIdTheModelCodeCitesIsDeclared) {
  Ids ids = known_ids();
  std::set<std::string> declared = ids.carriers;
  declared.insert(ids.clauses.begin(), ids.clauses.end());
  // A comment may also point at the scenario that pins a case.
  for (const Scenario& s : load_scenario_folder(test::source_path("corpus/scenarios")).scenarios)
    declared.insert(s.name);
  static const std::regex file_name(R"(\.(h|cpp|md|txt|dict|json|html|svg|sh)$)");
  // The labels of the model's invariant checks are ids too, declared where
  // the check names them (a string literal).
  static const std::regex label(R"re("([a-z][a-z0-9-]*(\.[a-z0-9_-]+)+)")re");
  for (const auto& entry : fs::recursive_directory_iterator(test::source_path("model/variants"))) {
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    std::string all = text.str();
    for (auto it = std::sregex_iterator(all.begin(), all.end(), label); it != std::sregex_iterator(); ++it)
      declared.insert((*it)[1].str());
  }
  int cited = 0;
  for (const auto& entry : fs::recursive_directory_iterator(test::source_path("model/variants"))) {
    if (entry.path().extension() != ".cpp" && entry.path().extension() != ".h") continue;
    std::ifstream in(entry.path());
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      auto comment = line.find("//");
      if (comment == std::string::npos) continue;
      for (const std::string& id : ids_in(line.substr(comment))) {
        auto dot = id.find('.');
        if (!ids.games.count(id.substr(0, dot)) || std::regex_search(id, file_name)) continue;
        ++cited;
        // A citation may name an alternative (POINT=ALT) or a family of ids
        // by their common start ("booster.special.*").
        bool known = declared.count(id) > 0;
        for (auto it = declared.lower_bound(id); !known && it != declared.end() && it->rfind(id, 0) == 0; ++it)
          known = (*it)[id.size()] == '.' || id.back() == '_';
        EXPECT_TRUE(known) << entry.path().lexically_relative(test::source_path("")).string() << ":" << number
                           << ": cites '" << id << "', which no game declares";
      }
    }
  }
  EXPECT_GT(cited, 100);
  std::cout << cited << " ids cited in the model's comments\n";
}

}  // namespace
}  // namespace arbiter
