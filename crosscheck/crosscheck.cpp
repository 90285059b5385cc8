#include "crosscheck/crosscheck.h"

#include <algorithm>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

#include "cli/common.h"
#include "cli/protocol.h"
#include "crosscheck/divide_compare.h"
#include "crosscheck/protocol_engine.h"
#include "crosscheck/uci_engine.h"
#include "model/core/scenario.h"

namespace arbiter::crosscheck {

namespace {

using nlohmann::json;

std::string joined(const std::vector<std::string>& words, std::string_view sep = " ") {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : std::string(sep)) + w;
  return out;
}

// A word for a shell command line, in single quotes when it needs them.
std::string shell_word(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=./:,") ==
                           std::string::npos)
    return word;
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The positions compared: the start, the scenario files' positions, and the
// positions of seeded random play, each once.
std::vector<std::string> positions_to_check(const Variant& v, const Options& options, const Readings& readings) {
  std::vector<std::string> fens;
  std::set<std::string> seen;
  auto add = [&](const State& s) {
    std::string fen = v.fen(s);
    if (seen.insert(fen).second) fens.push_back(fen);
  };
  add(v.initial_state());
  int taken = 0;
  for (const Scenario& sc : load_scenario_folder(options.scenario_dir, v.id()).scenarios) {
    if (sc.fen.empty() || taken >= options.max_scenario_positions) continue;
    auto s = v.parse_state(sc.fen);
    if (!s.ok()) continue;
    std::size_t before = fens.size();
    add(*s);
    taken += fens.size() > before ? 1 : 0;
  }
  std::mt19937_64 rng(options.seed);
  for (int i = 0; i < options.random_positions; ++i) {
    State s = v.initial_state();
    int plies = 1 + static_cast<int>(rng() % 16);
    for (int ply = 0; ply < plies; ++ply) {
      Roles roles = v.roles_to_act(s);
      if (roles.empty()) break;
      JointAction joint;
      for (Role role : roles) {
        std::vector<Move> moves = v.actions(s, role, readings);
        if (moves.empty()) break;
        joint.push_back({role, moves[rng() % moves.size()]});
      }
      if (joint.size() != roles.size()) break;
      s = v.apply(s, joint, readings);
    }
    add(s);
  }
  return fens;
}

// The comparison with an engine of the serve protocol.
class ProtocolRun {
 public:
  ProtocolRun(const Variant& v, const Options& options, engine::ProtocolEngine& engine, Outcome& out)
      : v_(v), options_(options), engine_(engine), out_(out), rng_(options.seed ^ 0x9e3779b97f4a7c15ull) {
    readings_ = json::object();
    for (const std::string& a : options.readings) {
      auto eq = a.find('=');
      readings_[a.substr(0, eq)] = eq == std::string::npos ? "" : a.substr(eq + 1);
    }
  }

  // True once the outcome is decided: a difference or an engine failure.
  bool check(const std::string& fen) {
    ++out_.positions;
    json actions;
    if (compare_actions(fen, &actions)) return true;
    if (actions["result"] != "ongoing") return false;
    if (options_.depth >= 1 && descend(fen, options_.depth)) return true;
    // Steps of sampled joint actions: differences that leave the counts alone.
    std::vector<std::string> labels = joint_labels(actions["actions"]);
    std::shuffle(labels.begin(), labels.end(), rng_);
    if (labels.size() > static_cast<std::size_t>(options_.steps_per_position)) labels.resize(options_.steps_per_position);
    std::string after;
    for (const std::string& label : labels)
      if (compare_step(fen, label, &after)) return true;
    return false;
  }

 private:
  json request(std::string_view op, const std::string& fen) const {
    json r = {{"op", op}, {"variant", v_.id()}, {"fen", fen}};
    if (!readings_.empty()) r["readings"] = readings_;
    return r;
  }

  json ours(const json& request) const {
    json r = cli::respond(request.dump());
    if (!r.value("ok", false)) throw std::runtime_error("Arbiter cannot answer " + request.dump() + ": " + r.value("error", ""));
    return r;
  }

  std::optional<json> theirs(const json& request) {
    auto r = engine_.request(request);
    if (auto* e = std::get_if<engine::EngineError>(&r)) {
      out_.status = Outcome::Status::error;
      out_.failure = e->kind;
      out_.error = e->message;
      return std::nullopt;
    }
    ++out_.requests;
    return std::get<json>(r);
  }

  bool garbage(const std::string& what) {
    out_.status = Outcome::Status::error;
    out_.failure = engine::FailureKind::garbage;
    out_.error = "engine " + engine::quoted(engine_.program()) + ": " + what;
    return true;
  }

