#include "reports/report.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "model/core/legality.h"
#include "model/core/divergence.h"
#include "model/core/order.h"
#include "model/core/conflict.h"

#include "explore/explorer.h"
#include "explore/well_formed.h"
#include "model/core/rules_text.h"
#include "model/core/scenario.h"
#include "model/core/text_map.h"
#include "model/variants/registry.h"
#include "reports/board_svg.h"
#include "reports/finding_view.h"
#include "reports/findings_json.h"
#include "reports/html.h"
#include "reports/perft_table.h"
#include "reports/vectors.h"
#include "smt/smt.h"

namespace arbiter::report {

namespace {

namespace fs = std::filesystem;

// A variant's reading points that are open questions, and its options (the
// text's own variations, listed apart).
int options_of(const Variant& v) {
  return static_cast<int>(std::count_if(v.readings().begin(), v.readings().end(), [](const ReadingPoint& r) { return r.option; }));
}
int open_questions(const Variant& v) { return static_cast<int>(v.readings().size()) - options_of(v); }

struct PerftRow {
  std::string fen;
  int depth;
  std::uint64_t expected, actual;
  bool ok() const { return expected == actual; }
};

struct Coverage {
  bool has_text = false;
  int sentences = 0;
  int unmapped = 0;
  std::string note;
};

struct VariantSection {
  const Variant* variant;
  std::string start_svg;
  std::vector<PerftRow> perft;
  std::string perft_note;
  std::vector<std::string> perft_unreadable;  // table lines that do not read ("FILE:LINE: why")
  int scenarios = 0;
  std::vector<std::string> scenario_failures;
  std::vector<FindingView> findings;
  Coverage coverage;
  std::uint64_t explored_states = 0;
  std::optional<explore::WellFormedness> games;  // the well-formedness checks' complete games
  std::vector<smt::QueryResult> smt;
  std::vector<std::string> smt_disagreements;  // witnesses the model does not replay as predicted
  std::vector<std::string> fuzz_skipped;       // findings-directory files left out, and why
  std::map<std::string, int> found_first;      // findings per tool that found them first
  std::optional<explore::ExhaustiveCoverage> exhaustive;  // what the bounded exhaustive search covered
  int exhaustive_depth = 0;
};

// What the exhaustive search covered and, per kind it checks, whether it
// found none within its bound.
std::string exhaustive_sentence(const VariantSection& s) {
  const explore::ExhaustiveCoverage& c = *s.exhaustive;
  std::string out = fmt::format(
      "Exhaustive search to {} joint turn{} from the start and every scenario position: {} states, {} steps, {} "
      "re-runs under other reading alternatives and visit orders{}",
      s.exhaustive_depth, s.exhaustive_depth == 1 ? "" : "s", c.states, c.steps, c.alternatives,
      c.cut ? " (cut by its time limit: not exhaustive)" : "");
  std::string none;
  for (FindingKind k : {FindingKind::Divergence, FindingKind::Order, FindingKind::Contradiction}) {
    if (k == FindingKind::Order && !s.variant->simultaneous()) continue;  // one mover: no order to vary
    bool any = std::any_of(s.findings.begin(), s.findings.end(), [&](const FindingView& f) {
      return f.finding.kind == k && std::find(f.tools.begin(), f.tools.end(), "exhaustive") != f.tools.end();
    });
    if (!any) none += (none.empty() ? "" : ", ") + std::string(finding_kind_name(k));
  }
  if (!none.empty()) out += fmt::format("; none within {} turn{}: {}", s.exhaustive_depth, s.exhaustive_depth == 1 ? "" : "s", none);
  return out + ".";
}

// "scenario 5, explorer 2", or "none".
std::string found_first_text(const VariantSection& s) {
  std::string out;
  for (const auto& [tool, n] : s.found_first) out += (out.empty() ? "" : ", ") + tool + " " + std::to_string(n);
  return out.empty() ? "none" : out;
}

void check_perft(VariantSection& section, const Variant& v, const ReportOptions& options) {
  std::string table_path = options.source_dir + "/corpus/perft/" + std::string(v.id()) + ".epd";
  if (!fs::exists(table_path)) {
    section.perft_note = "no perft table in corpus/perft/ for this variant yet";
    return;
  }
  // A line that does not read is a model problem, not a note: it could hide
  // a count the model gets wrong.
  auto table = read_perft_table(table_path);
  if (!table) {
    section.perft_unreadable.push_back(table.error());
    section.perft_note = "unreadable table: " + table.error();
    return;
  }
  for (const PerftEntry& e : *table) {
    auto s = v.parse_state(e.fen);
    if (!s) {
      section.perft_unreadable.push_back(table_path + ":" + std::to_string(e.line) + ": " + s.error());
      section.perft_note += "unreadable table position: " + section.perft_unreadable.back() + "\n";
      continue;
    }
    for (const auto& [depth, nodes] : e.depths) {
      if (nodes > options.perft_node_budget) continue;
      section.perft.push_back({e.fen, depth, nodes, v.perft(*s, depth)});
    }
  }
}

// Replays a witness: the findings its step gives now (divergences between
// the alternatives of the reading points it consults, and a result that
// changes with the order of the movers).
Expected<std::vector<Finding>> replay_findings(const Variant& v, const Witness& w) {
  auto s = v.parse_state(w.fen);
  if (!s) return Error{s.error()};
  Readings readings;
  for (const auto& [point, alt] : w.readings)
    if (auto set = readings.set(v.readings(), point + "=" + alt); !set) return Error{set.error()};
  JointAction joint;
  Roles roles = v.roles_to_act(*s);
  for (const auto& [role_text, move_text] : w.actions) {
    Role role = roles.empty() ? Role::White : roles[0];
    if (role_text != "move") {
      auto parsed = parse_role(role_text);
      if (!parsed) return Error{parsed.error()};
      role = *parsed;
    }
    std::vector<LegalityDivergence> refused;  // read as `arbiter resolve` reads it
    auto move = parse_action_any_reading(v, *s, role, move_text, readings, refused);
    if (!move) return Error{move.error()};
    joint.push_back({role, *move});
  }
  StepResult result = v.step(*s, joint, readings);
  std::vector<Finding> found = find_divergences(v, *s, joint, readings, result);
  for (Finding& f : find_order_dependence(v, *s, joint, readings, result)) found.push_back(std::move(f));
  for (Finding& f : find_conflicts(v, *s, joint, readings, result)) found.push_back(std::move(f));
  return found;
}

// Findings the scenario files record, and the divergences they pin; one per
// signature, keeping the witness with the fewest pieces.
void gather_findings(VariantSection& section, const Variant& v, const ReportOptions& options) {
  auto stage = [&](std::string_view what) {
    if (options.on_stage) options.on_stage(v.id(), what);
  };
  // Per signature: the smallest witness, the tool that found it first (the
  // tools run in the order below) and every tool that found it.
  struct Kept {
    Finding finding;
    std::string first;
    std::vector<std::string> tools;
  };
  std::map<std::string, Kept> by_signature;
  auto keep = [&](Finding f, const std::string& source) {
    std::string sig = f.signature();
    auto it = by_signature.find(sig);
    if (it == by_signature.end()) {
      by_signature.emplace(sig, Kept{std::move(f), source, {tool_of(source)}});
      return;
    }
    Kept& k = it->second;
    if (std::find(k.tools.begin(), k.tools.end(), tool_of(source)) == k.tools.end()) k.tools.push_back(tool_of(source));
    if (f.witness.pieces() < k.finding.witness.pieces()) k.finding = std::move(f);
  };
  stage("scenarios");
  for (const ScenarioResult& r : run_scenario_folder(options.source_dir + "/corpus/scenarios", v.id())) {
    ++section.scenarios;
    for (const std::string& f : r.run.failures)
      section.scenario_failures.push_back(r.scenario.name + ": " + f);
    for (const Finding& f : r.run.findings) keep(f, "example (" + r.scenario.name + ")");
    if (r.scenario.divergent.empty() || !r.run.passed()) continue;
    // Re-run the scenario's last step to get its divergence findings.
    auto parsed = v.parse_state(r.scenario.fen.empty() ? v.fen(v.initial_state()) : r.scenario.fen);
    if (!parsed) continue;
    Readings readings;
    for (const std::string& a : r.scenario.readings) readings.set(v.readings(), a);
    State s = *parsed;
    std::istringstream steps(r.scenario.moves);
    std::string token;
    std::vector<std::string> all;
    while (steps >> token) all.push_back(token);
    for (std::size_t i = 0; i < all.size(); ++i) {
      auto joint = v.parse_joint(s, all[i], readings);
      if (!joint) break;
      StepResult res = v.step(s, *joint, readings);
      if (i + 1 == all.size())
        for (Finding& f : find_divergences(v, s, *joint, readings, res)) keep(std::move(f), "scenario (" + r.scenario.name + ")");
      s = std::move(res.state);
    }
  }
  if (options.explore_states > 0 && options.explore_seconds > 0) {
    stage("explorer");
    explore::Options o;
    o.seed = options.seed;
    o.seconds = options.explore_seconds;
    o.max_states = options.explore_states;
    o.scenario_dir = options.source_dir + "/corpus/scenarios";
    explore::Progress progress;
    for (explore::Found& f : explore::run(v, o, &progress))
      keep(std::move(f.finding), fmt::format("explorer (seed {})", o.seed));
    section.explored_states = progress.states;
  }
  if (options.exhaustive_depth > 0 && options.exhaustive_seconds > 0) {
    stage("exhaustive search");
    explore::ExhaustiveOptions o;
    o.depth = options.exhaustive_depth;
    o.seconds = options.exhaustive_seconds;
    o.scenario_dir = options.source_dir + "/corpus/scenarios";
    explore::ExhaustiveCoverage c;
    for (explore::Found& f : explore::exhaustive(v, o, &c))
      keep(std::move(f.finding), fmt::format("exhaustive (depth {})", o.depth));
    section.exhaustive = c;
    section.exhaustive_depth = o.depth;
  }
  if (options.games > 0 && options.games_seconds > 0) {
    stage("complete random games");
    explore::WellFormedOptions o;
    o.seed = options.seed;
    o.games = options.games;
    o.seconds = options.games_seconds;
    o.unseen_search = options.unseen_search;
    section.games = explore::check_well_formed(v, o);
    for (Finding& f : section.games->findings) keep(std::move(f), fmt::format("complete games (seed {})", o.seed));
  }
  // Fuzzing findings: one JSON file per signature (fuzz/findings_store.cpp),
  // kept when the model still finds the same thing at the witness.
  std::error_code ec;
  if (!options.fuzz_findings_dir.empty() && std::filesystem::is_directory(options.fuzz_findings_dir, ec)) {
    stage("fuzzing findings");
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(options.fuzz_findings_dir, ec))
      if (entry.path().extension() == ".json" && entry.path().filename().string().starts_with(std::string(v.id()) + "-"))
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const std::filesystem::path& file : files) {
      // Only a regular file reads: a folder (or a FIFO) named like a finding
      // is left out and named, not opened (reading a folder throws from
      // inside the JSON parser, and a FIFO blocks).
      if (!std::filesystem::is_regular_file(file, ec)) {
        section.fuzz_skipped.push_back(file.filename().string() + ": not a file");
        continue;
      }
      std::ifstream in(file);
      nlohmann::json j;
      std::string unread = in ? "" : "cannot be opened";
      try {
        if (unread.empty()) j = nlohmann::json::parse(in, nullptr, false);
      } catch (const std::exception& e) {  // a read error (EIO) throws from the stream buffer
        unread = std::string("does not read: ") + e.what();
      }
      if (!unread.empty()) {
        section.fuzz_skipped.push_back(file.filename().string() + ": " + unread);
        continue;
      }
      auto recorded = j.is_discarded() ? Expected<Finding>(Error{"not JSON"}) : finding_from_json(j);
      if (!recorded || recorded->variant != v.id()) {
        section.fuzz_skipped.push_back(file.filename().string() + ": " + (recorded ? "another variant's finding" : recorded.error()));
        continue;
      }
      auto now = replay_findings(v, recorded->witness);
      if (!now) {
        section.fuzz_skipped.push_back(file.filename().string() + ": the witness does not replay: " + now.error());
        continue;
      }
      bool found = false;
      for (const Finding& f : *now) {
        if (f.signature() != recorded->signature()) continue;
        keep(f, "fuzzer (" + file.filename().string() + ")");
        found = true;
        break;
      }
      if (!found) section.fuzz_skipped.push_back(file.filename().string() + ": the model no longer finds it at its witness");
    }
  }
  if (options.smt_seconds > 0 && smt::encoded(v)) {
    stage("SMT queries");
    section.smt = smt::run_queries(v, smt::Bound{}, options.smt_seconds);
    for (const smt::QueryResult& q : section.smt) {
      if (!q.has_witness()) continue;
      std::string differs = smt::replay_witness(v, q);
      if (!differs.empty()) section.smt_disagreements.push_back(q.id + ":" + differs);
      if (smt::is_finding(q)) keep(smt::to_finding(v, q), "smt (" + q.id + ")");
    }
  }
  for (auto& [sig, k] : by_signature) {
    section.findings.push_back(view_finding(v, k.finding, k.first));
    section.findings.back().tools = k.tools;
    ++section.found_first[tool_of(k.first)];
  }
}

