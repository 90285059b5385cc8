// Laws every registered variant keeps, named as sentences. Each runs over
// states reached by random legal play; a failure prints RapidCheck's seed and
// reproduce string and shrinks the playout.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>

#include "model/core/fen.h"
#include "model/core/mirror.h"
#include "model/variants/registry.h"
#include "properties/generators.h"

namespace arbiter::properties {
namespace {

std::string describe(const Trace& t) {
  std::string out;
  for (std::string_view c : t.clauses()) out += std::string(c) + ",";
  for (const Event& e : t.events())
    out += std::string(event_type_name(e.type)) + ":" + std::to_string(e.piece) + ":" + std::to_string(e.from) + ">" +
           std::to_string(e.to) + ";";
  for (const auto& [p, a] : t.readings()) out += std::string(p) + "=" + std::string(a) + ";";
  return out;
}

std::map<PieceId, Square> on_board(const Position& pos) {
  std::map<PieceId, Square> m;
  for (const Piece& p : pos.pieces())
    if (p.on_board()) m[p.id] = p.square;
  return m;
}

std::string without_fullmove(const std::string& fen) {
  std::size_t at = 0;
  for (int field = 0; field < 5 && at != std::string::npos; ++field) at = fen.find(' ', at + 1);
  if (at == std::string::npos) return fen;
  std::size_t end = fen.find(' ', at + 1);
  return fen.substr(0, at) + (end == std::string::npos ? "" : fen.substr(end));
}

// Runs a law on every registered variant (in a staged game's test program,
// on the variants it registers: those after the built-in list). A variant
// whose playout ended its game skips the laws about a next step, without
// discarding the case for the others (a game like Neighbour Chess Solitaire
// often ends within a few random steps).
template <class Law>
void for_every_variant(Law law) {
#ifdef ARBITER_LAWS_ONLY_STAGED
  for (const Variant* v : staged_variants()) law(*v);
#else
  for (const Variant* v : all_variants()) law(*v);
#endif
}

RC_GTEST_PROP(Laws, EveryReachedStateKeepsItsVariantsInvariants, (const Playout& p)) {
  for_every_variant([&](const Variant& v) {
    Reached r = play_out(v, p);
    auto broken = v.check_invariants(r.state);
    if (!broken.empty()) RC_LOG() << v.id() << " " << v.fen(r.state) << ": " << broken.front().label << "\n";
    RC_ASSERT(broken.empty());
  });
}

RC_GTEST_PROP(Laws, FenOfEveryReachedStateRoundTrips, (const Playout& p)) {
  for_every_variant([&](const Variant& v) {
    Reached r = play_out(v, p);
    std::string fen = v.fen(r.state);
    auto back = v.parse_state(fen);
    if (!back.ok()) RC_LOG() << v.id() << " " << fen << ": " << back.error() << "\n";
    RC_ASSERT(back.ok());
    RC_ASSERT(v.fen(*back) == fen);
  });
}

RC_GTEST_PROP(Laws, AStepIsDeterministic, (const Playout& p, std::uint32_t choice)) {
  for_every_variant([&](const Variant& v) {
    Reached r = play_out(v, p);
    JointAction joint = pick_joint(v, r.state, choice);
    if (joint.empty()) return;  // this variant's game is over here; the others are still checked
    Readings defaults;
    StepResult a = v.step(r.state, joint, defaults), b = v.step(r.state, joint, defaults);
    RC_ASSERT(v.fen(a.state) == v.fen(b.state));
    RC_ASSERT(describe(a.trace) == describe(b.trace));
    RC_ASSERT(a.state.outcome.result == b.state.outcome.result);
  });
}

RC_GTEST_PROP(Laws, NoPieceAppearsFromNowhereAndEveryDisappearanceHasAnEvent, (const Playout& p, std::uint32_t choice)) {
  for_every_variant([&](const Variant& v) {
    Reached r = play_out(v, p);
    JointAction joint = pick_joint(v, r.state, choice);
    if (joint.empty()) return;  // this variant's game is over here; the others are still checked
    StepResult step = v.step(r.state, joint, {});
    auto before = on_board(r.state.position), after = on_board(step.state.position);
    // A piece that enters the board (added from beside it, dropped from the
    // hand) does so by an add event.
    for (const auto& [id, sq] : after) {
      if (before.count(id) == 1) continue;
      bool added = false;
      for (const Event& e : step.trace.events()) added = added || (e.piece == id && e.type == EventType::Add);
      RC_ASSERT(added);
    }
    for (const auto& [id, sq] : before) {
      if (after.count(id)) continue;
      bool explained = false;
      for (const Event& e : step.trace.events())
        explained = explained || (e.piece == id && (e.type == EventType::Capture || e.type == EventType::EnPassant ||
                                                     e.type == EventType::Remove));
      RC_ASSERT(explained);
    }
  });
}

RC_GTEST_PROP(Laws, EveryClauseATraceCitesIsInItsVariantsTable, (const Playout& p, std::uint32_t choice)) {
  for_every_variant([&](const Variant& v) {
    Reached r = play_out(v, p);
    JointAction joint = pick_joint(v, r.state, choice);
    if (joint.empty()) return;  // this variant's game is over here; the others are still checked
    StepResult step = v.step(r.state, joint, {});
    for (std::string_view c : step.trace.clauses()) RC_ASSERT(find_clause(v.clauses(), c) != nullptr);
    for (const auto& [point, alt] : step.trace.readings()) RC_ASSERT(find_reading(v.readings(), point) != nullptr);
  });
}

// Colour-mirror symmetry, where a variant's rules are symmetric: mirror the
// board, swap the colours and the moves; the result is the mirror.
RC_GTEST_PROP(Laws, TheMirroredStepGivesTheMirroredResult, (const Playout& p, std::uint32_t choice)) {
  for_every_variant([&](const Variant& v) {
    Reached r = play_out(v, p);
    r.state.history.clear();
    auto mirrored = v.mirror(r.state);
    if (!mirrored) return;
    JointAction joint = pick_joint(v, r.state, choice);
    if (joint.empty()) return;
    JointAction swapped;
    for (const Action& a : joint) swapped.push_back({mirror_role(a.role), v.mirror_action(r.state, a.move)});
    std::sort(swapped.begin(), swapped.end(), [](const Action& a, const Action& b) { return a.role < b.role; });
    StepResult direct = v.step(r.state, joint, {});
    StepResult via_mirror = v.step(*mirrored, swapped, {});
    direct.state.history.clear();
    // The fullmove number counts Black's moves in alternating games: a
    // numbering convention, not a rule, so it is left out of the comparison.
    std::string want = without_fullmove(v.fen(*v.mirror(direct.state))), got = without_fullmove(v.fen(via_mirror.state));
    if (want != got) RC_LOG() << v.id() << " " << v.fen(r.state) << " step " << v.fen(r.state) << "\n  mirror of result " << want << "\n  result of mirror " << got << "\n";
    RC_ASSERT(want == got);
    RC_ASSERT(mirror_result(direct.state.outcome.result) == via_mirror.state.outcome.result);
  });
}

// Which side's move is listed first in a simultaneous step is a label, not a
// rule: the step is the same either way.
RC_GTEST_PROP(Laws, TheOrderOfTheMovesInAJointActionChangesNothing, (const Playout& p, std::uint32_t choice)) {
  for_every_variant([&](const Variant& v) {
    Reached r = play_out(v, p);
    JointAction joint = pick_joint(v, r.state, choice);
    if (joint.size() < 2) return;
    JointAction reversed(joint.rbegin(), joint.rend());
    StepResult a = v.step(r.state, joint, {}), b = v.step(r.state, reversed, {});
    if (v.fen(a.state) != v.fen(b.state)) RC_LOG() << v.id() << " " << v.fen(r.state) << "\n";
    RC_ASSERT(v.fen(a.state) == v.fen(b.state));
    RC_ASSERT(describe(a.trace) == describe(b.trace));
  });
}

// apply, the fast path of perft and the benchmarks, gives the state step
// gives, under the defaults and under every alternative of every reading point.
RC_GTEST_PROP(Laws, ApplyGivesTheStateStepGivesUnderEveryReading, (const Playout& p, std::uint32_t choice)) {
  for_every_variant([&](const Variant& v) {
    Reached r = play_out(v, p);
    std::vector<Readings> all = defaults_and_each_alternative(v);
    for (const Readings& readings : all) {
      JointAction joint = pick_joint(v, r.state, choice, readings);
      if (joint.empty()) continue;
      State fast = v.apply(r.state, joint, readings);
      StepResult step = v.step(r.state, joint, readings);
      if (v.fen(fast) != v.fen(step.state)) RC_LOG() << v.id() << " " << v.fen(r.state) << "\n  step  " << v.fen(step.state) << "\n  apply " << v.fen(fast) << "\n";
      RC_ASSERT(v.fen(fast) == v.fen(step.state));
      RC_ASSERT(fast.outcome.result == step.state.outcome.result);
      RC_ASSERT(fast.outcome.clause == step.state.outcome.clause);
      RC_ASSERT(fast.history == step.state.history);
    }
  });
}

// Every alternative of every reading point keeps the variant's invariants.
RC_GTEST_PROP(Laws, EveryReadingAlternativeKeepsTheInvariants, (const Playout& p, std::uint32_t choice)) {
  for_every_variant([&](const Variant& v) {
    Reached r = play_out(v, p);
    JointAction joint = pick_joint(v, r.state, choice);
    if (joint.empty()) return;
    for (const ReadingPoint& point : v.readings()) {
      for (const Alternative& alt : point.alternatives) {
        Readings readings;
        readings.choose(point.id, alt.id);
        StepResult step = v.step(r.state, joint, readings);
        auto broken = v.check_invariants(step.state);
        if (!broken.empty())
          RC_LOG() << v.id() << " " << point.id << "=" << alt.id << " " << v.fen(step.state) << ": " << broken.front().label << "\n";
        RC_ASSERT(broken.empty());
      }
    }
  });
}

// In games with hidden information, what a role may do depends only on what
// it sees: a state whose hidden parts are dealt or assigned again, looking the
// same to the role, gives it the same actions.
RC_GTEST_PROP(Laws, ARolesActionsDependOnlyOnWhatItSees, (const Playout& p, std::uint64_t seed)) {
  for_every_variant([&](const Variant& v) {
    if (!v.hidden_information()) return;
    Reached r = play_out(v, p);
    for (Role role : v.roles_to_act(r.state)) {
      auto other = v.resample_hidden(r.state, role, seed);
      if (!other) continue;
      RC_ASSERT(v.observation(*other, role) == v.observation(r.state, role));
      auto texts = [&](const State& s) {
        std::vector<std::string> out;
        for (const Move& m : v.actions(s, role)) out.push_back(v.move_text(s, m));
        std::sort(out.begin(), out.end());
        return out;
      };
      std::vector<std::string> here = texts(r.state), there = texts(*other);
      if (here != there) RC_LOG() << v.id() << " " << role_name(role) << "\n  " << v.fen(r.state) << "\n  " << v.fen(*other) << "\n";
      RC_ASSERT(here == there);
    }
  });
}

// The buffer form of actions, which the step fuzzers call, lists what
// actions lists, in the same order, under the defaults and under every
// alternative, whatever the buffer held before (here: the other role's list).
RC_GTEST_PROP(Laws, ActionsIntoABufferAreTheActionsListed, (const Playout& p)) {
  for_every_variant([&](const Variant& v) {
    Reached r = play_out(v, p);
    std::vector<Readings> all = defaults_and_each_alternative(v);
    std::vector<Move> buffer{Move::pass()};
    for (const Readings& readings : all) {
      for (Role role : v.roles_to_act(r.state)) {
        std::vector<Move> listed = v.actions(r.state, role, readings);
        v.actions_into(r.state, role, readings, buffer);
        RC_ASSERT(buffer.size() == listed.size());
        for (std::size_t i = 0; i < listed.size(); ++i) {
          const Move &a = buffer[i], &b = listed[i];
          RC_ASSERT(a.from == b.from && a.to == b.to && a.promotion == b.promotion && a.flags == b.flags && a.code == b.code);
        }
      }
    }
  });
}

RC_GTEST_PROP(Laws, PlayContinuesUnlessTheResultIsSet, (const Playout& p)) {
  for_every_variant([&](const Variant& v) {
    Reached r = play_out(v, p);
    bool can_act = false;
    for (Role role : v.roles_to_act(r.state)) can_act = can_act || !v.actions(r.state, role).empty();
    RC_ASSERT(can_act != r.state.outcome.over());
  });
}

}  // namespace
}  // namespace arbiter::properties