  bool differ(std::string what, const std::string& fen, const std::string& action, std::string ours, std::string theirs,
              const json& request) {
    out_.status = Outcome::Status::disagree;
    out_.what = std::move(what);
    out_.fen = fen;
    out_.action = action;
    out_.ours = std::move(ours);
    out_.theirs = std::move(theirs);
    std::string reading_args;
    for (const std::string& a : options_.readings) reading_args += " --reading " + shell_word(a);
    std::string id(v_.id());
    if (out_.what == "step")
      out_.replay.push_back("arbiter resolve " + id + " --fen " + shell_word(fen) + " --move " + shell_word(action) + reading_args);
    else if (out_.what == "divide")
      out_.replay.push_back("arbiter perft " + id + " --fen " + shell_word(fen) + " --depth " + std::to_string(request.value("depth", 1)) +
                            " --divide" + reading_args);
    out_.replay.push_back(request.dump());
    if (out_.what == "actions" || out_.what == "result") out_.replay.insert(out_.replay.begin(), "echo " + shell_word(request.dump()) + " | arbiter serve");
    return true;
  }

  // Every joint action of an actions answer, labelled as divide labels them.
  std::vector<std::string> joint_labels(const json& actions) const {
    std::vector<std::string> labels = {""};
    for (const char* role : {"white", "black", "player"}) {
      if (!actions.contains(role)) continue;
      std::vector<std::string> next;
      for (const std::string& prefix : labels)
        for (const json& m : actions[role]) next.push_back(prefix.empty() ? m.get<std::string>() : prefix + ":" + m.get<std::string>());
      labels = std::move(next);
    }
    return labels.size() == 1 && labels.front().empty() ? std::vector<std::string>{} : labels;
  }

  bool compare_actions(const std::string& fen, json* our_answer) {
    json req = request("actions", fen);
    json a = ours(req);
    *our_answer = a;
    auto b = theirs(req);
    if (!b) return true;
    if (!b->contains("actions") || !(*b)["actions"].is_object() || !b->contains("result"))
      return garbage("answered actions without \"actions\" and \"result\": " + b->dump().substr(0, 120));
    if (a["result"] != (*b)["result"])
      return differ("result", fen, "", "result " + a["result"].dump(), "result " + (*b)["result"].dump(), req);
    std::set<std::string> roles;
    for (const auto& [role, _] : a["actions"].items()) roles.insert(role);
    for (const auto& [role, _] : (*b)["actions"].items()) roles.insert(role);
    for (const std::string& role : roles) {
      std::set<std::string> mine, engine;
      if (a["actions"].contains(role))
        for (const json& m : a["actions"][role]) mine.insert(m.get<std::string>());
      if ((*b)["actions"].contains(role)) {
        if (!(*b)["actions"][role].is_array()) return garbage("answered actions of " + role + " that are not a list");
        for (const json& m : (*b)["actions"][role]) {
          if (!m.is_string()) return garbage("answered an action of " + role + " that is not a string");
          engine.insert(m.get<std::string>());
        }
      }
      if (mine == engine) continue;
      std::vector<std::string> only_mine, only_engine;
      std::set_difference(mine.begin(), mine.end(), engine.begin(), engine.end(), std::back_inserter(only_mine));
      std::set_difference(engine.begin(), engine.end(), mine.begin(), mine.end(), std::back_inserter(only_engine));
      auto line = [&](const std::set<std::string>& all, const std::vector<std::string>& only, std::string_view other) {
        return role + ": " + std::to_string(all.size()) + " actions; " + (only.empty() ? "none" : joined(only)) + " not in " +
               std::string(other) + "'s";
      };
      return differ("actions", fen, "", line(mine, only_mine, "the engine"), line(engine, only_engine, "Arbiter"), req);
    }
    return false;
  }

  // The request's moves for a joint action label ("e2e4", "e2e4:e7e5").
  json moves_of(const std::string& fen, const std::string& label) const {
    auto s = v_.parse_state(fen);
    if (!s.ok()) throw std::runtime_error("Arbiter cannot read its own FEN " + fen);
    json moves = json::object();
    std::size_t from = 0;
    for (Role role : v_.roles_to_act(*s)) {
      std::size_t colon = label.find(':', from);
      moves[std::string(role_name(role))] = label.substr(from, colon == std::string::npos ? std::string::npos : colon - from);
      from = colon == std::string::npos ? label.size() : colon + 1;
    }
    return moves;
  }

