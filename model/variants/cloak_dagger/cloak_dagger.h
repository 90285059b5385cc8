#pragma once
// Cloak and Dagger Chess (chess-kit-new-rules.md): pawns as usual, every other
// piece a numbered checker whose identity its owner chose in secret, under the
// Chess960 restrictions. A turn is several steps by the side to move:
//   prebonus  the bonus move an opponent's wrong guess gave (optional)
//   guess     name one of the opponent's checkers and a kind (optional)
//   interbonus  under cloak-dagger.wrong_guess_bonus_time=at_once: after a
//             wrong guess the opponent makes its bonus move at once (the
//             side to move is the opponent for this one step)
//   move      the regular move (cloaked pieces move as what they are)
//   bonus     after a correct guess: a pawn move or a pawn drop (optional)
//   uncloak   show own checkers, one step per checker, "0000" ends the turn
// The game starts with one simultaneous setup step: each side names its
// arrangement ("RQKRBBNN", files a..h).
//
// The state text (docs/cloak-dagger.md): the board holds the TRUE kinds; a
// checker still cloaked has the flag `cloaked` and its number as `c=N`.
// Variant fields: phase, wknown/bknown (what the opponent has been told of
// each numbered checker), wruled/bruled (identities the opponent has ruled
// out), wpool/bpool (own pawns the opponent captured, to drop), pending (the
// side owed a bonus move by a wrong guess), hit (this turn's guess was right),
// refused (moves refused in this phase: cloak-dagger.check_knowledge=umpire,
// cloak-dagger.refused_move=retry), passed (squares of older double steps
// still capturable en passant: cloak-dagger.en_passant_window). A pawn
// dropped back carries the flag `moved` (cloak-dagger.dropped_pawn_double_step).
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/game.h"

