#pragma once
// Text drift: what a variant's model no longer covers once its rule text has
// been revised. A rule author edits the text (or a copy of it) and sees which
// clauses and reading points quote words the text no longer holds, which
// entries of the text map match no sentence, and which sentences are new.
//
// A clause or reading point cites the text by the passages its quote holds
// between double quotes ("If only one piece captured into the space, the other
// is removed."); "..." inside a passage leaves words out. A passage is found
// when it appears in the text after collapsing whitespace, with the case of
// its first letter, typographic quotes and Markdown emphasis ignored. A quote
// that is all paraphrase cites no passage and is checked only through the map.
#include <string>
#include <string_view>
#include <vector>

#include "model/core/game.h"

namespace arbiter::report {

// A clause or reading point that quotes a passage the text no longer holds.
struct StaleQuote {
  std::string id;
  std::string quote;  // the passage as the model quotes it
  // The sentence of the text that holds the passage with a few words changed
  // (at most one in five), as split_sentences gives it: the passage now reads
  // differently. Empty when no sentence is that near: the sentence was
  // deleted, or rewritten.
  std::string now;
};

// An entry of the text map that no sentence starts with any more.
struct StaleMapEntry {
  std::string starts;            // the start of sentence the entry expects
  std::vector<std::string> ids;  // the clauses and reading points it names
  std::string now;               // the unmapped sentence that starts as it did, a few words changed; empty: deleted
};

struct Drift {
  std::vector<StaleQuote> stale_clauses;
  std::vector<StaleMapEntry> stale_map_entries;
  // New sentences, as split_sentences gives them: no map entry matches them
  // (a repeated paragraph is listed once).
  std::vector<std::string> unmapped_sentences;
  // Reading points with a passage the text no longer holds, or named by a
  // stale map entry (then `quote` is that entry's start).
  std::vector<StaleQuote> stale_readings;

  bool clean() const {
    return stale_clauses.empty() && stale_map_entries.empty() && unmapped_sentences.empty() && stale_readings.empty();
  }
};

// The passages a clause or reading quote cites: the stretches between pairs
// of double quotes, in order.
std::vector<std::string> quoted_passages(std::string_view quote);

// Compares the variant's clauses, reading points and text map with `text`:
// its current section (load_rules_text) or an edited copy. A variant without a
// text map has only its quotes checked.
Drift check_drift(const Variant& v, std::string_view text);

// A report section fragment (<h3> and what follows): the drift, or that the
// model covers every sentence of the text.
std::string drift_html(const Drift& drift);
// The same in Markdown (a "###" section).
std::string drift_markdown(const Drift& drift);

}  // namespace arbiter::report
