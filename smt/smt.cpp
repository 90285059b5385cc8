// The query runner: every query kind over a variant's encoding, each with its
// own solver and timeout; witnesses read back and replayed in the model.
#include "smt/smt.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>

#include "model/core/mirror.h"
#include "model/variants/parity/parity.h"
#include "model/variants/registry.h"
#include "smt/encoding.h"

namespace arbiter::smt {

std::string_view verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Found: return "found";
    case Verdict::Absent: return "absent";
    case Verdict::Unknown: return "unknown";
    case Verdict::NotEncoded: return "not-encoded";
    case Verdict::Definition: return "definition";
  }
  return "?";
}

std::string_view extension_name(Extension e) {
  switch (e) {
    case Extension::None: return "none";
    case Extension::Castling: return "castling";
    case Extension::Promotion: return "promotion";
    case Extension::EnPassant: return "en passant";
    case Extension::Repetition: return "repetition";
  }
  return "?";
}

bool encoded(const Variant& v) {
  return v.id() == "parity" || v.id() == "parity-single" || v.id() == "zeitgeist" || v.id() == "simulchess";
}

bool is_finding(const QueryResult& q) { return q.verdict == Verdict::Found && !q.informational; }

namespace {

std::unique_ptr<Encoding> encoding_of(const Variant& v, z3::context& c, const Bound& b) {
  if (v.id() == "parity") return parity_encoding(c, b, false);
  if (v.id() == "parity-single") return parity_encoding(c, b, true);
  if (v.id() == "zeitgeist") return zeitgeist_encoding(c, b);
  if (v.id() == "simulchess") return simulchess_encoding(c, b);
  return nullptr;
}

// Fate i as a proposal would set it.
z3::expr fate_is(const Encoding& e, const FateProposal& p, int i) {
  return e.removed[i] == p.removed[i] && z3::implies(!p.removed[i], e.ff[i] == p.f[i] && e.fr[i] == p.r[i]);
}

// Two proposals for piece i that disagree.
z3::expr disagree(const FateProposal& a, const FateProposal& b, int i) {
  return a.removed[i] != b.removed[i] || (!a.removed[i] && (a.f[i] != b.f[i] || a.r[i] != b.r[i]));
}

// Each piece's fate as the first proposal that applies sets it (a definite
// prediction even where clauses clash), a piece off the board unchanged, and
// every result proposal.
z3::expr first_proposals(z3::context& c, const Encoding& e, int n) {
  z3::expr all = c.bool_val(true);
  for (int i = 0; i < n; ++i) {
    z3::expr chosen = z3::implies(!e.before[i].on, !e.removed[i] && e.ff[i] == e.before[i].f && e.fr[i] == e.before[i].r);
    z3::expr earlier = c.bool_val(false);
    for (const FateProposal& p : e.fates) {
      chosen = chosen && z3::implies(e.before[i].on && p.cond[i] && !earlier, fate_is(e, p, i));
      earlier = earlier || p.cond[i];
    }
    all = all && chosen;
  }
  for (const ResultProposal& r : e.results) all = all && z3::implies(r.cond, e.result == r.result);
  return all;
}

class Runner {
 public:
  Runner(const Variant& v, const Bound& b, double seconds) : v_(v), b_(b), seconds_(seconds), e_(encoding_of(v, c_, b)) {}

