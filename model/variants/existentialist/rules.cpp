// The rules code of Existentialist Chess: check, legality and the legal
// moves of the side to move. Each piece's moves are in piece_moves.cpp, the
// effect of a move (play) in effects.cpp.
#include "model/variants/existentialist/rules.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>

#include "model/core/fen.h"
#include "model/variants/existentialist/movegen.h"
#include "model/variants/existentialist/rules_internal.h"

namespace arbiter::existentialist {

std::string_view Rules::alt(std::string_view point) const {
  const ReadingPoint* p = find_reading(existentialist::readings(), point);
  if (!p) return {};
  return trace ? readings->consult(*p, *trace) : readings->in_force(*p);
}

using namespace detail;

bool frozen(const Position& pos, const Piece& piece) {
  // existentialist.hyena.dazzler_immune; existentialist.shield.no_dazzle_or_hyena_effect;
  // a hibernating existentialist is impervious.
  if (!piece.on_board() || piece.kind == kDazzler || piece.kind == kShield) return false;
  if (piece.kind == kExistentialist && piece.has(kFlagHibernating)) return false;
  // existentialist.hyena.enemy_pieces_only: "Hyenas only immobilize enemy
  // pieces, not friendly pieces", also two hyenas trapping each other (FAQ 5).
  const BoardShape& shape = pos.shape();
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      if (df == 0 && dr == 0) continue;
      Square s = shape.offset(piece.square, df, dr);
      if (s == kNoSquare) continue;
      for (PieceId id : pos.at(s)) {
        const Piece& h = pos.piece(id);
        if (h.kind == kHyena && h.color != piece.color) return true;  // existentialist.hyena.freezes_adjacent_enemies
      }
    }
  return false;
}

