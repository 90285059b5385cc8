#include "fuzz/findings_store.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace arbiter::fuzz {

namespace {

std::string hex_id(const std::string& signature) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a, as the report's finding ids
  for (unsigned char c : signature) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[20];
  std::snprintf(buf, sizeof buf, "%012llx", static_cast<unsigned long long>(h & 0xffffffffffffull));
  return buf;
}

std::size_t pieces_in(const std::string& fen) {
  std::size_t n = 0;
  for (char c : fen.substr(0, fen.find(' '))) n += (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  return n;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out + "\"";
}

}  // namespace

bool record_finding(const Finding& f, const std::string& found_by) {
  const char* dir = std::getenv("ARBITER_FINDINGS_DIR");
  if (!dir || !*dir) return false;
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::string id = hex_id(f.signature());
  fs::path path = fs::path(dir) / (f.variant + "-" + id + ".json");
  if (fs::exists(path)) {
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
      // The kept witness's FEN is on its own line, "  "fen": "...",".
      std::size_t at = line.find("\"fen\": \"");
      if (at == std::string::npos) continue;
      std::string fen = line.substr(at + 8, line.rfind('"') - at - 8);
      if (pieces_in(fen) <= pieces_in(f.witness.fen)) return false;
    }
  }
  std::ostringstream out;
  out << "{\n  \"id\": " << json_string(id) << ",\n  \"kind\": " << json_string(std::string(finding_kind_name(f.kind)))
      << ",\n  \"variant\": " << json_string(f.variant) << ",\n  \"found_by\": " << json_string(found_by)
      << ",\n  \"reading\": " << json_string(f.reading) << ",\n  \"question\": " << json_string(f.question)
      << ",\n  \"detail\": " << json_string(f.detail) << ",\n  \"signature\": " << json_string(f.signature())
      << ",\n  \"fen\": " << json_string(f.witness.fen) << ",\n  \"actions\": {";
  for (std::size_t i = 0; i < f.witness.actions.size(); ++i)
    out << (i ? ", " : "") << json_string(f.witness.actions[i].first) << ": " << json_string(f.witness.actions[i].second);
  out << "},\n  \"readings\": {";
  std::size_t i = 0;
  for (const auto& [point, alt] : f.witness.readings) out << (i++ ? ", " : "") << json_string(point) << ": " << json_string(alt);
  out << "},\n  \"replay\": " << json_string(f.witness.replay_command()) << "\n}\n";
  fs::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream file(tmp);
    file << out.str();
  }
  fs::rename(tmp, path, ec);
  return !ec;
}

}  // namespace arbiter::fuzz