void check_coverage(VariantSection& section, const Variant& v) {
  if (!v.text_map()) return;
  section.coverage.has_text = true;
  auto text = load_rules_text(default_rules_dir(), v.text_section());
  if (!text) {
    section.coverage.note = text.error();
    return;
  }
  for (const MappedSentence& m : map_text(*text, *v.text_map())) {
    ++section.coverage.sentences;
    section.coverage.unmapped += m.span == nullptr;
  }
}

VariantSection examine(const Variant& v, const ReportOptions& options, std::ostream& log) {
  VariantSection section{&v, {}, {}, {}, {}, 0, {}, {}, {}, 0, {}, {}, {}, {}, {}, {}, 0};
  State start = v.initial_state();
  section.start_svg = board_svg(Diagram{&start.position, {}, {}, std::string(v.name()) + ": start position"});
  if (options.on_stage) options.on_stage(v.id(), "perft table");
  check_perft(section, v, options);
  gather_findings(section, v, options);
  check_coverage(section, v);
  if (options.on_stage) options.on_stage(v.id(), "");  // done: its lines follow
  log << v.id() << ": " << section.perft.size() << " perft entries, " << section.scenarios << " scenarios ("
      << section.scenario_failures.size() << " failing), " << section.findings.size() << " findings";
  if (!section.smt.empty()) log << ", " << section.smt.size() << " SMT queries (" << section.smt_disagreements.size() << " witnesses the model disagrees with)";
  log << "\n";
  for (const std::string& bad : section.perft_unreadable) log << "  perft table line does not read: " << bad << "\n";
  for (const std::string& skipped : section.fuzz_skipped) log << "  fuzzing finding left out: " << skipped << "\n";
  return section;
}

