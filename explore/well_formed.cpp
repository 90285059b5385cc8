#include "explore/well_formed.h"

#include <algorithm>
#include <chrono>
#include <random>

#include "model/core/divergence.h"

namespace arbiter::explore {

namespace {

Finding gap_at(const Variant& v, const State& s, std::string detail, std::string question) {
  Finding f;
  f.kind = FindingKind::Gap;
  f.variant = std::string(v.id());
  f.detail = std::move(detail);
  f.question = std::move(question);
  f.witness = witness_of(v, s, {}, {});
  return f;
}

}  // namespace

WellFormedness check_well_formed(const Variant& v, const WellFormedOptions& options) {
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  WellFormedness out;
  out.cut_at = options.unbounded_steps;
  std::map<std::string, Finding> found;
  auto keep = [&](Finding f) {
    std::string sig = f.signature();
    auto it = found.find(sig);
    if (it == found.end() || f.witness.pieces() < it->second.witness.pieces()) found[sig] = std::move(f);
  };
  std::mt19937_64 rng(options.seed);
  const int bound = v.step_bound();
  const int limit = bound > 0 ? bound + 1 : options.unbounded_steps;
  Readings defaults;
  auto unseen = [&] {
    for (Result r : v.winning_results())
      if (!out.results.count(std::string(result_name(r)))) return true;
    return false;
  };
  const int most = options.games * (1 + std::max(0, options.unseen_search));
  InterimSaver saver(options.interim);
  auto so_far = [&] {
    std::vector<Finding> list;
    for (const auto& [sig, f] : found) list.push_back(f);
    return list;
  };
  while ((out.games < options.games || (out.games < most && unseen())) && elapsed() < options.seconds) {
    if (options.interim.stopped()) {
      out.stopped = true;
      break;
    }
    ++out.games;
    State s = v.initial_state();
    int steps = 0;
    for (;; ++steps) {
      if (s.outcome.over()) break;
      if (steps >= limit) {
        if (bound > 0) {
          keep(gap_at(v, s, "a game outlasts the " + std::to_string(bound) + " steps its text allows",
                      "The game has not ended after every step the rules provide for: how does it end?"));
        } else {
          ++out.cut;
        }
        break;
      }
      Roles roles = v.roles_to_act(s);
      if (roles.empty()) {
        keep(gap_at(v, s, "no role acts in a state that is not final",
                    "Nobody is to act, and the game has no result: what happens next?"));
        break;
      }
      JointAction joint;
      bool stuck = false;
      for (Role r : roles) {
        std::vector<Move> moves = v.actions(s, r);
        if (moves.empty()) {
          keep(gap_at(v, s, std::string(role_name(r)) + " has no legal action in a state that is not final",
                      "The " + std::string(role_name(r)) + " role must act and has no legal action: what happens?"));
          stuck = true;
          break;
        }
        joint.push_back({r, moves[rng() % moves.size()]});
      }
      if (stuck) break;
      State next = v.step(s, joint, defaults).state;
      ++out.steps;
      std::vector<InvariantViolation> broken = v.check_invariants(next);
      if (!broken.empty()) {
        Finding f;
        f.kind = FindingKind::Contradiction;
        f.variant = std::string(v.id());
        f.detail = broken.front().label + ": " + broken.front().detail;
        f.question = "The rules as written lead to a state they cannot allow (" + broken.front().detail + "): which rule gives way?";
        f.witness = witness_of(v, s, joint, defaults);
        keep(std::move(f));
        break;
      }
      s = std::move(next);
    }
    if (s.outcome.over()) {
      ++out.finished;
      out.longest = std::max(out.longest, steps);
      ++out.results[std::string(result_name(s.outcome.result))];
    }
    if (options.interim.save) saver.tick(elapsed(), found.size(), so_far);
  }
  out.seconds = elapsed();
  for (Result r : v.winning_results())
    if (!out.results.count(std::string(result_name(r)))) out.unseen_wins.emplace_back(result_name(r));
  for (auto& [sig, f] : found) out.findings.push_back(std::move(f));
  return out;
}

}  // namespace arbiter::explore
