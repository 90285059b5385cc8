// Fuzz target: any bytes as lines of the serve protocol (docs/protocol.md).
// Every line gets a response that is an object with "ok", and an "error"
// when not ok; nothing crashes. Depths are capped at 1 so that no input asks
// for minutes of perft.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "cli/protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  arbiter::cli::ServeOptions limits;
  limits.max_depth = 1;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    std::string_view line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    nlohmann::json response = arbiter::cli::respond(line, limits);
    if (!response.is_object() || !response.contains("ok") || !response["ok"].is_boolean()) std::abort();
    if (!response["ok"].get<bool>() && (!response.contains("error") || !response["error"].is_string())) std::abort();
    (void)response.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return 0;
}
