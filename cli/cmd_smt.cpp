// arbiter smt VARIANT [--seconds S] [--pieces N] [--json]: the Z3 queries over
// the variant's encoding of one step, each with its time, and every witness
// replayed in the model (docs/smt.md).
#include <iostream>

#include <fmt/format.h>

#include "cli/common.h"
#include "smt/smt.h"

namespace arbiter::cli {

namespace {
struct SmtArgs {
  std::string variant;
  double seconds = 30;
  int pieces = 4;
};
}  // namespace

void add_smt_command(CLI::App& app, Options& options) {
  static SmtArgs args;
  CLI::App* cmd = app.add_subcommand("smt", "search the rules with Z3 for conflicts, gaps and divergences within a bound");
  cmd->add_option("variant", args.variant, "variant id")->required();
  cmd->add_option("--seconds", args.seconds, "timeout of each query, in seconds (default 30)");
  cmd->add_option("--pieces", args.pieces, "pieces in the bounded situation, kings included (2 to 6, default 4)");
  add_json_flag(*cmd, options);
  cmd->callback([&options] {
    const Variant& v = variant_or_throw(args.variant);
    if (!(args.seconds > 0 && args.seconds <= 3600)) throw UsageError("bad --seconds (expected more than 0, at most 3600)");
    if (args.pieces < 2 || args.pieces > 6) throw UsageError("bad --pieces " + std::to_string(args.pieces) + " (expected 2 to 6)");
    if (!smt::encoded(v))
      throw UsageError("no SMT encoding for " + std::string(v.id()) + " (encoded: the simultaneous games zeitgeist, simulchess, parity, parity-single)");
    smt::Bound bound;
    bound.pieces = args.pieces;
    std::vector<smt::QueryResult> results = smt::run_queries(v, bound, args.seconds);
    nlohmann::json queries = nlohmann::json::array(), findings = nlohmann::json::array();
    double total = 0;
    int disagreements = 0;
    for (const smt::QueryResult& q : results) {
      total += q.seconds;
      std::string replay = q.has_witness() ? smt::replay_witness(v, q) : "";
      disagreements += !replay.empty();
      nlohmann::json j = {{"id", q.id},           {"kind", finding_kind_name(q.kind)}, {"verdict", smt::verdict_name(q.verdict)},
                          {"seconds", q.seconds}, {"question", q.question},            {"detail", q.detail},
                          {"clauses", q.clauses}};
      if (!q.reading.empty()) j["reading"] = q.reading;
      if (q.has_witness()) {
        j["witness"] = {{"fen", q.fen}, {"white", q.white}, {"black", q.black}, {"readings", q.readings},
                        {"predicted", q.predicted_squares}, {"predicted_result", q.predicted_result},
                        {"model_agrees", replay.empty()}};
        if (q.earlier_occurrences > 0) j["witness"]["earlier_occurrences"] = q.earlier_occurrences;
        if (!replay.empty()) j["witness"]["model_differs"] = replay;
      }
      queries.push_back(j);
      if (smt::is_finding(q)) findings.push_back(finding_json(smt::to_finding(v, q)));
      if (options.json) continue;
      std::cout << fmt::format("{:<60} {:<11} {:6.2f}s  {}\n", q.id, smt::verdict_name(q.verdict), q.seconds, q.detail);
      if (q.has_witness() && q.verdict == smt::Verdict::Found)
        std::cout << fmt::format("    witness: --fen '{}' --white {} --black {}{}\n", q.fen, q.white, q.black,
                                 replay.empty() ? "  (the model agrees)" : "  MODEL DIFFERS:" + replay);
      else if (!replay.empty())
        std::cout << "    MODEL DIFFERS:" << replay << "\n";
    }
    if (options.json)
      return print_json({{"variant", v.id()}, {"bound", {{"files", bound.files}, {"ranks", bound.ranks}, {"pieces", bound.pieces}}},
                         {"seconds", total}, {"queries", queries}, {"findings", findings},
                         {"disagreements", disagreements}});
    std::cout << fmt::format("{} queries in {:.2f}s; {} findings; {} witnesses the model disagrees with\n", results.size(),
                             total, findings.size(), disagreements);
  });
}

}  // namespace arbiter::cli
