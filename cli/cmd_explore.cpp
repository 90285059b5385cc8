// arbiter explore VARIANT [--seconds S] [--seed N] [--states N] [--shard K/N] [--games N] [--out FILE] [--json]
// Searches reachable states for findings (explore/explorer.h), then plays
// complete games for the well-formedness checks (explore/well_formed.h).
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <algorithm>
#include <optional>

#include "cli/common.h"
#include "explore/explorer.h"
#include "explore/well_formed.h"
#include "reports/findings_json.h"

namespace arbiter::cli {

namespace {
struct ExploreArgs {
  std::string variant, shard = "0/1", out;
  double seconds = 10;
  std::uint64_t seed = 1, states = 0;
  int games = 0, unseen_search = 20, exhaustive = 0;
  bool no_scenarios = false, no_checks = false;
};
ExploreArgs args;  // the options of the one command line a process runs
ExploreArgs& args_ref() { return args; }

// Which declared reading points a search showed diverging, and which it did
// not: how much of what the model declares the tools find alone (with
// --no-scenarios, from the start position only). An option is the text's
// own variation, not a question to find: it is not counted.
struct PointsSeen {
  std::vector<std::string> diverging, missed;
};
PointsSeen points_seen(const Variant& v, const std::vector<explore::Found>& found) {
  PointsSeen out;
  for (const ReadingPoint& point : v.readings()) {
    if (point.option) continue;
    bool seen = std::any_of(found.begin(), found.end(), [&](const explore::Found& f) {
      return f.finding.kind == FindingKind::Divergence && f.finding.reading == point.id;
    });
    (seen ? out.diverging : out.missed).emplace_back(point.id);
  }
  return out;
}
void print_points_seen(const PointsSeen& p) {
  std::cout << "reading points diverging: " << p.diverging.size() << " of " << p.diverging.size() + p.missed.size();
  if (!p.missed.empty()) {
    std::cout << "; not found:";
    for (const std::string& m : p.missed) std::cout << " " << m;
  }
  std::cout << "\n";
}

void write_out(const std::string& path, const nlohmann::json& j) {
  if (path.empty()) return;
  std::ofstream file(path);
  if (!file) throw UsageError("cannot write " + path);
  file << j.dump(2) << "\n";
}

void parse_shard(const std::string& text, explore::Options& o) {
  std::size_t slash = text.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument("no slash");
    o.shard = std::stoi(text.substr(0, slash));
    o.shards = std::stoi(text.substr(slash + 1));
  } catch (const std::exception&) {
    throw UsageError("bad shard '" + text + "' (expected K/N, e.g. 0/4)");
  }
  if (o.shards < 1 || o.shard < 0 || o.shard >= o.shards)
    throw UsageError("bad shard '" + text + "' (need 0 <= K < N)");
}
}  // namespace

