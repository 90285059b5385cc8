#include "model/core/piece_kind.h"

#include <algorithm>
#include <cctype>

namespace arbiter {

namespace {
std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}
}  // namespace

Steps expand(const Movement& m) {
  Steps steps;
  auto add = [&](int df, int dr) {
    for (const Step& s : steps)
      if (s.df == df && s.dr == dr) return;
    steps.push_back(Step{df, dr, m.range, m.mode, m.hop});
  };
  if (m.directions == Directions::Exact) {
    add(m.df, m.dr);
    return steps;
  }
  const int images[8][2] = {{m.df, m.dr},   {-m.df, m.dr},  {m.df, -m.dr}, {-m.df, -m.dr},
                            {m.dr, m.df},   {-m.dr, m.df},  {m.dr, -m.df}, {-m.dr, -m.df}};
  for (const auto& [df, dr] : images) {
    bool keep = m.directions == Directions::All ||
                (m.directions == Directions::Forward && dr > 0) ||
                (m.directions == Directions::Backward && dr < 0) ||
                (m.directions == Directions::Sideways && dr == 0);
    if (keep) add(df, dr);
  }
  return steps;
}

KindId PieceSet::add(PieceKind kind) {
  kind.code = upper(kind.code);
  kind.steps.clear();
  for (const Movement& m : kind.movements)
    for (const Step& s : expand(m)) kind.steps.push_back(s);
  kind.reach.assign(kReachSpan * kReachSpan, 0);
  for (std::size_t i = 0; i < kind.steps.size(); ++i) {
    const Step& st = kind.steps[i];
    if (st.mode == MoveMode::MoveOnly || (st.df == 0 && st.dr == 0)) continue;
    int limit = st.range == 0 ? 15 : st.range;
    for (int n = 1; n <= limit; ++n) {
      int df = n * st.df, dr = n * st.dr;
      if (df < -15 || df > 15 || dr < -15 || dr > 15) break;
      std::uint8_t& r = kind.reach[reach_index(df, dr)];
      r = r == 0 ? static_cast<std::uint8_t>(1 + i) : kManySteps;
    }
  }
  kinds_.push_back(std::move(kind));
  return static_cast<KindId>(kinds_.size() - 1);
}

std::optional<KindId> PieceSet::find(std::string_view code) const {
  std::string key = upper(code);
  for (std::size_t i = 0; i < kinds_.size(); ++i)
    if (kinds_[i].code == key) return static_cast<KindId>(i);
  return std::nullopt;
}

Movement leap(int df, int dr, MoveMode mode) { return Movement{df, dr, 1, mode}; }
Movement ride(int df, int dr, int range, MoveMode mode) { return Movement{df, dr, range, mode}; }

namespace kinds {
PieceKind king() { return {"K", "king", {leap(1, 0), leap(1, 1)}, true}; }
PieceKind queen() { return {"Q", "queen", {ride(1, 0), ride(1, 1)}}; }
PieceKind rook() { return {"R", "rook", {ride(1, 0)}}; }
PieceKind bishop() { return {"B", "bishop", {ride(1, 1)}}; }
PieceKind knight() { return {"N", "knight", {leap(1, 2)}}; }
PieceKind pawn() {
  Movement push{0, 1, 1, MoveMode::MoveOnly, Directions::Exact};
  Movement capture{1, 1, 1, MoveMode::CaptureOnly, Directions::Forward};
  return {"P", "pawn", {push, capture}};
}
}  // namespace kinds

}  // namespace arbiter
