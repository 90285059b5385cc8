#include "reports/finding_view.h"

#include <fmt/format.h>

#include <cctype>
#include <fstream>

#include "model/core/legality.h"
#include "model/core/divergence.h"
#include "reports/board_svg.h"
#include "reports/html.h"
#include "reports/narrate.h"

namespace arbiter::report {

std::string tool_of(const std::string& source) { return source.substr(0, source.find(" (")); }

std::string finding_id(const std::string& signature) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : signature) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return fmt::format("{:012x}", h & 0xffffffffffffull);
}

namespace {

// The board as an example of the text has it: the model's position after the
// witness step, with the moves the text plays there that the rules reject
// made plainly (drawn as arrows: the piece goes, whatever it lands on is
// taken), then the claimed squares set as the text says and marked.
void add_text_claim(const Variant& v, const TextClaim& text, const JointAction& joint, const State& before,
                    const Readings& readings, FindingView& view) {
  State after = v.step(before, joint, readings).state;
  Position& pos = after.position;
  const BoardShape& shape = pos.shape();
  std::vector<Arrow> arrows;
  std::vector<std::pair<PieceId, Square>> moved;
  for (const auto& [role_text, move_text] : text.rejected_actions) {
    auto m = parse_move(shape, v.kinds(), move_text);
    if (!m || !pos.on_board(m->from) || !pos.on_board(m->to)) continue;
    arrows.push_back({m->from, m->to, role_text == "black" ? Color::Black : Color::White});
    if (pos.occupant(m->from) != kNoPiece) moved.emplace_back(pos.occupant(m->from), m->to);
  }
  for (const auto& [id, to] : moved) {
    std::vector<PieceId> there(pos.at(to).begin(), pos.at(to).end());
    for (PieceId other : there)
      if (pos.piece(other).color != pos.piece(id).color) pos.remove(other);
    if (pos.count(to) < kMaxStack) pos.move(id, to);
  }
  std::vector<Square> marked;
  for (const auto& [name, contents] : text.squares) {
    std::size_t used = 0;
    auto square = parse_square(shape, name, &used);
    if (!square || used != name.size()) continue;
    std::vector<PieceId> there(pos.at(*square).begin(), pos.at(*square).end());
    for (PieceId id : there) pos.remove(id);
    if (contents != "-") {
      for (char letter : contents) {
        auto kind = v.kinds().find(std::string(1, letter));
        if (kind) pos.add(*kind, std::isupper(static_cast<unsigned char>(letter)) ? Color::White : Color::Black, *square);
      }
    }
    marked.push_back(*square);
  }
  OutcomeView o{"the text", v.fen(after), text.result.empty() ? view.outcomes.back().result : text.result, {}, {}};
  std::string caption = arrows.empty() ? "the text" : "the text plays (rejected by the rules)";
  Diagram d = diagram_of(v, after);
  d.arrows = arrows;
  d.marked = marked;
  d.marked_meaning = "a square the text describes";
  d.caption = caption;
  o.svg = board_svg(d);
  view.outcomes.push_back(std::move(o));
}

}  // namespace

