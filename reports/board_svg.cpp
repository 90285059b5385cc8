#include "reports/board_svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <functional>
#include <string_view>

#include "reports/html.h"

namespace arbiter::report {

namespace {

// DejaVu Sans (Debian's fonts-dejavu-core, a free licence) draws the chess
// glyphs and the letters; the others are where a reader's system has them.
constexpr std::string_view kFonts =
    "'DejaVu Sans', 'Noto Sans Symbols 2', 'Segoe UI Symbol', sans-serif";

constexpr std::string_view kLightSquare = "#eeeed2";
constexpr std::string_view kDarkSquare = "#b8c6a0";
constexpr std::string_view kInk = "#1a1a1a";
constexpr std::string_view kPaper = "#ffffff";
constexpr std::string_view kMarkColour = "#d01c1c";
constexpr std::string_view kJustMovedColour = "#e8a317";
constexpr std::string_view kCloakColour = "#7a3db8";
constexpr double kNoteFont = 11, kNoteLine = 14;
constexpr double kLegendFont = 10.5, kLegendRow = 19, kSwatch = 15;
constexpr int kStackedSquare = 48;  // the least square size where a square holds several pieces

// How each side's moves are drawn: colour, dash and head all differ, so the
// two stay apart in grey print and for readers who mix up the colours.
struct ArrowStyle {
  std::string_view colour;
  std::string_view dash;  // empty: solid
  bool filled_head;
  std::string_view side;  // "white" or "black", for the element's data-arrow
};
constexpr ArrowStyle kWhiteArrow{"#1f4fa3", "", true, "white"};
constexpr ArrowStyle kBlackArrow{"#b3261e", "4.5 3", false, "black"};
const ArrowStyle& style_of(Color c) {
  return c == Color::White ? kWhiteArrow : kBlackArrow;
}

// The orthodox kinds by code and name: a kind that shares a letter but not
// the name (none yet) stays a lettered disc.
constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kOrthodox = {
    {{"K", "king"},
     {"Q", "queen"},
     {"R", "rook"},
     {"B", "bishop"},
     {"N", "knight"},
     {"P", "pawn"}}};

// Index into kOrthodox, or -1 for a fairy kind.
int orthodox_index(const PieceKind& k) {
  for (std::size_t i = 0; i < kOrthodox.size(); ++i)
    if (k.code == kOrthodox[i].first && k.name == kOrthodox[i].second) return static_cast<int>(i);
  return -1;
}

struct Pt {
  double x, y;
};
Pt operator+(Pt a, Pt b) {
  return {a.x + b.x, a.y + b.y};
}
Pt operator-(Pt a, Pt b) {
  return {a.x - b.x, a.y - b.y};
}
Pt operator*(Pt a, double k) {
  return {a.x * k, a.y * k};
}
Pt unit(Pt a) {
  double n = std::hypot(a.x, a.y);
  return n > 0 ? a * (1 / n) : Pt{1, 0};
}
// The direction a quarter turn clockwise on the page (y grows downwards):
// the right-hand side of someone walking along a.
Pt right_of(Pt a) {
  return {-a.y, a.x};
}

std::string pt(Pt p) {
  return fmt::format("{:.1f},{:.1f}", p.x, p.y);
}

struct Box {
  double x, y, w, h;
};

// Where the i-th of n pieces on a square sits: one fills the square, two
// stand side by side, more share a grid (2x2 for three or four).
Box piece_box(int i, int n, double x, double y, double sq) {
  int cols = n <= 1   ? 1
             : n == 2 ? 2
                      : static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
  int rows = (n + cols - 1) / cols;
  if (n <= 1) rows = 1;
  double w = sq / cols, h = sq / rows;
  return {x + (i % cols) * w, y + (i / cols) * h, w, h};
}

// Characters as the reader sees them (UTF-8 continuation bytes not counted).
std::size_t text_length(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}
// A generous estimate of a line's width in DejaVu Sans, for wrapping.
double text_width(std::string_view s, double font) {
  return static_cast<double>(text_length(s)) * font * 0.6;
}

// The filled glyph (U+265A king .. U+265F pawn) for both sides, painted white
// or dark; U+FE0E asks for the text form, never an emoji.
std::string chess_glyph(int index, Color c, Pt centre, double font) {
  bool white = c == Color::White;
  // paint-order puts the stroke under the fill: White's outline stays thin
  // and its inner lines open; Black's light rim parts it from dark squares.
  return fmt::format(
      "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{:.1f}\" text-anchor=\"middle\" fill=\"{}\" "
      "stroke=\"{}\" "
      "stroke-width=\"{:.2f}\" stroke-linejoin=\"round\" "
      "paint-order=\"stroke\">&#x{:X};&#xFE0E;</text>",
      centre.x, centre.y + font * 0.37, font, white ? kPaper : kInk, white ? kInk : "#f2f2f2",
      font * (white ? 0.075 : 0.04), 0x265A + index);
}

// A lettered disc, or a pill where the letters need more width than the
// height gives (legend entries): the letters always fit inside.
std::string lettered_disc(std::string_view code, Color c, Pt centre, double r,
                          double min_width = 0) {
  bool white = c == Color::White;
  double n = std::max<double>(1, static_cast<double>(text_length(code)));
  double font = std::min(r * 1.15, std::max(min_width, 2 * r) * 0.86 / (0.64 * n));
  double half = std::max(r, min_width / 2);
  std::string shape =
      half > r
          ? fmt::format(
                "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" rx=\"{:.1f}\"",
                centre.x - half, centre.y - r, 2 * half, 2 * r, r)
          : fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\"", centre.x, centre.y, r);
  return fmt::format(
      "{} fill=\"{}\" stroke=\"{}\" stroke-width=\"1.3\"/><text x=\"{:.1f}\" y=\"{:.1f}\" "
      "font-size=\"{:.1f}\" "
      "font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
      shape, white ? kPaper : kInk, kInk, centre.x, centre.y + font * 0.36, font,
      white ? kInk : kPaper, html_escape(code));
}

// One piece in its box: a glyph or a disc, both fitted to the box.
std::string piece_figure(const PieceKind& kind, Color c, const Box& b) {
  Pt centre{b.x + b.w / 2, b.y + b.h / 2};
  int index = orthodox_index(kind);
  // A glyph is about 0.8 of its font size wide and 0.9 high.
  if (index >= 0) return chess_glyph(index, c, centre, std::min(0.86 * b.h, 1.05 * b.w));
  return lettered_disc(kind.code, c, centre, 0.44 * std::min(b.w, b.h));
}

// An arrow head with its tip at `tip`, pointing along `dir` (a unit vector).
std::string arrow_head(Pt tip, Pt dir, double length, const ArrowStyle& st, double stroke) {
  Pt back = tip - dir * length, side = right_of(dir) * (length * 0.5);
  if (st.filled_head)
    return fmt::format("<path d=\"M{} L{} L{} z\" fill=\"{}\" stroke=\"none\"/>", pt(tip),
                       pt(back + side), pt(back - side), st.colour);
  return fmt::format(
      "<path d=\"M{} L{} L{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.1f}\" "
      "stroke-linejoin=\"miter\"/>",
      pt(back + side), pt(tip), pt(back - side), st.colour, stroke);
}

// An arrow from the centre of one square to another, kept off the pieces:
// it starts past the mover's glyph and its head stops short of the target's,
// set off to its right so that a move and its reverse lie apart. A move to
// the next square bends beside the two squares, so it keeps its length; a
// move that stays is a loop in the square's upper right corner.
std::string arrow_svg(Pt from, Pt to, double sq, const ArrowStyle& st, bool refused) {
  double stroke = std::max(1.8, sq * 0.06), head = std::max(6.0, sq * 0.22);
  Pt d = to - from;
  double length = std::hypot(d.x, d.y);
  Pt start, end, tangent, middle;
  std::string shaft;
  auto shaft_end = [&](Pt tip, Pt dir) { return st.filled_head ? tip - dir * (head * 0.6) : tip; };
  if (length < 1) {
    Pt a = from + Pt{0.12, -0.40} * sq, b = from + Pt{0.40, -0.12} * sq;
    double r = 0.2 * sq;
    Pt mid = (a + b) * 0.5, out = unit(Pt{1, -1});
    double half = std::hypot(b.x - a.x, b.y - a.y) / 2;
    Pt centre = mid + out * std::sqrt(std::max(0.0, r * r - half * half));
    end = b;
    tangent = unit(right_of(b - centre));
    middle = centre + out * r;
    shaft = fmt::format("M{} A{:.1f},{:.1f} 0 1 1 {}", pt(a), r, r, pt(shaft_end(end, tangent)));
  } else {
    Pt u = unit(d), p = right_of(u);
    if (length < 1.5 * sq) {
      start = from + p * (0.3 * sq) + u * (0.05 * sq);
      end = to + p * (0.3 * sq) - u * (0.05 * sq);
      Pt control = (start + end) * 0.5 + p * (0.22 * sq);
      tangent = unit(end - control);
      middle = start * 0.25 + control * 0.5 + end * 0.25;
      shaft = fmt::format("M{} Q{} {}", pt(start), pt(control), pt(shaft_end(end, tangent)));
    } else {
      start = from + u * (0.3 * sq) + p * (0.1 * sq);
      end = to - u * (0.36 * sq) + p * (0.1 * sq);
      tangent = u;
      middle = (start + end) * 0.5;
      shaft = fmt::format("M{} L{}", pt(start), pt(shaft_end(end, tangent)));
    }
  }
  std::string svg = fmt::format("<g data-arrow=\"{}{}\" opacity=\"{}\">", st.side,
                                refused ? " refused" : "", refused ? "0.75" : "0.9");
  svg += fmt::format(
      "<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.1f}\" "
      "stroke-linecap=\"round\"{}/>",
      shaft, st.colour, stroke,
      st.dash.empty() ? std::string() : fmt::format(" stroke-dasharray=\"{}\"", st.dash));
  svg += arrow_head(end, tangent, head, st, stroke);
  if (refused) {
    // Crossed out at its middle, across the shaft.
    Pt a = unit(tangent + right_of(tangent)) * (0.16 * sq),
       b = unit(tangent - right_of(tangent)) * (0.16 * sq);
    svg += fmt::format(
        "<path d=\"M{} L{} M{} L{}\" stroke=\"{}\" stroke-width=\"{:.1f}\" "
        "stroke-linecap=\"round\"/>",
        pt(middle - a), pt(middle + a), pt(middle - b), pt(middle + b), kInk, stroke * 1.3);
  }
  return svg + "</g>\n";
}

// Lines of at most max_chars characters, broken at the last space or
// comma that fits, else anywhere.
std::vector<std::string> wrap(std::string_view text, std::size_t max_chars) {
  std::vector<std::string> lines;
  max_chars = std::max<std::size_t>(max_chars, 8);
  while (text_length(text) > max_chars) {
    // The last space and the last comma within the limit, and the limit.
    std::size_t space = 0, comma = 0, limit = 0, chars = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if ((text[i] & 0xC0) != 0x80 && ++chars > max_chars) {
        limit = i;
        break;
      }
      if (text[i] == ' ') space = i;
      if (text[i] == ',') comma = i;
    }
    std::size_t keep = std::max(space, comma > 0 ? comma + 1 : 0);
    if (keep == 0)
      keep = limit * 7 / 8;  // a word longer than the line: its letters may be wide ones
    lines.emplace_back(text.substr(0, keep));
    text.remove_prefix(keep);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  }
  if (!text.empty()) lines.emplace_back(text);
  return lines;
}

