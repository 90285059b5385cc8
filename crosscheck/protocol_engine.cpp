#include "crosscheck/protocol_engine.h"

#include <exception>

#include "cli/protocol.h"

namespace arbiter::engine {

std::variant<ProtocolEngine, EngineError> ProtocolEngine::start(std::vector<std::string> command,
                                                                std::chrono::milliseconds timeout) {
  if (command.empty()) return EngineError{"engine: empty command", FailureKind::start};
  std::string program = command.front();
  command.erase(command.begin());
  auto process = ChildProcess::start(std::move(program), std::move(command), timeout);
  if (auto* e = std::get_if<EngineError>(&process)) return *e;
  ProtocolEngine engine(std::move(std::get<std::unique_ptr<ChildProcess>>(process)));
  auto hello = engine.request({{"op", "hello"}});
  if (auto* e = std::get_if<EngineError>(&hello)) return *e;
  const nlohmann::json& answer = std::get<nlohmann::json>(hello);
  engine.protocol_ = answer.contains("protocol") && answer["protocol"].is_string() ? answer["protocol"].get<std::string>() : "";
  if (engine.protocol_ != cli::kProtocolVersion)
    return engine.process_->fail(FailureKind::garbage, "answers hello with protocol " + engine::quoted(engine.protocol_) + ", not " +
                                                           std::string(cli::kProtocolVersion));
  return engine;
}

std::variant<nlohmann::json, EngineError> ProtocolEngine::request(nlohmann::json request) {
  if (process_->failure()) return *process_->failure();
  try {
    const long long id = next_id_++;
    request["id"] = id;
    std::string line = request.dump();
    if (auto e = process_->send(line)) return *e;
    const std::string context = "(in the answer to " + engine::quoted(line) + ")";
    auto read = process_->read_line(context);
    if (auto* e = std::get_if<EngineError>(&read)) return *e;
    const std::string& text = std::get<std::string>(read);
    nlohmann::json response = nlohmann::json::parse(text, nullptr, false);
    if (response.is_discarded() || !response.is_object())
      return process_->fail(FailureKind::garbage, "printed " + engine::quoted(text) + ", not a JSON object " + context);
    if (!response.contains("id") || response["id"] != id)
      return process_->fail(FailureKind::garbage, "answered with id " + (response.contains("id") ? response["id"].dump() : "none") +
                                                      ", not " + std::to_string(id) + ", " + context);
    if (!response.contains("ok") || !response["ok"].is_boolean())
      return process_->fail(FailureKind::garbage, "answered without a boolean \"ok\" " + context);
    if (!response["ok"].get<bool>()) {
      std::string why = response.contains("error") && response["error"].is_string() ? response["error"].get<std::string>() : "no error given";
      return process_->error("refused " + engine::quoted(line) + ": " + why, FailureKind::refused);
    }
    return response;
  } catch (const std::exception& e) {
    return process_->fail(FailureKind::internal, std::string("internal error: ") + e.what());
  }
}

}  // namespace arbiter::engine
