#include "reports/drift.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "model/core/text_map.h"
#include "reports/html.h"

namespace arbiter::report {

namespace {

// A sentence quoted in a report is shown by its first words (README of the rules).
constexpr std::size_t kBriefWords = 30;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// The text as drift compares it: whitespace collapsed, every quotation mark
// (typographic or not, single or double) as an apostrophe, the ellipsis
// character as "...", Markdown emphasis (* and `) dropped, since a revision
// that only restyles a sentence changes no rule. A clause quote delimits its
// passages with double quotes, so the quotes inside a passage are single.
std::string normalize(std::string_view s) {
  std::string out;
  auto put = [&](std::string_view piece) {
    for (char c : piece) {
      if (is_space(c)) {
        if (!out.empty() && out.back() != ' ') out += ' ';
      } else {
        out += c;
      }
    }
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::string_view rest = s.substr(i);
    if (rest.starts_with("\u2018") || rest.starts_with("\u2019")) {
      put("'");
      i += 2;
    } else if (rest.starts_with("\u201c") || rest.starts_with("\u201d")) {
      put("'");
      i += 2;
    } else if (s[i] == '"') {
      put("'");
    } else if (rest.starts_with("\u2026")) {
      put("...");
      i += 2;
    } else if (s[i] != '*' && s[i] != '`') {
      put(s.substr(i, 1));
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Whether `s` holds `piece`, the case of the piece's first letter aside (a
// quote may begin mid-sentence with the letter lowered, or lift it).
bool holds(std::string_view s, std::string piece) {
  if (piece.empty()) return true;
  if (s.find(piece) != std::string_view::npos) return true;
  char c = piece[0];
  piece[0] = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : lower(c);
  return piece[0] != c && s.find(piece) != std::string_view::npos;
}

bool starts_like(std::string_view sentence, std::string_view key) {
  if (key.empty() || sentence.size() < key.size()) return false;
  return lower(sentence[0]) == lower(key[0]) && sentence.substr(1, key.size() - 1) == key.substr(1);
}

bool meaningful(std::string_view s) { return std::any_of(s.begin(), s.end(), is_letter); }

// Lower-case words; an apostrophe belongs to a word only inside it (piece's),
// not as the quotation mark normalize made of a quote.
std::vector<std::string> words_of(std::string_view s) {
  std::vector<std::string> out;
  std::string word;
  auto finish = [&] {
    while (!word.empty() && word.back() == '\'') word.pop_back();
    if (!word.empty()) out.push_back(std::move(word));
    word.clear();
  };
  for (char c : s) {
    bool part = is_letter(c) || (c >= '0' && c <= '9') || (c == '\'' && !word.empty()) ||
                static_cast<unsigned char>(c) >= 0x80;
    if (part) word += lower(c);
    else finish();
  }
  finish();
  return out;
}

// How many words of a passage an edit may change (substitute, insert or
// delete) for the sentence holding the result to be the passage "now reading
// differently" rather than another sentence: one in five, at least one, and
// always leaving two words as they were. Sibling sentences of a rule text
// (the same condition with and without "not simultaneously") are two or three
// edits apart, so one in four would take one for the other. A passage
// rewritten further is reported as gone: deleted or rewritten.
std::size_t edits_allowed(std::size_t words) {
  std::size_t allowed = std::max<std::size_t>(1, words / 5);
  return words < allowed + 2 ? 0 : allowed;
}

// The fewest word edits that turn `passage` into a stretch of `sentence`:
// any stretch, or with `at_start` one that begins the sentence (for map
// entries, which are starts of sentences).
std::size_t word_edits(const std::vector<std::string>& passage, const std::vector<std::string>& sentence,
                       bool at_start) {
  // row[j]: edits turning the passage's first i words into a stretch ending
  // before sentence word j.
  std::vector<std::size_t> row(sentence.size() + 1), next(sentence.size() + 1);
  for (std::size_t j = 0; j <= sentence.size(); ++j) row[j] = at_start ? j : 0;
  for (std::size_t i = 1; i <= passage.size(); ++i) {
    next[0] = i;
    for (std::size_t j = 1; j <= sentence.size(); ++j)
      next[j] = std::min({row[j - 1] + (passage[i - 1] == sentence[j - 1] ? 0 : 1), row[j] + 1, next[j - 1] + 1});
    std::swap(row, next);
  }
  return *std::min_element(row.begin(), row.end());
}

// A sentence of the text: as written (whitespace collapsed), for showing, and
// as compared.
struct Sentence {
  std::string text;
  std::string normal;
};

// The candidate that a few word edits make of `passage` (the fewest, then the
// shorter sentence), or "" when none is that close.
std::string most_similar(std::string_view passage, const std::vector<Sentence>& candidates, bool at_start = false) {
  std::vector<std::string> words = words_of(passage);
  std::size_t allowed = edits_allowed(words.size());
  if (allowed == 0) return "";
  const Sentence* best = nullptr;
  std::size_t best_edits = allowed + 1;
  for (const Sentence& c : candidates) {
    std::size_t edits = word_edits(words, words_of(c.normal), at_start);
    if (edits < best_edits || (edits == best_edits && best && c.text.size() < best->text.size())) {
      best = &c;
      best_edits = edits;
    }
  }
  return best ? best->text : "";
}

// The parts of a passage checked one by one: its stretches between "..."
// gaps, each cut into sentences, so that the sentence an edit touched is the
// one compared.
std::vector<std::string> parts_of(const std::string& passage) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from <= passage.size()) {
    std::size_t gap = passage.find("...", from);
    std::size_t to = gap == std::string::npos ? passage.size() : gap;
    for (std::string& s : split_sentences(passage.substr(from, to - from)))
      if (meaningful(s)) out.push_back(std::move(s));
    if (gap == std::string::npos) break;
    from = gap + 3;
  }
  return out;
}

// The passages of `quote` that `text` no longer holds, each with the sentence
// now most like its first missing part.
std::vector<StaleQuote> stale_passages(std::string_view id, std::string_view quote, const std::string& text,
                                       const std::vector<Sentence>& sentences) {
  std::vector<StaleQuote> out;
  for (const std::string& passage : quoted_passages(quote)) {
    for (const std::string& part : parts_of(normalize(passage))) {
      if (holds(text, part)) continue;
      out.push_back({std::string(id), passage, most_similar(part, sentences)});
      break;
    }
  }
  return out;
}

std::string ids_text(const std::vector<std::string>& ids, std::string_view open, std::string_view close) {
  std::string out;
  for (const std::string& id : ids) out += (out.empty() ? "" : ", ") + std::string(open) + id + std::string(close);
  return out.empty() ? "none (not a rule)" : out;
}

std::string counted(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string summary(const Drift& d) {
  return fmt::format(
      "Compared with the rule text as given: {} and {} it no longer holds, {} matching no sentence, {} no entry "
      "maps.",
      counted(d.stale_clauses.size(), "clause quote", "clause quotes"),
      counted(d.stale_readings.size(), "reading point quote", "reading point quotes"),
      counted(d.stale_map_entries.size(), "text map entry", "text map entries"),
      counted(d.unmapped_sentences.size(), "sentence", "sentences"));
}

constexpr std::string_view kClean = "The model covers every sentence of the text.";
constexpr std::string_view kGone = "no sentence holds it with only a word or so changed: deleted, or rewritten";

}  // namespace

std::vector<std::string> quoted_passages(std::string_view quote) {
  std::vector<std::string> out;
  std::size_t open = quote.find('"');
  while (open != std::string_view::npos) {
    std::size_t close = quote.find('"', open + 1);
    if (close == std::string_view::npos) break;
    std::string_view passage = quote.substr(open + 1, close - open - 1);
    if (meaningful(passage)) out.emplace_back(passage);
    open = quote.find('"', close + 1);
  }
  return out;
}

Drift check_drift(const Variant& v, std::string_view text) {
  Drift d;
  const std::string whole = normalize(text);
  std::vector<Sentence> sentences;
  for (std::string& s : split_sentences(text)) {
    std::string normal = normalize(s);
    sentences.push_back({std::move(s), std::move(normal)});
  }

  for (const Clause& c : v.clauses())
    for (StaleQuote& s : stale_passages(c.id, c.quote, whole, sentences)) d.stale_clauses.push_back(std::move(s));
  std::set<std::string> stale_reading_ids;
  for (const ReadingPoint& r : v.readings())
    for (StaleQuote& s : stale_passages(r.id, r.quote, whole, sentences)) {
      stale_reading_ids.insert(s.id);
      d.stale_readings.push_back(std::move(s));
    }

  const TextMap* map = v.text_map();
  if (!map) return d;
  std::vector<std::string> keys;
  for (const TextSpan& span : *map) keys.push_back(normalize(span.starts));
  // Sentences no entry starts; a repeated paragraph is one new sentence.
  std::vector<Sentence> unmapped;
  for (const Sentence& s : sentences) {
    bool mapped = std::any_of(keys.begin(), keys.end(), [&](const std::string& k) { return starts_like(s.normal, k); });
    bool again = std::any_of(unmapped.begin(), unmapped.end(), [&](const Sentence& u) { return u.normal == s.normal; });
    if (!mapped && !again) unmapped.push_back(s);
  }
  for (std::size_t i = 0; i < map->size(); ++i) {
    if (keys[i].empty()) continue;
    bool used = std::any_of(sentences.begin(), sentences.end(),
                            [&](const Sentence& s) { return starts_like(s.normal, keys[i]); });
    if (used) continue;
    const TextSpan& span = (*map)[i];
    StaleMapEntry e{std::string(span.starts), {}, most_similar(keys[i], unmapped, true)};
    for (std::string_view id : span.ids) {
      e.ids.emplace_back(id);
      // A reading point whose sentence is gone is stale even where its quote
      // paraphrases (its own passages already name it otherwise).
      if (find_reading(v.readings(), id) && stale_reading_ids.insert(std::string(id)).second)
        d.stale_readings.push_back({std::string(id), std::string(span.starts), e.now});
    }
    d.stale_map_entries.push_back(std::move(e));
  }
  for (Sentence& s : unmapped) d.unmapped_sentences.push_back(std::move(s.text));
  return d;
}

std::string drift_html(const Drift& d) {
  std::string h = "<h3>Text drift</h3>\n";
  if (d.clean()) return h + fmt::format("<p>{}</p>\n", kClean);
  h += fmt::format("<p>{}</p>\n", html_escape(summary(d)));
  auto now_cell = [](const std::string& now) {
    return now.empty() ? fmt::format("<i>{}</i>", kGone) : "now reads: " + html_escape(brief(now, kBriefWords));
  };
  auto quotes = [&](std::string_view title, std::string_view what, const std::vector<StaleQuote>& list) {
    if (list.empty()) return;
    h += fmt::format("<h4>{}</h4>\n<table><tr><th>{}</th><th>quotes</th><th>the text</th></tr>\n", title, what);
    for (const StaleQuote& s : list)
      h += fmt::format("<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>\n", html_escape(s.id),
                       html_escape(s.quote), now_cell(s.now));
    h += "</table>\n";
  };
  quotes("Stale clauses", "clause", d.stale_clauses);
  quotes("Stale reading points", "reading point", d.stale_readings);
  if (!d.stale_map_entries.empty()) {
    h += "<h4>Stale text map entries</h4>\n<table><tr><th>sentence starting</th><th>maps to</th><th>the text</th></tr>\n";
    for (const StaleMapEntry& e : d.stale_map_entries)
      h += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n", html_escape(e.starts),
                       html_escape(ids_text(e.ids, "", "")), now_cell(e.now));
    h += "</table>\n";
  }
  if (!d.unmapped_sentences.empty()) {
    h += "<h4>Unmapped sentences</h4>\n<p>New to the model: no clause, reading point or note covers them.</p>\n<ul>\n";
    for (const std::string& s : d.unmapped_sentences) h += "<li>" + html_escape(brief(s, kBriefWords)) + "</li>\n";
    h += "</ul>\n";
  }
  return h;
}

std::string drift_markdown(const Drift& d) {
  std::string md = "### Text drift\n\n";
  if (d.clean()) return md + std::string(kClean) + "\n";
  md += summary(d) + "\n";
  auto now_cell = [](const std::string& now) {
    return now.empty() ? fmt::format("*{}*", kGone) : "now reads: " + md_escape(brief(now, kBriefWords));
  };
  auto quotes = [&](std::string_view title, std::string_view what, const std::vector<StaleQuote>& list) {
    if (list.empty()) return;
    md += fmt::format("\n#### {}\n\n| {} | quotes | the text |\n|---|---|---|\n", title, what);
    for (const StaleQuote& s : list)
      md += fmt::format("| `{}` | {} | {} |\n", s.id, md_escape(s.quote), now_cell(s.now));
  };
  quotes("Stale clauses", "clause", d.stale_clauses);
  quotes("Stale reading points", "reading point", d.stale_readings);
  if (!d.stale_map_entries.empty()) {
    md += "\n#### Stale text map entries\n\n| sentence starting | maps to | the text |\n|---|---|---|\n";
    for (const StaleMapEntry& e : d.stale_map_entries)
      md += fmt::format("| {} | {} | {} |\n", md_escape(e.starts), ids_text(e.ids, "`", "`"), now_cell(e.now));
  }
  if (!d.unmapped_sentences.empty()) {
    md += "\n#### Unmapped sentences\n\nNew to the model: no clause, reading point or note covers them.\n\n";
    for (const std::string& s : d.unmapped_sentences) md += "- " + brief(s, kBriefWords) + "\n";
  }
  return md;
}

}  // namespace arbiter::report