// Squares on the board, each once, in the order first listed.
std::vector<Square> distinct_on_board(const Position& pos, const std::vector<Square>& squares) {
  std::vector<Square> out;
  for (Square s : squares)
    if (s != kNoSquare && pos.on_board(s) && std::find(out.begin(), out.end(), s) == out.end())
      out.push_back(s);
  return out;
}

// One legend entry: a swatch drawn at (x, y) (its top left), and words.
struct LegendEntry {
  double swatch_width;
  std::function<std::string(double x, double y)> swatch;
  std::string label;
};

std::string just_moved_mark(double x, double y, double size) {
  double flag = size * 0.3;
  return fmt::format(
      "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" "
      "fill-opacity=\"0.45\"/>"
      "<path d=\"M{:.1f},{:.1f} h{:.1f} L{:.1f},{:.1f} z\" fill=\"{}\"/>",
      x, y, size, size, kJustMovedColour, x, y, flag, x, y + flag, kJustMovedColour);
}
std::string marked_outline(double x, double y, double size, double stroke) {
  double inset = stroke / 2 + 0.5;
  return fmt::format(
      "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"none\" "
      "stroke=\"{}\" "
      "stroke-width=\"{:.1f}\"/>",
      x + inset, y + inset, size - 2 * inset, size - 2 * inset, kMarkColour, stroke);
}
std::string cloak_ring(double x, double y, double size) {
  return fmt::format(
      "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"none\" stroke=\"{}\" "
      "stroke-width=\"{:.1f}\" "
      "stroke-dasharray=\"{:.1f} {:.1f}\"/>",
      x + size / 2, y + size / 2, size * 0.44, kCloakColour, std::max(1.5, size * 0.05), size * 0.1,
      size * 0.06);
}

