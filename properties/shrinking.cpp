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
  std::vector<Role> roles_to_act(const State& s) const override { return base().roles_to_act(s); }
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

TEST(Shrinking, ABrokenRuleIsFoundAndShrunkToAFewSteps) {
  KnightsVanish broken;
  auto law = [&](const Playout& p) {
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
  auto result = rc::detail::checkTestable(law);
  rc::detail::FailureResult failure;
  std::ostringstream message;
  rc::detail::printResultMessage(result, message);
  ASSERT_TRUE(result.match(failure)) << "the broken rule went unnoticed: " << message.str();
  ASSERT_EQ(failure.counterExample.size(), 1u);
  const std::string& shown = failure.counterExample[0].second;
  // A knight can move on the first or second step, so the smallest witness is
  // one or two steps long (random playouts are up to 60).
  bool small = shown.find("playout of 1 steps:") != std::string::npos || shown.find("playout of 2 steps:") != std::string::npos;
  EXPECT_TRUE(small) << "not shrunk: " << shown;
  EXPECT_FALSE(failure.description.empty());
}

}  // namespace
}  // namespace arbiter::properties
