// Extended FEN: round trips, standard FEN, and clear errors on bad input.
#include <gtest/gtest.h>

#include "model/core/fen.h"
#include "model/variants/registry.h"
#include "model/variants/orthodox/orthodox.h"

namespace arbiter {
namespace {

const PieceSet& orthodox_kinds() { return orthodox::piece_set(); }

PieceSet fairy_kinds() {
  PieceSet set = orthodox::piece_set();
  set.add({"CN", "crowned knight", {leap(1, 2), leap(1, 0), leap(1, 1)}});
  set.add({"DZ", "dazzler", {ride(1, 0, 2)}});
  return set;
}

TEST(Fen, StandardTestPositionsRoundTripExactly) {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
           "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
           "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
           "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
       }) {
    auto pos = parse_fen(fen, orthodox_kinds());
    ASSERT_TRUE(pos.ok()) << fen << ": " << pos.error();
    EXPECT_EQ(to_fen(*pos), fen);
  }
}

TEST(Fen, ClocksMayBeLeftOut) {
  auto pos = parse_fen("8/8/8/8/8/8/8/K6k b - -", orthodox_kinds());
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(to_fen(*pos), "8/8/8/8/8/8/8/K6k b - - 0 1");
  EXPECT_EQ(pos->side_to_move, Color::Black);
}

TEST(Fen, ExtendedFormRoundTripsCoOccupationStateAnd10x10) {
  PieceSet kinds = fairy_kinds();
  for (const char* fen : {
           "rnbqkbnr/pppp1ppp/8/4[Pp]3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 justmoved=e5",
           "(cn)r8/10/10/4(DZ){dazzled,c=2}5/10/10/3[PpN]6/10/10/K8(CN){moved,p=a10} b - - 12 40 checks=w1 phase=2",
           "10/10/10/10/10/10/10/10/10/k8K w - - 0 1",
       }) {
    auto pos = parse_fen(fen, kinds);
    ASSERT_TRUE(pos.ok()) << fen << ": " << pos.error();
    EXPECT_EQ(to_fen(*pos), fen);
  }
  auto pos = parse_fen("(cn)r8/10/10/4(DZ){dazzled,c=2}5/10/10/3[PpN]6/10/10/K8(CN){moved,p=a10} b - - 12 40", kinds);
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(pos->shape().files, 10);
  EXPECT_EQ(pos->shape().ranks, 10);
  Square d4 = pos->shape().square(3, 3);
  EXPECT_EQ(pos->count(d4), 3);
  Square e7 = pos->shape().square(4, 6);
  const Piece& dz = pos->piece(pos->occupant(e7));
  EXPECT_TRUE(dz.has(kFlagDazzled));
  EXPECT_EQ(dz.counter, 2);
  const Piece& cn = pos->piece(pos->occupant(pos->shape().square(9, 0)));
  EXPECT_EQ(cn.partner_square, pos->shape().square(0, 9));
  EXPECT_EQ(cn.color, Color::White);
}

