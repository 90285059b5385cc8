// Text drift: a rule author who revises a text sees the clauses, reading points
// and text map entries it no longer supports, and the sentences that are new.
// The revisions here are made to the real texts: a sentence a clause quotes is
// found in the text and altered, so the test follows the texts as they change.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "model/core/rules_text.h"
#include "model/core/text_map.h"
#include "model/variants/registry.h"
#include "reports/drift.h"

namespace arbiter {
namespace {

using report::check_drift;
using report::Drift;
using report::quoted_passages;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// Where `needle` (whitespace collapsed) stands in `text`, any run of
// whitespace matching any other: the [begin, end) of each occurrence.
std::vector<std::pair<std::size_t, std::size_t>> find_loose(std::string_view text, std::string_view needle) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  if (needle.empty()) return out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::size_t k = i, j = 0;
    while (j < needle.size() && k < text.size()) {
      if (needle[j] == ' ') {
        if (!is_space(text[k])) break;
        while (k < text.size() && is_space(text[k])) ++k;
      } else {
        if (text[k] != needle[j]) break;
        ++k;
      }
      ++j;
    }
    if (j == needle.size()) out.push_back({i, k});
  }
  return out;
}

std::size_t count_of(const std::vector<std::string>& all, const std::string& s) {
  return static_cast<std::size_t>(std::count(all.begin(), all.end(), s));
}

// The sentence parts of every passage a quote cites, lower-cased.
std::vector<std::string> quoted_parts(std::string_view quote) {
  std::vector<std::string> out;
  for (const std::string& passage : quoted_passages(quote)) {
    std::size_t from = 0;
    while (from <= passage.size()) {
      std::size_t gap = passage.find("...", from);
      std::size_t to = gap == std::string::npos ? passage.size() : gap;
      for (const std::string& part : split_sentences(passage.substr(from, to - from))) out.push_back(lower(part));
      if (gap == std::string::npos) break;
      from = gap + 3;
    }
  }
  return out;
}

// A clause passage to revise: the one sentence of the text it lies in, which
// no other clause quotes, so that revising it makes this clause alone stale.
struct Target {
  const Clause* clause = nullptr;
  std::string passage;
  std::string sentence;                       // as split_sentences gives it
  std::pair<std::size_t, std::size_t> raw;    // the sentence in the text
  std::pair<std::size_t, std::size_t> words;  // the passage in the text
  std::string map_key;                        // the longest map entry the sentence starts with
};

std::optional<Target> target_for(const Variant& v, const std::string& text, const Clause& c,
                                 const std::string& passage) {
  if (passage.find("...") != std::string::npos || std::count(passage.begin(), passage.end(), ' ') < 4)
    return std::nullopt;
  auto at = find_loose(text, passage);
  if (at.size() != 1) return std::nullopt;
  std::vector<std::string> sentences = split_sentences(text);
  std::vector<std::string> holding;
  for (const std::string& s : sentences)
    if (s.find(passage) != std::string::npos) holding.push_back(s);
  if (holding.size() != 1 || count_of(sentences, holding[0]) != 1) return std::nullopt;
  Target t{&c, passage, holding[0], {}, at[0], ""};
  auto raw = find_loose(text, t.sentence);
  if (raw.size() != 1) return std::nullopt;
  t.raw = raw[0];
  std::string sentence = lower(t.sentence);
  for (const Clause& other : v.clauses()) {
    if (other.id == c.id) continue;
    for (const std::string& part : quoted_parts(other.quote))
      if (sentence.find(part) != std::string::npos) return std::nullopt;
  }
  for (const TextSpan& span : *v.text_map())
    if (t.sentence.starts_with(span.starts) && span.starts.size() > t.map_key.size()) t.map_key = span.starts;
  return t;
}

// The last word of the passage, of four letters or more, that lies beyond the
// sentence's map entry (so the entry still matches once it is changed): its
// place in the text.
std::optional<std::pair<std::size_t, std::size_t>> word_to_change(const std::string& text, const Target& t) {
  auto key = find_loose(std::string_view(text).substr(t.raw.first, t.raw.second - t.raw.first), t.map_key);
  std::size_t key_end = t.raw.first + (key.empty() ? 0 : key[0].second);
  for (std::size_t end = t.words.second; end > t.words.first; --end) {
    std::size_t begin = end;
    while (begin > t.words.first && text[begin - 1] >= 'a' && text[begin - 1] <= 'z') --begin;
    bool whole = begin == t.words.first || !std::isalpha(static_cast<unsigned char>(text[begin - 1]));
    bool ends = end == text.size() || !std::isalpha(static_cast<unsigned char>(text[end]));
    if (end - begin >= 4 && whole && ends && begin >= key_end) return std::make_pair(begin, end);
  }
  return std::nullopt;
}

