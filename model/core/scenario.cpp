#include "model/core/scenario.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "model/core/divergence.h"
#include "model/core/legality.h"
#include "model/variants/registry.h"

namespace arbiter {

namespace {

std::string trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '\r')) ++a;
  while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r')) --b;
  return std::string(s.substr(a, b - a));
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

// "e6 Pp" -> (e6, Pp)
Expected<std::pair<std::string, std::string>> square_pair(const std::string& value) {
  auto w = words(value);
  if (w.size() != 2) return Error{"expected 'SQUARE PIECES' (PIECES as in FEN, '-' for empty), got '" + value + "'"};
  return std::make_pair(w[0], w[1]);
}

// The pieces on a square as FEN letters, in arrival order; "-" when empty.
std::string square_contents(const Variant& v, const Position& pos, Square s) {
  std::string out;
  for (PieceId id : pos.at(s)) {
    const Piece& p = pos.piece(id);
    std::string code = v.kinds()[p.kind].code;
    if (p.color == Color::Black)
      for (char& c : code) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out += code.size() == 1 ? code : "(" + code + ")";
  }
  return out.empty() ? "-" : out;
}

}  // namespace

Expected<std::vector<Scenario>> parse_scenarios(std::string_view text, const std::string& file) {
  std::vector<Scenario> out;
  std::istringstream in{std::string(text)};
  std::string raw;
  int number = 0;
  auto where = [&] { return file + ":" + std::to_string(number) + ": "; };
  while (std::getline(in, raw)) {
    ++number;
    std::string line = trim(raw);
    if (line.empty() || line[0] == '#') continue;
    if (line.starts_with("[scenario ") && line.back() == ']') {
      Scenario s;
      s.name = trim(line.substr(10, line.size() - 11));
      s.file = file;
      s.line = number;
      out.push_back(std::move(s));
      continue;
    }
    if (out.empty()) return Error{where() + "expected '[scenario NAME]' before '" + line.substr(0, 40) + "'"};
    Scenario& s = out.back();
    std::size_t colon = line.find(':');
    if (colon == std::string::npos) return Error{where() + "expected 'key: value', got '" + line.substr(0, 40) + "'"};
    std::string key = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
    auto add_square = [&](auto& list) -> std::optional<Error> {
      auto p = square_pair(value);
      if (!p) return Error{where() + p.error()};
      list.push_back(*p);
      return std::nullopt;
    };
    if (key == "variant") s.variant = value;
    else if (key == "source") s.source = value;
    else if (key == "question") s.question = value;
    else if (key == "fen") s.fen = value;
    else if (key == "moves") s.moves = value;
    else if (key == "reading") s.readings.push_back(value);
    else if (key == "submit") {
      if (value != "any") return Error{where() + "submit takes 'any', got '" + value + "'"};
      s.submit_any = true;
    }
    else if (key == "expect.after") s.after = value;
    else if (key == "expect.result") s.result = value;
    else if (key == "expect.square") { if (auto e = add_square(s.squares)) return *e; }
    else if (key == "expect.clauses") for (auto& w : words(value)) s.clauses.push_back(w);
    else if (key == "expect.not_clauses") for (auto& w : words(value)) s.not_clauses.push_back(w);
    else if (key == "expect.events") for (auto& w : words(value)) s.events.push_back(w);
    else if (key == "expect.readings") for (auto& w : words(value)) s.consulted.push_back(w);
    else if (key == "expect.divergent") for (auto& w : words(value)) s.divergent.push_back(w);
    else if (key == "expect.error") s.error = value;
    else if (key == "expect.scores") for (auto& w : words(value)) s.scores.push_back(w);
    else if (key == "expect.vars") for (auto& w : words(value)) s.vars.push_back(w);
    else if (key == "text.scores") for (auto& w : words(value)) s.text_scores.push_back(w);
    else if (key == "text.result") s.text_result = value;
    else if (key == "text.square") { if (auto e = add_square(s.text_squares)) return *e; }
    else if (key == "finding") {
      auto w = words(value);
      if (w.empty() || !parse_finding_kind(w[0])) return Error{where() + "finding needs a kind first, got '" + value + "'"};
      s.findings.emplace_back(w[0], trim(value.substr(w[0].size())));
    } else {
      return Error{where() + "unknown key '" + key + "'"};
    }
  }
  for (const Scenario& s : out) {
    if (s.variant.empty()) return Error{file + ":" + std::to_string(s.line) + ": scenario '" + s.name + "' has no variant"};
    if (s.source.empty()) return Error{file + ":" + std::to_string(s.line) + ": scenario '" + s.name + "' has no source"};
  }
  return out;
}

