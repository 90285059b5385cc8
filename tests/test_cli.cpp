// The arbiter CLI as other programs see it: outputs, JSON shapes, and exit
// code 2 with a one-line error on every kind of bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <nlohmann/json.hpp>

#include "model/variants/registry.h"
#include "tests/support/paths.h"
#include "tests/support/run.h"

namespace arbiter {
namespace {

test::RunResult arbiter(const std::string& args) { return test::run(test::arbiter_binary() + " " + args); }

const std::string kStart = "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'";

TEST(Cli, ResolveTakesTheActionOfWhicheverRoleActsAlone) {
  // Parade Chess Solitaire starts with the chance role's shuffle, then the
  // player acts: --move names the one role acting, whichever it is.
  auto dealt = arbiter("resolve parade --move shuffle-3 --json");
  ASSERT_EQ(dealt.exit_code, 0) << dealt.err;
  auto j = nlohmann::json::parse(dealt.out);
  EXPECT_EQ(j["chance"], "shuffle-3");
  auto same = arbiter("resolve parade --chance shuffle-3 --json");
  ASSERT_EQ(same.exit_code, 0) << same.err;
  EXPECT_EQ(nlohmann::json::parse(same.out)["after"], j["after"]);
  auto added = arbiter("resolve parade --fen '" + j["after"].get<std::string>() + "' --move add --json");
  ASSERT_EQ(added.exit_code, 0) << added.err;
  EXPECT_EQ(nlohmann::json::parse(added.out)["player"], "add");
  EXPECT_TRUE(nlohmann::json::parse(added.out).contains("scores"));
  auto garbage = arbiter("resolve parade --move shuffle-99999");
  EXPECT_EQ(garbage.exit_code, 2);
}

TEST(Cli, VariantsListsOrthodox) {
  auto r = arbiter("variants --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_FALSE(j["variants"].empty());
  EXPECT_EQ(j["variants"][0]["id"], "orthodox");
}

TEST(Cli, RulesJsonHasClausesAndReadings) {
  auto r = arbiter("rules orthodox --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_GE(j["clauses"].size(), 20u);
  for (const auto& c : j["clauses"]) {
    EXPECT_TRUE(c.contains("id"));
    EXPECT_TRUE(c.contains("quote"));
  }
  ASSERT_EQ(j["readings"].size(), 1u);
  EXPECT_EQ(j["readings"][0]["default"], "claimed");
  EXPECT_EQ(j["readings"][0]["alternatives"].size(), 2u);
  EXPECT_TRUE(j["options"].empty());
}

// An option the text offers is listed apart from the questions it leaves open.
TEST(Cli, RulesJsonListsOptionsApart) {
  auto r = arbiter("rules parity --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["options"].size(), 1u);
  EXPECT_EQ(j["options"][0]["id"], "parity.stalemate");
  EXPECT_EQ(j["options"][0]["default"], "loss");
  for (const auto& p : j["readings"]) EXPECT_NE(p["id"], "parity.stalemate");
  auto text = arbiter("rules parity");
  EXPECT_NE(text.out.find("Options (variations the text offers):\n  parity.stalemate"), std::string::npos) << text.out;
}

TEST(Cli, ResolvePrintsTheDesignedJson) {
  auto r = arbiter("resolve orthodox --fen " + kStart + " --move e2e4 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["variant"], "orthodox");
  EXPECT_EQ(j["after"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_EQ(j["white"], "e2e4");
  EXPECT_EQ(j["san"], "e4");
  EXPECT_EQ(j["pieces"].size(), 32u);
  EXPECT_EQ(j["result"], "ongoing");
  EXPECT_EQ(j["events"][0]["type"], "move");
  EXPECT_EQ(j["events"][0]["from"], "e2");
  EXPECT_EQ(j["events"][0]["to"], "e4");
  bool double_step = false;
  for (const auto& c : j["clauses"]) double_step = double_step || c == "orthodox.pawn.double_step";
  EXPECT_TRUE(double_step);
  EXPECT_TRUE(j["findings"].empty());
}

TEST(Cli, ResolveReportsTheDivergenceOfAReadingPoint) {
  auto r = arbiter("resolve orthodox --fen '8/8/8/4k3/8/8/3QK3/8 w - - 99 80' --move d2d3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["result"], "draw");
  EXPECT_EQ(j["readings"]["orthodox.draw_claims"], "claimed");
  ASSERT_EQ(j["findings"].size(), 1u);
  EXPECT_EQ(j["findings"][0]["kind"], "divergence");
  auto other = arbiter("resolve orthodox --fen '8/8/8/4k3/8/8/3QK3/8 w - - 99 80' --move d2d3 --reading orthodox.draw_claims=automatic --json");
  ASSERT_EQ(other.exit_code, 0) << other.err;
  EXPECT_EQ(nlohmann::json::parse(other.out)["result"], "ongoing");
}

TEST(Cli, PlayRunsAGameToMate) {
  auto r = arbiter("play orthodox --moves 'f2f3 e7e5 g2g4 d8h4' --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["steps"].size(), 4u);
  EXPECT_EQ(j["result"], "black_wins");
  EXPECT_EQ(j["steps"][3]["san"], "Qh4#");
}

TEST(Cli, PerftAndDivide) {
  auto r = arbiter("perft orthodox --depth 3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["nodes"], 8902);
  auto d = arbiter("perft orthodox --depth 2 --divide --json");
  ASSERT_EQ(d.exit_code, 0) << d.err;
  auto j = nlohmann::json::parse(d.out);
  EXPECT_EQ(j["nodes"], 400);
  EXPECT_EQ(j["divide"].size(), 20u);
}

TEST(Cli, ExploreShardsMergeIntoOneFindingPerSignature) {
  std::string dir = ::testing::TempDir();
  for (const char* shard : {"0/2", "1/2"}) {
    auto r = arbiter(std::string("explore orthodox --states 300 --seed 3 --shard ") + shard + " --out " + dir + "/shard" +
                     shard[0] + ".json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  auto m = arbiter("merge " + dir + "/shard0.json " + dir + "/shard1.json --json");
  ASSERT_EQ(m.exit_code, 0) << m.err;
  auto j = nlohmann::json::parse(m.out);
  EXPECT_EQ(j["states"], 600);
  std::set<std::string> signatures;
  for (const auto& f : j["findings"]) EXPECT_TRUE(signatures.insert(f["signature"].get<std::string>()).second);
  EXPECT_FALSE(j["findings"].empty());
  auto bad = arbiter("merge /nonexistent.json");
  EXPECT_EQ(bad.exit_code, 2);
}

// A move the readings in force refuse and another alternative accepts is a
// legality divergence, not bad input: resolve and play take it, say which
// alternatives accept it and what the step did with it, and report the point.
TEST(Cli, AMoveOnlyAnotherReadingAcceptsIsResolvedAndReported) {
  const std::string fen = "'4k3/8/8/8/8/8/r7/4K3 w - - 0 1'";
  auto r = arbiter("resolve parity --fen " + fen + " --white e1e2 --black e8d8 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["legality"].size(), 1u) << j.dump(2);
  EXPECT_EQ(j["legality"][0]["role"], "white");
  EXPECT_EQ(j["legality"][0]["move"], "e1e2");
  EXPECT_EQ(j["legality"][0]["accepted_under"], nlohmann::json::array({"parity.king_into_attack=allowed"}));
  // parity.refused_move=rewrite, the default ("the null move is not allowed"):
  // the turn is not played, and the position stands as it was.
  EXPECT_NE(j["legality"][0]["sanction"].get<std::string>().find("both players submit again"), std::string::npos);
  EXPECT_EQ(j["after"], "4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
  bool diverges = false;
  for (const auto& f : j["findings"]) diverges = diverges || f["reading"] == "parity.king_into_attack";
  EXPECT_TRUE(diverges) << j.dump(2);
  auto play = arbiter("play parity --fen " + fen + " --moves e1e2:e8d8");
  ASSERT_EQ(play.exit_code, 0) << play.err;
  EXPECT_NE(play.out.find("legality: white e1e2 is refused"), std::string::npos) << play.out;
  // A move no alternative accepts is still bad input.
  auto bad = arbiter("resolve parity --fen " + fen + " --white e1e5 --black e8d8");
  EXPECT_EQ(bad.exit_code, 2);
}

// explore --exhaustive N: what it covered, "none within N turns" per kind it
// found nothing of, and shards whose merge covers the whole search.
TEST(Cli, ExhaustiveSearchSaysWhatItCoveredAndShardsMerge) {
  auto whole = arbiter("explore simulchess --exhaustive 1 --no-scenarios --json");
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  auto j = nlohmann::json::parse(whole.out);
  EXPECT_EQ(j["exhaustive"]["depth"], 1);
  EXPECT_EQ(j["exhaustive"]["states"], 1);
  EXPECT_EQ(j["exhaustive"]["steps"], 400);
  EXPECT_EQ(j["exhaustive"]["cut"], false);
  for (const std::string kind : {"order", "contradiction"})
    EXPECT_TRUE(std::count(j["exhaustive"]["none_within_depth"].begin(), j["exhaustive"]["none_within_depth"].end(), kind))
        << j["exhaustive"].dump();
  auto text = arbiter("explore simulchess --exhaustive 1 --no-scenarios");
  EXPECT_NE(text.out.find("order: none within 1 turns"), std::string::npos) << text.out;
  std::string dir = ::testing::TempDir() + "/exhaustive";
  test::run("mkdir -p " + dir);
  for (const char* shard : {"0", "1"}) {
    auto r = arbiter(std::string("explore simulchess --exhaustive 1 --no-scenarios --shard ") + shard + "/2 --out " + dir +
                     "/s" + shard + ".json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  auto merged = arbiter("merge " + dir + "/s0.json " + dir + "/s1.json --json");
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_EQ(nlohmann::json::parse(merged.out)["steps"], 400);
  EXPECT_EQ(arbiter("explore simulchess --exhaustive 9").exit_code, 2);
}

// explore says which declared reading points it showed diverging and which it
// missed: every point of the variant once, in one list or the other.
TEST(Cli, ExploreListsTheReadingPointsItFoundAndMissed) {
  auto r = arbiter("explore parity --seconds 30 --states 20 --no-scenarios --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  std::set<std::string> points;
  for (const auto& p : j["reading_points"]["diverging"]) EXPECT_TRUE(points.insert(p.get<std::string>()).second);
  for (const auto& p : j["reading_points"]["missed"]) EXPECT_TRUE(points.insert(p.get<std::string>()).second);
  // Every reading point but the options (the text's own variations, never a
  // divergence finding).
  std::size_t questions = 0;
  for (const ReadingPoint& p : find_variant("parity")->readings()) {
    questions += !p.option;
    if (p.option) {
      EXPECT_FALSE(points.count(std::string(p.id))) << p.id;
    }
  }
  EXPECT_EQ(points.size(), questions);
  EXPECT_EQ(questions, 5u);
  for (const auto& f : j["findings"]) {
    if (f["kind"] != "divergence") continue;
    const auto& diverging = j["reading_points"]["diverging"];
    EXPECT_TRUE(std::count(diverging.begin(), diverging.end(), f["reading"])) << f.dump();
  }
  auto text = arbiter("explore parity --seconds 30 --states 5 --no-scenarios");
  EXPECT_NE(text.out.find("reading points diverging: "), std::string::npos) << text.out;
}

TEST(Cli, SameSeedSameReport) {
  std::string a = ::testing::TempDir() + "/report-a", b = ::testing::TempDir() + "/report-b";
  for (const std::string& dir : {a, b}) {
    // Budgets in states and games, with time limits no build reaches (an
    // ASan build runs ten times slower), so the same seed gives the same
    // report. The SMT queries and the exhaustive search are not seeded and
    // have time limits of their own: left out here.
    auto r = arbiter("report --out " + dir + " --explore-states 6 --games 20 --unseen-search 0 --seed 5 --explore-seconds 3600 "
                     "--games-seconds 3600 --impact-games 10 --impact-seconds 3600 --smt-seconds 0 --exhaustive-depth 0");
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  auto same = test::run("cmp " + a + "/findings.json " + b + "/findings.json");
  EXPECT_EQ(same.exit_code, 0) << same.out;
  auto j = nlohmann::json::parse(test::run("cat " + a + "/findings.json").out);
  EXPECT_EQ(j["schema"], "arbiter-findings/1");
  EXPECT_GE(j["variants"].size(), 2u);
  for (const auto& f : j["findings"]) EXPECT_TRUE(f["witness"].contains("replay"));
  // Provenance: each finding names the tool that found it first, first among
  // every tool that found it, and each variant counts its findings by that tool.
  std::map<std::string, int> first;
  for (const auto& f : j["findings"]) {
    std::string by = f["found_by"].get<std::string>();
    ASSERT_FALSE(f["found_by_tools"].empty()) << f.dump();
    EXPECT_EQ(f["found_by_tools"][0].get<std::string>(), by.substr(0, by.find(" (")));
    ++first[f["variant"].get<std::string>() + "|" + f["found_by_tools"][0].get<std::string>()];
  }
  for (const auto& variant : j["variants"]) {
    int total = 0;
    for (const auto& [tool, n] : variant["found_first_by"].items()) {
      EXPECT_EQ(n.get<int>(), first[variant["id"].get<std::string>() + "|" + tool]) << variant.dump();
      total += n.get<int>();
    }
    EXPECT_EQ(total, variant["findings"].get<int>()) << variant["id"];
  }
}

TEST(Cli, ReportAgainstABaselineExitsOneOnANewFinding) {
  std::string dir = ::testing::TempDir() + "/report-baseline";
  auto first = arbiter("report --out " + dir + " --explore-states 4 --variants orthodox");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  auto same = arbiter("report --out " + dir + "-2 --explore-states 4 --variants orthodox --baseline " + dir + "/findings.json");
  EXPECT_EQ(same.exit_code, 0) << same.err;
  test::run("printf '{\"findings\": []}' > " + dir + "/empty.json");
  auto fresh = arbiter("report --out " + dir + "-3 --explore-states 4 --variants orthodox --baseline " + dir + "/empty.json");
  EXPECT_EQ(fresh.exit_code, 1) << fresh.err;
  EXPECT_NE(fresh.err.find("new finding orthodox|divergence|orthodox.draw_claims"), std::string::npos) << fresh.err;
  auto bad = arbiter("report --out " + dir + "-4 --explore-states 1 --variants orthodox --baseline /nonexistent.json");
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
}

// Fuzzing findings join the report when the model still gives them at their
// witness; an unreadable file or a finding the model no longer gives is left
// out, and the log says which and why.
TEST(Cli, ReportTakesTheFuzzFindingsTheModelStillGives) {
  std::string dir = ::testing::TempDir() + "/report-fuzz";
  test::run("rm -rf " + dir + " && mkdir -p " + dir + "/findings");
  auto resolved = arbiter("resolve zeitgeist --fen '4k3/8/8/8/8/8/7r/4K3 w - - 0 1' --white e1e2 --black e8d8 --json");
  ASSERT_EQ(resolved.exit_code, 0) << resolved.err;
  nlohmann::json finding, found = nlohmann::json::parse(resolved.out);
  for (const auto& f : found["findings"])
    if (f["signature"] == "zeitgeist|divergence|zeitgeist.submission") finding = f;
  ASSERT_FALSE(finding.is_null()) << resolved.out;
  finding["found_by"] = "fuzzer";
  std::ofstream(dir + "/findings/zeitgeist-found.json") << finding.dump();
  // The same finding at a step where nothing diverges: stale.
  nlohmann::json stale = finding;
  stale["witness"]["actions"] = {{"white", "e1d1"}, {"black", "e8e7"}};
  std::ofstream(dir + "/findings/zeitgeist-stale.json") << stale.dump();
  std::ofstream(dir + "/findings/zeitgeist-garbage.json") << "{\"kind\": ";
  // A source tree without scenario files, and no search of the report's own
  // (the exhaustive search finds conflicts near the start position), so that
  // the fuzzer's witness is the only one of its signature.
  test::run("mkdir -p " + dir + "/source/corpus");
  auto r = arbiter("report --out " + dir + "/out --source " + dir + "/source --explore-states 0 --smt-seconds 0 " +
                   "--exhaustive-depth 0 --variants zeitgeist --fuzz-findings " + dir + "/findings --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["fuzz_findings_skipped"], 2);
  EXPECT_NE(r.err.find("zeitgeist-stale.json: the model no longer finds it at its witness"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("zeitgeist-garbage.json: not JSON"), std::string::npos) << r.err;
  std::ifstream in(dir + "/out/findings.json");
  nlohmann::json report = nlohmann::json::parse(in);
  ASSERT_EQ(report["findings"].size(), 1u) << report.dump(2);
  EXPECT_EQ(report["findings"][0]["signature"], "zeitgeist|divergence|zeitgeist.submission");
  EXPECT_EQ(report["findings"][0]["found_by"], "fuzzer (zeitgeist-found.json)");
  EXPECT_EQ(report["findings"][0]["witness"]["fen"], "4k3/8/8/8/8/8/7r/4K3 w - - 0 1");
}

// A folder (or any entry that is not a file) named like a finding in the
// fuzz findings folder is left out and named, never the end of the report.
TEST(Cli, ReportLeavesOutAFolderAmongTheFuzzFindings) {
  std::string dir = ::testing::TempDir() + "/report-fuzz-folder";
  test::run("rm -rf " + dir + " && mkdir -p " + dir + "/findings/orthodox-folder.json " + dir + "/findings/sub " + dir +
            "/source/corpus");
  auto r = arbiter("report --out " + dir + "/out --source " + dir + "/source --variants orthodox --explore-states 0 " +
                   "--smt-seconds 0 --games 0 --exhaustive-depth 0 --fuzz-findings " + dir + "/findings --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["fuzz_findings_skipped"], 1) << r.out;
  EXPECT_NE(r.err.find("orthodox-folder.json: not a file"), std::string::npos) << r.err;
}

// A perft table line that does not read is a model problem (exit 2, the file
// and line named), never a table quietly left unchecked.
TEST(Cli, ReportFailsOnAPerftTableLineThatDoesNotRead) {
  std::string dir = ::testing::TempDir() + "/report-perft-line";
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  for (const std::string& bad : {start + " ;D1 2O", start + " ;D1 20 ;D2", std::string("xx w - - 0 1 ;D1 3")}) {
    test::run("rm -rf " + dir + " && mkdir -p " + dir + "/source/corpus/perft");
    std::ofstream(dir + "/source/corpus/perft/orthodox.epd") << "# a comment\n" << start << " ;D1 20\n" << bad << "\n";
    auto r = arbiter("report --out " + dir + "/out --source " + dir + "/source --variants orthodox --explore-states 0 " +
                     "--smt-seconds 0 --games 0 --exhaustive-depth 0 --json");
    EXPECT_EQ(r.exit_code, 2) << bad << "\n" << r.err;
    EXPECT_NE(r.err.find("orthodox.epd:3: "), std::string::npos) << bad << "\n" << r.err;
    nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.out;
    EXPECT_TRUE(j.contains("error")) << r.out;
    EXPECT_EQ(j["model_problems"], 1) << r.out;
  }
}

// --source is a folder holding corpus/, checked as the command line is read:
// a path that names nothing is not a report that checked nothing.
TEST(Cli, ReportRefusesASourceThatIsNotASourceTree) {
  std::string dir = ::testing::TempDir() + "/report-source";
  test::run("rm -rf " + dir + " && mkdir -p " + dir + "/empty");
  for (const std::string& source : {std::string("/nonexistent"), dir + "/empty"}) {
    auto r = arbiter("report --out " + dir + "/out --source " + source + " --variants orthodox --explore-states 0 " +
                     "--smt-seconds 0 --games 0 --exhaustive-depth 0");
    EXPECT_EQ(r.exit_code, 2) << source << "\n" << r.err;
    EXPECT_TRUE(r.err.starts_with("arbiter: --source: ")) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    auto j = arbiter("report --out " + dir + "/out --source " + source + " --json");
    EXPECT_EQ(j.exit_code, 2) << j.err;
    EXPECT_TRUE(nlohmann::json::parse(j.out).contains("error")) << j.out;
  }
  EXPECT_FALSE(std::filesystem::exists(dir + "/out"));
}

// An example mismatch shows what the text claims beside what the model gives:
// findings.json carries the claims, and the page a board "the text" with the
// moves the rules reject made as the text plays them.
TEST(Cli, ReportDrawsWhatTheTextClaimsBesideTheModel) {
  std::string dir = ::testing::TempDir() + "/report-text";
  auto r = arbiter("report --out " + dir + " --variants parity --explore-states 0 --smt-seconds 0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(dir + "/findings.json");
  nlohmann::json report = nlohmann::json::parse(in);
  const nlohmann::json* move63 = nullptr;
  for (const auto& f : report["findings"])
    if (f["found_by"] == "example (parity.sample.move63_rook_just_moved)") move63 = &f;
  ASSERT_NE(move63, nullptr);
  EXPECT_EQ((*move63)["text"]["squares"]["a7"], "R");
  EXPECT_EQ((*move63)["text"]["rejected"]["white"], "c7a7");
  EXPECT_EQ((*move63)["text"]["rejected"]["black"], "b5b6");
  std::ifstream md(dir + "/parity.md");
  std::string page((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
  // The rook taken to a7 and Black's rook to b6, from the position after move 62.
  EXPECT_NE(page.find("- after, the text: ongoing, `8/R6p/1rQ5/k2p2P1/3P3P/BP6/8/2K5 w - - 0 63"), std::string::npos);
  // A result the text claims: Gravity Chess's scoring example, which counts
  // the h4 pawn as stacked, under king_capture=allowed.
  std::string gravity_dir = ::testing::TempDir() + "/report-text-gravity";
  auto g = arbiter("report --out " + gravity_dir + " --variants gravity --explore-states 0 --smt-seconds 0");
  ASSERT_EQ(g.exit_code, 0) << g.err;
  std::ifstream gmd(gravity_dir + "/gravity.md");
  std::string gpage((std::istreambuf_iterator<char>(gmd)), std::istreambuf_iterator<char>());
  EXPECT_NE(gpage.find("- after, the text: black_wins,"), std::string::npos) << "the scoring example's claimed result";
}

// The serve protocol answers every line in order, agrees with the CLI's own
// answers, and goes on serving after bad input (docs/protocol.md).
TEST(Cli, ServeAnswersEveryLineAndKeepsServingAfterBadInput) {
  std::string dir = ::testing::TempDir() + "/serve";
  test::run("mkdir -p " + dir);
  std::ofstream(dir + "/requests") << R"({"op": "hello", "id": 1}
not json
{"op": "step", "variant": "simulchess", "moves": {"white": "e2e4", "black": "e7e5"}, "id": "s"}

{"op": "perft", "variant": "parity", "depth": 2}
{"op": "step", "variant": "zeitgeist", "moves": {"white": "e2e4"}}
{"op": "divide", "variant": "zeitgeist", "depth": 1, "readings": {"zeitgeist.submission": "king_safe"}}
{"op": "perft", "variant": "orthodox", "depth": 99}
{"op": "actions", "variant": "parity", "fen": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 justmoved=e4,e5"}
["an", "array"]
{"op": "teleport", "variant": "orthodox"}
)";
  // In a subshell: test::run gives the command line /dev/null as its input.
  auto r = test::run("(" + test::arbiter_binary() + " serve < " + dir + "/requests)");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<nlohmann::json> responses;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) responses.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(responses.size(), 10u) << r.out;  // the blank line gets none
  EXPECT_EQ(responses[0]["protocol"], "arbiter-protocol/1");
  EXPECT_EQ(responses[0]["id"], 1);
  EXPECT_FALSE(responses[1]["ok"].get<bool>());
  auto resolved = nlohmann::json::parse(arbiter("resolve simulchess --white e2e4 --black e7e5 --json").out);
  EXPECT_EQ(responses[2]["after"], resolved["after"]);
  EXPECT_EQ(responses[2]["id"], "s");
  EXPECT_EQ(responses[3]["nodes"], 170409);
  EXPECT_NE(responses[4]["error"].get<std::string>().find("missing the move of black"), std::string::npos);
  auto divided = nlohmann::json::parse(arbiter("perft zeitgeist --depth 1 --divide --reading zeitgeist.submission=king_safe --json").out);
  EXPECT_EQ(responses[5]["divide"], divided["divide"]);
  EXPECT_NE(responses[6]["error"].get<std::string>().find("bad depth"), std::string::npos);
  // e4 just moved: the e-pawn may not move again (parity.submit.just_moved_stays).
  bool e4_moves = false;
  for (const auto& m : responses[7]["actions"]["white"]) e4_moves = e4_moves || m.get<std::string>().starts_with("e4");
  EXPECT_FALSE(e4_moves);
  EXPECT_FALSE(responses[7]["actions"]["white"].empty());
  EXPECT_FALSE(responses[8]["ok"].get<bool>());
  EXPECT_NE(responses[9]["error"].get<std::string>().find("unknown op"), std::string::npos);
}

// A perft or divide request past the server's budget gets an error response
// when the budget runs out, and the next request is answered at once
// (docs/protocol.md): a depth-8 count cannot block the server.
TEST(Cli, ServeAnswersTheNextRequestWhenAPerftRunsPastItsBudget) {
  std::string dir = ::testing::TempDir() + "/serve-budget";
  test::run("mkdir -p " + dir);
  std::ofstream(dir + "/requests") << R"({"op": "perft", "variant": "zeitgeist", "depth": 8, "id": "deep"}
{"op": "divide", "variant": "orthodox", "depth": 8, "id": "deep-divide"}
{"op": "hello", "id": "next"}
)";
  // Each response line stamped with the time it came out.
  auto r = test::run("bash -c '" + test::arbiter_binary() + " serve --seconds 1.5 < " + dir +
                     "/requests | while IFS= read -r line; do echo \"$(date +%s.%N) $line\"; done'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<double> at;
  std::vector<nlohmann::json> responses;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    at.push_back(std::stod(line.substr(0, line.find(' '))));
    responses.push_back(nlohmann::json::parse(line.substr(line.find(' ') + 1)));
  }
  ASSERT_EQ(responses.size(), 3u) << r.out;
  for (int i : {0, 1}) {
    EXPECT_FALSE(responses[i]["ok"].get<bool>()) << responses[i];
    EXPECT_NE(responses[i]["error"].get<std::string>().find("budget of 1.5 s ran out"), std::string::npos) << responses[i];
  }
  EXPECT_EQ(responses[0]["id"], "deep");
  EXPECT_EQ(responses[2]["id"], "next");
  EXPECT_TRUE(responses[2]["ok"].get<bool>());
  // The second count began when the first was answered: its budget ran out
  // 1.5 s later, and the hello came within a second of that.
  EXPECT_GE(at[1] - at[0], 1.4);
  EXPECT_LT(at[2] - at[1], 1.0);
}

// perft --seconds: a count past its budget stops with exit code 3 and one
// line (one {"error"} document under --json); within it, the count.
TEST(Cli, PerftStopsWhenItsBudgetRunsOut) {
  for (const char* variant : {"orthodox", "zeitgeist", "parity", "existentialist", "simulchess", "booster"}) {
    auto r = arbiter(std::string("perft ") + variant + " --depth 12 --seconds 0.3");
    EXPECT_EQ(r.exit_code, 3) << variant << ": " << r.err;
    EXPECT_EQ(r.out, "") << variant;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("arbiter: perft stopped: its budget of 0.3 s ran out"), std::string::npos) << r.err;
  }
  auto j = arbiter("perft orthodox --depth 12 --divide --seconds 0.3 --json");
  EXPECT_EQ(j.exit_code, 3);
  EXPECT_NE(nlohmann::json::parse(j.out)["error"].get<std::string>().find("first actions counted"), std::string::npos) << j.out;
  auto done = arbiter("perft orthodox --depth 3 --seconds 60");
  EXPECT_EQ(done.exit_code, 0) << done.err;
  EXPECT_EQ(done.out, "nodes 8902\n");
}

// Golden vectors replay: every line, sent to `arbiter serve` as a step
// request, gives the recorded position and result; the EPD's counts are the
// perft of its positions.
// The subset of JSON Schema that docs/protocol.schema.json uses: type,
// required, properties, items, additionalProperties, enum, const, minimum,
// maximum and local $ref. Returns the first mismatch, or "".
std::string schema_mismatch(const nlohmann::json& root, const nlohmann::json& schema, const nlohmann::json& value,
                            const std::string& at) {
  if (schema.contains("$ref")) {
    std::string ref = schema["$ref"].get<std::string>();
    return schema_mismatch(root, root["$defs"][ref.substr(ref.rfind('/') + 1)], value, at);
  }
  if (schema.contains("type")) {
    std::string type = schema["type"].get<std::string>();
    bool ok = (type == "object" && value.is_object()) || (type == "array" && value.is_array()) ||
              (type == "string" && value.is_string()) || (type == "boolean" && value.is_boolean()) ||
              (type == "integer" && value.is_number_integer()) || (type == "number" && value.is_number());
    if (!ok) return at + ": not of type " + type + ": " + value.dump().substr(0, 80);
  }
  if (schema.contains("const") && value != schema["const"]) return at + ": not " + schema["const"].dump();
  if (schema.contains("enum") && std::find(schema["enum"].begin(), schema["enum"].end(), value) == schema["enum"].end())
    return at + ": " + value.dump() + " is not one of " + schema["enum"].dump();
  if (schema.contains("minimum") && value.is_number() && value.get<double>() < schema["minimum"].get<double>()) return at + ": below minimum";
  if (schema.contains("maximum") && value.is_number() && value.get<double>() > schema["maximum"].get<double>()) return at + ": above maximum";
  if (value.is_object()) {
    for (const auto& key : schema.value("required", nlohmann::json::array()))
      if (!value.contains(key.get<std::string>())) return at + ": missing " + key.get<std::string>();
    for (const auto& [key, item] : value.items()) {
      std::string m;
      if (schema.contains("properties") && schema["properties"].contains(key))
        m = schema_mismatch(root, schema["properties"][key], item, at + "." + key);
      else if (schema.contains("additionalProperties"))
        m = schema_mismatch(root, schema["additionalProperties"], item, at + "." + key);
      if (!m.empty()) return m;
    }
  }
  if (value.is_array() && schema.contains("items"))
    for (std::size_t i = 0; i < value.size(); ++i)
      if (auto m = schema_mismatch(root, schema["items"], value[i], at + "[" + std::to_string(i) + "]"); !m.empty()) return m;
  return "";
}

TEST(Cli, ServeRequestsAndResponsesFollowTheProtocolSchema) {
  std::ifstream in(test::source_path("docs/protocol.schema.json"));
  nlohmann::json schema = nlohmann::json::parse(in, nullptr, false);
  ASSERT_FALSE(schema.is_discarded()) << "docs/protocol.schema.json is not JSON";
  EXPECT_EQ(schema["$id"], "arbiter-protocol/1");
  const std::string fen = "4k3/1b6/5p2/8/4N3/8/8/4K3 w - - 0 1";
  std::vector<nlohmann::json> requests = {
      {{"op", "hello"}, {"id", 1}},
      {{"op", "variants"}},
      {{"op", "rules"}, {"variant", "parity"}},
      {{"op", "actions"}, {"variant", "zeitgeist"}, {"fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}},
      {{"op", "actions"}, {"variant", "orthodox"}, {"fen", "7k/5QQ1/8/8/8/8/8/4K3 b - - 0 1"}},
      {{"op", "step"}, {"variant", "simulchess"}, {"fen", fen}, {"moves", {{"white", "e4c3"}, {"black", "b7e4"}}}},
      {{"op", "step"}, {"variant", "orthodox"}, {"moves", {{"white", "e2e4"}}}, {"readings", {{"orthodox.draw_claims", "automatic"}}}},
      {{"op", "perft"}, {"variant", "parity"}, {"depth", 1}},
      {{"op", "divide"}, {"variant", "zeitgeist"}, {"fen", fen}, {"depth", 2}},
      {{"op", "divide"}, {"variant", "nosuchgame"}, {"depth", 1}},
      {{"op", "step"}, {"variant", "zeitgeist"}, {"moves", {{"white", "e2e5"}, {"black", "e7e5"}}}},
  };
  std::string file = ::testing::TempDir() + "/schema-requests";
  std::ofstream out(file);
  for (const auto& r : requests) {
    EXPECT_EQ(schema_mismatch(schema, schema["$defs"]["request"], r, "request"), "") << r.dump();
    out << r.dump() << "\n";
  }
  out.close();
  auto served = test::run("(" + test::arbiter_binary() + " serve < " + file + ")");
  std::istringstream answers(served.out);
  std::size_t i = 0;
  for (std::string line; std::getline(answers, line); ++i) {
    ASSERT_LT(i, requests.size());
    nlohmann::json a = nlohmann::json::parse(line);
    std::string def = a.value("ok", false) ? requests[i]["op"].get<std::string>() : "error";
    EXPECT_EQ(def == "error", i >= requests.size() - 2) << requests[i].dump() << " -> " << line;
    EXPECT_EQ(schema_mismatch(schema, schema["$defs"][def], a, def), "") << requests[i].dump() << " -> " << line.substr(0, 300);
  }
  EXPECT_EQ(i, requests.size());
}

TEST(Cli, VectorsReplayThroughTheProtocol) {
  std::string dir = ::testing::TempDir() + "/vectors";
  for (const char* id : {"zeitgeist", "simulchess", "parity-single", "orthodox"}) {
    auto r = arbiter(std::string("vectors ") + id + " --out " + dir + " --playouts 2 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    nlohmann::json summary = nlohmann::json::parse(r.out);
    EXPECT_GT(summary["steps"].get<int>(), 10) << id;
    std::ifstream in(summary["jsonl"].get<std::string>());
    std::vector<nlohmann::json> vectors;
    std::ofstream requests(dir + "/requests-" + id);
    for (std::string line; std::getline(in, line);) {
      nlohmann::json v = nlohmann::json::parse(line);
      requests << nlohmann::json{{"op", "step"}, {"variant", v["variant"]}, {"fen", v["fen"]}, {"moves", v["moves"]},
                                 {"readings", v["readings"]}}.dump()
               << "\n";
      vectors.push_back(std::move(v));
    }
    requests.close();
    auto served = test::run("(" + test::arbiter_binary() + " serve < " + dir + "/requests-" + id + ")");
    std::istringstream answers(served.out);
    std::size_t i = 0;
    for (std::string line; std::getline(answers, line); ++i) {
      ASSERT_LT(i, vectors.size());
      nlohmann::json a = nlohmann::json::parse(line);
      ASSERT_TRUE(a["ok"].get<bool>()) << vectors[i].dump() << " -> " << line;
      EXPECT_EQ(a["after"], vectors[i]["after"]) << vectors[i].dump();
      EXPECT_EQ(a["result"], vectors[i]["result"]) << vectors[i].dump();
    }
    EXPECT_EQ(i, vectors.size()) << id;
    std::ifstream epd(summary["epd"].get<std::string>());
    std::string first;
    std::getline(epd, first);  // the comment line
    ASSERT_TRUE(std::getline(epd, first));
    std::string fen = first.substr(0, first.find(" ;D1"));
    auto perft = nlohmann::json::parse(arbiter(std::string("perft ") + id + " --fen '" + fen + "' --depth 2 --json").out);
    EXPECT_NE(first.find(";D2 " + std::to_string(perft["nodes"].get<std::uint64_t>())), std::string::npos) << first;
  }
}

struct BadInput {
  const char* args;
  const char* says;
};

// How gtest (and so ctest's listing) prints a case: its command line.
void PrintTo(const BadInput& c, std::ostream* out) { *out << c.args; }

class CliBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(CliBadInput, ExitsTwoWithAOneLineErrorAndJsonError) {
  const BadInput& c = GetParam();
  auto r = arbiter(std::string(c.args));
  EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.out << r.err;
  EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << " -> " << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  auto j = arbiter(std::string(c.args) + " --json");
  EXPECT_EQ(j.exit_code, 2);
  auto parsed = nlohmann::json::parse(j.out, nullptr, false);
  ASSERT_FALSE(parsed.is_discarded()) << c.args << " --json printed: " << j.out;
  EXPECT_TRUE(parsed.contains("error"));
}

INSTANTIATE_TEST_SUITE_P(
    Cases, CliBadInput,
    ::testing::Values(BadInput{"rules nonesuch", "unknown variant"},
                      BadInput{"resolve orthodox --fen 'rnbqkbnr/ppp' --move e2e4", "bad FEN"},
                      BadInput{"resolve orthodox --fen '8/8/8/8/8/8/8/K7 w - - 0 1' --move a1a2", "kings"},
                      BadInput{"resolve orthodox --move e2e5", "illegal move"},
                      BadInput{"resolve orthodox --move zz", "cannot read a square"},
                      BadInput{"resolve orthodox --move e7e5", "illegal move"},
                      BadInput{"resolve orthodox", "missing the move"},
                      BadInput{"resolve orthodox --move e2e4 --reading nope=x", "unknown reading point"},
                      BadInput{"resolve orthodox --move e2e4 --reading orthodox.draw_claims=sometimes", "no alternative"},
                      BadInput{"play orthodox --moves 'e2e4 e2e4'", "step 2"},
                      BadInput{"play orthodox --moves 'e2e4:e7e5'", "roles act"},
                      BadInput{"perft orthodox --depth 99", "bad depth"},
                      BadInput{"perft orthodox --depth -1", "bad depth"},
                      BadInput{"perft orthodox --depth x", "depth"},
                      BadInput{"perft orthodox", "depth"},
                      BadInput{"smt orthodox", "no SMT encoding"},
                      BadInput{"smt parity --pieces 9", "bad --pieces"},
                      BadInput{"smt parity --seconds 0", "bad --seconds"},
                      BadInput{"perft parity --depth 1 --reading parity.nothing=x", "reading"},
                      BadInput{"nonesuch-command", "nonesuch"},
                      BadInput{"resolve orthodox --fen \"$(head -c 20000 /dev/zero | tr '\\0' 'x')\" --move e2e4", "bad FEN"}));

}  // namespace
}  // namespace arbiter
