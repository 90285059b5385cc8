#pragma once
// The JSON-lines protocol of `arbiter serve` (docs/protocol.md): one request
// object per line in, one response object per line out. Every input line gets
// a response, malformed or not; the server never stops on bad input.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace arbiter::cli {

inline constexpr std::string_view kProtocolVersion = "arbiter-protocol/1";

struct ServeOptions {
  int max_depth = 8;               // deepest perft or divide served
  double seconds = 10;             // time budget of one perft or divide request
  std::size_t max_line = 1 << 20;  // longest request line, in bytes
  // POINT=ALT: the alternatives in force where a request names none for that
  // point (`arbiter serve --reading`). Each point belongs to one variant.
  std::vector<std::string> readings;
};

// The response to one request line (without its newline).
nlohmann::json respond(std::string_view line, const ServeOptions& options = {});

}  // namespace arbiter::cli
