#include "model/core/fen.h"

#include <cctype>
#include <charconv>
#include <vector>

#include "model/core/echo.h"

namespace arbiter {

namespace {

constexpr std::size_t kMaxFenLength = 8192;

bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

std::vector<std::string_view> fields_of(std::string_view s) {
  std::vector<std::string_view> out;
  for (std::string_view part : split(s, ' '))
    if (!part.empty()) out.push_back(part);
  return out;
}

// A decimal number as FEN writes it: digits only, no sign, no leading zero.
bool parse_int(std::string_view s, int lo, int hi, int* out) {
  if (s.empty() || s.size() > 9 || (s.size() > 1 && s[0] == '0')) return false;
  for (char c : s)
    if (!is_digit(c)) return false;
  int v = 0;
  std::from_chars(s.data(), s.data() + s.size(), v);
  if (v < lo || v > hi) return false;
  *out = v;
  return true;
}

// A piece as read from the board field, before the board's size is known.
struct ParsedPiece {
  KindId kind;
  Color color;
  std::uint32_t flags = 0;
  std::int16_t counter = 0;
  std::string partner;  // square name, resolved once the shape is known
};
struct ParsedSquare {
  std::vector<ParsedPiece> pieces;  // empty: an empty square
};

class BoardReader {
 public:
  BoardReader(std::string_view text, const PieceSet& kinds, int rank_label)
      : text_(text), kinds_(kinds), rank_label_(rank_label) {}

  Expected<std::vector<ParsedSquare>> read() {
    std::vector<ParsedSquare> squares;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (is_digit(c)) {
        std::size_t start = pos_;
        while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
        int run = 0;
        if (!parse_int(text_.substr(start, pos_ - start), 1, kMaxFiles, &run))
          return fail("bad empty-square count '" + echo(text_.substr(start, pos_ - start)) + "' (1 to " +
                      std::to_string(kMaxFiles) + ", no leading zero)");
        squares.resize(squares.size() + run);
      } else if (c == '[') {
        ++pos_;
        ParsedSquare sq;
        while (pos_ < text_.size() && text_[pos_] != ']') {
          auto p = read_piece();
          if (!p) return Error{p.error()};
          sq.pieces.push_back(*p);
        }
        if (pos_ >= text_.size()) return fail("unclosed '['");
        ++pos_;
        if (sq.pieces.size() < 2) return fail("'[...]' must hold at least two pieces");
        if (sq.pieces.size() > static_cast<std::size_t>(kMaxStack))
          return fail("more than " + std::to_string(kMaxStack) + " pieces on one square");
        squares.push_back(std::move(sq));
      } else {
        auto p = read_piece();
        if (!p) return Error{p.error()};
        squares.push_back(ParsedSquare{{*p}});
      }
      if (squares.size() > static_cast<std::size_t>(kMaxFiles))
        return fail("rank longer than " + std::to_string(kMaxFiles) + " squares");
    }
    return squares;
  }

 private:
  Error fail(const std::string& what) const {
    return Error{"bad FEN rank " + std::to_string(rank_label_) + ": " + what};
  }

  Expected<ParsedPiece> read_piece() {
    std::string code;
    bool white = false;
    char c = text_[pos_];
    if (c == '(') {
      std::size_t close = text_.find(')', pos_);
      if (close == std::string_view::npos) return fail("unclosed '('");
      code = std::string(text_.substr(pos_ + 1, close - pos_ - 1));
      pos_ = close + 1;
      if (code.empty()) return fail("empty piece code '()'");
      bool all_upper = true, all_lower = true;
      for (char ch : code) {
        all_upper = all_upper && (is_upper(ch) || is_digit(ch));
        all_lower = all_lower && (is_lower(ch) || is_digit(ch));
      }
      if (!all_upper && !all_lower) return fail("mixed-case piece code '(" + echo(code) + ")'");
      white = all_upper;
    } else if (is_upper(c) || is_lower(c)) {
      code = std::string(1, c);
      white = is_upper(c);
      ++pos_;
    } else {
      return fail("unexpected character '" + echo_character(text_.substr(pos_)) + "'");
    }
    auto kind = kinds_.find(code);
    if (!kind) return fail("unknown piece '" + echo(code) + "'");
    ParsedPiece piece{*kind, white ? Color::White : Color::Black, 0, 0, {}};
    if (pos_ < text_.size() && text_[pos_] == '{') {
      std::size_t close = text_.find('}', pos_);
      if (close == std::string_view::npos) return fail("unclosed '{'");
      std::string_view body = text_.substr(pos_ + 1, close - pos_ - 1);
      pos_ = close + 1;
      for (std::string_view item : split(body, ',')) {
        if (item.starts_with("c=")) {
          int n = 0;
          if (!parse_int(item.substr(2), 0, 32767, &n)) return fail("bad counter '" + echo(item) + "'");
          piece.counter = static_cast<std::int16_t>(n);
          continue;
        }
        if (item.starts_with("p=")) {
          piece.partner = std::string(item.substr(2));
          continue;
        }
        bool known = false;
        for (const auto& [flag, name] : kPieceFlagNames) {
          if (item == name) {
            piece.flags |= flag;
            known = true;
          }
        }
        if (!known) return fail("unknown piece state '" + echo(item) + "'");
      }
    }
    return piece;
  }

