#pragma once
// Whether text is well-formed UTF-8, for tests of what the tools print.
#include <string>

#include <nlohmann/json.hpp>

namespace arbiter::test {

// nlohmann::json validates UTF-8 when it serialises strictly.
inline bool valid_utf8(const std::string& s) {
  try {
    (void)nlohmann::json(s).dump();
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

}  // namespace arbiter::test
