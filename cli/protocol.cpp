#include "cli/protocol.h"

#include <exception>

#include "cli/common.h"
#include "model/core/budget.h"
#include "model/core/divergence.h"
#include "model/core/echo.h"

namespace arbiter::cli {

namespace {

std::string text_field(const nlohmann::json& request, const char* key, bool required) {
  if (!request.contains(key)) {
    if (required) throw UsageError(std::string("missing \"") + key + "\"");
    return "";
  }
  if (!request[key].is_string()) throw UsageError(std::string("\"") + key + "\" must be a string");
  return request[key].get<std::string>();
}

const Variant& variant_of(const nlohmann::json& request) { return variant_or_throw(text_field(request, "variant", true)); }

// No "fen": the start position. An empty one is a malformed FEN, as on the command line.
State state_of(const Variant& v, const nlohmann::json& request) {
  std::string fen = text_field(request, "fen", false);
  if (request.contains("fen") && fen.empty()) throw UsageError("bad FEN: empty FEN");
  return state_or_throw(v, fen);
}

// The server's readings for this variant's points, then the request's
// "readings": {"POINT": "ALT", ...}, which override them.
Readings readings_of(const Variant& v, const nlohmann::json& request, const ServeOptions& options) {
  std::vector<std::string> assignments;
  for (const std::string& a : options.readings) {
    std::string_view point = std::string_view(a).substr(0, a.find('='));
    for (const ReadingPoint& p : v.readings())
      if (p.id == point) assignments.push_back(a);
  }
  if (request.contains("readings")) {
    const nlohmann::json& r = request["readings"];
    if (!r.is_object()) throw UsageError("\"readings\" must be an object of POINT: ALTERNATIVE");
    for (const auto& [point, alt] : r.items()) {
      if (!alt.is_string()) throw UsageError("the alternative of " + echo(point) + " must be a string");
      assignments.push_back(point + "=" + alt.get<std::string>());
    }
  }
  return readings_or_throw(v, assignments);
}

int depth_of(const nlohmann::json& request, const ServeOptions& options) {
  if (!request.contains("depth") || !request["depth"].is_number_integer()) throw UsageError("\"depth\" must be an integer");
  long long depth = request["depth"].get<long long>();
  if (depth < 0 || depth > options.max_depth)
    throw UsageError("bad depth " + std::to_string(depth) + " (expected 0 to " + std::to_string(options.max_depth) + ")");
  return static_cast<int>(depth);
}

Role role_of(const std::string& name) {
  auto role = parse_role(name);
  if (!role) throw UsageError(role.error());
  return *role;
}

nlohmann::json handle(const nlohmann::json& request, const ServeOptions& options) {
  std::string op = text_field(request, "op", true);
  if (op == "hello") return {{"protocol", kProtocolVersion}};
  if (op == "variants") return {{"variants", variants_json()}};
  const Variant& v = variant_of(request);
  if (op == "rules") return rules_json(v);
  State s = state_of(v, request);
  Readings readings = readings_of(v, request, options);
  if (op == "actions") {
    nlohmann::json out = nlohmann::json::object();
    for (Role role : v.roles_to_act(s)) {
      nlohmann::json moves = nlohmann::json::array();
      for (const Move& m : v.actions(s, role, readings)) moves.push_back(v.move_text(s, m));
      out[std::string(role_name(role))] = moves;
    }
    return {{"variant", v.id()}, {"fen", v.fen(s)}, {"actions", out}, {"result", result_name(s.outcome.result)}};
  }
  if (op == "step") {
    Roles roles = v.roles_to_act(s);
    if (roles.empty()) throw UsageError("the game is over in this position; there is no step to resolve");
    if (!request.contains("moves") || !request["moves"].is_object())
      throw UsageError("\"moves\" must be an object of ROLE: MOVE");
    JointAction joint;
    for (Role role : roles) {
      std::string name(role_name(role));
      const nlohmann::json& moves = request["moves"];
      if (!moves.contains(name) || !moves[name].is_string()) throw UsageError("missing the move of " + name);
      joint.push_back({role, move_or_throw(v, s, role, moves[name].get<std::string>(), readings)});
    }
    for (const auto& [name, move] : request["moves"].items()) role_of(name);  // no unknown roles
    StepResult r = v.step(s, joint, readings);
    return step_json(v, s, joint, readings, r, find_divergences(v, s, joint, readings, r));
  }
  if (op == "perft" || op == "divide") {
    int depth = depth_of(request, options);
    auto count = [&](const State& from, int d) { return v.perft(from, d, readings); };
    nlohmann::json out = {{"variant", v.id()}, {"fen", v.fen(s)}, {"depth", depth}};
    // A count past the request's budget ends with an error response, and the
    // server reads the next line.
    try {
      budget::Timer timer(options.seconds);
      if (op == "perft") {
        out["nodes"] = count(s, depth);
        return out;
      }
      std::uint64_t nodes = 0;
      nlohmann::json divide = nlohmann::json::array();
      for (const auto& [label, n] : divide_counts(v, s, depth, readings, count)) {
        divide.push_back({{"move", label}, {"nodes", n}});
        nodes += n;
      }
      out["nodes"] = nodes;
      out["divide"] = divide;
      return out;
    } catch (const BudgetExhausted&) {
      throw UsageError(op + " stopped: the request's budget of " + fmt_number(options.seconds) +
                       " s ran out before the count was done (arbiter serve --seconds sets it)");
    }
  }
  throw UsageError("unknown op \"" + echo(op) + "\" (expected hello, variants, rules, actions, step, perft or divide)");
}

}  // namespace

nlohmann::json respond(std::string_view line, const ServeOptions& options) {
  nlohmann::json id = nullptr;
  try {
    if (line.size() > options.max_line) throw UsageError("request longer than " + std::to_string(options.max_line) + " bytes");
    nlohmann::json request = nlohmann::json::parse(line, nullptr, false);
    if (request.is_discarded()) throw UsageError("not a JSON object");
    if (!request.is_object()) throw UsageError("a request is a JSON object");
    if (request.contains("id")) id = request["id"];
    nlohmann::json response = handle(request, options);
    response["ok"] = true;
    if (!id.is_null()) response["id"] = id;
    return response;
  } catch (const std::exception& e) {
    // Bad input of any kind: an error response, and the server goes on.
    nlohmann::json response = {{"ok", false}, {"error", one_line(e.what())}};
    if (!id.is_null()) response["id"] = id;
    return response;
  }
}

}  // namespace arbiter::cli
