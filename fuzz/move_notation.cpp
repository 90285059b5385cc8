// Fuzz target: any bytes as a move for every role of every registered variant's
// start position. Reading must never crash, and whatever is accepted must be a
// legal action that prints back to text that reads as the same action.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "model/variants/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const arbiter::Variant* v : arbiter::all_variants()) {
    arbiter::State s = v->initial_state();
    for (arbiter::Role role : v->roles_to_act(s)) {
      auto m = v->parse_action(s, role, text);
      if (!m.ok()) continue;
      auto again = v->parse_action(s, role, v->move_text(s, *m));
      if (!again.ok() || !again->same_action(*m)) std::abort();
    }
    auto joint = v->parse_joint(s, text);
    (void)joint;
  }
  return 0;
}