// What a diagram draws, for its legend.
struct Used {
  std::vector<std::array<bool, 2>> kinds;  // by kind: drawn for White, for Black
  bool arrows[2] = {false, false};         // White's, Black's
  bool refused[2] = {false, false};
  bool just_moved = false, marked = false, cloaked = false;
  std::string marked_meaning;
};

// The legend: every kind drawn, every mark and arrow style used, nothing else.
std::vector<LegendEntry> legend_entries(const Position& pos, const Used& used) {
  std::vector<LegendEntry> legend;
  // Orthodox pieces first, in the usual order, then the fairy kinds in the
  // variant's order; each drawn in a colour it has on the board.
  for (std::size_t i = 0; i < kOrthodox.size(); ++i)
    for (std::size_t k = 0; k < used.kinds.size(); ++k)
      if (orthodox_index(pos.kinds()[static_cast<KindId>(k)]) == static_cast<int>(i) &&
          (used.kinds[k][0] || used.kinds[k][1])) {
        Color c = used.kinds[k][0] ? Color::White : Color::Black;
        legend.push_back({kSwatch,
                          [i, c](double x, double y) {
                            return chess_glyph(static_cast<int>(i), c,
                                               {x + kSwatch / 2, y + kSwatch / 2}, kSwatch * 1.05);
                          },
                          std::string(kOrthodox[i].second)});
      }
  for (std::size_t k = 0; k < used.kinds.size(); ++k) {
    const PieceKind& kind = pos.kinds()[static_cast<KindId>(k)];
    if (orthodox_index(kind) >= 0 || !(used.kinds[k][0] || used.kinds[k][1])) continue;
    Color c = used.kinds[k][0] ? Color::White : Color::Black;
    double w = std::max(kSwatch, text_width(kind.code, 9) + 6);
    legend.push_back({w,
                      [code = kind.code, c, w](double x, double y) {
                        return lettered_disc(code, c, {x + w / 2, y + kSwatch / 2}, kSwatch / 2, w);
                      },
                      kind.name});
  }
  if (used.just_moved)
    legend.push_back({kSwatch, [](double x, double y) { return just_moved_mark(x, y, kSwatch); },
                      "moved last turn"});
  if (used.marked)
    legend.push_back({kSwatch, [](double x, double y) { return marked_outline(x, y, kSwatch, 2); },
                      used.marked_meaning.empty() ? "marked square" : used.marked_meaning});
  if (used.cloaked)
    legend.push_back({kSwatch,
                      [](double x, double y) { return cloak_ring(x - 2, y - 2, kSwatch + 4); },
                      "cloaked: identity hidden from the opponent"});
  for (int refused = 0; refused < 2; ++refused)
    for (int side = 0; side < 2; ++side) {
      if (!(refused ? used.refused : used.arrows)[side]) continue;
      Color c = side == 0 ? Color::White : Color::Black;
      double w = 34;
      legend.push_back({w,
                        [c, refused, w](double x, double y) {
                          // arrow_svg stops 0.3 of a square short at the start, 0.36 at the end.
                          std::string g = arrow_svg({x - 0.3 * 24, y + kSwatch / 2 - 2.4},
                                                    {x + w + 0.36 * 24 - 2, y + kSwatch / 2 - 2.4},
                                                    24, style_of(c), refused);
                          return g.substr(0, g.size() - 1);  // without its line break
                        },
                        std::string(side == 0 ? "White's move" : "Black's move") +
                            (refused ? ", refused" : "")});
    }

  return legend;
}

}  // namespace

