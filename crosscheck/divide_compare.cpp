#include "crosscheck/divide_compare.h"

#include <algorithm>
#include <exception>
#include <map>

namespace arbiter::uci {
namespace {

DivideResult call_side(const DivideSide& side, std::string_view root_fen,
                       std::span<const std::string> moves, int depth) {
  try {
    if (!side.divide) return std::string("no divide function");
    return side.divide(root_fen, moves, depth);
  } catch (const std::exception& e) {
    return std::string(e.what());
  } catch (...) {
    return std::string("unknown exception");
  }
}

std::string join_moves(std::span<const std::string> moves) {
  std::string out;
  for (const auto& m : moves) {
    if (!out.empty()) out += ' ';
    out += m;
  }
  return out;
}

std::string where(std::span<const std::string> moves) {
  return moves.empty() ? "at the root" : "after " + join_moves(moves);
}

// Differences that end the descent (a move missing or extra) come first; then
// the first count difference in move order.
std::size_t choose(const std::vector<MoveDiff>& diffs) {
  for (std::size_t i = 0; i < diffs.size(); ++i) {
    if (diffs[i].kind != DiffKind::count_differs) return i;
  }
  return 0;
}

std::string describe(const MoveDiff& d, const std::string& ours, const std::string& ref) {
  switch (d.kind) {
    case DiffKind::missing_in_ours:
      return d.move + " missing in " + ours + " (" + ref + " " + std::to_string(d.reference) + ")";
    case DiffKind::extra_in_ours:
      return d.move + " extra in " + ours + " (" + ours + " " + std::to_string(d.ours) +
             ", not in " + ref + ")";
    case DiffKind::count_differs:
      break;
  }
  return d.move + " count differs: " + ours + " " + std::to_string(d.ours) + ", " + ref + " " +
         std::to_string(d.reference);
}

}  // namespace

std::string_view to_string(DiffKind kind) {
  switch (kind) {
    case DiffKind::missing_in_ours:
      return "missing in ours";
    case DiffKind::extra_in_ours:
      return "extra in ours";
    case DiffKind::count_differs:
      break;
  }
  return "count differs";
}

std::vector<MoveDiff> diff_divides(const Divide& ours, const Divide& reference) {
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> counts;  // ours, reference
  std::map<std::string, std::pair<bool, bool>> present;
  for (const auto& [m, c] : ours) {
    counts[m].first += c;
    present[m].first = true;
  }
  for (const auto& [m, c] : reference) {
    counts[m].second += c;
    present[m].second = true;
  }
  std::vector<MoveDiff> out;
  for (const auto& [m, c] : counts) {
    auto [in_ours, in_ref] = present[m];
    if (in_ours && in_ref && c.first == c.second) continue;
    MoveDiff d;
    d.move = m;
    d.ours = c.first;
    d.reference = c.second;
    d.kind = !in_ours  ? DiffKind::missing_in_ours
             : !in_ref ? DiffKind::extra_in_ours
                       : DiffKind::count_differs;
    out.push_back(std::move(d));
  }
  return out;
}

DivideSide fen_side(
    std::string name, std::function<Divide(std::string_view fen, int depth)> divide,
    std::function<std::string(std::string_view fen, std::string_view move)> fen_after) {
  DivideSide side;
  side.name = std::move(name);
  side.divide = [divide = std::move(divide), fen_after = std::move(fen_after)](
                    std::string_view root, std::span<const std::string> moves,
                    int depth) -> DivideResult {
    std::string fen(root);
    for (const auto& m : moves) fen = fen_after(fen, m);
    return divide(fen, depth);
  };
  return side;
}

DivideSide engine_side(UciEngine& engine, std::string name) {
  DivideSide side;
  side.name = std::move(name);
  side.divide = [&engine](std::string_view root, std::span<const std::string> moves,
                          int depth) -> DivideResult {
    auto r = engine.perft_divide(root, depth, moves);
    if (auto* e = std::get_if<EngineError>(&r)) return e->message;
    return std::move(std::get<PerftDivide>(r).moves);
  };
  return side;
}

FenFn fen_walker(
    std::function<std::string(std::string_view fen, std::string_view move)> fen_after) {
  return [fen_after = std::move(fen_after)](std::string_view root,
                                            std::span<const std::string> moves) {
    std::string fen(root);
    for (const auto& m : moves) fen = fen_after(fen, m);
    return fen;
  };
}

CrosscheckResult crosscheck_divide(std::string_view root_fen, int depth, const DivideSide& ours,
                                   const DivideSide& reference, const FenFn& fen_of) {
  CrosscheckResult r;
  r.root_fen = std::string(root_fen);
  r.depth = depth;
  r.ours_name = ours.name;
  r.reference_name = reference.name;

  std::vector<std::string> moves;
  for (int d = depth; d >= 1; --d) {
    DivideResult a = call_side(ours, root_fen, moves, d);
    DivideResult b = call_side(reference, root_fen, moves, d);
    for (auto [res, name] : {std::pair{&a, &ours.name}, std::pair{&b, &reference.name}}) {
      if (auto* msg = std::get_if<std::string>(res)) {
        std::string what =
            *name + " failed " + where(moves) + " at depth " + std::to_string(d) + ": " + *msg;
        if (r.steps.empty()) {
          r.status = CrosscheckResult::Status::error;
          r.error = what;
          return r;
        }
        r.note = "descent stopped: " + what;
        moves.pop_back();
        goto done;
      }
    }
    {
      auto diffs = diff_divides(std::get<Divide>(a), std::get<Divide>(b));
      if (diffs.empty()) {
        if (r.steps.empty()) return r;  // agree
        const auto& prev = r.steps.back();
        // The divides after the move agree, so their total is one number; the
        // side whose count of the move at depth d+1 differs from it
        // contradicts itself (its total is not the sum of its own divide).
        const MoveDiff& c = prev.diffs[prev.chosen];
        std::uint64_t total = 0;
        for (const auto& [move, nodes] : std::get<Divide>(a)) total += nodes;
        std::vector<std::string> inconsistent;
        if (c.ours != total) inconsistent.push_back(ours.name);
        if (c.reference != total) inconsistent.push_back(reference.name);
        std::string who = inconsistent.empty() ? ours.name + " or " + reference.name
                          : inconsistent.size() == 1 ? inconsistent.front()
                                                     : inconsistent[0] + " and " + inconsistent[1];
        r.note = "descent stopped: after " + c.move + " the divides at depth " + std::to_string(d) +
                 " agree (" + std::to_string(total) + " in all), so " + who +  (inconsistent.size() == 2 ? " contradict " : " contradicts ") +
                 std::string(inconsistent.size() == 2 ? "themselves" : "itself") + ": its count of " + c.move +
                 " at depth " + std::to_string(d + 1) + " is not the sum of its own divide after it" +
                 " (or it is not deterministic)";
        moves.pop_back();
        goto done;
      }
      r.status = CrosscheckResult::Status::disagree;
      DescentStep step;
      step.moves = moves;
      step.depth = d;
      step.chosen = choose(diffs);
      step.diffs = std::move(diffs);
      const MoveDiff& chosen = step.diffs[step.chosen];
      bool leaf = d == 1 || chosen.kind != DiffKind::count_differs;
      std::string next = chosen.move;
      r.steps.push_back(std::move(step));
      if (leaf) goto done;
      moves.push_back(next);
    }
  }
done:
  if (fen_of && !r.steps.empty()) {
    try {
      r.leaf_fen = fen_of(root_fen, r.steps.back().moves);
    } catch (const std::exception& e) {
      r.leaf_fen.clear();
      if (r.note.empty()) r.note = std::string("cannot compute the reproducer's FEN: ") + e.what();
    }
  }
  return r;
}

std::string CrosscheckResult::report() const {
  if (status == Status::agree) return "";
  if (status == Status::error) {
    return "divide cross-check error: " + error + "\n  root FEN: " + root_fen + "\n";
  }
  std::string out = "divide mismatch between " + ours_name + " and " + reference_name + "\n";
  out += "  root FEN: " + root_fen + "  (depth " + std::to_string(depth) + ")\n";
  for (const auto& s : steps) {
    const MoveDiff& c = s.diffs[s.chosen];
    out += "  depth " + std::to_string(s.depth) + " " + where(s.moves) + ": " +
           std::to_string(s.diffs.size()) +
           (s.diffs.size() == 1 ? " move differs" : " moves differ") + "; " +
           describe(c, ours_name, reference_name);
    if (s.diffs.size() > 1) {
      out += "; also:";
      std::size_t shown = 0;
      for (std::size_t i = 0; i < s.diffs.size() && shown < 6; ++i) {
        if (i == s.chosen) continue;
        out += " " + s.diffs[i].move + " (" + std::string(to_string(s.diffs[i].kind)) + ")";
        ++shown;
      }
      if (s.diffs.size() - 1 > shown) out += " ...";
    }
    out += '\n';
  }
  if (!note.empty()) out += "  " + note + "\n";
  const DescentStep& last = steps.back();
  const MoveDiff& c = last.diffs[last.chosen];
  out += "minimal reproducer: ";
  out += leaf_fen.empty() ? "root FEN " + root_fen +
                                (last.moves.empty() ? "" : " + moves " + join_moves(last.moves))
                          : "FEN " + leaf_fen;
  // A missing or extra move is a fact about the move list: depth 1 shows it.
  const int leaf_depth = c.kind == DiffKind::count_differs ? last.depth : 1;
  out += ", depth " + std::to_string(leaf_depth) + ": ";
  switch (c.kind) {
    case DiffKind::missing_in_ours:
      out += c.move + " is legal per " + reference_name + " but missing in " + ours_name;
      break;
    case DiffKind::extra_in_ours:
      out += c.move + " is generated by " + ours_name + " but not legal per " + reference_name;
      break;
    case DiffKind::count_differs:
      out += c.move + ": " + ours_name + " " + std::to_string(c.ours) + ", " + reference_name +
             " " + std::to_string(c.reference);
      if (last.depth == 1) out += " (a count above 1 at depth 1 means the move is listed twice)";
      break;
  }
  out += "\n  UCI: position fen " + root_fen;
  if (!last.moves.empty()) out += " moves " + join_moves(last.moves);
  out += "\n       go perft " + std::to_string(leaf_depth) + "\n";
  return out;
}

}  // namespace arbiter::uci
