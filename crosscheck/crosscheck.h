#pragma once
// `arbiter crosscheck`: Arbiter's model against an external engine, on the
// start position, the scenario corpus and positions of seeded random play.
//
// An engine of the serve protocol (docs/protocol.md) is compared request by
// request: the actions of each role and the result, divide counts at the
// chosen depth, and the steps of sampled joint actions (the FEN after and the
// result). A divide that differs is followed down: the first joint action whose
// counts differ is stepped on both sides, and if the steps agree the search
// goes on in the position after it, one depth less, until the actions or a
// step differ. That position and joint action are the minimal reproducer.
//
// A UCI engine (Stockfish for orthodox chess, Fairy-Stockfish for variants it
// hosts) is compared by `go perft` divides, descending the same way. Each
// position is first sent with `position fen` and read back with `d`: an engine
// that read another board (Fairy-Stockfish drops piece letters it does not
// know) is a difference in the position itself, found before any count.
//
// An engine that cannot be started, crashes, hangs or prints garbage ends the
// run with an error that says which; what was checked before is kept.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "crosscheck/child_process.h"
#include "model/core/game.h"

namespace arbiter::crosscheck {

struct Options {
  std::vector<std::string> engine;  // the program and its arguments
  bool uci = false;                 // speak UCI (`go perft`) instead of the serve protocol
  std::string uci_variant;          // UCI_Variant to set, for Fairy-Stockfish
  std::string variants_file;        // VariantPath to load first, for Fairy-Stockfish
  int depth = 2;                    // divide depth
  int random_positions = 6;         // positions reached by seeded random play
  int steps_per_position = 4;       // sampled joint actions stepped at each position
  std::uint64_t seed = 1;
  std::chrono::milliseconds timeout{10000};  // each wait for an answer
  std::vector<std::string> readings;         // POINT=ALT, sent to both sides
  std::string scenario_dir;                  // scenario files whose positions are checked
  int max_scenario_positions = 8;
};

// One level of the descent: at `fen`, the divide at `depth` gave these counts
// for `action` (arbiter, engine).
struct DescentStep {
  std::string fen;
  int depth = 0;
  std::string action;
  std::uint64_t ours = 0;
  std::uint64_t theirs = 0;
};

struct Outcome {
  enum class Status { agree, disagree, error };
  Status status = Status::agree;
  std::string variant;
  std::string engine;  // the engine's command line
  int positions = 0;   // positions compared
  int requests = 0;    // requests answered by the engine

  // disagree: what differs and where, the descent that led there (root
  // first), and how to replay it.
  std::string what;    // "actions", "result", "step", "divide"
  std::string fen;     // the position of the minimal reproducer
  std::string action;  // its joint action ("e2e4:e7e5"), if any
  std::string ours;    // what Arbiter answers, one line
  std::string theirs;  // what the engine answers, one line
  std::vector<DescentStep> descent;
  std::vector<std::string> replay;  // commands and request lines that show it

  // error: which failure, and its message.
  engine::FailureKind failure = engine::FailureKind::internal;
  std::string error;

  int exit_code() const { return status == Status::agree ? 0 : status == Status::disagree ? 1 : 2; }
  nlohmann::json to_json() const;
  std::string text() const;
};

// Runs the comparison. Bad options (a depth out of range, a reading Arbiter
// does not know, UCI for a simultaneous game) throw std::invalid_argument.
Outcome run(const Variant& v, const Options& options);

}  // namespace arbiter::crosscheck