  bool compare_step(const std::string& fen, const std::string& label, std::string* after) {
    json req = request("step", fen);
    req["moves"] = moves_of(fen, label);
    json a = ours(req);
    auto b = theirs(req);
    if (!b) return true;
    if (!b->contains("after") || !(*b)["after"].is_string() || !b->contains("result"))
      return garbage("answered step without \"after\" and \"result\": " + b->dump().substr(0, 120));
    auto line = [](const json& r) { return "after " + r["after"].get<std::string>() + ", result " + r["result"].dump(); };
    if (a["after"] != (*b)["after"] || a["result"] != (*b)["result"]) return differ("step", fen, label, line(a), line(*b), req);
    *after = a["after"].get<std::string>();
    return false;
  }

  std::optional<uci::Divide> divide_of(const json& r) {
    if (!r.contains("divide") || !r["divide"].is_array()) return std::nullopt;
    uci::Divide d;
    for (const json& e : r["divide"]) {
      if (!e.is_object() || !e.contains("move") || !e["move"].is_string() || !e.contains("nodes") || !e["nodes"].is_number_unsigned())
        return std::nullopt;
      d.emplace_back(e["move"].get<std::string>(), e["nodes"].get<std::uint64_t>());
    }
    return d;
  }

  // `agreed`, if given, receives the total of the two divides when they agree.
  bool descend(const std::string& fen, int depth, std::uint64_t* agreed = nullptr) {
    json req = request("divide", fen);
    req["depth"] = depth;
    json a = ours(req);
    auto b = theirs(req);
    if (!b) return true;
    auto mine = divide_of(a);
    auto engine = divide_of(*b);
    if (!engine) return garbage("answered divide without a list of {\"move\", \"nodes\"}: " + b->dump().substr(0, 120));
    auto diffs = uci::diff_divides(*mine, *engine);
    if (diffs.empty()) {
      if (agreed != nullptr) {
        *agreed = 0;
        for (const auto& [move, nodes] : *mine) *agreed += nodes;
      }
      return false;
    }
    const uci::MoveDiff& d = diffs.front();
    out_.descent.push_back({fen, depth, d.move, d.ours, d.reference});
    if (d.kind == uci::DiffKind::missing_in_ours)
      return differ("divide", fen, d.move, "no joint action " + d.move, d.move + ": " + std::to_string(d.reference), req);
    if (d.kind == uci::DiffKind::extra_in_ours)
      return differ("divide", fen, d.move, d.move + ": " + std::to_string(d.ours), "no joint action " + d.move, req);
    std::string after;
    if (compare_step(fen, d.move, &after)) return true;
    std::optional<std::uint64_t> below;
    if (depth > 1) {
      json child;
      if (compare_actions(after, &child)) return true;
      std::uint64_t total = 0;
      if (descend(after, depth - 1, &total)) return true;
      below = total;
    }
    // The step and everything below it agree, yet the counts differ.
    differ("divide", fen, d.move, d.move + ": " + std::to_string(d.ours), d.move + ": " + std::to_string(d.reference), req);
    if (below) {
      // Both sides' divides after the action agree, so their total is one
      // number: a side whose count of the action differs from it contradicts
      // itself (its count is not the sum of its own divide after it).
      std::vector<std::string> inconsistent;
      if (d.ours != *below) inconsistent.push_back("Arbiter");
      if (d.reference != *below) inconsistent.push_back("the engine");
      std::string who = inconsistent.size() == 2 ? "Arbiter and the engine contradict themselves"
                        : inconsistent.size() == 1 ? inconsistent.front() + " contradicts itself"
                                                   : "neither contradicts itself (a side is not deterministic)";
      out_.replay.push_back("note: after " + d.move + " the divides at depth " + std::to_string(depth - 1) + " agree (" +
                            std::to_string(*below) + " in all), so " + who + ": a count of " + d.move + " at depth " +
                            std::to_string(depth) + " that is not the sum of its own divide after it");
    }
    return true;
  }

