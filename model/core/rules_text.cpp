#include "model/core/rules_text.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace arbiter {

std::string default_rules_dir() {
  if (const char* dir = std::getenv("ARBITER_RULES_DIR")) return dir;
  return ARBITER_RULES_DIR;
}

Expected<std::string> load_rules_text(const std::string& rules_dir, const Variant::TextSection& section) {
  if (section.file.empty()) return Error{"this variant has no rule text file"};
  std::string path = rules_dir + "/" + std::string(section.file);
  std::ifstream in(path);
  if (!in) return Error{"cannot read " + path};
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  std::size_t from = 0, to = text.size();
  if (!section.begin.empty()) {
    std::size_t at = text.find(section.begin);
    if (at == std::string::npos) return Error{"no line with '" + std::string(section.begin) + "' in " + path};
    from = text.rfind('\n', at);
    from = from == std::string::npos ? 0 : from + 1;
  }
  if (!section.end.empty()) {
    std::size_t at = text.find(section.end, from + 1);
    if (at == std::string::npos) return Error{"no line with '" + std::string(section.end) + "' in " + path};
    std::size_t line = text.rfind('\n', at);
    to = line == std::string::npos || line < from ? at : line;
  }
  return text.substr(from, to - from);
}

}  // namespace arbiter
