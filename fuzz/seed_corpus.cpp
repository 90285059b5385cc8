// Writes the fuzzers' seed corpora from the scenario files, and a dictionary
// per variant:
//   seed_corpus OUT_DIR [DICT_DIR]   (normally corpus/fuzz fuzz/dicts/variants)
// fen_parser: every scenario position and start position; move_notation: every
// move token; scenario_parser: every scenario file; step_VARIANT: for each start
// position of the step fuzzer, a few seeded random playouts. DICT_DIR/VARIANT.dict:
// the tokens of the variant's positions, moves and scenario files (piece
// letters, extended-FEN fields, clause ids, reading assignments), which the
// text-parsing targets use beside their own dictionaries.
//   seed_corpus --dicts DICT_DIR     writes the dictionaries alone.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <cctype>
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

// A libFuzzer dictionary entry: the token in double quotes, with quotes,
// backslashes and bytes outside printable ASCII escaped.
std::string entry(std::string_view token) {
  std::string out = "\"";
  for (unsigned char c : token) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c > 0x7e) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", c);
      out += hex;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

// The dictionary of one variant: what its FENs, moves and scenario files are
// made of, from its tables and its scenario positions.
std::string dictionary(const Variant& v, const std::string& scenarios) {
  std::set<std::string> tokens;
  const std::string start = v.fen(v.initial_state());
  tokens.insert(start);
  std::set<std::string> fens{start};
  for (const Scenario& sc : load_scenario_folder(scenarios, v.id()).scenarios)
    if (!sc.fen.empty()) fens.insert(sc.fen);
  for (const std::string& fen : fens) {
    // The fields after the board: side, castling, en passant, clocks and the
    // variant's own key=value fields, each with its key alone.
    std::istringstream fields(fen);
    std::string field;
    fields >> field;
    while (fields >> field) {
      tokens.insert(" " + field);
      std::size_t eq = field.find('=');
      if (eq != std::string::npos) tokens.insert(field.substr(0, eq + 1));
    }
  }
  for (KindId k = 0; k < v.kinds().size(); ++k) {
    const std::string& code = v.kinds()[k].code;
    std::string white = code.size() == 1 ? code : "(" + code + ")", black = white;
    for (char& c : black) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    tokens.insert(white);
    tokens.insert(black);
  }
  State s = v.initial_state();
  for (Role r : v.roles_to_act(s))
    for (const Move& m : v.actions(s, r)) tokens.insert(v.move_text(s, m));
  tokens.insert("variant: " + std::string(v.id()));
  for (const Clause& c : v.clauses()) tokens.insert(std::string(c.id));
  for (const ReadingPoint& p : v.readings())
    for (const Alternative& a : p.alternatives) tokens.insert("reading: " + std::string(p.id) + "=" + std::string(a.id));
  std::string out = "# " + std::string(v.name()) + ": tokens of its positions, moves and scenario files.\n"
                    "# Written by `seed_corpus --dicts fuzz/dicts/variants`; a test keeps it current.\n";
  for (const std::string& t : tokens) out += entry(t) + "\n";
  return out;
}

void write_dictionaries(const fs::path& dir, const std::string& scenarios) {
  for (const Variant* v : all_variants()) write(dir, std::string(v->id()) + ".dict", dictionary(*v, scenarios));
}
}  // namespace

int main(int argc, char** argv) {
  std::string scenarios = std::string(ARBITER_SOURCE_DIR) + "/corpus/scenarios";
  if (argc == 3 && std::string_view(argv[1]) == "--dicts") {
    write_dictionaries(argv[2], scenarios);
    return 0;
  }
  // An option it does not know (--help, say) is not a directory to write into.
  bool unknown_option = false;
  for (int i = 1; i < argc; ++i) unknown_option = unknown_option || argv[i][0] == '-';
  if ((argc != 2 && argc != 3) || unknown_option) {
    std::fprintf(stderr, "usage: seed_corpus OUT_DIR [DICT_DIR] | seed_corpus --dicts DICT_DIR\n");
    return 2;
  }
  fs::path out = argv[1];
  if (argc == 3) write_dictionaries(argv[2], scenarios);
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
    for (const Scenario& sc : load_scenario_folder(scenarios, v->id()).scenarios) starts += !sc.fen.empty();
    for (int start = 0; start < std::min(starts, 32); ++start) {
      std::string bytes(1, static_cast<char>(start));
      for (int k = 0; k < 2 * 2 * 16; ++k) bytes += static_cast<char>(rng() & 0xff);
      write(out / ("step_" + target_name(v->id())), "seed-" + std::to_string(start), bytes);
    }
  }
  std::printf("seeded %zu positions, %zu moves, %d scenario files\n", fens.size(), moves.size(), files);
  return 0;
}