  std::vector<QueryResult> run() {
    std::vector<QueryResult> out;
    const Encoding& e = *e_;
    std::string pre(v_.clause_prefix());
    int n = b_.pieces;
    // Conflicts: two clauses whose conditions hold for one piece with different fates.
    for (std::size_t a = 0; a < e.fates.size(); ++a)
      for (std::size_t b = a + 1; b < e.fates.size(); ++b) {
        const FateProposal& pa = e.fates[a];
        const FateProposal& pb = e.fates[b];
        z3::expr any = c_.bool_val(false);
        for (int i = 0; i < n; ++i) any = any || (pa.cond[i] && pb.cond[i] && disagree(pa, pb, i));
        QueryResult q = base(pre + ".conflict." + short_id(pa.clause) + "+" + short_id(pb.clause), FindingKind::Conflict,
                             "do " + pa.clause + " and " + pb.clause + " ever give one piece different fates?");
        q.clauses = {pa.clause, pb.clause};
        solve(q, {any}, true, "the two clauses give a piece different fates");
        out.push_back(q);
      }
    // Gaps: a piece no clause decides; a king lost with no result.
    {
      z3::expr any = c_.bool_val(false);
      for (int i = 0; i < n; ++i) {
        z3::expr covered = c_.bool_val(false);
        for (const FateProposal& p : e.fates) covered = covered || p.cond[i];
        any = any || (e.before[i].on && !covered);
      }
      QueryResult q = base(pre + ".gap.piece_fate", FindingKind::Gap, "is there a piece whose fate no clause decides?");
      solve(q, {any}, true, "no clause decides this piece's fate");
      out.push_back(q);
      z3::expr covered = c_.bool_val(false);
      for (const ResultProposal& r : e.results) covered = covered || r.cond;
      QueryResult g = base(pre + ".gap.result", FindingKind::Gap, "is there a step whose result no clause decides?");
      solve(g, {!covered}, true, "no clause decides the result");
      out.push_back(g);
    }
    // Contradictions: the resolved state breaks the variant's invariants.
    {
      z3::expr same_colour = c_.bool_val(false), three = c_.bool_val(false), kings = c_.bool_val(false);
      auto stands = [&](int i) { return e.before[i].on && !e.removed[i]; };
      auto together = [&](int i, int j) { return stands(i) && stands(j) && e.ff[i] == e.ff[j] && e.fr[i] == e.fr[j]; };
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
          same_colour = same_colour || (together(i, j) && e.before[i].white == e.before[j].white);
          kings = kings || (together(i, j) && e.before[i].kind == 0 && e.before[j].kind == 0);
          for (int k = j + 1; k < n; ++k) three = three || (together(i, j) && together(j, k));
        }
      QueryResult q = base(pre + ".contradiction.same_colour_pair", FindingKind::Contradiction,
                           "can a step leave two pieces of one colour on a square?");
      solve(q, {same_colour}, true, "two pieces of one colour share a square after the step");
      out.push_back(q);
      QueryResult t = base(pre + ".contradiction.three_pieces_left", FindingKind::Contradiction,
                           "can a step leave three pieces on one square (any colours, moved or not)?");
      solve(t, {three}, true, "three pieces on one square after the step");
      out.push_back(t);
      QueryResult k = base(pre + ".contradiction.kings_share_a_square", FindingKind::Contradiction,
                           "can both kings end on one square?");
      solve(k, {kings}, true, "both kings on one square after the step");
      out.push_back(k);
      z3::expr king_gone = c_.bool_val(false);
      for (int i = 0; i < n; ++i) king_gone = king_gone || (e.before[i].on && e.before[i].kind == 0 && e.removed[i]);
      QueryResult r = base(pre + ".contradiction.king_removed_without_result", FindingKind::Contradiction,
                           "can a king be removed while the game goes on?");
      solve(r, {king_gone && e.result == kOngoing}, true, "a king is removed and no result is set");
      out.push_back(r);
    }
    // Named outcomes.
    {
      z3::expr both = c_.bool_val(true);
      for (bool white : {true, false}) {
        z3::expr lost = c_.bool_val(false);
        for (int i = 0; i < n; ++i)
          lost = lost || (e.before[i].on && e.before[i].kind == 0 && e.before[i].white == c_.bool_val(white) && e.removed[i]);
        both = both && lost;
      }
      QueryResult q = base(pre + ".named.mutual_king_capture", FindingKind::Conflict,
                           "can both kings be captured in one step (readings at their defaults)?");
      q.informational = true;
      solve(q, {both}, false, "both kings captured in one step");
      out.push_back(q);
      for (const ReadingParameter& p : e.parameters) {
        for (std::size_t a = 0; a < p.alternatives.size(); ++a) {
          if (a == p.default_index) continue;
          const std::string& alt = p.alternatives[a].first;
          QueryResult any = base(pre + ".named.mutual_king_capture." + short_id(p.point) + "_" + alt, FindingKind::Conflict,
                                 "can both kings be captured in one step under " + p.point + "=" + alt + "?");
          any.reading = p.point;
          any.informational = true;
          std::vector<z3::expr> goal = {both, p.is(a)};
          for (const ReadingParameter& o : e.parameters)
            if (o.point != p.point) goal.push_back(o.is_default());
          solve(any, goal, false, "both kings captured in one step", false);
          out.push_back(any);
        }
      }
      QueryResult bl = base(pre + ".named.both_lose", FindingKind::Conflict, "can both players lose at once?");
      bl.informational = true;
      solve(bl, {e.result == kBothLose}, false, "both players lose", false);
      out.push_back(bl);
      for (const NamedSearch& ns : e.named) {
        QueryResult nq = base(pre + ".named." + ns.id, FindingKind::Conflict, ns.question);
        nq.informational = true;
        solve(nq, {ns.goal}, false, ns.question.substr(0, ns.question.size() - 1), !ns.any_readings);
        out.push_back(nq);
      }
    }
    // Divergences: a joint action one alternative allows and another does not,
    // or gives a different piece fate or result.
    for (const ReadingParameter& p : e.parameters) {
      QueryResult q = base(pre + ".divergence." + short_id(p.point), FindingKind::Divergence, point_question(p.point));
      q.reading = p.point;
      solve_divergence(q, p);
      out.push_back(q);
    }
    for (const auto& [point, why] : e.not_encoded) {
      // An option is the text's own variation: no divergence query.
      if (const ReadingPoint* r = find_reading(v_.readings(), point); r && r->option) continue;
      QueryResult q = base(pre + ".divergence." + short_id(point), FindingKind::Divergence, point_question(point));
      q.reading = point;
      q.verdict = Verdict::NotEncoded;
      q.detail = why;
      out.push_back(q);
    }
    // Dead clauses: every clause of the game's table, checked where the
    // encoding states its condition (as a fate or result proposal, or on its
    // own), else listed as not encoded with the reason.
    std::vector<std::string> ids;
    for (const Clause& c : v_.clauses()) ids.emplace_back(c.id);
    auto add_id = [&](const std::string& id) {
      if (id.front() != '(' && std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    };
    for (const FateProposal& p : e.fates) add_id(p.clause);
    for (const ResultProposal& r : e.results) add_id(r.clause);
    for (const ClauseCondition& c : e.conditions) add_id(c.clause);
    for (const std::string& id : ids) out.push_back(dead_clause(id));
    return out;
  }

