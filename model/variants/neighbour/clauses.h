#pragma once
// Neighbour Chess Solitaire (chess-kit-new-rules.md): clause ids, reading
// points and the text map. Every rule sentence of the game's section is one
// clause below (clauses.cpp); every place the text does not decide is a
// reading point (readings.cpp) with all of its alternatives and a default;
// text_map.cpp maps each sentence of the section to them.
#include "model/core/clause.h"
#include "model/core/game.h"
#include "model/core/reading.h"
#include "model/core/text_map.h"

namespace arbiter::neighbour {

namespace clause {
// Setup: the pieces, the two decks, the shuffle.
inline constexpr std::string_view kNoPawns = "neighbour.setup.no_pawns";
inline constexpr std::string_view kTwoDecks = "neighbour.setup.two_decks";
inline constexpr std::string_view kPieceDeck = "neighbour.setup.piece_deck";
inline constexpr std::string_view kPositionDeck = "neighbour.setup.position_deck";
inline constexpr std::string_view kShuffle = "neighbour.setup.shuffle";

// The first part: adding pieces.
inline constexpr std::string_view kTwoParts = "neighbour.play.two_parts";
inline constexpr std::string_view kFlipPiece = "neighbour.add.flip_piece";
inline constexpr std::string_view kTakePiece = "neighbour.add.take_piece";
inline constexpr std::string_view kFirstCorner = "neighbour.add.first_corner";
inline constexpr std::string_view kAboveLast = "neighbour.add.above_last";
inline constexpr std::string_view kFlipPosition = "neighbour.add.flip_position";
inline constexpr std::string_view kPlace = "neighbour.add.place";
inline constexpr std::string_view kRedRight = "neighbour.add.red_right";
inline constexpr std::string_view kBlackUp = "neighbour.add.black_up";
inline constexpr std::string_view kWrap = "neighbour.add.wrap";
inline constexpr std::string_view kOccupiedNeighbour = "neighbour.add.occupied_neighbour";
inline constexpr std::string_view kRingOutward = "neighbour.add.ring_outward";
inline constexpr std::string_view kNoWrapDisplace = "neighbour.add.no_wrap_displace";
inline constexpr std::string_view kStopAdding = "neighbour.play.stop_adding";

// The second part: moving pieces.
inline constexpr std::string_view kSpendCard = "neighbour.move.spend_card";
inline constexpr std::string_view kOnePiece = "neighbour.move.one_piece";
inline constexpr std::string_view kNotOwnMove = "neighbour.move.not_own_move";
inline constexpr std::string_view kNeighbourMove = "neighbour.move.neighbour_move";
inline constexpr std::string_view kNoNeighbour = "neighbour.move.no_neighbour";
inline constexpr std::string_view kSlidesBlocked = "neighbour.move.slides_blocked";
inline constexpr std::string_view kNoMoveEnds = "neighbour.move.no_move_ends_game";

// Winning.
inline constexpr std::string_view kConnected = "neighbour.win.connected";
inline constexpr std::string_view kEightNeighbours = "neighbour.win.eight_neighbours";
inline constexpr std::string_view kScore = "neighbour.win.score";
}  // namespace clause

namespace reading {
inline constexpr std::string_view kWinCheck = "neighbour.win_check";
inline constexpr std::string_view kLonePiece = "neighbour.lone_piece";
inline constexpr std::string_view kCapture = "neighbour.capture";
}  // namespace reading

const ClauseTable& clauses();    // clauses.cpp
const ReadingTable& readings();  // readings.cpp
const TextMap& text_map();       // text_map.cpp

// The alternative in force at a reading point (recorded in `trace` when given).
std::string_view consult(std::string_view point, const Readings& readings, Trace* trace);

inline constexpr Variant::TextSection kTextSection{"chess-kit-new-rules.md", "## Neighbour Chess Solitaire",
                                                   "## Cloak and Dagger Chess"};
inline constexpr std::string_view kVariantId = "neighbour";
inline constexpr std::string_view kVariantName = "Neighbour Chess Solitaire";

}  // namespace arbiter::neighbour
