// The narration of a step (reports/narrate.h): real steps of the games, told
// as a rule author reads them beside a finding's boards. Each test plays the
// step through the variant and checks the words name what its trace holds.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "model/core/legality.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/parity/parity.h"
#include "model/variants/simulchess/simulchess.h"
#include "model/variants/two_move/two_move.h"
#include "model/variants/zeitgeist/zeitgeist.h"
#include "reports/finding_view.h"
#include "reports/html.h"
#include "reports/narrate.h"

namespace arbiter::report {
namespace {

struct Told {
  std::vector<EventType> events;  // the step's trace
  std::string words;

  bool has(EventType t) const { return std::find(events.begin(), events.end(), t) != events.end(); }
};

// Plays one step as `arbiter resolve` reads it (a move that only another
// reading accepts is taken, and refused under the readings in force).
Told tell(const Variant& v, const std::string& fen, const std::string& step, const Readings& readings = {}) {
  auto s = fen.empty() ? Expected<State>(v.initial_state()) : v.parse_state(fen);
  EXPECT_TRUE(s.ok()) << s.error();
  std::vector<LegalityDivergence> refused;
  auto joint = parse_joint_any_reading(v, *s, step, readings, refused);
  EXPECT_TRUE(joint.ok()) << joint.error();
  if (!s.ok() || !joint.ok()) return {};
  StepResult r = v.step(*s, *joint, readings);
  Told t{{}, narrate(v, *s, *joint, r)};
  for (const Event& e : r.trace.events()) t.events.push_back(e.type);
  return t;
}

bool says(const std::string& words, const std::string& part) { return words.find(part) != std::string::npos; }

TEST(Narrate, TwoKnightsMeetingOnOneSquareInZeitgeistCollideAndBounce) {
  // zeitgeist.collision.neither_captured: neither captured into e4, both go back.
  Told t = tell(zeitgeist::variant(), "4k3/8/5n2/8/8/2N5/8/4K3 w - - 0 1", "c3e4:f6e4");
  ASSERT_TRUE(t.has(EventType::Collision));
  ASSERT_TRUE(t.has(EventType::Bounce));
  EXPECT_TRUE(says(t.words, "White's knight on c3 and Black's knight on f6 both move to e4")) << t.words;
  EXPECT_TRUE(says(t.words, "collide on e4")) << t.words;
  EXPECT_TRUE(says(t.words, "White's knight bounces back to c3")) << t.words;
  EXPECT_TRUE(says(t.words, "Black's knight bounces back to f6")) << t.words;
}

TEST(Narrate, TwoKnightsMeetingInSimulChessCollideAndAreRemoved) {
  Told t = tell(simulchess::variant(), "4k3/8/5n2/8/8/2N5/8/4K3 w - - 0 1", "c3e4:f6e4");
  ASSERT_TRUE(t.has(EventType::Collision));
  EXPECT_TRUE(says(t.words, "both move to e4")) << t.words;
  EXPECT_TRUE(says(t.words, "collide on e4")) << t.words;
  // Whatever the collision rule did to each knight, the words say it.
  if (t.has(EventType::Remove)) EXPECT_TRUE(says(t.words, "is removed")) << t.words;
  if (t.has(EventType::Bounce)) EXPECT_TRUE(says(t.words, "bounces back")) << t.words;
}

TEST(Narrate, AnOrthodoxCaptureNamesCapturerVictimAndSquare) {
  Told t = tell(orthodox::variant(), "4k3/8/8/5b2/8/8/8/4KR2 w - - 0 1", "f1f5");
  ASSERT_TRUE(t.has(EventType::Capture));
  EXPECT_EQ(t.words, "White's rook on f1 captures Black's bishop on f5.");
}

TEST(Narrate, ACaptureThatPromotesSaysBoth) {
  Told t = tell(orthodox::variant(), "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7d8q");
  EXPECT_TRUE(says(t.words, "White's pawn on c7 captures Black's rook on d8 and promotes to a queen")) << t.words;
  EXPECT_TRUE(says(t.words, "Black's king on e8 is in check")) << t.words;
}

TEST(Narrate, EnPassantNamesThePawnTakenAndWhereTheCapturerLands) {
  Told t = tell(orthodox::variant(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6");
  ASSERT_TRUE(t.has(EventType::EnPassant));
  EXPECT_EQ(t.words, "White's pawn on e5 takes Black's pawn on d5 en passant, moving to d6.");
}

TEST(Narrate, AnOrthodoxCheckIsNamed) {
  Told t = tell(orthodox::variant(), "4k3/8/8/8/8/8/8/4KR2 w - - 0 1", "f1f8");
  EXPECT_EQ(t.words, "White's rook moves from f1 to f8; Black's king on e8 is in check.");
}

TEST(Narrate, AParityCheckEventIsNamed) {
  // The black rook's move attacks the white king along the first rank.
  Told t = tell(parity::variant(), "4k2r/8/8/8/8/8/P7/4K3 w - - 0 1", "a2a3:h8h1");
  ASSERT_TRUE(t.has(EventType::Check));
  EXPECT_TRUE(says(t.words, "White's king on e1 is in check")) << t.words;
}

TEST(Narrate, ARefusedMoveSaysRefusedAndWhatItCosts) {
  // Under zeitgeist.submission=king_safe, e1e2 leaves the king on the rook's
  // rank: it may not be written, and White passes.
  Readings king_safe;
  king_safe.choose(zeitgeist::reading::kSubmission, "king_safe");
  Told t = tell(zeitgeist::variant(), "4k3/8/8/8/8/8/7r/4K3 w - - 0 1", "e1e2:e8d8", king_safe);
  ASSERT_TRUE(t.has(EventType::Reject));
  EXPECT_TRUE(says(t.words, "White's move e1e2 is refused: White passes")) << t.words;
  EXPECT_TRUE(says(t.words, "Black's king on e8 moves to d8")) << t.words;
  EXPECT_FALSE(says(t.words, "zeitgeist.")) << t.words;  // no reading ids in the words
}

TEST(Narrate, TheResultIsNamedWithItsReason) {
  Told t = tell(orthodox::variant(), "7k/5Q2/8/8/8/8/8/4K3 w - - 0 1", "f7g6");
  EXPECT_EQ(t.words, "White's queen moves from f7 to g6; the game is drawn (stalemate).");
}

TEST(Narrate, CardsAreToldInTheRolesWords) {
  const Variant& v = two_move::variant();
  State start = v.initial_state();
  std::vector<Move> picks = v.actions(start, Role::White);
  ASSERT_FALSE(picks.empty());
  JointAction joint{{Role::White, picks.front()}};
  StepResult r = v.step(start, joint, {});
  std::string words = narrate(v, start, joint, r);
  EXPECT_TRUE(says(words, "White places " + v.move_text(start, picks.front()) + " face up")) << words;
}

TEST(Narrate, EveryOutcomeOfAFindingIsToldUnderItsReading) {
  Finding f;
  f.kind = FindingKind::Divergence;
  f.variant = "zeitgeist";
  f.reading = std::string(zeitgeist::reading::kSubmission);
  f.question = "May a player write a move that leaves his own king attacked?";
  f.witness.variant = "zeitgeist";
  f.witness.fen = "4k3/8/8/8/8/8/7r/4K3 w - - 0 1";
  f.witness.actions = {{"white", "e1e2"}, {"black", "e8d8"}};
  const Variant& v = zeitgeist::variant();
  FindingView view = view_finding(v, f, "example");
  ASSERT_TRUE(view.error.empty()) << view.error;
  ASSERT_GE(view.outcomes.size(), 2u);
  std::vector<std::string> told;
  for (const OutcomeView& o : view.outcomes) {
    EXPECT_FALSE(o.narration.empty()) << o.label;
    told.push_back(o.narration);
  }
  // The readings differ in what they make of e1e2, and so do their words.
  std::sort(told.begin(), told.end());
  EXPECT_NE(std::unique(told.begin(), told.end()), told.begin() + 1);
  std::string html = finding_html(v, view);
  std::string md = finding_markdown(v, view, ::testing::TempDir());
  for (const OutcomeView& o : view.outcomes) {
    EXPECT_NE(html.find(html_escape(o.narration)), std::string::npos) << o.narration;
    EXPECT_NE(md.find(o.narration), std::string::npos) << o.narration;
  }
}

}  // namespace
}  // namespace arbiter::report
