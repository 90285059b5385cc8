#pragma once
// A rule sentence of a variant's text: a stable id and a short quote. The id
// appears in the model, its tests, scenario files, SMT constraints and report
// rows, so grepping it finds everything about that sentence.
#include <string_view>
#include <vector>

namespace arbiter {

struct Clause {
  std::string_view id;     // "<variant>.<topic>.<rule>", e.g. "orthodox.castle.through_check"
  std::string_view quote;  // short quote or paraphrase of the sentence, with its source
};

using ClauseTable = std::vector<Clause>;

// The clause with this id, or nullptr.
const Clause* find_clause(const ClauseTable& table, std::string_view id);

}  // namespace arbiter
