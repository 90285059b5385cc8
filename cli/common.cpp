#include "cli/common.h"

#include <charconv>
#include <cmath>
#include <iostream>
#include <set>
#include <string_view>
#include <sstream>

#include "model/core/divergence.h"
#include "model/core/echo.h"
#include "model/variants/registry.h"
#include "reports/findings_json.h"

namespace arbiter::cli {

void add_json_flag(CLI::App& cmd, Options& options) {
  cmd.add_flag("--json", options.json, "print JSON instead of text");
}

std::string fmt_number(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

CLI::Validator whole_number(std::uint64_t max) {
  return CLI::Validator(
      [max](std::string& text) -> std::string {
        std::uint64_t value = 0;
        bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (!digits || ec != std::errc() || end != text.data() + text.size() || value > max)
          return "expected a whole number from 0 to " + std::to_string(max);
        // CLI11 converts with base 0 ("010" is octal 8): it gets the number
        // written plainly.
        text = std::to_string(value);
        return "";
      },
      "0.." + std::to_string(max));
}

CLI::Validator decimal_integer() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::size_t sign = text.starts_with('-') ? 1 : 0;
        if (text.size() == sign || text.find_first_not_of("0123456789", sign) != std::string::npos)
          return "expected an integer in decimal digits, not '" + echo(text) + "'";
        // CLI11 converts with base 0 ("010" is octal 8): leading zeros go.
        std::size_t first = text.find_first_not_of('0', sign);
        text.erase(sign, (first == std::string::npos ? text.size() - 1 : first) - sign);
        return "";
      },
      "");
}

const Variant& variant_or_throw(const std::string& id) {
  if (const Variant* v = find_variant(id)) return *v;
  std::string known;
  for (const Variant* v : all_variants()) known += (known.empty() ? "" : ", ") + std::string(v->id());
  throw UsageError("unknown variant '" + echo(id) + "' (known: " + known + ")");
}

State state_or_throw(const Variant& v, const std::string& fen) {
  if (fen.empty()) return v.initial_state();
  auto s = v.parse_state(fen);
  if (!s) throw UsageError("bad FEN: " + s.error());
  return std::move(s.value());
}

Readings readings_or_throw(const Variant& v, const std::vector<std::string>& assignments) {
  Readings r;
  std::set<std::string, std::less<>> named;
  for (const std::string& a : assignments) {
    auto ok = r.set(v.readings(), a);
    if (!ok) throw UsageError(ok.error());
    // Naming a point twice leaves one of the two in force without a word.
    std::string_view point = std::string_view(a).substr(0, a.find('='));
    if (!named.emplace(point).second)
      throw UsageError("reading point '" + echo(point) + "' is given twice (give one alternative for each point)");
  }
  return r;
}

Move move_or_throw(const Variant& v, const State& s, Role role, const std::string& text, const Readings& readings) {
  auto m = v.parse_action(s, role, text, readings);
  if (!m) throw UsageError(m.error());
  return *m;
}

JointAction joint_or_throw(const Variant& v, const State& s, const std::string& text, const Readings& readings) {
  auto joint = v.parse_joint(s, text, readings);
  if (!joint) throw UsageError(joint.error());
  return *joint;
}

nlohmann::json pieces_json(const Variant& v, const Position& pos) {
  nlohmann::json pieces = nlohmann::json::array();
  for (Square s = 0; s < pos.shape().size(); ++s) {
    for (PieceId id : pos.at(s)) {
      const Piece& p = pos.piece(id);
      nlohmann::json j = {{"square", square_name(pos.shape(), s)},
                          {"color", color_name(p.color)},
                          {"kind", v.kinds()[p.kind].code},
                          {"id", p.id}};
      pieces.push_back(j);
    }
  }
  return pieces;
}

nlohmann::json finding_json(const Finding& f) { return report::finding_to_json(f); }

nlohmann::json legality_json(const std::vector<LegalityDivergence>& divergences, const StepResult& result) {
  nlohmann::json out = nlohmann::json::array();
  for (const LegalityDivergence& d : divergences) {
    std::string sanction = "none recorded: the step took the move";
    for (const Event& e : result.trace.events()) {
      bool own = (d.role == Role::White && e.color == Color::White) || (d.role == Role::Black && e.color == Color::Black);
      if (e.type == EventType::Reject && own) sanction = e.detail.empty() ? std::string(e.clause) : e.detail;
    }
    out.push_back({{"role", role_name(d.role)},
                   {"move", d.move},
                   {"refused_under", "the readings in force"},
                   {"accepted_under", d.accepted_under},
                   {"sanction", sanction}});
  }
  return out;
}

std::string legality_text(const nlohmann::json& legality) {
  std::string out;
  for (const auto& d : legality) {
    out += "legality: " + d["role"].get<std::string>() + " " + d["move"].get<std::string>() +
           " is refused under the readings in force (" + d["sanction"].get<std::string>() + "); accepted under";
    for (const auto& a : d["accepted_under"]) out += " " + a.get<std::string>();
    out += "\n";
  }
  return out;
}

namespace {
// A solitaire ends in the player's win or loss, not a colour's.
bool is_solitaire(const Variant& v) {
  for (Result r : v.winning_results())
    if (r == Result::PlayerWins) return true;
  return false;
}
}  // namespace

