#pragma once
// The registered variants. Every tool reaches variants only through this list.
#include <string_view>
#include <vector>

#include "model/core/game.h"

namespace arbiter {

const std::vector<const Variant*>& all_variants();
// The variant with this id, or nullptr.
const Variant* find_variant(std::string_view id);

}  // namespace arbiter
