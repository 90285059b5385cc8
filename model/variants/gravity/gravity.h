#pragma once
// Gravity Chess (chess-kit-new-rules.md) as a Variant. The state text holds,
// after the board, the fields (docs/gravity.md):
//   phase=deal|move|add|end   what the side to move does next
//   wdeck=, bdeck=            the cards White and Black hold, top first
//                             (White holds Black's cards: lower case)
//   card=                     the card flipped this turn ('-': none)
//   todo=                     squares of the pieces still to move this turn
//   wtook=, btook=            the pieces White and Black captured
//   aside=                    pieces that found no room on the top row
//   result=, score=           once the game is over: winner and points
// A turn is several steps by the same role: one per active piece (a move, or
// "e8e8" for a piece that can't move), then the addition ("r@c8").
#include <optional>

#include "model/core/game.h"
#include "model/variants/gravity/clauses.h"
#include "model/variants/gravity/rules.h"

namespace arbiter::gravity {

class Gravity final : public Variant {
 public:
  std::string_view id() const override { return kVariantId; }
  std::string_view name() const override { return kVariantName; }
  std::string_view source() const override { return "Gravity Chess, Chess Kit new rules (chess-kit-new-rules.md)"; }
  const PieceSet& kinds() const override { return gravity::kinds(); }
  const ClauseTable& clauses() const override { return gravity::clauses(); }
  const ReadingTable& readings() const override { return gravity::readings(); }
  TextSection text_section() const override { return kTextSection; }
  const TextMap* text_map() const override { return &gravity::text_map(); }

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
  // 1 deal + 24 additions + at most one step per piece of the mover on the
  // board each turn: White's k-th turn (k = 1..13) has at most k-1 white
  // pieces, Black's k-th turn (k = 1..12) at most k black ones: 78 + 78.
  int step_bound() const override { return 181; }
};

const Variant& variant();

// The full deck a player holds at the start: the opponent's 12 cards.
std::string full_deck(Color holder);

}  // namespace arbiter::gravity
