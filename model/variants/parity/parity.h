#pragma once
// Parity Chess and Parity Chess with Single Occupation (A V Murali): both
// players move at once; a piece that has just moved must stay for one move;
// enemy pieces landing together share the square (Parity Chess) or must both
// leave it at once (Single Occupation).
//
// rules.cpp holds what a player may submit and the checks; resolve.cpp how two
// submitted moves play out; parity.cpp the variant interface, results and
// invariants.
//
// Variant state in the extended FEN: "justmoved=SQUARES" (the squares of the
// pieces moved in the last turn: both pieces of a shared square, and a rook
// that castled, as rule 2 "applies to all the pieces"), "ep=SQUARES" and
// "result=RESULT" as in the other simultaneous games. A shared square is
// written [Pp], White's piece first. The halfmove clock counts turns.
#include <bitset>
#include <vector>

#include "model/core/game.h"
#include "model/variants/parity/clauses.h"
#include "model/variants/simultaneous/simultaneous.h"

namespace arbiter::parity {

inline constexpr std::string_view kJustMovedKey = "justmoved";
using simultaneous::kEnPassantKey;
using simultaneous::kResultKey;

// The alternatives of the reading points that decide what may be submitted.
struct SubmitRules {
  bool single = false;           // Parity Chess with Single Occupation
  bool king_into_attack = false;   // parity.king_into_attack=allowed
  bool en_passant_shared = false;  // parity.en_passant_shared=allowed
  bool castle_any_attack = false;  // parity.castle_attacks=any_attack
  bool ignore_just_moved = false;  // for telling a rule-2 loss from a stalemate
};
SubmitRules submit_rules(bool single, const Readings& readings);

// rules.cpp -----------------------------------------------------------------

// The squares of the pieces that moved in the last turn, as justmoved= lists
// them (parity.submit.just_moved_stays).
using JustMoved = std::bitset<kMaxSquares>;
JustMoved just_moved_squares(const Position& pos);
// Whether the piece of colour c on s moved in the last turn.
bool just_moved(const Position& pos, Square s, Color c);
// The piece of colour c on square s, or kNoPiece.
PieceId own_at(const Position& pos, Square s, Color c);
// Whether a piece of colour `by` could capture on s: only pieces free to move
// (not just moved), unless count_just_moved.
bool threatened(const Position& pos, Square s, Color by, bool count_just_moved = false);
// The king of colour c stands alone and a piece free to move attacks it
// (parity.check.immediate); a king sharing a square is sheltered
// (parity.king.shared_square_shelter).
bool in_immediate_check(const Position& pos, Color c);
// The shared square holding a piece of colour c, or kNoSquare.
Square shared_square(const Position& pos, Color c);
// The position after colour c's move alone.
Position apply_alone(const Position& pos, const Move& m, Color c);

// What colour c may submit in a position, under any rules in force. What
// every such question reads first (the king, whether it stands in immediate
// check, the shared square, the pieces that just moved, the en passant
// square) is read once, for all of the questions a step asks of one side.
// Holds a reference to the position, which must outlive it.
class Submissions {
 public:
  Submissions(const Position& pos, Color c);
  // Every move that may be submitted.
  void all(const SubmitRules& rules, std::vector<Move>& out) const;
  // Whether m may be submitted.
  bool allows(const SubmitRules& rules, const Move& m) const;
  // Whether any move may be submitted.
  bool any(const SubmitRules& rules) const;
  Square king() const { return king_; }
  bool in_immediate_check() const { return attacked_now_; }

 private:
  bool king_safe_after(const Move& m, bool from_opens) const;
  bool meets_enemy_king(Square to) const;
  bool collect(const SubmitRules& rules, const Move* only, bool first, MoveList* out) const;

  const Position& pos_;
  Color color_;
  Square shared_;       // shared_square(pos, c)
  Square king_;         // kNoSquare when c has no king
  JustMoved stays_;     // just_moved_squares(pos)
  bool attacked_now_;   // in_immediate_check(pos, c)
  Square ep_;           // simultaneous::en_passant_for(pos, c)
};

class Parity final : public Variant {
 public:
  explicit Parity(bool single) : single_(single) {}
  std::string_view id() const override { return single_ ? "parity-single" : "parity"; }
  std::string_view name() const override {
    return single_ ? "Parity Chess with Single Occupation" : "Parity Chess";
  }
  std::string_view clause_prefix() const override { return "parity"; }
  std::string_view source() const override { return "parity-chess.txt"; }
  bool simultaneous() const override { return true; }
  const PieceSet& kinds() const override;
  const ClauseTable& clauses() const override { return single_ ? single_clauses() : parity::clauses(); }
  const ReadingTable& readings() const override { return single_ ? single_readings() : parity::readings(); }
  TextSection text_section() const override { return {"parity-chess.txt", "", ""}; }
  const TextMap* text_map() const override { return single_ ? &single_text_map() : &parity::text_map(); }
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
  // Joint perft by the bitboard fast path (fast/) when the state converts,
  // else by the reference; reference_perft stays the reference alone.
  std::uint64_t perft(const State& s, int depth) const override;

  bool single() const { return single_; }
  // Decides the result at the start of a turn (no move, repetition, fifty
  // moves); records it in the trace when given.
  void settle(State& s, const Readings& readings, Trace* trace) const;

 private:
  bool single_;
};

// Resolves the two submitted moves (resolve.cpp); `white`/`black` may be a
// pass when the rules in force rejected the submission. `after` comes with a
// copy of before's position (the callers build it so: one copy, not two) and
// leaves with the state after the step.
void resolve(const State& before, const Move& white, const Move& black, const Readings& readings, bool single,
             State& after, Trace& trace);

// What parity.draw.repetition compares: the position as orthodox chess
// compares it, and the squares of the pieces that just moved.
std::string repetition_key(const Position& pos);

// Puts White's piece first on every shared square (the canonical order).
void order_shared(Position& pos);

const Variant& variant();
const Variant& single_variant();

}  // namespace arbiter::parity
