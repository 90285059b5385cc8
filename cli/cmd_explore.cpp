// arbiter explore VARIANT [--seconds S] [--seed N] [--states N] [--shard K/N] [--games N] [--out FILE] [--json]
// Searches reachable states for findings (explore/explorer.h), then plays
// complete games for the well-formedness checks (explore/well_formed.h).
// arbiter merge FILE... [--out FILE] joins the --out files of explore shards.
//
// A search may run for hours: it keeps --out up to date as it goes (at every
// new finding and every two seconds, each time a whole file put in place by a
// rename, cli/atomic_file.h), and SIGINT or SIGTERM end it as its time
// limit would (the summary printed, the file written), so that neither an
// interrupt nor a kill loses more than the last seconds.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <optional>

#include "cli/atomic_file.h"
#include "cli/common.h"
#include "explore/explorer.h"
#include "explore/replay.h"
#include "explore/well_formed.h"
#include "model/variants/registry.h"
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

// --seconds: a budget the clock can reach ("inf" never ends, "nan" never
// compares), at most a week (a longer one is a typo), and more than nothing.
constexpr double kMaxSeconds = 7 * 24 * 3600;
constexpr double kLeastSeconds = 0.001;

// SIGINT and SIGTERM end a search as its time limit would; the handler only
// sets the flag the search polls (explore/interim.h). SA_RESETHAND: a second
// signal ends the process at once, the file holding the last save.
static_assert(std::atomic<bool>::is_always_lock_free, "the flag is set from a signal handler");
std::atomic<bool> stop_requested{false};
volatile std::sig_atomic_t stop_signal = 0;

void request_stop(int signal) {
  stop_signal = signal;
  stop_requested.store(true);
}