ScenarioRun run_scenario(const Scenario& sc) {
  ScenarioRun run;
  auto fail = [&](const std::string& what) { run.failures.push_back(what); };
  const Variant* v = find_variant(sc.variant);
  if (!v) {
    fail("unknown variant '" + sc.variant + "'");
    return run;
  }
  Readings readings;
  for (const std::string& a : sc.readings) {
    auto ok = readings.set(v->readings(), a);
    if (!ok) fail(ok.error());
  }
  State state = v->initial_state();
  if (!sc.fen.empty()) {
    auto parsed = v->parse_state(sc.fen);
    if (!parsed) {
      fail("bad fen: " + parsed.error());
      return run;
    }
    state = std::move(parsed.value());
  }
  std::vector<std::string> steps = words(sc.moves);
  State before = state;
  JointAction last_joint;
  std::optional<StepResult> last;
  bool rejected = false;  // the last step was rejected as expect.error says
  for (std::size_t i = 0; i < steps.size(); ++i) {
    std::vector<LegalityDivergence> refused;
    auto joint = sc.submit_any ? parse_joint_any_reading(*v, state, steps[i], readings, refused)
                               : v->parse_joint(state, steps[i], readings);
    if (!joint) {
      if (sc.error && i + 1 == steps.size()) {
        if (joint.error().find(*sc.error) == std::string::npos)
          fail("step " + std::to_string(i + 1) + " was rejected with '" + joint.error() + "', not '" + *sc.error + "'");
        // The findings and text.* claims below still apply, to the position
        // the rejected step was written in.
        rejected = true;
        break;
      }
      fail("step " + std::to_string(i + 1) + " '" + steps[i] + "': " + joint.error());
      return run;
    }
    before = state;
    last_joint = *joint;
    last = v->step(state, *joint, readings);
    state = last->state;
  }
  if (sc.error && !rejected) fail("expected the moves to be rejected with '" + *sc.error + "'");

  const Position& pos = state.position;
  if (sc.after && v->fen(state) != *sc.after) fail("after: expected " + *sc.after + ", got " + v->fen(state));
  if (sc.result && std::string(result_name(state.outcome.result)) != *sc.result)
    fail("result: expected " + *sc.result + ", got " + std::string(result_name(state.outcome.result)));
  auto contents = [&](const std::string& name, std::string* out) {
    std::size_t used = 0;
    auto sq = parse_square(pos.shape(), name, &used);
    if (!sq || used != name.size()) return false;
    *out = square_contents(*v, pos, *sq);
    return true;
  };
  for (const auto& [name, want] : sc.squares) {
    std::string got;
    if (!contents(name, &got)) fail("bad square '" + name + "'");
    else if (got != want) fail("square " + name + ": expected " + want + ", got " + got);
  }
  std::vector<std::string> scored;
  for (const auto& [role, points] : v->scores(state)) scored.push_back(role + "=" + std::to_string(points));
  auto has_score = [&](const std::string& want) { return std::find(scored.begin(), scored.end(), want) != scored.end(); };
  for (const std::string& want : sc.scores)
    if (!has_score(want)) {
      std::string counted;
      for (const std::string& c : scored) counted += (counted.empty() ? "" : " ") + c;
      fail("score " + want + " not given; the model counts " + (counted.empty() ? "none" : counted));
    }
  for (const std::string& want : sc.vars) {
    std::size_t eq = want.find('=');
    std::string key = want.substr(0, eq), value = eq == std::string::npos ? "" : want.substr(eq + 1);
    auto it = pos.vars.find(key);
    if (it == pos.vars.end()) fail("no variant field " + key);
    else if (it->second != value) fail("variant field " + key + ": expected " + value + ", got " + it->second);
  }
  if (!sc.text_scores.empty() && std::all_of(sc.text_scores.begin(), sc.text_scores.end(), has_score))
    fail("text.scores agree with the model: no mismatch to record");
  if (last && !rejected) {
    const Trace& t = last->trace;
    for (const std::string& c : sc.clauses)
      if (!t.fired(c)) fail("clause " + c + " did not fire");
    for (const std::string& c : sc.not_clauses)
      if (t.fired(c)) fail("clause " + c + " fired");
    for (const std::string& e : sc.events) {
      std::size_t at = e.find('@');
      std::string type = e.substr(0, at), square = at == std::string::npos ? "" : e.substr(at + 1);
      bool found = false;
      for (const Event& ev : t.events()) {
        if (event_type_name(ev.type) != type) continue;
        if (square.empty() || square_name(pos.shape(), ev.from) == square || square_name(pos.shape(), ev.to) == square)
          found = true;
      }
      if (!found) fail("no event " + e);
    }
    for (const std::string& c : sc.consulted) {
      std::size_t eq = c.find('=');
      const ReadingChoices::Entry* it = t.readings().find(c.substr(0, eq));
      if (!it) fail("reading point " + c.substr(0, eq) + " was not consulted");
      else if (eq != std::string::npos && it->alternative != c.substr(eq + 1))
        fail("reading point " + c.substr(0, eq) + " was consulted as " + std::string(it->alternative));
    }
    if (!sc.divergent.empty()) {
      auto found = find_divergences(*v, before, last_joint, readings, *last, nullptr, /*with_options=*/true);
      for (const std::string& p : sc.divergent) {
        bool hit = std::any_of(found.begin(), found.end(), [&](const Finding& f) { return f.reading == p; });
        if (!hit) fail("reading point " + p + " does not diverge here");
      }
    }
  } else if (!rejected && (!sc.clauses.empty() || !sc.events.empty() || !sc.consulted.empty() || !sc.divergent.empty())) {
    fail("expectations on a step, but the scenario plays no step");
  }

  // What the text claims must really differ from the model, or it is no mismatch.
  if (sc.text_result && std::string(result_name(state.outcome.result)) == *sc.text_result)
    fail("text.result " + *sc.text_result + " agrees with the model: no mismatch to record");
  for (const auto& [name, claimed] : sc.text_squares) {
    std::string got;
    if (contents(name, &got) && got == claimed) fail("text.square " + name + " agrees with the model: no mismatch");
  }
  for (const auto& [kind, detail] : sc.findings) {
    Finding f;
    f.kind = *parse_finding_kind(kind);
    f.variant = sc.variant;
    f.detail = detail;
    f.question = sc.question.empty() ? sc.source : sc.question;
    if (kind == "divergence" && !sc.divergent.empty()) f.reading = sc.divergent.front();
    // A rejected step is its own witness where some reading accepts its
    // actions (the finding replays it, refused under the scenario's
    // readings); else the step before it shows the position it was written in.
    std::vector<LegalityDivergence> refused;
    auto written = rejected ? parse_joint_any_reading(*v, state, steps.back(), readings, refused)
                            : Expected<JointAction>(Error{"not rejected"});
    if (written) {
      f.witness = witness_of(*v, state, *written, readings);
    } else if (last) {
      f.witness = witness_of(*v, before, last_joint, readings);
      for (std::string_view c : last->trace.clauses()) f.clauses.emplace_back(c);
    } else {
      f.witness.variant = sc.variant;
      f.witness.fen = v->fen(state);
    }
    if (kind == "example-mismatch" && !sc.text_result && sc.text_squares.empty() && sc.text_scores.empty())
      fail("an example-mismatch finding needs text.result, text.square or text.scores lines saying what the text claims");
    if (kind == "example-mismatch") {
      f.text.result = sc.text_result.value_or("");
      f.text.squares = sc.text_squares;
      // The moves the rules rejected, as the roles acting in the position they
      // were written in ("WHITE:BLACK" when both act).
      if (rejected) {
        Roles roles = v->roles_to_act(state);
        const std::string& written = steps.back();
        std::size_t start = 0;
        for (std::size_t r = 0; r < roles.size() && start <= written.size(); ++r) {
          std::size_t colon = written.find(':', start);
          f.text.rejected_actions.emplace_back(std::string(role_name(roles[r])), written.substr(start, colon == std::string::npos ? std::string::npos : colon - start));
          if (colon == std::string::npos) break;
          start = colon + 1;
        }
      }
    }
    run.findings.push_back(std::move(f));
  }
  return run;
}

