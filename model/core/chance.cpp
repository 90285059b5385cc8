#include "model/core/chance.h"

#include <charconv>

namespace arbiter {

std::optional<Move> read_shuffle(std::string_view text) {
  constexpr std::string_view prefix = "shuffle-";
  if (!text.starts_with(prefix) || text.size() == prefix.size() || text.size() > prefix.size() + 5) return std::nullopt;
  unsigned value = 0;
  auto [end, ec] = std::from_chars(text.data() + prefix.size(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value > 0xffff) return std::nullopt;
  return shuffle_action(static_cast<std::uint16_t>(value));
}

}  // namespace arbiter