  const Variant& v_;
  const Options& options_;
  engine::ProtocolEngine& engine_;
  Outcome& out_;
  std::mt19937_64 rng_;
  json readings_;
};

Outcome run_protocol(const Variant& v, const Options& options, const std::vector<std::string>& fens, Outcome out) {
  auto started = engine::ProtocolEngine::start(options.engine, options.timeout);
  if (auto* e = std::get_if<engine::EngineError>(&started)) {
    out.status = Outcome::Status::error;
    out.failure = e->kind;
    out.error = e->message;
    return out;
  }
  engine::ProtocolEngine& engine = std::get<engine::ProtocolEngine>(started);
  ProtocolRun run(v, options, engine, out);
  for (const std::string& fen : fens)
    if (run.check(fen)) break;
  return out;
}

Outcome run_uci(const Variant& v, const Options& options, const std::vector<std::string>& fens, const Readings& readings,
                Outcome out) {
  auto fail = [&](const engine::EngineError& e) {
    out.status = Outcome::Status::error;
    out.failure = e.kind;
    out.error = e.message;
    return out;
  };
  std::vector<std::string> args(options.engine.begin() + 1, options.engine.end());
  auto started = uci::UciEngine::start(options.engine.front(), args, options.timeout);
  if (auto* e = std::get_if<engine::EngineError>(&started)) return fail(*e);
  uci::UciEngine& engine = std::get<uci::UciEngine>(started);
  if (!options.variants_file.empty()) {
    if (auto e = engine.set_option("VariantPath", options.variants_file)) return fail(*e);
    if (auto e = engine.reload_options()) return fail(*e);
  }
  if (!options.uci_variant.empty())
    if (auto e = engine.set_option("UCI_Variant", options.uci_variant)) return fail(*e);

  // UCI engines count perft by move generation: a game that a rule ends with
  // moves still on the board (a dead position, fifty moves) goes on counting.
  // So the outcome is cleared after each move, and the leaves are counted as
  // `arbiter perft` counts them without readings.
  auto state_after = [&](std::string_view root, std::span<const std::string> moves) {
    State s = cli::state_or_throw(v, std::string(root));
    s.outcome = {};
    for (const std::string& m : moves) {
      s = v.apply(s, cli::joint_or_throw(v, s, m, readings), readings);
      s.outcome = {};
    }
    return s;
  };
  const bool chosen = !readings.chosen().empty();
  uci::DivideSide ours{"arbiter", [&](std::string_view root, std::span<const std::string> moves, int depth) -> uci::DivideResult {
                         State s = state_after(root, moves);
                         auto count = [&](const State& from, int d) { return chosen ? v.perft(from, d, readings) : v.perft(from, d); };
                         return cli::divide_counts(v, s, depth, readings, count);
                       }};
  std::optional<engine::EngineError> engine_failure;
  uci::DivideSide theirs{engine.id_name().empty() ? "engine" : engine.id_name(),
                         [&](std::string_view root, std::span<const std::string> moves, int depth) -> uci::DivideResult {
                           auto r = engine.perft_divide(root, depth, moves);
                           if (auto* e = std::get_if<engine::EngineError>(&r)) {
                             engine_failure = *e;
                             return e->message;
                           }
                           ++out.requests;
                           return std::move(std::get<uci::PerftDivide>(r).moves);
                         }};
  uci::FenFn fen_of = [&](std::string_view root, std::span<const std::string> moves) { return v.fen(state_after(root, moves)); };
  for (const std::string& fen : fens) {
    ++out.positions;
    // The engine must have read the board and the side to move as sent.
    auto echoed = engine.position_fen(fen);
    if (auto* e = std::get_if<engine::EngineError>(&echoed)) return fail(*e);
    ++out.requests;
    auto board_and_side = [](std::string_view f) {
      std::size_t first = f.find(' '), second = first == std::string_view::npos ? first : f.find(' ', first + 1);
      return std::string(f.substr(0, second));
    };
    if (board_and_side(std::get<std::string>(echoed)) != board_and_side(fen)) {
      out.status = Outcome::Status::disagree;
      out.what = "position";
      out.fen = fen;
      out.ours = "board and side to move " + board_and_side(fen);
      out.theirs = "read as " + board_and_side(std::get<std::string>(echoed));
      out.replay = {"position fen " + fen, "d"};
      break;
    }
    uci::CrosscheckResult r = uci::crosscheck_divide(fen, options.depth, ours, theirs, fen_of);
    if (r.status == uci::CrosscheckResult::Status::error) {
      if (engine_failure) return fail(*engine_failure);
      return fail({r.error, engine::FailureKind::internal});
    }
    if (r.agrees()) continue;
    out.status = Outcome::Status::disagree;
    std::string at = fen;
    for (const uci::DescentStep& step : r.steps) {
      const uci::MoveDiff& d = step.diffs[step.chosen];
      at = v.fen(state_after(fen, step.moves));
      out.descent.push_back({at, step.depth, d.move, d.ours, d.reference});
    }
    const uci::DescentStep& last = r.steps.back();
    const uci::MoveDiff& d = last.diffs[last.chosen];
    out.what = "divide";
    out.fen = at;
    out.action = d.move;
    out.ours = d.kind == uci::DiffKind::missing_in_ours ? "no move " + d.move : d.move + ": " + std::to_string(d.ours);
    out.theirs = d.kind == uci::DiffKind::extra_in_ours ? "no move " + d.move : d.move + ": " + std::to_string(d.reference);
    int depth = d.kind == uci::DiffKind::count_differs ? last.depth : 1;
    out.replay.push_back("arbiter perft " + std::string(v.id()) + " --fen " + shell_word(at) + " --depth " + std::to_string(depth) +
                         " --divide");
    out.replay.push_back("position fen " + at);
    out.replay.push_back("go perft " + std::to_string(depth));
    if (!r.note.empty()) out.replay.push_back("note: " + r.note);
    break;
  }
  return out;
}

}  // namespace

