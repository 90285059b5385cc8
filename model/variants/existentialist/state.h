#pragma once
// Positions of Existentialist Chess: the start position of the text's diagram,
// the per-piece state the rules read, how the extended FEN holds it, and the
// labelled invariants every position keeps.
//
// How the state is held (docs/existentialist.md has the full table):
// - A confabulated piece is a stack on one square of one colour: the host and
//   the archer and/or zednick that joined it (the adventurist is the pawn,
//   turned kind ADV, with its zednick). A king whose archer an enemy piece has
//   just killed shares its square with that enemy piece.
// - A shield is one SH piece per square, linked square to square in a ring by
//   the partner square (p=).
// - Flags: `dazzled` (jumped by an enemy dazzler on the last move: may not move
//   on this turn; a hyena must move instead), `invulnerable` (jumped by a
//   friendly dazzler on the last move; a hyena becomes a wildcat instead of
//   dying), `hibernating` (an existentialist), `moved` (an adventurist that has
//   lost its two- or three-square move).
// - Counter (c=): the bobber's moves made (three more for the zednick), the
//   existentialist's moves made (while hibernating: the plies since its tenth
//   move), the archer's turns fired in a row (3: it must rest this turn, also
//   after its teleporter has just teleported).
// - En passant: the FEN field is the square passed over next to where the pawn
//   stopped; after a three-square move the other passed square is the variant
//   field ep2=SQUARE.
#include <string_view>
#include <vector>

#include "model/core/expected.h"
#include "model/core/fixed_vector.h"
#include "model/core/game.h"
#include "model/core/position.h"
#include "model/variants/existentialist/pieces.h"

namespace arbiter::existentialist {

inline constexpr BoardShape kShape{10, 10};

// The diagram: ranks 10 to 1, White at the bottom, both to castle.
inline constexpr std::string_view kStartFen =
    "ds(cn)v(bob)kv(cn)sd/yt(lsc)hxaz(rsc)ty/pppppppppp/10/10/10/10/PPPPPPPPPP/"
    "YT(LSC)HXAZ(RSC)TY/DS(CN)V(BOB)KV(CN)SD w KQkq - 0 1";

// The variant field of a triple step's second passed square.
inline constexpr std::string_view kSecondPassedKey = "ep2";
// The variant field of a game a killed king has ended (an arrow or a blast:
// existentialist.result.king_killed, existentialist.result.both_kings_killed_draw):
// result=white_wins, black_wins or draw. Its position alone no longer shows
// the end, and lacks a king, which the invariants otherwise forbid.
inline constexpr std::string_view kResultKey = "result";

Position start_position();
// Reads an extended FEN and checks the invariants below (an error names the
// broken one).
Expected<Position> parse_position(std::string_view fen);
// The labelled invariants that do not hold ("existentialist.board_10x10", ...).
std::vector<InvariantViolation> check_position(const Position& pos);

// The four castling rights, and what each needs: the king on f and the
// squire of that side (b or i) on their own first rank.
inline constexpr CastlingRight kCastlingRights[] = {kWhiteKingside, kWhiteQueenside, kBlackKingside, kBlackQueenside};
int castling_squire_file(CastlingRight right);
bool castling_pieces_home(const Position& pos, CastlingRight right);

// The rank of a square counted from a colour's own side: 0 is its first rank.
int own_rank(const BoardShape& shape, Color c, Square s);

// The bobber's range on its next move (nine and more: a queen).
int bobber_range(const Piece& bobber);
// The existentialist's moves made in the game (ten while hibernating).
int moves_made(const Piece& existentialist);
// The number (1..10) of its cycle that its next move is, or 0 while it
// hibernates or once its 20 moves are made.
int next_stage(const Piece& existentialist);
// Whether the archer must rest on this turn.
bool must_rest(const Piece& archer);
// Whether an adventurist may still make its two- or three-square move
// (existentialist.adventurist.two_or_three_forwards, default reading).
bool keeps_multi_step(const Position& pos, const Piece& adventurist);

// The pieces on a square that form one confabulated piece: its host (the
// piece the archer or zednick joined; the archer of an archer/zednick pair) and
// the pieces merged into it, all of one colour. Empty if the square holds no
// piece or pieces of both colours.
struct Confabulated {
  PieceId host = kNoPiece;
  PieceId archer = kNoPiece;   // the archer, when it is a merged piece (not the host)
  PieceId zednick = kNoPiece;  // the zednick, when it is a merged piece
};
Confabulated confabulated_at(const Position& pos, Square s);

// The squares of the shield that has a piece on s, in ring order from s;
// empty unless s holds a shield whose links close a ring of 2 or 3 squares
// (or 1, what a blast leaves). Held in place: a ring closes within three
// links or is no shield, so it has at most three squares.
using ShieldSquares = FixedVector<Square, 3>;
ShieldSquares shield_squares(const Position& pos, Square s);

// The shield's piece on s (kNoPiece if none): alone, or with the archer that
// joined it there (existentialist.archer_joins_shield=entered_square).
PieceId shield_part(const Position& pos, Square s);

}  // namespace arbiter::existentialist
