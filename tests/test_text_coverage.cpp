// Text coverage: every sentence of each variant's rule text is mapped to a
// clause, a reading point or "not a rule", and docs/rules/NAME.md is current.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "model/core/rules_text.h"
#include "model/core/text_map.h"
#include "model/variants/registry.h"
#include "tests/support/paths.h"

namespace arbiter {
namespace {

TEST(TextMap, SplitsSentencesAtStopsBlankLinesAndNewUnits) {
  auto s = split_sentences("Title\nFirst sentence runs\non here. Second one! third stays.\n\n- a bullet\n2. numbered");
  ASSERT_EQ(s.size(), 5u);
  EXPECT_EQ(s[0], "Title");
  EXPECT_EQ(s[1], "First sentence runs on here.");
  EXPECT_EQ(s[2], "Second one! third stays.");
  EXPECT_EQ(s[3], "- a bullet");
  EXPECT_EQ(s[4], "2. numbered");
}

TEST(TextMap, ReportsUnmappedSentencesStaleEntriesAndUnknownIds) {
  ClauseTable clauses = {{"demo.a", "a"}};
  ReadingTable readings;
  TextMap map = {{"First", {"demo.a"}, ""}, {"Nowhere", {"demo.a"}, ""}, {"Second", {"demo.zzz"}, ""}};
  auto problems = check_text_map("First rule. Second rule. Third rule.", map, clauses, readings);
  auto has = [&](const std::string& text) {
    for (const auto& p : problems)
      if (p.find(text) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(has("unmapped sentence: \"Third rule.\""));
  EXPECT_TRUE(has("matches no sentence: \"Nowhere\""));
  EXPECT_TRUE(has("unknown id 'demo.zzz'"));
}

TEST(TextCoverage, EveryVariantWithATextMapsEverySentenceAndItsDocIsCurrent) {
  for (const Variant* v : all_variants()) {
    if (!v->text_map()) continue;
    auto text = load_rules_text(default_rules_dir(), v->text_section());
    ASSERT_TRUE(text.ok()) << v->id() << ": " << text.error();
    for (const std::string& p : check_text_map(*text, *v->text_map(), v->clauses(), v->readings()))
      ADD_FAILURE() << v->id() << ": " << p;
    // Every clause cites a sentence of the text it implements.
    for (const Clause& c : v->clauses()) {
      bool cited = false;
      for (const TextSpan& span : *v->text_map())
        for (std::string_view id : span.ids) cited = cited || id == c.id;
      EXPECT_TRUE(cited) << v->id() << ": clause " << c.id << " is mapped to no sentence of the text";
    }
    std::string want = text_map_markdown(v->name(), v->id(), v->text_section().file, *text, *v->text_map(),
                                         v->clauses(), v->readings()) +
                       precedence_markdown(v->precedences(), v->clauses());
    std::ifstream in(test::source_path("docs/rules/" + std::string(v->id()) + ".md"));
    std::stringstream have;
    have << in.rdbuf();
    EXPECT_EQ(have.str(), want) << "docs/rules/" << v->id()
                                << ".md is stale: regenerate it with `arbiter rules " << v->id() << " --markdown`";
  }
}

}  // namespace
}  // namespace arbiter
