#pragma once
// Two Move Chess (chess-kit-new-rules.md, "## Two Move Chess") as a Variant.
// A turn is one simultaneous step (both players choose two piece-type cards)
// followed by one single-role step per card move that survives elimination,
// in card order knight < bishop < rook < queen < king. clauses.cpp holds the
// clauses and reading points, text_map.cpp the text map, two_move.cpp the
// game. docs/two-move.md describes the state text and the notation.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/core/game.h"

namespace arbiter::two_move {

inline constexpr std::string_view kVariantId = "two-move";
inline constexpr std::string_view kVariantName = "Two Move Chess";
inline constexpr Variant::TextSection kTextSection{"chess-kit-new-rules.md", "## Two Move Chess", "## Gravity Chess"};

namespace clause {
// Goal.
inline constexpr std::string_view kCaptureKing = "two-move.goal.capture_king";
inline constexpr std::string_view kNoCheck = "two-move.goal.no_check";
// Setup.
inline constexpr std::string_view kCards = "two-move.setup.five_cards_each";
inline constexpr std::string_view kStartPosition = "two-move.setup.start_position";
inline constexpr std::string_view kWhiteFaceUp = "two-move.setup.white_face_up";
// The turn: choose, then move.
inline constexpr std::string_view kPhases = "two-move.turn.choose_then_move";
inline constexpr std::string_view kChooseTwo = "two-move.choose.two_cards";
inline constexpr std::string_view kNotFaceUp = "two-move.choose.not_face_up";
inline constexpr std::string_view kReveal = "two-move.choose.reveal";
inline constexpr std::string_view kOrder = "two-move.move.card_order";
inline constexpr std::string_view kPawnAnyCard = "two-move.move.pawn_with_any_card";
inline constexpr std::string_view kSameTwo = "two-move.eliminate.same_two";
inline constexpr std::string_view kOneMatch = "two-move.eliminate.one_match";
inline constexpr std::string_view kDoubleCard = "two-move.move.other_card_twice";
inline constexpr std::string_view kCombination = "two-move.move.any_combination";
inline constexpr std::string_view kPawnOnce = "two-move.move.pawn_once_per_turn";
inline constexpr std::string_view kMustMove = "two-move.move.must_move";
inline constexpr std::string_view kNoMovePass = "two-move.move.no_legal_move_passes";
// Chess moves.
inline constexpr std::string_view kChessMoves = "two-move.chess.normal_moves";
inline constexpr std::string_view kCapture = "two-move.chess.capture";
inline constexpr std::string_view kDoubleStep = "two-move.pawn.double_step";
inline constexpr std::string_view kCastle = "two-move.castle.king_card";
inline constexpr std::string_view kCastleAttacked = "two-move.castle.attacks_ignored";
inline constexpr std::string_view kNoEnPassant = "two-move.pawn.no_en_passant";
inline constexpr std::string_view kPromotion = "two-move.pawn.promotion";
// Face-up cards after the turn.
inline constexpr std::string_view kFourBack = "two-move.face_up.four_back_to_hand";
inline constexpr std::string_view kTwoStay = "two-move.face_up.two_stay";
}  // namespace clause

namespace reading {
inline constexpr std::string_view kKingCapture = "two-move.king_capture";
inline constexpr std::string_view kPromotedPawn = "two-move.promoted_pawn";
}  // namespace reading

const ClauseTable& clauses();    // clauses.cpp
const ReadingTable& readings();  // clauses.cpp
const TextMap& text_map();       // text_map.cpp

// The cards, by value: knight < bishop < rook < queen < king.
enum Card : int { kKnightCard, kBishopCard, kRookCard, kQueenCard, kKingCard, kCardCount };
inline constexpr std::string_view kCardLetters = "NBRQK";
// A set of cards as a bit mask (bit c for card c); a choice is a mask of two.
using CardSet = std::uint8_t;

// Variant fields of the state text (docs/two-move.md).
inline constexpr std::string_view kPhaseKey = "phase";    // pick | choose | move
inline constexpr std::string_view kWhiteUpKey = "wup";    // White's face-up cards, "-" for none
inline constexpr std::string_view kBlackUpKey = "bup";    // Black's face-up cards
inline constexpr std::string_view kWhitePlayKey = "wplay";  // the cards White played this turn (move phase)
inline constexpr std::string_view kBlackPlayKey = "bplay";  // the cards Black played this turn (move phase)
inline constexpr std::string_view kTodoKey = "todo";      // the card moves still to make, upper case White's
inline constexpr std::string_view kPawnsKey = "pawns";    // squares of the pieces moved as pawns this turn
inline constexpr std::string_view kTwiceKey = "twice";    // where the first move of a double card went
inline constexpr std::string_view kFallenKey = "fallen";  // kings captured this turn, first first (w/b)
inline constexpr std::string_view kResultKey = "result";  // the result once the game is over

// The card sets written as letters in value order ("NR"), "-" for none.
std::string cards_text(CardSet set);
std::optional<CardSet> read_cards(std::string_view text);

// The card moves a turn gives, in the order they are made: for each card
// that is not eliminated, its letter (upper case White's, lower case
// Black's), twice for a card that makes two moves.
std::string card_moves(CardSet white, CardSet black);

class TwoMove final : public Variant {
 public:
  std::string_view id() const override { return kVariantId; }
  std::string_view name() const override { return kVariantName; }
  std::string_view source() const override { return "Two Move Chess (chess-kit-new-rules.md)"; }
  bool simultaneous() const override { return true; }
  const PieceSet& kinds() const override;
  const ClauseTable& clauses() const override { return two_move::clauses(); }
  const ReadingTable& readings() const override { return two_move::readings(); }
  TextSection text_section() const override { return kTextSection; }
  const TextMap* text_map() const override { return &two_move::text_map(); }

  State initial_state() const override;
  Expected<State> parse_state(std::string_view fen) const override;
  Roles roles_to_act(const State& s) const override;
  std::vector<Move> actions(const State& s, Role role) const override;
  std::vector<Move> actions(const State& s, Role role, const Readings& readings) const override;
  void actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const override;
  StepResult step(const State& s, const JointAction& joint, const Readings& readings) const override;
  State apply(const State& s, const JointAction& joint, const Readings& readings) const override;
  std::vector<InvariantViolation> check_invariants(const State& s) const override;
  std::string move_text(const State& s, const Move& m) const override;
  Expected<Move> read_move(const State& s, Role role, std::string_view text) const override;
  std::optional<State> mirror(const State& s) const override;
};

const Variant& variant();

}  // namespace arbiter::two_move
