// Bad input to the arbiter CLI, as a table (tests/data/bad_input.txt): every
// invocation there exits 2 with exactly one line on standard error
// ("arbiter: ...", valid UTF-8, no control character, bounded), nothing on
// standard output, and under --json exactly one JSON document {"error": ...}
// on standard output. Never a crash, whatever bytes the arguments hold.
//
// The arguments go to the program as they are (execv, no shell), so a case
// can hold any byte.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "model/core/echo.h"
#include "tests/support/paths.h"
#include "tests/support/run.h"
#include "tests/support/utf8.h"

namespace arbiter {
namespace {

constexpr std::size_t kLongestErrorLine = 1100;  // "arbiter: " and a message of at most 1000 bytes, escapes and all

struct Case {
  int line = 0;
  std::string text;               // the line as written, for failure messages
  std::vector<std::string> args;  // after the program name
  std::string says;               // a fragment the error message holds ("" if none)
};

// --- The table's syntax ----------------------------------------------------
// Arguments are separated by spaces, and quoted with '...' or "..." to hold
// spaces (or to be empty). Everywhere, quoted or not, a backslash escapes:
// \xHH (any byte), \n, \t, \r, \\, \', \", '\ ' (a space). {{N*TEXT}} is TEXT
// written N times (long inputs). A lone `=>` ends the arguments: the rest of
// the line is a fragment the error message must hold. '#' starts a comment
// line.

std::optional<std::string> expand_repeats(const std::string& in, std::string* error) {
  std::string out;
  for (std::size_t i = 0; i < in.size();) {
    if (in.compare(i, 2, "{{") != 0) {
      out += in[i++];
      continue;
    }
    std::size_t star = in.find('*', i), close = in.find("}}", i);
    if (star == std::string::npos || close == std::string::npos || star > close) {
      *error = "bad {{N*TEXT}}";
      return std::nullopt;
    }
    std::size_t n = std::stoul(in.substr(i + 2, star - i - 2));
    std::string text = in.substr(star + 1, close - star - 1);
    for (std::size_t k = 0; k < n; ++k) out += text;
    i = close + 2;
  }
  return out;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<Case> parse_case(const std::string& line, int number, std::string* error) {
  Case c;
  c.line = number;
  c.text = line;
  std::vector<std::string> words;
  std::string word;
  bool in_word = false, says = false;
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char ch = line[i];
    if (!quote && ch == ' ') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
      continue;
    }
    if (!quote && !in_word && line.compare(i, 3, "=> ") == 0) {
      c.says = line.substr(i + 3);
      says = true;
      break;
    }
    in_word = true;
    if (ch == '\\') {
      if (++i >= line.size()) {
        *error = "a backslash ends the line";
        return std::nullopt;
      }
      char e = line[i];
      if (e == 'x') {
        int hi = i + 1 < line.size() ? hex_digit(line[i + 1]) : -1, lo = i + 2 < line.size() ? hex_digit(line[i + 2]) : -1;
        if (hi < 0 || lo < 0) {
          *error = "\\x takes two hex digits";
          return std::nullopt;
        }
        word += static_cast<char>(hi * 16 + lo);
        i += 2;
      } else {
        word += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
      }
    } else if (quote && ch == quote) {
      quote = 0;
    } else if (!quote && (ch == '\'' || ch == '"')) {
      quote = ch;
    } else {
      word += ch;
    }
  }
  if (quote) {
    *error = "unclosed quote";
    return std::nullopt;
  }
  if (in_word && !says) words.push_back(word);
  for (std::string& w : words) {
    auto expanded = expand_repeats(w, error);
    if (!expanded) return std::nullopt;
    c.args.push_back(*expanded);
  }
  if (c.args.empty()) {
    *error = "no arguments";
    return std::nullopt;
  }
  return c;
}

std::vector<Case> load_cases() {
  std::vector<Case> cases;
  std::string path = test::source_path("tests/data/bad_input.txt");
  std::ifstream in(path);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::string error;
    auto c = parse_case(line, number, &error);
    // A line the table cannot read is a failing case of its own, not a silent skip.
    if (!c) {
      c = Case{number, line, {}, ""};
      c->says = "TABLE ERROR: " + error;
    }
    cases.push_back(*c);
  }
  return cases;
}

