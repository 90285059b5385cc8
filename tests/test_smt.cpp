// The Z3 side: every query over each encoded game runs, every witness is
// replayed in the executable model and must give what the encoding predicts,
// and what the queries prove about Parity Chess holds.
#include <gtest/gtest.h>

#include <set>

#include "model/variants/registry.h"
#include "smt/smt.h"

namespace arbiter::smt {
namespace {

const QueryResult* find(const std::vector<QueryResult>& results, const std::string& id) {
  for (const QueryResult& q : results)
    if (q.id == id) return &q;
  return nullptr;
}

class SmtQueries : public testing::TestWithParam<std::string> {};

// One run of every query per game (the queries take seconds), then:
// - every witness replays in the model as the encoding predicts;
// - within the bound, one step has no clash between its clauses, no piece or
//   result left undecided, no broken invariant and no dead clause;
// - the two reading points that decide what may be submitted change which
//   joint actions are allowed, and the others are named as outside the bound;
// - a found query becomes a finding with a replayable witness.
TEST_P(SmtQueries, WitnessesReplayProofsHoldAndReadingsDiverge) {
  const Variant& v = *find_variant(GetParam());
  std::vector<QueryResult> results = run_queries(v, Bound{}, 60);
  ASSERT_FALSE(results.empty());
  int witnesses = 0;
  std::set<FindingKind> clean = {FindingKind::Conflict, FindingKind::Gap, FindingKind::Contradiction, FindingKind::DeadClause};
  for (const QueryResult& q : results) {
    EXPECT_NE(q.verdict, Verdict::Unknown) << q.id << ": " << q.detail;
    if (clean.count(q.kind) && q.verdict != Verdict::NotEncoded) EXPECT_EQ(q.verdict, Verdict::Absent) << q.id << ": " << q.detail;
    if (!q.has_witness()) continue;
    ++witnesses;
    std::string clauses;
    for (const std::string& c : q.clauses) clauses += " " + c;
    EXPECT_EQ(replay_witness(v, q), "") << q.id << " (clauses:" << clauses << ") at " << q.fen << " " << q.white << ":"
                                        << q.black;
  }
  EXPECT_GT(witnesses, 5);
  for (const ReadingPoint& r : v.readings()) {
    const QueryResult* q = find(results, "parity.divergence." + std::string(r.id).substr(7));
    ASSERT_NE(q, nullptr) << r.id;
    if (r.id == "parity.immediate_check" || r.id == "parity.king_into_attack") {
      EXPECT_EQ(q->verdict, Verdict::Found) << r.id;
      EXPECT_EQ(q->reading, r.id);
      Finding f = to_finding(v, *q);
      EXPECT_EQ(f.kind, FindingKind::Divergence);
      EXPECT_EQ(f.reading, r.id);
      EXPECT_EQ(f.witness.actions.size(), 2u);
      EXPECT_NE(f.witness.replay_command().find("--white"), std::string::npos);
    } else {
      EXPECT_EQ(q->verdict, Verdict::NotEncoded) << r.id;
      EXPECT_FALSE(q->detail.empty());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Parity, SmtQueries, testing::Values("parity", "parity-single"),
                         [](const auto& info) { return info.param == "parity" ? std::string("parity") : std::string("single"); });

}  // namespace
}  // namespace arbiter::smt
