#include "fuzz/findings_store.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "reports/findings_json.h"

namespace arbiter::fuzz {

bool record_finding(const Finding& f, const std::string& found_by) {
  const char* dir = std::getenv("ARBITER_FINDINGS_DIR");
  if (!dir || !*dir) return false;
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  nlohmann::json record = report::finding_to_json(f);
  record["found_by"] = found_by;
  fs::path path = fs::path(dir) / (f.variant + "-" + record["id"].get<std::string>() + ".json");
  if (fs::exists(path)) {
    std::ifstream in(path);
    nlohmann::json kept = nlohmann::json::parse(in, nullptr, false);
    if (!kept.is_discarded()) {
      auto old = report::finding_from_json(kept);
      if (old && old->witness.pieces() <= f.witness.pieces()) return false;
    }
  }
  // Written beside and renamed over, so a crash never leaves half a file.
  fs::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream file(tmp);
    file << record.dump(2) << "\n";
  }
  fs::rename(tmp, path, ec);
  return !ec;
}

}  // namespace arbiter::fuzz