// --- Running the program without a shell ------------------------------------

struct Outcome {
  int exit_code = -1;  // 128 + signal if killed by one
  bool timed_out = false;
  std::string out, err;
};

Outcome run_args(const std::vector<std::string>& args, int timeout_seconds = 60) {
  Outcome o;
  int out_pipe[2], err_pipe[2];
  if (pipe(out_pipe) != 0 || pipe(err_pipe) != 0) return o;
  std::string program = test::arbiter_binary();
  std::vector<char*> argv;
  argv.push_back(program.data());
  std::vector<std::string> copy = args;
  for (std::string& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_RDONLY);
    dup2(null, 0);
    dup2(out_pipe[1], 1);
    dup2(err_pipe[1], 2);
    close(out_pipe[0]);
    close(err_pipe[0]);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  close(out_pipe[1]);
  close(err_pipe[1]);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&o.out, &o.err};
  int open_fds = 2;
  while (open_fds > 0) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      o.timed_out = true;
      kill(pid, SIGKILL);
      break;
    }
    if (poll(fds, 2, static_cast<int>(left)) < 0 && errno != EINTR) break;
    for (int k = 0; k < 2; ++k) {
      if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buf[4096];
      ssize_t n = read(fds[k].fd, buf, sizeof buf);
      if (n > 0) {
        sinks[k]->append(buf, static_cast<std::size_t>(n));
      } else {
        close(fds[k].fd);
        fds[k].fd = -1;
        --open_fds;
      }
    }
  }
  for (pollfd& f : fds)
    if (f.fd >= 0) close(f.fd);
  int status = 0;
  waitpid(pid, &status, 0);
  o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return o;
}

// --- What every error must look like ----------------------------------------

// Empty if `err` is one clean error line; else what is wrong with it.
std::string one_line_problem(const std::string& err) {
  if (err.empty()) return "nothing on standard error";
  if (err.back() != '\n') return "standard error does not end in a newline";
  std::string line = err.substr(0, err.size() - 1);
  if (line.find('\n') != std::string::npos) return "more than one line on standard error";
  if (!line.starts_with("arbiter: ")) return "the line does not start with 'arbiter: '";
  if (line.size() > kLongestErrorLine) return "a line of " + std::to_string(line.size()) + " bytes";
  for (char ch : line)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F) return "a control character in the line";
  if (!test::valid_utf8(line)) return "the line is not valid UTF-8";
  for (const char* internal : {"json.exception", "basic_filebuf", "terminate called", "what():"})
    if (line.find(internal) != std::string::npos) return std::string("the line leaks '") + internal + "'";
  return "";
}

std::string shown(const Case& c) { return "tests/data/bad_input.txt:" + std::to_string(c.line) + ": " + c.text; }

// How gtest (and so ctest's listing) prints a case: its line of the table,
// escaped, not the struct's bytes.
void PrintTo(const Case& c, std::ostream* out) {
  *out << "bad_input.txt:" << c.line << ": " << echo(c.text, 80);
}

class CliBadInputTable : public ::testing::TestWithParam<Case> {};

