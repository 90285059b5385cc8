#include "reports/vectors.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "model/core/scenario.h"

namespace arbiter::report {

namespace {

// One vector: a step request of the serve protocol with the answer the model
// gives ("after", "result").
nlohmann::json vector_line(const Variant& v, const State& s, const JointAction& joint, const Readings& readings,
                           const State& after, const std::string& source) {
  nlohmann::json moves = nlohmann::json::object();
  for (const Action& a : joint) moves[std::string(role_name(a.role))] = v.move_text(s, a.move);
  return {{"variant", v.id()},   {"fen", v.fen(s)},        {"readings", readings.chosen().as_map()}, {"moves", moves},
          {"after", v.fen(after)}, {"result", result_name(after.outcome.result)}, {"source", source}};
}

class Writer {
 public:
  Writer(const Variant& v, const std::string& path) : v_(v), out_(path) {}

  // The step under these readings, then under every other alternative of the
  // reading points it consults, so engines that implement them can check too.
  // The step starts from the state its FEN gives (no history of earlier
  // positions), as a client that sends the FEN gets it.
  void step(const State& played, const JointAction& joint, const Readings& readings, const std::string& source) {
    auto parsed = v_.parse_state(v_.fen(played));
    // A state its text does not carry is no step request: a text that reads
    // back as a finished game (a state text judges the result under the
    // default readings, and a non-default one may play on) is left out.
    if (!parsed || parsed->outcome.over() != played.outcome.over()) return;
    const State& s = *parsed;
    StepResult r = v_.step(s, joint, readings);
    write(vector_line(v_, s, joint, readings, r.state, source));
    for (const auto& [point_id, alt_in_force] : r.trace.readings()) {
      const ReadingPoint* point = find_reading(v_.readings(), point_id);
      if (!point) continue;
      for (const Alternative& alt : point->alternatives) {
        if (alt.id == alt_in_force) continue;
        Readings other = readings;
        other.choose(point_id, alt.id);
        // Only joint actions the other alternative lets the players submit:
        // a vector is a step request the protocol accepts.
        if (!submittable(s, joint, other)) continue;
        write(vector_line(v_, s, joint, other, v_.step(s, joint, other).state, source));
      }
    }
  }
  int count() const { return count_; }

 private:
  bool submittable(const State& s, const JointAction& joint, const Readings& readings) const {
    for (const Action& a : joint)
      if (!v_.parse_action(s, a.role, v_.move_text(s, a.move), readings)) return false;
    return true;
  }
  void write(const nlohmann::json& line) {
    std::string text = line.dump();
    if (!seen_.insert(text).second) return;
    out_ << text << "\n";
    ++count_;
  }
  const Variant& v_;
  std::ofstream out_;
  std::set<std::string> seen_;
  int count_ = 0;
};

}  // namespace

VectorCounts write_vectors(const Variant& v, const std::string& dir, const VectorOptions& options) {
  std::filesystem::create_directories(dir);
  std::string id(v.id());
  VectorCounts counts;
  Writer steps(v, dir + "/" + id + ".jsonl");
  std::vector<State> perft_states{v.initial_state()};
  // Every step of every scenario, under its readings.
  for (const ScenarioResult& r : run_scenario_folder(options.scenario_dir, v.id())) {
    if (!r.run.passed()) continue;
    Readings readings;
    bool ok = true;
    for (const std::string& a : r.scenario.readings) ok = ok && readings.set(v.readings(), a).ok();
    auto parsed = r.scenario.fen.empty() ? Expected<State>(v.initial_state()) : v.parse_state(r.scenario.fen);
    if (!ok || !parsed) continue;
    State s = *parsed;
    if (!r.scenario.fen.empty() && !v.roles_to_act(s).empty() &&
        static_cast<int>(perft_states.size()) < options.perft_positions)
      perft_states.push_back(s);
    std::istringstream words(r.scenario.moves);
    std::string word;
    while (words >> word) {
      auto joint = v.parse_joint(s, word, readings);
      if (!joint) break;
      steps.step(s, *joint, readings, "scenario " + r.scenario.name);
      s = v.apply(s, *joint, readings);  // the moves were parsed as submittable
    }
  }
  // Seeded random playouts from the start position, under the defaults.
  std::mt19937_64 rng(options.seed);
  for (int p = 0; p < options.playouts; ++p) {
    State s = v.initial_state();
    for (int n = 0; n < options.steps; ++n) {
      Roles roles = v.roles_to_act(s);
      if (roles.empty()) break;
      JointAction joint;
      for (Role role : roles) {
        std::vector<Move> moves = v.actions(s, role);
        if (moves.empty()) break;
        joint.push_back({role, moves[rng() % moves.size()]});
      }
      if (joint.size() != roles.size()) break;
      steps.step(s, joint, {}, "playout " + std::to_string(options.seed) + "." + std::to_string(p) + " step " + std::to_string(n + 1));
      s = v.apply(s, joint, {});  // the moves were drawn from the actions
    }
  }
  counts.steps = steps.count();
  // Joint perft of the start and the first scenario positions.
  std::ofstream epd(dir + "/" + id + ".epd");
  epd << "# " << v.name() << ": joint perft under the default readings (Arbiter's vectors)\n";
  for (const State& s : perft_states) {
    epd << v.fen(s);
    for (int d = 1; d <= options.perft_depth; ++d) epd << " ;D" << d << " " << v.perft(s, d);
    epd << "\n";
    ++counts.positions;
  }
  return counts;
}

}  // namespace arbiter::report