 private:
  // Whether a clause's condition can hold, under the default readings or any
  // others. Its condition is the union of its proposals' and its stated
  // conditions.
  static constexpr double kDefaultsFirstSeconds = 3;
  QueryResult dead_clause(const std::string& id) {
    const Encoding& e = *e_;
    std::string pre(v_.clause_prefix());
    int n = b_.pieces;
    // Asked in the rule's own words where the clause has a quote.
    const Clause* clause = find_clause(v_.clauses(), id);
    std::string rule = clause ? "the rule \"" + std::string(clause->quote) + "\"" : id;
    QueryResult q = base(pre + ".dead_clause." + short_id(id), FindingKind::DeadClause, "can " + rule + " ever apply?");
    q.clauses = {id};
    z3::expr fires = c_.bool_val(false);
    bool stated = false;
    std::string says;
    for (const FateProposal& p : e.fates) {
      if (p.clause != id) continue;
      stated = true;
      for (int i = 0; i < n; ++i) fires = fires || (e.before[i].on && p.cond[i]);
    }
    for (const ResultProposal& r : e.results) {
      if (r.clause != id) continue;
      stated = true;
      fires = fires || r.cond;
    }
    for (const ClauseCondition& c : e.conditions) {
      if (c.clause != id) continue;
      stated = true;
      fires = fires || c.cond;
      says += (says.empty() ? "" : "; or ") + c.says;
    }
    if (!says.empty()) q.question = "can " + rule + " ever apply (" + says + ")?";
    if (!stated) {
      for (const auto& [clause, what] : e.definitions)
        if (clause == id) {
          q.verdict = Verdict::Definition;
          q.detail = what;
          return q;
        }
      for (const Encoding::NotEncodedClause& ne : e.not_encoded_clauses) {
        if (ne.clause != id) continue;
        if (ne.stated_by != Extension::None && b_.extension == Extension::None) {
          // The bound extended by the clause's special move states it.
          Bound extended = b_;
          extended.extension = ne.stated_by;
          Runner sub(v_, extended, seconds_);
          QueryResult x = sub.dead_clause(id);
          if (x.verdict != Verdict::NotEncoded && x.verdict != Verdict::Unknown)
            x.detail += " (on the bound extended by " + std::string(extension_name(ne.stated_by)) + ")";
          return x;
        }
        q.verdict = Verdict::NotEncoded;
        q.detail = ne.why;
        return q;
      }
      q.verdict = Verdict::Unknown;
      q.detail = "the encoding neither states this clause's condition nor says why it does not";
      return q;
    }
    // Under the default readings first, briefly: where no witness comes quickly
    // (a king capture in Parity Chess needs another alternative, and proving
    // that takes long), under any readings.
    solve(q, {fires}, true, "", true, /*inverted=*/true, std::min(seconds_, kDefaultsFirstSeconds));
    if (q.verdict == Verdict::Unknown || (q.verdict == Verdict::Found && !e.parameters.empty())) {
      double spent = q.seconds;
      solve(q, {fires}, true, "", false, /*inverted=*/true);
      q.seconds += spent;
    }
    if (q.verdict == Verdict::Absent) {
      // Name the readings of the witness that are not the defaults.
      std::string others;
      for (const ReadingParameter& p : e.parameters) {
        std::string chosen = p.point + "=", deflt = chosen + p.alternatives[p.default_index].first;
        for (const std::string& r : q.readings)
          if (r.rfind(chosen, 0) == 0 && r != deflt) others += (others.empty() ? "" : ", ") + r;
      }
      if (!others.empty()) q.detail += ", under " + others;
    } else if (q.verdict == Verdict::Found) {
      q.detail = "its condition never holds within the bound, under any readings";
    }
    return q;
  }

