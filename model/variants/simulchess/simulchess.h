#pragma once
// SimulChess: simultaneous chess where pawns and knights move instantly and the
// other pieces gradually. simulchess.cpp holds what may be submitted and how
// the game ends; resolve.cpp how two submitted moves play out.
#include "model/core/game.h"
#include "model/variants/simultaneous/simultaneous.h"
#include "model/variants/simulchess/clauses.h"

namespace arbiter::simulchess {

// Variant state in the extended FEN: "ep=SQUARES" (squares passed by pawns that
// double-stepped in the last turn) and "result=RESULT" once the game is over.
using simultaneous::kEnPassantKey;
using simultaneous::kResultKey;

class SimulChess final : public Variant {
 public:
  std::string_view id() const override { return "simulchess"; }
  std::string_view name() const override { return "SimulChess"; }
  std::string_view source() const override { return "simulchess.txt"; }
  bool simultaneous() const override { return true; }
  const PieceSet& kinds() const override;
  const ClauseTable& clauses() const override { return simulchess::clauses(); }
  const ReadingTable& readings() const override { return simulchess::readings(); }
  PrecedenceTable precedences() const override { return simulchess::precedences(); }
  TextSection text_section() const override { return {"simulchess.txt", "", ""}; }
  const TextMap* text_map() const override { return &simulchess::text_map(); }
  State initial_state() const override;
  Expected<State> parse_state(std::string_view fen) const override;
  Roles roles_to_act(const State& s) const override;
  std::vector<Move> actions(const State& s, Role role) const override;
  std::vector<Move> actions(const State& s, Role role, const Readings& readings) const override {
    return listed_actions(s, role, readings);
  }
  void actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const override;
  StepResult step(const State& s, const JointAction& joint, const Readings& readings) const override;
  State apply(const State& s, const JointAction& joint, const Readings& readings) const override;
  std::vector<InvariantViolation> check_invariants(const State& s) const override;
  std::optional<State> mirror(const State& s) const override;
  // The bitboard fast path (fast/) for the states it takes, else the reference.
  std::uint64_t perft(const State& s, int depth) const override;
  // Perft counts the action tree as engines count chess's: the standard
  // draws do not stop it, so the reference counts it under
  // simulchess.draw_claims=none (the readings perft_readings() gives), as the
  // fast path does.
  std::uint64_t reference_perft(const State& s, int depth) const override;
  static const Readings& perft_readings();
};

// Resolves the two submitted moves (resolve.cpp).
void resolve(const State& before, const Move& white, const Move& black, const Readings& readings, State& after,
             Trace& trace);

const Variant& variant();

}  // namespace arbiter::simulchess
