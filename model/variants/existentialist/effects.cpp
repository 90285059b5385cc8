// The effect of a move in Existentialist Chess: captures, arrows,
// confabulation, shields, castling, en passant, promotion, the dazzler's
// spells, the existentialist's cycle, hibernation and explosion, and the side
// state. One commented block per rule sentence, citing its clause id.
#include <algorithm>
#include <cstdlib>

#include "model/core/fixed_vector.h"
#include "model/variants/existentialist/rules_internal.h"

namespace arbiter::existentialist {

using namespace detail;

namespace {

constexpr int kBobberCap = 8;  // range nine: a queen from then on

// Pieces of one square, held in place: a copy of the square's list taken
// before the pieces are moved or removed.
using StackIds = FixedVector<PieceId, kMaxStack>;
// The pieces of a shield's squares, one on each (at most three: ShieldSquares).
using ShieldParts = FixedVector<PieceId, 3>;

StackIds ids_on(const Position& pos, Square s) {
  StackIds out;
  for (PieceId id : pos.at(s)) out.push_back(id);
  return out;
}

struct Effects {
  Position& pos;
  const Rules& rules;
  Played played;
  bool killed = false;

  void event(EventType type, PieceId id, Square from, Square to, std::string_view clause,
             std::string detail = "") {
    if (!rules.trace) return;
    const Piece& p = pos.piece(id);
    rules.trace->event({type, id, from, to, p.kind, p.color, clause, std::move(detail)});
  }

  void remove(PieceId id, std::string_view clause, EventType type = EventType::Remove) {
    const Piece p = pos.piece(id);
    event(type, id, p.square, kNoSquare, clause);
    if (p.kind == kKing) played.king_killed[static_cast<int>(p.color)] = true;
    pos.remove(id);
    killed = true;
  }

  // An arrow or the blast reaches square s.
  void kill_square(Square s, bool arrow) {
    StackIds ids = ids_on(pos, s);
    std::string_view how = arrow ? clause::kArcherArrowKills : clause::kExplosion;
    PieceId king = kNoPiece, archer = kNoPiece;
    for (PieceId id : ids) {
      if (pos.piece(id).kind == kKing) king = id;
      if (pos.piece(id).kind == kArcher) archer = id;
    }
    if (king != kNoPiece && archer != kNoPiece && ids.size() == 2 &&
        pos.piece(archer).color == pos.piece(king).color) {
      // existentialist.king_archer.arrow_kills_archer_first / blast_kills_archer_only
      remove(archer, arrow ? clause::kKingArcherArrow : clause::kKingArcherBlast);
      return;
    }
    if (ids.size() == 1 && pos.piece(ids[0]).kind == kHyena &&
        pos.piece(ids[0]).has(kFlagInvulnerable)) {
      // existentialist.hyena.protected_becomes_wildcat
      pos.set_kind(ids[0], kWildcat);
      pos.set_flags(ids[0], pos.piece(ids[0]).flags & ~kFlagInvulnerable);
      event(EventType::Promote, ids[0], s, s, clause::kHyenaBecomesWildcat);
      rules.fire(clause::kWildcatOrdinary);
      return;
    }
    if (ids.size() == 1) {
      Kind k = static_cast<Kind>(pos.piece(ids[0]).kind);
      if (k == kHyena) rules.fire(clause::kHyenaKillable);
      if (k == kYanzee) rules.fire(clause::kYanzeeKillable);
      if (pos.piece(ids[0]).has(kFlagInvulnerable)) rules.fire(clause::kInvulnerableLimits);
    } else if (arrow) {
      rules.fire(clause::kConfabArrowKillsBoth);
    }
    // A confabulated piece is one piece ("the confabulated King/Archer
    // piece", "the archer/zednick piece"), and the blast kills "the first
    // piece" whole: the text's one exception is the king/archer, of which it
    // "kills only the archer" (existentialist.king_archer.blast_kills_archer_only,
    // above), as an arrow kills both pieces of any other confabulated piece
    // (existentialist.confab.arrow_kills_both).
    for (PieceId id : ids) remove(id, how, EventType::Capture);
  }

