#pragma once
// A client of the serve protocol (docs/protocol.md): an engine that answers
// JSON-lines requests, run as a ChildProcess. `arbiter serve` is one such
// engine; so is any engine that implements the protocol to be cross-checked.
#include <chrono>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "crosscheck/child_process.h"

namespace arbiter::engine {

class ProtocolEngine {
 public:
  // Starts `command` (program and arguments) and says `hello`: the engine must
  // answer with the protocol version this client speaks. `timeout` bounds each
  // wait for a response.
  static std::variant<ProtocolEngine, EngineError> start(std::vector<std::string> command,
                                                         std::chrono::milliseconds timeout);

  // Sends one request (with an "id" of its own) and returns the response, an
  // object with "ok": true. A response line that is not a JSON object, or
  // answers another id: garbage (the engine is stopped). "ok": false: refused,
  // with the engine's error (the engine keeps serving).
  std::variant<nlohmann::json, EngineError> request(nlohmann::json request);

  const std::string& program() const { return process_->program(); }
  const std::string& protocol() const { return protocol_; }

 private:
  explicit ProtocolEngine(std::unique_ptr<ChildProcess> process) : process_(std::move(process)) {}
  std::unique_ptr<ChildProcess> process_;
  std::string protocol_;
  long long next_id_ = 1;
};

}  // namespace arbiter::engine