std::string board_svg(const Diagram& d) {
  const Position& pos = *d.position;
  const BoardShape& shape = pos.shape();
  int most = 1;
  for (Square s = 0; s < shape.size(); ++s) most = std::max(most, pos.count(s));
  const int sq = most > 1 ? std::max(d.square_size, kStackedSquare) : d.square_size;
  const int margin = 18, labels = 16;
  const double board_width = shape.files * sq, board_height = shape.ranks * sq;
  const double width = margin + board_width + 6;
  auto x_of = [&](Square s) { return static_cast<double>(margin + shape.file_of(s) * sq); };
  auto y_of = [&](Square s) {
    return static_cast<double>((shape.ranks - 1 - shape.rank_of(s)) * sq);
  };
  auto centre = [&](Square s) { return Pt{x_of(s) + sq / 2.0, y_of(s) + sq / 2.0}; };

  std::string body;
  for (Square s = 0; s < shape.size(); ++s) {
    bool light = (shape.file_of(s) + shape.rank_of(s)) % 2 == 1;
    body +=
        fmt::format("<rect x=\"{:.0f}\" y=\"{:.0f}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                    x_of(s), y_of(s), sq, sq, light ? kLightSquare : kDarkSquare);
  }
  for (int f = 0; f < shape.files; ++f)
    body += fmt::format(
        "<text x=\"{}\" y=\"{:.0f}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n",
        margin + f * sq + sq / 2, board_height + 12, static_cast<char>('a' + f));
  for (int r = 0; r < shape.ranks; ++r)
    body +=
        fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n",
                    margin / 2, (shape.ranks - 1 - r) * sq + sq / 2 + 4, r + 1);

  // Marks under the pieces: a tint for the pieces that just moved, an
  // outline for marked squares (once each, however often listed), a ring
  // for cloaked pieces.
  std::vector<Square> just_moved = distinct_on_board(pos, d.just_moved);
  std::vector<Square> marked = distinct_on_board(pos, d.marked);
  std::vector<Square> cloaked = distinct_on_board(pos, d.cloaked);
  for (Square s : just_moved)
    body += "<g data-mark=\"just-moved\">" + just_moved_mark(x_of(s), y_of(s), sq) + "</g>\n";
  for (Square s : marked)
    body += "<g data-mark=\"marked\">" + marked_outline(x_of(s), y_of(s), sq, 3) + "</g>\n";
  for (Square s : cloaked)
    body += "<g data-mark=\"cloaked\">" + cloak_ring(x_of(s), y_of(s), sq) + "</g>\n";

  // The pieces, each in its own box, with a tooltip naming it.
  Used used;
  used.kinds.assign(pos.kinds().size(), {false, false});
  used.just_moved = !just_moved.empty();
  used.marked = !marked.empty();
  used.cloaked = !cloaked.empty();
  used.marked_meaning = d.marked_meaning;
  for (Square s = 0; s < shape.size(); ++s) {
    auto ids = pos.at(s);
    int n = static_cast<int>(ids.size());
    for (int i = 0; i < n; ++i) {
      const Piece& p = pos.piece(ids[i]);
      const PieceKind& kind = pos.kind_of(p);
      if (p.kind < used.kinds.size()) used.kinds[p.kind][p.color == Color::White ? 0 : 1] = true;
      Box b = piece_box(i, n, x_of(s), y_of(s), sq);
      std::string states;
      for (const auto& [flag, name] : kPieceFlagNames)
        if (p.has(flag)) states += (states.empty() ? "" : ", ") + std::string(name);
      body += fmt::format(
          "<g data-piece=\"{}{}\" data-square=\"{}\" data-box=\"{:.1f} {:.1f} {:.1f} "
          "{:.1f}\"><title>{} {} on {}{}</title>{}"
          "</g>\n",
          p.color == Color::White ? 'w' : 'b', html_escape(kind.code), square_name(shape, s), b.x,
          b.y, b.w, b.h, p.color == Color::White ? "White" : "Black", html_escape(kind.name),
          square_name(shape, s), states.empty() ? "" : " (" + html_escape(states) + ")",
          piece_figure(kind, p.color, b));
    }
  }

  auto draw_arrows = [&](const std::vector<Arrow>& arrows, bool refused) {
    for (const Arrow& a : arrows) {
      if (!pos.on_board(a.from) || !pos.on_board(a.to)) continue;
      (refused ? used.refused : used.arrows)[a.color == Color::White ? 0 : 1] = true;
      body += arrow_svg(centre(a.from), centre(a.to), sq, style_of(a.color), refused);
    }
  };
  draw_arrows(d.refused, true);
  draw_arrows(d.arrows, false);

  // Under the board: the notes, then the legend.
  double y = board_height + labels + 4;
  std::size_t note_chars = static_cast<std::size_t>((width - 8) / (kNoteFont * 0.6));
  for (const std::string& note : d.notes)
    for (const std::string& line : wrap(note, note_chars)) {
      body += fmt::format(
          "<text x=\"4\" y=\"{:.1f}\" font-size=\"{}\" fill=\"{}\" data-note=\"\">{}</text>\n",
          y + 10, kNoteFont, kInk, html_escape(line));
      y += kNoteLine;
    }

  std::vector<LegendEntry> legend = legend_entries(pos, used);
  if (!legend.empty()) {
    y += 4;
    body += "<g data-legend=\"\">";
    double x = 4;
    for (const LegendEntry& e : legend) {
      double w = e.swatch_width + 4 + text_width(e.label, kLegendFont);
      if (x > 4 && x + w > width - 4) x = 4, y += kLegendRow;
      body += e.swatch(x, y + 1);
      body +=
          fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{}\" fill=\"{}\">{}</text>",
                      x + e.swatch_width + 4, y + 12.5, kLegendFont, kInk, html_escape(e.label));
      x += w + 12;
    }
    body += "</g>\n";
    y += kLegendRow;
  }
  const double height = std::ceil(y + 2);

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {:.0f} {:.0f}\" width=\"{:.0f}\" "
      "height=\"{:.0f}\" "
      "role=\"img\" aria-label=\"{}\" font-family=\"{}\">\n",
      width, height, width, height, html_escape(d.caption.empty() ? "board" : d.caption), kFonts);
  svg += body;
  svg += "</svg>\n";
  return svg;
}