TEST(Fen, MalformedInputGivesOneLineErrors) {
  PieceSet kinds = fairy_kinds();
  struct Case {
    const char* fen;
    const char* says;
  };
  for (const Case& c : {
           Case{"", "empty FEN"},
           Case{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown piece 'X'"},
           Case{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7"},
           Case{"8/8/8/8/8/8/8/K6k x - - 0 1", "side to move"},
           Case{"8/8/8/8/8/8/8/K6k w KX - 0 1", "castling"},
           Case{"8/8/8/8/8/8/8/K6k w - z9 0 1", "en passant"},
           Case{"8/8/8/8/8/8/8/K6k w - - -1 1", "halfmove"},
           Case{"8/8/8/8/8/8/8/K6k w - - 0 0", "fullmove"},
           Case{"8/8/8/8/8/8/8/K6k w - - 0 1 junk", "key=value"},
           Case{"8/8/8/8/8/8/8/K6(Kk w - - 0 1", "unclosed"},
           Case{"8/8/8/8/8/8/8/K6[k w - - 0 1", "unclosed"},
           Case{"8/8/8/8/8/8/8/K6[k] w - - 0 1", "at least two"},
           Case{"8/8/8/8/8/8/8/K6[kkkkk] w - - 0 1", "more than"},
           Case{"8/8/8/8/8/8/8/K6k{flying} w - - 0 1", "unknown piece state"},
           Case{"8/8/8/8/8/8/8/K6(Cn) w - - 0 1", "mixed-case"},
           Case{"99/8/8/8/8/8/8/K6k w - - 0 1", "empty-square count"},
           Case{"8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8 w - - 0 1", "ranks"},
           // docs/fen.md: the first four fields always; KQkq in order; counts
           // and clocks without a leading zero; no control characters.
           Case{"8/8/8/8/8/8/8/K6k", "FEN has 1 field"},
           Case{"8/8/8/8/8/8/8/K6k w", "FEN has 2 fields"},
           Case{"8/8/8/8/8/8/8/K6k w -", "FEN has 3 fields"},
           Case{"8/8/8/8/8/8/8/K6k w qkQK - 0 1", "bad castling field 'qkQK'"},
           Case{"8/8/8/8/8/8/8/K6k w QK - 0 1", "bad castling field"},
           Case{"8/8/8/8/8/8/8/K6k w KK - 0 1", "bad castling field"},
           Case{"08/8/8/8/8/8/8/K6k w - - 0 1", "bad empty-square count '08'"},
           Case{"0/8/8/8/8/8/8/K6k w - - 0 1", "bad empty-square count '0'"},
           Case{"44/8/8/8/8/8/8/K6k w - - 0 1", "bad empty-square count '44'"},
           Case{"8/8/8/8/8/8/8/K6k w - - 00 1", "halfmove"},
           Case{"8/8/8/8/8/8/8/K6k w - - 0 01", "fullmove"},
           Case{"8/8/8/8/8/8/8/K6k w -\n- 0 1", "control character '\\n' at character 22"},
           Case{"8/8/8/8/8/8/8/K6\xc3 w - - 0 1", "unexpected character '\\xC3'"},
       }) {
    auto pos = parse_fen(c.fen, kinds);
    ASSERT_FALSE(pos.ok()) << c.fen;
    EXPECT_NE(pos.error().find(c.says), std::string::npos) << c.fen << " -> " << pos.error();
    EXPECT_EQ(pos.error().find('\n'), std::string::npos);
  }
}

// Quoted input is bounded and escaped: a 5000-character field is cut to 60
// characters, never inside a UTF-8 character.
TEST(Fen, ErrorsQuoteInputBoundedAndEscaped) {
  std::string field(39, 'a');
  field += "\xc3\xa9" + std::string(5000, 'b');
  auto pos = parse_fen("8/8/8/8/8/8/8/K6k w " + field + " - 0 1", orthodox_kinds());
  ASSERT_FALSE(pos.ok());
  EXPECT_NE(pos.error().find("'" + std::string(39, 'a') + "\xc3\xa9" + std::string(20, 'b') + "...'"), std::string::npos)
      << pos.error();
  EXPECT_LT(pos.error().size(), 200u);
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

// shared/DESIGN.md: standard FEN is always accepted for 8x8 games. The
// simultaneous games read its side field as both players' and its en
// passant square into ep=, where a capture en passant then finds it.
TEST(Fen, EverySimultaneousGameReadsStandardFenSideAndEnPassantFields) {
  for (std::string_view id : {"zeitgeist", "simulchess", "parity", "parity-single"}) {
    const Variant& v = *find_variant(id);
    auto s = v.parse_state("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    ASSERT_TRUE(s.ok()) << id << ": " << s.error();
    EXPECT_EQ(v.fen(*s), "4k3/8/8/8/3pP3/8/8/4K3 w - - 0 1 ep=e3") << id;
    auto again = v.parse_state(v.fen(*s));
    ASSERT_TRUE(again.ok()) << id;
    EXPECT_EQ(v.fen(*again), v.fen(*s)) << id;
    bool takes = false;
    for (const Move& m : v.actions(*s, Role::Black)) takes = takes || v.move_text(*s, m) == "d4e3";
    EXPECT_TRUE(takes) << id << ": d4xe3 en passant is not among Black's actions";
    // A square already in ep= is kept once; another joins it.
    auto both = v.parse_state("4k3/8/8/3Pp3/3pP3/8/8/4K3 w - e3 0 1 ep=e6");
    ASSERT_TRUE(both.ok()) << id << ": " << both.error();
    EXPECT_EQ(v.fen(*both), "4k3/8/8/3Pp3/3pP3/8/8/4K3 w - - 0 1 ep=e3,e6") << id;
  }
}

// An en passant square whose double-stepped pawn is not beyond it (written
// by hand) offers no capture: the diagonal move is an ordinary one, never an
// en passant capture of a pawn that is not there (it aborted Zeitgeist).
TEST(Fen, AnEnPassantSquareWithoutItsPawnOffersNoCapture) {
  for (std::string_view id : {"zeitgeist", "simulchess", "parity", "parity-single"}) {
    const Variant& v = *find_variant(id);
    auto s = v.parse_state("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1 ep=d6");
    ASSERT_TRUE(s.ok()) << id << ": " << s.error();
    for (const Move& m : v.actions(*s, Role::White)) EXPECT_FALSE(m.is(kMoveEnPassant)) << id << ": " << v.move_text(*s, m);
    Readings defaults;
    auto joint = v.parse_joint(*s, "e5d6:e8f8", defaults);
    if (!joint) continue;  // refused as written: no capture to make
    StepResult r = v.step(*s, *joint, defaults);
    EXPECT_FALSE(r.state.outcome.over()) << id;
  }
}

}  // namespace
}  // namespace arbiter
