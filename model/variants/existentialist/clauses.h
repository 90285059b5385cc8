#pragma once
// Existentialist Chess (David Short): clause ids, reading points and the text
// map. Every rule sentence of existentialist-chess.txt (the rules, the
// additional notes and the FAQ) is one clause below; every place the text does
// not decide, or says two things, is a reading point (readings.cpp) with all of
// its alternatives and a default. text_map.cpp maps each sentence of the text
// to them; docs/rules/existentialist.md is generated from that map.
#include "model/core/clause.h"
#include "model/core/game.h"
#include "model/core/reading.h"
#include "model/core/text_map.h"

namespace arbiter::existentialist {

namespace clause {
// The board, the start position, the object.
inline constexpr std::string_view kSetup = "existentialist.setup.diagram";
inline constexpr std::string_view kCheckmate = "existentialist.result.checkmate";
inline constexpr std::string_view kKingKilled = "existentialist.result.king_killed";
inline constexpr std::string_view kBothKingsKilled = "existentialist.result.both_kings_killed_draw";
inline constexpr std::string_view kShieldAvoidsStalemate = "existentialist.result.shield_move_avoids_stalemate";
inline constexpr std::string_view kStalemateDraw = "existentialist.result.stalemate_draw";

// Legality and check.
inline constexpr std::string_view kNoSelfExposure = "existentialist.legal.no_self_exposure";
inline constexpr std::string_view kBlastDiscovery = "existentialist.legal.blast_discovered_attack";
inline constexpr std::string_view kSpelledNoCheck = "existentialist.check.spelled_piece_gives_no_check";
inline constexpr std::string_view kKingBreaksSpell = "existentialist.check.king_in_check_breaks_spell";
inline constexpr std::string_view kKingSpellBinds = "existentialist.check.king_spell_binds_otherwise";
inline constexpr std::string_view kFrozenNoCheckAnswer = "existentialist.check.immobilized_cannot_answer";
inline constexpr std::string_view kSpelledCapturable = "existentialist.spell.spelled_pieces_capturable";

// King and castling.
inline constexpr std::string_view kKingMoves = "existentialist.king.moves";
inline constexpr std::string_view kKingAttacksLikeOrthodox = "existentialist.king.attacks_like_orthodox_king";
inline constexpr std::string_view kCastleWithSquire = "existentialist.castle.with_squire";
inline constexpr std::string_view kCastleProhibitions = "existentialist.castle.standard_prohibitions";
inline constexpr std::string_view kCastleSpellBefore = "existentialist.castle.not_if_immobilized_before";
inline constexpr std::string_view kCastleHyenaNoControl = "existentialist.castle.hyena_controls_no_square";

// Bobber, squire, viceroy, pawn, crowned knight.
inline constexpr std::string_view kMoveAndCapture = "existentialist.pieces.move_and_capture";
inline constexpr std::string_view kBobberGrows = "existentialist.bobber.range_grows";
inline constexpr std::string_view kBobberQueen = "existentialist.bobber.queen_after_ninth";
inline constexpr std::string_view kSquireMoves = "existentialist.squire.moves";
inline constexpr std::string_view kViceroyMoves = "existentialist.viceroy.moves";
inline constexpr std::string_view kPawnMoves = "existentialist.pawn.moves";
inline constexpr std::string_view kPawnDoubleStep = "existentialist.pawn.double_step";
inline constexpr std::string_view kPawnPromotion = "existentialist.pawn.promotion";
inline constexpr std::string_view kPawnEnPassant = "existentialist.pawn.en_passant";
inline constexpr std::string_view kCrownedKnightMoves = "existentialist.crowned_knight.moves";

// Dazzler.
inline constexpr std::string_view kDazzlerMoves = "existentialist.dazzler.moves";
inline constexpr std::string_view kDazzlerJumps = "existentialist.dazzler.jumps_on_two_square_move";
inline constexpr std::string_view kDazzlerFriendInvulnerable = "existentialist.dazzler.jumped_friend_invulnerable";
inline constexpr std::string_view kDazzlerEnemyDazzled = "existentialist.dazzler.jumped_enemy_dazzled";
inline constexpr std::string_view kDazzlerCannon = "existentialist.dazzler.cannon_capture";
inline constexpr std::string_view kDazzlerCannonOrthogonal = "existentialist.dazzler.cannon_not_diagonal";
inline constexpr std::string_view kDazzlerCannonSpells = "existentialist.dazzler.cannon_screen_spelled";
inline constexpr std::string_view kInvulnerableLimits = "existentialist.dazzler.invulnerable_not_from_arrow_or_blast";
inline constexpr std::string_view kInvulnerableStillSpelled = "existentialist.dazzler.invulnerable_still_spelled";
inline constexpr std::string_view kDazzlerDazzlesDazzler = "existentialist.dazzler.dazzles_enemy_dazzler";
inline constexpr std::string_view kDazzlerFriendlyShield = "existentialist.dazzler.friendly_shield_screen";
inline constexpr std::string_view kDazzlerNoEnemyShield = "existentialist.dazzler.no_jump_over_enemy_shield";
inline constexpr std::string_view kDazzlerShieldNoSpell = "existentialist.dazzler.shield_jump_no_spell";

// Hyena and wildcat.
inline constexpr std::string_view kHyenaMoves = "existentialist.hyena.moves";
inline constexpr std::string_view kHyenaNoCapture = "existentialist.hyena.never_captures";
inline constexpr std::string_view kHyenaUncapturable = "existentialist.hyena.uncapturable";
inline constexpr std::string_view kHyenaFreezes = "existentialist.hyena.freezes_adjacent_enemies";
inline constexpr std::string_view kHyenaEnemyOnly = "existentialist.hyena.enemy_pieces_only";
inline constexpr std::string_view kHyenaMutualTrap = "existentialist.hyena.two_hyenas_trap_each_other";
inline constexpr std::string_view kHyenaDazzlerImmune = "existentialist.hyena.dazzler_immune";
inline constexpr std::string_view kHyenaMustMove = "existentialist.hyena.jumped_must_move";
inline constexpr std::string_view kHyenaMustInterpose = "existentialist.hyena.must_interpose";
inline constexpr std::string_view kHyenaPinnedException = "existentialist.hyena.pinned_need_not_move";
inline constexpr std::string_view kHyenaDazzlePrecedence = "existentialist.hyena.dazzle_over_trap";
inline constexpr std::string_view kHyenaSpellFollows = "existentialist.hyena.spell_moves_with_it";
inline constexpr std::string_view kHyenaKillable = "existentialist.hyena.arrow_or_blast_kills";
inline constexpr std::string_view kHyenaBecomesWildcat = "existentialist.hyena.protected_becomes_wildcat";
inline constexpr std::string_view kHyenaFriendJumpNoEffect = "existentialist.hyena.friendly_jump_no_other_effect";
inline constexpr std::string_view kHyenaTrapBreaks = "existentialist.hyena.trap_breaking";
inline constexpr std::string_view kWildcatMoves = "existentialist.wildcat.moves";
inline constexpr std::string_view kWildcatOrdinary = "existentialist.wildcat.ordinary_piece";

// Archer.
inline constexpr std::string_view kArcherConfabulates = "existentialist.archer.confabulates";
inline constexpr std::string_view kArcherPartnerExceptions = "existentialist.archer.not_hyena_yanzee_existentialist";
inline constexpr std::string_view kArcherMoveOrFire = "existentialist.archer.move_or_fire";
inline constexpr std::string_view kArcherRangeTwo = "existentialist.archer.range_two";
inline constexpr std::string_view kArcherArrowKills = "existentialist.archer.arrow_kills";
inline constexpr std::string_view kArcherStays = "existentialist.archer.does_not_move_to_fire";
inline constexpr std::string_view kArcherFirstInLine = "existentialist.archer.first_piece_in_line";
inline constexpr std::string_view kArcherStraightLines = "existentialist.archer.straight_lines";
inline constexpr std::string_view kArcherFiresDazzled = "existentialist.archer.fires_when_dazzled";
inline constexpr std::string_view kArcherThreeTurns = "existentialist.archer.three_consecutive_turns";
inline constexpr std::string_view kArcherRest = "existentialist.archer.any_other_move_rests";
inline constexpr std::string_view kArcherSchizzySide = "existentialist.archer.schizzy_knight_side_only";
inline constexpr std::string_view kArcherSchizzyRest = "existentialist.archer.schizzy_queen_move_rests";
inline constexpr std::string_view kArcherTeleportDizzy = "existentialist.archer.no_shot_after_teleport";
inline constexpr std::string_view kArcherHyenaRestricts = "existentialist.archer.hyena_limits_arrows";
inline constexpr std::string_view kArcherHyenaNoMove = "existentialist.archer.hyena_stops_non_firing_moves";
inline constexpr std::string_view kArcherUnconfabulated = "existentialist.archer.unconfabulated_steps_only";
inline constexpr std::string_view kArcherPromotedPartner = "existentialist.archer.promoted_piece_partner";

// The king confabulated with the archer.
inline constexpr std::string_view kKingArcher = "existentialist.king_archer.allowed";
inline constexpr std::string_view kKingArcherIgnoresCheck = "existentialist.king_archer.ignores_check";
inline constexpr std::string_view kKingArcherIntruder = "existentialist.king_archer.intruder_kills_archer";
inline constexpr std::string_view kKingArcherSharedSquare = "existentialist.king_archer.shared_square";
inline constexpr std::string_view kKingArcherAnswer = "existentialist.king_archer.king_must_answer";
inline constexpr std::string_view kKingArcherArrow = "existentialist.king_archer.arrow_kills_archer_first";
inline constexpr std::string_view kKingArcherBlast = "existentialist.king_archer.blast_kills_archer_only";
inline constexpr std::string_view kKingArcherTwoMoves = "existentialist.king_archer.two_moves_to_mate";
inline constexpr std::string_view kKingArcherRestTurn = "existentialist.king_archer.rest_turn_no_protection";
inline constexpr std::string_view kKingArcherFiresInCheck = "existentialist.king_archer.fires_in_check";
inline constexpr std::string_view kKingArcherCastles = "existentialist.king_archer.may_castle";

// Confabulation in general.
inline constexpr std::string_view kConfabEndsTurn = "existentialist.confab.completes_turn";
inline constexpr std::string_view kConfabMoverEnters = "existentialist.confab.archer_or_zednick_enters";
inline constexpr std::string_view kConfabEitherEnters = "existentialist.confab.archer_zednick_either_enters";
inline constexpr std::string_view kConfabPermanent = "existentialist.confab.permanent";
inline constexpr std::string_view kConfabArrowKillsBoth = "existentialist.confab.arrow_kills_both";
inline constexpr std::string_view kConfabNoSelfCheck = "existentialist.confab.not_into_check";

// Zednick and its four confabulations.
inline constexpr std::string_view kZednickMustConfabulate = "existentialist.zednick.must_confabulate";
inline constexpr std::string_view kZednickPartners = "existentialist.zednick.partners";
inline constexpr std::string_view kZednickPawn = "existentialist.zednick.pawn_becomes_adventurist";
inline constexpr std::string_view kZednickBobber = "existentialist.zednick.bobber_plus_three";
inline constexpr std::string_view kZednickArcher = "existentialist.zednick.unconfabulated_archer";
inline constexpr std::string_view kArcherZednickPiece = "existentialist.zednick.archer_zednick_piece";
inline constexpr std::string_view kArcherZednickRestCapture = "existentialist.zednick.archer_zednick_captures_on_rest";
inline constexpr std::string_view kArcherZednickFinal = "existentialist.zednick.archer_zednick_no_further_partner";
inline constexpr std::string_view kArcherZednickHyena = "existentialist.zednick.archer_zednick_hyena_range_two";
inline constexpr std::string_view kZednickTeleporter = "existentialist.zednick.teleporter_makes_shield";
inline constexpr std::string_view kZednickUnconfabulated = "existentialist.zednick.unconfabulated_steps_only";

// Adventurist.
inline constexpr std::string_view kAdventuristMoves = "existentialist.adventurist.moves";
inline constexpr std::string_view kAdventuristMultiStep = "existentialist.adventurist.two_or_three_forwards";
inline constexpr std::string_view kAdventuristBackRank = "existentialist.adventurist.may_return_to_first_rank";
inline constexpr std::string_view kAdventuristKingAfter = "existentialist.adventurist.king_after_multi_step";
inline constexpr std::string_view kAdventuristEnPassantVictim = "existentialist.adventurist.captured_en_passant";
inline constexpr std::string_view kAdventuristEnPassant = "existentialist.adventurist.captures_en_passant";
inline constexpr std::string_view kAdventuristOmegaEnPassant = "existentialist.adventurist.omegachess_en_passant";
inline constexpr std::string_view kAdventuristPromotes = "existentialist.adventurist.promotes";

// Shield.
inline constexpr std::string_view kShieldFormedInPlace = "existentialist.shield.formed_in_place";
inline constexpr std::string_view kShieldStraight = "existentialist.shield.straight_not_diagonal";
inline constexpr std::string_view kShieldThreeSquare = "existentialist.shield.three_square";
inline constexpr std::string_view kShieldMoves = "existentialist.shield.moves";
inline constexpr std::string_view kShieldThreeSquareMoves = "existentialist.shield.three_square_moves";
inline constexpr std::string_view kShieldIntoEmpty = "existentialist.shield.moves_into_empty_squares";
inline constexpr std::string_view kShieldSlides = "existentialist.shield.moves_through_empty_squares";
inline constexpr std::string_view kShieldRankLimit = "existentialist.shield.own_fifth_rank_limit";
inline constexpr std::string_view kShieldBlocksArrows = "existentialist.shield.blocks_arrows";
inline constexpr std::string_view kShieldLeapersJump = "existentialist.shield.leapers_jump_it";
inline constexpr std::string_view kShieldNotJumped = "existentialist.shield.not_jumped_by_others";
inline constexpr std::string_view kShieldUncapturable = "existentialist.shield.uncapturable";
inline constexpr std::string_view kShieldNoCapture = "existentialist.shield.never_captures";
inline constexpr std::string_view kShieldNoSpell = "existentialist.shield.no_dazzle_or_hyena_effect";
inline constexpr std::string_view kShieldBlast = "existentialist.shield.blast_destroys";
inline constexpr std::string_view kShieldEnPassant = "existentialist.shield.blocks_en_passant";
inline constexpr std::string_view kShieldPinned = "existentialist.shield.can_be_pinned";

// Yanzee.
inline constexpr std::string_view kYanzeeMoves = "existentialist.yanzee.moves";
inline constexpr std::string_view kYanzeeNoCapture = "existentialist.yanzee.never_captures";
inline constexpr std::string_view kYanzeeUncapturable = "existentialist.yanzee.uncapturable";
inline constexpr std::string_view kYanzeeKillable = "existentialist.yanzee.arrow_or_blast_kills";
inline constexpr std::string_view kYanzeeSpells = "existentialist.yanzee.spells_apply";
inline constexpr std::string_view kYanzeePromotion = "existentialist.yanzee.promotion";

// Schizzies.
inline constexpr std::string_view kLeftSchizzy = "existentialist.schizzy.left";
inline constexpr std::string_view kRightSchizzy = "existentialist.schizzy.right";
inline constexpr std::string_view kSchizzyStartFile = "existentialist.schizzy.start_file_decides";
inline constexpr std::string_view kSchizzyFarQueenOnly = "existentialist.schizzy.queen_only_on_far_side";

// The existentialist: its cycle of moves, hibernation and explosion.
inline constexpr std::string_view kCycleOrder = "existentialist.cycle.ten_moves_in_order";
inline constexpr std::string_view kStage1 = "existentialist.cycle.stage1_any_empty_square";
inline constexpr std::string_view kStage2 = "existentialist.cycle.stage2_one_square";
inline constexpr std::string_view kStagesCapture = "existentialist.cycle.stages3_to_10_capture";
inline constexpr std::string_view kStage3 = "existentialist.cycle.stage3_backwards";
inline constexpr std::string_view kStage3FirstRank = "existentialist.cycle.stage3_first_rank_sideways";
inline constexpr std::string_view kStage4 = "existentialist.cycle.stage4_lateral_rook";
inline constexpr std::string_view kStage5 = "existentialist.cycle.stage5_two_knight_moves";
inline constexpr std::string_view kStage5NoKing = "existentialist.cycle.stage5_not_the_king";
inline constexpr std::string_view kStage5KingArcher = "existentialist.cycle.stage5_king_archer";
inline constexpr std::string_view kStage6 = "existentialist.cycle.stage6_wizard";
inline constexpr std::string_view kStage7 = "existentialist.cycle.stage7_knight_or_wizard";
inline constexpr std::string_view kStage8 = "existentialist.cycle.stage8_queen";
inline constexpr std::string_view kStage9 = "existentialist.cycle.stage9_amazon";
inline constexpr std::string_view kStage10 = "existentialist.cycle.stage10_amazon_or_wizard";
inline constexpr std::string_view kThreatNextStage = "existentialist.cycle.threat_by_next_stage";
inline constexpr std::string_view kExistentialistSpells = "existentialist.cycle.spells_apply";
inline constexpr std::string_view kHibernation = "existentialist.hibernation.after_tenth_move";
inline constexpr std::string_view kHibernationImpervious = "existentialist.hibernation.impervious";
inline constexpr std::string_view kWakeRestarts = "existentialist.hibernation.wakes_and_restarts";
inline constexpr std::string_view kWakeVulnerable = "existentialist.hibernation.vulnerable_on_waking";
inline constexpr std::string_view kExplosion = "existentialist.explosion.after_twentieth_move";

// Teleporter.
inline constexpr std::string_view kTeleport = "existentialist.teleporter.teleports";
inline constexpr std::string_view kTeleporterCaptures = "existentialist.teleporter.captures_one_square";
inline constexpr std::string_view kTeleporterDazzled = "existentialist.teleporter.dazzled_may_teleport";
inline constexpr std::string_view kTeleporterFrozen = "existentialist.teleporter.frozen_cannot_teleport";
}  // namespace clause

namespace reading {
inline constexpr std::string_view kCastleSquares = "existentialist.castle_squares";
inline constexpr std::string_view kPromotionOptional = "existentialist.promotion_optional";
inline constexpr std::string_view kTripleStepEnPassant = "existentialist.triple_step_en_passant";
inline constexpr std::string_view kAdventuristEnPassantHow = "existentialist.adventurist_en_passant";
inline constexpr std::string_view kEnPassantShield = "existentialist.en_passant_shield";
inline constexpr std::string_view kAdventuristFirstRank = "existentialist.adventurist_long_move_from_first_rank";
inline constexpr std::string_view kShieldAsScreen = "existentialist.shield_as_screen";
inline constexpr std::string_view kHyenaStopsArcherCheck = "existentialist.hyena_stops_archer_check";
inline constexpr std::string_view kInvulnerableKing = "existentialist.invulnerable_king";
inline constexpr std::string_view kImpotentArcher = "existentialist.impotent_archer";
inline constexpr std::string_view kSharedSquareCapture = "existentialist.shared_square_capture";
inline constexpr std::string_view kKingEntersKingSquare = "existentialist.king_enters_king_square";
inline constexpr std::string_view kConfabulateOnce = "existentialist.confabulate_once";
inline constexpr std::string_view kArcherJoinsShield = "existentialist.archer_joins_shield";
inline constexpr std::string_view kBobberArrowTurn = "existentialist.bobber_arrow_turn";
inline constexpr std::string_view kHibernatingJumped = "existentialist.hibernating_jumped";
inline constexpr std::string_view kWildcatRoute = "existentialist.wildcat_moves";
inline constexpr std::string_view kStage5Check = "existentialist.stage5_check";
inline constexpr std::string_view kStage5Return = "existentialist.stage5_return";
inline constexpr std::string_view kOwnKingInBlast = "existentialist.own_king_in_blast";
inline constexpr std::string_view kBlastCheck = "existentialist.blast_check";
inline constexpr std::string_view kBlastPastImmune = "existentialist.blast_past_immune";
inline constexpr std::string_view kBlastShield = "existentialist.blast_shield";
inline constexpr std::string_view kAfterExplosion = "existentialist.after_explosion";
inline constexpr std::string_view kThreeShieldShape = "existentialist.three_shield_shape";
inline constexpr std::string_view kBentShieldMoves = "existentialist.bent_shield_moves";
inline constexpr std::string_view kPromotedAdventuristZednick = "existentialist.promoted_adventurist_zednick";
}  // namespace reading

const ClauseTable& clauses();     // clauses.cpp
const ReadingTable& readings();   // readings.cpp
const TextMap& text_map();        // text_map.cpp

// The rule text: the whole of existentialist-chess.txt (its page banner and
// credits are mapped as "not a rule").
inline constexpr Variant::TextSection kTextSection{"existentialist-chess.txt", "", ""};
inline constexpr std::string_view kVariantId = "existentialist";
inline constexpr std::string_view kVariantName = "Existentialist Chess";

}  // namespace arbiter::existentialist