FindingView view_finding(const Variant& v, const Finding& f, const std::string& source) {
  FindingView view{f, finding_id(f.signature()), source, {tool_of(source)}, {}, {}, {}};
  auto state = v.parse_state(f.witness.fen);
  if (!state) {
    view.error = state.error();
    return view;
  }
  Readings readings;
  for (const auto& [point, alt] : f.witness.readings) readings.choose(point, alt);
  JointAction joint;
  std::vector<Arrow> arrows;
  for (const auto& [role_text, move_text] : f.witness.actions) {
    Role role = witness_role(v, *state, role_text);
    // As `arbiter resolve` reads it: a move the witness's readings refuse but
    // another alternative accepts is the step's own (its sanction is shown).
    std::vector<LegalityDivergence> refused;
    auto m = parse_action_any_reading(v, *state, role, move_text, readings, refused);
    if (!m) {
      view.error = m.error();
      return view;
    }
    joint.push_back({role, *m});
    arrows.push_back({m->from, m->to, role == Role::Black ? Color::Black : Color::White});
  }
  // A finding about a state (a well-formedness gap) has no step: the board is the state.
  Diagram before = diagram_of(v, *state);
  before.arrows = arrows;
  before.caption = joint.empty() ? "the state" : "before the step";
  view.before_svg = board_svg(before);
  if (joint.empty()) return view;

  auto outcome = [&](const std::string& label, const Readings& r) {
    StepResult res = v.step(*state, joint, r);
    std::vector<Square> marked;
    for (const Event& e : res.trace.events())
      if (e.type == EventType::Collision || e.type == EventType::Bounce || e.type == EventType::Remove)
        marked.push_back(e.type == EventType::Bounce ? e.to : (e.from != kNoSquare ? e.from : e.to));
    OutcomeView o{label, v.fen(res.state), std::string(result_name(res.state.outcome.result)), {},
                  narrate(v, *state, joint, res)};
    Diagram d = diagram_of(v, res.state);
    d.marked = marked;
    d.marked_meaning = "where pieces met, bounced or were removed";
    // A move this reading refuses, crossed out on the board it leaves.
    for (const Event& e : res.trace.events()) {
      if (e.type != EventType::Reject) continue;
      for (std::size_t i = 0; i < joint.size(); ++i) {
        bool theirs = joint[i].role == (e.color == Color::Black ? Role::Black : Role::White) || joint.size() == 1;
        if (theirs && arrows.size() > i && arrows[i].from != kNoSquare && arrows[i].to != kNoSquare) d.refused.push_back(arrows[i]);
      }
    }
    d.caption = "after: " + label;
    o.svg = board_svg(d);
    view.outcomes.push_back(std::move(o));
  };
  const ReadingPoint* point = f.reading.empty() ? nullptr : find_reading(v.readings(), f.reading);
  if (f.kind == FindingKind::Order) {
    // The step with the movers in the order the code lists them, and in the
    // witness's order, which gives another result.
    for (std::uint32_t order : {std::uint32_t{0}, f.witness.visit_order}) {
      Readings r = readings;
      r.set_visit_order(order);
      outcome(order == 0 ? "movers in the code's order" : "movers in order " + std::to_string(order), r);
    }
  } else if (point) {
    for (const Alternative& a : point->alternatives) {
      Readings r = readings;
      r.choose(point->id, a.id);
      outcome(std::string(a.id) + (a.id == point->default_alternative ? " (default)" : ""), r);
    }
  } else {
    outcome("model", readings);
  }
  if (!f.text.empty() && !view.outcomes.empty()) add_text_claim(v, f.text, joint, *state, readings, view);
  return view;
}