namespace arbiter::cloak_dagger {

inline constexpr std::string_view kVariantId = "cloak-dagger";
inline constexpr std::string_view kVariantName = "Cloak and Dagger Chess";

namespace clause {
inline constexpr std::string_view kPawnsUsual = "cloak-dagger.pawns.as_usual";
inline constexpr std::string_view kCheckers = "cloak-dagger.pieces.numbered_checkers";
inline constexpr std::string_view kObject = "cloak-dagger.object.deduce_and_capture";
inline constexpr std::string_view kSetupPawns = "cloak-dagger.setup.pawns_regular";
inline constexpr std::string_view kSetupNumbers = "cloak-dagger.setup.numbers_one_to_eight";
inline constexpr std::string_view kSetupBackRow = "cloak-dagger.setup.checkers_on_back_row";
inline constexpr std::string_view kSetupSecret = "cloak-dagger.setup.secret_record";
inline constexpr std::string_view kSetupStandardSet = "cloak-dagger.setup.standard_set";
inline constexpr std::string_view kSetup960 = "cloak-dagger.setup.chess960_restrictions";
inline constexpr std::string_view kSetupKingBetweenRooks = "cloak-dagger.setup.king_between_rooks";
inline constexpr std::string_view kSetupBishops = "cloak-dagger.setup.bishops_opposite_colours";
inline constexpr std::string_view kGuess = "cloak-dagger.guess.at_start_of_turn";
inline constexpr std::string_view kGuessHit = "cloak-dagger.guess.correct_gives_bonus";
inline constexpr std::string_view kBonusKinds = "cloak-dagger.bonus.pawn_move_or_drop";
inline constexpr std::string_view kBonusPawnMove = "cloak-dagger.bonus.regular_pawn_move";
inline constexpr std::string_view kBonusDrop = "cloak-dagger.bonus.drop_on_empty_second_rank";
inline constexpr std::string_view kGuessMiss = "cloak-dagger.guess.wrong_gives_opponent_bonus";
inline constexpr std::string_view kUncloak = "cloak-dagger.uncloak.end_of_turn";
inline constexpr std::string_view kCaptureTold = "cloak-dagger.capture.identity_told";
inline constexpr std::string_view kWinCapture = "cloak-dagger.win.capture_cloaked_king";
inline constexpr std::string_view kWinCheckmate = "cloak-dagger.win.checkmate_uncloaked_king";
inline constexpr std::string_view kShowCheckmate = "cloak-dagger.win.uncloak_to_show_checkmate";
inline constexpr std::string_view kCloakedKingCheck = "cloak-dagger.king.cloaked_ignores_check";
inline constexpr std::string_view kCastle960 = "cloak-dagger.castle.chess960_squares";
inline constexpr std::string_view kCastleEmpty = "cloak-dagger.castle.path_empty";
inline constexpr std::string_view kCastleAttack = "cloak-dagger.castle.uncloaked_not_attacked";
}  // namespace clause

namespace reading {
inline constexpr std::string_view kCheckKnowledge = "cloak-dagger.check_knowledge";
inline constexpr std::string_view kKingCapture = "cloak-dagger.uncloaked_king_capture";
inline constexpr std::string_view kGuessRepeat = "cloak-dagger.guess_repeat";
inline constexpr std::string_view kPromotion = "cloak-dagger.promotion";
inline constexpr std::string_view kStalemate = "cloak-dagger.stalemate";
inline constexpr std::string_view kNoMoveJudged = "cloak-dagger.no_move_judged";
inline constexpr std::string_view kEnPassantWindow = "cloak-dagger.en_passant_window";
inline constexpr std::string_view kRefusedMove = "cloak-dagger.refused_move";
inline constexpr std::string_view kWrongGuessBonusTime = "cloak-dagger.wrong_guess_bonus_time";
inline constexpr std::string_view kDroppedDoubleStep = "cloak-dagger.dropped_pawn_double_step";
}  // namespace reading

const ClauseTable& clauses();
const ReadingTable& readings();
const TextMap& text_map();
const PieceSet& kinds();

// Kind ids in kinds(): the five checker identities, the pawn, and the
// "checker" shown for a cloaked piece in an opponent's observation.
enum : KindId { kKing = 0, kQueen, kRook, kBishop, kKnight, kPawn, kMasked };
inline constexpr std::string_view kIdentityLetters = "KQRBN";

// The 960 arrangements of the back row, files a..h, by Scharnagl's numbering
// (518 is RNBQKBNR).
std::string arrangement(int index);
std::optional<int> arrangement_index(std::string_view letters);

// Action codes (Move::code), by their high nibble.
inline constexpr std::uint16_t kCodeGuess = 0x1000;    // | number << 4 | kind
inline constexpr std::uint16_t kCodeSetup = 0x2000;    // | arrangement index
inline constexpr std::uint16_t kCodeUncloak = 0x3000;  // from: the piece's square
inline constexpr std::uint16_t kCodeDrop = 0x4000;     // to: the square

class CloakDagger final : public Variant {
 public:
  std::string_view id() const override { return kVariantId; }
  std::string_view name() const override { return kVariantName; }
  std::string_view source() const override { return "Cloak and Dagger Chess (chess-kit-new-rules.md)"; }
  const PieceSet& kinds() const override { return cloak_dagger::kinds(); }
  const ClauseTable& clauses() const override { return cloak_dagger::clauses(); }
  const ReadingTable& readings() const override { return cloak_dagger::readings(); }
  TextSection text_section() const override { return {"chess-kit-new-rules.md", "## Cloak and Dagger Chess", ""}; }
  const TextMap* text_map() const override { return &cloak_dagger::text_map(); }

  State initial_state() const override;
  Expected<State> parse_state(std::string_view fen) const override;
  Roles roles_to_act(const State& s) const override;
  std::vector<Move> actions(const State& s, Role role) const override;
  std::vector<Move> actions(const State& s, Role role, const Readings& readings) const override;
  void actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const override;
  StepResult step(const State& s, const JointAction& joint, const Readings& readings) const override;
  State apply(const State& s, const JointAction& joint, const Readings& readings) const override;
  std::vector<InvariantViolation> check_invariants(const State& s) const override;
  std::optional<State> mirror(const State& s) const override;

  std::string move_text(const State& s, const Move& m) const override;
  Expected<Move> read_move(const State& s, Role role, std::string_view text) const override;

  bool hidden_information() const override { return true; }
  std::string observation(const State& s, Role role) const override;
  std::optional<State> resample_hidden(const State& s, Role role, std::uint64_t seed) const override;
};

const Variant& variant();

}  // namespace arbiter::cloak_dagger
