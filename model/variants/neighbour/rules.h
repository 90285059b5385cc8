#pragma once
// Neighbour Chess Solitaire: the cards, the state fields, and the rules that
// read the board (where an added piece lands, the neighbour moves, the
// connected group). The Variant (neighbour.h) strings them into steps.
#include <string>
#include <string_view>
#include <vector>

#include "model/core/fixed_vector.h"
#include "model/core/game.h"
#include "model/core/move.h"
#include "model/core/position.h"

namespace arbiter::neighbour {

// --- Piece kinds --------------------------------------------------------------
enum Kind : KindId { kKing, kQueen, kRook, kBishop, kKnight, kKindCount };
const PieceSet& kinds();

// --- Cards ----------------------------------------------------------------------
// A piece card is the piece it stands for, as a FEN letter (appendix A, which
// names the cards, is not part of the text): K Q R R B B N N k q r r b b n n.
inline constexpr std::string_view kPieceCards = "KQRRBBNNkqrrbbnn";
// A position card is its rank and suit, "2H" .. "6C": 2-6 of each suit.
inline constexpr std::string_view kSuits = "HDSC";
std::string all_position_cards();  // "2H3H4H5H6H2D...6C", in that order
bool red(std::string_view card);   // hearts and diamonds
int card_number(std::string_view card);

// --- State fields (docs/neighbour.md) ------------------------------------------
inline constexpr std::string_view kPhaseKey = "phase";
inline constexpr std::string_view kPieceDeckKey = "pdeck";     // draw pile, top first
inline constexpr std::string_view kPieceDiscardKey = "pdisc";  // discard pile, top last
inline constexpr std::string_view kPositionDeckKey = "sdeck";
inline constexpr std::string_view kPositionDiscardKey = "sdisc";
inline constexpr std::string_view kLastKey = "last";      // square of the last piece added
inline constexpr std::string_view kTargetKey = "target";  // the occupied square a card pointed to

// deal: chance shuffles; add: the player adds a piece or stops; place: the
// player picks where the pending piece goes; move: the second part; won, lost.
enum class Phase { Deal, Add, Place, Move, Won, Lost };
inline constexpr std::pair<Phase, std::string_view> kPhaseNames[] = {
    {Phase::Deal, "deal"}, {Phase::Add, "add"}, {Phase::Place, "place"},
    {Phase::Move, "move"}, {Phase::Won, "won"}, {Phase::Lost, "lost"},
};
std::string_view phase_name(Phase p);

// The two draw piles and their discards; piece piles hold letters, position
// piles two-character cards. Written "-" when empty. Read in place: the views
// are the position's own fields, good while those fields are unchanged.
struct Piles {
  std::string_view pdeck, pdisc, sdeck, sdisc;
  int piece_cards() const { return static_cast<int>(pdeck.size()); }
  int position_cards() const { return static_cast<int>(sdeck.size() / 2); }
  int cards_left() const { return piece_cards() + position_cards(); }
};
Piles piles_of(const Position& pos);
// Writes the four piles (text other than the position's own fields).
void write_piles(Position& pos, const Piles& piles);
// Moves the top card of a draw pile (`width` letters: 1 for a piece card, 2
// for a position card) onto the end of its discard pile, in the fields
// themselves; returns the card (none from an empty pile).
std::string flip_top(Position& pos, std::string_view deck_key, std::string_view discard_key, std::size_t width);
// Shuffles the two draw piles in their fields, each by its own seed.
void shuffle_decks(Position& pos, std::uint64_t piece_seed, std::uint64_t position_seed);
Phase phase_of(const Position& pos);
void set_phase(Position& pos, Phase p);
Square square_field(const Position& pos, std::string_view key);  // kNoSquare for "-" or absent
void set_square_field(Position& pos, std::string_view key, Square s);

// --- Action codes (Move::code) --------------------------------------------------
inline constexpr std::uint16_t kCodeAdd = 1;    // "add": flip the next two cards
inline constexpr std::uint16_t kCodeStop = 2;   // "stop": stop adding
inline constexpr std::uint16_t kCodePlace = 3;  // "place-e4": the pending piece goes to e4
inline constexpr std::uint16_t kCodeSpendPieces = 4;     // "...@pieces": the card comes from the pieces pile
inline constexpr std::uint16_t kCodeSpendPositions = 5;  // "...@positions"

// Squares of one board, held in place: a step reads them and lets them go.
using SquareList = FixedVector<Square, kMaxSquares>;

// --- Adding -----------------------------------------------------------------------
// The square a position card sends a piece held above `from` to
// (neighbour.add.red_right, .black_up, .wrap); *wrapped says whether it looped.
Square card_target(const BoardShape& shape, Square from, std::string_view card, bool* wrapped);
// The free squares nearest an occupied square, by rings of neighbours that
// never wrap (neighbour.add.occupied_neighbour, .ring_outward,
// .no_wrap_displace); *ring is their distance.
SquareList displacement_squares(const Position& pos, Square target, int* ring);

// --- Moving -----------------------------------------------------------------------
struct MoveRules {
  bool capture = false;  // neighbour.capture=opposite_colour
};
MoveRules move_rules(const Readings& readings);
struct NeighbourMove {
  Square from = kNoSquare;
  Square to = kNoSquare;
  Square lender = kNoSquare;  // the same-colour neighbour whose move it uses
};
// The moves of one piece, one per target square, held in place.
using PieceMoves = FixedVector<NeighbourMove, kMaxSquares>;
// The moves of the piece on `from` by its same-colour neighbours' moves, one
// per target square, in square order (neighbour.move.neighbour_move); none
// if the square is empty. Every move of every piece is these, square by square.
PieceMoves neighbour_moves_from(const Position& pos, Square from, const MoveRules& rules);
bool has_neighbour_move(const Position& pos, const MoveRules& rules);

// --- The group --------------------------------------------------------------------
// Whether the pieces on the board are one group, connected through the 8
// squares around each (neighbour.win.eight_neighbours). With fewer than two
// pieces it answers `lone`.
bool one_group(const Position& pos, bool lone);
int pieces_on_board(const Position& pos);

}  // namespace arbiter::neighbour
