#include "reports/report.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "model/variants/registry.h"
#include "reports/board_svg.h"
#include "reports/perft_table.h"

namespace arbiter::report {

namespace {

namespace fs = std::filesystem;

std::string html_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string md_escape(std::string_view s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

struct PerftRow {
  std::string fen;
  int depth;
  std::uint64_t expected, actual;
  bool ok() const { return expected == actual; }
};

struct VariantSection {
  const Variant* variant;
  std::string start_svg;
  std::vector<PerftRow> perft;
  std::string perft_note;
};

VariantSection examine(const Variant& v, const ReportOptions& options, std::ostream& log) {
  VariantSection section{&v, {}, {}, {}};
  State start = v.initial_state();
  section.start_svg = board_svg(Diagram{&start.position, {}, {}, std::string(v.name()) + ": start position"});
  std::string table_path = options.source_dir + "/corpus/perft/" + std::string(v.id()) + ".epd";
  if (!fs::exists(table_path)) {
    section.perft_note = "no perft table in corpus/perft/ for this variant yet";
    return section;
  }
  auto table = read_perft_table(table_path);
  if (!table) {
    section.perft_note = table.error();
    return section;
  }
  Readings defaults;
  for (const PerftEntry& e : *table) {
    auto s = v.parse_state(e.fen);
    if (!s) {
      section.perft_note += "unreadable table position: " + s.error() + "\n";
      continue;
    }
    for (const auto& [depth, nodes] : e.depths) {
      if (nodes > options.perft_node_budget) continue;
      std::uint64_t actual = v.perft(*s, depth);
      section.perft.push_back({e.fen, depth, nodes, actual});
    }
  }
  log << v.id() << ": perft table " << section.perft.size() << " entries checked\n";
  return section;
}

const char* kCss = R"(body{font-family:system-ui,sans-serif;max-width:70em;margin:1em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left;vertical-align:top}
th{background:#eee}code{font-size:90%}.ok{color:#060}.bad{color:#a00;font-weight:bold}
section{border-top:2px solid #444;margin-top:2em}@media print{section{page-break-before:always}})";

std::string html_section(const VariantSection& s) {
  const Variant& v = *s.variant;
  std::string h = fmt::format("<section id=\"{}\"><h2>{} <small>({})</small></h2>\n<p>Rules from: {}. {} clauses, {} reading points.</p>\n",
                              v.id(), html_escape(v.name()), v.id(), html_escape(v.source()), v.clauses().size(),
                              v.readings().size());
  h += "<figure>" + s.start_svg + "<figcaption>Start position</figcaption></figure>\n";
  h += "<h3>Findings</h3>\n<p>No rule findings are recorded for this variant: its rule text decides every case the model has met.</p>\n";
  h += "<h3>Reading points</h3>\n";
  if (v.readings().empty()) h += "<p>None.</p>\n";
  for (const ReadingPoint& r : v.readings()) {
    h += fmt::format("<p><b><code>{}</code></b>: {}<br><i>Text:</i> {}</p><ul>\n", r.id, html_escape(r.question),
                     html_escape(r.quote));
    for (const Alternative& a : r.alternatives)
      h += fmt::format("<li><code>{}</code>{}: {}</li>\n", a.id, a.id == r.default_alternative ? " (default)" : "",
                       html_escape(a.description));
    h += fmt::format("</ul><p><i>Why the default:</i> {}</p>\n", html_escape(r.why_default));
  }
  h += "<h3>Clauses</h3>\n<table><tr><th>id</th><th>rule sentence</th></tr>\n";
  for (const Clause& c : v.clauses())
    h += fmt::format("<tr><td><code>{}</code></td><td>{}</td></tr>\n", c.id, html_escape(c.quote));
  h += "</table>\n<h3>Perft table</h3>\n";
  if (!s.perft_note.empty()) h += "<p>" + html_escape(s.perft_note) + "</p>\n";
  if (!s.perft.empty()) {
    h += "<table><tr><th>position</th><th>depth</th><th>published</th><th>model</th><th></th></tr>\n";
    for (const PerftRow& r : s.perft)
      h += fmt::format("<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td class=\"{}\">{}</td></tr>\n",
                       html_escape(r.fen), r.depth, r.expected, r.actual, r.ok() ? "ok" : "bad", r.ok() ? "agrees" : "DIFFERS");
    h += "</table>\n";
  }
  return h + "</section>\n";
}

std::string markdown_section(const VariantSection& s, const std::string& svg_name) {
  const Variant& v = *s.variant;
  std::string m = fmt::format("# {} ({})\n\nRules from: {}. {} clauses, {} reading points.\n\n![start position]({})\n\n",
                              v.name(), v.id(), v.source(), v.clauses().size(), v.readings().size(), svg_name);
  m += "## Findings\n\nNo rule findings are recorded for this variant: its rule text decides every case the model has met.\n\n";
  m += "## Reading points\n\n";
  if (v.readings().empty()) m += "None.\n\n";
  for (const ReadingPoint& r : v.readings()) {
    m += fmt::format("### `{}`\n\n{}\n\n*Text:* {}\n\n", r.id, r.question, r.quote);
    for (const Alternative& a : r.alternatives)
      m += fmt::format("- `{}`{}: {}\n", a.id, a.id == r.default_alternative ? " (default)" : "", a.description);
    m += fmt::format("\n*Why the default:* {}\n\n", r.why_default);
  }
  m += "## Clauses\n\n| id | rule sentence |\n|---|---|\n";
  for (const Clause& c : v.clauses()) m += fmt::format("| `{}` | {} |\n", c.id, md_escape(c.quote));
  m += "\n## Perft table\n\n";
  if (!s.perft_note.empty()) m += s.perft_note + "\n\n";
  if (!s.perft.empty()) {
    m += "| position | depth | published | model | |\n|---|---|---|---|---|\n";
    for (const PerftRow& r : s.perft)
      m += fmt::format("| `{}` | {} | {} | {} | {} |\n", r.fen, r.depth, r.expected, r.actual, r.ok() ? "agrees" : "**differs**");
  }
  return m;
}

}  // namespace

int write_report(const ReportOptions& options, std::ostream& log) {
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

  int problems = 0;
  std::string html = std::string("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Arbiter report</title><style>") +
                     kCss + "</style></head><body>\n<h1>Arbiter report</h1>\n";
  html += "<p>What each rule text leaves open, with the possible answers. Variants:</p><ul>\n";
  for (const VariantSection& s : sections)
    html += fmt::format("<li><a href=\"#{}\">{}</a></li>\n", s.variant->id(), html_escape(s.variant->name()));
  html += "</ul>\n";
  nlohmann::json variants_json = nlohmann::json::array();
  for (const VariantSection& s : sections) {
    html += html_section(s);
    std::string id(s.variant->id());
    std::string svg_name = id + "-start.svg";
    std::ofstream(options.out_dir + "/" + svg_name) << s.start_svg;
    std::ofstream(options.out_dir + "/" + id + ".md") << markdown_section(s, svg_name);
    int mismatches = 0;
    for (const PerftRow& r : s.perft) mismatches += !r.ok();
    problems += mismatches;
    variants_json.push_back({{"id", id},
                             {"name", s.variant->name()},
                             {"clauses", s.variant->clauses().size()},
                             {"readings", s.variant->readings().size()},
                             {"perft_checked", s.perft.size()},
                             {"perft_mismatches", mismatches}});
  }
  html += "</body></html>\n";
  std::ofstream(options.out_dir + "/index.html") << html;
  nlohmann::json findings = {{"schema", "arbiter-findings/1"}, {"variants", variants_json}, {"findings", nlohmann::json::array()}};
  std::ofstream(options.out_dir + "/findings.json") << findings.dump(2) << "\n";
  log << "wrote " << options.out_dir << "/index.html, findings.json and " << sections.size() << " variant pages\n";
  return problems;
}

}  // namespace arbiter::report
