#include "reports/report.h"

#include <fmt/format.h>

#include <cstdio>
#include <ctime>
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
#include "reports/drift.h"
#include "reports/finding_view.h"
#include "reports/findings_json.h"
#include "reports/html.h"
#include "reports/impact.h"
#include "reports/perft_table.h"
#include "reports/sarif.h"
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
  Impact impact;                          // random play under the rulings (the defaults without any)
  std::optional<Impact> impact_default;   // random play under the defaults, when rulings are given
  std::vector<std::pair<std::string, std::string>> rulings;  // this variant's (point, alternative)
  Readings ruled;                         // the same, as readings
  std::string text;                       // the rule text, for the annotated page
  std::optional<Drift> drift;             // the model against the current rule text
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
  section.text = *text;
  // The text as it stands now: a sentence edited or deleted since the model
  // quoted it is a stale clause, a new sentence is unmapped.
  section.drift = check_drift(v, *text);
}

// How often each question changes the position or the result in random
// play, under the rulings; and under the defaults too when there are
// rulings, to show what they change.
void measure(VariantSection& section, const Variant& v, const ReportOptions& options) {
  if (options.impact_games <= 0 || options.impact_seconds <= 0) return;
  ImpactOptions o;
  o.seed = options.seed;
  o.games = options.impact_games;
  o.seconds = options.impact_seconds;
  o.readings = section.ruled;
  section.impact = measure_impact(v, o);
  if (section.rulings.empty()) return;
  o.readings = Readings{};
  section.impact_default = measure_impact(v, o);
}

VariantSection examine(const Variant& v, const ReportOptions& options, std::ostream& log) {
  VariantSection section{&v, {}, {}, {}, {}, 0, {}, {}, {}, 0, {}, {}, {}, {}, {}, {}, 0};
  for (const std::string& a : options.rulings) {
    std::string point = a.substr(0, a.find('='));
    if (!find_reading(v.readings(), point)) continue;
    section.rulings.emplace_back(point, a.substr(a.find('=') + 1));
    (void)section.ruled.set(v.readings(), a);
  }
  State start = v.initial_state();
  section.start_svg = board_svg(Diagram{&start.position, {}, {}, std::string(v.name()) + ": start position"});
  if (options.on_stage) options.on_stage(v.id(), "perft table");
  check_perft(section, v, options);
  gather_findings(section, v, options);
  check_coverage(section, v);
  if (options.on_stage) options.on_stage(v.id(), "random play for the ranking");
  measure(section, v, options);
  if (options.on_stage) options.on_stage(v.id(), "");  // done: its lines follow
  log << v.id() << ": " << section.perft.size() << " perft entries, " << section.scenarios << " scenarios ("
      << section.scenario_failures.size() << " failing), " << section.findings.size() << " findings";
  if (!section.smt.empty()) log << ", " << section.smt.size() << " SMT queries (" << section.smt_disagreements.size() << " witnesses the model disagrees with)";
  log << "\n";
  for (const std::string& bad : section.perft_unreadable) log << "  perft table line does not read: " << bad << "\n";
  for (const std::string& skipped : section.fuzz_skipped) log << "  fuzzing finding left out: " << skipped << "\n";
  return section;
}

