#include "reports/board_svg.h"

#include <fmt/format.h>

#include "reports/html.h"

namespace arbiter::report {


std::string board_svg(const Diagram& d) {
  const Position& pos = *d.position;
  const BoardShape& shape = pos.shape();
  const int sq = d.square_size, margin = 18;
  const int width = shape.files * sq + margin, height = shape.ranks * sq + margin;
  auto x_of = [&](Square s) { return margin + shape.file_of(s) * sq; };
  auto y_of = [&](Square s) { return (shape.ranks - 1 - shape.rank_of(s)) * sq; };

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" role=\"img\" "
      "aria-label=\"{}\" font-family=\"sans-serif\">\n",
      width, height, width, height, html_escape(d.caption.empty() ? "board" : d.caption));
  svg +=
      "<defs><marker id=\"ah\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" "
      "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333\"/></marker></defs>\n";
  for (Square s = 0; s < shape.size(); ++s) {
    bool light = (shape.file_of(s) + shape.rank_of(s)) % 2 == 1;
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", x_of(s), y_of(s), sq, sq,
                       light ? "#eeeed2" : "#b8c6a0");
  }
  for (int f = 0; f < shape.files; ++f)
    svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n",
                       margin + f * sq + sq / 2, height - 4, static_cast<char>('a' + f));
  for (int r = 0; r < shape.ranks; ++r)
    svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n", margin / 2,
                       (shape.ranks - 1 - r) * sq + sq / 2 + 4, r + 1);
  for (Square s : d.marked)
    svg += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#c00\" stroke-width=\"3\"/>\n",
        x_of(s) + 2, y_of(s) + 2, sq - 4, sq - 4);
  for (Square s = 0; s < shape.size(); ++s) {
    auto ids = pos.at(s);
    int n = static_cast<int>(ids.size());
    for (int i = 0; i < n; ++i) {
      const Piece& p = pos.piece(ids[i]);
      // Several pieces on one square sit side by side, smaller.
      double r = n == 1 ? sq * 0.4 : sq * 0.26;
      double cx = x_of(s) + sq / 2.0 + (n == 1 ? 0 : (i - (n - 1) / 2.0) * sq * 0.45);
      double cy = y_of(s) + sq / 2.0 + (n == 1 ? 0 : (i % 2 ? 1 : -1) * sq * 0.12);
      bool white = p.color == Color::White;
      std::string code = pos.kind_of(p).code;
      double font = code.size() == 1 ? r * 1.1 : r * 0.8;
      svg += fmt::format(
          "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"{}\" stroke=\"#222\" stroke-width=\"1.5\"/>"
          "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{:.1f}\" font-weight=\"bold\" text-anchor=\"middle\" "
          "fill=\"{}\">{}</text>\n",
          cx, cy, r, white ? "#fff" : "#222", cx, cy + font * 0.36, font, white ? "#222" : "#fff", html_escape(code));
    }
  }
  for (const Arrow& a : d.arrows) {
    if (a.from == kNoSquare || a.to == kNoSquare) continue;
    svg += fmt::format(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#333\" stroke-width=\"4\" stroke-opacity=\"0.8\" "
        "{} marker-end=\"url(#ah)\"/>\n",
        x_of(a.from) + sq / 2, y_of(a.from) + sq / 2, x_of(a.to) + sq / 2, y_of(a.to) + sq / 2,
        a.color == Color::White ? "" : "stroke-dasharray=\"8 5\"");
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace arbiter::report
