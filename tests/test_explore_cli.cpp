// explore and merge as a long run and a script see them: a search stopped by
// SIGINT or SIGTERM ends as its time limit would (summary printed, --out
// written), one killed outright leaves the findings of its last seconds in
// --out, --out is checked before the search starts, every write failure is
// exit code 2, and merge refuses a file whose findings the model cannot replay.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <thread>
#include <nlohmann/json.hpp>

#include "explore/explorer.h"
#include "explore/replay.h"
#include "explore/well_formed.h"
#include "model/core/divergence.h"
#include "model/variants/registry.h"
#include "tests/support/paths.h"
#include "tests/support/run.h"

extern char** environ;

namespace arbiter {
namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

test::RunResult arbiter(const std::string& args) { return test::run(test::arbiter_binary() + " " + args); }

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// A fresh directory of its own for each test.
std::string fresh_dir(const std::string& name) {
  std::string dir = ::testing::TempDir() + "/explore-cli-" + name + "-" + std::to_string(getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The file as JSON, or null where it is missing or not (yet) JSON.
nlohmann::json read_json(const std::string& path) {
  nlohmann::json j = nlohmann::json::parse(read_text(path), nullptr, false);
  return j.is_discarded() ? nlohmann::json() : j;
}

void write_json(const std::string& path, const nlohmann::json& j) { std::ofstream(path) << j.dump(2) << "\n"; }

// arbiter started in the background (its output in files), with SIGINT and
// SIGTERM at their default disposition whatever this process inherited: a
// job a shell starts in the background ignores SIGINT, and so would it.
struct Background {
  pid_t pid = -1;
  Clock::time_point started;

  Background(const std::vector<std::string>& args, const std::string& out, const std::string& err) {
    std::vector<std::string> argv_text{test::arbiter_binary()};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&files, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t defaults, none;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    started = Clock::now();
    if (posix_spawn(&pid, argv[0], &files, &attr, argv.data(), environ) != 0) pid = -1;
    posix_spawn_file_actions_destroy(&files);
    posix_spawnattr_destroy(&attr);
  }
  ~Background() {
    if (pid > 0) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
  }

  // The wait status once it ends, or nothing after `seconds`.
  std::optional<int> wait_for(double seconds) {
    auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid, &status, WNOHANG) == pid) {
        pid = -1;
        return status;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return std::nullopt;
  }
};

// Waits (up to `seconds`) until `ready` holds of the file's JSON.
bool wait_until(const std::string& path, double seconds, const std::function<bool(const nlohmann::json&)>& ready) {
  auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  while (Clock::now() < deadline) {
    nlohmann::json j = read_json(path);
    if (!j.is_null() && ready(j)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

bool has_findings(const nlohmann::json& j) { return j.contains("findings") && !j["findings"].empty(); }

// Nothing but the files named: no temporary file left behind.
void expect_only(const std::string& dir, std::set<std::string> names) {
  for (const auto& entry : fs::directory_iterator(dir))
    EXPECT_TRUE(names.count(entry.path().filename().string())) << "left behind: " << entry.path();
}

// A search stopped by a signal once its --out file holds findings: it ends
// at once, exits 0, prints its summary and leaves --out whole and final.
void expect_signal_ends_search_cleanly(int signal, const std::string& signal_name, std::vector<std::string> args,
                                       const std::string& name) {
  std::string dir = fresh_dir(name), out = dir + "/found.json";
  args.insert(args.end(), {"--out", out, "--json"});
  Background run(args, dir + "/stdout", dir + "/stderr");
  ASSERT_GT(run.pid, 0);
  ASSERT_TRUE(wait_until(out, 20, has_findings)) << "no findings saved while running: " << read_text(dir + "/stderr");
  EXPECT_EQ(read_json(out).value("partial", false), true) << "a save while running says it is partial";
  std::this_thread::sleep_for(std::chrono::seconds(1));  // well into the search
  auto sent = Clock::now();
  ASSERT_EQ(kill(run.pid, signal), 0);
  std::optional<int> status = run.wait_for(10);
  ASSERT_TRUE(status) << "still running 10 s after " << signal_name;
  double took = seconds_since(sent);
  std::cout << signal_name << " to exit: " << took << " s\n";
  EXPECT_LT(took, 5.0);
  ASSERT_TRUE(WIFEXITED(*status)) << "ended by signal " << WTERMSIG(*status);
  EXPECT_EQ(WEXITSTATUS(*status), 0) << read_text(dir + "/stderr");
  nlohmann::json file = read_json(out);
  ASSERT_FALSE(file.is_null()) << read_text(out);
  EXPECT_TRUE(has_findings(file));
  EXPECT_EQ(file["stopped_by"], signal_name);
  EXPECT_FALSE(file.contains("partial"));
  EXPECT_GT(file["states"].get<std::uint64_t>(), 0u);
  nlohmann::json printed = nlohmann::json::parse(read_text(dir + "/stdout"), nullptr, false);
  ASSERT_FALSE(printed.is_discarded()) << read_text(dir + "/stdout");
  EXPECT_EQ(printed, file);
  expect_only(dir, {"found.json", "stdout", "stderr"});
  auto merged = arbiter("merge " + out);
  EXPECT_EQ(merged.exit_code, 0) << merged.err;
}

TEST(ExploreCli, SigtermEndsTheSearchAndWritesTheFindings) {
  expect_signal_ends_search_cleanly(SIGTERM, "SIGTERM", {"explore", "zeitgeist", "--seconds", "30"}, "term");
}

TEST(ExploreCli, SigintEndsTheSearchAsSigtermDoes) {
  expect_signal_ends_search_cleanly(SIGINT, "SIGINT", {"explore", "zeitgeist", "--seconds", "30"}, "int");
}

TEST(ExploreCli, SigtermEndsTheExhaustiveSearchAsCut) {
  std::string dir = ::testing::TempDir() + "/explore-cli-exhaustive-term-" + std::to_string(getpid());
  expect_signal_ends_search_cleanly(SIGTERM, "SIGTERM", {"explore", "zeitgeist", "--exhaustive", "2"},
                                    "exhaustive-term");
  nlohmann::json j = read_json(dir + "/found.json");
  EXPECT_EQ(j["exhaustive"]["cut"], true);
  // A search stopped short proves no absence.
  EXPECT_TRUE(j["exhaustive"]["none_within_depth"].empty()) << j["exhaustive"].dump();
}

// SIGKILL cannot be caught: --out holds the last save, a whole file, at most
// a few seconds behind, and merge takes it.
void expect_kill_leaves_last_save(std::vector<std::string> args, const std::string& name) {
  std::string dir = fresh_dir(name), out = dir + "/found.json";
  args.insert(args.end(), {"--out", out});
  Background run(args, dir + "/stdout", dir + "/stderr");
  ASSERT_GT(run.pid, 0);
  ASSERT_TRUE(wait_until(out, 20, has_findings)) << read_text(dir + "/stderr");
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  double ran = seconds_since(run.started);
  ASSERT_EQ(kill(run.pid, SIGKILL), 0);
  std::optional<int> status = run.wait_for(10);
  ASSERT_TRUE(status);
  ASSERT_TRUE(WIFSIGNALED(*status));
  nlohmann::json file = read_json(out);
  ASSERT_FALSE(file.is_null()) << read_text(out);
  EXPECT_TRUE(has_findings(file));
  EXPECT_EQ(file["partial"], true);
  double saved = file["seconds"].get<double>();
  std::cout << "killed after " << ran << " s; the file holds the first " << saved << " s\n";
  // Saves come every two seconds: what is lost is the time since the last.
  EXPECT_GT(saved, ran - 3.5);
  // A kill that lands in a save, between creating the temporary beside the
  // file and renaming it, leaves that one temporary (cli/atomic_file.cpp:
  // FILE.tmp.XXXXXX, which a glob of *.json does not take); nothing else.
  int temporaries = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::string file_name = entry.path().filename().string();
    if (file_name.rfind("found.json.tmp.", 0) == 0 && file_name.size() == std::string("found.json.tmp.XXXXXX").size()) {
      ++temporaries;
      continue;
    }
    EXPECT_TRUE(file_name == "found.json" || file_name == "stdout" || file_name == "stderr")
        << "left behind: " << entry.path();
  }
  EXPECT_LE(temporaries, 1);
  auto merged = arbiter("merge " + out + " --json");
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_EQ(nlohmann::json::parse(merged.out)["partial"], true);
}

TEST(ExploreCli, SigkillLeavesTheLastSave) {
  expect_kill_leaves_last_save({"explore", "zeitgeist", "--seconds", "30"}, "kill");
}

TEST(ExploreCli, SigkillLeavesTheLastSaveOfTheExhaustiveSearch) {
  expect_kill_leaves_last_save({"explore", "zeitgeist", "--exhaustive", "2"}, "exhaustive-kill");
}

// --out is checked before the search: a missing directory fails at once,
// not after the budget.
TEST(ExploreCli, OutIntoAMissingDirectoryFailsAtOnce) {
  std::string dir = fresh_dir("missing");
  for (const std::string& command : std::vector<std::string>{
           "explore zeitgeist --seconds 30 --out " + dir + "/no/such/dir/found.json",
        "explore zeitgeist --exhaustive 2 --out " + dir + "/no/such/dir/found.json",
        "explore zeitgeist --seconds 30 --out " + dir,  // a directory
        "merge " + test::source_path("tests/test_explore_cli.cpp") + " --out " + dir + "/no/such/dir/merged.json"}) {
    auto start = Clock::now();
    auto r = arbiter(command + " --json");
    double took = seconds_since(start);
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_LT(took, 1.0) << command;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("cannot write"), std::string::npos) << r.err;
    EXPECT_TRUE(nlohmann::json::parse(r.out).contains("error")) << r.out;
  }
}

// A write that fails is exit code 2 with one line, never a silent 0.
TEST(ExploreCli, AFullDeviceIsAnError) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  std::string dir = fresh_dir("full"), good = dir + "/good.json";
  ASSERT_EQ(arbiter("explore orthodox --states 20 --out " + good).exit_code, 0);
  for (const std::string& command : std::vector<std::string>{
           "explore orthodox --states 20 --out /dev/full", "explore orthodox --exhaustive 1 --no-scenarios --out /dev/full",
        "explore orthodox --states 20 --json >/dev/full", "merge " + good + " --out /dev/full", "merge " + good + " >/dev/full"}) {
    auto r = arbiter(command);
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << command << ": " << r.err;
  }
}

// The file written whole in place of the old, through a rename: an existing
// file's mode is kept, a symbolic link still names it.
TEST(ExploreCli, OutReplacesTheFileWholeAndKeepsItsLinkAndMode) {
  std::string dir = fresh_dir("replace"), real = dir + "/real.json", link = dir + "/link.json";
  std::ofstream(real) << "old\n";
  chmod(real.c_str(), 0640);
  fs::create_symlink(real, link);
  auto r = arbiter("explore orthodox --states 20 --out " + link);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_TRUE(read_json(real).contains("findings")) << read_text(real);
  struct stat st;
  ASSERT_EQ(stat(real.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
  expect_only(dir, {"real.json", "link.json"});
}

// Options that would wrap around or never end are refused as they are read.
TEST(ExploreCli, CountsAndSecondsAreCheckedAtParse) {
  for (const char* bad : {"--seed -1", "--states -1", "--seed 1.5", "--states 18446744073709551616",
                                 "--seconds inf", "--seconds nan", "--seconds -1", "--seconds 0", "--seconds 1e999",
                                 "--shard 0/2x", "--shard x/2"}) {
    auto start = Clock::now();
    auto r = test::run("timeout 20 " + test::arbiter_binary() + " explore orthodox " + std::string(bad) + " --json");
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_LT(seconds_since(start), 2.0) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << bad << ": " << r.err;
    auto j = nlohmann::json::parse(r.out, nullptr, false);
    EXPECT_TRUE(!j.is_discarded() && j.contains("error")) << bad << ": " << r.out;
  }
  for (const char* bad : {"--seconds inf", "--seconds -2"}) {
    auto r = test::run("timeout 20 " + test::arbiter_binary() + " explore zeitgeist --exhaustive 1 " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad;
  }
  auto most = arbiter("explore orthodox --seed 18446744073709551615 --states 3 --json");
  ASSERT_EQ(most.exit_code, 0) << most.err;
  EXPECT_EQ(nlohmann::json::parse(most.out)["seed"], 18446744073709551615ull);
}

// merge checks each input whole: its shape, its counts, and that each
// witness replays (FEN, readings, legal actions); a fault names the file and
// the finding, exit code 2.
TEST(MergeCli, RefusesFilesWhoseFindingsDoNotReplay) {
  std::string dir = fresh_dir("merge"), good = dir + "/good.json";
  ASSERT_EQ(arbiter("explore orthodox --states 300 --seed 3 --out " + good).exit_code, 0);
  nlohmann::json base = read_json(good);
  ASSERT_TRUE(has_findings(base)) << base.dump();
  ASSERT_EQ(arbiter("merge " + good).exit_code, 0);
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  // name -> how it spoils the good file, and whether the fault is a finding's.
  struct Spoiled {
    std::string name;
    std::function<void(nlohmann::json&)> spoil;
    bool in_finding;
  };
  auto witness = [](nlohmann::json& j) -> nlohmann::json& { return j["findings"][0]["witness"]; };
  std::vector<Spoiled> cases = {
      {"fen-garbage", [&](nlohmann::json& j) { witness(j)["fen"] = "garbage"; }, true},
      {"fen-missing", [&](nlohmann::json& j) { witness(j).erase("fen"); }, true},
      {"fen-number", [&](nlohmann::json& j) { witness(j)["fen"] = 7; }, true},
      {"reading-unknown", [&](nlohmann::json& j) { witness(j)["readings"] = {{"no.such.point", "x"}}; }, true},
      {"alternative-unknown", [&](nlohmann::json& j) { witness(j)["readings"] = {{"orthodox.draw_claims", "never"}}; }, true},
      {"action-illegal",
       [&](nlohmann::json& j) {
         witness(j)["fen"] = start;
         witness(j)["actions"] = {{"move", "e2e5"}};
       },
       true},
      {"action-unparsable", [&](nlohmann::json& j) { witness(j)["actions"] = {{"move", "zz99"}}; }, true},
      {"action-of-a-role-not-acting",
       [&](nlohmann::json& j) {
         witness(j)["fen"] = start;
         witness(j)["actions"] = {{"black", "e7e5"}};
       },
       true},
      {"actions-none", [&](nlohmann::json& j) { witness(j)["actions"] = nlohmann::json::object(); }, true},
      {"visit-order-negative", [&](nlohmann::json& j) { witness(j)["visit_order"] = -1; }, true},
      {"kind-unknown", [&](nlohmann::json& j) { j["findings"][0]["kind"] = "rumour"; }, true},
      {"variant-unknown", [&](nlohmann::json& j) { j["findings"][0]["variant"] = "nochess"; }, true},
      {"variant-other", [&](nlohmann::json& j) { j["findings"][0]["variant"] = "zeitgeist"; }, true},
      {"finding-number", [&](nlohmann::json& j) { j["findings"][0] = 42; }, true},
      {"clauses-text", [&](nlohmann::json& j) { j["findings"][0]["clauses"] = "all"; }, true},
      {"findings-null", [&](nlohmann::json& j) { j["findings"] = nullptr; }, false},
      {"findings-object", [&](nlohmann::json& j) { j["findings"] = nlohmann::json::object(); }, false},
      {"findings-missing", [&](nlohmann::json& j) { j.erase("findings"); }, false},
      {"states-negative", [&](nlohmann::json& j) { j["states"] = -5; }, false},
      {"states-fraction", [&](nlohmann::json& j) { j["states"] = 1.5; }, false},
      {"states-text", [&](nlohmann::json& j) { j["states"] = "7"; }, false},
      {"states-missing", [&](nlohmann::json& j) { j.erase("states"); }, false},
      {"steps-negative", [&](nlohmann::json& j) { j["steps"] = -1; }, false},
      {"steps-too-big", [&](nlohmann::json& j) { j["steps"] = 1e30; }, false},
      {"file-variant-unknown", [&](nlohmann::json& j) { j["variant"] = "nochess"; }, false},
      {"top-level-list", [&](nlohmann::json& j) { j = nlohmann::json::array(); }, false},
  };
  for (const Spoiled& c : cases) {
    nlohmann::json j = base;
    c.spoil(j);
    std::string path = dir + "/" + c.name + ".json";
    write_json(path, j);
    auto r = arbiter("merge " + good + " " + path + " --json");
    EXPECT_EQ(r.exit_code, 2) << c.name << ": " << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.name << ": " << r.err;
    EXPECT_NE(r.err.find(path), std::string::npos) << c.name << ": " << r.err;
    if (c.in_finding) {
      EXPECT_NE(r.err.find("findings[0]"), std::string::npos) << c.name << ": " << r.err;
    }
    auto out = nlohmann::json::parse(r.out, nullptr, false);
    EXPECT_TRUE(!out.is_discarded() && out.contains("error")) << c.name << ": " << r.out;
  }
  std::ofstream(dir + "/not-json.json") << "{\"findings\": [";
  EXPECT_EQ(arbiter("merge " + dir + "/not-json.json").exit_code, 2);
  // Counts that add up past 2^64.
  nlohmann::json huge = base;
  huge["states"] = 18446744073709551615ull;
  write_json(dir + "/huge.json", huge);
  EXPECT_EQ(arbiter("merge " + dir + "/huge.json " + dir + "/huge.json").exit_code, 2);
  // merge's own output merges again.
  auto once = arbiter("merge " + good + " --out " + dir + "/merged.json");
  ASSERT_EQ(once.exit_code, 0) << once.err;
  auto twice = arbiter("merge " + dir + "/merged.json " + good + " --json");
  ASSERT_EQ(twice.exit_code, 0) << twice.err;
  EXPECT_EQ(nlohmann::json::parse(twice.out)["states"], 2 * base["states"].get<std::uint64_t>());
}

// The replay check itself: a gap found by playing whole games has the state
// alone as its witness; any other finding needs its step.
TEST(MergeCli, AWitnessWithoutActionsIsAGapsOnly) {
  const Variant& v = *find_variant("orthodox");
  Finding f;
  f.kind = FindingKind::Gap;
  f.variant = "orthodox";
  f.witness = witness_of(v, v.initial_state(), {}, {});
  EXPECT_TRUE(explore::witness_replays(v, f).ok());
  f.kind = FindingKind::Contradiction;
  EXPECT_FALSE(explore::witness_replays(v, f).ok());
  State s = v.initial_state();
  JointAction joint{{Role::White, v.actions(s, Role::White).front()}};
  f.witness = witness_of(v, s, joint, {});
  EXPECT_TRUE(explore::witness_replays(v, f).ok()) << explore::witness_replays(v, f).error();
}

// The library side: a search polls Interim::stop and hands Interim::save the
// findings so far; here the first save with a finding asks it to stop.
TEST(ExploreInterim, ASearchSavesAsItGoesAndStopsWhenAsked) {
  const Variant& v = *find_variant("orthodox");
  std::atomic<bool> stop{false};
  std::size_t saves = 0;
  auto stop_at_a_finding = [&](const std::vector<Finding>& so_far) {
    ++saves;
    if (!so_far.empty()) stop = true;
  };
  explore::Options o;
  o.seconds = 1e9;  // only the stop ends it
  o.scenario_dir = test::source_path("corpus/scenarios");
  o.interim.stop = &stop;
  o.interim.save = stop_at_a_finding;
  explore::Progress p;
  auto found = explore::run(v, o, &p);
  EXPECT_TRUE(p.stopped);
  EXPECT_GE(saves, 1u);
  EXPECT_FALSE(found.empty());

  stop = false;
  saves = 0;
  explore::ExhaustiveOptions e;
  e.depth = 3;
  e.scenario_dir = o.scenario_dir;
  e.interim.stop = &stop;
  e.interim.save = stop_at_a_finding;
  explore::ExhaustiveCoverage c;
  found = explore::exhaustive(v, e, &c);
  EXPECT_TRUE(c.stopped);
  EXPECT_TRUE(c.cut);
  EXPECT_GE(saves, 1u);
  EXPECT_FALSE(found.empty());

  explore::WellFormedOptions w;
  w.interim.stop = &stop;  // still set: no game is played
  explore::WellFormedness played = explore::check_well_formed(v, w);
  EXPECT_TRUE(played.stopped);
  EXPECT_EQ(played.games, 0);
}

}  // namespace
}  // namespace arbiter