void stop_on_signals() {
  for (int signal : {SIGINT, SIGTERM}) {
    struct sigaction old {};
    // A shell's background job ignores SIGINT: the user's Ctrl-C is not for it.
    if (sigaction(signal, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = request_stop;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_RESTART;
    sigaction(signal, &action, nullptr);
  }
}

// "SIGTERM", for the summary and "stopped_by"; empty while no signal came.
std::string stop_signal_name() {
  if (!stop_requested.load()) return "";
  return stop_signal == SIGINT ? "SIGINT" : stop_signal == SIGTERM ? "SIGTERM" : "signal " + std::to_string(stop_signal);
}

// Which declared reading points a search showed diverging, and which it did
// not: how much of what the model declares the tools find alone (with
// --no-scenarios, from the start position only). An option is the text's
// own variation, not a question to find: it is not counted.
struct PointsSeen {
  std::vector<std::string> diverging, missed;
};
PointsSeen points_seen(const Variant& v, const std::vector<Finding>& found) {
  PointsSeen out;
  for (const ReadingPoint& point : v.readings()) {
    if (point.option) continue;
    bool seen = std::any_of(found.begin(), found.end(), [&](const Finding& f) {
      return f.kind == FindingKind::Divergence && f.reading == point.id;
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

std::vector<Finding> findings_of(std::vector<explore::Found> found) {
  std::vector<Finding> out;
  for (explore::Found& f : found) out.push_back(std::move(f.finding));
  return out;
}

nlohmann::json findings_json(const std::vector<Finding>& findings) {
  nlohmann::json list = nlohmann::json::array();
  for (const Finding& f : findings) list.push_back(report::finding_to_json(f));
  return list;
}

void print_findings(const std::vector<Finding>& findings) {
  for (const Finding& f : findings)
    std::cout << "  " << finding_kind_name(f.kind) << " " << f.reading << " " << f.detail << "\n    "
              << f.witness.replay_command() << "\n";
}

// The --out file of a search: checked before the search starts (a run into
// a missing directory fails at once, not after its budget), rewritten as the
// search goes where it can be replaced whole (a regular file; a device or a
// pipe takes the one final write), and written at the end.
class OutFile {
 public:
  explicit OutFile(std::string path) : path_(std::move(path)) {
    if (path_.empty()) return;
    check_writable(path_);
    interim_ = replaceable(path_);
  }
  // Whether to save as the search goes.
  bool interim() const { return interim_; }
  // A save while the search runs: marked "partial" (the witnesses are not
  // shrunk yet, the counts are so far).
  void save(nlohmann::json j) const {
    j["partial"] = true;
    write(j);
  }
  void write(const nlohmann::json& j) const {
    if (!path_.empty()) write_file(path_, j.dump(2) + "\n");
  }

 private:
  std::string path_;
  bool interim_ = false;
};

void parse_shard(const std::string& text, explore::Options& o) {
  std::size_t slash = text.find('/');
  auto whole = [&](std::size_t from, std::size_t to, int& n) {
    auto [end, error] = std::from_chars(text.data() + from, text.data() + to, n);
    return from < to && error == std::errc() && end == text.data() + to;
  };
  if (slash == std::string::npos || !whole(0, slash, o.shard) || !whole(slash + 1, text.size(), o.shards))
    throw UsageError("bad shard '" + text.substr(0, 40) + "' (expected K/N, e.g. 0/4)");
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
  OutFile out(args_ref().out);
  explore::ExhaustiveCoverage c;
  // The kinds a step's checks look for.
  const FindingKind checked[] = {FindingKind::Divergence, FindingKind::Order, FindingKind::Contradiction};
  // "None within N turns" only of a search that covered all N turns: not of
  // one cut by --seconds or a signal, nor of a save while it runs.
  bool ended = false;
  auto json_of = [&](const std::vector<Finding>& found) {
    PointsSeen points = points_seen(v, found);
    nlohmann::json none = nlohmann::json::array();
    for (FindingKind k : checked)
      if (o.checks && ended && !c.cut && std::none_of(found.begin(), found.end(), [&](const Finding& f) { return f.kind == k; }))
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
                        {"findings", findings_json(found)},
                        {"reading_points", {{"diverging", points.diverging}, {"missed", points.missed}}}};
    if (std::string by = stop_signal_name(); !by.empty()) j["stopped_by"] = by;
    return j;
  };
  o.interim.stop = &stop_requested;
  if (out.interim()) o.interim.save = [&](const std::vector<Finding>& so_far) { out.save(json_of(so_far)); };
  std::vector<Finding> found = findings_of(explore::exhaustive(v, o, &c));
  ended = true;
  nlohmann::json j = json_of(found);
  out.write(j);
  if (options.json) return print_json(j);
  std::string stopped = stop_signal_name();
  std::cout << v.id() << ": exhaustive to depth " << o.depth << (o.scenario_dir.empty() ? " from the start" : " from the start and every scenario position")
            << (o.shards > 1 ? " (shard " + args_ref().shard + ")" : "") << ": " << c.states << " states, " << c.steps
            << " steps, " << c.alternatives << " re-runs under other alternatives and orders, in " << c.seconds << " s"
            << " (" << static_cast<std::uint64_t>(c.seconds > 0 ? c.steps / c.seconds : 0) << " steps/s)"
            << (o.checks ? "" : " without checks")
            << (c.stopped ? " (STOPPED by " + stopped + ": not exhaustive)" : c.cut ? " (CUT by --seconds: not exhaustive)" : "")
            << "\n";
  if (c.sampled_states) std::cout << "  " << c.sampled_states << " states had more joint actions than the limit: sampled\n";
  if (!o.checks) return;  // nothing was looked for
  for (FindingKind k : checked) {
    std::size_t n = std::count_if(found.begin(), found.end(), [&](const Finding& f) { return f.kind == k; });
    if (n) std::cout << finding_kind_name(k) << ": " << n << "\n";
    else if (c.cut) std::cout << finding_kind_name(k) << ": none before the search was cut\n";
    else std::cout << finding_kind_name(k) << ": none within " << o.depth << " turns\n";
  }
  print_points_seen(points_seen(v, found));
  print_findings(found);
}

// explore without --exhaustive: seeded random playouts, then --games.
void run_random(const Variant& v, const Options& options) {
  explore::Options o;
  o.seed = args.seed;
  o.seconds = args.seconds;
  o.max_states = args.states;
  parse_shard(args.shard, o);
  if (!args.no_scenarios) o.scenario_dir = std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios";
  OutFile out(args.out);
  bool tty = isatty(STDERR_FILENO);
  // A bar on a terminal only: a log or a pipe gets the summary alone.
  auto report = [&](const explore::Progress& p) {
    if (tty) {
      int width = 30, done = static_cast<int>(width * std::min(1.0, p.seconds / o.seconds));
      std::fprintf(stderr, "\r[%s%s] %5.1fs %8llu states %9llu steps %4zu findings", std::string(done, '#').c_str(),
                   std::string(width - done, '.').c_str(), p.seconds, static_cast<unsigned long long>(p.states),
                   static_cast<unsigned long long>(p.steps), p.findings);
    }
  };
  explore::Progress progress;
  std::optional<explore::WellFormedness> wf;
  auto json_of = [&](const std::vector<Finding>& found) {
    PointsSeen points = points_seen(v, found);
    nlohmann::json j = {{"variant", v.id()},
                        {"seed", o.seed},
                        {"shard", args.shard},
                        {"states", progress.states},
                        {"steps", progress.steps},
                        {"seconds", progress.seconds},
                        {"findings", findings_json(found)},
                        {"reading_points", {{"diverging", points.diverging}, {"missed", points.missed}}}};
    if (wf) {
      j["games"] = {{"played", wf->games},   {"finished", wf->finished}, {"cut", wf->cut},
                    {"steps", wf->steps},    {"longest", wf->longest},   {"results", wf->results},
                    {"unseen_wins", wf->unseen_wins}, {"seconds", wf->seconds},
                    {"games_per_second", wf->games_per_second()}};
    }
    if (std::string by = stop_signal_name(); !by.empty()) j["stopped_by"] = by;
    return j;
  };
  o.interim.stop = &stop_requested;
  if (out.interim()) o.interim.save = [&](const std::vector<Finding>& so_far) { out.save(json_of(so_far)); };
  std::vector<Finding> found = findings_of(explore::run(v, o, &progress, report));
  if (tty) std::fprintf(stderr, "\n");
  // A search stopped by a signal ends here: the games would be cut at once.
  if (args.games > 0 && !stop_requested.load()) {
    explore::WellFormedOptions wo;
    wo.seed = args.seed;
    wo.games = args.games;
    wo.seconds = args.seconds;
    wo.unseen_search = args.unseen_search;
    wo.interim.stop = &stop_requested;
    if (out.interim())
      wo.interim.save = [&](const std::vector<Finding>& games_so_far) {
        std::vector<Finding> all = found;
        all.insert(all.end(), games_so_far.begin(), games_so_far.end());
        out.save(json_of(all));
      };
    wf = explore::check_well_formed(v, wo);
    for (Finding& f : wf->findings) found.push_back(std::move(f));
  }
  nlohmann::json j = json_of(found);
  out.write(j);
  if (options.json) return print_json(j);
  std::string stopped = stop_signal_name();
  std::cout << v.id() << ": " << progress.states << " states, " << progress.steps << " steps in " << progress.seconds
            << " s, " << found.size() << " findings" << (stopped.empty() ? "" : " (stopped by " + stopped + ")") << "\n";
  print_points_seen(points_seen(v, found));
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
  print_findings(found);
}

}  // namespace

void add_explore_command(CLI::App& app, Options& options) {
  CLI::App* cmd = app.add_subcommand("explore", "search reachable states for findings");
  cmd->add_option("variant", args.variant, "variant id")->required();
  cmd->add_option("--seconds", args.seconds, "time budget")->check(finite_range(kLeastSeconds, kMaxSeconds))->capture_default_str();
  cmd->add_option("--seed", args.seed, "random seed")->check(whole_number())->capture_default_str();
  cmd->add_option("--states", args.states, "stop after examining this many states (0: no limit)")->check(whole_number());
  cmd->add_option("--shard", args.shard, "K/N: examine every N-th state, starting at K")->capture_default_str();
  cmd->add_option("--out", args.out,
                  "write the findings to this JSON file (for `arbiter merge`), kept up to date as the search goes");
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
    stop_on_signals();
    if (args.exhaustive > 0) run_exhaustive(v, options, cmd->count("--seconds") ? args.seconds : 0);
    else run_random(v, options);
    finish_standard_output();
  });
}

namespace {

// One input of merge, checked whole before anything is merged: a findings
// file as `explore --out` (or merge) writes it, each witness one the model
// replays (explore/replay.h). Any fault names the file and the finding.
struct ShardFile {
  std::uint64_t states = 0, steps = 0;
  bool partial = false;  // an interim save of a search still running, or killed
  std::vector<Finding> findings;
};

// A JSON value in a one-line error, cut short.
std::string shown(const nlohmann::json& j) {
  std::string text = j.dump();
  return text.size() > 40 ? text.substr(0, 40) + "..." : text;
}

// The types finding_from_json would otherwise take loosely (a negative
// visit order read as a huge one, an absent witness FEN as a parse error).
std::string finding_shape_error(const nlohmann::json& f) {
  if (!f.is_object()) return "not an object";
  auto string_field = [&](const nlohmann::json& in, const char* key, bool required) -> std::string {
    if (!in.contains(key)) return required ? std::string("no \"") + key + "\"" : "";
    if (!in[key].is_string()) return std::string("\"") + key + "\" is " + shown(in[key]) + ", not a string";
    return "";
  };
  auto strings_of = [&](const nlohmann::json& in, const char* key) -> std::string {
    if (!in.contains(key)) return "";
    const nlohmann::json& m = in[key];
    bool list = key == std::string("clauses");  // the others map names to names
    if (!(list ? m.is_array() : m.is_object()))
      return std::string("\"") + key + "\" is " + shown(m) + ", not " + (list ? "a list" : "an object");
    for (const auto& item : m)
      if (!item.is_string()) return std::string("\"") + key + "\" holds " + shown(item) + ", not a string";
    return "";
  };
  for (const char* key : {"kind", "variant"})
    if (std::string e = string_field(f, key, true); !e.empty()) return e;
  for (const char* key : {"reading", "question", "detail"})
    if (std::string e = string_field(f, key, false); !e.empty()) return e;
  if (std::string e = strings_of(f, "clauses"); !e.empty()) return e;
  if (!parse_finding_kind(f["kind"].get<std::string>())) return "unknown kind " + shown(f["kind"]);
  if (!f.contains("witness") || !f["witness"].is_object()) return "no witness object";
  const nlohmann::json& w = f["witness"];
  if (std::string e = string_field(w, "fen", true); !e.empty()) return "witness " + e;
  if (std::string e = string_field(w, "variant", false); !e.empty()) return "witness " + e;
  for (const char* key : {"actions", "readings"})
    if (std::string e = strings_of(w, key); !e.empty()) return "witness " + e;
  if (w.contains("visit_order") && !(w["visit_order"].is_number_unsigned() && w["visit_order"].get<std::uint64_t>() <= 1000))
    return "witness \"visit_order\" is " + shown(w["visit_order"]) + ", not a whole number from 0 to 1000";
  if (f.contains("text") && !f["text"].is_object()) return "\"text\" is " + shown(f["text"]) + ", not an object";
  return "";
}

ShardFile read_shard_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read " + path);
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded()) throw UsageError(path + " is not a findings file (not JSON)");
  if (!j.is_object()) throw UsageError(path + " is not a findings file (not a JSON object)");
  ShardFile file;
  auto count = [&](const char* key) -> std::uint64_t {
    if (!j.contains(key)) throw UsageError(path + " is not a findings file (no \"" + key + "\" count)");
    if (!j[key].is_number_unsigned())
      throw UsageError(path + ": \"" + key + "\" is " + shown(j[key]) + ", not a whole number of 0 or more");
    return j[key].get<std::uint64_t>();
  };
  file.states = count("states");
  file.steps = count("steps");
  if (!j.contains("findings") || !j["findings"].is_array())
    throw UsageError(path + " is not a findings file (\"findings\" is " + (j.contains("findings") ? shown(j["findings"]) : "missing") + ", not a list)");
  if (j.contains("partial")) {
    if (!j["partial"].is_boolean()) throw UsageError(path + ": \"partial\" is " + shown(j["partial"]) + ", not true or false");
    file.partial = j["partial"].get<bool>();
  }
  const Variant* file_variant = nullptr;
  if (j.contains("variant")) {
    if (!j["variant"].is_string() || !(file_variant = find_variant(j["variant"].get<std::string>())))
      throw UsageError(path + ": \"variant\" is " + shown(j["variant"]) + ", no known variant");
  }
  const nlohmann::json& list = j["findings"];
  for (std::size_t i = 0; i < list.size(); ++i) {
    const nlohmann::json& f = list[i];
    std::string which = path + ": findings[" + std::to_string(i) + "]";
    if (f.is_object() && f.contains("id") && f["id"].is_string()) which += " (" + f["id"].get<std::string>().substr(0, 40) + ")";
    auto fail = [&](std::string why) {
      std::replace(why.begin(), why.end(), '\n', ' ');
      return UsageError(which + ": " + why);
    };
    if (std::string e = finding_shape_error(f); !e.empty()) throw fail(e);
    auto parsed = report::finding_from_json(f);
    if (!parsed) throw fail(parsed.error());
    const Variant* v = find_variant(parsed->variant);
    if (!v) throw fail("unknown variant " + shown(f["variant"]));
    if (file_variant && v != file_variant) throw fail("a finding of " + parsed->variant + " in a file of " + std::string(file_variant->id()));
    if (auto replays = explore::witness_replays(*v, *parsed); !replays) throw fail(replays.error());
    file.findings.push_back(*parsed);
  }
  return file;
}

}  // namespace