// ---------------------------------------------------------------------------
// A state's diagram, read from its FEN.

namespace {

// The words for a variant's own FEN fields (docs/fen.md and each game's
// docs page). A field for one game only names it; a key no entry names is
// shown as "key: value".
struct FieldWords {
  std::string_view variant;  // empty: any game
  std::string_view key;
  std::string_view words;
};
constexpr FieldWords kFieldWords[] = {
    {"", "ep", "en passant (last turn's double steps)"},
    {"", "ep2", "en passant (the triple step's second square)"},
    {"", "passed", "en passant (earlier double steps)"},
    {"", "checks", "in check after the last turn"},
    {"", "phase", "phase"},
    {"", "result", "result"},
    {"", "score", "score (White, Black)"},
    // Two Move Chess
    {"", "wup", "White's face-up cards"},
    {"", "bup", "Black's face-up cards"},
    {"", "wplay", "cards White played this turn"},
    {"", "bplay", "cards Black played this turn"},
    {"two-move", "todo", "card moves still to make (upper case White's)"},
    {"", "pawns", "pieces moved as pawns this turn"},
    {"", "twice", "first move of the double card ended on"},
    {"", "fallen", "kings captured this turn"},
    // Gravity Chess
    {"", "wdeck", "cards White holds (top first)"},
    {"", "bdeck", "cards Black holds (top first)"},
    {"", "card", "card flipped this turn"},
    {"gravity", "todo", "pieces still to move this turn"},
    {"", "wtook", "pieces White captured"},
    {"", "btook", "pieces Black captured"},
    {"", "aside", "pieces set aside (no free top-row square)"},
    // Parade Chess Solitaire
    {"", "setup", "setup pile"},
    {"", "deck", "hand (top first)"},
    {"", "up", "cards played face up"},
    {"", "void", "cards played face up whose piece found no square"},
    {"", "down", "cards played face down"},
    {"", "count", "cards counted"},
    // Booster Chess
    {"", "hand_w", "White's hand"},
    {"", "hand_b", "Black's hand"},
    {"", "stock", "draw pile (top first)"},
    {"", "discard", "discard pile (oldest first)"},
    {"", "boost", "boosted piece on"},
    // Neighbour Chess Solitaire
    {"", "last", "last piece added on"},
    {"", "pdeck", "piece cards to draw (top first)"},
    {"", "pdisc", "piece cards discarded (top last)"},
    {"", "sdeck", "position cards to draw (top first)"},
    {"", "sdisc", "position cards discarded"},
    {"", "target", "square the position card pointed to"},
    // Cloak and Dagger Chess
    {"", "wknown", "White's checkers 1-8 as Black knows them"},
    {"", "bknown", "Black's checkers 1-8 as White knows them"},
    {"", "wruled", "identities Black has ruled out for White's checkers 1-8"},
    {"", "bruled", "identities White has ruled out for Black's checkers 1-8"},
    {"", "wpool", "White's captured pawns, to drop back"},
    {"", "bpool", "Black's captured pawns, to drop back"},
    {"", "pending", "bonus move owed to"},
    {"", "hit", "this turn's guess was right"},
    {"", "refused", "moves refused so far this phase"},
};

std::string_view words_for(std::string_view variant, std::string_view key) {
  for (const FieldWords& f : kFieldWords)
    if (f.key == key && f.variant == variant) return f.words;
  for (const FieldWords& f : kFieldWords)
    if (f.key == key && f.variant.empty()) return f.words;
  return {};
}

std::string side_words(std::string_view letters) {
  std::string out;
  for (char c : letters) {
    std::string_view side = c == 'w' ? "White" : c == 'b' ? "Black" : std::string_view();
    if (side.empty()) return std::string(letters);
    out += (out.empty() ? "" : " and ") + std::string(side);
  }
  return out;
}

// A field's value for a reader: "-" is none, "#N" a hidden pile of N,
// lists get a space after each comma, result names lose their underscores.
std::string value_words(std::string_view key, std::string_view value) {
  if (value.empty() || value == "-") return "none";
  if (value.front() == '#') return std::string(value.substr(1)) + ", hidden";
  if (key == "checks" || key == "pending") return side_words(value);
  if (key == "hit" && value == "1") return "yes";
  std::string out;
  for (char c : value) {
    if (key == "result" && c == '_')
      out += ' ';
    else
      out += c;
    if (c == ',') out += ' ';
  }
  return out;
}

std::vector<std::string> split_fields(std::string_view fen) {
  std::vector<std::string> fields;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    std::size_t start = i;
    while (i < fen.size() && fen[i] != ' ') ++i;
    if (i > start) fields.emplace_back(fen.substr(start, i - start));
  }
  return fields;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
}