  // A capture by moving onto s: everything there dies, except that a king
  // with its archer loses only the archer and keeps the square
  // (existentialist.king_archer.intruder_kills_archer).
  void capture_on(Square s) {
    StackIds ids = ids_on(pos, s);
    for (PieceId id : ids)
      if (pos.piece(id).kind == kKing) {
        for (PieceId other : ids)
          if (other != id) remove(other, clause::kKingArcherIntruder, EventType::Capture);
        rules.fire(clause::kKingArcherSharedSquare);
        return;
      }
    for (PieceId id : ids) remove(id, {}, EventType::Capture);
    if (ids.size() > 1) rules.fire(clause::kConfabPermanent);
  }

  void move_unit(const StackIds& ids, Square to) {
    for (PieceId id : ids) pos.move(id, to);
  }

  // A shield's square the blast destroys (existentialist.shield.blast_destroys),
  // with the archer that joined the shield there, if any.
  void remove_shield_square(Square s) {
    for (PieceId id : ids_on(pos, s))
      remove(id, pos.piece(id).kind == kShield ? clause::kShieldBlast : clause::kExplosion,
             pos.piece(id).kind == kShield ? EventType::Remove : EventType::Capture);
  }

  // existentialist.explosion.after_twentieth_move: the first piece in each
  // direction dies.
  void explode(PieceId x) {
    const BoardShape& shape = pos.shape();
    Square at = pos.piece(x).square;
    Color us = pos.piece(x).color;
    rules.fire(clause::kExplosion);
    static const int kDirs[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                    {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (auto [df, dr] : kDirs) {
      Square s = shape.offset(at, df, dr);
      while (s != kNoSquare) {
        if (pos.empty(s)) {
          s = shape.offset(s, df, dr);
          continue;
        }
        if (hibernating_at(pos, s)) {
          // existentialist.hibernation.impervious; existentialist.blast_past_immune
          rules.fire(clause::kHibernationImpervious);
          if (rules.alt(reading::kBlastPastImmune) == "passes") {
            s = shape.offset(s, df, dr);
            continue;
          }
          break;
        }
        // existentialist.explosion.after_twentieth_move: "the first piece of
        // either color in each direction".
        if (shield_at(pos, s)) {
          // existentialist.shield.blast_destroys; existentialist.blast_shield
          ShieldSquares ring = shield_squares(pos, s);
          ShieldSquares rest;
          for (Square r : ring)
            if (r != s) rest.push_back(r);
          // The square goes with all it holds: an archer that joined the
          // shield there (existentialist.archer_joins_shield) dies with it.
          remove_shield_square(s);
          if (rules.alt(reading::kBlastShield) == "whole_shield") {
            for (Square r : rest) remove_shield_square(r);
          } else {
            // one_square: the rest stays where it stands, still the one
            // shield, its squares linked in a ring again (one square links
            // to itself), whatever its shape now.
            for (std::size_t i = 0; i < rest.size(); ++i)
              pos.set_partner(shield_part(pos, rest[i]), rest[(i + 1) % rest.size()]);
          }
          break;
        }
        kill_square(s, false);
        break;
      }
    }
    // existentialist.after_explosion
    if (rules.alt(reading::kAfterExplosion) == "destroyed") {
      remove(x, clause::kExplosion);
    } else {
      pos.set_counter(x, 0);
    }
  }
};

StackIds unit_ids(const Position& pos, Square s, Color c) {
  StackIds out;
  for (PieceId id : pos.at(s))
    if (pos.piece(id).color == c) out.push_back(id);
  return out;
}

}  // namespace

Played play(Position& pos, const Move& m, const Rules& rules) {
  Effects fx{pos, rules, {}};
  const BoardShape& shape = pos.shape();
  Color us = pos.side_to_move, them = opposite(us);
  // A pass (a move the readings in force reject) changes only the side state.
  bool pass = m.is(kMovePass);
  Unit u = pass ? Unit{} : unit_at(pos, m.from, us);
  const Piece host = pass ? Piece{} : pos.piece(u.host);
  Kind kind = pass ? kKindCount : static_cast<Kind>(host.kind);
  StackIds ids = pass ? StackIds{} : unit_ids(pos, m.from, us);
  bool pawn_move = kind == kPawn || kind == kAdventurist;
  Square new_ep = kNoSquare, new_ep2 = kNoSquare;
  bool shot = m.promotion == kArcher;
  bool dizzy = false;
  PieceId moved_x = kNoPiece;
  auto fire = [&](std::string_view c) { rules.fire(c); };

  bool intruder_taken = false;
  if (!pass && shot && m.from != m.to && pos.count(m.to) > 1) {
    bool ours = false, theirs = false;
    for (PieceId id : pos.at(m.to)) {
      ours = ours || (pos.piece(id).color == us && pos.piece(id).kind == kKing);
      theirs = theirs || pos.piece(id).color == them;
    }
    intruder_taken = ours && theirs;
  }
  if (pass) {
    // Nothing moves.
  } else if (intruder_taken) {
    // existentialist.shared_square_capture=friendly_arrow: a friendly
    // archer's arrow kills the intruder on the king's square; the archer
    // does not move (existentialist.archer.does_not_move_to_fire) and the
    // king keeps its square.
    fire(clause::kArcherMoveOrFire);
    fire(clause::kArcherStays);
    fire(clause::kArcherStraightLines);
    fire(clause::kArcherThreeTurns);
    // An arrow at an entering king/archer kills only its archer
    // (existentialist.king_archer.arrow_kills_archer_first).
    bool king_archer = false;
    for (PieceId id : pos.at(m.to))
      king_archer = king_archer || (pos.piece(id).color == them && pos.piece(id).kind == kKing);
    for (PieceId id : ids_on(pos, m.to))
      if (pos.piece(id).color == them && (!king_archer || pos.piece(id).kind == kArcher))
        fx.remove(id, king_archer ? clause::kKingArcherArrow : clause::kKingArcherAnswer,
                  EventType::Capture);
    pos.set_counter(u.archer, static_cast<std::int16_t>(pos.piece(u.archer).counter + 1));
  } else if (shot) {
    // existentialist.archer.move_or_fire: the piece stays, the first piece
    // in the line dies (existentialist.archer.does_not_move_to_fire).
    fire(clause::kArcherMoveOrFire);
    fire(clause::kArcherStays);
    fire(clause::kArcherFirstInLine);
    fire(clause::kArcherStraightLines);
    if (host.has(kFlagDazzled) || frozen(pos, host)) fire(clause::kArcherFiresDazzled);
    if (kind == kKing) fire(clause::kKingArcherFiresInCheck);
    fx.kill_square(m.to, true);
    const Piece& a = pos.piece(u.archer);
    pos.set_counter(u.archer, static_cast<std::int16_t>(a.counter + 1));
    fire(clause::kArcherThreeTurns);
    if (kind == kBobber) {
      // existentialist.bobber_arrow_turn
      if (rules.alt(reading::kBobberArrowTurn) == "counts")
        pos.set_counter(u.host,
                        static_cast<std::int16_t>(std::min<int>(host.counter + 1, kBobberCap)));
    }
  } else if (kind == kShield) {
    // existentialist.shield.moves: the whole shield shifts.
    int df = shape.file_of(m.to) - shape.file_of(m.from),
        dr = shape.rank_of(m.to) - shape.rank_of(m.from);
    ShieldSquares ring = shield_squares(pos, m.from);
    ShieldParts parts;
    PieceId archer = kNoPiece;  // one that joined the shield (existentialist.archer_joins_shield)
    for (Square s : ring) {
      parts.push_back(shield_part(pos, s));
      for (PieceId id : pos.at(s))
        if (pos.piece(id).kind == kArcher) archer = id;
    }
    for (PieceId id : parts) {
      Square from = pos.piece(id).square;
      pos.move(id, shape.offset(from, df, dr));
      pos.set_partner(id, shape.offset(pos.piece(id).partner_square, df, dr));
      fx.event(EventType::Move, id, from, pos.piece(id).square, clause::kShieldMoves);
    }
    if (archer != kNoPiece) {
      // The archer keeps its square of the shield, which moves with the rest
      // (existentialist.confab.permanent); it moves after the shield's
      // pieces, so each square lists the shield's piece first.
      Square from = pos.piece(archer).square;
      pos.move(archer, shape.offset(from, df, dr));
      fx.event(EventType::Move, archer, from, pos.piece(archer).square, clause::kConfabPermanent);
      fire(clause::kConfabPermanent);
    }
    fire(ring.size() == 3 ? clause::kShieldThreeSquareMoves : clause::kShieldMoves);
    fire(clause::kShieldIntoEmpty);
  } else if (kind == kZednick && ids.size() == 1 && !pos.empty(m.to) &&
             pos.piece(pos.occupant(m.to)).kind == kTeleporter && pos.count(m.to) == 1 &&
             pos.piece(pos.occupant(m.to)).color == us) {
    // existentialist.zednick.teleporter_makes_shield: formed on the squares
    // the zednick and teleporter stood on (existentialist.shield.formed_in_place).
    int df = shape.file_of(m.to) - shape.file_of(m.from),
        dr = shape.rank_of(m.to) - shape.rank_of(m.from);
    ShieldSquares squares{m.from, m.to};
    if (m.promotion == kShield) {
      fire(clause::kShieldThreeSquare);
      auto lone_teleporter = [&](Square s) {
        return s != kNoSquare && pos.count(s) == 1 &&
               pos.piece(pos.occupant(s)).kind == kTeleporter &&
               pos.piece(pos.occupant(s)).color == us;
      };
      for (Square third : third_teleporter_squares(shape, m.from, m.to))
        if (squares.size() == 2 && lone_teleporter(third)) squares.push_back(third);
      if (squares[2] != shape.offset(m.from, -df, -dr) && squares[2] != shape.offset(m.to, df, dr))
        rules.alt(reading::kThreeShieldShape);
    }
    // The zednick and the teleporters become the shield's squares, each
    // linked to the next.
    ShieldParts parts;
    for (Square s : squares) parts.push_back(pos.occupant(s));
    for (std::size_t i = 0; i < parts.size(); ++i) {
      pos.set_kind(parts[i], kShield);
      pos.set_flags(parts[i], 0);
      pos.set_counter(parts[i], 0);
      pos.set_partner(parts[i], squares[(i + 1) % parts.size()]);
      fx.event(EventType::Promote, parts[i], squares[i], squares[i], clause::kShieldFormedInPlace);
    }
    fire(clause::kZednickTeleporter);
    fire(clause::kShieldStraight);
    fire(clause::kConfabEndsTurn);
  } else if (!pos.empty(m.to) && m.from != m.to && unit_at(pos, m.to, us).host != kNoPiece &&
             pos.piece(pos.occupant(m.to)).color == us) {
    // Confabulation: the archer or zednick enters its partner's square
    // (existentialist.confab.archer_or_zednick_enters) and the turn ends
    // (existentialist.confab.completes_turn).
    Unit partner = unit_at(pos, m.to, us);
    Kind pk = static_cast<Kind>(pos.piece(partner.host).kind);
    fire(clause::kConfabMoverEnters);
    fire(clause::kConfabEndsTurn);
    if (kind == kArcher) {
      fire(pk == kZednick ? clause::kConfabEitherEnters : clause::kArcherConfabulates);
      if (pk == kKing) fire(clause::kKingArcher);
      if (pk == kQueen || pk == kRook || pk == kBishop || pk == kKnight)
        fire(clause::kArcherPromotedPartner);
      if (pk == kZednick) fire(clause::kZednickArcher);
    } else {
      fire(clause::kZednickPartners);
      if (pk == kPawn) {
        // existentialist.zednick.pawn_becomes_adventurist
        pos.set_kind(partner.host, kAdventurist);
        fx.event(EventType::Promote, partner.host, m.to, m.to, clause::kZednickPawn);
      } else if (pk == kBobber) {
        // existentialist.zednick.bobber_plus_three
        pos.set_counter(partner.host, static_cast<std::int16_t>(std::min<int>(
                                          pos.piece(partner.host).counter + 3, kBobberCap)));
        fire(clause::kZednickBobber);
      } else if (pk == kArcher) {
        fire(clause::kZednickArcher);
      }
    }
    fx.move_unit(ids, m.to);
    fx.event(EventType::Move, u.host, m.from, m.to, clause::kConfabMoverEnters, "confabulate");
  } else if (u.shared_king && m.from == m.to) {
    // existentialist.king_archer.king_must_answer: the king takes the intruder.
    // An entering king/archer (existentialist.king_enters_king_square): under
    // enters_then_king_taken the whole piece is removed and its king dies;
    // otherwise only its archer dies, as at every blow at a king/archer, and
    // the two kings share the square (which the judge of legality forbids).
    bool whole = true;
    for (PieceId id : pos.at(m.from))
      if (pos.piece(id).color == them && pos.piece(id).kind == kKing)
        whole = rules.alt(reading::kKingEntersKingSquare) == "enters_then_king_taken";
    for (PieceId id : ids_on(pos, m.from))
      if (pos.piece(id).color == them && (whole || pos.piece(id).kind == kArcher))
        fx.remove(id, clause::kKingArcherAnswer, EventType::Capture);
  } else if (m.is(kMoveCastle)) {
    // existentialist.castle.with_squire
    int rank = shape.rank_of(m.from);
    bool kingside = shape.file_of(m.to) > 5;
    if (!kingside) rules.alt(reading::kCastleSquares);
    int squire_from = kingside ? 8 : 1;
    int squire_to = kingside ? 6 : shape.file_of(m.to) + 1;
    StackIds squire = unit_ids(pos, shape.square(squire_from, rank), us);
    fx.move_unit(ids, m.to);
    fx.move_unit(squire, shape.square(squire_to, rank));
    fx.event(EventType::Castle, squire[0], shape.square(squire_from, rank),
             shape.square(squire_to, rank), clause::kCastleWithSquire);
    fire(clause::kCastleProhibitions);
    if (u.archer != kNoPiece) fire(clause::kKingArcherCastles);
  } else {
    // A move or a capture by moving.
    if (m.is(kMoveEnPassant)) {
      Square victim = shape.offset(pos.en_passant, 0, us == Color::White ? -1 : 1);
      StackIds v = ids_on(pos, victim);
      for (PieceId id : v)
        fx.remove(id, kind == kAdventurist ? clause::kAdventuristEnPassant : clause::kPawnEnPassant,
                  EventType::EnPassant);
      if (pos.piece(v[0]).kind == kAdventurist) fire(clause::kAdventuristEnPassantVictim);
    }
    bool teleport = kind == kTeleporter && pos.empty(m.to);
    if (u.shared_king) fire(clause::kKingArcherAnswer);
    if (!pos.empty(m.to) && m.to != m.from) fx.capture_on(m.to);
    // The dazzler's jumps: every piece between its squares on a line. In
    // place: the squares strictly between two squares of a board are fewer
    // than its longest side.
    FixedVector<Square, std::max(kMaxFiles, kMaxRanks)> jumped;
    if (kind == kDazzler) {
      int df = shape.file_of(m.to) - shape.file_of(m.from),
          dr = shape.rank_of(m.to) - shape.rank_of(m.from);
      int n = std::max(std::abs(df), std::abs(dr));
      fire(clause::kDazzlerMoves);
      if (n > 1) {
        int sf = df / n, sr = dr / n;
        for (int i = 1; i < n; ++i) {
          Square s = shape.offset(m.from, sf * i, sr * i);
          if (!pos.empty(s)) jumped.push_back(s);
        }
        if (!jumped.empty() && n > 2) {
          // existentialist.dazzler.cannon_capture, along a rank or file
          // (existentialist.dazzler.cannon_not_diagonal).
          fire(clause::kDazzlerCannon);
          fire(clause::kDazzlerCannonOrthogonal);
        }
        if (!jumped.empty() && n == 2) fire(clause::kDazzlerJumps);
        if (jumped.size() > 1 || (!jumped.empty() && shield_at(pos, jumped[0]) &&
                                  shield_squares(pos, jumped[0]).size() > 1 && n > 2))
          if (shield_at(pos, jumped[0])) rules.alt(reading::kShieldAsScreen);
      }
    }
    fx.move_unit(ids, m.to);
    fx.event(EventType::Move, u.host, m.from, m.to, {}, teleport ? "teleport" : "");
    for (Square s : jumped) {
      if (shield_at(pos, s)) {
        // existentialist.dazzler.shield_jump_no_spell, friendly_shield_screen
        fire(clause::kDazzlerShieldNoSpell);
        fire(clause::kDazzlerFriendlyShield);
        continue;
      }
      for (PieceId id : pos.at(s)) {
        const Piece& p = pos.piece(id);
        if (p.color == us) {
          pos.set_flags(id, (p.flags & ~kFlagDazzled) | kFlagInvulnerable);
          fire(clause::kDazzlerFriendInvulnerable);
          if (p.kind == kHyena) fire(clause::kHyenaFriendJumpNoEffect);
        } else {
          pos.set_flags(id, (p.flags & ~kFlagInvulnerable) | kFlagDazzled);
          fire(clause::kDazzlerEnemyDazzled);
          if (p.kind == kDazzler) fire(clause::kDazzlerDazzlesDazzler);
          if (p.kind == kHyena) fire(clause::kHyenaDazzlePrecedence);
        }
      }
    }
    switch (kind) {
      case kPawn:
        fire(clause::kPawnMoves);
        if (m.is(kMoveDoubleStep)) {
          fire(clause::kPawnDoubleStep);
          new_ep = shape.offset(m.from, 0, us == Color::White ? 1 : -1);
        }
        break;
      case kAdventurist: {
        fire(clause::kAdventuristMoves);
        int steps = std::abs(shape.rank_of(m.to) - shape.rank_of(m.from));
        int fw = us == Color::White ? 1 : -1;
        bool multi = m.is(kMoveDoubleStep);
        if (multi) {
          fire(clause::kAdventuristMultiStep);
          fire(clause::kAdventuristEnPassantVictim);
          new_ep = shape.offset(m.to, 0, -fw);
          if (steps == 3) new_ep2 = shape.offset(m.from, 0, fw);
        }
        if (own_rank(shape, us, m.to) == 0) fire(clause::kAdventuristBackRank);
        // existentialist.adventurist.two_or_three_forwards: the long move is
        // lost once made or once the adventurist stands on its fourth rank or
        // beyond; a king step within its first three ranks keeps it.
        bool lose = multi || own_rank(shape, us, m.to) > 2;
        if (lose) pos.set_flags(u.host, pos.piece(u.host).flags | kFlagMoved);
        if (pos.piece(u.host).has(kFlagMoved)) fire(clause::kAdventuristKingAfter);
        break;
      }
      case kBobber:
        // existentialist.bobber.range_grows
        fire(bobber_range(host) >= 9 ? clause::kBobberQueen : clause::kBobberGrows);
        pos.set_counter(u.host,
                        static_cast<std::int16_t>(std::min<int>(host.counter + 1, kBobberCap)));
        break;
      case kTeleporter:
        if (teleport) {
          fire(clause::kTeleport);
          // existentialist.archer.no_shot_after_teleport: the archer's next
          // turn is its rest.
          if (u.archer != kNoPiece) dizzy = true;
        } else {
          fire(clause::kTeleporterCaptures);
        }
        break;
      case kExistentialist: {
        int stage = next_stage(host);
        static constexpr std::string_view kStages[] = {
            clause::kStage1, clause::kStage2, clause::kStage3, clause::kStage4, clause::kStage5,
            clause::kStage6, clause::kStage7, clause::kStage8, clause::kStage9, clause::kStage10};
        fire(clause::kCycleOrder);
        fire(kStages[stage - 1]);
        if (stage == 3 && own_rank(shape, us, m.from) == 0) fire(clause::kStage3FirstRank);
        if (stage == 5 && m.from == m.to) rules.alt(reading::kStage5Return);
        moved_x = u.host;
        break;
      }
      case kKing:
        fire(clause::kKingMoves);
        break;
      case kSquire:
        fire(clause::kSquireMoves);
        break;
      case kViceroy:
        fire(clause::kViceroyMoves);
        break;
      case kCrownedKnight:
        fire(clause::kCrownedKnightMoves);
        break;
      case kHyena:
        fire(clause::kHyenaMoves);
        if (host.has(kFlagDazzled)) fire(clause::kHyenaSpellFollows);
        break;
      case kYanzee:
        fire(clause::kYanzeeMoves);
        break;
      case kWildcat:
        fire(clause::kWildcatMoves);
        break;
      case kLeftSchizzy:
      case kRightSchizzy:
        fire(kind == kLeftSchizzy ? clause::kLeftSchizzy : clause::kRightSchizzy);
        fire(clause::kSchizzyStartFile);
        break;
      case kArcher:
        fire(u.archer_zednick ? clause::kArcherZednickPiece : clause::kArcherUnconfabulated);
        break;
      case kZednick:
        fire(clause::kZednickUnconfabulated);
        break;
      default:
        break;
    }
    // Promotion: existentialist.pawn.promotion, yanzee.promotion, adventurist.promotes.
    if (m.promotion != kNoKind && m.promotion != kShield) {
      pos.set_kind(u.host, m.promotion);
      pos.set_flags(u.host, pos.piece(u.host).flags & ~kFlagMoved);
      fx.event(EventType::Promote, u.host, m.to, m.to,
               kind == kYanzee        ? clause::kYanzeePromotion
               : kind == kAdventurist ? clause::kAdventuristPromotes
                                      : clause::kPawnPromotion);
      // existentialist.promoted_adventurist_zednick: the zednick that made
      // the pawn an adventurist leaves with it, or stays with the new piece.
      if (u.zednick != kNoPiece && rules.alt(reading::kPromotedAdventuristZednick) == "leaves")
        fx.remove(u.zednick, clause::kAdventuristPromotes);
      if (u.archer != kNoPiece && kind == kAdventurist) {
        // The archer stays with the promoted piece (existentialist.archer.promoted_piece_partner).
        fire(clause::kArcherPromotedPartner);
      }
    } else if (m.promotion == kNoKind && (kind == kPawn || kind == kYanzee) &&
               own_rank(shape, us, m.to) == 9) {
      rules.alt(reading::kPromotionOptional);
    }
  }

  // existentialist.archer.any_other_move_rests: a turn without a shot is the
  // archer's rest.
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != us || p.kind != kArcher) continue;
    if (shot && p.id == u.archer) continue;
    if (dizzy && p.id == u.archer) {
      pos.set_counter(p.id, 3);
      fire(clause::kArcherTeleportDizzy);
      continue;
    }
    if (p.counter != 0) fire(clause::kArcherRest);
    pos.set_counter(p.id, 0);
  }