  // A divergence query asks the reading point's own question: the one its
  // finding puts to the rule author, as the other tools' findings do.
  std::string point_question(const std::string& point) const {
    const ReadingPoint* r = find_reading(v_.readings(), point);
    if (r && !r->question.empty()) return std::string(r->question);
    return "Does the text decide this step one way, where the model offers several readings?";
  }

  QueryResult base(std::string id, FindingKind kind, std::string question) {
    QueryResult q;
    q.id = std::move(id);
    q.kind = kind;
    q.question = std::move(question);
    return q;
  }

  static std::string short_id(const std::string& clause) {
    std::size_t dot = clause.find('.');
    return dot == std::string::npos ? clause : clause.substr(dot + 1);
  }

  // The encoding's constraints: a valid situation, legal moves, every clause's
  // fate and result asserted behind a tracking literal named by its id.
  void assert_rules(z3::solver& s, bool defaults, bool with_tracking, std::vector<std::pair<z3::expr, std::string>>* lits) {
    const Encoding& e = *e_;
    s.add(e.valid);
    s.add(e.legal);
    if (defaults)
      for (const ReadingParameter& p : e.parameters) s.add(p.is_default());
    int n = b_.pieces;
    for (int i = 0; i < n; ++i) s.add(z3::implies(!e.before[i].on, !e.removed[i] && e.ff[i] == e.before[i].f && e.fr[i] == e.before[i].r));
    int k = 0;
    for (const FateProposal& p : e.fates) {
      z3::expr body = c_.bool_val(true);
      for (int i = 0; i < n; ++i) body = body && z3::implies(p.cond[i], fate_is(e, p, i));
      add_tracked(s, body, p.clause, k++, with_tracking, lits);
    }
    for (const ResultProposal& r : e.results) add_tracked(s, z3::implies(r.cond, e.result == r.result), r.clause, k++, with_tracking, lits);
  }

  void add_tracked(z3::solver& s, const z3::expr& body, const std::string& name, int k, bool tracking,
                   std::vector<std::pair<z3::expr, std::string>>* lits) {
    if (!tracking) {
      s.add(body);
      return;
    }
    z3::expr lit = c_.bool_const(("track:" + std::to_string(k) + ":" + name).c_str());
    s.add(body, lit);
    if (lits) lits->push_back({lit, name});
  }

  void timeout(z3::solver& s, double seconds = 0) {
    z3::params p(c_);
    p.set("timeout", static_cast<unsigned>((seconds > 0 ? seconds : seconds_) * 1000));
    s.set(p);
  }

  // Searches for a situation where `goal` holds. Found: a witness (and, for
  // conflicts, the clauses of an unsat core at that situation). With
  // `inverted` (dead-clause queries) a situation means the clause is alive.
  // The queries that share their constraints (proposals only or every rule,
  // defaults or any readings) share a solver, which keeps what it learnt
  // about them: each goal is added in a scope of its own.
  void solve(QueryResult& q, std::vector<z3::expr> goal, bool proposals_only, std::string found_detail, bool defaults = true,
             bool inverted = false, double limit = 0) {
    auto start = std::chrono::steady_clock::now();
    const Encoding& e = *e_;
    std::unique_ptr<z3::solver>& shared = shared_[proposals_only][defaults];
    if (!shared) {
      shared = std::make_unique<z3::solver>(c_);
      add_constraints(*shared, proposals_only, defaults);
    }
    z3::solver& s = *shared;
    timeout(s, limit);
    s.push();
    for (const z3::expr& g : goal) s.add(g);
    z3::check_result r = s.check();
    q.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::optional<z3::model> model;
    if (r == z3::sat) model = s.get_model();
    std::string why_unknown = r == z3::unknown ? s.reason_unknown() : "";
    s.pop();
    if (r == z3::unknown) {
      q.verdict = Verdict::Unknown;
      q.detail = "the solver gave no answer within " + std::to_string(limit > 0 ? limit : seconds_) + " s: " + why_unknown;
      return;
    }
    bool sat = r == z3::sat;
    if (sat) e.read_witness(*model, q);
    if (inverted) {
      q.verdict = sat ? Verdict::Absent : Verdict::Found;
      q.detail = sat ? "applies in the witness" : "its condition never holds within the bound";
      return;
    }
    q.verdict = sat ? Verdict::Found : Verdict::Absent;
    q.detail = sat ? found_detail : "proved absent within the bound";
    if (sat && q.kind == FindingKind::Conflict && proposals_only) core_at_witness(q, *model);
  }

