#include "fuzz/findings_store.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "reports/finding_view.h"
#include "reports/findings_json.h"

namespace arbiter::fuzz {

bool record_finding(const Finding& f, const std::string& found_by) {
  const char* dir = std::getenv("ARBITER_FINDINGS_DIR");
  if (!dir || !*dir) return false;
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path path = fs::path(dir) / (f.variant + "-" + report::finding_id(f.signature()) + ".json");
  // The size of the witness kept in each file, read from disk once per run:
  // a campaign meets the same finding again and again, and most meetings end
  // here, before the record is built.
  static std::map<std::string, std::size_t> kept_pieces;
  auto known = kept_pieces.find(path.string());
  if (known != kept_pieces.end() && known->second <= f.witness.pieces()) return false;
  fs::create_directories(dir, ec);
  if (known == kept_pieces.end() && fs::exists(path)) {
    std::ifstream in(path);
    nlohmann::json kept = nlohmann::json::parse(in, nullptr, false);
    if (!kept.is_discarded())
      if (auto old = report::finding_from_json(kept)) known = kept_pieces.emplace(path.string(), old->witness.pieces()).first;
  }
  if (known != kept_pieces.end() && known->second <= f.witness.pieces()) return false;
  nlohmann::json record = report::finding_to_json(f);
  record["found_by"] = found_by;
  // Written beside and renamed over, so a crash never leaves half a file.
  fs::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream file(tmp);
    file << record.dump(2) << "\n";
  }
  fs::rename(tmp, path, ec);
  if (!ec) kept_pieces[path.string()] = f.witness.pieces();
  return !ec;
}

}  // namespace arbiter::fuzz
