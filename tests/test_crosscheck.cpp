// `arbiter crosscheck` against engines: Arbiter's own server (agreement),
// the server under a reading that is not the default (a faulty engine whose
// difference must be found and minimised), Stockfish and Fairy-Stockfish over
// UCI, and fake engines that crash, hang or print garbage.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "crosscheck/child_process.h"
#include "tests/support/paths.h"
#include "tests/support/run.h"

namespace arbiter {
namespace {

using nlohmann::json;

test::RunResult arbiter(const std::string& args) { return test::run(test::arbiter_binary() + " " + args); }

// Single quotes for the shell around a command line of our own.
std::string sq(const std::string& s) { return "'" + s + "'"; }

json crosscheck(const std::string& args, int want_exit) {
  auto r = arbiter("crosscheck " + args + " --json");
  EXPECT_EQ(r.exit_code, want_exit) << args << "\n" << r.out << r.err;
  json j = json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out;
  return j;
}

// One request to `arbiter serve` with the given server options.
json serve(const std::string& serve_args, const json& request) {
  // A file of its own: ctest runs the tests of this file in parallel processes.
  static int calls = 0;
  std::string file = ::testing::TempDir() + "/crosscheck-request-" + std::to_string(getpid()) + "-" + std::to_string(++calls);
  std::ofstream(file) << request.dump() << "\n";
  auto r = test::run("(" + test::arbiter_binary() + " serve " + serve_args + " < " + file + ")");
  json j = json::parse(r.out, nullptr, false);
  EXPECT_TRUE(!j.is_discarded() && j.value("ok", false)) << request.dump() << " -> " << r.out;
  return j;
}

// The moves of a joint action label "WHITE:BLACK", as a step request has them.
json moves_of(const json& label) {
  std::string text = label.get<std::string>();
  return {{"white", text.substr(0, text.find(':'))}, {"black", text.substr(text.find(':') + 1)}};
}

std::string serve_engine(const std::string& reading = "") {
  return test::arbiter_binary() + " serve" + (reading.empty() ? "" : " --reading " + reading);
}

// The difference a cross-check against `arbiter serve --reading READING`
// reports (it must disagree), or an empty object.
json difference_under(const std::string& variant, const std::string& reading) {
  json j = crosscheck(variant + " --engine " + sq(serve_engine(reading)), 1);
  EXPECT_EQ(j["status"], "disagree") << j.dump(2);
  return j.value("difference", json::object());
}

TEST(ChildProcess, SplitCommandGroupsQuotedWords) {
  auto words = engine::split_command(R"(/bin/sh -c 'echo "a b"' x\ y "q\"z")");
  ASSERT_TRUE(words.has_value());
  EXPECT_EQ(*words, (std::vector<std::string>{"/bin/sh", "-c", "echo \"a b\"", "x y", "q\"z"}));
  EXPECT_FALSE(engine::split_command("").has_value());
  EXPECT_FALSE(engine::split_command("   ").has_value());
  EXPECT_FALSE(engine::split_command("sh 'unclosed").has_value());
}

TEST(Crosscheck, ArbitersOwnServerAgreesOnEveryVariant) {
  for (const char* id : {"orthodox", "zeitgeist", "simulchess", "parity", "parity-single"}) {
    json j = crosscheck(std::string(id) + " --engine " + sq(serve_engine()) + " --positions 3", 0);
    EXPECT_EQ(j["status"], "agree") << id;
    // The start, scenario positions and the random ones.
    EXPECT_GE(j["positions"].get<int>(), 4) << id;
    // actions, divide and sampled steps at each ongoing position.
    EXPECT_GE(j["requests"].get<int>(), 2 * j["positions"].get<int>()) << id;
  }
}

// The server under another alternative of a reading point is an engine with a
// different rule. The cross-check finds the difference by divide, steps the
// joint action whose counts differ, and stops where the actions differ: that
// position must really show the difference, and be the position after the
// joint action the descent names.
TEST(Crosscheck, AFaultyEngineIsFoundAndMinimisedToTheActionsThatDiffer) {
  const std::string reading = "parity.castle_attacks=any_attack";
  const json d = difference_under("parity", reading);
  ASSERT_EQ(d.value("what", ""), "actions") << d.dump(2);
  ASSERT_FALSE(d["descent"].empty()) << d.dump(2);
  const json& top = d["descent"][0];
  EXPECT_EQ(top["depth"], 2);
  EXPECT_NE(top["arbiter"], top["engine"]);

  // The descent's joint action leads to the reproducer's position.
  json step = serve("", {{"op", "step"}, {"variant", "parity"}, {"fen", top["fen"]}, {"moves", moves_of(top["action"])}});
  EXPECT_EQ(step["after"], d["fen"]);

  // There the two servers list different actions, and the text says which.
  json request = {{"op", "actions"}, {"variant", "parity"}, {"fen", d["fen"]}};
  json ours = serve("", request), theirs = serve("--reading " + reading, request);
  std::set<std::string> a, b;
  for (const json& m : ours["actions"]["white"]) a.insert(m.get<std::string>());
  for (const json& m : theirs["actions"]["white"]) b.insert(m.get<std::string>());
  ASSERT_NE(a, b);
  for (const std::string& m : a) {
    if (!b.count(m)) EXPECT_NE(d["arbiter"].get<std::string>().find(m), std::string::npos) << d["arbiter"];
  }
  // The replay lines are the request, and a command that sends it.
  ASSERT_EQ(d["replay"].size(), 2u);
  EXPECT_EQ(json::parse(d["replay"][1].get<std::string>()), request);
}

TEST(Crosscheck, AStepThatDiffersIsTheReproducerAndConsultsTheReading) {
  const std::string reading = "simulchess.same_square=both_return";
  const json d = difference_under("simulchess", reading);
  ASSERT_EQ(d.value("what", ""), "step") << d.dump(2);
  json request = {{"op", "step"}, {"variant", "simulchess"}, {"fen", d["fen"]}, {"moves", moves_of(d["action"])}};
  json ours = serve("", request), theirs = serve("--reading " + reading, request);
  EXPECT_NE(ours["after"], theirs["after"]);
  EXPECT_NE(d["arbiter"].get<std::string>().find(ours["after"].get<std::string>()), std::string::npos);
  EXPECT_NE(d["engine"].get<std::string>().find(theirs["after"].get<std::string>()), std::string::npos);
  // The step consults the point, under the server's alternative.
  EXPECT_EQ(theirs["readings"].value("simulchess.same_square", ""), "both_return") << theirs["readings"].dump();
}

TEST(Crosscheck, OrthodoxAgreesWithStockfishByPerft) {
  json j = crosscheck("orthodox --uci --engine stockfish --depth 3 --positions 6", 0);
  EXPECT_EQ(j["status"], "agree") << j.dump(2);
  EXPECT_GE(j["positions"].get<int>(), 8);
  EXPECT_GE(j["requests"].get<int>(), 8);
}

// Fairy-Stockfish's nocastle variant is orthodox chess without castling: the
// cross-check must name a castling move as the first difference, at depth 1.
TEST(Crosscheck, ADifferentUciEngineIsDescendedToAMissingMove) {
  json j = crosscheck("orthodox --uci --engine fairy-stockfish --uci-variant nocastle --depth 3", 1);
  ASSERT_EQ(j["status"], "disagree") << j.dump(2);
  const json& d = j["difference"];
  std::string move = d["action"].get<std::string>();
  EXPECT_TRUE(move == "e1g1" || move == "e1c1" || move == "e8g8" || move == "e8c8") << d.dump(2);
  EXPECT_NE(d["engine"].get<std::string>().find("no move"), std::string::npos) << d.dump(2);
  EXPECT_EQ(d["replay"].back(), "go perft 1");
}

class FakeEngine : public ::testing::Test {
 protected:
  std::string script(const std::string& name, const std::string& body) {
    std::string path = ::testing::TempDir() + "/fake-" + name + ".sh";
    std::ofstream(path) << body;
    return "sh " + path;
  }
  static constexpr const char* kHello = "read line; echo '{\"id\":1,\"ok\":true,\"protocol\":\"arbiter-protocol/1\"}'\n";
};

TEST_F(FakeEngine, ACrashIsReportedAsACrashWithItsStderr) {
  std::string engine = script("crash", std::string(kHello) + "read line; echo 'fatal: lost my board' >&2; kill -SEGV $$\n");
  json j = crosscheck("zeitgeist --engine " + sq(engine), 2);
  EXPECT_EQ(j["status"], "error");
  EXPECT_EQ(j["failure"]["kind"], "crashed");
  EXPECT_NE(j["failure"]["message"].get<std::string>().find("lost my board"), std::string::npos) << j.dump(2);
}

TEST_F(FakeEngine, AHangIsReportedAfterTheTimeout) {
  std::string engine = script("hang", std::string(kHello) + "read line; sleep 30\n");
  json j = crosscheck("zeitgeist --timeout 300 --engine " + sq(engine), 2);
  EXPECT_EQ(j["failure"]["kind"], "hung");
  EXPECT_NE(j["failure"]["message"].get<std::string>().find("timed out after 300 ms"), std::string::npos) << j.dump(2);
}

TEST_F(FakeEngine, GarbageIsReportedAsGarbage) {
  std::string engine = script("garbage", "while read line; do echo 'Welcome to my engine!'; done\n");
  json j = crosscheck("simulchess --engine " + sq(engine), 2);
  EXPECT_EQ(j["failure"]["kind"], "printed garbage");
  EXPECT_NE(j["failure"]["message"].get<std::string>().find("Welcome"), std::string::npos) << j.dump(2);
  // Well-formed JSON that answers another request is garbage too.
  std::string wrong_id = script("wrong-id", std::string(kHello) + "while read line; do echo '{\"id\":99,\"ok\":true}'; done\n");
  j = crosscheck("simulchess --engine " + sq(wrong_id), 2);
  EXPECT_EQ(j["failure"]["kind"], "printed garbage");
  // An engine that stops after the handshake has exited.
  std::string quits = script("quits", std::string(kHello) + "exit 3\n");
  j = crosscheck("simulchess --engine " + sq(quits), 2);
  EXPECT_EQ(j["failure"]["kind"], "exited");
  EXPECT_NE(j["failure"]["message"].get<std::string>().find("exited with code 3"), std::string::npos) << j.dump(2);
}

// A serve-protocol engine whose count of one action at depth 2 is not the sum
// of its own divide after it (the first entry of each depth-2 divide made ten
// times larger): every step and the divides below agree, and the note says
// the engine contradicts itself, not Arbiter.
TEST_F(FakeEngine, AnEngineWhoseCountsContradictThemselvesIsNamedInTheNote) {
  std::string engine = script("inflates", test::arbiter_binary() +
                                              " serve | sed -u '/\"depth\":2,\"divide\"/s/\"nodes\":\\([0-9]*\\)/\"nodes\":\\10/'\n");
  json j = crosscheck("zeitgeist --no-scenarios --positions 0 --depth 2 --engine " + sq(engine), 1);
  ASSERT_EQ(j["status"], "disagree") << j.dump(2);
  EXPECT_EQ(j["difference"]["what"], "divide");
  bool noted = false;
  for (const json& line : j["difference"]["replay"]) {
    std::string text = line.get<std::string>();
    if (!text.starts_with("note: ")) continue;
    noted = true;
    EXPECT_NE(text.find("so the engine contradicts itself"), std::string::npos) << text;
  }
  EXPECT_TRUE(noted) << j.dump(2);
}

// An engine that cannot be started is an error: the outcome on standard
// output, one line on standard error, and an "error" under --json.
TEST_F(FakeEngine, AnEngineThatCannotStartIsOneErrorLine) {
  auto r = arbiter("crosscheck zeitgeist --engine /nonexistent/engine --json");
  EXPECT_EQ(r.exit_code, 2);
  json j = json::parse(r.out, nullptr, false);
  ASSERT_TRUE(j.is_object()) << r.out;
  EXPECT_EQ(j["status"], "error");
  ASSERT_TRUE(j.contains("error")) << j.dump(2);
  EXPECT_EQ("arbiter: " + j["error"].get<std::string>() + "\n", r.err);
  auto text = arbiter("crosscheck zeitgeist --engine /nonexistent/engine");
  EXPECT_EQ(text.exit_code, 2);
  EXPECT_TRUE(text.err.starts_with("arbiter: the engine ")) << text.err;
  EXPECT_EQ(std::count(text.err.begin(), text.err.end(), '\n'), 1) << text.err;
}

// A UCI engine that drops a piece it does not know reads another board: the
// cross-check compares the FEN it echoes (`d`) before any count.
TEST_F(FakeEngine, AUciEngineThatReadsAnotherBoardIsAPositionDifference) {
  std::string engine = script("drops", R"(while read cmd rest; do
  case "$cmd" in
    uci) echo 'id name dropper'; echo uciok ;;
    isready) echo readyok ;;
    d) echo 'Fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1' ;;
    quit) exit 0 ;;
  esac
done
)");
  json j = crosscheck("orthodox --uci --no-scenarios --positions 0 --engine " + sq(engine), 1);
  ASSERT_EQ(j["status"], "disagree") << j.dump(2);
  EXPECT_EQ(j["difference"]["what"], "position");
  EXPECT_NE(j["difference"]["engine"].get<std::string>().find("4k3/8/8/8/8/8/8/4K3 w"), std::string::npos) << j.dump(2);
}

TEST(Crosscheck, BadOptionsAreUsageErrors) {
  for (const std::string& args : {std::string("nosuchgame --engine sh"), std::string("zeitgeist --uci --engine stockfish"),
                                  std::string("zeitgeist --engine \"sh 'unclosed\""), std::string("zeitgeist --engine sh --depth 9"),
                                  std::string("zeitgeist --engine sh --reading zeitgeist.nothing=x")}) {
    auto r = arbiter("crosscheck " + args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.err.find("arbiter: "), std::string::npos) << args << "\n" << r.err;
  }
  auto r = arbiter("serve --reading zeitgeist.nothing=x");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown reading point"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace arbiter
