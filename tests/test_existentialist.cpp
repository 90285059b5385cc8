// Existentialist Chess: the text map covers every sentence and its generated
// doc is current, the clause and reading tables are well formed, the piece
// kinds and the start position read as the text's diagram, the per-piece
// state round-trips in the extended FEN, and the pieces' moves come out as
// the text describes them.
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <variant>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "model/core/fen.h"
#include "model/core/rules_text.h"
#include "model/core/scenario.h"
#include "model/core/text_map.h"
#include "crosscheck/divide_compare.h"
#include "crosscheck/uci_engine.h"
#include "model/variants/existentialist/clauses.h"
#include "model/variants/existentialist/existentialist.h"
#include "model/variants/existentialist/movegen.h"
#include "model/variants/existentialist/pieces.h"
#include "model/variants/existentialist/rules.h"
#include "model/variants/existentialist/state.h"
#include "reports/perft_table.h"
#include "tests/support/paths.h"

namespace arbiter::existentialist {
namespace {

std::string rule_text() {
  auto text = load_rules_text(default_rules_dir(), kTextSection);
  EXPECT_TRUE(text.ok()) << text.error();
  return text.ok() ? *text : std::string();
}

// --- The text map ---------------------------------------------------------

TEST(Existentialist, TextMapCoversEverySentenceWithKnownIds) {
  std::string text = rule_text();
  ASSERT_FALSE(text.empty());
  for (const std::string& p : check_text_map(text, text_map(), clauses(), readings()))
    ADD_FAILURE() << p;
  // The text is long: a map that matched only a handful of sentences would
  // pass the check above vacuously.
  EXPECT_GT(map_text(text, text_map()).size(), 300u);
}

TEST(Existentialist, EveryClauseAndReadingPointIsCitedByASentence) {
  std::set<std::string_view> cited;
  for (const TextSpan& span : text_map())
    for (std::string_view id : span.ids) cited.insert(id);
  for (const Clause& c : clauses())
    EXPECT_TRUE(cited.count(c.id)) << "clause " << c.id << " is mapped to no sentence";
  for (const ReadingPoint& r : readings())
    EXPECT_TRUE(cited.count(r.id)) << "reading point " << r.id << " is mapped to no sentence";
}

TEST(Existentialist, ClauseAndReadingTablesAreWellFormed) {
  std::set<std::string_view> ids;
  for (const Clause& c : clauses()) {
    EXPECT_TRUE(c.id.starts_with("existentialist.")) << c.id;
    EXPECT_TRUE(ids.insert(c.id).second) << "repeated id " << c.id;
    EXPECT_TRUE(c.quote.starts_with("Existentialist Chess")) << c.id << ": a quote names its game";
  }
  for (const ReadingPoint& r : readings()) {
    EXPECT_TRUE(r.id.starts_with("existentialist.")) << r.id;
    EXPECT_TRUE(ids.insert(r.id).second) << "repeated id " << r.id;
    EXPECT_GE(r.alternatives.size(), 2u) << r.id;
    EXPECT_FALSE(r.question.empty() || r.quote.empty() || r.why_default.empty()) << r.id;
    std::set<std::string_view> alts;
    for (const Alternative& a : r.alternatives) {
      EXPECT_TRUE(alts.insert(a.id).second) << r.id << " repeats alternative " << a.id;
      EXPECT_FALSE(a.description.empty()) << r.id << "=" << a.id;
    }
    EXPECT_TRUE(alts.count(r.default_alternative))
        << r.id << ": the default is not one of its alternatives";
  }
}

TEST(Existentialist, ReadingsAcceptEveryAlternativeAndRejectOthers) {
  for (const ReadingPoint& r : readings()) {
    for (const Alternative& a : r.alternatives) {
      Readings chosen;
      auto ok = chosen.set(readings(), std::string(r.id) + "=" + std::string(a.id));
      ASSERT_TRUE(ok.ok()) << ok.error();
      EXPECT_EQ(chosen.in_force(r), a.id);
    }
    EXPECT_EQ(Readings().in_force(r), r.default_alternative);
  }
  Readings chosen;
  EXPECT_FALSE(chosen.set(readings(), "existentialist.castle_squares=long").ok());
  EXPECT_FALSE(chosen.set(readings(), "existentialist.nowhere=draw").ok());
}

// docs/rules/existentialist.md is the map walked through. The variant is not
// in the registry yet, so `arbiter rules` cannot write it: run this test with
// ARBITER_WRITE_DOCS=1 to regenerate the file from the map.
TEST(Existentialist, RulesDocIsCurrent) {
  std::string text = rule_text();
  ASSERT_FALSE(text.empty());
  std::string want = text_map_markdown(kVariantName, kVariantId, kTextSection.file, text,
                                       text_map(), clauses(), readings());
  std::string path = test::source_path("docs/rules/existentialist.md");
  if (std::getenv("ARBITER_WRITE_DOCS")) {
    std::ofstream out(path);
    out << want;
    ASSERT_TRUE(out.good()) << "cannot write " << path;
  }
  std::ifstream in(path);
  std::stringstream have;
  have << in.rdbuf();
  EXPECT_EQ(have.str(), want)
      << path << " is stale: regenerate it with ARBITER_WRITE_DOCS=1 "
      << "ctest --test-dir build/release -R Existentialist.RulesDocIsCurrent";
}

// --- Piece kinds ----------------------------------------------------------

TEST(Existentialist, EveryKindHasANoteAndUniqueCode) {
  ASSERT_EQ(kinds().size(), static_cast<std::size_t>(kKindCount));
  ASSERT_EQ(kind_notes().size(), static_cast<std::size_t>(kKindCount));
  std::set<std::string> codes;
  for (std::size_t i = 0; i < kind_notes().size(); ++i) {
    EXPECT_EQ(kind_notes()[i].kind, static_cast<Kind>(i));
    EXPECT_TRUE(codes.insert(kinds()[static_cast<KindId>(i)].code).second)
        << kinds()[static_cast<KindId>(i)].code;
    // A kind whose movement is not all data names the code that completes it.
    if (kind_notes()[i].expressed != Expressed::Data) {
      EXPECT_FALSE(kind_notes()[i].code.empty()) << kinds()[static_cast<KindId>(i)].name;
    }
  }
  EXPECT_TRUE(kinds()[kKing].royal);
  for (KindId k = 1; k < kinds().size(); ++k) EXPECT_FALSE(kinds()[k].royal) << kinds()[k].name;
}

// docs/existentialist.md documents every kind's FEN code and the size of the
// clause and reading tables; it must follow them when they change.
TEST(Existentialist, DesignDocNamesEveryCodeAndTheTableSizes) {
  std::ifstream in(test::source_path("docs/existentialist.md"));
  std::stringstream doc;
  doc << in.rdbuf();
  for (const PieceKind& k : kinds().kinds())
    EXPECT_NE(doc.str().find("`" + k.code + "`"), std::string::npos) << k.code;
  std::string sizes = std::to_string(clauses().size()) + " clauses and " + std::to_string(readings().size()) +
                      " reading points over the text's " +
                      std::to_string(split_sentences(rule_text()).size()) + " sentences";
  EXPECT_NE(doc.str().find(sizes), std::string::npos) << "expected \"" << sizes << "\"";
}

// --- The start position ---------------------------------------------------

// The pieces the text's diagram draws: each rank line "| BD |:BS:| ... | 10"
// gives ten cells, a cell a colour letter and the piece's code.
std::map<std::string, std::string> diagram_pieces(const std::string& text) {
  std::map<std::string, std::string> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::size_t bar = line.find('|');
    if (bar == std::string::npos || line.find_first_not_of(' ') != bar) continue;
    std::vector<std::string> cells;
    std::size_t at = bar + 1;
    for (std::size_t next; (next = line.find('|', at)) != std::string::npos; at = next + 1)
      cells.push_back(line.substr(at, next - at));
    int rank = std::atoi(line.substr(at).c_str());
    if (cells.size() != 10 || rank < 1 || rank > 10) continue;
    for (int file = 0; file < 10; ++file) {
      std::string cell;
      for (char c : cells[file])
        if (c != ':' && c != ' ')
          cell += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (!cell.empty()) out[square_name(kShape, kShape.square(file, rank - 1))] = cell;
    }
  }
  return out;
}

TEST(Existentialist, StartPositionIsTheTextsDiagram) {
  auto drawn = diagram_pieces(rule_text());
  ASSERT_EQ(drawn.size(), 60u) << "the diagram has 30 pieces a side";
  Position start = start_position();
  int pieces = 0;
  for (Square s = 0; s < start.shape().size(); ++s) {
    std::string name = square_name(start.shape(), s);
    auto it = drawn.find(name);
    if (start.empty(s)) {
      EXPECT_EQ(it, drawn.end()) << name
                                 << " is empty in the start position but not in the diagram";
      continue;
    }
    ++pieces;
    ASSERT_EQ(start.count(s), 1) << name;
    ASSERT_NE(it, drawn.end()) << name << " holds a piece the diagram does not draw";
    const Piece& p = start.piece(start.occupant(s));
    std::string want = it->second;
    EXPECT_EQ(p.color, want[0] == 'W' ? Color::White : Color::Black) << name;
    EXPECT_EQ(start.kind_of(p).code, want.substr(1)) << name;
    EXPECT_EQ(p.flags, 0u) << name;
    EXPECT_EQ(p.counter, 0) << name;
  }
  EXPECT_EQ(pieces, 60);
  EXPECT_EQ(start.side_to_move, Color::White);
  EXPECT_EQ(start.castling, kWhiteKingside | kWhiteQueenside | kBlackKingside | kBlackQueenside);
  EXPECT_EQ(to_fen(start), kStartFen);
  EXPECT_TRUE(check_position(start).empty());
}

// --- Per-piece state in the extended FEN ------------------------------------

TEST(Existentialist, PieceStateRoundTripsInTheExtendedFen) {
  for (const char* fen : {
           // A hibernating existentialist seven plies into its sleep, a bobber
           // the zednick joined after its first move, a black shield on c8-d8,
           // a king/archer whose archer must rest.
           "10/9k/2(sh){p=d8}(sh){p=c8}6/10/4x{hibernating,c=7}5/3[(BOB){c=4}Z]6/10/10/10/"
           "5[KA{c=3}]4 w - - 0 1",
           // A dazzled black knight to move, an adventurist that has used its
           // long move, en passant after a white double step.
           "10/9k/10/10/2n{dazzled}7/3P6/10/2[(ADV){moved}Z]7/10/5K4 b - d4 0 12",
           // After an adventurist's three-square move: both passed squares.
           "10/9k/10/10/10/10/3[(ADV){moved}Z]6/10/10/5K4 b - d3 0 5 ep2=d2",
           // A king sharing its square with the black knight that killed its
           // archer.
           "10/9k/10/10/10/4Q5/10/10/10/5[Kn]4 w - - 3 30",
           // ... and with the black viceroy/archer that entered it, one
           // (confabulated) enemy piece.
           "10/9k/10/10/10/4Q5/10/10/10/5[Kva]4 w - - 3 30",
           // ... and with the black king/archer that entered it
           // (existentialist.king_enters_king_square=enters_then_*).
           "10/10/10/10/10/4Q5/10/10/10/5[Kka]4 w - - 3 30",
           // A black queen that Black's own dazzler has just made invulnerable.
           "10/9k/10/10/10/4q{invulnerable}5/10/10/10/5K4 w - - 0 9",
       }) {
    auto pos = parse_position(fen);
    ASSERT_TRUE(pos.ok()) << fen << ": " << pos.error();
    EXPECT_EQ(to_fen(*pos), fen);
  }
}

TEST(Existentialist, StateAccessorsReadTheCounterAndFlags) {
  auto pos = parse_position(
      "10/9k/2(sh){p=d8}(sh){p=c8}6/10/4x{hibernating,c=7}5/3[(BOB){c=4}Z]6/10/10/10/5[KA{c=3}]4 w "
      "- - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.error();
  const BoardShape& sh = pos->shape();
  Confabulated bz = confabulated_at(*pos, sh.square(3, 4));
  ASSERT_NE(bz.host, kNoPiece);
  EXPECT_EQ(pos->piece(bz.host).kind, kBobber);
  EXPECT_NE(bz.zednick, kNoPiece);
  EXPECT_EQ(bz.archer, kNoPiece);
  EXPECT_EQ(bobber_range(pos->piece(bz.host)),
            5);  // BOBBER-1 plus one move plus the zednick's three
  Confabulated ka = confabulated_at(*pos, sh.square(5, 0));
  EXPECT_EQ(pos->piece(ka.host).kind, kKing);
  ASSERT_NE(ka.archer, kNoPiece);
  EXPECT_TRUE(must_rest(pos->piece(ka.archer)));
  const Piece& x = pos->piece(pos->occupant(sh.square(4, 5)));
  EXPECT_EQ(next_stage(x), 0);
  EXPECT_EQ(moves_made(x), 10);
  ShieldSquares shield = shield_squares(*pos, sh.square(2, 7));
  EXPECT_EQ(std::vector<Square>(shield.begin(), shield.end()),
            (std::vector<Square>{sh.square(2, 7), sh.square(3, 7)}));
  EXPECT_TRUE(shield_squares(*pos, sh.square(2, 6)).empty());

  // The existentialist's cycle: moves 1..10, then again 11..20 as 1..10.
  Piece e;
  e.kind = kExistentialist;
  for (int made = 0; made < 20; ++made) {
    e.counter = static_cast<std::int16_t>(made);
    EXPECT_EQ(next_stage(e), made % 10 + 1) << made;
  }
  Piece a;
  a.kind = kArcher;
  for (int fired = 0; fired <= 3; ++fired) {
    a.counter = static_cast<std::int16_t>(fired);
    EXPECT_EQ(must_rest(a), fired == 3);
  }
}

TEST(Existentialist, AdventuristKeepsItsLongMoveOnItsFirstThreeRanks) {
  auto pos = parse_position("10/9k/10/10/10/10/10/10/1[(ADV)Z]8/5K4 w - - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.error();
  const Piece& adv = pos->piece(confabulated_at(*pos, pos->shape().square(1, 1)).host);
  EXPECT_TRUE(keeps_multi_step(*pos, adv));
  auto used = parse_position("10/9k/10/10/10/10/10/10/1[(ADV){moved}Z]8/5K4 w - - 0 1");
  ASSERT_TRUE(used.ok()) << used.error();
  EXPECT_FALSE(keeps_multi_step(
      *used, used->piece(confabulated_at(*used, used->shape().square(1, 1)).host)));
  auto fourth = parse_position("10/9k/10/10/10/10/1[(ADV)Z]8/10/10/5K4 w - - 0 1");
  ASSERT_TRUE(fourth.ok()) << fourth.error();
  EXPECT_FALSE(keeps_multi_step(
      *fourth, fourth->piece(confabulated_at(*fourth, fourth->shape().square(1, 3)).host)));
}

TEST(Existentialist, PositionsBreakingTheInvariantsAreRejectedWithTheirLabel) {
  struct Case {
    const char* fen;
    const char* label;
  };
  for (const Case& c : {
           Case{"k7/8/8/8/8/8/8/7K w - - 0 1", "existentialist.board_10x10"},
           Case{"10/9k/10/10/10/10/10/10/3[HA]6/5K4 w - - 0 1", "existentialist.archer_partner"},
           Case{"10/9k/10/10/10/10/10/10/3[SZ]6/5K4 w - - 0 1", "existentialist.zednick_partner"},
           Case{"10/9k/10/10/10/10/10/10/3[SV]6/5K4 w - - 0 1",
                "existentialist.stack_is_confabulated"},
           Case{"10/9k/10/10/10/10/10/10/3[Pp]6/5K4 w - - 0 1",
                "existentialist.shared_square_is_king_and_intruder"},
           Case{"10/9k/10/10/10/10/10/10/10/5[Kn]4 b - - 0 1",
                "existentialist.shared_square_is_king_and_intruder"},
           // Two enemy pieces that are not one confabulated piece, and two kings.
           Case{"10/9k/10/10/10/10/10/10/10/5[Kvr]4 w - - 0 1",
                "existentialist.shared_square_is_king_and_intruder"},
           Case{"10/10/10/10/10/10/10/10/10/5[Kk]4 w - - 0 1",
                "existentialist.shared_square_is_king_and_intruder"},
           // An enemy king enters only with its archer, never with the zednick.
           Case{"10/10/10/10/10/10/10/10/10/5[kK]4 b - - 0 1",
                "existentialist.shared_square_is_king_and_intruder"},
           Case{"10/10/10/10/10/10/10/10/10/5[Kkz]4 w - - 0 1",
                "existentialist.shared_square_is_king_and_intruder"},
           Case{"10/9k/10/10/10/10/10/10/3(ADV)6/5K4 w - - 0 1",
                "existentialist.adventurist_has_zednick"},
           Case{"10/9k/10/10/10/10/10/10/3S{hibernating}6/5K4 w - - 0 1",
                "existentialist.flag_hibernating"},
           Case{"10/9k/10/10/10/10/10/10/3S{frozen}6/5K4 w - - 0 1", "existentialist.flag_unused"},
           Case{"10/9k/10/10/10/10/10/10/3S{dazzled}6/5K4 b - - 0 1",
                "existentialist.dazzled_side"},
           Case{"10/9k/10/10/10/10/10/10/3S{invulnerable}6/5K4 w - - 0 1",
                "existentialist.invulnerable_side"},
           Case{"10/9k/10/10/10/10/10/10/2S{invulnerable}S{invulnerable}6/5K4 b - - 0 1",
                "existentialist.one_jumped_square"},
           Case{"10/9k/10/10/10/10/10/10/3A{c=4}6/5K4 w - - 0 1", "existentialist.counter_range"},
           Case{"10/9k/10/10/10/10/10/10/3S{c=1}6/5K4 w - - 0 1", "existentialist.counter_range"},
           Case{"10/9k/10/10/10/10/10/10/3P6/5K4 w - - 0 1", "existentialist.pawn_rank"},
           // d3 and f2 are no shield, nor what a blast leaves of one (the
           // ends of an L are diagonal neighbours).
           Case{"10/9k/10/10/10/10/10/3(SH){p=f2}6/5(SH){p=d3}4/5K4 w - - 0 1",
                "existentialist.shield_ring"},
           Case{"10/9k/10/10/10/10/10/10/3(SH){p=e2}(SH)5/5K4 w - - 0 1",
                "existentialist.shield_ring"},
           Case{"10/9k/10/10/3(SH){p=e6}(SH){p=d6}5/10/10/10/10/5K4 w - - 0 1",
                "existentialist.shield_rank_limit"},
           Case{"10/9k/10/10/10/10/10/10/10/4KK4 w - - 0 1", "existentialist.one_king_each"},
           Case{"10/9k/10/10/10/10/10/10/2AA6/5K4 w - - 0 1", "existentialist.piece_count"},
           Case{"10/9k/10/10/10/10/10/10/2HH6/5K4 w - - 0 1", "existentialist.piece_count"},
           Case{"10/9k/10/10/10/10/10/10/10/5K4 w K - 0 1", "existentialist.castling_rights"},
           Case{"10/9k/10/10/10/10/10/10/10/3S1K4 w Q - 0 1", "existentialist.castling_rights"},
       }) {
    auto pos = parse_fen(c.fen, kinds());
    ASSERT_TRUE(pos.ok()) << c.fen << ": " << pos.error();
    bool found = false;
    for (const InvariantViolation& v : check_position(*pos)) found = found || v.label == c.label;
    EXPECT_TRUE(found) << c.fen << " should break " << c.label;
    auto parsed = parse_position(c.fen);
    EXPECT_FALSE(parsed.ok()) << c.fen;
  }
  // The same shapes, made right, are accepted.
  for (const char* fen : {
           "10/9k/10/10/10/10/10/10/3[SA]6/5K4 w - - 0 1",
           "10/9k/10/10/10/10/10/10/3[AZ]6/5K4 w - - 0 1",
           "10/9k/10/10/10/10/10/10/3[ZA]6/5K4 w - - 0 1",
           "10/9k/10/10/10/10/10/10/10/5[Kn]4 w - - 0 1",
           "10/9k/10/10/10/10/10/3(SH){p=d2}6/3(SH){p=d3}6/5K4 w - - 0 1",
           "10/9k/10/10/10/10/10/10/2(SH){p=d2}(SH){p=e2}(SH){p=c2}5/5K4 w - - 0 1",
           "10/9k/10/10/10/10/10/10/10/1S3K2S1 w KQ - 0 1",
       }) {
    auto pos = parse_position(fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error());
  }
}

// --- Pseudo-legal moves of the data pieces ---------------------------------

// The destinations of the piece on `from`, as "to" squares (with a promotion
// suffix), sorted.
std::set<std::string> destinations(const std::string& fen, const std::string& from) {
  auto pos = parse_position(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error());
  if (!pos.ok()) return {};
  auto sq = parse_square(pos->shape(), from);
  EXPECT_TRUE(sq.has_value()) << from;
  PieceId id = pos->occupant(*sq);
  EXPECT_NE(id, kNoPiece) << from;
  if (id == kNoPiece) return {};
  MoveList moves;
  pseudo_moves(*pos, pos->piece(id), moves);
  std::set<std::string> out;
  for (const Move& m : moves) {
    EXPECT_EQ(m.from, *sq);
    std::string text = move_to_string(pos->shape(), kinds(), m);
    EXPECT_TRUE(out.insert(text.substr(from.size())).second) << "repeated move " << text;
  }
  return out;
}

std::set<std::string> squares(const std::string& list) {
  std::set<std::string> out;
  std::istringstream in(list);
  for (std::string s; in >> s;) out.insert(s);
  return out;
}

// A white king on a1 and a black king on j9 are in every position below,
// out of the moving piece's lines unless a test says otherwise.
TEST(Existentialist, SquireMovesAsRookAndStepsDiagonally) {
  EXPECT_EQ(destinations("10/9k/10/10/10/4S5/10/10/10/K9 w - - 0 1", "e5"),
            squares("e6 e7 e8 e9 e10 e4 e3 e2 e1 f5 g5 h5 i5 j5 d5 c5 b5 a5 d4 f4 d6 f6"));
}

TEST(Existentialist, ViceroyMovesAsBishopAndStepsOrthogonally) {
  // A black pawn on g7 is taken; the white pawn on c3 blocks.
  EXPECT_EQ(destinations("10/9k/10/6p3/10/4V5/10/2P7/10/K9 w - - 0 1", "e5"),
            squares("f6 g7 d6 c7 b8 a9 f4 g3 h2 i1 d4 e6 e4 d5 f5"));
}

TEST(Existentialist, UncapturablePiecesStopARiderUntaken) {
  // Queen on e5: the hyena e7, the invulnerable rook c7, the hibernating
  // existentialist c5, the shield f6-g6 and the yanzee e2 stop her lines
  // without being taken; the knight h5 is taken.
  EXPECT_EQ(destinations("10/9k/10/2r{invulnerable}1h5/5(sh){p=g6}(sh){p=f6}3/"
                         "2x{hibernating,c=3}1Q2n2/10/10/4y5/K9 w - - 0 1",
                         "e5"),
            squares("e6 d6 d5 f5 g5 h5 f4 g3 h2 i1 e4 e3 d4 c3 b2"));
}

TEST(Existentialist, HyenaYanzeeAndLoneArcherNeverCapture) {
  EXPECT_EQ(destinations("10/9k/10/4r5/10/4H5/10/10/10/K9 w - - 0 1", "e5"),
            squares("e6 e4 e3 e2 f5 g5 h5 d5 c5 b5 f6 g7 h8 d6 c7 b8 f4 g3 h2 d4 c3 b2"));
  EXPECT_EQ(destinations("10/9k/10/10/10/10/10/2p7/1Y8/K9 w - - 0 1", "b2"),
            squares("a2 a3 b1 b3 c1 c2"));
  EXPECT_EQ(destinations("10/9k/10/10/10/10/10/2p7/1A8/K9 w - - 0 1", "b2"),
            squares("a2 a3 b1 b3 c1 c2"));
  EXPECT_EQ(destinations("10/9k/10/10/10/10/10/2p7/1Z8/K9 w - - 0 1", "b2"),
            squares("a2 a3 b1 b3 c1 c2"));
}

TEST(Existentialist, CrownedKnightAndWildcat) {
  EXPECT_EQ(destinations("10/9k/10/10/10/10/10/10/10/K1(CN)7 w - - 0 1", "c1"),
            squares("a2 b3 d3 e2 b1 d1 b2 c2 d2"));
  // Up to three squares any way, capturing the pawn on e7.
  EXPECT_EQ(destinations("10/9k/10/4p5/10/4(WC)5/10/10/10/K9 w - - 0 1", "e5"),
            squares("e6 e7 e4 e3 e2 f5 g5 h5 d5 c5 b5 f6 g7 h8 d6 c7 b8 f4 g3 h2 d4 c3 b2"));
}

TEST(Existentialist, BobberRangeIsOneMoreThanItsMovesMade) {
  // BOBBER-1: one square.
  EXPECT_EQ(destinations("10/9k/10/4p5/10/4(BOB)5/10/10/10/K9 w - - 0 1", "e5"),
            squares("e6 e4 d5 f5 d6 f6 d4 f4"));
  // BOBBER-3 (two moves made): up to three squares, taking the pawn on e7.
  EXPECT_EQ(destinations("10/9k/10/4p5/10/4(BOB){c=2}5/10/10/10/K9 w - - 0 1", "e5"),
            squares("e6 e7 e4 e3 e2 f5 g5 h5 d5 c5 b5 f6 g7 h8 d6 c7 b8 f4 g3 h2 d4 c3 b2"));
  // From its ninth move a queen, and it stays one.
  std::set<std::string> queen = squares(
      "e6 e7 e4 e3 e2 e1 f5 g5 h5 i5 j5 d5 c5 b5 a5 f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 "
      "b2");
  EXPECT_EQ(destinations("10/9k/10/4p5/10/4(BOB){c=8}5/10/10/10/K9 w - - 0 1", "e5"), queen);
  EXPECT_EQ(destinations("10/9k/10/4p5/10/4(BOB){c=30}5/10/10/10/K9 w - - 0 1", "e5"), queen);
}

TEST(Existentialist, SchizzyMovesByTheFileItStartsOn) {
  std::set<std::string> knight_side_c4 =
      squares("b6 d6 b2 d2 a5 e5 a3 e3 b7 d7 b1 d1 f5 f3 b5 d5 b3 d3");
  std::set<std::string> queen_g4 = squares(
      "g5 g6 g7 g8 g9 g10 g3 g2 g1 h4 i4 j4 f4 e4 d4 c4 b4 a4 h5 i6 j7 f5 e6 d7 c8 b9 a10 h3 i2 j1 "
      "f3 e2 d1");
  std::set<std::string> knight_side_g4 =
      squares("f6 h6 f2 h2 e5 i5 e3 i3 f7 h7 f1 h1 j5 j3 d5 d3 f5 h5 f3 h3");
  EXPECT_EQ(destinations("10/9k/10/10/10/10/2(LSC)7/10/10/K9 w - - 0 1", "c4"), knight_side_c4);
  EXPECT_EQ(destinations("10/9k/10/10/10/10/6(LSC)3/10/10/K9 w - - 0 1", "g4"), queen_g4);
  EXPECT_EQ(destinations("10/9k/10/10/10/10/6(RSC)3/10/10/K9 w - - 0 1", "g4"), knight_side_g4);
  std::set<std::string> queen_c4 =
      destinations("10/9k/10/10/10/10/2(RSC)7/10/10/K9 w - - 0 1", "c4");
  EXPECT_TRUE(queen_c4.count("c10") && queen_c4.count("j4") && queen_c4.count("h9"));
  EXPECT_FALSE(queen_c4.count("b6") || queen_c4.count("f5"));
}

TEST(Existentialist, ExistentialistMovesByItsNextMoveNumber) {
  // Move 3 (two made): a bishop or knight move backwards only.
  EXPECT_EQ(destinations("10/9k/10/10/10/4X{c=2}5/10/10/10/K9 w - - 0 1", "e5"),
            squares("d4 c3 b2 f4 g3 h2 i1 d3 f3 c4 g4"));
  // Black's backwards is towards rank 10.
  EXPECT_EQ(destinations("10/9k/10/10/4x{c=2}5/10/10/10/10/K9 b - - 0 1", "e6"),
            squares("f7 g8 h9 i10 d7 c8 b9 a10 d8 f8 c7 g7"));
  // From its own first rank, one square sideways instead.
  EXPECT_EQ(destinations("10/9k/10/10/10/10/10/10/10/K3X{c=2}5 w - - 0 1", "e1"), squares("d1 f1"));
  // Move 4 (and move 14, its fourth again): lateral rook or one square
  // diagonally forwards.
  std::set<std::string> fourth = squares("f5 g5 h5 i5 j5 d5 c5 b5 a5 d6 f6");
  EXPECT_EQ(destinations("10/9k/10/10/10/4X{c=3}5/10/10/10/K9 w - - 0 1", "e5"), fourth);
  EXPECT_EQ(destinations("10/9k/10/10/10/4X{c=13}5/10/10/10/K9 w - - 0 1", "e5"), fourth);
  // Move 6: a wizard.
  EXPECT_EQ(destinations("10/9k/10/10/10/4X{c=5}5/10/10/10/K9 w - - 0 1", "e5"),
            squares("d8 f8 d2 f2 h6 h4 b6 b4 d6 f6 d4 f4"));
  // Hibernating: no move.
  EXPECT_TRUE(
      destinations("10/9k/10/10/10/4X{hibernating,c=4}5/10/10/10/K9 w - - 0 1", "e5").empty());
}

TEST(Existentialist, PawnStepsDoubleStepsCapturesAndPromotes) {
  EXPECT_EQ(destinations("10/9k/10/10/10/10/3p6/2P7/10/K9 w - - 0 1", "c3"), squares("c4 c5 d4"));
  EXPECT_EQ(destinations("10/9k/10/10/10/10/2p7/2P7/10/K9 w - - 0 1", "c3"), squares(""));
  EXPECT_EQ(destinations("10/9k/2p7/10/10/10/10/10/10/K9 b - - 0 1", "c8"), squares("c7 c6"));
  EXPECT_EQ(destinations("6r3/5P3k/10/10/10/10/10/10/10/K9 w - - 0 1", "f9"),
            squares("f10q f10r f10b f10n g10q g10r g10b g10n"));
}

TEST(Existentialist, PiecesWhoseMovesAreCodeAreNotCoveredYet) {
  auto pos = parse_position("10/9k/10/10/10/3D1T4/10/10/4X5/[KA]9 w - - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.error();
  for (const Piece& p : pos->pieces()) {
    bool king = p.kind == kKing;
    // The dazzler, the teleporter, the existentialist's first move and any
    // confabulated piece are rules code of a later phase.
    EXPECT_EQ(covered(*pos, p), king && p.color == Color::Black) << pos->kind_of(p).name;
  }
}

TEST(Existentialist, FromTheStartOnlyPawnsAndSchizziesCanMove) {
  // Everything on the first two ranks is hemmed in, but the schizzies leap
  // out as knights and wizards: b4 d4 b5 d5 and g4 i4 g5 i5 for White.
  Position start = start_position();
  for (Color side : {Color::White, Color::Black}) {
    int total = 0;
    std::set<std::string> schizzy;
    for (const Piece& p : start.pieces()) {
      if (p.color != side || !covered(start, p)) continue;
      MoveList moves;
      pseudo_moves(start, p, moves);
      total += static_cast<int>(moves.size());
      if (p.kind == kLeftSchizzy || p.kind == kRightSchizzy)
        for (const Move& m : moves) schizzy.insert(square_name(start.shape(), m.to));
      if (p.kind == kPawn) {
        EXPECT_EQ(moves.size(), 2u);
      }
    }
    EXPECT_EQ(total, 28) << color_name(side);
    EXPECT_EQ(schizzy, side == Color::White ? squares("b4 d4 b5 d5 g4 i4 g5 i5")
                                            : squares("b7 d7 b6 d6 g7 i7 g6 i6"));
  }
}


// --- The game: legal moves, steps, results ---------------------------------

State state_of(const std::string& fen) {
  auto s = variant().parse_state(fen);
  EXPECT_TRUE(s.ok()) << fen << ": " << (s.ok() ? "" : s.error());
  return s.ok() ? *s : variant().initial_state();
}

Role to_move(const State& s) { return s.position.side_to_move == Color::White ? Role::White : Role::Black; }

std::set<std::string> legal_texts(const State& s, const Readings& readings = {}) {
  std::set<std::string> out;
  for (const Move& m : variant().actions(s, to_move(s), readings)) out.insert(variant().move_text(s, m));
  return out;
}

// Plays moves given in the extended notation; each must be legal.
StepResult play_moves(State s, const std::string& moves, const Readings& readings = {}) {
  std::istringstream in(moves);
  std::optional<StepResult> last;
  for (std::string text; in >> text;) {
    auto m = variant().parse_action(s, to_move(s), text, readings);
    EXPECT_TRUE(m.ok()) << text << ": " << (m.ok() ? "" : m.error());
    if (!m.ok()) break;
    last = variant().step(s, {Action{to_move(s), *m}}, readings);
    s = last->state;
  }
  EXPECT_TRUE(last.has_value());
  return last ? *last : StepResult{s, {}};
}

// The extended FEN cannot write a counter below zero; a position built in
// code can. Its existentialist has no move number: it does not move, and the
// invariant checker names the counter.
TEST(Existentialist, AnExistentialistWithACounterBelowZeroDoesNotMove) {
  auto from_e5 = [](const State& s) {
    int n = 0;
    for (const std::string& m : legal_texts(s)) n += m.find("e5") != std::string::npos;
    return n;
  };
  EXPECT_GT(from_e5(state_of("10/9k/10/10/10/4X5/10/10/10/K9 w - - 0 1")), 0);  // its first move: any empty square
  for (int counter : {-1, -3, -10, -32768}) {
    State s = state_of("10/9k/10/10/10/4X5/10/10/10/K9 w - - 0 1");
    PieceId x = s.position.occupant(*parse_square(s.position.shape(), "e5"));
    ASSERT_NE(x, kNoPiece);
    s.position.set_counter(x, static_cast<std::int16_t>(counter));
    EXPECT_EQ(from_e5(s), 0) << counter;
    bool named = false;
    for (const InvariantViolation& v : check_position(s.position)) named = named || v.label == "existentialist.counter_range";
    EXPECT_TRUE(named) << counter;
  }
}

TEST(Existentialist, PerftTableMatches) {
  auto table = report::read_perft_table(test::source_path("corpus/perft/existentialist.epd"));
  ASSERT_TRUE(table.ok()) << table.error();
  for (const auto& e : *table)
    for (const auto& [depth, nodes] : e.depths) EXPECT_EQ(variant().perft(*variant().parse_state(e.fen), depth), nodes) << "D" << depth;
}

// Depth 1 from the diagram, counted piece by piece without the rules code.
TEST(Existentialist, StartPositionMovesCountedFromTheDiagram) {
  State s = variant().initial_state();
  int empty_light = 0;
  for (Square q = 0; q < kShape.size(); ++q)
    if (s.position.empty(q) && (kShape.file_of(q) + kShape.rank_of(q)) % 2 == 1) ++empty_light;
  // Pawns 10 x 2, schizzies 8, the existentialist's first move 40 (every
  // empty square), two teleporters on dark squares to every empty light
  // square, the archer into K, BOB, V, Z and three pawns, the zednick into
  // the archer and three pawns.
  EXPECT_EQ(empty_light, 20);
  EXPECT_EQ(legal_texts(s).size(), 20u + 8u + 40u + 2u * empty_light + 7u + 4u);
}

TEST(Existentialist, DazzlerJumpsCastSpellsForOneTurn) {
  // The dazzler e5 jumps its own pawn e6 (invulnerable) or the black knight
  // f6 (dazzled: it may not move on Black's turn).
  StepResult r = play_moves(state_of("9k/10/10/10/4Pn4/4D5/10/10/10/K9 w - - 0 1"), "e5e7");
  EXPECT_EQ(variant().fen(r.state), "9k/10/10/4D5/4P{invulnerable}n4/10/10/10/10/K9 b - - 1 1");
  EXPECT_TRUE(r.trace.fired(clause::kDazzlerFriendInvulnerable));
  r = play_moves(state_of("9k/10/10/10/4Pn4/4D5/10/10/10/K9 w - - 0 1"), "e5g7");
  EXPECT_EQ(variant().fen(r.state), "9k/10/10/6D3/4Pn{dazzled}4/10/10/10/10/K9 b - - 1 1");
  for (const std::string& m : legal_texts(r.state)) EXPECT_NE(m.substr(0, 2), "f6") << m;
  // Black's turn over, the spell is gone.
  r = play_moves(r.state, "j10j9");
  EXPECT_EQ(variant().fen(r.state), "10/9k/10/6D3/4Pn4/10/10/10/10/K9 w - - 2 2");
}

TEST(Existentialist, DazzlerCannonCapturesAlongRanksAndFilesOnly) {
  // Over the pawn e6 to the rook e9; not diagonally over f6 to the bishop h8
  // (FAQ 10, existentialist.dazzler.cannon_not_diagonal); the two-square
  // jump over f6 to g7 still goes diagonally (existentialist.dazzler.moves).
  State s = state_of("9k/4r5/7b2/10/4PP4/4D5/10/10/10/K9 w - - 0 1");
  std::set<std::string> moves = legal_texts(s);
  EXPECT_TRUE(moves.count("e5e9"));
  EXPECT_FALSE(moves.count("e5h8"));
  EXPECT_TRUE(moves.count("e5g7"));
}

TEST(Existentialist, HyenaFreezesAdjacentEnemiesButNotTheDazzler) {
  // The black hyena e6 freezes the white rook d5 but not the dazzler f5.
  State s = state_of("9k/10/10/10/4h5/3R1D4/10/10/10/K9 w - - 0 1");
  std::set<std::string> moves = legal_texts(s);
  for (const std::string& m : moves) EXPECT_NE(m.substr(0, 2), "d5") << m;
  EXPECT_TRUE(moves.count("f5f6"));
}

TEST(Existentialist, ArcherShootsTheFirstPieceWithinTwoAndRestsAfterThree) {
  State s = state_of("9k/10/10/4p1n3/10/4[SA]5/10/10/10/K9 w - - 0 1");
  std::set<std::string> moves = legal_texts(s);
  EXPECT_TRUE(moves.count("e5e7a"));
  EXPECT_TRUE(moves.count("e5g7a"));
  StepResult r = play_moves(s, "e5e7a");
  EXPECT_TRUE(r.state.position.empty(*parse_square(kShape, "e7")));
  EXPECT_EQ(r.state.position.piece(r.state.position.at(*parse_square(kShape, "e5"))[1]).counter, 1);
  // Three shots in a row, then no shot on the fourth turn.
  State tired = state_of("9k/10/10/4p5/10/4[SA{c=3}]5/10/10/10/K9 w - - 0 1");
  EXPECT_FALSE(legal_texts(tired).count("e5e7a"));
  // Any other move is its rest; then it may shoot again.
  r = play_moves(tired, "a1b1 j10j9");
  EXPECT_TRUE(legal_texts(r.state).count("e5e7a"));
}

TEST(Existentialist, KingArcherSurvivesTheFirstBlowAndMustAnswerTheSecond) {
  StepResult r = play_moves(state_of("4r4k/10/10/10/10/10/10/10/10/4[KA]5 b - - 0 1"), "e10e1");
  EXPECT_EQ(variant().fen(r.state), "9k/10/10/10/10/10/10/10/10/4[Kr]5 w - - 0 2");
  EXPECT_TRUE(r.trace.fired(clause::kKingArcherIntruder));
  std::set<std::string> answers = legal_texts(r.state);
  EXPECT_TRUE(answers.count("e1e1"));  // the king takes the intruder
  for (const std::string& m : answers) EXPECT_EQ(m.substr(0, 2), "e1") << m;
}

// existentialist.king_enters_king_square: a king/archer next to the enemy
// king/archer enters its square only under the enters_then_* alternatives,
// and what the enemy king's capture of it kills decides the game.
TEST(Existentialist, KingArcherEntersTheEnemyKingArcherSquareOnlyUnderItsReading) {
  const std::string fen = "10/10/10/10/10/5[ka]4/4[KA]5/10/10/10 w - - 0 1";
  EXPECT_FALSE(legal_texts(state_of(fen)).count("e4f5"));
  // A bare king, or one whose archer must rest, never enters.
  Readings taken;
  taken.choose(reading::kKingEntersKingSquare, "enters_then_king_taken");
  EXPECT_FALSE(
      legal_texts(state_of("10/10/10/10/10/5[ka]4/4K5/10/10/10 w - - 0 1"), taken).count("e4f5"));
  EXPECT_FALSE(legal_texts(state_of("10/10/10/10/10/5[ka]4/4[KA{c=3}]5/10/10/10 w - - 0 1"), taken)
                   .count("e4f5"));

  StepResult r = play_moves(state_of(fen), "e4f5", taken);
  EXPECT_EQ(variant().fen(r.state), "10/10/10/10/10/5[kKA]4/10/10/10/10 b - - 0 1");
  EXPECT_TRUE(variant().check_invariants(r.state).empty());
  EXPECT_EQ(r.state.outcome.result, Result::Ongoing);
  bool consulted = false;
  for (const auto& [point, alt] : r.trace.readings())
    consulted =
        consulted || (point == reading::kKingEntersKingSquare && alt == "enters_then_king_taken");
  EXPECT_TRUE(consulted);
  // A step away ends next to the white king; the capture takes king and archer.
  EXPECT_EQ(legal_texts(r.state, taken), std::set<std::string>{"f5f5"});
  r = play_moves(r.state, "f5f5", taken);
  EXPECT_EQ(r.state.outcome.result, Result::BlackWins);
  EXPECT_TRUE(r.trace.fired(clause::kKingKilled));
  EXPECT_TRUE(variant().check_invariants(r.state).empty());

  // enters_then_archer_first: the capture would leave the bare black king on
  // the white king's square, so Black has no move: checkmate.
  Readings first;
  first.choose(reading::kKingEntersKingSquare, "enters_then_archer_first");
  r = play_moves(state_of(fen), "e4f5", first);
  EXPECT_EQ(r.state.outcome.result, Result::WhiteWins);
  EXPECT_TRUE(r.trace.fired(clause::kCheckmate));
  EXPECT_TRUE(variant().check_invariants(r.state).empty());
}

// existentialist.king.attacks_like_orthodox_king: a king attacks the squares
// next to it, the enemy king's included, as an orthodox king does, though no
// king is ever taken; under every reading of
// existentialist.king_enters_king_square.
TEST(Existentialist, AKingAttacksTheSquaresNextToItAsAnOrthodoxKing) {
  std::vector<Readings> all(1);
  for (const char* alt : {"never", "enters_then_king_taken", "enters_then_archer_first"}) {
    all.emplace_back();
    all.back().choose(reading::kKingEntersKingSquare, alt);
  }
  // A bare king never steps next to the bare enemy king.
  const std::string kings = "4k5/10/4K5/10/10/10/10/10/10/10 w - - 0 1";
  for (const Readings& r : all) {
    std::set<std::string> moves = legal_texts(state_of(kings), r);
    EXPECT_FALSE(moves.count("e8e9"));
    EXPECT_FALSE(moves.count("e8d9"));
    EXPECT_FALSE(moves.count("e8f9"));
    EXPECT_TRUE(moves.count("e8e7"));
  }
  // King and rook mate in the corner: the white king keeps the black king
  // from a9 and b9, and the clause is recorded with the checkmate.
  const std::string corner = "k9/10/1K8/10/10/10/10/10/10/9R w - - 0 1";
  for (const Readings& r : all) {
    StepResult step = play_moves(state_of(corner), "j1j10", r);
    EXPECT_EQ(step.state.outcome.result, Result::WhiteWins);
    EXPECT_TRUE(step.trace.fired(clause::kCheckmate));
    EXPECT_TRUE(step.trace.fired(clause::kKingAttacksLikeOrthodox));
  }
  // Without the rook's check the black king has a move, and the clause is
  // not recorded by a step that does not ask it.
  StepResult quiet = play_moves(state_of(corner), "j1j2");
  EXPECT_EQ(quiet.state.outcome.result, Result::Ongoing);
  EXPECT_FALSE(quiet.trace.fired(clause::kKingAttacksLikeOrthodox));
  EXPECT_EQ(legal_texts(quiet.state), (std::set<std::string>{"a10b10"}));
  // The enemy king's squares stop castling through them: the black king on
  // d2 attacks e1, which the white king crosses, and d1, where it would stand.
  const std::string castle = "10/10/10/10/10/10/10/10/3k6/1S3K4 w Q - 0 1";
  for (const Readings& r : all) {
    std::set<std::string> moves = legal_texts(state_of(castle), r);
    EXPECT_FALSE(moves.count("f1d1"));
    EXPECT_FALSE(moves.count("f1e1"));
    EXPECT_TRUE(moves.count("f1g1"));
  }
  // With the black king a rank further the castling stands.
  EXPECT_TRUE(legal_texts(state_of("10/10/10/10/10/10/10/3k6/10/1S3K4 w Q - 0 1")).count("f1d1"));
  // A king/archer next to the enemy king/archer attacks it whether or not it
  // may enter its square. (The white archer must rest, so that no arrow
  // reaches f5.)
  State archers = state_of("10/10/10/10/10/5[ka]4/4[KA{c=3}]5/10/10/10 w - - 0 1");
  const Position& pos = archers.position;
  Square f5 = pos.shape().square(5, 4);
  for (const Readings& r : all) EXPECT_TRUE(attacked(pos, f5, Color::Black, Rules{&r, nullptr}));
  // A king/archer, which may ignore check, steps next to a bare king on the
  // edge: it stands in check and gives check, and the bare king, which may
  // neither step next to it nor enter its square, is mated.
  const std::string lone = "4k5/10/4[KA]5/10/10/10/10/10/10/10 w - - 0 1";
  for (const Readings& r : all) {
    StepResult step = play_moves(state_of(lone), "e8e9", r);
    EXPECT_TRUE(step.trace.fired(clause::kKingAttacksLikeOrthodox));
    EXPECT_TRUE(step.trace.fired(clause::kKingArcherIgnoresCheck));
    EXPECT_EQ(step.state.outcome.result, Result::WhiteWins);
    EXPECT_TRUE(step.trace.fired(clause::kCheckmate));
  }
}

// existentialist.adventurist_long_move_from_first_rank: the notes let an
// adventurist on its own first rank make its long move, FAQ 6 names the
// second and third ranks only.
TEST(Existentialist, AdventuristLongMoveFromTheFirstRankFollowsItsReading) {
  Readings faq6;
  faq6.choose(reading::kAdventuristFirstRank, "second_or_third_rank_only");
  State first = state_of("9k/10/10/10/10/10/10/10/10/K3[(ADV)Z]5 w - - 0 1");
  EXPECT_TRUE(legal_texts(first).count("e1e3"));
  EXPECT_TRUE(legal_texts(first).count("e1e4"));
  EXPECT_FALSE(legal_texts(first, faq6).count("e1e3"));
  EXPECT_FALSE(legal_texts(first, faq6).count("e1e4"));
  EXPECT_TRUE(legal_texts(first, faq6).count("e1e2"));
  // From the second rank both readings allow it.
  State second = state_of("9k/10/10/10/10/10/10/10/4[(ADV)Z]5/K9 w - - 0 1");
  EXPECT_TRUE(legal_texts(second).count("e2e4"));
  EXPECT_TRUE(legal_texts(second, faq6).count("e2e4"));
}

// A hyena the enemy dazzler jumped must move, unless it has no legal move
// because the player is in check (existentialist.hyena.jumped_must_move) or
// because every move would expose the king (existentialist.hyena.pinned_need_not_move):
// then the player makes any other legal move.
TEST(Existentialist, AJumpedHyenaWithNoLegalMoveFreesThePlayer) {
  State in_check = state_of("9k/10/10/10/10/10/10/2H{dazzled}7/1d8/K9 w - - 1 2");
  EXPECT_EQ(legal_texts(in_check), std::set<std::string>{"a1b2"});
  State pinned = state_of("9k/10/10/10/10/10/4d5/4H{dazzled}d4/4N5/4K5 w - - 1 2");
  EXPECT_EQ(legal_texts(pinned), std::set<std::string>{"e1d2"});
  Readings defaults;
  Trace pinned_trace, check_trace;
  legal_moves(pinned.position, Rules{&defaults, &pinned_trace});
  EXPECT_TRUE(pinned_trace.fired(clause::kHyenaMustMove));
  EXPECT_TRUE(pinned_trace.fired(clause::kHyenaPinnedException));
  legal_moves(in_check.position, Rules{&defaults, &check_trace});
  EXPECT_TRUE(check_trace.fired(clause::kHyenaMustMove));
  EXPECT_FALSE(check_trace.fired(clause::kHyenaPinnedException));
}

// Random play where two kings/archers meet keeps the invariants under every
// alternative of existentialist.king_enters_king_square (the invariants hold
// no readings, so they must accept what each alternative reaches), and each
// game a king is taken in ends with that king's side losing.
TEST(Existentialist, KingsArchersMeetingKeepTheInvariantsUnderEveryReading) {
  const ReadingPoint* point = find_reading(readings(), reading::kKingEntersKingSquare);
  ASSERT_NE(point, nullptr);
  for (const Alternative& alt : point->alternatives) {
    Readings chosen;
    chosen.choose(point->id, alt.id);
    std::uint32_t seed = 7;
    auto next = [&seed](std::size_t n) {
      seed = seed * 1664525u + 1013904223u;
      return static_cast<std::size_t>((seed >> 8) % n);
    };
    int entered = 0;  // positions with both kings on one square
    for (int game = 0; game < 40; ++game) {
      State s = state_of("10/10/10/4r5/5[ka]4/3[KA]6/4R5/10/10/10 w - - 0 1");
      for (int ply = 0; ply < 30 && !s.outcome.over(); ++ply) {
        std::vector<Move> moves = variant().actions(s, to_move(s), chosen);
        ASSERT_FALSE(moves.empty()) << variant().fen(s);
        StepResult r = variant().step(s, {Action{to_move(s), moves[next(moves.size())]}}, chosen);
        for (const InvariantViolation& v : variant().check_invariants(r.state))
          ADD_FAILURE() << alt.id << ": " << v.label << " after " << variant().fen(s) << ": "
                        << v.detail;
        if (r.state.outcome.clause == clause::kKingKilled) {
          EXPECT_EQ(alt.id, "enters_then_king_taken") << variant().fen(s);
        }
        Square kings[2] = {kNoSquare, kNoSquare};
        for (const Piece& p : r.state.position.pieces())
          if (p.on_board() && p.kind == kKing) kings[static_cast<int>(p.color)] = p.square;
        entered += kings[0] != kNoSquare && kings[0] == kings[1];
        s = r.state;
      }
    }
    if (alt.id == "never")
      EXPECT_EQ(entered, 0);
    else
      EXPECT_GT(entered, 0) << alt.id;
  }
}

// existentialist.archer_joins_shield: under entered_square (and any_square)
// the archer steps into a square of the shield and stays on it whichever way the
// shield moves, until a blast takes its square; under never (and under
// existentialist.confabulate_once=once) no archer joins a shield. Seeded
// random play, the invariants checked after every step.
TEST(Existentialist, AnArcherJoinsAShieldOnlyUnderItsReadingAndKeepsItsSquare) {
  struct Case {
    std::string_view point, alt;
    bool joins;
  };
  const Case cases[] = {{reading::kArcherJoinsShield, "entered_square", true},
                        {reading::kArcherJoinsShield, "any_square", true},
                        {reading::kArcherJoinsShield, "never", false},
                        {reading::kConfabulateOnce, "once", false}};
  for (const Case& c : cases) {
    Readings chosen;
    chosen.choose(c.point, c.alt);
    std::uint32_t seed = 11;
    auto next = [&seed](std::size_t n) {
      seed = seed * 1664525u + 1013904223u;
      return static_cast<std::size_t>((seed >> 8) % n);
    };
    int joined = 0, carried = 0;  // positions with the archer in the shield; shield moves carrying it
    for (int game = 0; game < 40; ++game) {
      State s = state_of("9k/10/10/10/6x{c=15}3/3p2h3/10/2A7/2(SH){p=d2}(SH){p=e2}(SH){p=c2}5/K9 w - - 0 1");
      for (int ply = 0; ply < 30 && !s.outcome.over(); ++ply) {
        std::vector<Move> moves = variant().actions(s, to_move(s), chosen);
        if (moves.empty()) break;
        // Prefer the archer's entry and the shield's moves, so that games
        // reach them often.
        Move m = moves[next(moves.size())];
        for (const Move& candidate : moves) {
          const Position& pos = s.position;
          if (pos.empty(candidate.from) || next(2) == 0) continue;
          bool into_shield = false;
          for (PieceId id : pos.at(candidate.to)) into_shield = into_shield || pos.piece(id).kind == kShield;
          for (PieceId id : pos.at(candidate.from))
            if (pos.piece(id).kind == kShield || (pos.piece(id).kind == kArcher && into_shield)) m = candidate;
        }
        StepResult r = variant().step(s, {Action{to_move(s), m}}, chosen);
        for (const InvariantViolation& v : variant().check_invariants(r.state))
          ADD_FAILURE() << c.alt << ": " << v.label << " after " << variant().fen(s) << ": " << v.detail;
        auto archer_in_shield = [](const Position& pos) {
          for (const Piece& p : pos.pieces()) {
            if (!p.on_board() || p.kind != kArcher) continue;
            for (PieceId id : pos.at(p.square))
              if (pos.piece(id).kind == kShield) return true;
          }
          return false;
        };
        bool before = archer_in_shield(s.position), after = archer_in_shield(r.state.position);
        joined += after;
        if (before) {
          // Once in, it stays in while its square stands: only a blast
          // (a move of the existentialist) takes it out.
          bool archer_alive = false;
          for (const Piece& p : r.state.position.pieces())
            archer_alive = archer_alive || (p.on_board() && p.kind == kArcher && p.color == Color::White);
          if (archer_alive) {
            EXPECT_TRUE(after) << c.alt << " after " << variant().fen(s);
          }
          bool shield_moved = false;
          for (PieceId id : s.position.at(m.from)) shield_moved = shield_moved || s.position.piece(id).kind == kShield;
          carried += shield_moved && m.promotion != kArcher && after;
        }
        s = r.state;
      }
    }
    if (c.joins) {
      EXPECT_GT(joined, 0) << c.alt;
      EXPECT_GT(carried, 0) << c.alt;
    } else {
      EXPECT_EQ(joined, 0) << c.alt;
    }
  }
}

// The attack test without a trace aims at its target (Gen::aimed: steps and
// pieces that cannot reach it are passed over); with a trace it generates
// every unit's moves as generation does. Both must answer alike, for every
// square and colour of positions reached by seeded random play from the
// start and the scenario files, under the defaults and every alternative.
TEST(Existentialist, TheAimedAttackTestAnswersAsTheFullOne) {
  std::vector<State> starts = start_states(variant(), test::source_path("corpus/scenarios"));
  ASSERT_GT(starts.size(), 1u);
  std::vector<Readings> sets(1);
  for (const ReadingPoint& point : readings())
    for (const Alternative& alt : point.alternatives) {
      sets.emplace_back();
      sets.back().choose(point.id, alt.id);
    }
  std::uint32_t seed = 11;
  auto next = [&seed](std::size_t n) {
    seed = seed * 1664525u + 1013904223u;
    return static_cast<std::size_t>((seed >> 8) % n);
  };
  int attacks = 0, plies = 0;
  // Three games under each set of readings.
  std::vector<Readings> games;
  for (const Readings& chosen : sets) games.insert(games.end(), 3, chosen);
  for (const Readings& chosen : games) {
    State s = starts[next(starts.size())];
    for (int ply = 0; ply < 16 && !s.outcome.over(); ++ply) {
      ++plies;
      const Position& pos = s.position;
      for (Square sq = 0; sq < pos.shape().size(); ++sq)
        for (Color c : {Color::White, Color::Black})
          for (bool arrows_only : {false, true}) {
            Trace trace;
            bool full = attacked(pos, sq, c, Rules{&chosen, &trace}, arrows_only);
            bool aimed = attacked(pos, sq, c, Rules{&chosen, nullptr}, arrows_only);
            ASSERT_EQ(aimed, full) << variant().fen(s) << " square " << square_name(pos.shape(), sq)
                                   << (c == Color::White ? " white" : " black") << (arrows_only ? " arrows" : "");
            attacks += full;
          }
      std::vector<Move> moves = variant().actions(s, to_move(s), chosen);
      if (moves.empty()) break;
      s = variant().step(s, {Action{to_move(s), moves[next(moves.size())]}}, chosen).state;
    }
  }
  EXPECT_GT(plies, 500);     // the games go on
  EXPECT_GT(attacks, 1000);  // and are not all quiet
}

TEST(Existentialist, CheckmateAndTheBlastDecideTheGame) {
  // Rook a10 checks along the tenth rank; the king escapes to the ninth.
  StepResult r = play_moves(state_of("9k/10/R9/1R8/10/10/10/10/10/K9 w - - 0 1"), "a8a10");
  EXPECT_EQ(r.state.outcome.result, Result::Ongoing);
  // With the ninth rank held by the other rook it is mate.
  r = play_moves(state_of("9k/10/R9/1R8/10/10/10/10/10/K9 w - - 0 1"), "b7b9 j10i10 a8a10");
  EXPECT_EQ(r.state.outcome.result, Result::WhiteWins);
  EXPECT_TRUE(r.trace.fired(clause::kCheckmate));
  // The twentieth move's blast from e6 reaches a2 (White's own king) but not
  // j10: White loses (existentialist.own_king_in_blast=loses).
  r = play_moves(state_of("9k/10/10/10/10/4X{c=19}5/10/10/K9/10 w - - 0 1"), "e5e6");
  EXPECT_EQ(r.state.outcome.result, Result::BlackWins);
  EXPECT_TRUE(r.trace.fired(clause::kKingKilled));
  // With the black king on i10 the blast kills both kings: a draw.
  r = play_moves(state_of("8k1/10/10/10/10/4X{c=19}5/10/10/K9/10 w - - 0 1"), "e5e6");
  EXPECT_EQ(r.state.outcome.result, Result::Draw);
  EXPECT_TRUE(r.trace.fired(clause::kBothKingsKilled));
  // From f6 the blast reaches neither king.
  r = play_moves(state_of("8k1/10/10/10/10/4X{c=19}5/10/10/K9/10 w - - 0 1"), "e5f6");
  EXPECT_EQ(r.state.outcome.result, Result::Ongoing);
}

TEST(Existentialist, HibernationLastsTwentyPliesAndTheExistentialistWakesToItsFirstMove) {
  State s = state_of("9k/10/10/10/10/4X{c=9}5/10/10/10/K9 w - - 0 1");
  StepResult r = play_moves(s, "e5e6");
  EXPECT_TRUE(r.trace.fired(clause::kHibernation));
  std::string shuffle;
  for (int i = 0; i < 10; ++i) shuffle += i % 2 == 0 ? "j10j9 a1b1 " : "j9j10 b1a1 ";
  r = play_moves(r.state, shuffle);
  EXPECT_TRUE(r.trace.fired(clause::kWakeRestarts));
  EXPECT_EQ(r.state.position.side_to_move, Color::Black);  // Player B's chance to capture it
  const Piece& x = r.state.position.piece(r.state.position.occupant(*parse_square(kShape, "e6")));
  EXPECT_FALSE(x.has(kFlagHibernating));
  EXPECT_EQ(next_stage(x), 1);
}

TEST(Existentialist, ZednickAndTeleporterMakeTheTextsShield) {
  // "a shield which fills the squares d2 and e2 could move up to d3-e3, back
  // to d1-e1, or laterally to b2-c2, c2-d2, e2-f2 or f2-g2"
  StepResult r = play_moves(state_of("9k/10/10/10/10/10/10/10/3ZT5/K9 w - - 0 1"), "d2e2 j10j9");
  std::set<std::string> shield;
  for (const std::string& m : legal_texts(r.state))
    if (m.substr(0, 2) == "d2") shield.insert(m.substr(2));
  EXPECT_EQ(shield, squares("d3 d1 b2 c2 e2 f2"));
}

// --- Fairy-Stockfish cross-check --------------------------------------------

// Positions of pieces Fairy-Stockfish 11.1 can express: the squire is its
// "bers" (rook + ferz), the viceroy its "dragonHorse" (bishop + wazir), the
// crowned knight its "centaur" (knight + king, not royal); kings, queens,
// rooks, bishops, knights, and pawns off their start rank (no double step,
// no castling rights). The engine writes the crowned knight as C.
std::string engine_fen(std::string fen) {
  for (auto [ours, theirs] : {std::pair<std::string, std::string>{"(CN)", "C"}, {"(cn)", "c"}}) {
    for (std::size_t at = fen.find(ours); at != std::string::npos; at = fen.find(ours)) fen.replace(at, ours.size(), theirs);
  }
  return fen;
}

constexpr std::string_view kFairyIni =
    "[existential10:chess]\n"
    "maxRank = 10\n"
    "maxFile = j\n"
    "bers = s\n"
    "dragonHorse = v\n"
    "centaur = c\n"
    "castling = false\n"
    "doubleStep = false\n"
    "promotionRank = 10\n";

TEST(ExistentialistFairyStockfish, PerftAgreesOnPositionsOfPiecesItCanExpress) {
  std::string ini = testing::TempDir() + "existentialist-fsf-variants.ini";
  {
    std::ofstream out(ini);
    out << kFairyIni;
  }
  // The engine's own check of the file first.
  auto program = uci::find_program("fairy-stockfish");
  if (!program && std::filesystem::exists("/usr/games/fairy-stockfish")) program = "/usr/games/fairy-stockfish";
  ASSERT_TRUE(program.has_value()) << "fairy-stockfish is not installed (Debian package fairy-stockfish)";
  std::string log = testing::TempDir() + "existentialist-fsf-check.txt";
  int status = std::system((*program + " check " + ini + " > " + log + " 2>&1").c_str());
  EXPECT_EQ(status, 0);
  std::ifstream check_log(log);
  std::string checked((std::istreambuf_iterator<char>(check_log)), std::istreambuf_iterator<char>());
  EXPECT_NE(checked.find("existential10"), std::string::npos) << checked;
  EXPECT_EQ(checked.find("nvalid"), std::string::npos) << checked;

  auto started = uci::start_fairy_stockfish(std::chrono::milliseconds(20000));
  ASSERT_TRUE(std::holds_alternative<uci::UciEngine>(started)) << std::get<uci::EngineError>(started).message;
  uci::UciEngine& engine = std::get<uci::UciEngine>(started);
  ASSERT_EQ(engine.set_option("VariantPath", ini), std::nullopt);
  ASSERT_EQ(engine.reload_options(), std::nullopt);
  ASSERT_EQ(engine.set_option("UCI_Variant", "existential10"), std::nullopt);

  struct Case {
    const char* fen;
    int depth;
  };
  const Case cases[] = {
      {"9k/10/10/10/10/4S5/10/2(CN)7/10/K4V4 w - - 0 1", 3},
      {"4k5/1s3v2P1/2(cn)4q2/3p2p3/2P3n3/10/1N2P1(CN)3/3S2b3/2V3R3/5K4 w - - 0 1", 3},
      {"4k5/1s3v2P1/2(cn)4q2/3p2p3/2P3n3/10/1N2P1(CN)3/3S2b3/2V3R3/5K4 b - - 0 1", 3},
      {"r3k4r/10/2s4s2/10/10/10/10/2V4V2/10/R3K4R w - - 0 1", 3},
  };
  const Variant& v = variant();
  auto divide = [&](std::string_view fen, int depth) {
    uci::Divide out;
    State s = *v.parse_state(fen);
    for (const Move& m : v.actions(s, to_move(s))) {
      State next = v.apply(s, {Action{to_move(s), m}}, {});
      out.emplace_back(v.move_text(s, m), depth <= 1 ? 1 : v.perft(next, depth - 1));
    }
    return out;
  };
  auto fen_after = [&](std::string_view fen, std::string_view move) {
    State s = *v.parse_state(fen);
    auto m = v.parse_action(s, to_move(s), move);
    if (!m.ok()) throw std::runtime_error(m.error());
    return v.fen(v.apply(s, {Action{to_move(s), *m}}, {}));
  };
  uci::DivideSide ours = uci::fen_side("arbiter", divide, fen_after);
  uci::DivideSide theirs;
  theirs.name = "fairy-stockfish";
  theirs.divide = [&](std::string_view root, std::span<const std::string> moves, int depth) -> uci::DivideResult {
    auto r = engine.perft_divide(engine_fen(std::string(root)), depth, moves);
    if (auto* e = std::get_if<uci::EngineError>(&r)) return e->message;
    return std::get<uci::PerftDivide>(r).moves;
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.fen);
    ASSERT_TRUE(v.parse_state(c.fen).ok());
    // A letter the engine does not know would be dropped silently: the FEN
    // it reads back must be the one sent.
    std::string sent = engine_fen(c.fen);
    auto echoed = engine.position_fen(sent);
    ASSERT_TRUE(std::holds_alternative<std::string>(echoed)) << std::get<uci::EngineError>(echoed).message;
    const std::string& back = std::get<std::string>(echoed);
    EXPECT_EQ(back.substr(0, back.find(' ')), sent.substr(0, sent.find(' ')));
    uci::CrosscheckResult result = uci::crosscheck_divide(c.fen, c.depth, ours, theirs);
    EXPECT_TRUE(result.agrees()) << result.report() << result.error;
  }
}

}  // namespace
}  // namespace arbiter::existentialist
