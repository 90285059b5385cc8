#include "explore/explorer.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <random>

#include "model/core/divergence.h"
#include "model/core/legality.h"
#include "model/core/order.h"
#include "model/core/conflict.h"
#include "model/core/visit_order.h"
#include "model/core/scenario.h"

namespace arbiter::explore {

namespace {

using Clock = std::chrono::steady_clock;

std::vector<State> start_states(const Variant& v, const Options& options) {
  std::vector<State> starts{v.initial_state()};
  if (options.scenario_dir.empty()) return starts;
  for (const Scenario& sc : load_scenario_folder(options.scenario_dir, v.id()).scenarios) {
    if (sc.fen.empty()) continue;
    auto s = v.parse_state(sc.fen);
    if (s && !v.roles_to_act(*s).empty()) starts.push_back(std::move(s.value()));
  }
  return starts;
}

// Every joint action of a state (the cartesian product of the roles' actions),
// or a seeded sample of max_joint_actions of them. A simultaneous game takes
// what any alternative accepts (submittable: the step applies the sanction of
// the readings in force); any other game the actions of the readings the step
// is played under, so that each witness replays under its own readings (a
// move only the defaults allow, played under another alternative, is no
// step `resolve` takes).
std::vector<JointAction> joint_actions(const Variant& v, const State& s, const Readings& readings, std::size_t limit,
                                       std::mt19937_64& rng) {
  Roles roles = v.roles_to_act(s);
  std::vector<std::vector<Move>> per_role;
  std::size_t total = 1;
  for (Role r : roles) {
    per_role.push_back(v.simultaneous() ? submittable(v, s, r) : v.actions(s, r, readings));
    total *= per_role.back().size();
  }
  std::vector<JointAction> out;
  if (roles.empty() || total == 0) return out;
  auto decode = [&](std::size_t index) {
    JointAction joint;
    for (std::size_t i = 0; i < roles.size(); ++i) {
      joint.push_back({roles[i], per_role[i][index % per_role[i].size()]});
      index /= per_role[i].size();
    }
    return joint;
  };
  if (total <= limit) {
    for (std::size_t i = 0; i < total; ++i) out.push_back(decode(i));
  } else {
    for (std::size_t i = 0; i < limit; ++i) out.push_back(decode(rng() % total));
  }
  return out;
}

// The findings of a step already resolved (r): divergences of the reading
// points it consulted, order dependences, and a contradiction if its result
// breaks an invariant.
std::vector<Finding> examine_result(const Variant& v, const State& s, const JointAction& joint, const Readings& readings,
                                    const StepResult& r) {
  std::vector<Finding> out;
  if (!r.trace.readings().empty()) out = find_divergences(v, s, joint, readings, r);
  for (Finding& f : find_order_dependence(v, s, joint, readings, r)) out.push_back(std::move(f));
  for (Finding& f : find_conflicts(v, s, joint, readings, r)) out.push_back(std::move(f));
  std::vector<InvariantViolation> broken = v.check_invariants(r.state);
  if (!broken.empty()) {
    Finding f;
    f.kind = FindingKind::Contradiction;
    f.variant = std::string(v.id());
    for (std::string_view c : r.trace.clauses()) f.clauses.emplace_back(c);
    f.detail = broken.front().label + ": " + broken.front().detail;
    f.question = "The rules as written lead to a position they cannot allow (" + broken.front().detail + "): which rule gives way?";
    f.witness = witness_of(v, s, joint, readings);
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<Finding> examine_step(const Variant& v, const State& s, const JointAction& joint, const Readings& readings) {
  return examine_result(v, s, joint, readings, v.step(s, joint, readings));
}

// The findings so far, for Interim::save.
std::vector<Finding> findings_of(const std::map<std::string, Found>& found) {
  std::vector<Finding> out;
  for (const auto& [sig, f] : found) out.push_back(f.finding);
  return out;
}

bool same_signature_persists(const Variant& v, const State& s, const JointAction& joint, const Readings& readings,
                             const std::string& signature) {
  for (const Finding& f : examine_step(v, s, joint, readings))
    if (f.signature() == signature) return true;
  return false;
}

}  // namespace

std::size_t witness_pieces(const Finding& f) { return f.witness.pieces(); }

Finding shrink(const Variant& v, const Finding& f) {
  auto parsed = v.parse_state(f.witness.fen);
  if (!parsed) return f;
  State s = std::move(parsed.value());
  Readings readings;
  for (const auto& [point, alt] : f.witness.readings) readings.choose(point, alt);
  auto joint_of = [&](const State& st) -> std::optional<JointAction> {
    JointAction joint;
    for (const auto& [role_text, move_text] : f.witness.actions) {
      Role role = witness_role(v, st, role_text);
      auto m = v.parse_action(st, role, move_text, readings);
      if (!m) return std::nullopt;
      joint.push_back({role, *m});
    }
    return joint;
  };
  std::string signature = f.signature();
  bool progress = true;
  while (progress) {
    progress = false;
    for (const Piece& p : s.position.pieces()) {
      if (!p.on_board() || v.kinds()[p.kind].royal) continue;
      State smaller = s;
      smaller.position.remove(p.id);
      // The smaller position must still be a valid position of the variant.
      auto reparsed = v.parse_state(v.fen(smaller));
      if (!reparsed) continue;
      auto joint = joint_of(*reparsed);
      if (!joint || !same_signature_persists(v, *reparsed, *joint, readings, signature)) continue;
      s = std::move(reparsed.value());
      progress = true;
      break;
    }
  }
  auto joint = joint_of(s);
  if (!joint) return f;
  for (Finding& g : examine_step(v, s, *joint, readings))
    if (g.signature() == signature) return g;
  return f;
}

std::vector<Finding> merge(const std::vector<Finding>& a, const std::vector<Finding>& b) {
  std::map<std::string, Finding> kept;
  for (const auto* list : {&a, &b}) {
    for (const Finding& f : *list) {
      auto it = kept.find(f.signature());
      if (it == kept.end() || witness_pieces(f) < witness_pieces(it->second)) kept[f.signature()] = f;
    }
  }
  std::vector<Finding> out;
  for (auto& [sig, f] : kept) out.push_back(std::move(f));
  return out;
}

// The state with its move counter at `clock`, read back through the
// variant's FEN so that it is a state the variant accepts; the state itself
// where it does not.
State with_counter(const Variant& v, const State& s, int clock) {
  State n = s;
  n.position.halfmove_clock = clock;
  auto parsed = v.parse_state(v.fen(n));
  return parsed ? std::move(parsed.value()) : s;
}

// The state with one piece other than a king taken off, chosen at random,
// or nothing where there is none or the variant refuses the result.
std::optional<State> thinned(const Variant& v, const State& s, std::mt19937_64& rng) {
  std::vector<PieceId> pieces;
  for (const Piece& p : s.position.pieces())
    if (p.on_board() && !v.kinds()[p.kind].royal) pieces.push_back(p.id);
  if (pieces.empty()) return std::nullopt;
  State n = s;
  n.position.remove(pieces[rng() % pieces.size()]);
  auto parsed = v.parse_state(v.fen(n));
  if (!parsed || v.roles_to_act(*parsed).empty()) return std::nullopt;
  return std::move(parsed.value());
}

std::vector<Found> run(const Variant& v, const Options& options, Progress* progress,
                       const std::function<void(const Progress&)>& report) {
  Progress local;
  Progress& p = progress ? *progress : local;
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  std::mt19937_64 rng(options.seed);
  std::vector<State> starts = start_states(v, options);
  std::map<std::string, Found> found;
  // The readings each playout plays under: the defaults, then each single
  // other alternative in turn, so that a question that arises only under
  // another reading (Zeitgeist's no_legal_move, under submission=king_safe) is
  // met too. Every step re-runs the points it consults under their other
  // alternatives whatever the playout's readings.
  std::vector<Readings> bases{Readings{}};
  if (options.vary_readings)
    for (const ReadingPoint& point : v.readings())
      for (const Alternative& alt : point.alternatives) {
        if (alt.id == point.default_alternative) continue;
        bases.emplace_back();
        bases.back().choose(point.id, alt.id);
      }
  std::uint64_t state_index = 0;
  double last_report = 0;
  bool done = false;
  InterimSaver saver(options.interim);
  for (std::uint64_t playout = 0; !done; ++playout) {
    done = elapsed() >= options.seconds || options.interim.stopped();
    State s = starts[playout % starts.size()];
    // Half the playouts under the defaults, the others under each single
    // other alternative in turn.
    const Readings& base = playout % 2 == 0 || bases.size() == 1 ? bases[0] : bases[1 + (playout / 2) % (bases.size() - 1)];
    bool thinning = options.neighbours && playout % 4 == 3;
    for (int ply = 0; ply < options.max_plies && !done; ++ply) {
      if (v.roles_to_act(s).empty()) break;
      std::vector<JointAction> all = joint_actions(v, s, base, options.max_joint_actions, rng);
      if (all.empty()) break;
      if (state_index++ % static_cast<std::uint64_t>(options.shards) == static_cast<std::uint64_t>(options.shard)) {
        auto examine = [&](const State& at, const std::vector<JointAction>& joints) {
          for (const JointAction& joint : joints) {
            // Polled at every step: a state may have thousands of them.
            if (options.interim.stopped()) return;
            ++p.steps;
            for (Finding& f : examine_step(v, at, joint, base)) {
              std::string sig = f.signature();
              auto it = found.find(sig);
              if (it == found.end() || witness_pieces(f) < witness_pieces(it->second.finding))
                found[sig] = Found{std::move(f), state_index - 1};
            }
            if (options.interim.save) {
              p.findings = found.size();
              p.seconds = elapsed();
              saver.tick(p.seconds, found.size(), [&] { return findings_of(found); });
            }
          }
        };
        examine(s, all);
        ++p.states;
        // The same position near a counter's limit: a sample of its steps.
        if (options.neighbours && state_index % 8 == 0) {
          State near = with_counter(v, s, (state_index / 8) % 2 ? 49 : 99);
          if (!v.roles_to_act(near).empty()) examine(near, joint_actions(v, near, base, 8, rng));
        }
      }
      p.findings = found.size();
      p.seconds = elapsed();
      if (report && p.seconds - last_report >= 0.5) {
        report(p);
        last_report = p.seconds;
      }
      p.stopped = options.interim.stopped();
      done = p.seconds >= options.seconds || (options.max_states && p.states >= options.max_states) || p.stopped;
      // Move on by a random joint action.
      s = v.step(s, all[rng() % all.size()], base).state;
      if (thinning && rng() % 2 == 0 && !v.roles_to_act(s).empty())
        if (auto fewer = thinned(v, s, rng)) s = std::move(*fewer);
    }
  }
  std::vector<Found> out;
  for (auto& [sig, f] : found) {
    f.finding = shrink(v, f.finding);
    out.push_back(std::move(f));
  }
  if (report) report(p);
  return out;
}

std::vector<Found> exhaustive(const Variant& v, const ExhaustiveOptions& options, ExhaustiveCoverage* coverage) {
  ExhaustiveCoverage local;
  ExhaustiveCoverage& c = coverage ? *coverage : local;
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  std::mt19937_64 rng(1);
  Options walk;
  walk.scenario_dir = options.scenario_dir;
  Readings defaults;
  std::map<std::string, Found> found;
  std::map<std::string, int> seen;  // FEN of each state examined -> the lowest level it was met at
  std::uint64_t state_index = 0;
  InterimSaver saver(options.interim);
  // Depth first, so that only the current path is held. A state is examined
  // once, however many paths reach it; met again at a lower level (with more
  // turns left within the bound), only its successors are visited again.
  std::function<void(const State&, int, bool)> visit = [&](const State& s, int level, bool top) {
    if (c.cut || v.roles_to_act(s).empty()) return;
    auto [at, first] = seen.emplace(v.fen(s), level);
    if (!first && at->second <= level) return;
    at->second = level;
    bool examine = first;
    std::vector<JointAction> all = joint_actions(v, s, defaults, options.max_joint_actions, rng);
    if (examine && all.size() >= options.max_joint_actions) ++c.sampled_states;
    c.states += examine;
    std::uint64_t index = state_index++;
    for (std::size_t i = 0; i < all.size(); ++i) {
      // The shards split the first joint actions of each start.
      if (top && static_cast<int>(i % static_cast<std::size_t>(options.shards)) != options.shard) continue;
      if (options.interim.stopped()) {
        c.cut = c.stopped = true;
        return;
      }
      if (options.seconds > 0 || options.interim.save) {
        double now = elapsed();
        if (options.seconds > 0 && now >= options.seconds) {
          c.cut = true;
          return;
        }
        c.seconds = now;
        saver.tick(now, found.size(), [&] { return findings_of(found); });
      }
      if (!examine) {
        // step, not apply: a move only another alternative accepts is no action of the defaults.
        if (level + 1 < options.depth) visit(v.step(s, all[i], defaults).state, level + 1, false);
        continue;
      }
      StepResult r = v.step(s, all[i], defaults);
      ++c.steps;
      if (!options.checks) {
        if (level + 1 < options.depth) visit(r.state, level + 1, false);
        continue;
      }
      for (const auto& [point, alt] : r.trace.readings())
        if (const ReadingPoint* p = find_reading(v.readings(), point)) c.alternatives += p->alternatives.size() - 1;
      if (r.trace.visit_items() > 1) c.alternatives += std::min(visit_orders(r.trace.visit_items()), kMaxVisitOrders) - 1;
      for (Finding& f : examine_result(v, s, all[i], defaults, r)) {
        std::string sig = f.signature();
        auto it = found.find(sig);
        if (it == found.end() || witness_pieces(f) < witness_pieces(it->second.finding))
          found[sig] = Found{std::move(f), index};
      }
      if (level + 1 < options.depth) visit(r.state, level + 1, false);
    }
  };
  for (const State& s : start_states(v, walk)) visit(s, 0, true);
  c.seconds = elapsed();
  std::vector<Found> out;
  for (auto& [sig, f] : found) {
    f.finding = shrink(v, f.finding);
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace arbiter::explore
