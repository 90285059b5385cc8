// Fuzz target: any bytes as a FEN for every registered variant. The parser must
// never crash, and whatever it accepts must print to a FEN that reads back to
// the same text (the canonical form is a fixed point).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "model/core/fen.h"
#include "model/variants/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const arbiter::Variant* v : arbiter::all_variants()) {
    auto pos = arbiter::parse_fen(text, v->kinds());
    if (pos.ok()) {
      std::string canonical = arbiter::to_fen(*pos);
      auto again = arbiter::parse_fen(canonical, v->kinds());
      if (!again.ok() || arbiter::to_fen(*again) != canonical) std::abort();
    }
    auto state = v->parse_state(text);
    if (state.ok() && !v->check_invariants(*state).empty()) std::abort();
  }
  return 0;
}