Outcome run(const Variant& v, const Options& options) {
  if (options.engine.empty()) throw std::invalid_argument("no engine command");
  if (options.depth < 0 || options.depth > 6) throw std::invalid_argument("bad depth " + std::to_string(options.depth) + " (expected 0 to 6)");
  if (options.uci && options.depth < 1) throw std::invalid_argument("a UCI cross-check needs a depth of at least 1");
  if (options.uci && v.roles_to_act(v.initial_state()).size() != 1)
    throw std::invalid_argument(std::string(v.id()) + " is not an alternating game: UCI engines cannot play it; use an engine of the serve protocol");
  if (options.random_positions < 0 || options.steps_per_position < 0 || options.max_scenario_positions < 0)
    throw std::invalid_argument("counts of positions and steps must not be negative");
  Readings readings = cli::readings_or_throw(v, options.readings);
  // A bare program name is looked up as find_program does: /usr/games first,
  // where Debian installs chess engines.
  Options resolved = options;
  if (auto path = engine::find_program(resolved.engine.front()); path && resolved.engine.front().find('/') == std::string::npos)
    resolved.engine.front() = *path;
  Outcome out;
  out.variant = std::string(v.id());
  for (const std::string& word : options.engine) out.engine += (out.engine.empty() ? "" : " ") + shell_word(word);
  std::vector<std::string> fens = positions_to_check(v, resolved, readings);
  return resolved.uci ? run_uci(v, resolved, fens, readings, std::move(out)) : run_protocol(v, resolved, fens, std::move(out));
}

json Outcome::to_json() const {
  static constexpr const char* kStatus[] = {"agree", "disagree", "error"};
  json j = {{"variant", variant},
            {"engine", engine},
            {"status", kStatus[static_cast<int>(status)]},
            {"positions", positions},
            {"requests", requests}};
  if (status == Status::disagree) {
    json descent_json = json::array();
    for (const DescentStep& d : descent)
      descent_json.push_back({{"fen", d.fen}, {"depth", d.depth}, {"action", d.action}, {"arbiter", d.ours}, {"engine", d.theirs}});
    j["difference"] = {{"what", what}, {"fen", fen},           {"action", action},         {"arbiter", ours},
                       {"engine", theirs}, {"descent", descent_json}, {"replay", replay}};
  }
  if (status == Status::error) j["failure"] = {{"kind", engine::to_string(failure)}, {"message", error}};
  return j;
}

std::string Outcome::text() const {
  std::ostringstream out;
  if (status == Status::agree) {
    out << variant << ": Arbiter and " << engine << " agree on " << positions << " positions (" << requests << " answers compared)\n";
    return out.str();
  }
  if (status == Status::error) {
    out << variant << ": the engine " << engine::to_string(failure) << " (" << positions << " positions reached, " << requests
        << " answers compared)\n  " << error << "\n";
    return out.str();
  }
  out << variant << ": Arbiter and " << engine << " disagree (" << what << ")";
  out << ", found at position " << positions << "\n";
  for (const DescentStep& d : descent)
    out << "  divide at depth " << d.depth << " of " << d.fen << ": " << d.action << " counts " << d.ours << " (Arbiter), " << d.theirs
        << " (engine)\n";
  out << "minimal reproducer:\n  position: " << fen << "\n";
  if (!action.empty()) out << "  joint action: " << action << "\n";
  out << "  Arbiter: " << ours << "\n  engine:  " << theirs << "\n";
  out << "replay:\n";
  for (const std::string& line : replay) out << "  " << line << "\n";
  return out.str();
}

}  // namespace arbiter::crosscheck
