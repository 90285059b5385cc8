#include "crosscheck/uci_engine.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <exception>

namespace arbiter::uci {
namespace {

using std::chrono::milliseconds;
using engine::ChildProcess;
using engine::FailureKind;
using engine::has_line_break;
using engine::trim;

// Lines that are not UCI tolerated before `uciok` (Stockfish prints a banner).
constexpr int kMaxUnrecognisedLines = 100;
// Lines tolerated before `readyok`, or `info` lines inside a perft answer.
constexpr int kMaxOtherLines = 10000;

char lower_char(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return lower_char(x) == lower_char(y);
         });
}

std::optional<std::uint64_t> parse_u64(std::string_view s) {
  s = trim(s);
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<long long> parse_i64(std::string_view s) {
  s = trim(s);
  long long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// Parses "option name NAME type TYPE [default D] [min A] [max B] [var V]...".
std::optional<EngineOption> parse_option(std::string_view line) {
  constexpr std::string_view kName = "option name ";
  if (line.substr(0, kName.size()) != kName) return std::nullopt;
  std::string_view rest = line.substr(kName.size());
  auto type_pos = rest.find(" type ");
  if (type_pos == std::string_view::npos) return std::nullopt;
  EngineOption opt;
  opt.name = std::string(trim(rest.substr(0, type_pos)));
  rest = rest.substr(type_pos + 6);
  // Split into words; keywords start a new field, other words extend the current one.
  std::string* field = &opt.type;
  std::string var;
  bool in_var = false;
  auto flush_var = [&] {
    if (in_var) opt.vars.push_back(var);
    var.clear();
    in_var = false;
  };
  std::size_t i = 0;
  while (i < rest.size()) {
    while (i < rest.size() && rest[i] == ' ') ++i;
    std::size_t j = i;
    while (j < rest.size() && rest[j] != ' ') ++j;
    std::string_view word = rest.substr(i, j - i);
    i = j;
    if (word.empty()) break;
    if (word == "default" || word == "min" || word == "max" || word == "var") {
      flush_var();
      if (word == "default") field = &opt.default_value;
      if (word == "min") field = &opt.min;
      if (word == "max") field = &opt.max;
      if (word == "var") {
        in_var = true;
        field = &var;
      }
      continue;
    }
    if (!field->empty()) *field += ' ';
    *field += word;
  }
  flush_var();
  if (opt.name.empty() || opt.type.empty()) return std::nullopt;
  return opt;
}

}  // namespace

struct UciEngine::Impl {
  std::unique_ptr<ChildProcess> proc;
  std::string id_name;
  std::vector<EngineOption> options;

  const std::optional<EngineError>& failure() const { return proc->failure(); }
  EngineError error(std::string what) const { return proc->error(std::move(what)); }
  EngineError fail(std::string what) { return proc->fail(FailureKind::garbage, std::move(what)); }
  std::optional<EngineError> send(std::string_view line) { return proc->send(line); }
  std::variant<std::string, EngineError> read_line(std::string_view context) { return proc->read_line(context); }

  // `position fen FEN [moves M...]`, or why it cannot be sent.
  std::variant<std::string, EngineError> position_command(std::string_view fen, std::span<const std::string> moves) const {
    if (has_line_break(fen)) return error("FEN contains a line break: " + engine::quoted(fen));
    std::string position = "position fen " + std::string(trim(fen));
    if (!moves.empty()) position += " moves";
    for (const auto& m : moves) {
      if (m.empty() || m.find_first_of(" \t\n\r") != std::string::npos) return error("bad move " + engine::quoted(m));
      position += ' ' + m;
    }
    return position;
  }

  // Sends `commands` then `isready`; returns the non-empty lines before `readyok`.
  std::variant<std::vector<std::string>, EngineError> round_trip(
      const std::vector<std::string>& commands, std::string_view what) {
    for (const auto& c : commands) {
      if (auto e = send(c)) return *e;
    }
    if (auto e = send("isready")) return *e;
    const std::string context = "while waiting for readyok after " + std::string(what);
    const auto op_deadline = ChildProcess::Clock::now() + proc->timeout();
    std::vector<std::string> lines;
    for (;;) {
      auto line = proc->read_line(context, op_deadline, proc->timeout());
      if (auto* e = std::get_if<EngineError>(&line)) return *e;
      std::string_view t = trim(std::get<std::string>(line));
      if (t == "readyok") return lines;
      if (t.empty()) continue;
      if (lines.size() >= static_cast<std::size_t>(kMaxOtherLines)) {
        return fail("unparsable line " + engine::quoted(t) + " (more than " +
                    std::to_string(kMaxOtherLines) + " lines) " + context);
      }
      lines.emplace_back(t);
    }
  }

  std::optional<EngineError> handshake() {
    options.clear();
    if (auto e = send("uci")) return e;
    const std::string context = "while waiting for uciok";
    const auto op_deadline = ChildProcess::Clock::now() + proc->timeout();
    int unrecognised = 0;
    int total = 0;
    for (;;) {
      auto line = proc->read_line(context, op_deadline, proc->timeout());
      if (auto* e = std::get_if<EngineError>(&line)) return *e;
      std::string_view t = trim(std::get<std::string>(line));
      if (t == "uciok") return std::nullopt;
      if (++total > kMaxOtherLines) {
        return fail("unparsable line " + engine::quoted(t) + " (more than " +
                    std::to_string(kMaxOtherLines) + " lines) " + context);
      }
      if (t.empty() || t.starts_with("info")) continue;
      if (t.starts_with("id name ")) {
        id_name = std::string(trim(t.substr(8)));
        continue;
      }
      if (t.starts_with("id ")) continue;
      if (t.starts_with("option ")) {
        if (auto opt = parse_option(t)) {
          options.push_back(std::move(*opt));
          continue;
        }
      }
      if (++unrecognised > kMaxUnrecognisedLines) {
        return fail("unparsable line " + engine::quoted(t) + " (" + std::to_string(unrecognised) +
                    " lines that are not UCI) " + context);
      }
    }
  }
};

UciEngine::UciEngine(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
UciEngine::UciEngine(UciEngine&&) noexcept = default;
UciEngine& UciEngine::operator=(UciEngine&&) noexcept = default;
UciEngine::~UciEngine() = default;

std::variant<UciEngine, EngineError> UciEngine::start(std::string program,
                                                      std::vector<std::string> args,
                                                      milliseconds timeout) {
  auto proc = ChildProcess::start(std::move(program), std::move(args), timeout, "quit");
  if (auto* e = std::get_if<EngineError>(&proc)) return *e;
  auto impl = std::make_unique<Impl>();
  impl->proc = std::move(std::get<std::unique_ptr<ChildProcess>>(proc));
  if (auto e = impl->handshake()) return *e;
  return UciEngine(std::move(impl));
}

std::variant<PerftDivide, EngineError> UciEngine::perft_divide(std::string_view fen, int depth,
                                                               std::span<const std::string> moves) {
  if (!impl_) return EngineError{"engine: used after move"};
  Impl& e = *impl_;
  try {
    if (e.failure()) return *e.failure();
    if (depth < 1) return e.error("perft depth must be at least 1, got " + std::to_string(depth));
    auto command = e.position_command(fen, moves);
    if (auto* err = std::get_if<EngineError>(&command)) return *err;
    const std::string& position = std::get<std::string>(command);
    if (auto err = e.send(position)) return *err;
    if (auto err = e.send("go perft " + std::to_string(depth))) return *err;

    const std::string context = "in the answer to go perft " + std::to_string(depth);
    PerftDivide out;
    std::uint64_t sum = 0;
    int other = 0;
    for (;;) {
      auto line = e.read_line(context);
      if (auto* err = std::get_if<EngineError>(&line)) return *err;
      const std::string& raw = std::get<std::string>(line);
      std::string_view t = trim(raw);
      if (t.empty()) continue;
      if (t.starts_with("info")) {
        if (++other > kMaxOtherLines) {
          return e.fail("unparsable line " + engine::quoted(t) + " (more than " +
                        std::to_string(kMaxOtherLines) + " info lines) " + context);
        }
        continue;
      }
      constexpr std::string_view kNodes = "Nodes searched:";
      if (t.starts_with(kNodes)) {
        auto total = parse_u64(t.substr(kNodes.size()));
        if (!total) return e.fail("unparsable line " + engine::quoted(raw) + " " + context);
        out.total = *total;
        if (sum != out.total) {
          return e.fail("inconsistent perft answer: the move counts add up to " +
                        std::to_string(sum) + " but the engine printed " + engine::quoted(t));
        }
        return out;
      }
      auto colon = t.find(':');
      std::string_view move = colon == std::string_view::npos ? t : t.substr(0, colon);
      auto count = colon == std::string_view::npos ? std::nullopt : parse_u64(t.substr(colon + 1));
      bool move_ok =
          !move.empty() && move.size() <= 16 && std::all_of(move.begin(), move.end(), [](char c) {
            return std::isgraph(static_cast<unsigned char>(c)) != 0;
          });
      if (!count || !move_ok) return e.fail("unparsable line " + engine::quoted(raw) + " " + context);
      sum += *count;
      out.moves.emplace_back(std::string(move), *count);
    }
  } catch (const std::exception& ex) {
    return e.proc->fail(FailureKind::internal, std::string("internal error: ") + ex.what());
  }
}

std::optional<EngineError> UciEngine::set_option(std::string_view name, std::string_view value) {
  if (!impl_) return EngineError{"engine: used after move"};
  Impl& e = *impl_;
  try {
    if (e.failure()) return *e.failure();
    if (has_line_break(name) || has_line_break(value)) {
      return e.error("option name or value contains a line break");
    }
    name = trim(name);
    value = trim(value);
    const EngineOption* opt = nullptr;
    for (const auto& o : e.options) {
      if (iequals(o.name, name)) opt = &o;
    }
    if (opt == nullptr && !e.options.empty()) {
      return e.error("has no option " + engine::quoted(name));
    }
    if (opt != nullptr) {
      const std::string bad =
          "option " + engine::quoted(opt->name) + " (" + opt->type + "): bad value " + engine::quoted(value);
      if (opt->type == "combo" &&
          std::none_of(opt->vars.begin(), opt->vars.end(),
                       [&](const std::string& v) { return iequals(v, value); })) {
        return e.error(bad + ", not one of its " + std::to_string(opt->vars.size()) + " values");
      }
      if (opt->type == "check" && value != "true" && value != "false") {
        return e.error(bad + ", want true or false");
      }
      if (opt->type == "spin") {
        auto v = parse_i64(value);
        auto lo = parse_i64(opt->min);
        auto hi = parse_i64(opt->max);
        if (!v || (lo && *v < *lo) || (hi && *v > *hi)) {
          return e.error(bad + ", want an integer in [" + opt->min + ", " + opt->max + "]");
        }
      }
    }
    std::string command = "setoption name " + std::string(opt ? opt->name : std::string(name));
    if (!(opt != nullptr && opt->type == "button")) command += " value " + std::string(value);
    auto lines = e.round_trip({command}, engine::quoted(command));
    if (auto* err = std::get_if<EngineError>(&lines)) return *err;
    for (const auto& l : std::get<std::vector<std::string>>(lines)) {
      if (l.starts_with("No such option") || l.starts_with("ERROR") || l.starts_with("Error") ||
          l.starts_with("info string ERROR")) {
        return e.proc->error("rejected " + engine::quoted(command) + ": " + engine::quoted(l), FailureKind::refused);
      }
    }
    return std::nullopt;
  } catch (const std::exception& ex) {
    return e.proc->fail(FailureKind::internal, std::string("internal error: ") + ex.what());
  }
}

std::optional<EngineError> UciEngine::sync() {
  if (!impl_) return EngineError{"engine: used after move"};
  try {
    auto lines = impl_->round_trip({}, "isready");
    if (auto* err = std::get_if<EngineError>(&lines)) return *err;
    return std::nullopt;
  } catch (const std::exception& ex) {
    return impl_->proc->fail(FailureKind::internal, std::string("internal error: ") + ex.what());
  }
}

std::optional<EngineError> UciEngine::reload_options() {
  if (!impl_) return EngineError{"engine: used after move"};
  if (impl_->failure()) return *impl_->failure();
  return impl_->handshake();
}

std::variant<std::string, EngineError> UciEngine::position_fen(std::string_view fen,
                                                               std::span<const std::string> moves) {
  if (!impl_) return EngineError{"engine: used after move"};
  Impl& e = *impl_;
  try {
    if (e.failure()) return *e.failure();
    auto command = e.position_command(fen, moves);
    if (auto* err = std::get_if<EngineError>(&command)) return *err;
    const std::string& position = std::get<std::string>(command);
    auto lines = e.round_trip({position, "d"}, "d");
    if (auto* err = std::get_if<EngineError>(&lines)) return *err;
    for (const auto& l : std::get<std::vector<std::string>>(lines)) {
      if (l.starts_with("Fen:")) return std::string(trim(std::string_view(l).substr(4)));
    }
    return e.error("no \"Fen:\" line in the answer to d (not a Stockfish-family engine?)");
  } catch (const std::exception& ex) {
    return e.proc->fail(FailureKind::internal, std::string("internal error: ") + ex.what());
  }
}

void UciEngine::set_timeout(milliseconds timeout) {
  if (impl_) impl_->proc->set_timeout(timeout);
}
milliseconds UciEngine::timeout() const {
  return impl_ ? impl_->proc->timeout() : milliseconds(0);
}
const std::string& UciEngine::program() const {
  static const std::string kNone;
  return impl_ ? impl_->proc->program() : kNone;
}
const std::string& UciEngine::id_name() const {
  static const std::string kNone;
  return impl_ ? impl_->id_name : kNone;
}
const std::vector<EngineOption>& UciEngine::options() const {
  static const std::vector<EngineOption> kNone;
  return impl_ ? impl_->options : kNone;
}
bool UciEngine::ok() const {
  return impl_ && !impl_->failure();
}

std::variant<UciEngine, EngineError> start_installed(std::string_view name,
                                                     std::string_view debian_package,
                                                     std::string_view env_override,
                                                     milliseconds timeout) {
  try {
    std::string env(env_override);
    const char* override_path = env.empty() ? nullptr : std::getenv(env.c_str());
    if (override_path != nullptr && *override_path != '\0') {
      return UciEngine::start(override_path, {}, timeout);
    }
    auto path = find_program(name);
    if (!path) {
      std::string pkg(debian_package);
      std::string msg = std::string(name) +
                        " not found in /usr/games, /usr/local/games or PATH: install the "
                        "Debian package \"" +
                        pkg + "\" (apt-get install " + pkg + ")";
      if (!env.empty()) msg += " or set " + env + " to the engine's path";
      return EngineError{msg, FailureKind::start};
    }
    return UciEngine::start(*path, {}, timeout);
  } catch (const std::exception& e) {
    return EngineError{std::string(name) + ": " + e.what(), FailureKind::start};
  }
}

std::variant<UciEngine, EngineError> start_stockfish(milliseconds timeout) {
  return start_installed("stockfish", "stockfish", "ARBITER_STOCKFISH", timeout);
}

std::variant<UciEngine, EngineError> start_fairy_stockfish(milliseconds timeout) {
  return start_installed("fairy-stockfish", "fairy-stockfish", "ARBITER_FAIRY_STOCKFISH", timeout);
}

}  // namespace arbiter::uci