struct Revision {
  Target edited;
  Target deleted;
  std::pair<std::size_t, std::size_t> word;
};

// The first clause (in table order) whose passage can be edited, and the
// first after it whose passage can be deleted, in another sentence.
std::optional<Revision> plan_revision(const Variant& v, const std::string& text) {
  std::optional<Target> edited;
  std::optional<std::pair<std::size_t, std::size_t>> word;
  for (const Clause& c : v.clauses()) {
    for (const std::string& passage : quoted_passages(c.quote)) {
      auto t = target_for(v, text, c, passage);
      if (!t) continue;
      if (!edited) {
        if ((word = word_to_change(text, *t))) edited = t;
      } else if (t->clause != edited->clause && t->sentence != edited->sentence) {
        return Revision{*edited, *t, *word};
      }
    }
  }
  return std::nullopt;
}

constexpr std::string_view kNewWord = "purple";
constexpr std::string_view kNewSentence = "Sneezing players forfeit a pawn.";

Drift current_drift(const Variant& v, std::string* text = nullptr) {
  auto loaded = load_rules_text(default_rules_dir(), v.text_section());
  EXPECT_TRUE(loaded.ok()) << v.id() << ": " << loaded.error();
  if (!loaded.ok()) return {};
  if (text) *text = *loaded;
  return check_drift(v, *loaded);
}

const Variant& variant(std::string_view id) {
  const Variant* v = find_variant(id);
  EXPECT_NE(v, nullptr) << id;
  return *v;
}

// The variants the revision tests run on: texts of each kind, a file of its
// own (Zeitgeist, SimulChess), one with typographic quotes and repeated
// paragraphs (Parity Chess), and sections of the card-game file (Gravity,
// Booster).
constexpr std::string_view kRevised[] = {"zeitgeist", "gravity", "simulchess", "parity", "booster"};

TEST(Drift, QuotedPassagesAreTheStretchesBetweenDoubleQuotes) {
  auto p = quoted_passages("Demo: \"First rule\" and then \"second ... rule.\" and a stray \"");
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0], "First rule");
  EXPECT_EQ(p[1], "second ... rule.");
  EXPECT_TRUE(quoted_passages("Demo: a paraphrase only.").empty());
}

TEST(Drift, TheCurrentTextsOfZeitgeistAndGravityGiveNoDrift) {
  for (std::string_view id : {"zeitgeist", "gravity"}) {
    Drift d = current_drift(variant(id));
    EXPECT_TRUE(d.clean()) << id << ":\n" << report::drift_markdown(d);
  }
}

// Across every text: the maps match the current texts (as the text coverage
// test holds), and every clause and reading quote is found word for word.
TEST(Drift, EveryCurrentTextIsMappedAndQuotedWordForWord) {
  for (const Variant* v : all_variants()) {
    if (v->text_section().file.empty()) continue;
    Drift d = current_drift(*v);
    EXPECT_TRUE(d.stale_map_entries.empty() && d.unmapped_sentences.empty()) << v->id() << ":\n"
                                                                              << report::drift_markdown(d);
    for (const auto& list : {d.stale_clauses, d.stale_readings})
      for (const report::StaleQuote& s : list)
        ADD_FAILURE() << v->id() << ": " << s.id << " quotes \"" << s.quote << "\", which the text does not hold";
  }
}

