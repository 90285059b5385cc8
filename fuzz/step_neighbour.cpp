// Fuzz target: Neighbour Chess Solitaire steps (fuzz/step_fuzzer.h).
#include "fuzz/step_fuzzer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return arbiter::fuzz::run_step_fuzzer("neighbour", data, size);
}
