#pragma once
// Booster Chess rules: movement on checkers, booster threats, and the parts
// of a turn (move, boost, add, draw). One commented block per clause.
#include <string>
#include <string_view>
#include <vector>

#include "model/core/game.h"
#include "model/variants/booster/booster.h"
#include "model/variants/booster/clauses.h"

namespace arbiter::booster {

// The readings in force and the trace that records which were consulted
// (none when trace is null: move generation for actions()).
struct Ctx {
  const Readings* readings;
  Trace* trace;
  std::string_view alt(std::string_view point) const;
};

Phase phase_of(const Position& pos);
void set_phase(Position& pos, Phase p);
std::string_view phase_name(Phase p);

// Cards: a hand, the draw pile and the discard pile are strings of card
// letters ("-" when empty in the state text). A field is read in place (valid
// until the position's fields change) and written into its own string, which
// keeps its room.
std::string_view field(const Position& pos, std::string_view key);
void set_field(Position& pos, std::string_view key, std::string_view cards);
// A card put on the end of a pile (the discard pile), and the first n cards
// taken off one (the draw pile), in the pile's own string.
void add_card(Position& pos, std::string_view key, char card);
void take_cards(Position& pos, std::string_view key, std::size_t n);
std::string_view hand_key(Color c);
Color card_colour(char card);
bool checkers_card(char card);

// Whether a piece of colour `by` could reach square `target` by a normal move,
// or by a normal move followed by booster moves (booster.win.booster_threat).
// With `only`, of that piece alone (the others of its colour still stand).
bool threatened(const Position& pos, Square target, Color by, const Ctx& ctx, PieceId only = kNoPiece);
bool in_check(const Position& pos, Color c, const Ctx& ctx);

// The normal moves of the side to move by the piece rules alone (checkers
// considered; no castling, no check test).
void pseudo_moves(const Position& pos, const Ctx& ctx, MoveList& out);
// Phase move: the legal normal moves of the side to move. With `only`, of
// those just the ones that are that action (same_action), in the same order:
// a step checks the action asked without listing every other (so too for
// legal_boosts and legal_adds).
void legal_moves(const Position& pos, const Ctx& ctx, MoveList& out, const Move* only = nullptr);
bool has_legal_move(const Position& pos, const Ctx& ctx);
// Records in ctx's trace the reading points that decided whether normal move
// m is legal (its piece's moves, castling, the check test).
void note_move_readings(const Position& pos, const Move& m, const Ctx& ctx);
// Plays a normal move (captures, checkers carried and cancelled, the back
// rank); the side to move stays. Returns whether the moved piece may make
// booster moves now.
bool play_move(Position& pos, const Move& m, const Ctx& ctx, Trace* trace);

// Phase boost: the legal booster (king's) moves of the piece on `boost`.
// first_only: stop at the first legal one (whether there is any).
void legal_boosts(const Position& pos, const Ctx& ctx, MoveList& out, bool first_only = false,
                  const Move* only = nullptr);
// Whether the player may not stop making booster moves: its king is in check,
// a legal booster move is left, and booster.check_escape says so (with_boosts:
// always; whole_turn: where no card played now would end the check). The
// point is asked with ctx where the king is in check and a booster move left.
bool boost_must_go_on(const Position& pos, const Ctx& ctx);
// Records in ctx's trace the reading points that decided whether booster
// move m is legal (booster.check_escape, where it leaves the king in check).
void note_boost_readings(const Position& pos, const Move& m, const Ctx& ctx);
// Plays one; returns whether the piece may go on.
bool play_boost(Position& pos, const Move& m, const Ctx& ctx, Trace* trace);

// Phase add: the legal card plays (Move::to = the piece, Move::code = the card).
void legal_adds(const Position& pos, const Ctx& ctx, MoveList& out, bool first_only = false,
                const Move* only = nullptr);
void play_add(Position& pos, const Move& m, const Ctx& ctx, Trace* trace);
// Whether the player may not decline the card: its king is in check (its turn
// started in check), a card would end the check, and
// booster.check_escape=whole_turn (asked with ctx only then).
bool card_must_end_check(const Position& pos, const Ctx& ctx);

// The repetition key of a turn's start (booster.regular_chess_draws): the
// number of pieces on the board (a capture makes every earlier key
// unreachable), the pieces with their checkers and flags, the side to move,
// the castling rights, and the en passant square where a capture there is
// legal (FIDE 9.2.2). The cards are no part of it.
void write_repetition_key(const Position& pos, const Ctx& ctx, std::string& key);
// The number of pieces a key was written with.
int key_pieces(std::string_view key);
// The outcome for the side to move at the start of its turn, whose position
// has occurred `repetitions` times (this one included).
Outcome outcome_of(const State& s, int repetitions, const Ctx& ctx);

}  // namespace arbiter::booster
