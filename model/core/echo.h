#pragma once
// Input quoted in an error message. An error is one line of valid UTF-8
// (docs/cli.md), whatever bytes the user gave: echoed text is cut to a
// bounded length without splitting a character, and control characters and
// bytes that are not UTF-8 are written as escapes (\n, \t, \xFF, \u2028).
#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter {

inline constexpr std::size_t kEchoLimit = 60;        // characters of input quoted in a message
inline constexpr std::size_t kMessageLimit = 1000;   // bytes of a whole message

// `input` as a message quotes it: at most `limit` characters (then "..."),
// escaped as above.
std::string echo(std::string_view input, std::size_t limit = kEchoLimit);

// The first character of `input` (a whole UTF-8 character, or one byte that
// is not UTF-8), escaped as above.
std::string echo_character(std::string_view input);

// A whole message made safe the same way, cut at `limit` bytes: the last
// line of defence of the error paths, for a message that quotes input
// without echo().
std::string one_line(std::string_view message, std::size_t limit = kMessageLimit);

}  // namespace arbiter
