// Fuzz target: Cloak and Dagger Chess steps (fuzz/step_fuzzer.h).
#include "fuzz/step_fuzzer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return arbiter::fuzz::run_step_fuzzer("cloak-dagger", data, size);
}