nlohmann::json variants_json() {
  nlohmann::json list = nlohmann::json::array();
  for (const Variant* v : all_variants()) {
    State s = v->initial_state();
    list.push_back({{"id", v->id()},
                    {"name", v->name()},
                    {"source", v->source()},
                    {"simultaneous", v->simultaneous()},
                    {"solitaire", is_solitaire(*v)},
                    {"hidden_information", v->hidden_information()},
                    {"board", std::to_string(s.position.shape().files) + "x" + std::to_string(s.position.shape().ranks)},
                    {"start", v->fen(s)},
                    {"clauses", v->clauses().size()},
                    {"readings", std::count_if(v->readings().begin(), v->readings().end(),
                                               [](const ReadingPoint& r) { return !r.option; })},
                    {"options", std::count_if(v->readings().begin(), v->readings().end(),
                                              [](const ReadingPoint& r) { return r.option; })}});
  }
  return list;
}

nlohmann::json rules_json(const Variant& v) {
  nlohmann::json clauses = nlohmann::json::array(), readings = nlohmann::json::array(), options = nlohmann::json::array();
  for (const Clause& c : v.clauses()) clauses.push_back({{"id", c.id}, {"quote", c.quote}});
  for (const ReadingPoint& r : v.readings()) {
    nlohmann::json alts = nlohmann::json::array(), described = nlohmann::json::array();
    for (const Alternative& a : r.alternatives) {
      alts.push_back(a.id);
      described.push_back({{"id", a.id}, {"description", a.description}});
    }
    (r.option ? options : readings)
        .push_back({{"id", r.id},
                    {"question", r.question},
                    {"quote", r.quote},
                    {"alternatives", alts},
                    {"described", described},
                    {"default", r.default_alternative},
                    {"why_default", r.why_default}});
  }
  // Options (the text's own variations) apart from the reading points (the
  // questions it leaves open).
  return {{"variant", v.id()}, {"source", v.source()}, {"clauses", clauses}, {"readings", readings}, {"options", options}};
}

nlohmann::json step_json(const Variant& v, const State& before, const JointAction& joint, const Readings& readings,
                         const StepResult& result, const std::vector<Finding>& findings) {
  (void)readings;
  const BoardShape& shape = before.position.shape();
  nlohmann::json j;
  j["variant"] = v.id();
  j["before"] = v.fen(before);
  j["after"] = v.fen(result.state);
  for (const Action& a : joint) {
    j[std::string(role_name(a.role))] = v.move_text(before, a.move);
    if (joint.size() == 1) {
      j["move"] = v.move_text(before, a.move);
      j["san"] = v.san(before, a.move);
    }
  }
  j["pieces"] = pieces_json(v, result.state.position);
  nlohmann::json events = nlohmann::json::array();
  for (const Event& e : result.trace.events()) {
    nlohmann::json ej = {{"type", event_type_name(e.type)}};
    if (e.piece != kNoPiece) ej["piece"] = e.piece;
    if (e.kind != kNoKind) {
      ej["kind"] = v.kinds()[e.kind].code;
      ej["color"] = color_name(e.color);
    }
    if (e.from != kNoSquare) ej["from"] = square_name(shape, e.from);
    if (e.to != kNoSquare) ej["to"] = square_name(shape, e.to);
    if (!e.clause.empty()) ej["clause"] = e.clause;
    if (!e.detail.empty()) ej["detail"] = e.detail;
    events.push_back(ej);
  }
  j["events"] = events;
  j["result"] = result_name(result.state.outcome.result);
  if (result.state.outcome.over()) j["reason"] = result.state.outcome.reason;
  if (auto scores = v.scores(result.state); !scores.empty()) {
    nlohmann::json sj = nlohmann::json::object();
    for (const auto& [role, points] : scores) sj[role] = points;
    j["scores"] = sj;
  }
  nlohmann::json clauses = nlohmann::json::array();
  for (std::string_view c : result.trace.clauses()) clauses.push_back(c);
  j["clauses"] = clauses;
  j["readings"] = result.trace.readings().as_map();
  nlohmann::json fs = nlohmann::json::array();
  for (const Finding& f : findings) fs.push_back(finding_json(f));
  j["findings"] = fs;
  return j;
}

void print_json(const nlohmann::json& j) {
  std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

int report_error(const Options& options, const std::string& message, int code, const nlohmann::json& fields) {
  std::string line = one_line(message);
  std::cerr << "arbiter: " << line << "\n";
  if (options.json) {
    nlohmann::json j = fields.is_object() ? fields : nlohmann::json::object();
    j["error"] = line;
    print_json(j);
  }
  return code;
}

CLI::Validator finite_range(double lo, double hi) {
  std::string range = "a number from " + fmt_number(lo) + " to " + fmt_number(hi);
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value) || !std::isfinite(value) || value < lo || value > hi)
          return "expected " + range;
        return "";
      },
      "NUMBER in [" + fmt_number(lo) + ", " + fmt_number(hi) + "]");
}

std::vector<std::pair<std::string, std::uint64_t>> divide_counts(
    const Variant& v, const State& s, int depth, const Readings& readings,
    const std::function<std::uint64_t(const State&, int)>& count) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  Roles roles = v.roles_to_act(s);
  std::vector<std::vector<Move>> per_role;
  for (Role r : roles) per_role.push_back(v.actions(s, r, readings));
  std::vector<std::size_t> index(roles.size(), 0);
  bool any = !roles.empty() && depth > 0;
  for (const auto& m : per_role) any = any && !m.empty();
  while (any) {
    JointAction joint;
    std::string label;
    for (std::size_t i = 0; i < roles.size(); ++i) {
      joint.push_back({roles[i], per_role[i][index[i]]});
      label += (i ? ":" : "") + v.move_text(s, per_role[i][index[i]]);
    }
    out.emplace_back(label, count(v.apply(s, joint, readings), depth - 1));
    std::size_t i = 0;
    while (i < roles.size() && ++index[i] == per_role[i].size()) index[i++] = 0;
    if (i == roles.size()) break;
  }
  return out;
}

}  // namespace arbiter::cli