  // The existentialist's count; hibernation after its tenth move and the
  // explosion after its twentieth.
  if (moved_x != kNoPiece && pos.piece(moved_x).on_board()) {
    int made = pos.piece(moved_x).counter + 1;
    if (made == 10) {
      pos.set_flags(moved_x, pos.piece(moved_x).flags | kFlagHibernating);
      pos.set_counter(moved_x, 0);
      fire(clause::kHibernation);
      fx.event(EventType::Move, moved_x, pos.piece(moved_x).square, pos.piece(moved_x).square,
               clause::kHibernation, "hibernates");
    } else {
      pos.set_counter(moved_x, static_cast<std::int16_t>(made));
      if (made == 20) fx.explode(moved_x);
    }
  }
  // Every other hibernating existentialist sleeps one ply more, until each
  // side has made ten moves (existentialist.hibernation.after_tenth_move:
  // "Each side must make 10 moves"): twenty plies, waking with the opponent
  // to move.
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.kind != kExistentialist || !p.has(kFlagHibernating) || p.id == moved_x)
      continue;
    int plies = p.counter + 1;
    if (plies >= 20) {
      pos.set_flags(p.id, p.flags & ~kFlagHibernating);
      pos.set_counter(p.id, 10);
      fire(clause::kWakeRestarts);
      fire(clause::kWakeVulnerable);
    } else {
      pos.set_counter(p.id, static_cast<std::int16_t>(plies));
    }
  }

  // The spells of the last move end: the mover's pieces were dazzled for
  // this turn, the opponent's invulnerable against it.
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    if (p.color == us && p.has(kFlagDazzled)) pos.set_flags(p.id, p.flags & ~kFlagDazzled);
    if (p.color == them && p.has(kFlagInvulnerable))
      pos.set_flags(p.id, p.flags & ~kFlagInvulnerable);
  }

  // Castling rights: lost once the king or that squire has left its square.
  for (CastlingRight right : kCastlingRights)
    if ((pos.castling & right) && !castling_pieces_home(pos, right)) pos.castling &= static_cast<std::uint8_t>(~right);

  pos.en_passant = new_ep;
  pos.vars.erase(std::string(kSecondPassedKey));
  if (new_ep2 != kNoSquare) pos.vars[std::string(kSecondPassedKey)] = square_name(shape, new_ep2);
  pos.halfmove_clock = (fx.killed || pawn_move) ? 0 : pos.halfmove_clock + 1;
  if (us == Color::Black) ++pos.fullmove_number;
  pos.side_to_move = them;
  return fx.played;
}

}  // namespace arbiter::existentialist
