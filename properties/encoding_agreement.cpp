// The Z3 encodings against the model, one concrete step at a time: every
// scenario step and a thousand steps of random play from the start and the
// scenario positions, each within the encoding's bound (one plain move per
// player, no castling, en passant or promotion, the readings the encoding
// covers), are fixed in the encoding, and what it predicts (each piece's
// square, the result, the clause that decides each piece, the conditions
// that hold) must be what the model's step gives and names.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <random>
#include <sstream>

#include "properties/generators.h"
#include "smt/smt.h"

namespace arbiter::properties {
namespace {

std::string joint_text(const Variant& v, const State& s, const JointAction& joint) {
  std::string out;
  for (const Action& a : joint) out += (out.empty() ? "" : ":") + v.move_text(s, a.move);
  return out;
}

// Why steps fell outside the bound, most frequent first, for the log.
std::string outside_summary(const std::map<std::string, int>& outside) {
  std::ostringstream os;
  for (const auto& [why, count] : outside) os << "\n  " << count << " outside: " << why;
  return os.str();
}

class EncodingAgreement : public testing::TestWithParam<std::string> {};

TEST_P(EncodingAgreement, EveryScenarioStepInTheBoundIsPredictedAsTheModelPlaysIt) {
  const Variant& v = *find_variant(GetParam());
  int inside = 0;
  std::map<std::string, int> outside;
  for (const ScenarioStep& step : scenario_steps(v)) {
    smt::StepCheck check = smt::check_step(v, step.before, step.joint, step.readings);
    if (!check.in_bound) {
      ++outside[check.detail];
      continue;
    }
    ++inside;
    EXPECT_EQ(check.detail, "") << step.scenario << ": " << v.fen(step.before) << " moves "
                                << joint_text(v, step.before, step.joint);
  }
  std::cout << v.id() << ": " << inside << " scenario steps in the bound" << outside_summary(outside) << "\n";
  // Most scenarios start from a full board, more pieces than the check
  // takes; a handful per game stay within it.
  EXPECT_GE(inside, 5);
}

// A start for random play within the bound: the start position or a
// scenario's, with pieces other than kings taken off at random until at most
// `pieces` remain (the sparse positions the explorer's thinned playouts reach).
State thinned(State s, int pieces, std::mt19937_64& rng) {
  Position& pos = s.position;
  for (;;) {
    std::vector<PieceId> others;
    int on_board = 0;
    for (Square sq = 0; sq < pos.shape().size(); ++sq)
      for (PieceId id : pos.at(sq)) {
        ++on_board;
        if (pos.kind_of(pos.piece(id)).code != "K") others.push_back(id);
      }
    if (on_board <= pieces || others.empty()) return s;
    pos.remove(others[rng() % others.size()]);
  }
}

TEST_P(EncodingAgreement, AThousandRandomStepsInTheBoundArePredictedAsTheModelPlaysThem) {
  const Variant& v = *find_variant(GetParam());
  const std::vector<State>& starts = starts_of(v);
  std::vector<Readings> readings = defaults_and_each_alternative(v);
  std::mt19937_64 rng(std::hash<std::string>{}(GetParam()));
  int inside = 0, playouts = 0, differing = 0;
  std::map<std::string, int> outside;
  while (inside < 1000 && playouts < 2000) {
    ++playouts;
    const Readings& r = readings[rng() % readings.size()];
    State s = thinned(starts[rng() % starts.size()], 3 + static_cast<int>(rng() % 6), rng);
    int length = 1 + static_cast<int>(rng() % 30);
    for (int i = 0; i < length && !s.outcome.over() && !v.roles_to_act(s).empty(); ++i) {
      JointAction joint = pick_joint(v, s, rng(), r);
      if (joint.empty()) break;
      smt::StepCheck check = smt::check_step(v, s, joint, r);
      if (!check.in_bound) {
        ++outside[check.detail];
      } else {
        ++inside;
        if (!check.detail.empty() && ++differing <= 10)
          ADD_FAILURE() << v.fen(s) << " moves " << joint_text(v, s, joint) << ":" << check.detail;
      }
      s = v.step(s, joint, r).state;
    }
  }
  std::cout << v.id() << ": " << inside << " random steps in the bound from " << playouts << " playouts, " << differing
            << " differing" << outside_summary(outside) << "\n";
  EXPECT_GE(inside, 1000);
  EXPECT_EQ(differing, 0);
}

INSTANTIATE_TEST_SUITE_P(SimultaneousGames, EncodingAgreement,
                         testing::Values("zeitgeist", "simulchess", "parity", "parity-single"),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace arbiter::properties
