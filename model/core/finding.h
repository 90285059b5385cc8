#pragma once
// Findings: what the tools report about a rule text, each with a witness that
// `arbiter resolve` replays exactly.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter {

enum class FindingKind : std::uint8_t {
  Divergence,       // a reading point's alternatives give different results
  Conflict,         // two clauses hold together with incompatible effects
  Gap,              // a reachable case no clause decides
  Contradiction,    // a result breaks the variant's own invariants
  ExampleMismatch,  // a worked example of the text the model does not reproduce
  DeadClause,       // a clause that can never fire
};
inline constexpr std::pair<FindingKind, std::string_view> kFindingKindNames[] = {
    {FindingKind::Divergence, "divergence"},       {FindingKind::Conflict, "conflict"},
    {FindingKind::Gap, "gap"},                     {FindingKind::Contradiction, "contradiction"},
    {FindingKind::ExampleMismatch, "example-mismatch"}, {FindingKind::DeadClause, "dead-clause"},
};
std::string_view finding_kind_name(FindingKind k);
std::optional<FindingKind> parse_finding_kind(std::string_view name);

struct Witness {
  std::string variant;
  std::string fen;
  // role name ("white", "black", "move", ...) -> coordinate move, in role order
  std::vector<std::pair<std::string, std::string>> actions;
  std::map<std::string, std::string> readings;

  // The `arbiter resolve` command line that replays this witness.
  std::string replay_command() const;
  // How many pieces its position holds (smaller witnesses are kept).
  std::size_t pieces() const;
};

struct Finding {
  FindingKind kind = FindingKind::Divergence;
  std::string variant;
  std::vector<std::string> clauses;  // clause ids involved
  std::string reading;               // reading point id, for divergences
  std::string question;              // what the rule author must answer, one sentence
  std::string detail;
  Witness witness;

  // Deduplication key: variant, kind, reading point or clause ids, detail class.
  std::string signature() const;
};

}  // namespace arbiter
