// The report as a rule author acts on it: findings ranked by how often their
// question changes the position or the result in random play, rulings that
// decide points, and what changed since a baseline.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/core/finding.h"
#include "model/variants/registry.h"
#include "reports/impact.h"
#include "tests/support/paths.h"
#include "tests/support/run.h"

namespace arbiter {
namespace {

test::RunResult arbiter(const std::string& args) { return test::run(test::arbiter_binary() + " " + args); }

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A small report of one variant into its own folder.
std::string report(const std::string& name, const std::string& variant, const std::string& extra, int want_exit = 0) {
  std::string dir = ::testing::TempDir() + "/triage-" + name;
  test::run("rm -rf " + dir);
  auto r = arbiter("report --out " + dir + " --variants " + variant +
                   " --explore-states 6 --games 10 --unseen-search 0 --smt-seconds 0 --exhaustive-depth 0 --impact-games 40 " + extra);
  EXPECT_EQ(r.exit_code, want_exit) << r.err;
  return dir;
}

struct Ranked {
  std::string id;
  std::uint64_t steps = 0;
  int games = 0;
};

// The open findings of a variant page in the order shown, with the impact
// each states ("... (S of N), in P% of games (G of M)").
std::vector<Ranked> open_findings(const std::string& page) {
  std::vector<Ranked> out;
  std::size_t start = page.find("<section id=\"findings\">"), end = page.find("</section>", start);
  std::string section = page.substr(start, end - start);
  std::regex finding(R"re(<div class="finding" id="f([0-9a-f]+)">)re");
  std::regex impact(R"re(\((\d+) of \d+\), in \d+% of games \((\d+) of \d+\))re");
  for (auto it = std::sregex_iterator(section.begin(), section.end(), finding); it != std::sregex_iterator(); ++it) {
    Ranked r{(*it)[1], 0, 0};
    std::size_t from = it->position() + it->length();
    std::size_t next = section.find("<div class=\"finding\"", from);
    std::string body = section.substr(from, next == std::string::npos ? std::string::npos : next - from);
    std::smatch m;
    if (std::regex_search(body, m, impact)) {
      r.steps = std::stoull(m[1]);
      r.games = std::stoi(m[2]);
    }
    out.push_back(r);
  }
  return out;
}

// A question that changes more games ranks higher: the page's order is the
// order of the impact it states, and the counts are what measure_impact
// gives for the same seed.
TEST(ReportTriage, FindingsAreRankedByHowOftenTheirQuestionChangesPlay) {
  std::string dir = report("rank", "zeitgeist", "");
  std::vector<Ranked> shown = open_findings(read(dir + "/zeitgeist.html"));
  ASSERT_GE(shown.size(), 3u);
  for (std::size_t i = 1; i < shown.size(); ++i) {
    bool ordered = shown[i - 1].games > shown[i].games ||
                   (shown[i - 1].games == shown[i].games && shown[i - 1].steps >= shown[i].steps);
    EXPECT_TRUE(ordered) << "finding " << shown[i - 1].id << " (" << shown[i - 1].games << " games) before " << shown[i].id
                         << " (" << shown[i].games << " games)";
  }
  EXPECT_GT(shown.front().games, shown.back().games) << "the ranking separates nothing";

  // The counts are measure_impact's for the report's seed and budget.
  report::ImpactOptions o;
  o.seed = 1;
  o.games = 40;
  o.seconds = 600;
  report::Impact impact = report::measure_impact(*find_variant("zeitgeist"), o);
  EXPECT_EQ(impact.games, 40);
  auto findings = nlohmann::json::parse(read(dir + "/findings.json"))["findings"];
  for (const auto& f : findings) {
    if (f["id"] != shown.front().id) continue;
    Finding probe;
    probe.kind = f["kind"] == "divergence" ? FindingKind::Divergence : FindingKind::Conflict;
    probe.reading = f["reading"].get<std::string>();
    probe.variant = "zeitgeist";
    for (const auto& c : f["clauses"]) probe.clauses.push_back(c.get<std::string>());
    if (f["kind"] != "divergence" && f["kind"] != "conflict") continue;
    EXPECT_EQ(impact.of(probe).games, shown.front().games) << f.dump();
  }
  // The one-line summary lists the top of the ranking first.
  std::string page = read(dir + "/zeitgeist.html");
  std::size_t summary = page.find("<section id=\"summary\">");
  EXPECT_LT(page.find("href=\"#f" + shown.front().id + "\"", summary), page.find("</section>", summary));
}

// A ruled point is decided: its finding leaves the open list for "decided by
// your ruling", a file of rulings does the same, and a bad ruling is refused.
TEST(ReportTriage, ARulingDecidesItsPoint) {
  std::string plain = report("unruled", "zeitgeist", "");
  auto findings = nlohmann::json::parse(read(plain + "/findings.json"))["findings"];
  std::string point, alternative, id;
  for (const auto& f : findings) {
    if (f["kind"] != "divergence") continue;
    point = f["reading"];
    id = f["id"];
    alternative = f["outcomes"].back()["label"].get<std::string>();
    alternative = alternative.substr(0, alternative.find(' '));
    break;
  }
  ASSERT_FALSE(point.empty()) << "no divergence finding to rule on";
  auto open_before = open_findings(read(plain + "/zeitgeist.html"));

  std::string ruled = report("ruled", "zeitgeist", "--ruling " + point + "=" + alternative);
  std::string page = read(ruled + "/zeitgeist.html");
  auto open_after = open_findings(page);
  for (const Ranked& r : open_after) EXPECT_NE(r.id, id) << point << " is ruled, yet its finding is still open";
  EXPECT_EQ(open_after.size() + 1, open_before.size());
  std::size_t decided = page.find("<section id=\"decided\">");
  ASSERT_NE(decided, std::string::npos);
  EXPECT_NE(page.find("id=\"f" + id + "\"", decided), std::string::npos);
  EXPECT_NE(page.find("Decided by your ruling: " + alternative), std::string::npos);
  EXPECT_NE(page.find("<section id=\"rulings\">"), std::string::npos);

  // The same from a file, with a comment and a blank line.
  std::string file = ::testing::TempDir() + "/triage-rulings.txt";
  std::ofstream(file) << "# the author's answers\n\n" << point << "=" << alternative << "  # as ruled\n";
  std::string from_file = report("ruled-file", "zeitgeist", "--rulings " + file);
  EXPECT_EQ(open_findings(read(from_file + "/zeitgeist.html")).size(), open_after.size());

  // A ruling must name a point of a variant reported and one of its alternatives.
  for (const std::string& bad : {std::string("--ruling nosuch.point=x"), "--ruling " + point + "=nosuch",
                                 "--ruling " + point + "=" + alternative + " --ruling " + point + "=" + alternative,
                                 std::string("--ruling noequals")}) {
    auto r = arbiter("report --out " + ::testing::TempDir() + "/triage-bad --variants zeitgeist --explore-states 0 --games 0 " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad << "\n" << r.err;
  }
}

// Against a baseline: a finding the baseline lacks is new, one whose outcomes
// differ is changed, and one the run no longer gives is gone; each is shown
// on the page and in the Markdown, and a new finding makes the exit code 1.
TEST(ReportTriage, TheBaselineDiffShowsNewChangedAndGone) {
  std::string first = report("base", "zeitgeist", "");
  auto accepted = nlohmann::json::parse(read(first + "/findings.json"));
  auto& list = accepted["findings"];
  ASSERT_GE(list.size(), 2u);
  std::string removed = list[0]["id"], changed = list[1]["id"];
  list[1]["outcomes"][0]["result"] = "white_wins_in_an_older_model";
  list.erase(list.begin());
  nlohmann::json gone = list[0];
  gone["signature"] = "zeitgeist|gap|a question of an older model";
  gone["question"] = "A question the model no longer asks?";
  list.push_back(gone);
  std::string baseline = ::testing::TempDir() + "/triage-baseline.json";
  std::ofstream(baseline) << accepted.dump(2);

  std::string second = report("diff", "zeitgeist", "--baseline " + baseline, 1);
  std::string page = read(second + "/zeitgeist.html");
  auto block = [&](const std::string& id) {
    std::size_t at = page.find("id=\"f" + id + "\"");
    return at == std::string::npos ? std::string() : page.substr(at, page.find("class=\"finding\"", at + 10) - at);
  };
  EXPECT_NE(block(removed).find("New since the baseline."), std::string::npos);
  EXPECT_NE(block(changed).find("Changed since the baseline"), std::string::npos);
  std::size_t gone_at = page.find("<section id=\"gone\">");
  ASSERT_NE(gone_at, std::string::npos);
  EXPECT_NE(page.find("A question the model no longer asks?", gone_at), std::string::npos);
  std::string index = read(second + "/index.html");
  EXPECT_NE(index.find("1 new, 1 changed, 1 gone"), std::string::npos) << index;
  std::string md = read(second + "/zeitgeist.md");
  EXPECT_NE(md.find("*New since the baseline.*"), std::string::npos);
  EXPECT_NE(md.find("A question the model no longer asks?"), std::string::npos);
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

// Each game's page says what the searches found of the kinds an author must
// hear of whatever the readings: the complete games' well-formedness
// findings, gaps and example mismatches, each counted or "none found".
TEST(ReportTriage, EveryPageSaysWhatTheWellFormednessGapAndExampleSearchesFound) {
  const std::string games = "existentialist,two-move,gravity,parade,booster,neighbour,cloak-dagger";
  std::string dir = ::testing::TempDir() + "/triage-searched";
  test::run("rm -rf " + dir);
  auto r = arbiter("report --out " + dir + " --variants " + games +
                   " --explore-states 0 --games 10 --unseen-search 0 --smt-seconds 0 --exhaustive-depth 0 --impact-games 0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto findings = nlohmann::json::parse(read(dir + "/findings.json"))["findings"];
  for (std::size_t start = 0, comma = 0; comma != std::string::npos; start = comma + 1) {
    comma = games.find(',', start);
    std::string id = games.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::string page = read(dir + "/" + id + ".html");
    int gaps = 0, mismatches = 0;
    for (const auto& f : findings) {
      if (f["variant"] != id) continue;
      gaps += f["kind"] == "gap";
      mismatches += f["kind"] == "example-mismatch";
    }
    EXPECT_TRUE(page.find("Well-formedness: none found in 10 complete games") != std::string::npos ||
                page.find("from the complete games") != std::string::npos)
        << id;
    std::string gap_line = gaps ? "decides): " + std::to_string(gaps) + "." : "decides): none found.";
    std::string mismatch_line = mismatches ? "reproduce): " + std::to_string(mismatches) + "." : "reproduce): none found.";
    EXPECT_NE(page.find(gap_line), std::string::npos) << id << ": " << gap_line;
    EXPECT_NE(page.find(mismatch_line), std::string::npos) << id << ": " << mismatch_line;
  }
}

}  // namespace
}  // namespace arbiter