namespace {

// explore --exhaustive N: the bounded exhaustive search, what it covered, and
// for each kind of finding the findings or "none within N turns".
void run_exhaustive(const Variant& v, const Options& options, double seconds) {
  explore::ExhaustiveOptions o;
  o.depth = args_ref().exhaustive;
  o.seconds = seconds;
  o.checks = !args_ref().no_checks;
  explore::Options shard;
  parse_shard(args_ref().shard, shard);
  o.shard = shard.shard;
  o.shards = shard.shards;
  if (!args_ref().no_scenarios) o.scenario_dir = std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios";
  explore::ExhaustiveCoverage c;
  std::vector<explore::Found> found = explore::exhaustive(v, o, &c);
  PointsSeen points = points_seen(v, found);
  nlohmann::json list = nlohmann::json::array(), none = nlohmann::json::array();
  for (const explore::Found& f : found) list.push_back(report::finding_to_json(f.finding));
  // The kinds a step's checks look for.
  const FindingKind checked[] = {FindingKind::Divergence, FindingKind::Order, FindingKind::Contradiction};
  for (FindingKind k : checked)
    if (o.checks && std::none_of(found.begin(), found.end(), [&](const explore::Found& f) { return f.finding.kind == k; }))
      none.push_back(finding_kind_name(k));
  nlohmann::json j = {{"variant", v.id()},
                      {"shard", args_ref().shard},
                      {"exhaustive",
                       {{"depth", o.depth},
                        {"checks", o.checks},
                        {"from_scenarios", !o.scenario_dir.empty()},
                        {"states", c.states},
                        {"steps", c.steps},
                        {"alternatives", c.alternatives},
                        {"sampled_states", c.sampled_states},
                        {"cut", c.cut},
                        {"none_within_depth", none}}},
                      {"states", c.states},
                      {"steps", c.steps},
                      {"seconds", c.seconds},
                      {"findings", list},
                      {"reading_points", {{"diverging", points.diverging}, {"missed", points.missed}}}};
  write_out(args_ref().out, j);
  if (options.json) return print_json(j);
  std::cout << v.id() << ": exhaustive to depth " << o.depth << (o.scenario_dir.empty() ? " from the start" : " from the start and every scenario position")
            << (o.shards > 1 ? " (shard " + args_ref().shard + ")" : "") << ": " << c.states << " states, " << c.steps
            << " steps, " << c.alternatives << " re-runs under other alternatives and orders, in " << c.seconds << " s"
            << " (" << static_cast<std::uint64_t>(c.seconds > 0 ? c.steps / c.seconds : 0) << " steps/s)"
            << (o.checks ? "" : " without checks") << (c.cut ? " (CUT by --seconds: not exhaustive)" : "") << "\n";
  if (c.sampled_states) std::cout << "  " << c.sampled_states << " states had more joint actions than the limit: sampled\n";
  if (!o.checks) return;  // nothing was looked for
  for (FindingKind k : checked) {
    std::size_t n = std::count_if(found.begin(), found.end(), [&](const explore::Found& f) { return f.finding.kind == k; });
    if (n) std::cout << finding_kind_name(k) << ": " << n << "\n";
    else std::cout << finding_kind_name(k) << ": none within " << o.depth << " turns\n";
  }
  print_points_seen(points);
  for (const explore::Found& f : found)
    std::cout << "  " << finding_kind_name(f.finding.kind) << " " << f.finding.reading << " " << f.finding.detail
              << "\n    " << f.finding.witness.replay_command() << "\n";
}

}  // namespace