const char* kCss = R"(body{font-family:system-ui,sans-serif;max-width:75em;margin:1em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left;vertical-align:top}
th{background:#eee}code{font-size:90%}.ok{color:#060}.bad{color:#a00;font-weight:bold}
section{border-top:2px solid #444;margin-top:2em}.finding{border:1px solid #999;border-radius:4px;padding:.5em 1em;margin:1em 0}
.boards{display:flex;flex-wrap:wrap;gap:1em}.boards figure{margin:0}.question{font-size:110%}
figcaption{font-size:90%;text-align:center}@media print{section{page-break-before:always}.finding{page-break-inside:avoid}})";

// The well-formedness checks' complete games, in one sentence.
std::string games_sentence(const Variant& v, const explore::WellFormedness& g) {
  std::string out = fmt::format("Complete random games: {} played, {} reached a result", g.games, g.finished);
  if (g.cut) out += fmt::format(", {} cut after {} steps (the text implies no bound)", g.cut, g.cut_at);
  if (v.step_bound() > 0) out += fmt::format("; the text's procedure ends a game within {} steps", v.step_bound());
  out += fmt::format("; longest {} steps; results:", g.longest);
  for (const auto& [result, n] : g.results) out += fmt::format(" {} {}", result, n);
  if (g.results.empty()) out += " none";
  if (!g.unseen_wins.empty()) {
    out += "; never reached:";
    for (const std::string& r : g.unseen_wins) out += " " + r;
  }
  return out + ".";
}

std::string html_section(const VariantSection& s) {
  const Variant& v = *s.variant;
  std::string h = fmt::format(
      "<section id=\"{}\"><h2>{} <small>({})</small></h2>\n<p>Rules from: {}. {} clauses, {} reading points, {} "
      "options, {} scenarios; the explorer examined {} states.</p>\n",
      v.id(), html_escape(v.name()), v.id(), html_escape(v.source()), v.clauses().size(), open_questions(v),
      options_of(v), s.scenarios, s.explored_states);
  h += "<figure>" + s.start_svg + "<figcaption>Start position</figcaption></figure>\n";
  if (s.games) h += "<p>" + html_escape(games_sentence(*s.variant, *s.games)) + "</p>\n";
  if (s.exhaustive) h += "<p>" + html_escape(exhaustive_sentence(s)) + "</p>\n";
  h += fmt::format("<h3>Findings ({})</h3>\n<p>Found first by: {}.</p>\n", s.findings.size(), html_escape(found_first_text(s)));
  if (s.findings.empty()) h += "<p>None recorded: no search has yet found a case this text leaves open.</p>\n";
  for (const FindingView& f : s.findings) h += finding_html(v, f);
  if (!s.scenario_failures.empty()) {
    h += "<h3 class=\"bad\">Scenario failures</h3><ul>";
    for (const std::string& f : s.scenario_failures) h += "<li>" + html_escape(f) + "</li>";
    h += "</ul>\n";
  }
  if (s.coverage.has_text)
    h += fmt::format("<h3>Text coverage</h3><p>{} sentences of the text, {} unmapped. {}</p>\n", s.coverage.sentences,
                     s.coverage.unmapped, html_escape(s.coverage.note));
  // The questions the text leaves open, then the variations it offers.
  for (bool options : {false, true}) {
    if (options && !options_of(v)) break;
    h += options ? "<h3>Options</h3>\n<p>Variations the text itself offers, not open questions: the default is its own "
                   "rule, and no finding comes from them.</p>\n"
                 : "<h3>Reading points</h3>\n";
    if (!options && !open_questions(v)) h += "<p>None.</p>\n";
    for (const ReadingPoint& r : v.readings()) {
      if (r.option != options) continue;
      h += fmt::format("<p><b><code>{}</code></b>: {}<br><i>Text:</i> {}</p><ul>\n", r.id, html_escape(r.question),
                       html_escape(r.quote));
      for (const Alternative& a : r.alternatives)
        h += fmt::format("<li><code>{}</code>{}: {}</li>\n", a.id, a.id == r.default_alternative ? " (default)" : "",
                         html_escape(a.description));
      h += fmt::format("</ul><p><i>{}:</i> {}</p>\n", options ? "The text's own rule" : "Why the default",
                       html_escape(r.why_default));
    }
  }
  h += "<h3>Clauses</h3>\n<table><tr><th>id</th><th>rule sentence</th></tr>\n";
  for (const Clause& c : v.clauses())
    h += fmt::format("<tr><td><code>{}</code></td><td>{}</td></tr>\n", c.id, html_escape(c.quote));
  h += "</table>\n";
  if (!s.smt.empty()) {
    h += "<h3>SMT queries</h3>\n<p>One step encoded for Z3 (docs/smt.md): <i>absent</i> is proved absent within the bound.</p>\n";
    for (const std::string& d : s.smt_disagreements) h += "<p class=\"bad\">The model disagrees with a witness: " + html_escape(d) + "</p>\n";
    h += "<table><tr><th>query</th><th>verdict</th><th>seconds</th><th>detail</th></tr>\n";
    for (const smt::QueryResult& q : s.smt)
      h += fmt::format("<tr><td><code>{}</code></td><td>{}</td><td>{:.2f}</td><td>{}</td></tr>\n", q.id, smt::verdict_name(q.verdict),
                       q.seconds, html_escape(q.detail));
    h += "</table>\n";
  }
  h += "<h3>Perft table</h3>\n";
  if (!s.perft_note.empty()) h += "<p>" + html_escape(s.perft_note) + "</p>\n";
  if (!s.perft.empty()) {
    h += "<table><tr><th>position</th><th>depth</th><th>table</th><th>model</th><th></th></tr>\n";
    for (const PerftRow& r : s.perft)
      h += fmt::format("<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td class=\"{}\">{}</td></tr>\n",
                       html_escape(r.fen), r.depth, r.expected, r.actual, r.ok() ? "ok" : "bad", r.ok() ? "agrees" : "DIFFERS");
    h += "</table>\n";
  }
  return h + "</section>\n";
}

std::string markdown_section(const VariantSection& s, const std::string& svg_name, const std::string& out_dir) {
  const Variant& v = *s.variant;
  std::string m = fmt::format("# {} ({})\n\nRules from: {}. {} clauses, {} reading points, {} options, {} scenarios.\n\n![start position]({})\n\n",
                              v.name(), v.id(), v.source(), v.clauses().size(), open_questions(v), options_of(v),
                              s.scenarios, svg_name);
  m += fmt::format("## Findings ({})\n\nFound first by: {}.\n\n", s.findings.size(), found_first_text(s));
  if (s.findings.empty()) m += "None recorded: no search has yet found a case this text leaves open.\n\n";
  for (const FindingView& f : s.findings) m += finding_markdown(v, f, out_dir);
  if (!s.scenario_failures.empty()) {
    m += "## Scenario failures\n\n";
    for (const std::string& f : s.scenario_failures) m += "- " + f + "\n";
    m += "\n";
  }
  if (s.coverage.has_text)
    m += fmt::format("## Text coverage\n\n{} sentences of the text, {} unmapped (docs/rules/{}.md).\n\n",
                     s.coverage.sentences, s.coverage.unmapped, v.id());
  if (s.games) m += "## Complete games\n\n" + md_escape(games_sentence(v, *s.games)) + "\n\n";
  if (s.exhaustive) m += "## Exhaustive search\n\n" + md_escape(exhaustive_sentence(s)) + "\n\n";
  for (bool options : {false, true}) {
    if (options && !options_of(v)) break;
    m += options ? "## Options\n\nVariations the text itself offers, not open questions: the default is its own rule, "
                   "and no finding comes from them.\n\n"
                 : "## Reading points\n\n";
    if (!options && !open_questions(v)) m += "None.\n\n";
    for (const ReadingPoint& r : v.readings()) {
      if (r.option != options) continue;
      m += fmt::format("### `{}`\n\n{}\n\n*Text:* {}\n\n", r.id, r.question, r.quote);
      for (const Alternative& a : r.alternatives)
        m += fmt::format("- `{}`{}: {}\n", a.id, a.id == r.default_alternative ? " (default)" : "", a.description);
      m += fmt::format("\n*{}:* {}\n\n", options ? "The text's own rule" : "Why the default", r.why_default);
    }
  }
  m += "## Clauses\n\n| id | rule sentence |\n|---|---|\n";
  for (const Clause& c : v.clauses()) m += fmt::format("| `{}` | {} |\n", c.id, md_escape(c.quote));
  if (!s.smt.empty()) {
    m += "\n## SMT queries\n\nOne step encoded for Z3 (docs/smt.md): *absent* is proved absent within the bound.\n\n";
    for (const std::string& d : s.smt_disagreements) m += "**The model disagrees with a witness:** " + md_escape(d) + "\n\n";
    m += "| query | verdict | seconds | detail |\n|---|---|---|---|\n";
    for (const smt::QueryResult& q : s.smt)
      m += fmt::format("| `{}` | {} | {:.2f} | {} |\n", q.id, smt::verdict_name(q.verdict), q.seconds, md_escape(q.detail));
  }
  m += "\n## Perft table\n\n";
  if (!s.perft_note.empty()) m += s.perft_note + "\n\n";
  if (!s.perft.empty()) {
    m += "| position | depth | table | model | |\n|---|---|---|---|---|\n";
    for (const PerftRow& r : s.perft)
      m += fmt::format("| `{}` | {} | {} | {} | {} |\n", r.fen, r.depth, r.expected, r.actual, r.ok() ? "agrees" : "**differs**");
  }
  return m;
}

// A finding in findings.json: its JSON form (reports/findings_json.h), how it
// was found, and the step's result under each alternative shown in the report.
nlohmann::json finding_record(const FindingView& view) {
  nlohmann::json j = finding_to_json(view.finding);
  nlohmann::json outcomes = nlohmann::json::array();
  for (const OutcomeView& o : view.outcomes) outcomes.push_back({{"label", o.label}, {"fen", o.fen}, {"result", o.result}});
  j["found_by"] = view.source;
  j["found_by_tools"] = view.tools;
  j["outcomes"] = outcomes;
  return j;
}

}  // namespace

