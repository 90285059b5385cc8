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
  Order,            // a result that changes with the order the resolver visits the movers in
};
inline constexpr std::pair<FindingKind, std::string_view> kFindingKindNames[] = {
    {FindingKind::Divergence, "divergence"},       {FindingKind::Conflict, "conflict"},
    {FindingKind::Gap, "gap"},                     {FindingKind::Contradiction, "contradiction"},
    {FindingKind::ExampleMismatch, "example-mismatch"}, {FindingKind::DeadClause, "dead-clause"},
    {FindingKind::Order, "order"},
};
std::string_view finding_kind_name(FindingKind k);
std::optional<FindingKind> parse_finding_kind(std::string_view name);

struct Witness {
  std::string variant;
  std::string fen;
  // role name ("white", "black", "move", ...) -> coordinate move, in role order
  std::vector<std::pair<std::string, std::string>> actions;
  std::map<std::string, std::string> readings;
  // The order the resolver visits the movers in (model/core/visit_order.h):
  // 0, the code's own, except in an order finding, whose witness names the
  // order that gives another result.
  std::uint32_t visit_order = 0;

  // The `arbiter resolve` command line that replays this witness.
  std::string replay_command() const;
  // How many pieces its position holds (smaller witnesses are kept).
  std::size_t pieces() const;
};

// What a worked example of the text claims where the model disagrees (an
// example-mismatch finding): the result, the contents of squares after the
// step (FEN letters, "-" for empty), and the moves the text plays that the
// rules reject, each "ROLE:MOVE", written in the witness's position after.
struct TextClaim {
  std::string result;
  std::vector<std::pair<std::string, std::string>> squares;
  std::vector<std::pair<std::string, std::string>> rejected_actions;

  bool empty() const { return result.empty() && squares.empty() && rejected_actions.empty(); }
};

struct Finding {
  FindingKind kind = FindingKind::Divergence;
  std::string variant;
  std::vector<std::string> clauses;  // clause ids involved
  std::string reading;               // reading point id, for divergences
  std::string question;              // what the rule author must answer, one sentence
  std::string detail;
  Witness witness;
  TextClaim text;  // example mismatches: what the text claims instead

  // Deduplication key: variant, kind, reading point or clause ids, detail class.
  std::string signature() const;
};

}  // namespace arbiter
