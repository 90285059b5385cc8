// A deliberately broken rule must be caught by the laws and shrunk to a small
// witness: a variant that loses a knight whenever one moves, without an event.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <sstream>

#include "model/variants/orthodox/orthodox.h"
#include "properties/generators.h"

namespace arbiter::properties {
namespace {

// Orthodox chess with one broken rule: a knight that moves vanishes.
class KnightsVanish final : public Variant {
 public:
  std::string_view id() const override { return "orthodox"; }
  std::string_view name() const override { return "orthodox with knights that vanish"; }
  std::string_view source() const override { return "a test"; }
  const PieceSet& kinds() const override { return base().kinds(); }
  const ClauseTable& clauses() const override { return base().clauses(); }
  const ReadingTable& readings() const override { return base().readings(); }
  State initial_state() const override { return base().initial_state(); }
  Roles roles_to_act(const State& s) const override { return base().roles_to_act(s); }
  std::vector<Move> actions(const State& s, Role r) const override { return base().actions(s, r); }
  std::vector<InvariantViolation> check_invariants(const State& s) const override { return base().check_invariants(s); }
  StepResult step(const State& s, const JointAction& joint, const Readings& r) const override {
    StepResult out = base().step(s, joint, r);
    PieceId mover = s.position.occupant(joint[0].move.from);
    if (s.position.piece(mover).kind == orthodox::kKnight) out.state.position.remove(mover);
    return out;
  }

 private:
  static const Variant& base() { return orthodox::variant(); }
};

// The law "no piece disappears without an event", over a whole playout of
// the broken variant.
auto no_silent_disappearance(const Variant& broken) {
  return [&broken](const Playout& p) {
    Reached r = play_out(broken, p);
    (void)r;
    // The law "no piece disappears without an event", over the whole playout.
    State s = broken.initial_state();
    for (const JointAction& joint : r.path) {
      StepResult step = broken.step(s, joint, {});
      for (const Piece& piece : s.position.pieces()) {
        if (!piece.on_board() || step.state.position.piece(piece.id).on_board()) continue;
        bool explained = false;
        for (const Event& e : step.trace.events())
          explained = explained || (e.piece == piece.id && (e.type == EventType::Capture ||
                                                            e.type == EventType::EnPassant || e.type == EventType::Remove));
        RC_ASSERT(explained);
      }
      s = step.state;
    }
  };
}

// Hears nothing: the tests below read the results themselves.
class Quiet final : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

TEST(Shrinking, ABrokenRuleIsFoundAndShrunkToAFewSteps) {
  KnightsVanish broken;
  auto law = no_silent_disappearance(broken);
  auto result = rc::detail::checkTestable(law);
  rc::detail::FailureResult failure;
  std::ostringstream message;
  rc::detail::printResultMessage(result, message);
  ASSERT_TRUE(result.match(failure)) << "the broken rule went unnoticed: " << message.str();
  ASSERT_EQ(failure.counterExample.size(), 1u);
  const std::string& shown = failure.counterExample[0].second;
  // A knight can move on the first or second step, from the start position or
  // from a scenario's, so the smallest witness is one or two steps long
  // (random playouts are up to 60).
  bool small = shown.find(" of 1 steps:") != std::string::npos || shown.find(" of 2 steps:") != std::string::npos;
  EXPECT_TRUE(small) << "not shrunk: " << shown;
  EXPECT_FALSE(failure.description.empty());
}

// A failure carries what RapidCheck prints as its reproduce string (the
// random state, size and shrink path of RC_PARAMS="reproduce=..."): given
// back, it replays the same shrunk witness without searching again.
TEST(Shrinking, TheReproduceRecordReplaysTheShrunkWitness) {
  KnightsVanish broken;
  rc::detail::TestMetadata metadata{"Shrinking/replay", "replay"};
  rc::detail::TestParams params = rc::detail::configuration().testParams;
  Quiet quiet;
  auto first = rc::detail::checkTestable(no_silent_disappearance(broken), metadata, params, quiet);
  rc::detail::FailureResult failure;
  ASSERT_TRUE(first.match(failure));
  auto again = rc::detail::checkTestable(no_silent_disappearance(broken), metadata, params, quiet,
                                         std::unordered_map<std::string, rc::detail::Reproduce>{{metadata.id, failure.reproduce}});
  rc::detail::FailureResult replayed;
  ASSERT_TRUE(again.match(replayed));
  ASSERT_EQ(replayed.counterExample.size(), 1u);
  EXPECT_EQ(replayed.counterExample[0].second, failure.counterExample[0].second);
  EXPECT_EQ(replayed.numSuccess, 0) << "the replay went straight to the failing case";
}

}  // namespace
}  // namespace arbiter::properties
