#include "fuzz/findings_store.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "reports/finding_view.h"
#include "reports/findings_json.h"

namespace arbiter::fuzz {

namespace {

namespace fs = std::filesystem;

// The findings directory, or nullptr when none is set.
const char* findings_dir() {
  const char* dir = std::getenv("ARBITER_FINDINGS_DIR");
  return dir && *dir ? dir : nullptr;
}

fs::path path_of(const char* dir, const std::string& variant, const std::string& signature) {
  return fs::path(dir) / (variant + "-" + report::finding_id(signature) + ".json");
}

// The size of the witness kept in each file, read from disk once per run: a
// campaign meets the same finding again and again, and most meetings end at
// this table, before a record is built. 0: no file yet.
std::size_t& kept_pieces(const fs::path& path) {
  static std::map<std::string, std::size_t> kept;
  auto known = kept.find(path.string());
  if (known != kept.end()) return known->second;
  std::size_t pieces = 0;
  if (fs::exists(path)) {
    std::ifstream in(path);
    nlohmann::json record = nlohmann::json::parse(in, nullptr, false);
    if (!record.is_discarded())
      if (auto old = report::finding_from_json(record)) pieces = old->witness.pieces();
  }
  return kept.emplace(path.string(), pieces).first->second;
}

// The kept size for a signature, without writing its file's path each time:
// a campaign asks about the same few signatures at almost every step.
std::size_t kept_for(const char* dir, const std::string& variant, const std::string& signature) {
  static std::map<std::string, std::size_t*, std::less<>> by_signature;
  auto known = by_signature.find(signature);
  if (known == by_signature.end())
    known = by_signature.emplace(signature, &kept_pieces(path_of(dir, variant, signature))).first;
  return *known->second;
}

}  // namespace

bool finding_wanted(const std::string& variant, const std::string& signature, const Position& before) {
  const char* dir = findings_dir();
  if (!dir) return false;
  std::size_t kept = kept_for(dir, variant, signature);
  std::size_t on_board = 0;
  for (const Piece& p : before.pieces()) on_board += p.on_board();
  return kept == 0 || on_board < kept;
}

bool record_finding(const Finding& f, const std::string& found_by) {
  const char* dir = findings_dir();
  if (!dir) return false;
  fs::path path = path_of(dir, f.variant, f.signature());
  std::size_t& kept = kept_pieces(path);
  if (kept != 0 && kept <= f.witness.pieces()) return false;
  std::error_code ec;
  fs::create_directories(dir, ec);
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
  if (!ec) kept = f.witness.pieces();
  return !ec;
}

}  // namespace arbiter::fuzz
