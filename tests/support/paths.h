#pragma once
// Where tests find the project's data files.
#include <string>

namespace arbiter::test {

std::string source_path(const std::string& relative);  // under the source tree
std::string arbiter_binary();                           // the built CLI

// True in builds with AddressSanitizer, where deep searches are cut short.
constexpr bool kSanitized =
#if defined(__SANITIZE_ADDRESS__)
    true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    true;
#else
    false;
#endif
#else
    false;
#endif

}  // namespace arbiter::test
