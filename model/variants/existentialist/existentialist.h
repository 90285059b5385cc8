#pragma once
// Existentialist Chess (David Short) as a Variant: turns, legal moves, the
// step with its trace, results and invariants. The rules are in rules.h
// (moves, spells, check) and effects.cpp (what a move does).
#include <optional>

#include "model/core/game.h"
#include "model/variants/existentialist/clauses.h"
#include "model/variants/existentialist/rules.h"

namespace arbiter::existentialist {

// The result in this state for the side to move: checkmate, or stalemate, a
// draw (existentialist.result.stalemate_draw). The text has no other draw.
Outcome outcome_of(const State& s, const Readings& readings, Trace* trace);

class Existentialist final : public Variant {
 public:
  std::string_view id() const override { return kVariantId; }
  std::string_view name() const override { return kVariantName; }
  std::string_view source() const override {
    return "Existentialist Chess, David Short (existentialist-chess.txt)";
  }
  const PieceSet& kinds() const override { return existentialist::kinds(); }
  const ClauseTable& clauses() const override { return existentialist::clauses(); }
  const ReadingTable& readings() const override { return existentialist::readings(); }
  TextSection text_section() const override { return kTextSection; }
  const TextMap* text_map() const override { return &existentialist::text_map(); }

  State initial_state() const override;
  // Reads the variant field result= that a game ended by a killed king
  // carries (kResultKey), so that its position, one king short, reads back.
  Expected<State> parse_state(std::string_view fen) const override;
  Roles roles_to_act(const State& s) const override;
  std::vector<Move> actions(const State& s, Role role) const override;
  std::vector<Move> actions(const State& s, Role role, const Readings& readings) const override;
  void actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const override;
  StepResult step(const State& s, const JointAction& joint,
                  const Readings& readings) const override;
  State apply(const State& s, const JointAction& joint, const Readings& readings) const override;
  std::vector<InvariantViolation> check_invariants(const State& s) const override;
  // Perft by the fast path (fast/fast_perft.h) when the state fits it, else by
  // the reference model; reference_perft is always the reference model.
  using Variant::perft;
  std::uint64_t perft(const State& s, int depth) const override;
  std::optional<State> mirror(const State& s) const override;
  // A shield's move is written from its lowest square, which the mirror turns
  // into another square of the shield: the mirrored move starts from the
  // mirrored shield's lowest square and shifts it the mirrored way.
  Move mirror_action(const State& s, const Move& m) const override;
};

const Variant& variant();

}  // namespace arbiter::existentialist