  // The constraints a search starts from: a valid situation, legal moves, the
  // readings (at their defaults, or any), and the fates and results. With
  // proposals_only, each piece's fate follows the first proposal that applies
  // (a definite prediction even where clauses clash); else every rule holds.
  void add_constraints(z3::solver& s, bool proposals_only, bool defaults) {
    const Encoding& e = *e_;
    if (proposals_only) {
      s.add(e.valid);
      s.add(e.legal);
      for (const ReadingParameter& p : e.parameters)
        if (defaults) s.add(p.is_default());
      s.add(first_proposals(c_, e, b_.pieces));
    } else {
      assert_rules(s, defaults, false, nullptr);
    }
  }

  // The clauses that clash at a witness: fix the situation, assert every
  // clause behind its tracking literal, and read the unsat core.
  void core_at_witness(QueryResult& q, const z3::model& m) {
    z3::solver s(c_);
    timeout(s);
    std::vector<std::pair<z3::expr, std::string>> lits;
    assert_rules(s, false, true, &lits);
    for (unsigned i = 0; i < m.num_consts(); ++i) {
      z3::func_decl d = m.get_const_decl(i);
      std::string name = d.name().str();
      if (name.rfind("removed", 0) == 0 || name.rfind("ff", 0) == 0 || name.rfind("fr", 0) == 0 || name == "result") continue;
      s.add(d() == m.get_const_interp(d));
    }
    z3::expr_vector assumptions(c_);
    for (const auto& [lit, name] : lits) assumptions.push_back(lit);
    if (s.check(assumptions) != z3::unsat) return;
    z3::expr_vector core = s.unsat_core();
    q.clauses.clear();
    for (unsigned i = 0; i < core.size(); ++i)
      for (const auto& [lit, name] : lits)
        if (z3::eq(core[i], lit)) q.clauses.push_back(name);
  }

  // What the step gives, as expressions of the situation: legality, each
  // piece's fate by the first clause that applies, and the result.
  struct Outcome3 {
    z3::expr legal;
    std::vector<z3::expr> removed, f, r;
    z3::expr result;
  };
  Outcome3 outcome_exprs() {
    const Encoding& e = *e_;
    int n = b_.pieces;
    Outcome3 o{e.legal, {}, {}, {}, c_.int_val(kOngoing)};
    for (int i = 0; i < n; ++i) {
      z3::expr rem = c_.bool_val(false), f = e.before[i].f, r = e.before[i].r;
      for (auto it = e.fates.rbegin(); it != e.fates.rend(); ++it) {
        rem = z3::ite(it->cond[i], it->removed[i], rem);
        f = z3::ite(it->cond[i], it->f[i], f);
        r = z3::ite(it->cond[i], it->r[i], r);
      }
      o.removed.push_back(e.before[i].on && rem);
      o.f.push_back(f);
      o.r.push_back(r);
    }
    for (auto it = e.results.rbegin(); it != e.results.rend(); ++it) o.result = z3::ite(it->cond, it->result, o.result);
    return o;
  }
  static z3::expr substitute(const z3::expr& x, const z3::expr& var, const z3::expr& value) {
    z3::expr copy = x;
    z3::expr_vector from(var.ctx()), to(var.ctx());
    from.push_back(var);
    to.push_back(value);
    return copy.substitute(from, to);
  }
  Outcome3 under(const Outcome3& o, const ReadingParameter& p, std::size_t a) {
    const z3::expr& v = p.alternatives[a].second;
    Outcome3 u{substitute(o.legal, p.var, v), {}, {}, {}, substitute(o.result, p.var, v)};
    for (std::size_t i = 0; i < o.removed.size(); ++i) {
      u.removed.push_back(substitute(o.removed[i], p.var, v));
      u.f.push_back(substitute(o.f[i], p.var, v));
      u.r.push_back(substitute(o.r[i], p.var, v));
    }
    return u;
  }