std::vector<Square> squares_of(const BoardShape& shape, std::string_view list) {
  std::vector<Square> out;
  while (!list.empty()) {
    std::size_t comma = list.find(',');
    std::string_view name = list.substr(0, comma);
    std::size_t used = 0;
    if (auto s = parse_square(shape, name, &used); s && used == name.size()) out.push_back(*s);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return out;
}

std::string acting_note(const Variant& v, const State& s, std::string_view fullmove) {
  std::string note;
  if (s.outcome.over()) {
    note = "game over: " + value_words("result", result_name(s.outcome.result));
    if (!s.outcome.reason.empty()) note += " (" + std::string(s.outcome.reason) + ")";
  } else {
    Roles roles = v.roles_to_act(s);
    std::string names;
    for (std::size_t i = 0; i < roles.size(); ++i) {
      std::string_view name = roles[i] == Role::White    ? "White"
                              : roles[i] == Role::Black  ? "Black"
                              : roles[i] == Role::Chance ? "chance (a deal or a shuffle)"
                                                         : "the player";
      names += (i == 0 ? "" : i + 1 == roles.size() ? " and " : ", ") + std::string(name);
    }
    if (names.empty()) return {};
    note = "to move: " + names + (roles.size() > 1 ? ", at once" : "");
  }
  if (all_digits(fullmove) && fullmove != "1") note += "; move " + std::string(fullmove);
  return note;
}

std::string castling_words(std::string_view field) {
  std::string out;
  for (Color c : {Color::White, Color::Black}) {
    bool king_side = field.find(c == Color::White ? 'K' : 'k') != std::string_view::npos;
    bool queen_side = field.find(c == Color::White ? 'Q' : 'q') != std::string_view::npos;
    if (!king_side && !queen_side) continue;
    out += std::string(out.empty() ? "" : "; ") + (c == Color::White ? "White " : "Black ") +
           (king_side && queen_side ? "kingside and queenside"
            : king_side             ? "kingside"
                                    : "queenside");
  }
  return out;
}

// The per-piece states the FEN writes in braces, one line per flag, then
// the counters and the links, by square.
void piece_state_notes(const Position& pos, std::vector<std::string>& notes) {
  const BoardShape& shape = pos.shape();
  for (const auto& [flag, name] : kPieceFlagNames) {
    if (flag == kFlagCloaked) continue;  // a ring on the board
    std::string squares;
    for (Square s = 0; s < shape.size(); ++s)
      for (PieceId id : pos.at(s))
        if (pos.piece(id).has(flag))
          squares += (squares.empty() ? "" : ", ") + square_name(shape, s);
    if (!squares.empty()) notes.push_back(std::string(name) + ": " + squares);
  }
  std::string counters, links;
  for (Square s = 0; s < shape.size(); ++s)
    for (PieceId id : pos.at(s)) {
      const Piece& p = pos.piece(id);
      // Written without spaces ("a1=3", "e5(BOB)=3", "a1-b1"), so a line never breaks inside one.
      std::string where =
          square_name(shape, s) + (pos.count(s) > 1 ? "(" + pos.kind_of(p).code + ")" : "");
      if (p.counter != 0)
        counters += (counters.empty() ? "" : ", ") + where + "=" + std::to_string(p.counter);
      if (p.partner_square != kNoSquare && pos.on_board(p.partner_square))
        links += (links.empty() ? "" : ", ") + where + "-" + square_name(shape, p.partner_square);
    }
  if (!counters.empty()) notes.push_back("piece counters (c=): " + counters);
  if (!links.empty()) notes.push_back("linked pieces (p=): " + links);
}

}  // namespace