void add_explore_command(CLI::App& app, Options& options) {
  CLI::App* cmd = app.add_subcommand("explore", "search reachable states for findings");
  cmd->add_option("variant", args.variant, "variant id")->required();
  cmd->add_option("--seconds", args.seconds, "time budget")->capture_default_str();
  cmd->add_option("--seed", args.seed, "random seed")->capture_default_str();
  cmd->add_option("--states", args.states, "stop after examining this many states (0: no limit)");
  cmd->add_option("--shard", args.shard, "K/N: examine every N-th state, starting at K")->capture_default_str();
  cmd->add_option("--out", args.out, "write the findings to this JSON file (for `arbiter merge`)");
  cmd->add_flag("--no-scenarios", args.no_scenarios, "start from the start position only");
  cmd->add_option("--exhaustive", args.exhaustive,
                  "N: every state within N joint turns, every joint action, every reading alternative and visit order "
                  "(--seconds, if given, caps it; --shard splits the first joint actions)")
      ->check(CLI::Range(1, 8));
  cmd->add_flag("--no-checks", args.no_checks,
                "with --exhaustive: resolve the steps without any check (the plain step rate, to compare with)");
  cmd->add_option("--games", args.games,
                  "then play this many complete random games: states where a role has no action, games that outlast "
                  "their text's bound, results never reached (0: none)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--unseen-search", args.unseen_search,
                  "while a winning result is unseen, play up to this many times --games more")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  add_json_flag(*cmd, options);
  cmd->callback([&options, cmd] {
    const Variant& v = variant_or_throw(args.variant);
    if (!(args.seconds > 0)) throw UsageError("bad --seconds (expected a positive number)");
    if (args.exhaustive > 0) return run_exhaustive(v, options, cmd->count("--seconds") ? args.seconds : 0);
    explore::Options o;
    o.seed = args.seed;
    o.seconds = args.seconds;
    o.max_states = args.states;
    parse_shard(args.shard, o);
    if (!args.no_scenarios) o.scenario_dir = std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios";
    bool tty = isatty(STDERR_FILENO);
    int last_line = -1;  // plain progress lines every five seconds
    auto report = [&](const explore::Progress& p) {
      if (tty) {
        int width = 30, done = static_cast<int>(width * std::min(1.0, p.seconds / o.seconds));
        std::fprintf(stderr, "\r[%s%s] %5.1fs %8llu states %9llu steps %4zu findings", std::string(done, '#').c_str(),
                     std::string(width - done, '.').c_str(), p.seconds, static_cast<unsigned long long>(p.states),
                     static_cast<unsigned long long>(p.steps), p.findings);
      } else if (static_cast<int>(p.seconds / 5) != last_line) {
        last_line = static_cast<int>(p.seconds / 5);
        std::fprintf(stderr, "explore %s: %.0fs %llu states %llu steps %zu findings\n", args.variant.c_str(), p.seconds,
                     static_cast<unsigned long long>(p.states), static_cast<unsigned long long>(p.steps), p.findings);
      }
    };
    explore::Progress progress;
    std::vector<explore::Found> found = explore::run(v, o, &progress, report);
    if (tty) std::fprintf(stderr, "\n");
    std::optional<explore::WellFormedness> wf;
    if (args.games > 0) {
      explore::WellFormedOptions wo;
      wo.seed = args.seed;
      wo.games = args.games;
      wo.seconds = args.seconds;
      wo.unseen_search = args.unseen_search;
      wf = explore::check_well_formed(v, wo);
      for (Finding& f : wf->findings) found.push_back(explore::Found{std::move(f), 0});
    }
    nlohmann::json list = nlohmann::json::array();
    for (const explore::Found& f : found) list.push_back(report::finding_to_json(f.finding));
    PointsSeen points = points_seen(v, found);
    nlohmann::json j = {{"variant", v.id()},
                        {"seed", o.seed},
                        {"shard", args.shard},
                        {"states", progress.states},
                        {"steps", progress.steps},
                        {"seconds", progress.seconds},
                        {"findings", list},
                        {"reading_points", {{"diverging", points.diverging}, {"missed", points.missed}}}};
    if (wf) {
      j["games"] = {{"played", wf->games},   {"finished", wf->finished}, {"cut", wf->cut},
                    {"steps", wf->steps},    {"longest", wf->longest},   {"results", wf->results},
                    {"unseen_wins", wf->unseen_wins}, {"seconds", wf->seconds},
                    {"games_per_second", wf->games_per_second()}};
    }
    write_out(args.out, j);
    if (options.json) return print_json(j);
    std::cout << v.id() << ": " << progress.states << " states, " << progress.steps << " steps in "
              << progress.seconds << " s, " << found.size() << " findings\n";    print_points_seen(points);
    if (wf) {
      std::cout << "games: " << wf->games << " played, " << wf->finished << " finished, " << wf->cut
                << " cut without a bound, longest " << wf->longest << " steps, " << wf->games_per_second()
                << " games/s\n  results:";
      for (const auto& [result, n] : wf->results) std::cout << " " << result << "=" << n;
      std::cout << "\n";
      if (!wf->unseen_wins.empty()) {
        std::cout << "  never reached:";
        for (const std::string& r : wf->unseen_wins) std::cout << " " << r;
        std::cout << "\n";
      }
    }
    for (const explore::Found& f : found)
      std::cout << "  " << finding_kind_name(f.finding.kind) << " " << f.finding.reading << " " << f.finding.detail
                << "\n    " << f.finding.witness.replay_command() << "\n";
  });
}

void add_merge_command(CLI::App& app, Options& options) {
  static std::vector<std::string> inputs;
  static std::string out;
  CLI::App* cmd = app.add_subcommand("merge", "join findings files of explore shards (one per signature, fewest pieces)");
  cmd->add_option("files", inputs, "findings files written by `explore --out`")->required();
  cmd->add_option("--out", out, "write the merged findings here (default: standard output)");
  add_json_flag(*cmd, options);
  cmd->callback([] {
    std::vector<Finding> merged;
    std::uint64_t states = 0, steps = 0;
    for (const std::string& path : inputs) {
      std::ifstream in(path);
      if (!in) throw UsageError("cannot read " + path);
      nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
      if (j.is_discarded() || !j.contains("findings")) throw UsageError(path + " is not a findings file");
      std::vector<Finding> these;
      for (const auto& f : j["findings"]) {
        auto parsed = report::finding_from_json(f);
        if (!parsed) throw UsageError(path + ": " + parsed.error());
        these.push_back(*parsed);
      }
      states += j.value("states", 0ull);
      steps += j.value("steps", 0ull);
      merged = explore::merge(merged, these);
    }
    nlohmann::json list = nlohmann::json::array();
    for (const Finding& f : merged) list.push_back(report::finding_to_json(f));
    nlohmann::json j = {{"states", states}, {"steps", steps}, {"findings", list}};
    if (out.empty()) return print_json(j);
    std::ofstream file(out);
    if (!file) throw UsageError("cannot write " + out);
    file << j.dump(2) << "\n";
  });
}

}  // namespace arbiter::cli