  // A situation where the default alternative and another treat one joint
  // action differently. The witness is read under the other alternative
  // where it allows the action, else under the default.
  void solve_divergence(QueryResult& q, const ReadingParameter& p) {
    auto start = std::chrono::steady_clock::now();
    z3::solver s(c_);
    timeout(s);
    const Encoding& e = *e_;
    int n = b_.pieces;
    s.add(e.valid);
    for (const ReadingParameter& o : e.parameters)
      if (o.point != p.point) s.add(o.is_default());
    Outcome3 all = outcome_exprs();
    Outcome3 def = under(all, p, p.default_index);
    z3::expr any = c_.bool_val(false);
    for (std::size_t a = 0; a < p.alternatives.size(); ++a) {
      if (a == p.default_index) continue;
      Outcome3 alt = under(all, p, a);
      z3::expr differ = def.legal != alt.legal;
      z3::expr fates = def.result != alt.result;
      for (int i = 0; i < n; ++i)
        fates = fates || def.removed[i] != alt.removed[i] || (!def.removed[i] && (def.f[i] != alt.f[i] || def.r[i] != alt.r[i]));
      differ = differ || (def.legal && alt.legal && fates);
      any = any || (differ && z3::ite(alt.legal, p.is(a), p.is_default()));
    }
    s.add(any);
    s.add(e.legal);
    for (int i = 0; i < n; ++i) s.add(z3::implies(!e.before[i].on, !e.removed[i] && e.ff[i] == e.before[i].f && e.fr[i] == e.before[i].r));
    for (const FateProposal& f : e.fates)
      for (int i = 0; i < n; ++i) s.add(z3::implies(e.before[i].on && f.cond[i], fate_is(e, f, i)));
    for (const ResultProposal& r : e.results) s.add(z3::implies(r.cond, e.result == r.result));
    z3::check_result r = s.check();
    q.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (r == z3::unknown) {
      q.verdict = Verdict::Unknown;
      q.detail = "the solver gave no answer within the timeout: " + s.reason_unknown();
      return;
    }
    if (r == z3::unsat) {
      q.verdict = Verdict::Absent;
      q.detail = "proved absent within the bound: the alternatives allow the same joint actions with the same outcome";
      return;
    }
    z3::model m = s.get_model();
    e.read_witness(m, q);
    std::string chosen = p.chosen(m), deflt = p.alternatives[p.default_index].first;
    q.verdict = Verdict::Found;
    bool both_legal = m.eval(def.legal, true).is_true();
    if (chosen == deflt)
      q.detail = "a joint action allowed under " + p.point + "=" + deflt + " and not under another alternative";
    else if (!both_legal)
      q.detail = "a joint action allowed under " + p.point + "=" + chosen + " and not under " + p.point + "=" + deflt;
    else
      q.detail = "the step's outcome differs between " + p.point + "=" + deflt + " and " + p.point + "=" + chosen;
  }

  const Variant& v_;
  Bound b_;
  double seconds_;
  z3::context c_;
  std::unique_ptr<Encoding> e_;
  std::unique_ptr<z3::solver> shared_[2][2];
};

}  // namespace

std::vector<QueryResult> run_queries(const Variant& v, const Bound& bound, double seconds_per_query) {
  if (!encoded(v)) return {};
  Runner r(v, bound, seconds_per_query);
  return r.run();
}

