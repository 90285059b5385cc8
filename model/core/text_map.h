#pragma once
// Text coverage: a variant's rule text split into sentences, each mapped to the
// clause ids and reading points that implement it, or marked "not a rule" with
// a reason. From this `arbiter rules NAME --markdown` writes docs/rules/NAME.md,
// and a test checks that no sentence of the text is left unmapped.
#include <string>
#include <string_view>
#include <vector>

#include "model/core/clause.h"
#include "model/core/fate.h"
#include "model/core/reading.h"

namespace arbiter {

// One entry of a variant's map: the sentences that start with `starts`
// (compared after collapsing whitespace) are implemented by `ids` (clause or
// reading point ids), or, with no ids, are not rules for the reason in `note`.
// A repeated paragraph matches the same entry again: one rule, not two.
struct TextSpan {
  std::string_view starts;
  std::vector<std::string_view> ids;
  std::string_view note;
};
using TextMap = std::vector<TextSpan>;

// The sentences of a text, whitespace collapsed, in order. A sentence ends at
// ". ", "? " or "! " before an upper-case letter, at a blank line, and at a line
// break before a line that starts a new unit (upper-case letter, digit, bullet).
std::vector<std::string> split_sentences(std::string_view text);

struct MappedSentence {
  std::string sentence;
  const TextSpan* span = nullptr;  // nullptr: unmapped
};
std::vector<MappedSentence> map_text(std::string_view text, const TextMap& map);

// The map's entries that match no sentence (stale entries), and ids in the map
// that name neither a clause nor a reading point.
std::vector<std::string> check_text_map(std::string_view text, const TextMap& map, const ClauseTable& clauses,
                                        const ReadingTable& readings);

// The precedence table walked through (docs/rules/NAME.md ends with it):
// empty for a variant without one.
std::string precedence_markdown(PrecedenceTable table, const ClauseTable& clauses);

// The first words of a sentence, for brief quotation.
std::string brief(std::string_view sentence, std::size_t words = 10);

// docs/rules/NAME.md: the text walked through sentence by sentence.
std::string text_map_markdown(std::string_view variant_name, std::string_view variant_id, std::string_view source_file,
                              std::string_view text, const TextMap& map, const ClauseTable& clauses,
                              const ReadingTable& readings);

}  // namespace arbiter