void add_merge_command(CLI::App& app, Options& options) {
  static std::vector<std::string> inputs;
  static std::string out;
  CLI::App* cmd = app.add_subcommand("merge", "join findings files of explore shards (one per signature, fewest pieces)");
  cmd->add_option("files", inputs, "findings files written by `explore --out`")->required();
  cmd->add_option("--out", out, "write the merged findings here (default: standard output)");
  add_json_flag(*cmd, options);
  cmd->callback([] {
    if (!out.empty()) check_writable(out);
    std::vector<Finding> merged;
    std::uint64_t states = 0, steps = 0;
    bool partial = false;
    for (const std::string& path : inputs) {
      ShardFile file = read_shard_file(path);
      constexpr std::uint64_t kMost = std::numeric_limits<std::uint64_t>::max();
      if (file.states > kMost - states || file.steps > kMost - steps)
        throw UsageError(path + ": the counts add up past 2^64");
      states += file.states;
      steps += file.steps;
      partial = partial || file.partial;
      merged = explore::merge(merged, file.findings);
    }
    nlohmann::json j = {{"states", states}, {"steps", steps}, {"findings", findings_json(merged)}};
    // A save of a search that had not ended: what it holds is sound, not all.
    if (partial) j["partial"] = true;
    if (out.empty()) print_json(j);
    else write_file(out, j.dump(2) + "\n");
    finish_standard_output();
  });
}

}  // namespace arbiter::cli