namespace {

// Blast reach for existentialist.blast_check=check: an enemy existentialist
// whose next move is its twentieth, blasting from any square it may reach.
bool blast_reaches(const Position& pos, Square target, Color c, const Rules& rules) {
  const BoardShape& shape = pos.shape();
  for (const Piece& x : pos.pieces()) {
    if (!x.on_board() || x.kind != kExistentialist || x.color == c || x.counter != 19 ||
        x.has(kFlagHibernating))
      continue;
    if (rules.alt(reading::kBlastCheck) != "check") return false;
    MoveList moves;
    Gen g{pos, rules, x.color, kNoSquare, moves, false};
    unit_moves(g, x.square);
    for (const Move& m : moves) {
      for (auto [df, dr] : std::initializer_list<std::pair<int, int>>{
               {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}) {
        Square s = shape.offset(m.to, df, dr);
        while (s != kNoSquare && (pos.empty(s) || s == x.square)) s = shape.offset(s, df, dr);
        if (s == target) return true;
      }
    }
  }
  return false;
}

}  // namespace

namespace {

// How far (in king steps) a piece's own captures reach as the host of a unit (an archer
// or zednick host: archer_zednick tells whether they are one piece).
int own_reach(const Piece& host, bool archer_zednick) {
  int own = 0;
  switch (host.kind) {
    case kHyena:
    case kYanzee:
    case kShield:
      own = 0;
      break;
    case kArcher:
    case kZednick:
      own = archer_zednick ? 1 : 0;
      break;
    case kKing:
    case kTeleporter:
    case kAdventurist:
    case kPawn:
      own = 1;
      break;
    case kCrownedKnight:
    case kKnight:
      own = 2;
      break;
    case kWildcat:
      own = 3;
      break;
    case kBobber:
      own = bobber_range(host) >= 9 ? kMaxFiles : bobber_range(host);
      break;
    case kExistentialist: {
      int stage = next_stage(host);
      own = stage == 0 || stage == 1   ? 0
            : stage == 2               ? 1
            : stage == 5               ? 4
            : stage == 6 || stage == 7 ? 3
                                       : kMaxFiles;
      if (host.counter == 19) own = kMaxFiles;  // the blast (existentialist.blast_check)
      break;
    }
    default:
      own = kMaxFiles;
  }
  return own;
}

// How far a unit's captures and shots can reach at most: a cheap filter
// before generating its moves for an attack test.
// An archer that joined a shield may fire from another of its squares, up to
// two away (existentialist.archer_joins_shield=any_square).
constexpr int kShieldShotExtra = 2;

int reach_bound(const Position& pos, const Unit& u) {
  int shot = u.archer == kNoPiece ? 0 : 3;
  if (u.archer != kNoPiece && pos.piece(u.host).kind == kShield) shot += kShieldShotExtra;
  return std::max(own_reach(pos.piece(u.host), u.archer_zednick), shot);
}

// A bound on reach_bound of any unit a piece is part of: its own reach as
// if it were the host (an archer or zednick as one with its partner), and
// an archer's shot. square_reach_bound: the most of the pieces on s.
int piece_reach(const Piece& p) {
  return p.kind == kArcher ? std::max(own_reach(p, true), 3) : own_reach(p, true);
}

int square_reach_bound(const Position& pos, Square s) {
  int most = 0;
  for (PieceId id : pos.at(s)) most = std::max(most, piece_reach(pos.piece(id)));
  if (pos.count(s) > 1 && has_kind(pos, s, kShield)) most += kShieldShotExtra;
  return most;
}

}  // namespace

bool attacked(const Position& pos, Square target, Color c, const Rules& rules, bool arrows_only) {
  MoveList moves;
  Color them = opposite(c);
  Gen g{pos, rules, them, target, moves, false};
  const BoardShape& shape = pos.shape();
  if (g.aimed()) {
    // Without a trace the order does not matter: any attacker answers. A
    // square is looked at once for each of its pieces whose own reach
    // (square_reach_bound's terms) is enough.
    int tf = shape.file_of(target), tr = shape.rank_of(target);
    for (const Piece& p : pos.pieces()) {
      if (!p.on_board() || p.color != them) continue;
      int distance =
          std::max(std::abs(shape.file_of(p.square) - tf), std::abs(shape.rank_of(p.square) - tr));
      if (distance > (pos.count(p.square) > 1 && has_kind(pos, p.square, kShield)
                          ? piece_reach(p) + kShieldShotExtra
                          : piece_reach(p)))
        continue;
      if (pos.count(p.square) == 1 && misses(g, p.square, p)) continue;  // as unit_moves would
      Unit u = unit_at(pos, p.square, them);
      if (u.host == kNoPiece || distance > reach_bound(pos, u)) continue;
      moves.clear();
      unit_moves(g, p.square);
      for (const Move& m : moves)
        if (m.to == target && (!arrows_only || m.promotion == kArcher)) return true;
    }
    return blast_reaches(pos, target, c, rules);
  }
  // The squares holding a piece of `them`, visited in square order: the
  // first attacker found ends the search, and the units looked at before it
  // decide which reading points the trace records.
  std::array<std::uint64_t, (kMaxSquares + 63) / 64> theirs{};
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == them) theirs[p.square / 64] |= std::uint64_t{1} << (p.square % 64);
  for (std::size_t word = 0; word < theirs.size(); ++word) {
    for (std::uint64_t bits = theirs[word]; bits != 0; bits &= bits - 1) {
      Square s = static_cast<Square>(word * 64 + std::countr_zero(bits));
      int distance = std::max(std::abs(shape.file_of(s) - shape.file_of(target)),
                              std::abs(shape.rank_of(s) - shape.rank_of(target)));
      if (distance > square_reach_bound(pos, s)) continue;
      Unit u = unit_at(pos, s, them);
      if (u.host == kNoPiece || distance > reach_bound(pos, u)) continue;
      moves.clear();
      unit_moves(g, s);
      for (const Move& m : moves) {
        if (m.to != target) continue;
        if (arrows_only && m.promotion != kArcher) continue;
        return true;
      }
    }
  }
  return blast_reaches(pos, target, c, rules);
}

bool in_check(const Position& pos, Color c, const Rules& rules) {
  Square k = kNoSquare;
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.kind == kKing && p.color == c) k = p.square;
  if (k == kNoSquare) return false;
  if (pos.count(k) > 1) {
    for (PieceId id : pos.at(k))
      if (pos.piece(id).color != c) return true;  // existentialist.king_archer.shared_square
  }
  return attacked(pos, k, c, rules);
}

namespace {

Square king_square(const Position& pos, Color c) {
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.kind == kKing && p.color == c) return p.square;
  return kNoSquare;
}

enum class Verdict { Illegal, Legal, IgnoresCheck };

// The piece of kind k and colour c on square s, if there is one.
PieceId piece_of(const Position& pos, Square s, Kind k, Color c) {
  for (PieceId id : pos.at(s))
    if (pos.piece(id).kind == k && pos.piece(id).color == c) return id;
  return kNoPiece;
}