std::string replay_witness(const Variant& v, const QueryResult& q) {
  if (!q.has_witness()) return "no witness";
  auto parsed = v.parse_state(q.fen);
  if (!parsed) return "the witness position is not one of the variant's: " + parsed.error();
  State s = *parsed;
  // A position the model finds over at its start (a turn-start result the
  // one-step encoding does not see) is replayed as the step it encodes.
  s.outcome = {};
  s.position.vars.erase("result");
  Readings readings;
  for (const std::string& a : q.readings) {
    auto ok = readings.set(v.readings(), a);
    if (!ok) return ok.error();
  }
  auto joint = v.parse_joint(s, q.white + ":" + q.black, readings);
  if (!joint) return "the model does not allow the witness's moves: " + joint.error();
  if (q.earlier_occurrences > 0) {
    // The history holds the position the step leaves so often, as the
    // game's repetition rule compares positions (Parity Chess's alone has one
    // in the encodings).
    if (v.clause_prefix() != "parity") return "the witness has a history, and the encoding of this game none";
    std::string key = parity::repetition_key(v.step(s, *joint, readings).state.position);
    for (int k = 0; k < q.earlier_occurrences; ++k) s.history.push_back(key);
  }
  StepResult r = v.step(s, *joint, readings);
  const Position& pos = r.state.position;
  const BoardShape& shape = pos.shape();
  std::string diff;
  for (Square sq = 0; sq < shape.size(); ++sq) {
    std::string here;
    for (PieceId id : pos.at(sq)) {
      std::string code = pos.kind_of(pos.piece(id)).code;
      for (char& ch : code)
        if (pos.piece(id).color == Color::Black) ch = static_cast<char>(std::tolower(ch));
      here += code;
    }
    auto it = q.predicted_squares.find(square_name(shape, sq));
    std::string want = it == q.predicted_squares.end() ? "" : it->second;
    if (here != want) diff += " " + square_name(shape, sq) + ": model " + (here.empty() ? "-" : here) + ", encoding " + (want.empty() ? "-" : want) + ";";
  }
  std::string got = std::string(result_name(r.state.outcome.result));
  // The encoding predicts results of the step itself; results the model finds
  // at the start of the next turn (no move, checkmate, ...) are outside it.
  // Parity and SimulChess decide some results at the start of a turn
  // (checkmate, no move), outside the one-step encoding; Zeitgeist decides
  // them all in the step.
  bool from_step = r.state.outcome.over();
  if (v.clause_prefix() == "parity") from_step = from_step && r.state.outcome.reason == "king captured";
  if (v.id() == "simulchess")
    from_step = from_step && (r.state.outcome.clause == "simulchess.result.king_capture" ||
                              r.state.outcome.clause == "simulchess.king.king_collision_draw");
  if (q.predicted_result != "ongoing" || from_step)
    if (got != q.predicted_result) diff += " result: model " + got + ", encoding " + q.predicted_result + ";";
  // The clause the encoding says decides a piece's fate must be named in an
  // event of that piece (or, for a step-wide decision, in the result event).
  const Position& start = s.position;
  for (const auto& [sq, clause] : q.predicted_clauses) {
    bool named = false;
    std::string model_clauses;
    for (const Event& ev : r.trace.events()) {
      bool of_piece = ev.piece != kNoPiece && square_name(shape, start.piece(ev.piece).square) == sq;
      bool step_wide = ev.piece == kNoPiece && ev.type == EventType::Result;
      if (!of_piece && !step_wide) continue;
      if (ev.clause == clause) named = true;
      else if (of_piece) model_clauses += (model_clauses.empty() ? "" : ", ") + std::string(ev.clause);
    }
    if (!named)
      diff += " " + sq + ": encoding " + clause + ", model " + (model_clauses.empty() ? "no event of the piece" : model_clauses) + ";";
  }
  // A clause whose condition the encoding says holds must be named in the trace.
  for (const std::string& c : q.predicted_fired)
    if (!r.trace.fired(c)) diff += " " + c + ": its condition holds, the model does not name it;";
  return diff;
}

namespace {

// One variant's encodings by piece count, each with a solver that holds its
// situation's constraints and first-proposal fates, kept for the concrete
// checks (building an encoding costs more than evaluating it).
struct ConcreteSolvers {
  z3::context c;
  std::map<int, std::pair<std::unique_ptr<Encoding>, std::unique_ptr<z3::solver>>> by_pieces;
};

StepCheck outside(std::string why) { return {false, std::move(why)}; }

// The most pieces a concrete check takes: the encoding grows with the square
// of the pieces, and a step of ten takes about 0.1 s to evaluate (Zeitgeist),
// one of twenty nearly 1 s.
constexpr int kMostConcretePieces = 10;

}  // namespace