const char* kCss = R"(body{font-family:system-ui,sans-serif;max-width:75em;margin:1em auto;padding:0 1em;color:#222;line-height:1.4}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left;vertical-align:top}
td,code,blockquote,p,li{overflow-wrap:anywhere}th{background:#eee}code{font-size:90%}.ok{color:#060}.bad{color:#a00;font-weight:bold}
section{border-top:2px solid #444;margin-top:2em}.finding{border:1px solid #999;border-radius:4px;padding:.5em 1em;margin:1em 0}
.boards{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}.boards figure{margin:0;flex:0 0 auto;display:table;max-width:100%}
.boards figcaption{display:table-caption;caption-side:bottom}.boards svg,figure svg{max-width:100%;height:auto}
.question{font-size:110%}figcaption{font-size:90%;text-align:center}
blockquote{margin:.5em 0;padding:.3em .8em;border-left:4px solid #c90;background:#fff8e6}.cite{font-size:85%;color:#555;margin-top:0}
.permalink{text-decoration:none;color:#999}.status{color:#a00;font-weight:bold}.ruling{color:#060;font-weight:bold}.impact{color:#333}
nav.top,.stamp{font-size:90%;color:#555}.top-link{font-size:85%;text-align:right}
input[type=search]{font-size:100%;padding:.3em;width:min(30em,100%)}
.s{margin:.3em 0;padding:.2em .5em}.s .n{color:#999;font-size:80%;margin-right:.5em}.s .ids,.s .cites{font-size:85%}
.s.open{background:#fff3c4;border-left:4px solid #c90}.s.ruled{background:#e6f4e6}.s.unmapped{background:#fde2e2}.s.note{color:#777}
@media print{section{page-break-before:always}.finding{page-break-inside:avoid}})";

// Every page's filter box: typing hides the findings whose text does not
// hold what was typed. No server: the page filters itself.
const char* kFilterScript = R"(<script>
document.addEventListener('DOMContentLoaded', function () {
  var box = document.getElementById('filter');
  if (!box) return;
  var items = Array.prototype.slice.call(document.querySelectorAll('.finding'));
  var count = document.getElementById('filter-count');
  box.addEventListener('input', function () {
    var q = box.value.trim().toLowerCase(), shown = 0;
    items.forEach(function (f) {
      var hit = !q || f.textContent.toLowerCase().indexOf(q) >= 0;
      f.hidden = !hit;
      if (hit) shown++;
    });
    count.textContent = q ? shown + ' of ' + items.length + ' findings match' : '';
  });
});
</script>)";

std::string page_head(const std::string& title) {
  return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" +
         html_escape(title) + "</title><style>" + kCss + "</style>" + kFilterScript + "</head><body id=\"top\">\n";
}

const char* kBackToTop = "<p class=\"top-link\"><a href=\"#top\">Back to top</a></p>\n";

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

// What the searches found of the kinds a text's author must hear of even
// where no reading is in question: the well-formedness findings of the
// complete games, gaps and example mismatches; or that they found none.
std::vector<std::string> searched_kinds(const VariantSection& s) {
  std::vector<std::string> out;
  if (s.games) {
    int n = static_cast<int>(std::count_if(s.findings.begin(), s.findings.end(), [](const FindingView& f) {
      return std::find(f.tools.begin(), f.tools.end(), "complete games") != f.tools.end();
    }));
    out.push_back(n ? fmt::format("Well-formedness: {} finding{} from the complete games (a state where a side has no action, a game "
                                  "past the text's bound, a broken invariant).", n, n == 1 ? "" : "s")
                    : fmt::format("Well-formedness: none found in {} complete games (no state where a side has no action, no game "
                                  "past the text's bound, no broken invariant).", s.games->games));
  }
  for (const auto& entry : {std::pair{FindingKind::Gap, "Gaps (a reachable case no sentence decides)"},
                             std::pair{FindingKind::ExampleMismatch, "Example mismatches (an example the rules do not reproduce)"}}) {
    FindingKind kind = entry.first;  // a copy: a lambda may not capture a structured binding before C++20's clang 16
    const char* words = entry.second;
    int n = static_cast<int>(std::count_if(s.findings.begin(), s.findings.end(), [&](const FindingView& f) { return f.finding.kind == kind; }));
    out.push_back(n ? fmt::format("{}: {}.", words, n) : fmt::format("{}: none found.", words));
  }
  return out;
}

// --- Ranking -----------------------------------------------------------------

// Contradictions and conflicts first (the text says two things), then
// examples the rules do not reproduce, gaps, and the questions of reading.
int kind_rank(FindingKind k) {
  switch (k) {
    case FindingKind::Contradiction: return 0;
    case FindingKind::Conflict: return 1;
    case FindingKind::ExampleMismatch: return 2;
    case FindingKind::Gap: return 3;
    case FindingKind::Order: return 4;
    case FindingKind::Divergence: return 5;
    case FindingKind::DeadClause: return 6;
  }
  return 7;
}

// A finding the author's rulings decide: a divergence of a ruled point.
const std::pair<std::string, std::string>* ruling_of(const VariantSection& s, const Finding& f) {
  if (f.kind != FindingKind::Divergence) return nullptr;
  for (const auto& r : s.rulings)
    if (r.first == f.reading) return &r;
  return nullptr;
}

// The open findings, most important first: by the share of random games in
// which their question changes the position or the result, then of steps,
// then by kind.
std::vector<const FindingView*> ranked_open(const VariantSection& s) {
  std::vector<const FindingView*> out;
  for (const FindingView& f : s.findings)
    if (!ruling_of(s, f.finding)) out.push_back(&f);
  std::stable_sort(out.begin(), out.end(), [&](const FindingView* a, const FindingView* b) {
    ImpactCount x = s.impact.of(a->finding), y = s.impact.of(b->finding);
    if (x.games != y.games) return x.games > y.games;
    if (x.steps != y.steps) return x.steps > y.steps;
    return kind_rank(a->finding.kind) < kind_rank(b->finding.kind);
  });
  return out;
}

std::vector<const FindingView*> decided_by_ruling(const VariantSection& s) {
  std::vector<const FindingView*> out;
  for (const FindingView& f : s.findings)
    if (ruling_of(s, f.finding)) out.push_back(&f);
  return out;
}

double percent(std::uint64_t part, std::uint64_t whole) { return whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0; }

std::string impact_text(const Impact& impact, const Finding& f) {
  if (impact.games == 0) return "";
  ImpactCount c = impact.of(f);
  if (c.steps == 0)
    return fmt::format("the question did not arise in {} random games ({} steps)", impact.games, impact.steps);
  return fmt::format("changes the position or the result at {:.1f}% of steps ({} of {}), in {:.0f}% of games ({} of {})",
                     percent(c.steps, impact.steps), c.steps, impact.steps, percent(c.games, impact.games), c.games, impact.games);
}

// "in 40% of games", for the one-line summary.
std::string impact_short(const Impact& impact, const Finding& f) {
  if (impact.games == 0) return "";
  ImpactCount c = impact.of(f);
  if (c.steps == 0) return "not met in random play";
  return fmt::format("{:.0f}% of games, {:.1f}% of steps", percent(c.games, impact.games), percent(c.steps, impact.steps));
}

// --- Against a baseline ------------------------------------------------------

struct Baseline {
  bool given = false;
  std::map<std::string, nlohmann::json> by_signature;  // the accepted findings
};

// A text field of a baseline record ("" if absent or not text: the file is
// the author's, not ours).
std::string field(const nlohmann::json& record, const char* key) {
  return record.contains(key) && record[key].is_string() ? record[key].get<std::string>() : std::string();
}

// A finding's state against the baseline: "" (as before), "new", "changed".
std::string baseline_status(const Baseline& b, const nlohmann::json& record) {
  if (!b.given) return "";
  auto it = b.by_signature.find(record["signature"].get<std::string>());
  if (it == b.by_signature.end()) return "new";
  const nlohmann::json& old = it->second;
  if (field(old, "question") != field(record, "question") ||
      (old.contains("outcomes") ? old["outcomes"] : nlohmann::json::array()) != record["outcomes"])
    return "changed";
  return "";
}

std::string status_words(const std::string& status) {
  if (status == "new") return "New since the baseline.";
  if (status == "changed") return "Changed since the baseline (its question or its outcomes differ).";
  return "";
}

// The baseline's findings of a variant that this run no longer gives.
std::vector<nlohmann::json> gone_since(const Baseline& b, const VariantSection& s) {
  std::vector<nlohmann::json> out;
  if (!b.given) return out;
  std::set<std::string> now;
  for (const FindingView& f : s.findings) now.insert(f.finding.signature());
  for (const auto& [sig, record] : b.by_signature)
    if (field(record, "variant") == s.variant->id() && !now.count(sig)) out.push_back(record);
  return out;
}

nlohmann::json finding_record(const FindingView& view);

FindingNotes notes_for(const VariantSection& s, const FindingView& f, const Baseline& b) {
  FindingNotes n;
  n.impact = impact_text(s.impact, f.finding);
  n.status = status_words(baseline_status(b, finding_record(f)));
  if (const auto* r = ruling_of(s, f.finding)) {
    n.ruling = "Decided by your ruling: " + r->second + ".";
    for (const OutcomeView& o : f.outcomes)
      if (o.label == r->second || o.label.starts_with(r->second + " ")) n.ruling += " Under it the step ends " + o.result + ".";
  }
  return n;
}

// --- Pages -------------------------------------------------------------------

struct Stamp {
  std::string text;  // "Generated ... by Arbiter 0.1.0 (source abc1234), seed 1"
};

// The variant's sentences and which findings cite each.
struct AnnotatedSentence {
  std::string text;
  const TextSpan* span = nullptr;
  std::vector<const FindingView*> cited_by;
  bool open = false, ruled = false;
};

std::vector<AnnotatedSentence> annotate(const VariantSection& s) {
  std::vector<AnnotatedSentence> out;
  const Variant& v = *s.variant;
  if (s.text.empty() || !v.text_map()) return out;
  std::vector<const FindingView*> open = ranked_open(s);
  for (const MappedSentence& m : map_text(s.text, *v.text_map())) {
    AnnotatedSentence a{m.sentence, m.span, {}, false, false};
    if (m.span) {
      for (std::string_view id : m.span->ids) {
        if (const ReadingPoint* r = find_reading(v.readings(), id); r && !r->option) {
          bool ruled = std::any_of(s.rulings.begin(), s.rulings.end(), [&](const auto& x) { return x.first == id; });
          (ruled ? a.ruled : a.open) = true;
        }
      }
      // A divergence is about its reading point's sentence (its clauses are
      // merely those the step fired); any other finding is about its clauses.
      for (const FindingView& f : s.findings) {
        bool cites = std::find(m.span->ids.begin(), m.span->ids.end(), std::string_view(f.finding.reading)) != m.span->ids.end();
        if (f.finding.kind != FindingKind::Divergence)
          for (const std::string& c : f.finding.clauses)
            cites = cites || std::find(m.span->ids.begin(), m.span->ids.end(), std::string_view(c)) != m.span->ids.end();
        if (!cites) continue;
        a.cited_by.push_back(&f);
        if (std::find(open.begin(), open.end(), &f) != open.end()) a.open = true;
      }
    }
    out.push_back(std::move(a));
  }
  return out;
}

std::string text_page(const VariantSection& s, const Stamp& stamp) {
  const Variant& v = *s.variant;
  std::string id(v.id());
  std::string h = page_head(std::string(v.name()) + ": the rule text, annotated");
  h += fmt::format("<nav class=\"top\"><a href=\"index.html\">All variants</a> · <a href=\"{0}.html\">{1}: findings</a></nav>\n"
                   "<h1>{1}: the rule text, annotated</h1>\n<p class=\"stamp\">{2}</p>\n",
                   id, html_escape(v.name()), html_escape(stamp.text));
  std::vector<AnnotatedSentence> sentences = annotate(s);
  if (sentences.empty()) {
    h += "<p>No rule text is mapped sentence by sentence for this variant.</p>\n";
    return h + "</body></html>\n";
  }
  h += fmt::format("<p>From {}. Each sentence of the text with the clauses that implement it and the findings that cite it. "
                   "<span class=\"s open\">Highlighted</span>: a question the text leaves open here (a reading point, or an "
                   "open finding citing the sentence); <span class=\"s ruled\">green</span>: a question your rulings decide; "
                   "<span class=\"s unmapped\">red</span>: a sentence the model does not map; grey: not a rule.</p>\n",
                   html_escape(v.source()));
  int n = 0;
  for (const AnnotatedSentence& a : sentences) {
    ++n;
    std::string cls = a.open ? "s open" : a.ruled ? "s ruled" : a.span == nullptr ? "s unmapped" : a.span->ids.empty() ? "s note" : "s";
    h += fmt::format("<p class=\"{}\" id=\"s{}\"><a class=\"n\" href=\"#s{}\">{}</a>{}", cls, n, n, n, html_escape(a.text));
    if (a.span && !a.span->ids.empty()) {
      h += " <span class=\"ids\">[";
      bool first = true;
      for (std::string_view rid : a.span->ids) {
        bool is_reading = find_reading(v.readings(), rid) != nullptr;
        h += fmt::format("{}<a href=\"{}.html#{}-{}\"><code>{}</code></a>", first ? "" : ", ", id, is_reading ? "rp" : "cl",
                         html_escape(rid), html_escape(rid));
        first = false;
      }
      h += "]</span>";
    } else if (a.span) {
      h += " <span class=\"ids\">(not a rule: " + html_escape(a.span->note) + ")</span>";
    } else {
      h += " <span class=\"ids\">(not mapped to the model)</span>";
    }
    if (!a.cited_by.empty()) {
      h += " <span class=\"cites\">findings:";
      for (const FindingView* f : a.cited_by) h += fmt::format(" <a href=\"{}.html#f{}\">{}</a>", id, f->id, f->id);
      h += "</span>";
    }
    h += "</p>\n";
  }
  return h + kBackToTop + "</body></html>\n";
}

std::string variant_page(const VariantSection& s, const Stamp& stamp, const Baseline& baseline) {
  const Variant& v = *s.variant;
  std::string id(v.id());
  std::vector<const FindingView*> open = ranked_open(s), decided = decided_by_ruling(s);
  std::vector<nlohmann::json> gone = gone_since(baseline, s);
  std::string h = page_head(std::string(v.name()) + ": Arbiter report");
  h += fmt::format("<nav class=\"top\"><a href=\"index.html\">All variants</a> · <a href=\"{0}-text.html\">The rule text, "
                   "annotated</a> · <a href=\"{0}.md\">Markdown</a></nav>\n<h1>{1} <small>({0})</small></h1>\n<p class=\"stamp\">{2}</p>\n",
                   id, html_escape(v.name()), html_escape(stamp.text));
  h += fmt::format("<p>Rules from: {}. {} clauses, {} reading points, {} options, {} scenarios.</p>\n", html_escape(v.source()),
                   v.clauses().size(), open_questions(v), options_of(v), s.scenarios);
  // Contents.
  std::vector<std::pair<std::string, std::string>> toc = {{"summary", "The open questions that matter most"},
                                                         {"searched", "What was searched"}};
  if (!s.rulings.empty()) toc.emplace_back("rulings", "Your rulings");
  toc.emplace_back("findings", fmt::format("Open findings ({})", open.size()));
  if (!decided.empty()) toc.emplace_back("decided", fmt::format("Decided by your rulings ({})", decided.size()));
  if (baseline.given) toc.emplace_back("gone", fmt::format("Gone since the baseline ({})", gone.size()));
  toc.emplace_back("reading-points", "Reading points");
  if (options_of(v)) toc.emplace_back("options", "Options");
  toc.emplace_back("clauses", "Clauses");
  toc.emplace_back("coverage", "Text coverage");
  if (!s.smt.empty()) toc.emplace_back("smt", "SMT queries");
  toc.emplace_back("perft", "Perft table");
  h += "<nav class=\"toc\"><h2>Contents</h2><ol>";
  for (const auto& [anchor, title] : toc) h += fmt::format("<li><a href=\"#{}\">{}</a></li>", anchor, html_escape(title));
  h += "</ol></nav>\n";

  h += "<section id=\"summary\"><h2>The open questions that matter most</h2>\n";
  if (open.empty()) h += "<p>None: no search has found a case this text leaves open.</p>\n";
  h += "<ol>";
  for (std::size_t i = 0; i < open.size() && i < 5; ++i) {
    const FindingView& f = *open[i];
    std::string impact = impact_short(s.impact, f.finding);
    h += fmt::format("<li><a href=\"#f{}\">{}</a> <small>({}{})</small></li>", f.id,
                     html_escape(f.finding.question.empty() ? f.finding.detail : f.finding.question),
                     html_escape(finding_kind_name(f.finding.kind)), impact.empty() ? "" : "; " + html_escape(impact));
  }
  h += "</ol>\n" + std::string(kBackToTop) + "</section>\n";

  h += "<section id=\"searched\"><h2>What was searched</h2><ul>\n";
  h += fmt::format("<li>The explorer examined {} states.</li>\n", s.explored_states);
  if (s.games) h += "<li>" + html_escape(games_sentence(v, *s.games)) + "</li>\n";
  for (const std::string& line : searched_kinds(s)) h += "<li>" + html_escape(line) + "</li>\n";
  if (s.exhaustive) h += "<li>" + html_escape(exhaustive_sentence(s)) + "</li>\n";
  if (s.impact.games)
    h += fmt::format("<li>For the ranking: {} random games{} ({} steps{}), each step checked under every other alternative of the "
                     "reading points it consults and every other order of its movers.</li>\n",
                     s.impact.games, s.rulings.empty() ? "" : " under your rulings", s.impact.steps,
                     s.impact.cut ? ", cut by the time limit" : "");
  if (!s.smt.empty()) h += fmt::format("<li>{} SMT queries over one step (below).</li>\n", s.smt.size());
  h += fmt::format("<li>Found first by: {}.</li>\n", html_escape(found_first_text(s)));
  h += "</ul>\n" + std::string(kBackToTop) + "</section>\n";

  if (!s.rulings.empty()) {
    h += "<section id=\"rulings\"><h2>Your rulings</h2>\n<p>These points are decided as you ruled: their findings are listed "
         "under <a href=\"#decided\">Decided by your rulings</a>, and the ranking plays under them.</p><ul>\n";
    for (const auto& [point, alt] : s.rulings) {
      const ReadingPoint* r = find_reading(v.readings(), point);
      std::string change;
      if (r && alt == r->default_alternative) {
        change = "the model's default: nothing changes";
      } else if (s.impact_default) {
        Finding probe;
        probe.kind = FindingKind::Divergence;
        probe.reading = point;
        change = "it differs from the default " + std::string(r ? r->default_alternative : "") + ": " +
                 impact_text(*s.impact_default, probe) + " of play under the defaults";
      }
      h += fmt::format("<li><a href=\"#rp-{0}\"><code>{0}</code></a> = <code>{1}</code>: {2}.</li>\n", html_escape(point),
                       html_escape(alt), html_escape(change));
    }
    h += "</ul>\n" + std::string(kBackToTop) + "</section>\n";
  }

  h += fmt::format("<section id=\"findings\"><h2>Open findings ({}), most important first</h2>\n", open.size());
  h += "<p>Ranked by the share of random games, then of steps, in which the question changes the position or the result; "
       "then contradictions, conflicts, example mismatches and gaps before questions of reading. Each finding shows the "
       "sentence it is about, the position before the step (White's move a solid arrow, Black's dashed), the position "
       "after under each reading, and the command that replays it.</p>\n";
  h += "<p><input type=\"search\" id=\"filter\" placeholder=\"Filter the findings: words, squares, ids\" "
       "aria-label=\"Filter the findings\"> <span id=\"filter-count\"></span></p>\n";
  if (open.empty()) h += "<p>None recorded: no search has yet found a case this text leaves open.</p>\n";
  for (const FindingView* f : open) h += finding_html(v, *f, notes_for(s, *f, baseline));
  h += std::string(kBackToTop) + "</section>\n";
  if (!decided.empty()) {
    h += fmt::format("<section id=\"decided\"><h2>Decided by your rulings ({})</h2>\n", decided.size());
    for (const FindingView* f : decided) h += finding_html(v, *f, notes_for(s, *f, baseline));
    h += std::string(kBackToTop) + "</section>\n";
  }
  if (baseline.given) {
    h += fmt::format("<section id=\"gone\"><h2>Gone since the baseline ({})</h2>\n", gone.size());
    if (gone.empty()) h += "<p>Every finding of the baseline is still found.</p>\n";
    h += "<ul>";
    for (const nlohmann::json& g : gone)
      h += fmt::format("<li>{} <code>{}</code>: {}</li>", html_escape(field(g, "kind")), html_escape(field(g, "signature")),
                       html_escape(field(g, "question")));
    h += "</ul>\n" + std::string(kBackToTop) + "</section>\n";
  }
  if (!s.scenario_failures.empty()) {
    h += "<h3 class=\"bad\">Scenario failures</h3><ul>";
    for (const std::string& f : s.scenario_failures) h += "<li>" + html_escape(f) + "</li>";
    h += "</ul>\n";
  }
  // The questions the text leaves open, then the variations it offers.
  for (bool options : {false, true}) {
    if (options && !options_of(v)) break;
    h += options ? "<section id=\"options\"><h2>Options</h2>\n<p>Variations the text itself offers, not open questions: the "
                   "default is its own rule, and no finding comes from them.</p>\n"
                 : "<section id=\"reading-points\"><h2>Reading points</h2>\n";
    if (!options && !open_questions(v)) h += "<p>None.</p>\n";
    for (const ReadingPoint& r : v.readings()) {
      if (r.option != options) continue;
      h += fmt::format("<div id=\"rp-{0}\"><p><b><code>{0}</code></b>: {1}</p><blockquote>{2}</blockquote><ul>\n", r.id,
                       html_escape(r.question), html_escape(r.quote));
      for (const Alternative& a : r.alternatives)
        h += fmt::format("<li><code>{}</code>{}: {}</li>\n", a.id, a.id == r.default_alternative ? " (default)" : "",
                         html_escape(a.description));
      h += fmt::format("</ul><p><i>{}:</i> {}</p></div>\n", options ? "The text's own rule" : "Why the default",
                       html_escape(r.why_default));
    }
    h += std::string(kBackToTop) + "</section>\n";
  }
  h += "<section id=\"clauses\"><h2>Clauses</h2>\n<table><tr><th>id</th><th>rule sentence</th></tr>\n";
  for (const Clause& c : v.clauses())
    h += fmt::format("<tr id=\"cl-{0}\"><td><code>{0}</code></td><td>{1}</td></tr>\n", c.id, html_escape(c.quote));
  h += "</table>\n" + std::string(kBackToTop) + "</section>\n";
  h += "<section id=\"coverage\"><h2>Text coverage</h2>\n";
  if (s.coverage.has_text)
    h += fmt::format("<p>{} sentences of the text, {} unmapped (<a href=\"{}-text.html\">the text, annotated</a>). {}</p>\n",
                     s.coverage.sentences, s.coverage.unmapped, id, html_escape(s.coverage.note));
  else
    h += "<p>No sentence map for this variant's text.</p>\n";
  if (s.drift) h += drift_html(*s.drift);
  h += std::string(kBackToTop) + "</section>\n";
  if (!s.smt.empty()) {
    h += "<section id=\"smt\"><h2>SMT queries</h2>\n<p>One step encoded for Z3 (docs/smt.md): <i>absent</i> is proved absent "
         "within the bound.</p>\n";
    for (const std::string& d : s.smt_disagreements) h += "<p class=\"bad\">The model disagrees with a witness: " + html_escape(d) + "</p>\n";
    h += "<table><tr><th>query</th><th>verdict</th><th>seconds</th><th>detail</th></tr>\n";
    for (const smt::QueryResult& q : s.smt)
      h += fmt::format("<tr><td><code>{}</code></td><td>{}</td><td>{:.2f}</td><td>{}</td></tr>\n", q.id, smt::verdict_name(q.verdict),
                       q.seconds, html_escape(q.detail));
    h += "</table>\n" + std::string(kBackToTop) + "</section>\n";
  }
  h += "<section id=\"perft\"><h2>Perft table</h2>\n";
  if (!s.perft_note.empty()) h += "<p>" + html_escape(s.perft_note) + "</p>\n";
  if (!s.perft.empty()) {
    h += "<table><tr><th>position</th><th>depth</th><th>table</th><th>model</th><th></th></tr>\n";
    for (const PerftRow& r : s.perft)
      h += fmt::format("<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td class=\"{}\">{}</td></tr>\n",
                       html_escape(r.fen), r.depth, r.expected, r.actual, r.ok() ? "ok" : "bad", r.ok() ? "agrees" : "DIFFERS");
    h += "</table>\n";
  }
  h += std::string(kBackToTop) + "</section>\n";
  return h + "</body></html>\n";
}

int count_kind(const VariantSection& s, std::initializer_list<FindingKind> kinds) {
  int n = 0;
  for (const FindingView* f : ranked_open(s)) n += std::find(kinds.begin(), kinds.end(), f->finding.kind) != kinds.end();
  return n;
}

std::string index_page(const std::vector<VariantSection>& sections, const Stamp& stamp, const Baseline& baseline,
                       const ReportOptions& options) {
  std::string h = page_head("Arbiter report");
  h += "<h1>Arbiter report</h1>\n<p class=\"stamp\">" + html_escape(stamp.text) + "</p>\n";
  h += "<p>Where each rule text does not decide, what the possible answers are, and what each answer does. Each variant has a "
       "page of its findings, most important first, and a page of its rule text annotated sentence by sentence.</p>\n";
  if (!options.rulings.empty()) {
    h += "<p>Your rulings, in force: ";
    for (const std::string& r : options.rulings) h += "<code>" + html_escape(r) + "</code> ";
    h += "(their findings are decided; see each variant's page).</p>\n";
  }
  h += "<table><tr><th>variant</th><th>open questions</th><th>options</th><th>open findings</th><th>example mismatches</th>"
       "<th>contradictions and conflicts</th><th>gaps</th><th>decided by ruling</th>";
  if (baseline.given) h += "<th>since the baseline</th>";
  h += "<th>what was searched</th><th>model checks</th></tr>\n";
  for (const VariantSection& s : sections) {
    const Variant& v = *s.variant;
    int mismatches = 0;
    for (const PerftRow& r : s.perft) mismatches += !r.ok();
    bool ok = mismatches == 0 && s.perft_unreadable.empty() && s.scenario_failures.empty() && s.smt_disagreements.empty();
    std::string searched = fmt::format("{} explored states", s.explored_states);
    if (s.exhaustive) searched += fmt::format(", exhaustive to depth {} ({} states)", s.exhaustive_depth, s.exhaustive->states);
    if (s.games) searched += fmt::format(", {} complete games", s.games->games);
    if (s.impact.games) searched += fmt::format(", {} ranking games ({} steps)", s.impact.games, s.impact.steps);
    if (!s.smt.empty()) searched += fmt::format(", {} SMT queries", s.smt.size());
    h += fmt::format("<tr><td><a href=\"{0}.html\">{1}</a> (<a href=\"{0}-text.html\">text</a>)</td><td>{2}</td><td>{3}</td><td>{4}</td>"
                     "<td>{5}</td><td>{6}</td><td>{7}</td><td>{8}</td>",
                     v.id(), html_escape(v.name()), open_questions(v), options_of(v), ranked_open(s).size(),
                     count_kind(s, {FindingKind::ExampleMismatch}), count_kind(s, {FindingKind::Contradiction, FindingKind::Conflict}),
                     count_kind(s, {FindingKind::Gap}), decided_by_ruling(s).size());
    if (baseline.given) {
      int added = 0, changed = 0;
      for (const FindingView& f : s.findings) {
        std::string st = baseline_status(baseline, finding_record(f));
        added += st == "new";
        changed += st == "changed";
      }
      h += fmt::format("<td>{} new, {} changed, {} gone</td>", added, changed, gone_since(baseline, s).size());
    }
    std::string drift = !s.drift || s.drift->clean() ? "" :
        fmt::format("; <a href=\"{}.html#coverage\">the text has changed</a>: {} stale clauses, {} unmapped sentences", v.id(),
                    s.drift->stale_clauses.size(), s.drift->unmapped_sentences.size());
    h += fmt::format("<td>{}</td><td class=\"{}\">{}{}</td></tr>\n", html_escape(searched), ok ? "ok" : "bad", ok ? "pass" : "FAIL", drift);
  }
  h += "</table>\n";
  for (const VariantSection& s : sections) {
    const Variant& v = *s.variant;
    std::vector<const FindingView*> open = ranked_open(s);
    h += fmt::format("<section id=\"{0}\"><h2><a href=\"{0}.html\">{1}</a></h2>\n", v.id(), html_escape(v.name()));
    if (open.empty()) h += "<p>No open finding.</p>\n";
    h += "<ol>";
    for (std::size_t i = 0; i < open.size() && i < 5; ++i)
      h += fmt::format("<li><a href=\"{}.html#f{}\">{}</a> <small>({})</small></li>", v.id(), open[i]->id,
                       html_escape(open[i]->finding.question.empty() ? open[i]->finding.detail : open[i]->finding.question),
                       html_escape(finding_kind_name(open[i]->finding.kind)));
    h += "</ol></section>\n";
  }
  return h + "</body></html>\n";
}

std::string markdown_section(const VariantSection& s, const std::string& svg_name, const std::string& out_dir,
                             const Stamp& stamp, const Baseline& baseline) {
  const Variant& v = *s.variant;
  std::vector<const FindingView*> open = ranked_open(s), decided = decided_by_ruling(s);
  std::string m = fmt::format("# {} ({})\n\n*{}*\n\nRules from: {}. {} clauses, {} reading points, {} options, {} scenarios.\n\n![start position]({})\n\n",
                              v.name(), v.id(), stamp.text, v.source(), v.clauses().size(), open_questions(v), options_of(v),
                              s.scenarios, svg_name);
  m += "## The open questions that matter most\n\n";
  if (open.empty()) m += "None: no search has found a case this text leaves open.\n\n";
  for (std::size_t i = 0; i < open.size() && i < 5; ++i) {
    std::string impact = impact_short(s.impact, open[i]->finding);
    m += fmt::format("{}. {} ({}{}; #{})\n", i + 1, open[i]->finding.question.empty() ? open[i]->finding.detail : open[i]->finding.question,
                     finding_kind_name(open[i]->finding.kind), impact.empty() ? "" : "; " + impact, open[i]->id);
  }
  if (!open.empty()) m += "\n";
  if (!s.rulings.empty()) {
    m += "## Your rulings\n\n";
    for (const auto& [point, alt] : s.rulings) m += "- `" + point + "` = `" + alt + "`\n";
    m += "\n";
  }
  m += fmt::format("## Open findings ({}), most important first\n\nFound first by: {}.\n\n", open.size(), found_first_text(s));
  if (open.empty()) m += "None recorded: no search has yet found a case this text leaves open.\n\n";
  for (const FindingView* f : open) m += finding_markdown(v, *f, out_dir, notes_for(s, *f, baseline));
  if (!decided.empty()) {
    m += fmt::format("## Decided by your rulings ({})\n\n", decided.size());
    for (const FindingView* f : decided) m += finding_markdown(v, *f, out_dir, notes_for(s, *f, baseline));
  }
  if (baseline.given) {
    std::vector<nlohmann::json> gone = gone_since(baseline, s);
    m += fmt::format("## Gone since the baseline ({})\n\n", gone.size());
    for (const nlohmann::json& g : gone) m += "- " + field(g, "kind") + " `" + field(g, "signature") + "`: " + field(g, "question") + "\n";
    m += gone.empty() ? "Every finding of the baseline is still found.\n\n" : "\n";
  }
  if (!s.scenario_failures.empty()) {
    m += "## Scenario failures\n\n";
    for (const std::string& f : s.scenario_failures) m += "- " + f + "\n";
    m += "\n";
  }
  if (s.coverage.has_text)
    m += fmt::format("## Text coverage\n\n{} sentences of the text, {} unmapped (docs/rules/{}.md).\n\n",
                     s.coverage.sentences, s.coverage.unmapped, v.id());
  if (s.drift) m += drift_markdown(*s.drift) + "\n";
  if (s.games) m += "## Complete games\n\n" + md_escape(games_sentence(v, *s.games)) + "\n\n";
  for (const std::string& line : searched_kinds(s)) m += "- " + line + "\n";
  m += "\n";
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

// "Generated 2026-11-28 21:40 UTC by Arbiter 0.1.0 (source 1a2b3c4), seed 1."
std::string make_stamp(const ReportOptions& options) {
  std::time_t now = std::time(nullptr);
  char when[64] = "";
  std::strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  std::string commit;
  std::string command = "git -C '" + options.source_dir + "' rev-parse --short HEAD 2>/dev/null";
  if (options.source_dir.find('\'') == std::string::npos) {
    if (FILE* pipe = popen(command.c_str(), "r")) {
      char buffer[64] = "";
      if (std::fgets(buffer, sizeof buffer, pipe)) commit = buffer;
      pclose(pipe);
    }
  }
  while (!commit.empty() && (commit.back() == '\n' || commit.back() == '\r')) commit.pop_back();
  std::string out = fmt::format("Generated {} by Arbiter {}", when, ARBITER_VERSION);
  if (!commit.empty()) out += " (source " + commit + ")";
  out += fmt::format(", seed {}", options.seed);
  if (!options.rulings.empty()) out += fmt::format(", {} ruling{}", options.rulings.size(), options.rulings.size() == 1 ? "" : "s");
  if (!options.baseline.empty()) out += ", against a baseline";
  return out + ".";
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
  // Each ruling names a point of a variant reported, and one of its alternatives.
  for (const std::string& a : options.rulings) {
    std::string point = a.substr(0, a.find('='));
    const Variant* owner = nullptr;
    for (const Variant* v : chosen)
      if (find_reading(v->readings(), point)) owner = v;
    if (!owner) throw std::invalid_argument("the ruling '" + a + "' names no reading point of the variants reported");
    Readings check;
    if (auto set = check.set(owner->readings(), a); !set) throw std::invalid_argument("the ruling '" + a + "': " + set.error());
  }
  Baseline baseline;
  if (!options.baseline.empty()) {
    std::ifstream in(options.baseline);
    nlohmann::json accepted = nlohmann::json::parse(in, nullptr, false);
    if (accepted.is_discarded() || !accepted.contains("findings") || !accepted["findings"].is_array())
      throw std::invalid_argument("baseline " + options.baseline + " is not a findings.json");
    baseline.given = true;
    for (const auto& f : accepted["findings"])
      if (f.is_object()) baseline.by_signature[field(f, "signature")] = f;
  }
  Stamp stamp{make_stamp(options)};
  fs::create_directories(options.out_dir);
  std::vector<VariantSection> sections;
  for (const Variant* v : chosen) sections.push_back(examine(*v, options, log));
  if (options.on_stage) options.on_stage("", "writing the pages");

  int problems = 0;
  int skipped = 0;
  nlohmann::json variants_json = nlohmann::json::array(), findings_json = nlohmann::json::array();
  for (const VariantSection& s : sections) {
    std::string id(s.variant->id());
    std::string svg_name = id + "-start.svg";
    std::ofstream(options.out_dir + "/" + svg_name) << s.start_svg;
    std::ofstream(options.out_dir + "/" + id + ".md") << markdown_section(s, svg_name, options.out_dir, stamp, baseline);
    std::ofstream(options.out_dir + "/" + id + ".html") << variant_page(s, stamp, baseline);
    std::ofstream(options.out_dir + "/" + id + "-text.html") << text_page(s, stamp);
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
  std::ofstream(options.out_dir + "/index.html") << index_page(sections, stamp, baseline, options);
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
  if (baseline.given)
    for (const auto& f : findings_json)
      if (!baseline.by_signature.count(f["signature"].get<std::string>())) summary.new_findings.push_back(f["signature"].get<std::string>());
  if (!options.sarif_path.empty()) {
    std::vector<SarifVariant> sarif;
    for (const VariantSection& s : sections) sarif.push_back(sarif_variant(*s.variant, s.findings, default_rules_dir()));
    write_sarif(options.sarif_path, sarif_log(sarif, default_rules_dir()));
    log << "wrote " << options.sarif_path << "\n";
  }
  return summary;
}

}  // namespace arbiter::report
