#include "reports/perft_table.h"

#include <charconv>
#include <fstream>
#include <sstream>

namespace arbiter::report {

Expected<std::vector<PerftEntry>> read_perft_table(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"cannot read " + path};
  std::vector<PerftEntry> entries;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::size_t semi = line.find(';');
    if (semi == std::string::npos) return Error{path + ":" + std::to_string(number) + ": no ';D' fields"};
    PerftEntry e;
    e.line = number;
    e.fen = line.substr(0, semi);
    while (!e.fen.empty() && e.fen.back() == ' ') e.fen.pop_back();
    std::istringstream fields(line.substr(semi));
    std::string field;
    while (std::getline(fields, field, ';')) {
      std::istringstream f(field);
      std::string tag, count, rest;
      std::uint64_t nodes = 0;
      if (!(f >> tag)) continue;
      int depth = 0;
      auto [end, ec] = std::from_chars(tag.data() + 1, tag.data() + tag.size(), depth);
      bool ok = tag.size() >= 2 && tag[0] == 'D' && ec == std::errc() && end == tag.data() + tag.size() && depth >= 0 && f >> count &&
                !(f >> rest);
      if (ok) {
        auto [count_end, count_ec] = std::from_chars(count.data(), count.data() + count.size(), nodes);
        ok = count_ec == std::errc() && count_end == count.data() + count.size();
      }
      if (!ok) return Error{path + ":" + std::to_string(number) + ": bad field '" + field + "'"};
      e.depths.emplace_back(depth, nodes);
    }
    entries.push_back(std::move(e));
  }
  return entries;
}

}  // namespace arbiter::report
