#pragma once
// What the simultaneous games built on orthodox pieces share: their variant
// fields in the extended FEN ("ep=SQUARES" for the squares pawns passed with a
// double step in the last turn, "result=RESULT" once the game is over), the
// squares a move passes over, and the colour mirror of their states.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/core/fixed_vector.h"
#include "model/core/game.h"

namespace arbiter::simultaneous {

inline constexpr std::string_view kEnPassantKey = "ep";
inline constexpr std::string_view kResultKey = "result";

// The en passant square a colour may capture onto (rank 6 for White, 3 for
// Black) with the other colour's pawn beyond it, or kNoSquare. A listed
// square whose pawn is gone (a position written by hand, a pawn removed in
// the turn it double-stepped) offers no capture.
Square en_passant_for(const Position& pos, Color c);

// Sets ep= from the double steps (from, to) of the last turn, in square order
// so that one state has one FEN; removes it when there are none.
void set_en_passant(Position& pos, const std::vector<std::pair<Square, Square>>& double_steps);

// The squares strictly between two squares on a line, nearest to the first
// square first; none for other pairs. A value without heap storage: the rules
// ask for it on every move.
using Line = FixedVector<Square, std::max(kMaxFiles, kMaxRanks)>;
Line between(const BoardShape& shape, Square a, Square b);

// The two moves of a joint action, White's first, in whatever order the
// joint lists them; nullopt unless it holds one move of each player.
std::optional<std::array<Move, 2>> white_and_black(const JointAction& joint);

// Standard FEN's fields as these games keep them (shared/DESIGN.md: standard
// FEN is always accepted for 8x8 games): both players move every turn, so the
// side field is read as White's, and an en passant square joins ep=, the
// squares passed by last turn's double steps. Returns the FEN as the game
// writes it, or the parse error.
Expected<std::string> read_standard_fen(std::string_view fen, const PieceSet& kinds);
void read_standard_fields(Position& pos);

// Parses a FEN: a recorded result= ends the game (decided by `clause`), then
// the variant's invariants must hold.
Expected<State> parse_state(const Variant& v, std::string_view fen, std::string_view clause);

// Records the result in result= once the game is over.
void record_result(State& s);

// What a move the readings in force refuse costs the player who submitted it,
// where the text names no sanction (a reading point of each game, with these
// three alternatives): "pass" (the move is void and the opponent's is played
// alone), "rewrite" (the turn is not played: both players submit again, so
// the step leaves the state as it was) or "loss" (the player loses).
inline constexpr std::string_view kSanctionAlternatives[] = {"pass", "rewrite", "loss"};
// The words a Reject event gives the sanction in force.
std::string_view sanction_text(std::string_view sanction);
// Ends a step by the sanctions of its refused moves (`sanction[c]` empty for
// a colour whose move was taken): under "rewrite" `after` becomes `before`
// again; under "loss" the game ends, both players losing where both
// submitted a refused move. Returns whether the step ends here, before its
// moves are resolved.
bool apply_sanctions(const State& before, State& after, Trace& trace, const std::string_view sanction[2],
                     std::string_view clause);

// The colour mirror: board, castling and fields (ep squares mirrored, colour
// letters and results swapped).
State mirror_state(const State& s);

}  // namespace arbiter::simultaneous

namespace arbiter::simultaneous {

// The standard chess draws that a text bringing in the standard rules
// imports ("All standard chess rules apply"), one reading family with the
// same alternatives and default in every such game: orthodox.draw_claims's
// two, and "none" for a text that brings in only part of the standard rules
// or lists its own endings. A turn of both players is one move of each, so
// fifty moves are fifty turns without a capture or a pawn move.
// Each game declares the point under its own id with these texts and quotes
// its own importing sentence.
inline constexpr std::string_view kDrawClaimsQuestion =
    "Do the standard draws come in with the standard rules (fifty moves without a capture or a pawn move, repetition "
    "of a position), and if so does the game end at fifty turns and the third occurrence, as a player may claim, or "
    "only at the automatic seventy-five turns and fifth occurrence?";
inline constexpr std::string_view kDrawClaimsDefault = "claimed";
inline constexpr std::string_view kDrawClaimsWhy =
    "As orthodox.draw_claims: the model has no players to claim, and a reference arbiter reports the first point at "
    "which the game can end.";

inline const std::vector<Alternative>& draw_claims_alternatives() {
  static const std::vector<Alternative> alternatives = {
      {"claimed", "a player always claims: the game is drawn after fifty turns without a capture or a pawn move, or "
                  "at the third occurrence of a position"},
      {"automatic", "no claims: the game is drawn after seventy-five such turns, or at the fifth occurrence"},
      {"none", "the standard draws do not come in: only the endings the text names end the game"}};
  return alternatives;
}

// The draw of that family a state has reached: its halfmove clock counts
// turns, and `occurrences` is how often its position has occurred (this time
// included). The point is consulted only where its alternatives could differ.
Outcome standard_draw(const State& s, int occurrences, const ReadingPoint& claims, const Readings& readings,
                      Trace& trace, std::string_view clause);

// The readings perft counts under: the defaults but `draw_claims_point`
// (a game's <game>.draw_claims) at "none", since perft counts the action tree
// as engines count chess's, and the standard draws do not stop it.
Readings without_standard_draws(std::string_view draw_claims_point);

// A position's repetition key: the board, the side to move and the castling
// rights as orthodox chess compares them, and the game's own fields (ep=,
// and any other but the result), which decide the moves that follow. The
// key is bytes, not text (writing the board in letters took a tenth of a
// Zeitgeist step, twice a turn): two keys are equal exactly when
// orthodox::repetition_key followed by the fields' " name=value" would be,
// and only keys from this function are compared with each other.
std::string repetition_key(const Position& pos);
// The same key written into `key` (its storage reused).
void write_repetition_key(const Position& pos, std::string& key);

// How often a state's position has occurred, this time included, by its
// history of earlier keys (written only when the history could hold two).
int occurrences(const State& s);

}  // namespace arbiter::simultaneous
