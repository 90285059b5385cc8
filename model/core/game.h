#pragma once
// The game interface every tool drives: a variant is a state machine whose step
// takes a joint action (one action per role acting now) and returns the new
// state and a trace. Steps are pure functions of (state, joint action, readings).
#include <cstdint>
#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/clause.h"
#include "model/core/expected.h"
#include "model/core/fen.h"
#include "model/core/fixed_vector.h"
#include "model/core/history.h"
#include "model/core/move.h"
#include "model/core/position.h"
#include "model/core/reading.h"
#include "model/core/text_map.h"
#include "model/core/trace.h"

namespace arbiter {

// Who acts: one side in alternating games, both in simultaneous games, a single
// player in solitaires, and chance for card draws (seeded, recorded in the state).
enum class Role : std::uint8_t { White, Black, Player, Chance };
std::string_view role_name(Role r);
Expected<Role> parse_role(std::string_view name);

// The roles that act in a state, in place: at most the four there are.
using Roles = FixedVector<Role, 4>;

struct Action {
  Role role = Role::White;
  Move move;
};
using JointAction = std::vector<Action>;

// Gives an action buffer met for the first time room for a usual listing at
// once: one allocation, not a doubling series (a buffer reused keeps its
// room). For the overrides of Variant::actions_into that fill it in place.
inline void make_room_for_actions(std::vector<Move>& out) {
  if (out.capacity() == 0) out.reserve(128);
}

// PlayerWins and PlayerLoses end a solitaire; its score (Variant::scores) says how well.
enum class Result : std::uint8_t { Ongoing, WhiteWins, BlackWins, Draw, BothLose, PlayerWins, PlayerLoses };
inline constexpr std::pair<Result, std::string_view> kResultNames[] = {
    {Result::Ongoing, "ongoing"},         {Result::WhiteWins, "white_wins"}, {Result::BlackWins, "black_wins"},
    {Result::Draw, "draw"},               {Result::BothLose, "both_lose"},   {Result::PlayerWins, "player_wins"},
    {Result::PlayerLoses, "player_loses"},
};
std::string_view result_name(Result r);

struct Outcome {
  Result result = Result::Ongoing;
  std::string_view reason;  // "checkmate", "stalemate", ...
  std::string_view clause;  // the clause that decided it

  bool over() const { return result != Result::Ongoing; }
};

// A game state: the position, the history the rules read (repetition keys) and
// the result once the game is over.
struct State {
  Position position;
  History history;  // repetition keys of earlier positions (shared by copies)
  Outcome outcome;
};

struct StepResult {
  State state;
  Trace trace;
};

// A labelled invariant that does not hold in a state.
struct InvariantViolation {
  std::string label;   // e.g. "orthodox.one_king_each"
  std::string detail;  // what was seen
};
// Invariants every position must keep: the square index matches the pieces,
// every piece is on the board or off it, no stack is over capacity.
std::vector<InvariantViolation> check_core_invariants(const Position& pos);
// The squares holding more than one piece, in square order, read from the
// pieces' own squares: where check_core_invariants finds nothing wrong, the
// squares whose lists hold several. A piece off the board's squares is left
// to check_core_invariants.
std::vector<Square> stacked_squares(const Position& pos);

class Variant {
 public:
  virtual ~Variant() = default;

  virtual std::string_view id() const = 0;
  virtual std::string_view name() const = 0;
  // The prefix of its clause and reading-point ids: the id, unless games
  // that come from one text share their clauses (Parity Chess and its Single
  // Occupation game share "parity.").
  virtual std::string_view clause_prefix() const { return id(); }
  virtual std::string_view source() const = 0;  // where its rules come from
  virtual bool simultaneous() const { return false; }

  virtual const PieceSet& kinds() const = 0;
  virtual const ClauseTable& clauses() const = 0;
  virtual const ReadingTable& readings() const = 0;
  // Which rule prevails where two propose different fates for one piece, and
  // what says so (model/core/fate.h): empty for a game whose resolver records
  // no proposals.
  virtual PrecedenceTable precedences() const { return {}; }

  // The rule text this variant follows: a file of ../shared/rules/ and, when
  // the file holds several games, the part from `begin` up to `end` (each the
  // first line containing that text; empty: the file's start or end).
  struct TextSection {
    std::string_view file;
    std::string_view begin;
    std::string_view end;
  };
  virtual TextSection text_section() const { return {}; }
  // The map of that text's sentences to clauses and reading points.
  virtual const TextMap* text_map() const { return nullptr; }

  virtual State initial_state() const = 0;
  // Parses a FEN and checks it is a position of this variant (a clear error if not).
  virtual Expected<State> parse_state(std::string_view fen) const;
  virtual std::string fen(const State& s) const { return to_fen(s.position); }

