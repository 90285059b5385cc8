// Small definitions of the vocabulary headers: clause, reading, trace, finding.
#include <algorithm>
#include <cctype>
#include <mutex>
#include <set>
#include <stdexcept>

#include "model/core/clause.h"
#include "model/core/finding.h"
#include "model/core/reading.h"
#include "model/core/trace.h"
#include "model/core/echo.h"

namespace arbiter {

const Clause* find_clause(const ClauseTable& table, std::string_view id) {
  for (const Clause& c : table)
    if (same_id(c.id, id)) return &c;
  return nullptr;
}

const ReadingPoint* find_reading(const ReadingTable& table, std::string_view id) {
  for (const ReadingPoint& r : table)
    if (same_id(r.id, id)) return &r;
  return nullptr;
}

Expected<bool> Readings::set(const ReadingTable& table, std::string_view assignment) {
  std::size_t eq = assignment.find('=');
  if (eq == std::string_view::npos)
    return Error{"bad reading '" + echo(assignment) + "' (expected POINT=ALTERNATIVE)"};
  std::string_view point = assignment.substr(0, eq), alt = assignment.substr(eq + 1);
  const ReadingPoint* rp = find_reading(table, point);
  if (!rp) return Error{"unknown reading point '" + echo(point) + "'"};
  for (const Alternative& a : rp->alternatives) {
    if (a.id == alt) {
      choose(point, alt);
      return true;
    }
  }
  return Error{"reading point '" + echo(point) + "' has no alternative '" + echo(alt) + "'"};
}

std::string_view intern(std::string_view id) {
  // Nodes of a set never move, so the views stay valid; the tools that run
  // steps on several threads share the set.
  static std::mutex guard;
  static std::set<std::string, std::less<>> ids;
  std::lock_guard<std::mutex> lock(guard);
  auto it = ids.find(id);
  if (it == ids.end()) it = ids.emplace(id).first;
  return *it;
}

void ReadingChoices::set(std::string_view point, std::string_view alternative) {
  set_lasting(intern(point), intern(alternative));
}

void ReadingChoices::set_lasting(std::string_view point, std::string_view alternative) {
  std::size_t i = 0;
  while (i < entries_.size() && entries_[i].point < point) ++i;
  if (i < entries_.size() && same_id(entries_[i].point, point)) {
    entries_[i].alternative = alternative;
    return;
  }
  entries_.insert(i, {point, alternative});
}

const ReadingChoices::Entry* ReadingChoices::find(std::string_view point) const {
  for (const Entry& e : entries_)
    if (same_id(e.point, point)) return &e;
  return nullptr;
}

std::string_view ReadingChoices::at(std::string_view point) const {
  if (const Entry* e = find(point)) return e->alternative;
  throw std::out_of_range("no reading point " + std::string(point));
}

std::map<std::string, std::string> ReadingChoices::as_map() const {
  std::map<std::string, std::string> out;
  for (const auto& [point, alt] : entries_) out.emplace(point, alt);
  return out;
}

std::string_view Readings::in_force(const ReadingPoint& point) const {
  std::string_view alt = point.default_alternative;
  if (const ReadingChoices::Entry* chosen = chosen_.find(point.id)) {
    for (const Alternative& a : point.alternatives)
      if (same_id(a.id, chosen->alternative)) alt = a.id;
  }
  return alt;
}

std::string_view Readings::consult(const ReadingPoint& point, Trace& trace) const {
  // The point's id is its table's; the alternative in force is the table's
  // default or a chosen one, interned when it was chosen.
  std::string_view alt = in_force(point);
  trace.consulted_lasting(point.id, alt);
  return alt;
}

std::string_view event_type_name(EventType t) {
  switch (t) {
    case EventType::Move: return "move";
    case EventType::Capture: return "capture";
    case EventType::Bounce: return "bounce";
    case EventType::Remove: return "remove";
    case EventType::Promote: return "promote";
    case EventType::Castle: return "castle";
    case EventType::EnPassant: return "en_passant";
    case EventType::Collision: return "collision";
    case EventType::FailedCapture: return "failed_capture";
    case EventType::Check: return "check";
    case EventType::Reject: return "reject";
    case EventType::Result: return "result";
    case EventType::Add: return "add";
    case EventType::Card: return "card";
    case EventType::Reveal: return "reveal";
  }
  return "?";
}

std::string_view finding_kind_name(FindingKind k) {
  for (const auto& [kind, name] : kFindingKindNames)
    if (kind == k) return name;
  return "?";
}

std::optional<FindingKind> parse_finding_kind(std::string_view name) {
  for (const auto& [kind, n] : kFindingKindNames)
    if (n == name) return kind;
  return std::nullopt;
}

namespace {
// Single-quotes a shell word unless it is plainly safe.
std::string shell_quote(const std::string& s) {
  bool safe = !s.empty();
  for (char c : s)
    safe = safe && (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
                    c == '/' || c == ':' || c == '=' || c == ',');
  if (safe) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}
}  // namespace

std::string Witness::replay_command() const {
  std::string cmd = "arbiter resolve " + shell_quote(variant) + " --fen " + shell_quote(fen);
  for (const auto& [role, move] : actions) cmd += " --" + role + " " + shell_quote(move);
  for (const auto& [point, alt] : readings) cmd += " --reading " + shell_quote(point + "=" + alt);
  if (visit_order != 0) cmd += " --visit-order " + std::to_string(visit_order);
  return cmd;
}

std::size_t Witness::pieces() const {
  std::size_t n = 0;
  for (char c : fen.substr(0, fen.find(' '))) n += std::isalpha(static_cast<unsigned char>(c)) != 0;
  return n;
}

std::string Finding::signature() const {
  std::string sig = variant + "|" + std::string(finding_kind_name(kind));
  // A divergence is about its reading point, whatever clauses the step fired.
  if (!reading.empty()) return sig + "|" + reading;
  // A contradiction is about the invariant it breaks (its detail's label) under
  // the readings in force, whatever the step fired: one question, however many
  // steps reach it.
  if (kind == FindingKind::Contradiction) {
    sig += "|" + detail.substr(0, detail.find(':'));
    for (const auto& [point, alt] : witness.readings) sig += "|" + point + "=" + alt;
    return sig;
  }
  for (const std::string& c : clauses) sig += "|" + c;
  // An order finding is about the clauses whose effects depend on the order;
  // its detail holds the positions, which differ from witness to witness.
  // So is a conflict: the same two rules, whatever the position.
  if (kind == FindingKind::Order || kind == FindingKind::Conflict) return sig;
  return sig + "|" + detail;
}

}  // namespace arbiter