  std::string_view text_;
  const PieceSet& kinds_;
  int rank_label_;
  std::size_t pos_ = 0;
};

// A letter of a piece's code as the board field writes it: lower case for Black.
char letter_for(Color color, char c) {
  return color == Color::Black && c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Whether a piece carries a state the board field writes in braces.
bool has_state(const Piece& p) { return p.flags != 0 || p.counter != 0 || p.partner_square != kNoSquare; }

// Appends a piece's token: its letter(s), lower case for Black, in brackets
// when several, then its state in braces if it has any.
void append_piece_token(std::string& out, const Position& pos, const Piece& p) {
  const std::string& code = pos.kind_of(p).code;
  if (code.size() > 1) out += '(';
  for (char c : code) out += letter_for(p.color, c);
  if (code.size() > 1) out += ')';
  if (!has_state(p)) return;
  std::vector<std::string> state;
  for (const auto& [flag, name] : kPieceFlagNames)
    if (p.flags & flag) state.emplace_back(name);
  if (p.counter != 0) state.push_back("c=" + std::to_string(p.counter));
  if (p.partner_square != kNoSquare) state.push_back("p=" + square_name(pos.shape(), p.partner_square));
  out += '{';
  for (std::size_t i = 0; i < state.size(); ++i) out += (i ? "," : "") + state[i];
  out += '}';
}

}  // namespace

Expected<Position> parse_fen(std::string_view fen, const PieceSet& kinds) {
  if (fen.size() > kMaxFenLength) return Error{"FEN longer than " + std::to_string(kMaxFenLength) + " characters"};
  // Fields are separated by spaces; a tab or a line break is no part of a FEN.
  for (std::size_t i = 0; i < fen.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(fen[i]);
    if (c < 0x20 || c == 0x7F)
      return Error{"control character '" + echo_character(fen.substr(i)) + "' at character " + std::to_string(i + 1) +
                   " of the FEN"};
  }
  auto fields = fields_of(fen);
  if (fields.empty()) return Error{"empty FEN"};
  // BOARD SIDE CASTLING EN_PASSANT at least (docs/fen.md): a board alone
  // leaves the side to move unsaid, and no variant guesses it.
  if (fields.size() < 4)
    return Error{"FEN has " + std::to_string(fields.size()) + (fields.size() == 1 ? " field" : " fields") +
                 "; expected BOARD SIDE CASTLING EN_PASSANT [HALFMOVE FULLMOVE] [KEY=VALUE ...]"};

  auto rank_texts = split(fields[0], '/');
  int ranks = static_cast<int>(rank_texts.size());
  if (ranks > kMaxRanks) return Error{"FEN has " + std::to_string(ranks) + " ranks; at most " + std::to_string(kMaxRanks)};
  std::vector<std::vector<ParsedSquare>> rows;
  int files = -1;
  for (int i = 0; i < ranks; ++i) {
    int label = ranks - i;
    auto row = BoardReader(rank_texts[i], kinds, label).read();
    if (!row) return Error{row.error()};
    int width = static_cast<int>(row->size());
    if (width == 0) return Error{"bad FEN rank " + std::to_string(label) + ": empty"};
    if (files >= 0 && width != files)
      return Error{"bad FEN rank " + std::to_string(label) + ": " + std::to_string(width) +
                   " squares where rank " + std::to_string(ranks) + " has " + std::to_string(files)};
    files = width;
    rows.push_back(std::move(row.value()));
  }
  BoardShape shape{files, ranks};
  Position pos(shape, kinds);
  struct PendingPartner {
    PieceId id;
    std::string square;
  };
  std::vector<PendingPartner> partners;
  for (int i = 0; i < ranks; ++i) {
    int rank = ranks - 1 - i;
    for (int file = 0; file < files; ++file) {
      for (const ParsedPiece& pp : rows[i][file].pieces) {
        PieceId id = pos.add(pp.kind, pp.color, shape.square(file, rank));
        if (id == kNoPiece) return Error{"more than " + std::to_string(kMaxPieces) + " pieces"};
        pos.set_flags(id, pp.flags);
        pos.set_counter(id, pp.counter);
        if (!pp.partner.empty()) partners.push_back({id, pp.partner});
      }
    }
  }
  for (const auto& [id, name] : partners) {
    std::size_t used = 0;
    auto s = parse_square(shape, name, &used);
    if (!s || used != name.size()) return Error{"bad partner square '" + echo(name) + "'"};
    pos.set_partner(id, *s);
  }

  // Side to move.
  if (fields[1] == "w") pos.side_to_move = Color::White;
  else if (fields[1] == "b") pos.side_to_move = Color::Black;
  else return Error{"bad side to move '" + echo(fields[1]) + "' (expected w or b)"};
  // Castling rights: '-' or some of KQkq, in that order, each once.
  if (fields[2] != "-") {
    constexpr std::string_view kOrder = "KQkq";
    constexpr std::uint8_t kBits[] = {kWhiteKingside, kWhiteQueenside, kBlackKingside, kBlackQueenside};
    std::size_t last = 0;
    for (std::size_t i = 0; i < fields[2].size(); ++i) {
      std::size_t at = kOrder.find(fields[2][i]);
      if (at == std::string_view::npos || (i > 0 && at <= last))
        return Error{"bad castling field '" + echo(fields[2]) + "' (expected - or some of KQkq, in that order)"};
      last = at;
      pos.castling |= kBits[at];
    }
  }
  // En passant square.
  if (fields[3] != "-") {
    std::size_t used = 0;
    auto s = parse_square(shape, fields[3], &used);
    if (!s || used != fields[3].size()) return Error{"bad en passant square '" + echo(fields[3]) + "'"};
    pos.en_passant = *s;
  }
  std::size_t next = 4;
  // Clocks: optional as a pair, as many FEN writers drop them.
  if (fields.size() >= 5 && is_digit(fields[4][0])) {
    if (!parse_int(fields[4], 0, 100000, &pos.halfmove_clock))
      return Error{"bad halfmove clock '" + echo(fields[4]) + "' (0 to 100000, no leading zero)"};
    if (fields.size() < 6 || !parse_int(fields[5], 1, 100000, &pos.fullmove_number))
      return Error{"bad or missing fullmove number after the halfmove clock (1 to 100000, no leading zero)"};
    next = 6;
  } else if (fields.size() >= 5 && fields[4].find('=') == std::string_view::npos) {
    return Error{"bad halfmove clock '" + echo(fields[4]) + "'"};
  }
  // Variant state: key=value fields.
  for (std::size_t i = next; i < fields.size(); ++i) {
    std::size_t eq = fields[i].find('=');
    if (eq == std::string_view::npos || eq == 0)
      return Error{"bad variant field '" + echo(fields[i]) + "' (expected key=value)"};
    std::string key(fields[i].substr(0, eq));
    if (pos.vars.count(key)) return Error{"repeated variant field '" + echo(key) + "'"};
    if (pos.vars.size() == VarMap::kCapacity)
      return Error{"more than " + std::to_string(VarMap::kCapacity) + " variant fields"};
    pos.vars[key] = std::string(fields[i].substr(eq + 1));
  }
  return pos;
}

std::string board_to_fen(const Position& pos) {
  std::string out;
  out.reserve(static_cast<std::size_t>(pos.shape().size()) + pos.shape().ranks);
  append_board_fen(out, pos);
  return out;
}

void append_board_fen(std::string& out, const Position& pos) {
  const BoardShape& shape = pos.shape();
  // Empty runs and squares of one piece with a one-letter code and no state
  // (most squares of most positions) are written to a buffer on the stack,
  // appended to out in one go; any other square is appended to out itself,
  // once the buffer so far is. Each square adds at most two characters to
  // the buffer (a run of ten or more empty squares is two digits for at
  // least ten squares), and each rank one '/'.
  char buf[2 * kMaxSquares + kMaxRanks];
  std::size_t n = 0;
  auto put_run = [&](int empty) {
    if (empty >= 10) buf[n++] = static_cast<char>('0' + empty / 10);
    if (empty > 0) buf[n++] = static_cast<char>('0' + empty % 10);
  };
  for (int rank = shape.ranks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < shape.files; ++file) {
      auto ids = pos.at(shape.square(file, rank));
      if (ids.empty()) {
        ++empty;
        continue;
      }
      put_run(empty);
      empty = 0;
      if (ids.size() == 1) {
        const Piece& p = pos.piece(ids[0]);
        const std::string& code = pos.kind_of(p).code;
        if (code.size() == 1 && !has_state(p)) {
          buf[n++] = letter_for(p.color, code[0]);
          continue;
        }
      }
      out.append(buf, n);
      n = 0;
      if (ids.size() > 1) out += '[';
      for (PieceId id : ids) append_piece_token(out, pos, pos.piece(id));
      if (ids.size() > 1) out += ']';
    }
    put_run(empty);
    if (rank) buf[n++] = '/';
  }
  out.append(buf, n);
}

void write_key_head(std::string& key, const Position& pos) {
  key.clear();
  append_board_fen(key, pos);
  key += pos.side_to_move == Color::White ? " w " : " b ";
  key += std::to_string(pos.castling);
}

std::string to_fen(const Position& pos) {
  std::string out = board_to_fen(pos);
  out += pos.side_to_move == Color::White ? " w " : " b ";
  std::string castling;
  if (pos.castling & kWhiteKingside) castling += 'K';
  if (pos.castling & kWhiteQueenside) castling += 'Q';
  if (pos.castling & kBlackKingside) castling += 'k';
  if (pos.castling & kBlackQueenside) castling += 'q';
  out += castling.empty() ? "-" : castling;
  out += ' ';
  out += pos.en_passant == kNoSquare ? "-" : square_name(pos.shape(), pos.en_passant);
  out += ' ' + std::to_string(pos.halfmove_clock) + ' ' + std::to_string(pos.fullmove_number);
  for (const auto& [key, value] : pos.vars) out += ' ' + key + '=' + value;
  return out;
}

}  // namespace arbiter