Diagram diagram_of(const Variant& v, const State& s) {
  Diagram d;
  const Position& pos = s.position;
  d.position = &pos;
  std::vector<std::string> fields = split_fields(v.fen(s));
  auto field = [&](std::size_t i) {
    return i < fields.size() ? std::string_view(fields[i]) : std::string_view();
  };
  // BOARD SIDE CASTLING EN_PASSANT [HALFMOVE FULLMOVE] then KEY=VALUE fields.
  std::size_t next = 4;
  std::string_view halfmove, fullmove;
  if (all_digits(field(4)) && all_digits(field(5)))
    halfmove = field(4), fullmove = field(5), next = 6;
  if (std::string note = acting_note(v, s, fullmove); !note.empty()) d.notes.push_back(note);
  if (std::string castling = castling_words(field(2)); !castling.empty())
    d.notes.push_back("castling rights: " + castling);
  if (!field(3).empty() && field(3) != "-")
    d.notes.push_back("en passant: " + std::string(field(3)));
  if (all_digits(halfmove) && halfmove != "0")
    d.notes.push_back("halfmove clock: " + std::string(halfmove));
  std::string empty;
  for (std::size_t i = next; i < fields.size(); ++i) {
    std::string_view f = fields[i];
    std::size_t eq = f.find('=');
    if (eq == std::string_view::npos) {
      d.notes.emplace_back(f);
      continue;
    }
    std::string_view key = f.substr(0, eq), value = f.substr(eq + 1);
    if (key == "result" && s.outcome.over()) continue;  // the first note says so
    if (key == "justmoved") {
      d.just_moved = squares_of(pos.shape(), value);
      continue;
    }
    std::string_view words = words_for(v.id(), key);
    std::string name = words.empty() ? std::string(key) : std::string(words);
    // Empty piles and lists share one line, so the ones that hold something stand out.
    if (value.empty() || value == "-")
      empty += (empty.empty() ? "" : "; ") + name;
    else
      d.notes.push_back(name + ": " + value_words(key, value));
  }
  if (!empty.empty()) d.notes.push_back("none: " + empty);
  piece_state_notes(pos, d.notes);
  for (Square sq = 0; sq < pos.shape().size(); ++sq)
    for (PieceId id : pos.at(sq))
      if (pos.piece(id).has(kFlagCloaked)) {
        d.cloaked.push_back(sq);
        break;
      }
  return d;
}

}  // namespace arbiter::report
