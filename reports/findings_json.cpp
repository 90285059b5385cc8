#include "reports/findings_json.h"

#include "reports/finding_view.h"

namespace arbiter::report {

nlohmann::json finding_to_json(const Finding& f) {
  nlohmann::json actions = nlohmann::json::object();
  for (const auto& [role, move] : f.witness.actions) actions[role] = move;
  nlohmann::json j = {{"id", finding_id(f.signature())},
          {"kind", finding_kind_name(f.kind)},
          {"variant", f.variant},
          {"clauses", f.clauses},
          {"reading", f.reading},
          {"question", f.question},
          {"detail", f.detail},
          {"signature", f.signature()},
          {"witness",
           {{"variant", f.witness.variant},
            {"fen", f.witness.fen},
            {"actions", actions},
            {"readings", f.witness.readings},
            {"replay", f.witness.replay_command()}}}};
  if (f.witness.visit_order != 0) j["witness"]["visit_order"] = f.witness.visit_order;
  if (!f.text.empty()) {
    nlohmann::json squares = nlohmann::json::object(), rejected = nlohmann::json::object();
    for (const auto& [square, contents] : f.text.squares) squares[square] = contents;
    for (const auto& [role, move] : f.text.rejected_actions) rejected[role] = move;
    j["text"] = {{"result", f.text.result}, {"squares", squares}, {"rejected", rejected}};
  }
  return j;
}

Expected<Finding> finding_from_json(const nlohmann::json& j) {
  try {
    Finding f;
    auto kind = parse_finding_kind(j.at("kind").get<std::string>());
    if (!kind) return Error{"unknown finding kind '" + j.at("kind").get<std::string>() + "'"};
    f.kind = *kind;
    f.variant = j.at("variant").get<std::string>();
    f.clauses = j.value("clauses", std::vector<std::string>{});
    f.reading = j.value("reading", "");
    f.question = j.value("question", "");
    f.detail = j.value("detail", "");
    const auto& w = j.at("witness");
    f.witness.variant = w.value("variant", f.variant);
    f.witness.fen = w.at("fen").get<std::string>();
    const nlohmann::json actions = w.value("actions", nlohmann::json::object());
    for (const auto& [role, move] : actions.items()) f.witness.actions.emplace_back(role, move.get<std::string>());
    // Keep the role order of the replay command: white before black.
    std::sort(f.witness.actions.begin(), f.witness.actions.end(),
              [](const auto& a, const auto& b) { return (a.first == "black") < (b.first == "black"); });
    f.witness.readings = w.value("readings", std::map<std::string, std::string>{});
    f.witness.visit_order = w.value("visit_order", std::uint32_t{0});
    if (j.contains("text")) {
      const auto& t = j.at("text");
      f.text.result = t.value("result", "");
      for (const auto& [square, contents] : t.value("squares", nlohmann::json::object()).items())
        f.text.squares.emplace_back(square, contents.get<std::string>());
      for (const auto& [role, move] : t.value("rejected", nlohmann::json::object()).items())
        f.text.rejected_actions.emplace_back(role, move.get<std::string>());
      std::sort(f.text.rejected_actions.begin(), f.text.rejected_actions.end(),
                [](const auto& a, const auto& b) { return (a.first == "black") < (b.first == "black"); });
    }
    return f;
  } catch (const nlohmann::json::exception& e) {
    return Error{std::string("bad finding: ") + e.what()};
  }
}

}  // namespace arbiter::report
