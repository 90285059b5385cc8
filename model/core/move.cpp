#include "model/core/move.h"
#include "model/core/echo.h"

#include <cctype>

namespace arbiter {

std::string move_to_string(const BoardShape& shape, const PieceSet& kinds, const Move& m) {
  if (m.is(kMovePass)) return "0000";
  std::string s = square_name(shape, m.from) + square_name(shape, m.to);
  if (m.promotion != kNoKind) {
    std::string code = kinds[m.promotion].code;
    for (char& c : code) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    s += code.size() == 1 ? code : "(" + code + ")";
  }
  return s;
}

Expected<Move> parse_move(const BoardShape& shape, const PieceSet& kinds, std::string_view text) {
  if (text == "0000" || text == "--") return Move::pass();
  std::string shown = echo(text);
  Move m;
  std::size_t used = 0;
  auto from = parse_square(shape, text, &used);
  if (!from) return Error{"cannot read a square at the start of move '" + shown + "'"};
  text.remove_prefix(used);
  auto to = parse_square(shape, text, &used);
  if (!to) return Error{"cannot read the target square of move '" + shown + "'"};
  text.remove_prefix(used);
  m.from = *from;
  m.to = *to;
  if (!text.empty()) {
    std::string_view code = text;
    if (text.front() == '(') {
      if (text.size() < 3 || text.back() != ')')
        return Error{"unclosed promotion piece in move '" + shown + "'"};
      code = text.substr(1, text.size() - 2);
    } else if (text.size() != 1) {
      return Error{"unexpected text after the squares of move '" + shown + "'"};
    }
    auto kind = kinds.find(code);
    if (!kind) return Error{"unknown promotion piece '" + echo(code) + "' in move '" + shown + "'"};
    m.promotion = *kind;
  }
  return m;
}

}  // namespace arbiter