// existentialist.legal.no_self_exposure, with the king/archer's and the
// invulnerable king's exceptions.
Verdict judge(const Position& before, const Move& m, const Rules& rules) {
  Color us = before.side_to_move;
  // The king's capture of an entering king/archer on its own square: what it
  // kills is existentialist.king_enters_king_square (asked here with the
  // trace, as play asks it without).
  if (m.from == m.to && piece_of(before, m.from, kKing, us) != kNoPiece &&
      piece_of(before, m.from, kKing, opposite(us)) != kNoPiece)
    rules.alt(reading::kKingEntersKingSquare);
  Position after = before;
  Played played = play(after, m, Rules{rules.readings, nullptr});
  if (played.king_killed[static_cast<int>(us)]) {
    // existentialist.own_king_in_blast
    return rules.alt(reading::kOwnKingInBlast) == "loses" ? Verdict::Legal : Verdict::Illegal;
  }
  // existentialist.result.king_killed: "a player who's king is killed in
  // this manner immediately loses the game", so the game ends with this
  // move; no opponent's next move follows in which the mover's own king could
  // be taken, and existentialist.legal.no_self_exposure (with
  // existentialist.legal.blast_discovered_attack) has nothing to forbid.
  if (played.king_killed[static_cast<int>(opposite(us))]) {
    rules.fire(clause::kKingKilled);
    return Verdict::Legal;
  }
  Square k = king_square(after, us);
  if (k == kNoSquare) return Verdict::Illegal;
  // existentialist.cycle.stage5_king_archer: the double knight move may take
  // the archer from the enemy king only if that does not mate it.
  {
    PieceId mover = kNoPiece;
    for (PieceId id : before.at(m.from))
      if (before.piece(id).color == us) mover = id;
    if (mover != kNoPiece && before.piece(mover).kind == kExistentialist &&
        next_stage(before.piece(mover)) == 5 && !before.empty(m.to) &&
        has_kind(before, m.to, kKing) && m.to != m.from) {
      rules.fire(clause::kStage5KingArcher);
      if (legal_moves(after, Rules{rules.readings, nullptr}).empty()) return Verdict::Illegal;
    }
  }
  // A king sharing its square with the enemy king stands where that king,
  // to move, "may then capture that enemy piece": a king/archer that has
  // entered the enemy king/archer's square (existentialist.king_enters_king_square),
  // or a king that has taken only the archer of one that entered. It is
  // exposed as if attacked (existentialist.legal.no_self_exposure).
  bool with_enemy_king = piece_of(after, k, kKing, opposite(us)) != kNoPiece;
  if (!with_enemy_king && !attacked(after, k, us, rules)) return Verdict::Legal;
  const Piece& king = after.piece(piece_of(after, k, kKing, us));
  if (king.has(kFlagInvulnerable) && !with_enemy_king) {
    // existentialist.invulnerable_king
    if (rules.alt(reading::kInvulnerableKing) == "check_ignored" &&
        !attacked(after, k, us, rules, true))
      return Verdict::Legal;
  }
  // The archer merged into the king (on a shared square the king's unit is
  // not one confabulated piece, so it is looked up by kind).
  PieceId archer = piece_of(after, k, kArcher, us);
  if (archer == kNoPiece) return Verdict::Illegal;
  // The king/archer may ignore check unless its archer is impotent
  // (existentialist.king_archer.rest_turn_no_protection, existentialist.impotent_archer).
  Unit ka_before = unit_at(before, king_square(before, us), us);
  int before_count = ka_before.archer != kNoPiece ? before.piece(ka_before.archer).counter : 0;
  int after_count = after.piece(archer).counter;
  bool protects = before_count < 3;
  if (protects && after_count >= 3 && rules.alt(reading::kImpotentArcher) == "next_turn")
    protects = false;
  if (!protects) return Verdict::Illegal;
  rules.fire(clause::kKingArcherIgnoresCheck);
  return Verdict::IgnoresCheck;
}

void pseudo_all(const Position& pos, const Rules& rules, MoveList& out, bool in_check_now) {
  Gen g{pos, rules, pos.side_to_move, kNoSquare, out, in_check_now};
  for (Square s = 0; s < pos.shape().size(); ++s)
    if (!pos.empty(s)) unit_moves(g, s);
}

}  // namespace

std::vector<Move> legal_moves(const Position& pos, const Rules& rules) {
  std::vector<Move> out;
  legal_moves(pos, rules, out);
  return out;
}