ScenarioFolder load_scenario_folder(const std::string& folder, std::string_view only_variant) {
  namespace fs = std::filesystem;
  ScenarioFolder out;
  if (!fs::exists(folder)) return out;
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(folder))
    if (entry.is_regular_file() && entry.path().extension() == ".txt") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& path : files) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    auto parsed = parse_scenarios(ss.str(), path.string());
    if (!parsed) {
      out.unreadable.push_back({path.string(), parsed.error()});
      continue;
    }
    for (Scenario& s : parsed.value())
      if (only_variant.empty() || s.variant == only_variant) out.scenarios.push_back(std::move(s));
  }
  return out;
}

std::vector<State> start_states(const Variant& v, const std::string& folder) {
  std::vector<State> starts{v.initial_state()};
  for (const Scenario& sc : load_scenario_folder(folder, v.id()).scenarios) {
    if (sc.fen.empty()) continue;
    auto s = v.parse_state(sc.fen);
    if (!s) continue;
    // A scenario may set up a player with no move (a frozen king, say): its
    // result is the step's to settle, so play cannot start there.
    bool acts = false;
    for (Role r : v.roles_to_act(*s)) acts = acts || !v.actions(*s, r).empty();
    if (acts) starts.push_back(std::move(s.value()));
  }
  return starts;
}

std::vector<ScenarioResult> run_scenario_folder(const std::string& folder, std::string_view only_variant) {
  std::vector<ScenarioResult> results;
  ScenarioFolder loaded = load_scenario_folder(folder, only_variant);
  for (const auto& [file, error] : loaded.unreadable) {
    Scenario bad;
    bad.name = std::filesystem::path(file).filename().string();
    bad.file = file;
    results.push_back({bad, {{error}, {}}});
  }
  for (Scenario& s : loaded.scenarios) {
    ScenarioRun run = run_scenario(s);
    results.push_back({std::move(s), std::move(run)});
  }
  return results;
}

}  // namespace arbiter
