#pragma once
// Parade Chess Solitaire (chess-kit-new-rules.md) as a Variant. The chance
// role shuffles the 16 piece cards and deals two piles of eight: the first
// pile's pieces are placed at once (the setup), the second is the player's
// hand, spent one card per action on a MOVE (one piece relocates an
// opposite-colour piece it attacks to another square it attacks) or an ADD
// (the top card's piece is placed after the last piece). One orthogonally
// connected group wins, scoring the cards left; a player out of cards counts
// negative points with the 16 cards, moving only.
//
// Appendix A (which card is which piece, and each card's gap) is missing from
// the text; appendix.cpp derives what the worked example fixes, and the
// reading point parade.appendix_a.table holds what it leaves open.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/fixed_vector.h"
#include "model/core/game.h"

namespace arbiter::parade {

inline constexpr std::string_view kVariantId = "parade";
inline constexpr std::string_view kVariantName = "Parade Chess Solitaire";
inline constexpr Variant::TextSection kTextSection = {"chess-kit-new-rules.md", "## Parade Chess Solitaire",
                                                      "# Broken Games"};

namespace clause {
inline constexpr std::string_view kEquipment = "parade.equipment.set_and_deck";
inline constexpr std::string_view kNoPawns = "parade.setup.no_pawns";
inline constexpr std::string_view kOneCardPerPiece = "parade.setup.one_card_per_piece";
inline constexpr std::string_view kSixteenCards = "parade.setup.sixteen_cards";
inline constexpr std::string_view kShuffleTwoPiles = "parade.setup.shuffle_two_piles";
inline constexpr std::string_view kDrawAndPlace = "parade.setup.draw_and_place";
inline constexpr std::string_view kPlacementOrder = "parade.setup.placement_order";
inline constexpr std::string_view kGap = "parade.setup.gap_before_piece";
inline constexpr std::string_view kSetupExample = "parade.setup.example";
inline constexpr std::string_view kSpendCards = "parade.play.spend_cards";
inline constexpr std::string_view kOneOfTwo = "parade.play.one_of_two_actions";
inline constexpr std::string_view kMoveFaceDown = "parade.move.card_face_down";
inline constexpr std::string_view kMoveOpposite = "parade.move.opposite_colour_attacked";
inline constexpr std::string_view kMoveTarget = "parade.move.target_attacked";
inline constexpr std::string_view kMoveExample = "parade.move.example";
inline constexpr std::string_view kAddFaceUp = "parade.add.card_face_up";
inline constexpr std::string_view kAddAfterLast = "parade.add.after_last_piece";
inline constexpr std::string_view kAddExample = "parade.add.example";
inline constexpr std::string_view kWinConnected = "parade.win.connected";
inline constexpr std::string_view kWinOrthogonal = "parade.win.orthogonal_only";
inline constexpr std::string_view kWinScore = "parade.win.score_cards_left";
inline constexpr std::string_view kCountNegative = "parade.count.negative_points";
inline constexpr std::string_view kCountMoveOnly = "parade.count.move_only";
}  // namespace clause

namespace reading {
inline constexpr std::string_view kTable = "parade.appendix_a.table";
inline constexpr std::string_view kOffBoard = "parade.add.off_board";
inline constexpr std::string_view kExhausted = "parade.count.exhausted";
inline constexpr std::string_view kNoMove = "parade.count.no_move";
}  // namespace reading

const ClauseTable& clauses();
const ReadingTable& readings();
const TextMap& text_map();
const PieceSet& kinds();  // K Q R B N: the pawns are put away

// A card: rank '8' '9' 'T' 'Q' 'K' and suit 'H' 'D' 'S' 'C'.
struct Card {
  char rank = '8';
  char suit = 'H';
  bool operator==(const Card&) const = default;
  std::string text() const { return {rank, suit}; }
};
// The 16 cards of the model's appendix A (cards.cpp): hearts and diamonds
// White, spades and clubs Black; 8 knight, 9 bishop, 10 rook, Q queen, K king
// (the queen and king of hearts and of spades).
const std::array<Card, 16>& all_cards();
// The card's place in all_cards, or -1 for a card not among them.
int card_index(const Card& c);
std::optional<Card> read_card(std::string_view text);
// The piece a card stands for: kind code ("N") and colour.
char kind_code(const Card& c);
Color card_color(const Card& c);
// The gap before the card's piece under a table alternative of parade.appendix_a.table.
int gap(const Card& c, std::string_view table);

// Cards as a var value: "9H,TH,KS" or "-" for none.
// A pile of cards: the 16 at most, held in place (a step reads every pile).
using Pile = FixedVector<Card, 16>;
std::string cards_text(std::span<const Card> cards);
// The same text written over `out`, in the room it already has: a step
// rewrites each pile in its field's own string.
void write_cards(std::string& out, std::span<const Card> cards);
// "8H,9H" -> the pile; "-" -> an empty one; nullopt for text that is not
// cards, or more than 16 of them.
std::optional<Pile> read_cards(std::string_view text);

// The square the next piece goes to when `gap` empty squares are left after
// square `last` (-1: before a1), in the order a1..h1, a2..h2, ...; nullopt
// past h8.
std::optional<Square> placement(Square last, int gap);
// Whether the pieces on the board form one group, orthogonal neighbours only.
bool connected(const Position& pos);
// The squares a piece on `from` attacks (chess attacks, sliders blocked), as
// a set of the board's 64 squares (bit s for square s: read in square
// order). `vacated` counts as empty whatever stands on it (a piece picked up).
using SquareSet = std::uint64_t;
SquareSet attacked(const Position& pos, Square from, Square vacated = kNoSquare);
// What attacked(pos, from, vacated) adds to attacked(pos, from) for a square
// `vacated` that the piece attacks: the squares beyond it on the line it
// attacks it along, up to the first occupied one (none for a piece that
// leaps).
SquareSet attacked_beyond(const Position& pos, Square from, Square vacated);

// The analysis of appendix A (appendix.cpp): the tables, among a family of
// plausible card tables, that agree with every constraint of the worked
// example, and what they have in common.
struct AppendixAnalysis {
  long long candidates = 0;         // tables of the family examined
  long long consistent = 0;         // tables meeting every constraint
  std::vector<std::string> fixed;   // facts every consistent table shares
  std::vector<std::string> open;    // what the consistent tables disagree on
  int add_example_g7_tables = 0;    // consistent tables that put the 8 of diamonds on g7
  std::string add_example_square;   // where every consistent table puts it
};
AppendixAnalysis analyse_appendix_a();

class Parade final : public Variant {
 public:
  std::string_view id() const override { return kVariantId; }
  std::string_view name() const override { return kVariantName; }
  std::string_view source() const override { return "Parade Chess Solitaire (chess-kit-new-rules.md)"; }
  const PieceSet& kinds() const override { return parade::kinds(); }
  const ClauseTable& clauses() const override { return parade::clauses(); }
  const ReadingTable& readings() const override { return parade::readings(); }
  TextSection text_section() const override { return kTextSection; }
  const TextMap* text_map() const override { return &parade::text_map(); }

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
  std::optional<Move> match_action(const State& s, Role role, const Move& read,
                                   const Readings& readings) const override;

  bool hidden_information() const override { return true; }
  std::string observation(const State& s, Role role) const override;
  std::optional<State> resample_hidden(const State& s, Role role, std::uint64_t seed) const override;

  std::vector<std::pair<std::string, int>> scores(const State& s) const override;
  // The deal, eight cards of the hand, sixteen counted cards (under the
  // defaults; parade.count.exhausted=continue has no bound).
  int step_bound() const override { return 1 + 8 + 16; }
  std::vector<Result> winning_results() const override { return {Result::PlayerWins, Result::PlayerLoses}; }
};

const Variant& variant();

}  // namespace arbiter::parade
