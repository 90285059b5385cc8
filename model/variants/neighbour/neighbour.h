#pragma once
// Neighbour Chess Solitaire (chess-kit-new-rules.md) as a Variant: the chance
// role shuffles the two decks, the player adds pieces as the cards direct,
// stops when it chooses, then moves pieces by their neighbours' moves, one
// card spent per move, until the pieces form one connected group.
// The state text, the notation and the readings are in docs/neighbour.md.
#include <optional>

#include "model/core/game.h"
#include "model/variants/neighbour/clauses.h"
#include "model/variants/neighbour/rules.h"

namespace arbiter::neighbour {

class Neighbour final : public Variant {
 public:
  std::string_view id() const override { return kVariantId; }
  std::string_view name() const override { return kVariantName; }
  std::string_view source() const override { return "Neighbour Chess Solitaire (chess-kit-new-rules.md)"; }
  const PieceSet& kinds() const override { return neighbour::kinds(); }
  const ClauseTable& clauses() const override { return neighbour::clauses(); }
  const ReadingTable& readings() const override { return neighbour::readings(); }
  TextSection text_section() const override { return kTextSection; }
  const TextMap* text_map() const override { return &neighbour::text_map(); }

  State initial_state() const override;
  Expected<State> parse_state(std::string_view fen) const override;
  Roles roles_to_act(const State& s) const override;
  std::vector<Move> actions(const State& s, Role role) const override;
  std::vector<Move> actions(const State& s, Role role, const Readings& readings) const override;
  void actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const override;
  StepResult step(const State& s, const JointAction& joint, const Readings& readings) const override;
  State apply(const State& s, const JointAction& joint, const Readings& readings) const override;
  std::vector<InvariantViolation> check_invariants(const State& s) const override;

  std::string move_text(const State& s, const Move& m) const override;
  Expected<Move> read_move(const State& s, Role role, std::string_view text) const override;
  std::optional<Move> match_action(const State& s, Role role, const Move& read,
                                   const Readings& readings) const override;

  bool hidden_information() const override { return true; }
  std::string observation(const State& s, Role role) const override;
  std::optional<State> resample_hidden(const State& s, Role role, std::uint64_t seed) const override;

  std::vector<std::pair<std::string, int>> scores(const State& s) const override;
  int step_bound() const override;
  std::vector<Result> winning_results() const override { return {Result::PlayerWins, Result::PlayerLoses}; }
};

const Variant& variant();

// The outcome a state's phase stands for (won, lost, or none).
Outcome outcome_of(const Position& pos);

}  // namespace arbiter::neighbour
