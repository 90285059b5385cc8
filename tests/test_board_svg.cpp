// Board diagrams as a rule author reads them: chess glyphs for the orthodox
// pieces, named discs for fairy ones, every piece of a shared square in its
// own box, arrows that tell the sides apart even over one square, marks once
// per square, the FEN's fields under the board, no ids repeated on a page,
// and well-formed XML.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/core/fen.h"
#include "model/variants/registry.h"
#include "reports/board_svg.h"
#include "tests/support/run.h"

namespace arbiter::report {
namespace {

const Variant& variant(std::string_view id) {
  const Variant* v = find_variant(id);
  EXPECT_NE(v, nullptr) << id;
  return *v;
}

State state_of(const Variant& v, const std::string& fen) {
  auto s = v.parse_state(fen);
  EXPECT_TRUE(s.ok()) << v.id() << ": " << (s.ok() ? "" : s.error());
  return *s;
}

Square square(const Position& pos, std::string_view name) {
  return *parse_square(pos.shape(), name);
}

std::size_t count(const std::string& text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The board part of a diagram (the legend draws swatches of the same kinds).
std::string board_part(const std::string& svg) {
  return svg.substr(0, svg.find("<g data-legend"));
}
std::string legend_part(const std::string& svg) {
  std::size_t at = svg.find("<g data-legend");
  return at == std::string::npos ? std::string() : svg.substr(at);
}

// Each element that opens with `open`, up to its first "</g>" (pieces and
// arrows hold no nested groups).
std::vector<std::string> groups(const std::string& svg, std::string_view open) {
  std::vector<std::string> out;
  for (std::size_t at = svg.find(open); at != std::string::npos; at = svg.find(open, at + 1))
    out.push_back(svg.substr(at, svg.find("</g>", at) + 4 - at));
  return out;
}

std::string attribute(const std::string& element, const std::string& name) {
  std::size_t at = element.find(" " + name + "=\"");
  if (at == std::string::npos) return {};
  at += name.size() + 3;
  return element.substr(at, element.find('"', at) - at);
}
double number(const std::string& element, const std::string& name) {
  std::string v = attribute(element, name);
  return v.empty() ? NAN : std::stod(v);
}

// Cloak and Dagger after White's e2-e4, Black to guess; every checker still cloaked.
const std::string kCloakedStart =
    "r{cloaked,c=1}n{cloaked,c=2}b{cloaked,c=3}q{cloaked,c=4}k{cloaked,c=5}b{cloaked,c=6}n{cloaked,"
    "c=7}"
    "r{cloaked,c=8}/pppppppp/8/8/4P3/8/PPPP1PPP/"
    "R{cloaked,c=1}N{cloaked,c=2}B{cloaked,c=3}Q{cloaked,c=4}"
    "K{cloaked,c=5}B{cloaked,c=6}N{cloaked,c=7}R{cloaked,c=8} b - e3 0 1 bknown=???????? bpool=0 "
    "phase=guess "
    "wknown=???????? wpool=0";

// The notes under the board, their wrapped lines joined by spaces.
std::string notes_of(const std::string& svg) {
  std::string out;
  const std::string open = "data-note=\"\">";
  for (std::size_t at = svg.find(open); at != std::string::npos; at = svg.find(open, at + 1)) {
    std::size_t start = at + open.size();
    if (!out.empty()) out += ' ';
    out += svg.substr(start, svg.find("</text>", start) - start);
  }
  return out;
}

struct Box {
  double x, y, w, h;
};
Box box_of(const std::string& piece) {
  Box b{};
  std::sscanf(attribute(piece, "data-box").c_str(), "%lf %lf %lf %lf", &b.x, &b.y, &b.w, &b.h);
  return b;
}
bool overlap(const Box& a, const Box& b) {
  constexpr double e = 0.01;
  return a.x + e < b.x + b.w && b.x + e < a.x + a.w && a.y + e < b.y + b.h && b.y + e < a.y + a.h;
}

// Whether the figure in a piece group lies inside its box: a glyph about
// 0.8 of its font size wide and 0.9 high, a disc its circle, with its
// letters (about 0.64 of the font size each) across the disc.
void expect_figure_inside(const std::string& piece) {
  Box b = box_of(piece);
  if (piece.find("<circle") != std::string::npos) {
    std::string circle = piece.substr(piece.find("<circle"));
    double cx = number(circle, "cx"), cy = number(circle, "cy"), r = number(circle, "r");
    EXPECT_GE(cx - r, b.x - 0.1) << piece;
    EXPECT_LE(cx + r, b.x + b.w + 0.1) << piece;
    EXPECT_GE(cy - r, b.y - 0.1) << piece;
    EXPECT_LE(cy + r, b.y + b.h + 0.1) << piece;
    std::string text = piece.substr(piece.find("<text"));
    std::string letters =
        text.substr(text.find('>') + 1, text.find("</text>") - text.find('>') - 1);
    EXPECT_LE(letters.size() * 0.64 * number(text, "font-size"), 2 * r) << piece;
  } else {
    std::string text = piece.substr(piece.find("<text"));
    double font = number(text, "font-size"), x = number(text, "x");
    EXPECT_LE(font * 0.8, b.w + 0.1) << piece;
    EXPECT_LE(font * 0.9, b.h + 0.1) << piece;
    EXPECT_NEAR(x, b.x + b.w / 2, 0.2) << piece;
  }
}

TEST(BoardSvg, TheOrthodoxStartDrawsThirtyTwoChessGlyphsAndNoDisc) {
  const Variant& v = variant("orthodox");
  State s = v.initial_state();
  Diagram d = diagram_of(v, s);
  d.caption = "orthodox start";
  std::string svg = board_svg(d);
  auto pieces = groups(board_part(svg), "<g data-piece=");
  ASSERT_EQ(pieces.size(), 32u);
  int white = 0;
  for (const std::string& p : pieces) {
    EXPECT_EQ(count(p, "&#x265"), 1u) << p;  // one glyph of U+265A..U+265F
    EXPECT_EQ(p.find("<circle"), std::string::npos) << p;
    // White's glyphs are painted white and outlined, Black's dark.
    bool is_white = attribute(p, "data-piece")[0] == 'w';
    white += is_white;
    std::string text = p.substr(p.find("<text"));
    EXPECT_EQ(attribute(text, "fill"), is_white ? "#ffffff" : "#1a1a1a") << p;
    EXPECT_GT(number(text, "stroke-width"), 0) << p;
  }
  EXPECT_EQ(white, 16);
  EXPECT_EQ(svg.find("<circle"), std::string::npos);
  EXPECT_NE(svg.find("DejaVu Sans"), std::string::npos);
  // The legend names the six kinds, and the notes who is to move.
  std::string legend = legend_part(svg);
  for (const char* name : {"king", "queen", "rook", "bishop", "knight", "pawn"})
    EXPECT_NE(legend.find(std::string(">") + name + "</text>"), std::string::npos) << name;
  std::string notes = notes_of(svg);
  EXPECT_NE(notes.find("to move: White"), std::string::npos) << notes;
  EXPECT_NE(
      notes.find("castling rights: White kingside and queenside; Black kingside and queenside"),
      std::string::npos)
      << notes;
}

TEST(BoardSvg, ExistentialistFairyPiecesAreDiscsEachNamedInTheLegend) {
  const Variant& v = variant("existentialist");
  State s = v.initial_state();
  std::string svg = board_svg(diagram_of(v, s));
  std::string legend = legend_part(svg);
  std::set<std::string> codes;
  for (const std::string& p : groups(board_part(svg), "<g data-piece=")) {
    std::string code = attribute(p, "data-piece").substr(1);
    const PieceKind& kind = v.kinds()[*v.kinds().find(code)];
    bool orthodox = kind.name == "king" || kind.name == "queen" || kind.name == "rook" ||
                    kind.name == "bishop" || kind.name == "knight" || kind.name == "pawn";
    if (orthodox) {
      EXPECT_EQ(p.find("<circle"), std::string::npos) << p;
    } else {
      EXPECT_NE(p.find("<circle"), std::string::npos) << p;
      EXPECT_NE(p.find(">" + code + "</text>"), std::string::npos) << p;
      EXPECT_NE(legend.find(">" + kind.code + "</text>"), std::string::npos) << kind.code;
      EXPECT_NE(legend.find(">" + kind.name + "</text>"), std::string::npos) << kind.name;
    }
    expect_figure_inside(p);
    codes.insert(code);
  }
  EXPECT_TRUE(codes.count("BOB") && codes.count("LSC") && codes.count("CN")) << svg;
  // Only what the board shows: no wildcat, shield or adventurist at the start.
  for (const char* absent : {"wildcat", "shield", "adventurist"})
    EXPECT_EQ(legend.find(absent), std::string::npos);
}

TEST(BoardSvg, TwoDiagramsOnOnePageHaveNoIdInCommon) {
  const Variant& orthodox = variant("orthodox");
  State start = orthodox.initial_state();
  Diagram a = diagram_of(orthodox, start);
  a.arrows = {{square(start.position, "e2"), square(start.position, "e4"), Color::White}};
  a.refused = {{square(start.position, "g1"), square(start.position, "g3"), Color::White}};
  const Variant& parity = variant("parity");
  State shared = state_of(parity, "4k3/8/8/3[Pp]4/8/8/8/4K3 w - - 0 1");
  Diagram b = diagram_of(parity, shared);
  b.arrows = {{square(shared.position, "e1"), square(shared.position, "e2"), Color::White},
              {square(shared.position, "e8"), square(shared.position, "e7"), Color::Black}};
  b.marked = {square(shared.position, "d5")};
  std::string page = board_svg(a) + board_svg(b) + board_svg(a);
  std::multiset<std::string> ids;
  for (std::size_t at = page.find(" id=\""); at != std::string::npos;
       at = page.find(" id=\"", at + 1))
    ids.insert(page.substr(at + 5, page.find('"', at + 5) - at - 5));
  for (const std::string& id : ids) EXPECT_EQ(ids.count(id), 1u) << id;
  EXPECT_EQ(page.find("url(#"), std::string::npos);  // nothing refers to an id
}

// The shaft of an arrow group: its path's first and last points.
std::pair<std::pair<double, double>, std::pair<double, double>> shaft_ends(
    const std::string& arrow) {
  std::string d = attribute(arrow.substr(arrow.find("<path")), "d");
  std::vector<double> numbers;
  for (std::size_t i = 0; i < d.size();) {
    if (std::isdigit(static_cast<unsigned char>(d[i])) || d[i] == '-' || d[i] == '.') {
      std::size_t used = 0;
      numbers.push_back(std::stod(d.substr(i), &used));
      i += used;
    } else {
      ++i;
    }
  }
  return {{numbers[0], numbers[1]}, {numbers[numbers.size() - 2], numbers[numbers.size() - 1]}};
}

TEST(BoardSvg, OneSquareArrowsOfEachSideAreVisibleAndTellTheSidesApart) {
  const Variant& v = variant("orthodox");
  State s = state_of(v, "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1");
  const Position& pos = s.position;
  Diagram d{&pos};
  // A move and its reverse, one square each: White's e4-e5, Black's e5-e4.
  d.arrows = {{square(pos, "e4"), square(pos, "e5"), Color::White},
              {square(pos, "e5"), square(pos, "e4"), Color::Black}};
  std::string svg = board_svg(d);
  auto white = groups(board_part(svg), "<g data-arrow=\"white\"");
  auto black = groups(board_part(svg), "<g data-arrow=\"black\"");
  ASSERT_EQ(white.size(), 1u);
  ASSERT_EQ(black.size(), 1u);
  // Dash, head and colour all differ.
  EXPECT_EQ(white[0].find("stroke-dasharray"), std::string::npos);
  EXPECT_NE(black[0].find("stroke-dasharray"), std::string::npos);
  std::string white_head = white[0].substr(white[0].rfind("<path")),
              black_head = black[0].substr(black[0].rfind("<path"));
  EXPECT_NE(attribute(white_head, "fill"), "none");
  EXPECT_EQ(attribute(black_head, "fill"), "none");
  EXPECT_NE(attribute(white[0].substr(white[0].find("<path")), "stroke"),
            attribute(black[0].substr(black[0].find("<path")), "stroke"));
  // Each is long enough to see (most of a square: 36 units), and the two do
  // not lie on one another.
  auto [w0, w1] = shaft_ends(white[0]);
  auto [b0, b1] = shaft_ends(black[0]);
  EXPECT_GT(std::hypot(w1.first - w0.first, w1.second - w0.second), 15);
  EXPECT_GT(std::hypot(b1.first - b0.first, b1.second - b0.second), 15);
  EXPECT_GT(std::fabs(w0.first - b1.first), 10);
  // The legend shows both styles.
  std::string legend = legend_part(svg);
  EXPECT_NE(legend.find("White's move"), std::string::npos);
  EXPECT_NE(legend.find("Black's move"), std::string::npos);
}

TEST(BoardSvg, RefusedMovesAreCrossedOut) {
  const Variant& v = variant("orthodox");
  State s = v.initial_state();
  Diagram d = diagram_of(v, s);
  d.refused = {{square(s.position, "e1"), square(s.position, "e2"), Color::White}};
  std::string svg = board_svg(d);
  auto refused = groups(board_part(svg), "<g data-arrow=\"white refused\"");
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(count(refused[0], "<path"), 3u);  // shaft, head, cross
  EXPECT_NE(legend_part(svg).find("White's move, refused"), std::string::npos);
}

TEST(BoardSvg, ParityJustMovedSquaresAreMarked) {
  const Variant& v = variant("parity");
  State s = state_of(
      v, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 ep=e3,e6 justmoved=e4,e5");
  Diagram d = diagram_of(v, s);
  EXPECT_EQ(d.just_moved,
            (std::vector<Square>{square(s.position, "e4"), square(s.position, "e5")}));
  std::string svg = board_svg(d);
  auto marks = groups(svg, "<g data-mark=\"just-moved\"");
  ASSERT_EQ(marks.size(), 2u);
  // e4 and e5: the fifth file (x = 18 + 4 * 36), ranks 4 and 5 from the top.
  std::set<std::pair<double, double>> corners;
  for (const std::string& m : marks) corners.insert({number(m, "x"), number(m, "y")});
  EXPECT_EQ(corners, (std::set<std::pair<double, double>>{{162, 4 * 36}, {162, 3 * 36}}));
  EXPECT_NE(legend_part(svg).find("moved last turn"), std::string::npos);
  // The other field is a note in words, and justmoved= is not repeated there.
  std::string notes = notes_of(svg);
  EXPECT_NE(notes.find("en passant (last turn's double steps): e3, e6"), std::string::npos)
      << notes;
  EXPECT_EQ(svg.find("justmoved"), std::string::npos);
  EXPECT_NE(notes.find("to move: White and Black, at once; move 2"), std::string::npos) << notes;
}

TEST(BoardSvg, FieldsOfOtherGamesBecomeNotes) {
  const Variant& zeitgeist = variant("zeitgeist");
  State checked = state_of(
      zeitgeist, "rnbqkb1r/ppppp1pp/5p1n/7Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 1 3 checks=b");
  std::string notes = notes_of(board_svg(diagram_of(zeitgeist, checked)));
  EXPECT_NE(notes.find("in check after the last turn: Black"), std::string::npos) << notes;
  EXPECT_NE(notes.find("halfmove clock: 1"), std::string::npos) << notes;
  EXPECT_NE(notes.find("; move 3"), std::string::npos) << notes;

  const Variant& cloak = variant("cloak-dagger");
  State cloaked = state_of(cloak, kCloakedStart);
  Diagram d = diagram_of(cloak, cloaked);
  EXPECT_EQ(d.cloaked.size(), 16u);
  std::string svg = board_svg(d);
  EXPECT_EQ(count(svg, "<g data-mark=\"cloaked\""), 16u);
  EXPECT_NE(legend_part(svg).find("cloaked: identity hidden from the opponent"), std::string::npos);
  notes = notes_of(svg);
  EXPECT_NE(notes.find("to move: Black"), std::string::npos) << notes;
  EXPECT_NE(notes.find("en passant: e3"), std::string::npos) << notes;
  EXPECT_NE(notes.find("White's captured pawns, to drop back: 0"), std::string::npos) << notes;
  EXPECT_NE(notes.find("White's checkers 1-8 as Black knows them: ????????"), std::string::npos)
      << notes;
  EXPECT_NE(notes.find("phase: guess"), std::string::npos) << notes;
  EXPECT_NE(notes.find("piece counters (c=): a1=1, b1=2"), std::string::npos) << notes;
}

TEST(BoardSvg, ASquareMarkedTwiceIsOutlinedOnce) {
  const Variant& v = variant("orthodox");
  State s = v.initial_state();
  Diagram d = diagram_of(v, s);
  d.marked = {square(s.position, "e4"), square(s.position, "d5"), square(s.position, "e4"),
              kNoSquare};
  std::string svg = board_svg(d);
  EXPECT_EQ(count(svg, "<g data-mark=\"marked\""), 2u);
  EXPECT_NE(legend_part(svg).find(">marked square</text>"), std::string::npos);
  d.marked_meaning = "where pieces met";
  EXPECT_NE(legend_part(board_svg(d)).find(">where pieces met</text>"), std::string::npos);
}

// Every piece of a shared square in its own box, inside the square, with
// its figure inside the box.
void expect_separate_boxes(const std::string& svg, std::size_t pieces_expected) {
  std::map<std::string, std::vector<std::string>> by_square;
  for (const std::string& p : groups(board_part(svg), "<g data-piece="))
    by_square[attribute(p, "data-square")].push_back(p);
  std::size_t total = 0;
  for (const auto& [name, pieces] : by_square) {
    total += pieces.size();
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      expect_figure_inside(pieces[i]);
      for (std::size_t j = i + 1; j < pieces.size(); ++j)
        EXPECT_FALSE(overlap(box_of(pieces[i]), box_of(pieces[j])))
            << name << ": " << pieces[i] << pieces[j];
    }
  }
  EXPECT_EQ(total, pieces_expected);
}

TEST(BoardSvg, PiecesSharingASquareAreDrawnInBoxesThatDoNotOverlap) {
  // Parity Chess: a white and a black pawn share d5.
  const Variant& parity = variant("parity");
  State shared = state_of(parity, "4k3/8/8/3[Pp]4/8/8/8/4K3 w - - 0 1");
  std::string svg = board_svg(diagram_of(parity, shared));
  expect_separate_boxes(svg, 4);
  EXPECT_EQ(groups(svg, "<g data-piece=\"wP\" data-square=\"d5\"").size(), 1u);
  EXPECT_EQ(groups(svg, "<g data-piece=\"bP\" data-square=\"d5\"").size(), 1u);

  // Three and four on a square, with three-letter fairy codes.
  const Variant& ex = variant("existentialist");
  Position pos({10, 10}, ex.kinds());
  Square e5 = pos.shape().square(4, 4), f6 = pos.shape().square(5, 5);
  for (const char* code : {"BOB", "A", "Z"}) pos.add(*ex.kinds().find(code), Color::White, e5);
  for (const char* code : {"LSC", "RSC", "N", "K"})
    pos.add(*ex.kinds().find(code), Color::Black, f6);
  svg = board_svg(Diagram{&pos, {}, {}, "stacks"});
  expect_separate_boxes(svg, 7);
}

TEST(BoardSvg, DiagramsAreWellFormedXml) {
  std::vector<std::string> svgs;
  const Variant& orthodox = variant("orthodox");
  State start = orthodox.initial_state();
  Diagram a = diagram_of(orthodox, start);
  a.caption = "quotes \" & <angles>";
  a.arrows = {{square(start.position, "e2"), square(start.position, "e4"), Color::White},
              {square(start.position, "g8"), square(start.position, "f6"), Color::Black},
              {square(start.position, "d2"), square(start.position, "d2"), Color::White}};
  a.refused = {{square(start.position, "e7"), square(start.position, "e6"), Color::Black}};
  a.marked = {square(start.position, "e4")};
  a.just_moved = {square(start.position, "e2")};
  a.notes = {"a note with <markup> & \"quotes\"", std::string(300, 'x')};
  svgs.push_back(board_svg(a));
  const Variant& parity = variant("parity");
  State s = state_of(
      parity,
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 ep=e3,e6 justmoved=e4,e5");
  svgs.push_back(board_svg(diagram_of(parity, s)));
  State shared = state_of(parity, "4k3/8/8/2[Pp]5/3[Pp]4/8/8/4K3 w - - 0 1");
  Diagram shared_diagram = diagram_of(parity, shared);
  shared_diagram.arrows = {
      {square(shared.position, "c5"), square(shared.position, "d5"), Color::White},
      {square(shared.position, "d4"), square(shared.position, "c4"), Color::Black}};
  svgs.push_back(board_svg(shared_diagram));
  const Variant& ex = variant("existentialist");
  State ex_start = ex.initial_state();
  svgs.push_back(board_svg(diagram_of(ex, ex_start)));
  Position stacks({10, 10}, ex.kinds());
  for (const char* code : {"BOB", "A", "Z"})
    stacks.add(*ex.kinds().find(code), Color::White, stacks.shape().square(4, 4));
  for (const char* code : {"LSC", "RSC", "N", "K"})
    stacks.add(*ex.kinds().find(code), Color::Black, stacks.shape().square(5, 5));
  stacks.add(*ex.kinds().find("WC"), Color::White, stacks.shape().square(6, 5));
  stacks.add(*ex.kinds().find("Q"), Color::Black, stacks.shape().square(6, 5));
  svgs.push_back(board_svg(Diagram{&stacks, {}, {}, "stacks"}));
  const Variant& cloak = variant("cloak-dagger");
  State cloaked = state_of(cloak, kCloakedStart);
  svgs.push_back(board_svg(diagram_of(cloak, cloaked)));
  for (const Variant* v : all_variants()) {
    State initial = v->initial_state();
    svgs.push_back(board_svg(diagram_of(*v, initial)));
  }
  std::string dir = testing::TempDir();
  std::string paths;
  for (std::size_t i = 0; i < svgs.size(); ++i) {
    std::string path = dir + "/board_svg_" + std::to_string(i) + ".svg";
    std::ofstream(path) << svgs[i];
    paths += " '" + path + "'";
  }
  test::RunResult r = test::run(
      "python3 -c 'import sys, xml.etree.ElementTree as ET\nfor p in sys.argv[1:]: ET.parse(p)'" +
      paths);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

}  // namespace
}  // namespace arbiter::report