TEST_P(CliBadInputTable, ExitsTwoWithOneCleanLineAndOneJsonError) {
  const Case& c = GetParam();
  ASSERT_FALSE(c.says.starts_with("TABLE ERROR")) << shown(c) << "\n" << c.says;

  Outcome text = run_args(c.args);
  ASSERT_FALSE(text.timed_out) << shown(c);
  EXPECT_EQ(text.exit_code, 2) << shown(c) << "\nstdout: " << text.out << "\nstderr: " << text.err;
  EXPECT_EQ(one_line_problem(text.err), "") << shown(c) << "\nstderr: " << text.err;
  EXPECT_EQ(text.out, "") << shown(c);
  if (!c.says.empty()) {
    EXPECT_NE(text.err.find(c.says), std::string::npos) << shown(c) << "\nstderr: " << text.err;
  }

  std::vector<std::string> with_json = c.args;
  with_json.push_back("--json");
  Outcome json = run_args(with_json);
  ASSERT_FALSE(json.timed_out) << shown(c) << " --json";
  EXPECT_EQ(json.exit_code, 2) << shown(c) << " --json\nstdout: " << json.out << "\nstderr: " << json.err;
  EXPECT_EQ(one_line_problem(json.err), "") << shown(c) << " --json\nstderr: " << json.err;
  // Exactly one JSON document: parse() refuses anything after the first.
  nlohmann::json j = nlohmann::json::parse(json.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << shown(c) << " --json printed: " << json.out;
  ASSERT_TRUE(j.is_object() && j.contains("error") && j["error"].is_string()) << shown(c) << " --json printed: " << json.out;
  EXPECT_EQ("arbiter: " + j["error"].get<std::string>() + "\n", json.err) << shown(c);
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) { return "line_" + std::to_string(info.param.line); }

INSTANTIATE_TEST_SUITE_P(Table, CliBadInputTable, ::testing::ValuesIn(load_cases()), case_name);

TEST(CliBadInput, TheTableIsReadAsWritten) {
  std::vector<Case> cases = load_cases();
  EXPECT_GE(cases.size(), 50u);
  for (const Case& c : cases) EXPECT_FALSE(c.says.starts_with("TABLE ERROR")) << shown(c) << ": " << c.says;
  // The syntax: quotes, escapes and repeats.
  std::string error;
  auto c = parse_case(R"(a 'b c' "" \x41\n '\'' {{3*ab}} => says this)", 1, &error);
  ASSERT_TRUE(c) << error;
  EXPECT_EQ(c->args, (std::vector<std::string>{"a", "b c", "", "A\n", "'", "ababab"}));
  EXPECT_EQ(c->says, "says this");
}

// A report whose perft table disagrees with the model fails with exit 2
// after its log, and under --json prints one JSON document: the summary with
// the error in it, never the summary and then an error object.
TEST(CliBadInput, AFailingReportPrintsExactlyOneJsonDocument) {
  std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "report-model-problem";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "source/corpus/perft");
  std::ofstream(dir / "source/corpus/perft/orthodox.epd")
      << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 21\n";
  Outcome r = run_args({"report", "--out", (dir / "out").string(), "--source", (dir / "source").string(), "--variants",
                        "orthodox", "--explore-states", "0", "--games", "0", "--smt-seconds", "0", "--exhaustive-depth",
                        "0", "--json"},
                       300);
  ASSERT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << "not one JSON document: " << r.out;
  EXPECT_TRUE(j.contains("error")) << r.out;
  EXPECT_EQ(j["model_problems"], 1) << r.out;
  // The log, then the error as the last line.
  EXPECT_NE(r.err.find("arbiter: " + j["error"].get<std::string>() + "\n"), std::string::npos) << r.err;
}

// `serve --json` is accepted (README: every subcommand takes --json), and an
// explicitly empty "fen" in a request is a malformed FEN, not the start.
TEST(CliBadInput, ServeTakesJsonAndRefusesAnEmptyFen) {
  // In parentheses: test::run gives the command line /dev/null as its input.
  auto r = test::run("(printf '%s\\n' '{\"op\":\"perft\",\"variant\":\"orthodox\",\"fen\":\"\",\"depth\":1}' "
                     "'{\"op\":\"perft\",\"variant\":\"orthodox\",\"depth\":1}' | " +
                     test::arbiter_binary() + " serve --json)");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string first, second;
  ASSERT_TRUE(std::getline(lines, first) && std::getline(lines, second)) << r.out;
  auto a = nlohmann::json::parse(first), b = nlohmann::json::parse(second);
  EXPECT_FALSE(a["ok"].get<bool>());
  EXPECT_NE(a["error"].get<std::string>().find("empty FEN"), std::string::npos) << first;
  EXPECT_TRUE(b["ok"].get<bool>()) << second;
  EXPECT_EQ(b["nodes"], 20);
}

}  // namespace
}  // namespace arbiter