  // The roles that act in this state (empty once the game is over).
  virtual Roles roles_to_act(const State& s) const = 0;
  // The actions a role may submit in this state, under the default readings.
  virtual std::vector<Move> actions(const State& s, Role role) const = 0;
  // The same under given readings, where a reading decides what may be submitted.
  virtual std::vector<Move> actions(const State& s, Role role, const Readings& readings) const {
    (void)readings;
    return actions(s, role);
  }
  // The same into a buffer the caller keeps, replacing what it held: the form
  // for loops that list actions at every step (the step fuzzers), which then
  // allocate nothing once the buffer has grown. Variants whose listing is hot
  // override it; the default copies actions(s, role, readings).
  virtual void actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const {
    out = actions(s, role, readings);
  }
  // actions(s, role, readings) for the variants that override actions_into:
  // their listing into a fresh buffer.
  std::vector<Move> listed_actions(const State& s, Role role, const Readings& readings) const {
    std::vector<Move> out;
    actions_into(s, role, readings, out);
    return out;
  }
  virtual StepResult step(const State& s, const JointAction& joint, const Readings& readings) const = 0;
  // The state a step gives for a joint action whose every action is one of
  // actions(s, role, readings), without the trace and without checking the
  // actions again: the fast path of perft, the fuzzers and the benchmarks, as
  // make_move is orthodox's. A law holds it equal to step's state.
  virtual State apply(const State& s, const JointAction& joint, const Readings& readings) const {
    return step(s, joint, readings).state;
  }
  virtual std::vector<InvariantViolation> check_invariants(const State& s) const = 0;

  // Counts joint-action sequences of this depth (perft; joint perft when
  // several roles act at once). Variants may override with a faster path that
  // must give the same counts.
  virtual std::uint64_t perft(const State& s, int depth) const;
  // The same count by the reference model alone (no fast path).
  virtual std::uint64_t reference_perft(const State& s, int depth) const { return Variant::perft(s, depth); }
  // The same count with the actions and resolutions of the given readings.
  std::uint64_t perft(const State& s, int depth, const Readings& readings) const;

  // The colour mirror of a state, for variants whose rules are symmetric
  // between the colours; nullopt where they are not.
  virtual std::optional<State> mirror(const State& s) const {
    (void)s;
    return std::nullopt;
  }
  // The mirror of an action written in state s, as it is written in
  // mirror(s): by default its squares mirrored (mirror_move). A variant whose
  // notation names a square chosen by an order that the mirror does not keep
  // (Existentialist Chess writes a shield's move from its lowest square)
  // maps it itself.
  virtual Move mirror_action(const State& s, const Move& m) const;

  // Standard algebraic notation where the variant has it; coordinates otherwise.
  virtual std::string san(const State& s, const Move& m) const;

  // Reads a move for a role and checks it is one of that role's actions.
  Expected<Move> parse_action(const State& s, Role role, std::string_view text, const Readings& readings = {}) const;
  // Reads one step as written in `play`: "e2e4" when one role acts,
  // "WHITE:BLACK" when both act, and checks each move.
  Expected<JointAction> parse_joint(const State& s, std::string_view text, const Readings& readings = {}) const;
  // An action's notation: coordinates (e2e4, e7e8q, 0000), or the variant's
  // own for actions that are not moves of one piece (card choices, shuffles,
  // placements). It never holds a space or a colon, which separate steps and
  // roles in `play`.
  virtual std::string move_text(const State& s, const Move& m) const {
    return move_to_string(s.position.shape(), kinds(), m);
  }
  // Reads move_text's notation, without checking legality.
  virtual Expected<Move> read_move(const State& s, Role role, std::string_view text) const {
    (void)role;
    return parse_move(s.position.shape(), kinds(), text);
  }
  // The action of `role` that a read move names, if it may be submitted here:
  // by default the one of actions(s, role, readings) that is the same action.
  // The chance role of a card game accepts any seed, though actions() lists
  // only a sample of them.
  virtual std::optional<Move> match_action(const State& s, Role role, const Move& read, const Readings& readings) const;

  // Hidden information. A state holds everything, hidden or not (its text
  // replays the game exactly); a role sees only its observation of it.
  virtual bool hidden_information() const { return false; }
  // What `role` sees of a state, as text: two states with the same observation
  // must give the role the same actions.
  virtual std::string observation(const State& s, Role role) const {
    (void)role;
    return fen(s);
  }
  // Another state that looks the same to `role` (the hidden parts dealt or
  // assigned again from `seed`), or nullopt when nothing is hidden from it.
  virtual std::optional<State> resample_hidden(const State& s, Role role, std::uint64_t seed) const {
    (void)s, (void)role, (void)seed;
    return std::nullopt;
  }

  // Each role's score where the rules count points (Gravity Chess, the
  // solitaires), by role name; empty where they do not.
  virtual std::vector<std::pair<std::string, int>> scores(const State& s) const {
    (void)s;
    return {};
  }
  // The most steps a game can last by the text's own procedure (every card
  // spent, every piece stacked), or 0 where the text implies no bound. The
  // explorer reports a game that outlasts it as a stall.
  virtual int step_bound() const { return 0; }
  // The results a game can end in, for the check that each side can win.
  virtual std::vector<Result> winning_results() const { return {Result::WhiteWins, Result::BlackWins}; }
};

}  // namespace arbiter
