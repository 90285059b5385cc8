#pragma once
// What the subcommands share: the error convention (one line on stderr, exit
// code 2, {"error": ...} under --json), variant and position lookup, and the
// JSON shapes of DESIGN.md.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <utility>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/core/finding.h"
#include "model/core/game.h"
#include "model/core/legality.h"

namespace arbiter::cli {

// Bad input: reported as one line, exit code 2. Under --json the error object
// also carries `fields` (an object), so that a run that has results and then
// fails still prints exactly one JSON document.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
  UsageError(const std::string& message, nlohmann::json fields)
      : std::runtime_error(message), fields(std::move(fields)) {}
  nlohmann::json fields = nlohmann::json::object();
};

// A count stopped by its time budget before it had an answer: one line (and
// {"error"} under --json) as for bad input, exit code 3.
struct BudgetError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
inline constexpr int kExitBudget = 3;

struct Options {
  bool json = false;
};

// Adds the shared --json flag to a subcommand.
void add_json_flag(CLI::App& cmd, Options& options);

const Variant& variant_or_throw(const std::string& id);
State state_or_throw(const Variant& v, const std::string& fen);  // empty fen: the start position
Readings readings_or_throw(const Variant& v, const std::vector<std::string>& assignments);
Move move_or_throw(const Variant& v, const State& s, Role role, const std::string& text, const Readings& readings = {});

// The joint action of one step written as in `play`: "e2e4" for an
// alternating game, "WHITE:BLACK" for a simultaneous one.
JointAction joint_or_throw(const Variant& v, const State& s, const std::string& text, const Readings& readings = {});

nlohmann::json step_json(const Variant& v, const State& before, const JointAction& joint, const Readings& readings,
                         const StepResult& result, const std::vector<Finding>& findings);
nlohmann::json finding_json(const Finding& f);
// The moves of a step that the readings in force refuse and another
// alternative accepts (model/core/legality.h): each with the alternatives
// that accept it and the sanction the step applied to it ("legality" in
// resolve and play). One line each for the text output.
nlohmann::json legality_json(const std::vector<LegalityDivergence>& divergences, const StepResult& result);
std::string legality_text(const nlohmann::json& legality);
// The shapes of `variants --json` (the list) and `rules --json`.
nlohmann::json variants_json();
nlohmann::json rules_json(const Variant& v);
nlohmann::json pieces_json(const Variant& v, const Position& pos);

// Prints `j` on standard output. It never throws: text that is not UTF-8
// (user input quoted somewhere) is replaced, not an exception.
void print_json(const nlohmann::json& j);

// The error convention in one place: "arbiter: MESSAGE" on standard error,
// made one bounded line of valid UTF-8 (model/core/echo.h), and under --json
// {"error": MESSAGE, ...fields} on standard output. Returns `code`.
int report_error(const Options& options, const std::string& message, int code,
                 const nlohmann::json& fields = nlohmann::json::object());

// Validators for numbers where CLI11's own let NaN through (NaN compares
// false with every bound): a finite number within [lo, hi].
CLI::Validator finite_range(double lo, double hi);
// A number as a message shows it ("0.5", "60").
std::string fmt_number(double x);
// A whole number from 0 to max, digits only (CLI11 reads "-1" into an
// unsigned option as its largest value).
CLI::Validator whole_number(std::uint64_t max = UINT64_MAX);
// An integer written in decimal digits, with an optional '-' ("0x1", "1e2",
// " 1" are refused): the bounds are the option's own check. main() puts it on
// every integer option, and whole_number() on every unsigned one.
CLI::Validator decimal_integer();

// Leaf counts per first joint action, labelled as `play` writes a step
// ("e2e4", "WHITE:BLACK"): `count` counts from the state after it.
std::vector<std::pair<std::string, std::uint64_t>> divide_counts(
    const Variant& v, const State& s, int depth, const Readings& readings,
    const std::function<std::uint64_t(const State&, int)>& count);

// The subcommands, one file each.
void add_variants_command(CLI::App& app, Options& options);
void add_rules_command(CLI::App& app, Options& options);
void add_resolve_command(CLI::App& app, Options& options);
void add_play_command(CLI::App& app, Options& options);
void add_perft_command(CLI::App& app, Options& options);
void add_report_command(CLI::App& app, Options& options);
void add_explore_command(CLI::App& app, Options& options);
void add_merge_command(CLI::App& app, Options& options);
void add_smt_command(CLI::App& app, Options& options);
void add_serve_command(CLI::App& app, Options& options);
void add_vectors_command(CLI::App& app, Options& options);
void add_crosscheck_command(CLI::App& app, Options& options);

}  // namespace arbiter::cli
