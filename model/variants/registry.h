#pragma once
// The registered variants. Every tool reaches variants only through this list.
#include <string_view>
#include <vector>

#include "model/core/game.h"

namespace arbiter {

const std::vector<const Variant*>& all_variants();
// Adds a variant to the list for this process: for a game's own test program
// while the game is built outside the registered list (its library is linked
// only there). Registered ids stay unique: a second variant with an id
// already listed is ignored.
void register_variant(const Variant& v);
// The variants added by register_variant, in order.
const std::vector<const Variant*>& staged_variants();
// The variant with this id, or nullptr.
const Variant* find_variant(std::string_view id);

}  // namespace arbiter
