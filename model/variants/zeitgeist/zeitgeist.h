#pragma once
// Zeitgeist (John Cooper): simultaneous chess where pieces that meet bounce,
// capture or are removed by the placement rules. zeitgeist.cpp holds what may
// be written and how the game ends; resolve.cpp how two written moves play out.
#include <vector>

#include "model/core/game.h"
#include "model/variants/simultaneous/simultaneous.h"
#include "model/variants/zeitgeist/clauses.h"

namespace arbiter::zeitgeist {

// Variant state in the extended FEN: "ep=SQUARES" (squares passed by pawns that
// double-stepped in the last turn, comma-separated) and "checks=w", "checks=b"
// or "checks=wb" (whose king was in check after the last turn).
using simultaneous::kEnPassantKey;
inline constexpr std::string_view kChecksKey = "checks";
using simultaneous::kResultKey;

class Zeitgeist final : public Variant {
 public:
  std::string_view id() const override { return "zeitgeist"; }
  std::string_view name() const override { return "Zeitgeist"; }
  std::string_view source() const override { return "zeitgeist.txt (John Cooper)"; }
  bool simultaneous() const override { return true; }
  const PieceSet& kinds() const override;
  const ClauseTable& clauses() const override { return zeitgeist::clauses(); }
  const ReadingTable& readings() const override { return zeitgeist::readings(); }
  PrecedenceTable precedences() const override { return zeitgeist::precedences(); }
  TextSection text_section() const override { return {"zeitgeist.txt", "", ""}; }
  const TextMap* text_map() const override { return &zeitgeist::text_map(); }
  State initial_state() const override;
  Expected<State> parse_state(std::string_view fen) const override;
  Roles roles_to_act(const State& s) const override;
  std::vector<Move> actions(const State& s, Role role) const override;
  std::vector<Move> actions(const State& s, Role role, const Readings& readings) const override;
  void actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const override;
  StepResult step(const State& s, const JointAction& joint, const Readings& readings) const override;
  State apply(const State& s, const JointAction& joint, const Readings& readings) const override;
  std::vector<InvariantViolation> check_invariants(const State& s) const override;
  std::optional<State> mirror(const State& s) const override;
  // Joint perft by the bitboard path (fast/) for every state it converts, by
  // the reference model for the others; reference_perft stays the reference.
  std::uint64_t perft(const State& s, int depth) const override;
  // Perft counts the action tree as engines count chess's: the standard
  // draws do not stop it, so the reference counts it under
  // zeitgeist.draw_claims=none (the readings perft_readings() gives), as the
  // fast path does.
  std::uint64_t reference_perft(const State& s, int depth) const override;
  static const Readings& perft_readings();

  // The moves a colour may write under a zeitgeist.submission alternative
  // (pattern or king_safe), with pawn moves to the last row that name
  // no new piece when promotion is optional (zeitgeist.promotion_may), and
  // castling onto an attacked square where `castle_into_check` (under
  // zeitgeist.castle_into_check=as_king_move) lets the submission decide it.
  std::vector<Move> writable(const State& s, Color c, std::string_view submission, bool optional_promotion,
                             bool castle_into_check = true) const;
  // Whether `m` is among those moves, found without listing them.
  bool can_write(const State& s, Color c, std::string_view submission, bool optional_promotion, const Move& m,
                 bool castle_into_check = true) const;
};

// Resolves the two written moves (resolve.cpp). `after` holds a copy of
// `before` on entry, which the step changes into the state after it (the
// callers make that copy anyway, so resolve does not make another).
// `writable`: each move is known to be one the readings let its player write,
// so that is not checked again.
void resolve(const State& before, const Move& white, const Move& black, const Readings& readings, State& after,
             Trace& trace, bool writable = false);

const Variant& variant();

}  // namespace arbiter::zeitgeist
