#pragma once
// A finding as a rule author sees it: the question, the clauses with their
// quotes, the witness as board diagrams (the position before with both moves as
// arrows, the position after under each alternative) and the replay command.
#include <string>
#include <vector>

#include "model/core/finding.h"
#include "model/core/game.h"

namespace arbiter::report {

struct OutcomeView {
  std::string label;  // "default (claimed)", "automatic", "model"
  std::string fen;
  std::string result;
  std::string svg;
  std::string narration;  // what the step did under this reading, in words (reports/narrate.h)
};

struct FindingView {
  Finding finding;
  std::string id;  // stable: derived from the signature
  std::string source;  // the tool that found it first: example, scenario, explorer, complete games, fuzzer, smt
  std::vector<std::string> tools;  // every tool that found it (tool_of each source), in the order they ran
  std::string before_svg;
  std::vector<OutcomeView> outcomes;
  std::string error;  // why the witness could not be replayed, if it could not
};

// Replays the witness: the step under the witness's readings and, for a
// divergence, under every alternative of its reading point.
FindingView view_finding(const Variant& v, const Finding& f, const std::string& source);

// The tool a source names: "explorer (seed 1)" -> "explorer".
std::string tool_of(const std::string& source);

// A stable id for a finding signature (hex, 12 digits).
std::string finding_id(const std::string& signature);

// What the report says around a finding: how much it matters in play, and
// where it stands against a baseline and the author's rulings. Empty fields
// are left out.
struct FindingNotes {
  std::string impact;  // "changes the position or the result at 2.1% of steps, in 40% of games"
  std::string status;  // "new since the baseline", "changed since the baseline"
  std::string ruling;  // "decided by your ruling: the alternative both_return"
};

// The finding as a block of HTML (class "finding", id "fID"): the sentence
// it is about quoted first, linked to the definitions of its reading point
// (id "rp-POINT") and clauses (id "cl-CLAUSE") on the same page.
std::string finding_html(const Variant& v, const FindingView& view, const FindingNotes& notes = {});
// Markdown; diagrams are written as SVG files into out_dir and linked.
std::string finding_markdown(const Variant& v, const FindingView& view, const std::string& out_dir,
                             const FindingNotes& notes = {});

}  // namespace arbiter::report