ReportSummary write_report(const ReportOptions& options, std::ostream& log) {
  std::vector<const Variant*> chosen;
  if (options.variants.empty()) {
    chosen = all_variants();
  } else {
    for (const std::string& id : options.variants) {
      const Variant* v = find_variant(id);
      if (!v) throw std::invalid_argument("unknown variant '" + id + "'");
      chosen.push_back(v);
    }
  }
  fs::create_directories(options.out_dir);
  std::vector<VariantSection> sections;
  for (const Variant* v : chosen) sections.push_back(examine(*v, options, log));
  if (options.on_stage) options.on_stage("", "writing the pages");

  int problems = 0;
  std::string html = std::string(
                         "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Arbiter report</title><style>") +
                     kCss + "</style></head><body>\n<h1>Arbiter report</h1>\n";
  html += "<p>Where each rule text does not decide, what the possible answers are, and what each answer does. "
          "Each finding shows the position before the step (White's move a solid arrow, Black's dashed), the "
          "position after under each reading, and the command that replays it.</p>\n";
  html += "<table><tr><th>variant</th><th>findings</th><th>found first by</th><th>reading points</th><th>options</th><th>clauses</th><th>scenarios</th><th>model checks</th></tr>\n";
  for (const VariantSection& s : sections) {
    int mismatches = 0;
    for (const PerftRow& r : s.perft) mismatches += !r.ok();
    bool ok = mismatches == 0 && s.perft_unreadable.empty() && s.scenario_failures.empty();
    html += fmt::format("<tr><td><a href=\"#{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"{}\">{}</td></tr>\n",
                        s.variant->id(), html_escape(s.variant->name()), s.findings.size(),
                        html_escape(found_first_text(s)), open_questions(*s.variant), options_of(*s.variant),
                        s.variant->clauses().size(), s.scenarios, ok ? "ok" : "bad", ok ? "pass" : "FAIL");
  }
  html += "</table>\n";
  int skipped = 0;
  nlohmann::json variants_json = nlohmann::json::array(), findings_json = nlohmann::json::array();
  for (const VariantSection& s : sections) {
    html += html_section(s);
    std::string id(s.variant->id());
    std::string svg_name = id + "-start.svg";
    std::ofstream(options.out_dir + "/" + svg_name) << s.start_svg;
    std::ofstream(options.out_dir + "/" + id + ".md") << markdown_section(s, svg_name, options.out_dir);
    int mismatches = 0;
    for (const PerftRow& r : s.perft) mismatches += !r.ok();
    problems += mismatches + static_cast<int>(s.perft_unreadable.size()) + static_cast<int>(s.scenario_failures.size()) +
                static_cast<int>(s.smt_disagreements.size());
    skipped += static_cast<int>(s.fuzz_skipped.size());
    for (const FindingView& f : s.findings) findings_json.push_back(finding_record(f));
    variants_json.push_back({{"id", id},
                             {"name", s.variant->name()},
                             {"clauses", s.variant->clauses().size()},
                             {"readings", open_questions(*s.variant)},
                             {"options", options_of(*s.variant)},
                             {"scenarios", s.scenarios},
                             {"scenario_failures", s.scenario_failures.size()},
                             {"smt_queries", s.smt.size()},
                             {"smt_disagreements", s.smt_disagreements.size()},
                             {"findings", s.findings.size()},
                             {"found_first_by", s.found_first},
                             {"exhaustive", s.exhaustive ? nlohmann::json{{"depth", s.exhaustive_depth},
                                                                           {"states", s.exhaustive->states},
                                                                           {"steps", s.exhaustive->steps},
                                                                           {"alternatives", s.exhaustive->alternatives},
                                                                           {"cut", s.exhaustive->cut}}
                                                         : nlohmann::json()},
                             {"sentences", s.coverage.sentences},
                             {"unmapped_sentences", s.coverage.unmapped},
                             {"perft_checked", s.perft.size()},
                             {"perft_mismatches", mismatches}});
  }
  html += "</body></html>\n";
  std::ofstream(options.out_dir + "/index.html") << html;
  // Golden vectors beside the report, for engine developers (docs/protocol.md).
  report::VectorOptions vector_options;
  vector_options.scenario_dir = options.source_dir + "/corpus/scenarios";
  vector_options.seed = options.seed;
  for (const VariantSection& s : sections) {
    VectorCounts counts = write_vectors(*s.variant, options.out_dir + "/vectors", vector_options);
    log << s.variant->id() << ": " << counts.steps << " step vectors, " << counts.positions << " perft positions in "
        << options.out_dir << "/vectors/\n";
  }
  nlohmann::json findings = {{"schema", "arbiter-findings/1"}, {"variants", variants_json}, {"findings", findings_json}};
  std::ofstream(options.out_dir + "/findings.json") << findings.dump(2) << "\n";
  log << "wrote " << options.out_dir << "/index.html, findings.json and " << sections.size() << " variant pages\n";
  ReportSummary summary;
  summary.model_problems = problems;
  summary.fuzz_findings_skipped = skipped;
  if (!options.baseline.empty()) {
    std::ifstream in(options.baseline);
    nlohmann::json accepted = nlohmann::json::parse(in, nullptr, false);
    if (accepted.is_discarded() || !accepted.contains("findings"))
      throw std::invalid_argument("baseline " + options.baseline + " is not a findings.json");
    std::set<std::string> known;
    for (const auto& f : accepted["findings"]) known.insert(f.value("signature", ""));
    for (const auto& f : findings_json)
      if (!known.count(f["signature"].get<std::string>())) summary.new_findings.push_back(f["signature"].get<std::string>());
  }
  return summary;
}

}  // namespace arbiter::report
