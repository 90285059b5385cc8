#pragma once
// Scenario files (corpus/scenarios/VARIANT/*.txt, docs/scenarios.md): worked
// examples of the rule texts and regression witnesses, as test cases, fuzz
// seeds and golden vectors. A scenario plays steps from a position under
// given readings and states what the last step must produce.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/expected.h"
#include "model/core/finding.h"
#include "model/core/game.h"

namespace arbiter {

struct Scenario {
  std::string name;
  std::string file;
  int line = 0;

  std::string variant;
  std::string source;  // the rule sentence or example it comes from
  std::string question;  // what its findings ask the rule author (default: the source)
  std::string fen;     // empty: the start position
  std::string moves;   // as in `arbiter play`: "e2e4 e7e5" or "e2e4:e7e5 g1f3:b8c6"
  std::vector<std::string> readings;  // POINT=ALT
  // "submit: any": the moves may include one the readings in force refuse
  // but some alternative accepts, which the step then sanctions (a refused
  // move's cost is a reading point of its own); otherwise such a move is an
  // error, as in `arbiter play`.
  bool submit_any = false;

  // What the model must give (for the last step, or the final state).
  std::optional<std::string> after;   // FEN after the last step
  std::optional<std::string> result;  // ongoing, white_wins, ...
  std::vector<std::pair<std::string, std::string>> squares;  // square -> FEN pieces ("Pp", "-" for empty)
  std::vector<std::string> clauses;      // fired in the last step
  std::vector<std::string> not_clauses;  // not fired in the last step
  std::vector<std::string> events;       // TYPE or TYPE@SQUARE, among the last step's events
  std::vector<std::string> consulted;    // POINT=ALT consulted by the last step
  std::vector<std::string> divergent;    // reading points whose alternatives differ at the last step
  std::optional<std::string> error;      // the moves must be rejected, with this text in the error
  std::vector<std::string> scores;       // ROLE=POINTS, each as Variant::scores gives it
  std::vector<std::string> vars;         // KEY=VALUE: the variant field KEY holds exactly VALUE

  // What the text itself claims, where it disagrees with the model: recorded
  // as an expected example-mismatch finding. Each must differ from the model.
  std::optional<std::string> text_result;
  std::vector<std::pair<std::string, std::string>> text_squares;
  std::vector<std::string> text_scores;  // ROLE=POINTS the text counts
  std::vector<std::pair<std::string, std::string>> findings;  // kind -> detail, expected findings
};

Expected<std::vector<Scenario>> parse_scenarios(std::string_view text, const std::string& file);

struct ScenarioRun {
  std::vector<std::string> failures;  // empty: passed
  std::vector<Finding> findings;      // the expected findings it records, with witnesses
  bool passed() const { return failures.empty(); }
};
ScenarioRun run_scenario(const Scenario& s);

// Every scenario under a folder (recursively, *.txt, files in name order),
// of one variant or all, without running them; the files that do not parse,
// with the reason.
struct ScenarioFolder {
  std::vector<Scenario> scenarios;
  std::vector<std::pair<std::string, std::string>> unreadable;  // file, error
};
ScenarioFolder load_scenario_folder(const std::string& folder, std::string_view only_variant = "");

// The states seeded random play starts from: the variant's start, then the
// position of each of its scenarios under `folder` (in file order) that is a
// position of the variant where some role still acts. The step fuzzers and
// the property generators start from them, so play reaches the collisions,
// shared squares and endings the scenarios set up.
std::vector<State> start_states(const Variant& v, const std::string& folder);

// Every scenario under a folder, run; a file that does not parse is reported
// as a failing scenario named after the file.
struct ScenarioResult {
  Scenario scenario;
  ScenarioRun run;
};
std::vector<ScenarioResult> run_scenario_folder(const std::string& folder, std::string_view only_variant = "");

}  // namespace arbiter
