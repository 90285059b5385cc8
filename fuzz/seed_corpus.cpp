// Writes the fuzzers' seed corpora from the scenario files:
//   seed_corpus OUT_DIR   (normally corpus/fuzz)
// fen_parser: every scenario position and start position; move_notation: every
// move token; scenario_parser: every scenario file; step_VARIANT: for each start
// position of the step fuzzer, a few seeded random playouts.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "model/core/scenario.h"
#include "model/variants/registry.h"

namespace fs = std::filesystem;
using namespace arbiter;

namespace {
void write(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << bytes;
}
// Fuzz target names use '_' where variant ids use '-' (parity-single -> step_parity_single).
std::string target_name(std::string_view id) {
  std::string name(id);
  for (char& c : name) c = c == '-' ? '_' : c;
  return name;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: seed_corpus OUT_DIR\n");
    return 2;
  }
  fs::path out = argv[1];
  std::string scenarios = std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios";
  std::set<std::string> fens, moves;
  for (const Variant* v : all_variants()) fens.insert(v->fen(v->initial_state()));
  int files = 0;
  if (fs::exists(scenarios)) {
    for (const auto& entry : fs::recursive_directory_iterator(scenarios)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".txt") continue;
      std::ifstream in(entry.path());
      std::stringstream ss;
      ss << in.rdbuf();
      write(out / "scenario_parser", entry.path().parent_path().filename().string() + "-" + entry.path().filename().string(), ss.str());
      ++files;
      auto parsed = parse_scenarios(ss.str(), entry.path().string());
      if (!parsed) continue;
      for (const Scenario& s : *parsed) {
        if (!s.fen.empty()) fens.insert(s.fen);
        std::istringstream steps(s.moves);
        std::string token;
        while (steps >> token) moves.insert(token);
      }
    }
  }
  int i = 0;
  for (const std::string& f : fens) write(out / "fen_parser", "seed-" + std::to_string(++i), f);
  i = 0;
  for (const std::string& m : moves) write(out / "move_notation", "seed-" + std::to_string(++i), m);
  // Step fuzzers: byte 0 picks the start position, then two bytes per role per step.
  for (const Variant* v : all_variants()) {
    std::mt19937 rng(12345);
    int starts = 1;
    for (const ScenarioResult& r : run_scenario_folder(scenarios, v->id())) starts += !r.scenario.fen.empty();
    for (int start = 0; start < std::min(starts, 32); ++start) {
      std::string bytes(1, static_cast<char>(start));
      for (int k = 0; k < 2 * 2 * 16; ++k) bytes += static_cast<char>(rng() & 0xff);
      write(out / ("step_" + target_name(v->id())), "seed-" + std::to_string(start), bytes);
    }
  }
  std::printf("seeded %zu positions, %zu moves, %d scenario files\n", fens.size(), moves.size(), files);
  return 0;
}