void legal_moves(const Position& pos, const Rules& rules, std::vector<Move>& out) {
  out.clear();
  Color us = pos.side_to_move;
  if (king_square(pos, us) == kNoSquare || king_square(pos, opposite(us)) == kNoSquare) return;
  bool check = in_check(pos, us, rules);
  MoveList pseudo;
  pseudo_all(pos, rules, pseudo, check);
  // existentialist.king_archer.king_must_answer: on a shared square only the
  // king moves (existentialist.shared_square_capture=king_only; under
  // friendly_arrow a friendly archer may also shoot the intruder).
  Square k = king_square(pos, us);
  bool shared = pos.count(k) > 1 && unit_at(pos, k, us).shared_king;
  // out gathers the moves that are legal outright, relaxed those that ignore
  // check (in place: a subset of the pseudo-legal moves, which fit a MoveList).
  MoveList relaxed;
  for (const Move& m : pseudo) {
    if (shared && m.from != k && m.to != k) continue;
    Verdict v = judge(pos, m, rules);
    if (v == Verdict::Legal) out.push_back(m);
    if (v == Verdict::IgnoresCheck) relaxed.push_back(m);
  }
  // existentialist.king_archer.ignores_check: "as long as the archer is not on
  // its forced rest turn, the king may ignore the standard rules of check".
  out.insert(out.end(), relaxed.begin(), relaxed.end());
  // existentialist.hyena.jumped_must_move: a dazzled hyena must move.
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != us || p.kind != kHyena || !p.has(kFlagDazzled)) continue;
    bool forced = std::any_of(out.begin(), out.end(), [&](const Move& m) { return m.from == p.square; });
    rules.fire(clause::kHyenaMustMove);
    if (forced) {
      // existentialist.hyena.must_interpose: only the hyena's moves stay, in
      // their order.
      std::erase_if(out, [&](const Move& m) { return m.from != p.square; });
    } else {
      // The hyena has no legal move: the obligation lapses and the player
      // makes any other legal move. The text names both ways this can
      // happen: "unless the hyena has no legal move because the player is in
      // check" (existentialist.hyena.jumped_must_move) and "unless doing so
      // would result in the player exposing his own king to check"
      // (existentialist.hyena.pinned_need_not_move). No other way arises in
      // play: the dazzler's jump leaves empty the square next to the hyena
      // on the dazzler's side, and a dazzled hyena is not frozen
      // (existentialist.hyena.dazzle_over_trap), so the hyena always has a
      // step of its own pattern.
      if (!check) rules.fire(clause::kHyenaPinnedException);
    }
    break;
  }
}

namespace {

bool forced_hyena(const Position& pos) {
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == pos.side_to_move && p.kind == kHyena && p.has(kFlagDazzled))
      return true;
  return false;
}

}  // namespace

std::optional<Move> legal_match(const Position& pos, const Move& m, const Rules& rules) {
  Color us = pos.side_to_move;
  auto in_list = [&](const std::vector<Move>& list) -> std::optional<Move> {
    for (const Move& have : list)
      if (have.same_action(m)) return have;
    return std::nullopt;
  };
  if (forced_hyena(pos) || m.from == kNoSquare || !pos.on_board(m.from))
    return in_list(legal_moves(pos, rules));
  Square k = king_square(pos, us);
  if (k == kNoSquare || king_square(pos, opposite(us)) == kNoSquare) return std::nullopt;
  if (pos.count(k) > 1 && unit_at(pos, k, us).shared_king && m.from != k && m.to != k)
    return std::nullopt;
  MoveList mine;
  Gen g{pos, rules, us, kNoSquare, mine, in_check(pos, us, rules)};
  unit_moves(g, m.from);
  const Move* found = nullptr;
  for (const Move& have : mine)
    if (have.same_action(m)) found = &have;
  if (!found) return std::nullopt;
  Verdict v = judge(pos, *found, rules);
  if (v == Verdict::Legal) return *found;
  if (v == Verdict::Illegal) return std::nullopt;
  return *found;  // existentialist.king_archer.ignores_check
}

bool is_legal(const Position& pos, const Move& m, const Rules& rules) {
  return legal_match(pos, m, rules).has_value();
}

bool has_legal_move(const Position& pos, const Rules& rules) {
  Color us = pos.side_to_move;
  if (forced_hyena(pos)) return !legal_moves(pos, rules).empty();
  Square k = king_square(pos, us);
  if (k == kNoSquare || king_square(pos, opposite(us)) == kNoSquare) return false;
  bool shared = pos.count(k) > 1 && unit_at(pos, k, us).shared_king;
  MoveList mine;
  Gen g{pos, rules, us, kNoSquare, mine, in_check(pos, us, rules)};
  for (Square s = 0; s < pos.shape().size(); ++s) {
    if (pos.empty(s)) continue;
    mine.clear();
    unit_moves(g, s);
    for (const Move& m : mine) {
      if (shared && m.from != k && m.to != k) continue;
      // A move that ignores check is legal too (existentialist.king_archer.ignores_check).
      if (judge(pos, m, rules) != Verdict::Illegal) return true;
    }
  }
  return false;
}

}  // namespace arbiter::existentialist
