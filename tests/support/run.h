#pragma once
// Runs a command line and captures what it printed and how it ended.
#include <string>

namespace arbiter::test {

struct RunResult {
  int exit_code = -1;
  std::string out;  // standard output
  std::string err;  // standard error
};

// Runs `command` through /bin/sh; stderr is captured through a temporary file.
RunResult run(const std::string& command);

}  // namespace arbiter::test
