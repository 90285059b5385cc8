#include "model/core/conflict.h"

#include <algorithm>
#include <set>
#include <utility>

#include "model/core/divergence.h"

namespace arbiter {

std::string_view fate_name(Fate f) {
  switch (f) {
    case Fate::Stays: return "stays";
    case Fate::Lands: return "lands";
    case Fate::Returns: return "returns";
    case Fate::StopsShort: return "stops short";
    case Fate::Removed: return "is removed";
  }
  return "?";
}

const Precedence* find_precedence(PrecedenceTable table, std::string_view a, std::string_view b) {
  for (const Precedence& p : table)
    if ((p.first == a && p.second == b) || (p.first == b && p.second == a)) return &p;
  return nullptr;
}

Square ends_on(const State& after, PieceId piece) {
  std::span<const Piece> pieces = after.position.pieces();
  if (piece >= pieces.size()) return kNoSquare;
  return pieces[piece].square;
}

namespace {

// "the white knight on g1"
std::string piece_text(const Variant& v, const State& before, PieceId id) {
  const Piece& p = before.position.piece(id);
  std::string kind = p.kind < v.kinds().size() ? v.kinds()[p.kind].name : "piece";
  std::transform(kind.begin(), kind.end(), kind.begin(), [](unsigned char c) { return std::tolower(c); });
  return std::string(p.color == Color::White ? "the white " : "the black ") + kind + " on " +
         square_name(before.position.shape(), p.square);
}

// "returns to g1", "is removed"
std::string fate_text(const BoardShape& shape, Fate fate, Square where) {
  std::string out(fate_name(fate));
  if (where == kNoSquare) return out;
  return out + (fate == Fate::Returns ? " to " : " on ") + square_name(shape, where);
}

// A rule in the text's words for its author: the clause's quote without the
// game's name before it (the quote reads "Zeitgeist: ..."), or its id where
// the table holds no quote.
std::string rule_words(const Variant& v, std::string_view clause) {
  const Clause* c = find_clause(v.clauses(), clause);
  if (!c || c->quote.empty()) return std::string(clause);
  std::string_view quote = c->quote;
  std::size_t colon = quote.find(": ");
  if (colon != std::string_view::npos && colon > 0 && v.name().starts_with(quote.substr(0, colon)))
    quote.remove_prefix(colon + 2);
  if (quote.ends_with('.')) quote.remove_suffix(1);  // the question goes on after it
  return std::string(quote);
}

std::string where_text(const BoardShape& shape, Square where) {
  return where == kNoSquare ? std::string("is removed") : "ends on " + square_name(shape, where);
}

std::uint8_t last_round(const Trace& t) {
  std::uint8_t last = t.last_round();
  for (const Proposal& p : t.proposals()) last = std::max(last, p.round);
  for (const Contest& c : t.contests()) last = std::max(last, c.round);
  return last;
}

}  // namespace

std::vector<Finding> find_conflicts(const Variant& v, const State& before, const JointAction& joint,
                                    const Readings& readings, const StepResult& result) {
  const Trace& t = result.trace;
  const std::vector<Proposal>& ps = t.proposals();
  std::vector<Finding> out;
  if (ps.empty() && t.contests().empty()) return out;
  const BoardShape& shape = before.position.shape();
  std::set<std::pair<std::string_view, std::string_view>> seen;
  for (std::size_t i = 0; i < ps.size(); ++i) {
    for (std::size_t j = i + 1; j < ps.size(); ++j) {
      const Proposal& a = ps[i];
      const Proposal& b = ps[j];
      if (a.piece != b.piece || a.round != b.round || a.same_effect(b) || same_id(a.clause, b.clause)) continue;
      const Precedence* p = find_precedence(v.precedences(), a.clause, b.clause);
      // A clause of the text states the order: no question.
      if (p && find_clause(v.clauses(), p->decided_by)) continue;
      auto key = std::minmax(a.clause, b.clause);
      if (!seen.insert(key).second) continue;
      Finding f;
      f.kind = FindingKind::Conflict;
      f.variant = std::string(v.id());
      f.clauses = {std::string(key.first), std::string(key.second)};
      std::string who = piece_text(v, before, a.piece);
      f.question = "Which rule decides the fate of " + who + ": " + rule_words(v, a.clause) + " (it " +
                   fate_text(shape, a.fate, a.ends_on) + "), or " + rule_words(v, b.clause) + " (it " +
                   fate_text(shape, b.fate, b.ends_on) + ")?";
      f.detail = std::string(a.clause) + " says it " + fate_text(shape, a.fate, a.ends_on) + "; " +
                 std::string(b.clause) + " says it " + fate_text(shape, b.fate, b.ends_on) + ". In the model it " +
                 where_text(shape, ends_on(result.state, a.piece)) +
                 (p ? " under the reading in force of " + std::string(p->decided_by) + ", which carries the precedence"
                    : ": no precedence is declared, so the order the resolver applies its rules in decides");
      f.witness = witness_of(v, before, joint, readings);
      out.push_back(std::move(f));
    }
  }
  // Gaps: a contested piece with no proposal in its round (one per step).
  for (const Contest& c : t.contests()) {
    bool decided = std::any_of(ps.begin(), ps.end(), [&](const Proposal& p) { return p.piece == c.piece && p.round == c.round; });
    if (decided) continue;
    Finding f;
    f.kind = FindingKind::Gap;
    f.variant = std::string(v.id());
    std::set<std::string> near;
    for (const Proposal& p : ps)
      if (p.round == c.round && p.ends_on == c.square) near.insert(std::string(p.clause));
    f.clauses.assign(near.begin(), near.end());
    f.question = "What becomes of " + piece_text(v, before, c.piece) + " in the contest on " + square_name(shape, c.square) +
                 "? No rule decides it.";
    f.detail = "no clause proposes a fate for a piece in a contested situation";
    f.witness = witness_of(v, before, joint, readings);
    out.push_back(std::move(f));
    break;
  }
  return out;
}

std::vector<std::string> unproposed_fates(const Variant& v, const State& before, const StepResult& result) {
  const Trace& t = result.trace;
  std::vector<std::string> out;
  if (t.contests().empty()) return out;
  std::uint8_t last = last_round(t);
  const BoardShape& shape = before.position.shape();
  std::set<PieceId> done;
  for (const Contest& c : t.contests()) {
    if (c.round != last || !done.insert(c.piece).second) continue;
    Square end = ends_on(result.state, c.piece);
    bool proposed = false, any = false;
    for (const Proposal& p : t.proposals()) {
      if (p.piece != c.piece || p.round != last) continue;
      any = true;
      proposed = proposed || p.ends_on == end;
    }
    if (any && !proposed)
      out.push_back(piece_text(v, before, c.piece) + " " + where_text(shape, end) + ", which no rule of the last round proposes");
  }
  return out;
}

}  // namespace arbiter