TEST(Drift, AnEditedAndADeletedQuotedSentenceMakeExactlyTheirClausesStale) {
  for (std::string_view id : kRevised) {
    SCOPED_TRACE(std::string(id));
    const Variant& v = variant(id);
    std::string text;
    current_drift(v, &text);
    auto plan = plan_revision(v, text);
    ASSERT_TRUE(plan) << "no two clauses quote sentences of their own";
    const Target& edited = plan->edited;
    const Target& deleted = plan->deleted;

    std::string revised = text;
    // The later change first, so that the earlier one's places still hold.
    auto edit = [&] { revised.replace(plan->word.first, plan->word.second - plan->word.first, kNewWord); };
    auto remove = [&] { revised.erase(deleted.raw.first, deleted.raw.second - deleted.raw.first); };
    if (plan->word.first > deleted.raw.first) edit(), remove();
    else remove(), edit();
    // The edited sentence as the revised text has it: the one holding the new
    // word, which is the old sentence once the old word is put back.
    std::string old_word = text.substr(plan->word.first, plan->word.second - plan->word.first);
    std::vector<std::string> revised_sentences = split_sentences(revised);
    std::string now;
    for (const std::string& s : revised_sentences)
      if (s.find(kNewWord) != std::string::npos) {
        ASSERT_TRUE(now.empty()) << "the new word is in two sentences";
        now = s;
      }
    std::string restored = now;
    restored.replace(restored.find(kNewWord), kNewWord.size(), old_word);
    ASSERT_EQ(restored, edited.sentence);
    ASSERT_EQ(count_of(revised_sentences, deleted.sentence), 0u);

    Drift d = check_drift(v, revised);
    std::set<std::string> stale;
    for (const report::StaleQuote& s : d.stale_clauses) {
      stale.insert(s.id);
      if (s.id == edited.clause->id) {
        EXPECT_EQ(s.now, now) << s.quote;
      }
      if (s.id == deleted.clause->id) {
        EXPECT_EQ(s.now, "") << s.quote;
      }
    }
    EXPECT_EQ(stale, (std::set<std::string>{std::string(edited.clause->id), std::string(deleted.clause->id)}))
        << "edited \"" << edited.passage << "\", deleted \"" << deleted.sentence << "\"\n"
        << report::drift_markdown(d);
    bool edited_reported = std::any_of(d.stale_clauses.begin(), d.stale_clauses.end(), [&](const auto& s) {
      return s.id == edited.clause->id && s.quote == edited.passage;
    });
    EXPECT_TRUE(edited_reported) << edited.passage;
    EXPECT_TRUE(d.unmapped_sentences.empty()) << report::drift_markdown(d);

    // The deleted sentence's map entry is stale unless another sentence starts as it did.
    bool key_shared = false;
    for (const std::string& s : revised_sentences) key_shared = key_shared || s.starts_with(deleted.map_key);
    if (key_shared || deleted.map_key.empty()) {
      EXPECT_TRUE(d.stale_map_entries.empty()) << report::drift_markdown(d);
    } else {
      ASSERT_EQ(d.stale_map_entries.size(), 1u) << report::drift_markdown(d);
      EXPECT_EQ(d.stale_map_entries[0].starts, deleted.map_key);
      EXPECT_EQ(d.stale_map_entries[0].now, "");
    }
    // A stale reading point quotes one of the two sentences, or the map named it there.
    std::string touched = lower(edited.sentence + " " + deleted.sentence);
    for (const report::StaleQuote& r : d.stale_readings) {
      bool quotes_them = r.quote == deleted.map_key;
      for (const std::string& part : quoted_parts("\"" + r.quote + "\""))
        quotes_them = quotes_them || touched.find(part) != std::string::npos;
      EXPECT_TRUE(quotes_them) << r.id << " quotes \"" << r.quote << "\"";
    }

    std::string md = report::drift_markdown(d), html = report::drift_html(d);
    EXPECT_NE(md.find(std::string(edited.clause->id)), std::string::npos);
    EXPECT_NE(html.find(std::string(deleted.clause->id)), std::string::npos);
    EXPECT_EQ(md.find("covers every sentence"), std::string::npos);
  }
}

TEST(Drift, AnInsertedSentenceIsUnmapped) {
  for (std::string_view id : kRevised) {
    SCOPED_TRACE(std::string(id));
    const Variant& v = variant(id);
    std::string text;
    current_drift(v, &text);
    auto plan = plan_revision(v, text);
    ASSERT_TRUE(plan);
    // A paragraph of its own after a quoted sentence, in the middle of the rules.
    std::string revised = text;
    revised.insert(plan->edited.raw.second, "\n\n" + std::string(kNewSentence) + "\n\n");
    Drift d = check_drift(v, revised);
    EXPECT_EQ(d.unmapped_sentences, std::vector<std::string>{std::string(kNewSentence)}) << report::drift_markdown(d);
    EXPECT_TRUE(d.stale_clauses.empty() && d.stale_readings.empty() && d.stale_map_entries.empty())
        << report::drift_markdown(d);
    EXPECT_NE(report::drift_html(d).find(std::string(kNewSentence)), std::string::npos);
  }
}

TEST(Drift, ReportsSayWhenTheModelCoversTheTextAndEscapeWhatTheyQuote) {
  Drift clean;
  EXPECT_NE(report::drift_html(clean).find("The model covers every sentence of the text."), std::string::npos);
  EXPECT_NE(report::drift_markdown(clean).find("The model covers every sentence of the text."), std::string::npos);
  Drift d;
  d.stale_clauses.push_back({"demo.a", "a <b> & c", ""});
  d.stale_map_entries.push_back({"Rows | columns", {"demo.a"}, "Rows | columns now differ."});
  d.unmapped_sentences.push_back("New <rule>.");
  EXPECT_FALSE(d.clean());
  std::string html = report::drift_html(d), md = report::drift_markdown(d);
  EXPECT_NE(html.find("a &lt;b&gt; &amp; c"), std::string::npos);
  EXPECT_NE(html.find("New &lt;rule&gt;."), std::string::npos);
  EXPECT_EQ(html.find("<rule>"), std::string::npos);
  EXPECT_NE(md.find("Rows \\| columns now differ."), std::string::npos);
  EXPECT_NE(md.find("deleted"), std::string::npos);
}

}  // namespace
}  // namespace arbiter
