// Fuzz target: any bytes as a scenario file. The parser must never crash; each
// scenario it accepts must run (pass or fail with messages) without crashing.
#include <cstdint>
#include <string_view>

#include "model/core/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = arbiter::parse_scenarios(text, "fuzz.txt");
  if (!parsed.ok()) return 0;
  for (const arbiter::Scenario& s : *parsed)
    if (s.moves.size() < 400) arbiter::run_scenario(s);
  return 0;
}