StepCheck check_step(const Variant& v, const State& s, const JointAction& joint, const Readings& readings) {
  if (!encoded(v)) return outside("the variant has no encoding");
  const Position& pos = s.position;
  const BoardShape& shape = pos.shape();
  Bound bound;
  bound.turn_start = false;
  if (shape.files != bound.files || shape.ranks != bound.ranks) return outside("the board is not 8x8");
  // One plain move for each player.
  const Move* moves[2] = {nullptr, nullptr};
  for (const Action& a : joint) {
    if (a.role == Role::White) moves[0] = &a.move;
    if (a.role == Role::Black) moves[1] = &a.move;
  }
  for (const Move* m : moves) {
    if (!m || m->is(kMovePass)) return outside("a player does not move");
    if (m->is(kMoveCastle)) return outside("castling");
    if (m->is(kMoveEnPassant)) return outside("en passant");
    if (m->promotion != kNoKind) return outside("promotion");
  }
  // The pieces, in square order; kinds by their orthodox letter.
  static const std::string letters = "KQRBNP";
  std::vector<PieceId> order;
  for (Square sq = 0; sq < shape.size(); ++sq)
    for (PieceId id : pos.at(sq)) order.push_back(id);
  bound.pieces = static_cast<int>(order.size());
  if (bound.pieces > kMostConcretePieces)
    return outside("more than " + std::to_string(kMostConcretePieces) + " pieces, which the encoding evaluates too slowly");
  static thread_local std::map<std::string, std::unique_ptr<ConcreteSolvers>> cache;
  std::unique_ptr<ConcreteSolvers>& kept = cache[std::string(v.id())];
  if (!kept) kept = std::make_unique<ConcreteSolvers>();
  z3::context& c = kept->c;
  auto& [encoding, solver] = kept->by_pieces[bound.pieces];
  if (!encoding) {
    encoding = encoding_of(v, c, bound);
    solver = std::make_unique<z3::solver>(c);
    solver->add(encoding->valid);
    solver->add(first_proposals(c, *encoding, bound.pieces));
    z3::params p(c);
    p.set("timeout", 10000u);
    solver->set(p);
  }
  const Encoding& e = *encoding;
  z3::expr pins = e.pin_state(pos, order);
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Piece& piece = pos.piece(order[i]);
    std::string code = pos.kind_of(piece).code;
    std::size_t kind = code.size() == 1 ? letters.find(static_cast<char>(std::toupper(code[0]))) : std::string::npos;
    if (kind == std::string::npos) return outside("a piece of a kind the encoding does not know");
    const SymPiece& p = e.before[i];
    pins = pins && p.on && p.white == c.bool_val(piece.color == Color::White) && p.kind == static_cast<int>(kind) &&
           p.f == shape.file_of(piece.square) && p.r == shape.rank_of(piece.square);
    for (int side = 0; side < 2; ++side) {
      Color colour = side == 0 ? Color::White : Color::Black;
      pins = pins && e.sel[side][i] == c.bool_val(piece.square == moves[side]->from && piece.color == colour);
    }
  }
  for (int side = 0; side < 2; ++side)
    pins = pins && e.goes_to[side][0].f == shape.file_of(moves[side]->to) && e.goes_to[side][0].r == shape.rank_of(moves[side]->to);
  // The readings: the encoded ones fixed, every other at its default.
  for (const ReadingPoint& point : v.readings()) {
    std::string_view chosen = readings.in_force(point);
    const ReadingParameter* parameter = nullptr;
    for (const ReadingParameter& p : e.parameters)
      if (p.point == point.id) parameter = &p;
    if (!parameter) {
      if (chosen != point.default_alternative)
        return outside(std::string(point.id) + "=" + std::string(chosen) + ", which the encoding does not cover");
      continue;
    }
    for (std::size_t a = 0; a < parameter->alternatives.size(); ++a)
      if (parameter->alternatives[a].first == chosen) pins = pins && parameter->is(a);
  }
  // The moves legal and the prediction in one check; where there is none,
  // whether the situation itself is outside the bound.
  z3::solver& sv = *solver;
  sv.push();
  sv.add(pins && e.legal);
  z3::check_result r = sv.check();
  if (r != z3::sat) {
    sv.pop();
    if (r == z3::unknown) return {true, "the solver gave no answer: " + std::string(sv.reason_unknown())};
    sv.push();
    sv.add(pins);
    z3::check_result fits = sv.check();
    sv.pop();
    if (fits == z3::sat) return {true, "the model allows the moves, the encoding does not"};
    return outside("the position is outside the bound (a pawn that could promote, a king missing, ...)");
  }
  QueryResult q;
  e.read_witness(sv.get_model(), q);
  sv.pop();
  // The witness must be the step itself: its moves and its pieces.
  std::string same;
  for (int side = 0; side < 2; ++side) {
    std::string move = square_name(shape, moves[side]->from) + square_name(shape, moves[side]->to);
    if ((side == 0 ? q.white : q.black) != move) same += " the encoding's move " + (side == 0 ? q.white : q.black) + " for " + move + ";";
  }
  auto witness = v.parse_state(q.fen);
  if (!witness) return {true, "the encoding's situation does not read: " + witness.error()};
  auto pieces_on = [](const Position& p, Square sq) {
    std::string here;
    for (PieceId id : p.at(sq)) here += std::string(p.kind_of(p.piece(id)).code) + (p.piece(id).color == Color::White ? "w" : "b");
    std::sort(here.begin(), here.end());
    return here;
  };
  for (Square sq = 0; sq < shape.size(); ++sq)
    if (pieces_on(pos, sq) != pieces_on(witness->position, sq)) same += " the encoding's " + square_name(shape, sq) + " differs;";
  if (!same.empty()) return {true, "the encoding's situation is not the step's:" + same};
  return {true, replay_witness(v, q)};
}

Finding to_finding(const Variant& v, const QueryResult& q) {
  Finding f;
  f.kind = q.kind;
  f.variant = std::string(v.id());
  f.question = q.question;
  f.detail = q.detail + " (SMT query " + q.id + ")";
  f.reading = q.reading;
  for (const std::string& c : q.clauses) f.clauses.push_back(c);
  f.witness.variant = std::string(v.id());
  f.witness.fen = q.fen;
  if (q.has_witness()) f.witness.actions = {{"white", q.white}, {"black", q.black}};
  for (const std::string& a : q.readings) {
    std::size_t eq = a.find('=');
    f.witness.readings[a.substr(0, eq)] = a.substr(eq + 1);
  }
  return f;
}

}  // namespace arbiter::smt
