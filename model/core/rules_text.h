#pragma once
// Reading a variant's rule text from the rules folder.
#include <string>

#include "model/core/expected.h"
#include "model/core/game.h"

namespace arbiter {

// The rules folder: $ARBITER_RULES_DIR if set, else the build's ../shared/rules.
std::string default_rules_dir();

// The variant's section of its rule text.
Expected<std::string> load_rules_text(const std::string& rules_dir, const Variant::TextSection& section);

}  // namespace arbiter
