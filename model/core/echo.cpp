#include "model/core/echo.h"

#include <cstdint>

namespace arbiter {

namespace {

// The length of the well-formed UTF-8 sequence at the start of `s` (Unicode
// table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF), or 0.
std::size_t utf8_length(std::string_view s, std::uint32_t* code) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  unsigned char b0 = byte(0);
  if (b0 < 0x80) {
    *code = b0;
    return 1;
  }
  std::size_t n = b0 >= 0xC2 && b0 <= 0xDF ? 2 : b0 >= 0xE0 && b0 <= 0xEF ? 3 : b0 >= 0xF0 && b0 <= 0xF4 ? 4 : 0;
  if (n == 0 || s.size() < n) return 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (b0 == 0xE0) lo = 0xA0;
  if (b0 == 0xED) hi = 0x9F;
  if (b0 == 0xF0) lo = 0x90;
  if (b0 == 0xF4) hi = 0x8F;
  if (byte(1) < lo || byte(1) > hi) return 0;
  for (std::size_t i = 2; i < n; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  std::uint32_t c = b0 & (0xFF >> (n + 1));
  for (std::size_t i = 1; i < n; ++i) c = (c << 6) | (byte(i) & 0x3F);
  *code = c;
  return n;
}

std::string hex_escape(const char* prefix, std::uint32_t value, int digits) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = prefix;
  for (int i = digits - 1; i >= 0; --i) out += kHex[(value >> (4 * i)) & 0xF];
  return out;
}

// The next character of `s` as a message writes it, and how many bytes it took.
std::string next_shown(std::string_view s, std::size_t* used) {
  std::uint32_t code = 0;
  std::size_t n = utf8_length(s, &code);
  if (n == 0) {  // not UTF-8: the byte itself, escaped
    *used = 1;
    return hex_escape("\\x", static_cast<unsigned char>(s[0]), 2);
  }
  *used = n;
  if (code == '\n') return "\\n";
  if (code == '\r') return "\\r";
  if (code == '\t') return "\\t";
  if (code < 0x20 || code == 0x7F) return hex_escape("\\x", code, 2);
  // C1 controls and the Unicode line and paragraph separators break lines too.
  if ((code >= 0x80 && code <= 0x9F) || code == 0x2028 || code == 0x2029) return hex_escape("\\u", code, 4);
  return std::string(s.substr(0, n));
}

}  // namespace

std::string echo(std::string_view input, std::size_t limit) {
  std::string out;
  std::size_t chars = 0;
  while (!input.empty()) {
    if (chars == limit) return out + "...";
    std::size_t used = 0;
    out += next_shown(input, &used);
    input.remove_prefix(used);
    ++chars;
  }
  return out;
}

std::string echo_character(std::string_view input) {
  std::size_t used = 0;
  return input.empty() ? std::string() : next_shown(input, &used);
}

std::string one_line(std::string_view message, std::size_t limit) {
  std::string out;
  while (!message.empty()) {
    std::size_t used = 0;
    std::string shown = next_shown(message, &used);
    if (out.size() + shown.size() > limit) return out + "...";
    out += shown;
    message.remove_prefix(used);
  }
  return out;
}

}  // namespace arbiter
