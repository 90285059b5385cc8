#pragma once
// The SimulChess fast path: joint perft over bitboards, for SimulChess::perft.
//
// What it covers: every state of the game under the default readings that
// from_state takes (an 8x8 orthodox position, the game going on, one king and
// at most 16 pieces a side, castling rights with their king and rook at home,
// ep= holding at most one square per colour with the double-stepped pawn in
// front of it, no other variant field and no piece state), and from there
// every joint action: none is handed back to the reference, since each
// resolution under the default readings is modelled (resolve.cpp). A state
// from_state does not take, or another reading, is counted by the reference.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/core/game.h"
#include "model/variants/simulchess/fast/board.h"

namespace arbiter::simulchess::fast {

// The fast Board of a reference state, or nullopt for a state it does not
// model (see above): it keeps every field the FEN of the state writes.
std::optional<Board> from_state(const arbiter::State& s);

// The reference state of a fast Board (history empty; an ended game has its
// result, as the reference records it).
arbiter::State to_state(const Board& b);

// A fast move as the reference's move of the same action (flags included).
arbiter::Move to_reference(Move m);

// The step as the reference's apply gives it: the resolution, then the
// checkmate test at the start of the next turn
// (simulchess.result.checkmate_at_start, simulchess.result.both_mated_draw),
// whose result is kept in `mate` (kOngoing when nobody is mated).
// A side with no move at all that is not in check is a stalemate
// (simulchess.stalemate=draw, kStalemate).
enum class Mate : std::uint8_t { kNone, kWhite, kBlack, kBoth, kStalemate };
Board step(const Board& b, Move white, Move black, Mate* mate);
arbiter::State to_state(const Board& b, Mate mate);

// Joint perft: the number of joint-action sequences of `depth` steps, counted
// as Variant::perft counts them (the last step in bulk; an ended game has no
// joint action). b itself is not tested for checkmate, as the reference's
// perft does not test the state it is given.
std::uint64_t perft(const Board& b, int depth);
// Per joint action, "WHITE:BLACK" in coordinates, sorted.
std::vector<std::pair<std::string, std::uint64_t>> divide(const Board& b, int depth);

}  // namespace arbiter::simulchess::fast