std::string finding_html(const Variant& v, const FindingView& view, const FindingNotes& notes) {
  const Finding& f = view.finding;
  std::string h = fmt::format(
      "<div class=\"finding\" id=\"f{0}\"><h4><a class=\"permalink\" href=\"#f{0}\" title=\"link to this finding\">#</a> {1} "
      "<small>{0} found by {2}</small></h4>\n",
      view.id, html_escape(finding_kind_name(f.kind)), html_escape(view.source));
  if (!notes.status.empty()) h += "<p class=\"status\">" + html_escape(notes.status) + "</p>\n";
  if (!notes.ruling.empty()) h += "<p class=\"ruling\">" + html_escape(notes.ruling) + "</p>\n";
  // The sentence the question is about, quoted first.
  const ReadingPoint* point = f.reading.empty() ? nullptr : find_reading(v.readings(), f.reading);
  if (point)
    h += fmt::format("<blockquote>{}</blockquote><p class=\"cite\">the text, for the reading point <a href=\"#rp-{}\"><code>{}</code></a></p>\n",
                     html_escape(point->quote), html_escape(point->id), html_escape(point->id));
  if (!f.clauses.empty()) {
    h += "<ul class=\"clauses\">";
    for (const std::string& c : f.clauses) {
      const Clause* clause = find_clause(v.clauses(), c);
      h += clause ? fmt::format("<li><q>{}</q> (<a href=\"#cl-{}\"><code>{}</code></a>)</li>", html_escape(clause->quote),
                                html_escape(c), html_escape(c))
                  : fmt::format("<li><code>{}</code></li>", html_escape(c));
    }
    h += "</ul>\n";
  }
  if (!f.question.empty()) h += "<p class=\"question\"><b>Question:</b> " + html_escape(f.question) + "</p>\n";
  if (!notes.impact.empty()) h += "<p class=\"impact\">In random play: " + html_escape(notes.impact) + ".</p>\n";
  if (!f.detail.empty()) h += "<p>" + html_escape(f.detail) + "</p>\n";
  if (!view.error.empty()) h += "<p class=\"bad\">Witness not replayable: " + html_escape(view.error) + "</p>\n";
  h += "<div class=\"boards\">";
  if (!view.before_svg.empty()) h += "<figure>" + view.before_svg + "<figcaption>before (White solid, Black dashed)</figcaption></figure>";
  // An outcome's account of the step sits under its label, as wide as its
  // board: the words claim no width of their own (contain:inline-size), so
  // the board sets the figure's width and they wrap under it.
  for (const OutcomeView& o : view.outcomes) {
    std::string told = o.narration.empty() ? ""
                                           : "<span class=\"narration\" style=\"display:block;contain:inline-size;"
                                             "text-align:left\">" + html_escape(o.narration) + "</span>";
    h += fmt::format("<figure>{}<figcaption>{}: {}{}</figcaption></figure>", o.svg, html_escape(o.label),
                     html_escape(o.result), told);
  }
  h += "</div>\n";
  h += fmt::format("<p>Replay: <code>{}</code></p></div>\n", html_escape(f.witness.replay_command()));
  return h;
}

std::string finding_markdown(const Variant& v, const FindingView& view, const std::string& out_dir,
                             const FindingNotes& notes) {
  const Finding& f = view.finding;
  std::string m = fmt::format("### {} #{} (found by {})\n\n", finding_kind_name(f.kind), view.id, view.source);
  if (!notes.status.empty()) m += "*" + notes.status + "*\n\n";
  if (!notes.ruling.empty()) m += "*" + notes.ruling + "*\n\n";
  const ReadingPoint* point = f.reading.empty() ? nullptr : find_reading(v.readings(), f.reading);
  if (point) m += "> " + std::string(point->quote) + "\n\n";
  if (!f.question.empty()) m += "**Question:** " + f.question + "\n\n";
  if (!notes.impact.empty()) m += "In random play: " + notes.impact + ".\n\n";
  if (!f.detail.empty()) m += f.detail + "\n\n";
  if (!f.reading.empty()) m += "Reading point: `" + f.reading + "`\n\n";
  for (const std::string& c : f.clauses) {
    const Clause* clause = find_clause(v.clauses(), c);
    m += "- `" + c + "`" + (clause ? ": " + std::string(clause->quote) : "") + "\n";
  }
  if (!f.clauses.empty()) m += "\n";
  if (!view.error.empty()) m += "Witness not replayable: " + view.error + "\n\n";
  auto write_svg = [&](const std::string& name, const std::string& svg) {
    std::ofstream(out_dir + "/" + name) << svg;
    return name;
  };
  std::string prefix = std::string(v.id()) + "-" + view.id;
  if (!view.before_svg.empty()) m += "![before](" + write_svg(prefix + "-before.svg", view.before_svg) + ") ";
  int i = 0;
  for (const OutcomeView& o : view.outcomes)
    m += "![" + o.label + ": " + o.result + "](" + write_svg(prefix + "-after-" + std::to_string(i++) + ".svg", o.svg) + ") ";
  m += "\n\n";
  for (const OutcomeView& o : view.outcomes) {
    m += "- after, " + o.label + ": " + o.result + ", `" + o.fen + "`\n";
    if (!o.narration.empty()) m += "  " + o.narration + "\n";
  }
  m += "\nReplay: `" + f.witness.replay_command() + "`\n\n";
  return m;
}

}  // namespace arbiter::report
