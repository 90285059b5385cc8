#pragma once
// Orthodox chess: its clauses and reading points. The rules are those of the
// FIDE Laws of Chess (Article numbers cited); quotes are short paraphrases.
#include "model/core/clause.h"
#include "model/core/reading.h"

namespace arbiter::orthodox {

// Clause ids, so code cites them by name and a typo is a compile error.
namespace clause {
inline constexpr std::string_view kSetup = "orthodox.setup";
inline constexpr std::string_view kAlternate = "orthodox.turn.alternate";
inline constexpr std::string_view kNoFriendly = "orthodox.move.no_friendly_target";
inline constexpr std::string_view kCapture = "orthodox.move.capture";
inline constexpr std::string_view kNoJump = "orthodox.move.no_jump";
inline constexpr std::string_view kKing = "orthodox.move.king";
inline constexpr std::string_view kQueen = "orthodox.move.queen";
inline constexpr std::string_view kRook = "orthodox.move.rook";
inline constexpr std::string_view kBishop = "orthodox.move.bishop";
inline constexpr std::string_view kKnight = "orthodox.move.knight";
inline constexpr std::string_view kPawnPush = "orthodox.pawn.push";
inline constexpr std::string_view kPawnDouble = "orthodox.pawn.double_step";
inline constexpr std::string_view kPawnCapture = "orthodox.pawn.capture";
inline constexpr std::string_view kEnPassant = "orthodox.pawn.en_passant";
inline constexpr std::string_view kPromotion = "orthodox.pawn.promotion";
inline constexpr std::string_view kCastleMove = "orthodox.castle.move";
inline constexpr std::string_view kCastleRights = "orthodox.castle.rights";
inline constexpr std::string_view kCastlePath = "orthodox.castle.path_empty";
inline constexpr std::string_view kCastleCheck = "orthodox.castle.not_in_or_through_check";
inline constexpr std::string_view kNoSelfCheck = "orthodox.check.no_self_check";
inline constexpr std::string_view kCheckmate = "orthodox.result.checkmate";
inline constexpr std::string_view kStalemate = "orthodox.result.stalemate";
inline constexpr std::string_view kDeadPosition = "orthodox.result.dead_position";
inline constexpr std::string_view kFiftyMove = "orthodox.result.fifty_move";
inline constexpr std::string_view kRepetition = "orthodox.result.repetition";
}  // namespace clause

namespace reading {
inline constexpr std::string_view kDrawClaims = "orthodox.draw_claims";
}

const ClauseTable& clauses();
const ReadingTable& readings();

}  // namespace arbiter::orthodox
