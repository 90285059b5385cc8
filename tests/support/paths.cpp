#include "tests/support/paths.h"

namespace arbiter::test {

std::string source_path(const std::string& relative) { return std::string(ARBITER_SOURCE_DIR) + "/" + relative; }

std::string arbiter_binary() {
#ifdef ARBITER_CLI_PATH
  return ARBITER_CLI_PATH;
#else
  return std::string(ARBITER_SOURCE_DIR) + "/build/release/cli/arbiter";
#endif
}

}  // namespace arbiter::test
