// The UCI engine client against Stockfish, Fairy-Stockfish and fake engines that
// exit, hang, crash or print garbage. Stockfish and Fairy-Stockfish come from the
// Debian packages `stockfish` and `fairy-stockfish` (scripts/install-deps.sh):
// when they are missing these tests fail, they do not skip.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "crosscheck/divide_compare.h"
#include "crosscheck/uci_engine.h"
#include "crosscheck/child_process.h"
#include "tests/support/utf8.h"
#include <nlohmann/json.hpp>
#include <span>

namespace {

using arbiter::uci::EngineError;
using arbiter::uci::PerftDivide;
using arbiter::uci::UciEngine;
using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

constexpr const char* kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

std::string error_of(const std::variant<UciEngine, EngineError>& r) {
  if (auto* e = std::get_if<EngineError>(&r)) return e->message;
  return "";
}

long long ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<milliseconds>(Clock::now() - t).count();
}

// A fake engine: a POSIX shell loop answering uci / isready / quit, and `go perft`
// with `on_perft` (shell commands).
std::vector<std::string> fake_engine(
    const std::string& on_perft, const std::string& on_uci = "echo 'id name fake'; echo uciok") {
  std::string script =
      "while IFS= read -r l; do case \"$l\" in "
      "uci) " +
      on_uci +
      ";; "
      "isready) echo readyok;; "
      "'go perft'*) " +
      on_perft +
      ";; "
      "quit) exit 0;; "
      "esac; done";
  return {"-c", script};
}

#define ASSERT_ENGINE(var, expr)                                   \
  auto var##_result = (expr);                                      \
  if (auto* var##_err = std::get_if<EngineError>(&var##_result)) { \
    FAIL() << var##_err->message;                                  \
  }                                                                \
  UciEngine& var = std::get<UciEngine>(var##_result)

std::vector<std::string> sorted_moves(const PerftDivide& d) {
  std::vector<std::string> out;
  for (const auto& [m, c] : d.moves) out.push_back(m);
  std::sort(out.begin(), out.end());
  return out;
}

// --- Stockfish ---------------------------------------------------------------

TEST(UciEngineStockfish, StartPositionDivideDepth2) {
  ASSERT_ENGINE(sf, arbiter::uci::start_stockfish());
  EXPECT_NE(sf.id_name().find("Stockfish"), std::string::npos) << sf.id_name();
  auto r = sf.perft_divide(kStartFen, 2);
  ASSERT_TRUE(std::holds_alternative<PerftDivide>(r)) << std::get<EngineError>(r).message;
  const auto& d = std::get<PerftDivide>(r);
  EXPECT_EQ(d.total, 400u);
  ASSERT_EQ(d.moves.size(), 20u);
  for (const auto& [m, c] : d.moves) EXPECT_EQ(c, 20u) << m;
  std::vector<std::string> expected = {"a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3",
                                       "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3", "f2f4",
                                       "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4"};
  EXPECT_EQ(sorted_moves(d), expected);
  EXPECT_TRUE(sf.ok());
}

TEST(UciEngineStockfish, CastlingIsKingToDestinationAndMovesApply) {
  ASSERT_ENGINE(sf, arbiter::uci::start_stockfish());
  auto r = sf.perft_divide(kKiwipete, 1);
  ASSERT_TRUE(std::holds_alternative<PerftDivide>(r)) << std::get<EngineError>(r).message;
  auto moves = sorted_moves(std::get<PerftDivide>(r));
  EXPECT_EQ(std::get<PerftDivide>(r).total, 48u);
  EXPECT_TRUE(std::binary_search(moves.begin(), moves.end(), "e1g1"));
  EXPECT_TRUE(std::binary_search(moves.begin(), moves.end(), "e1c1"));

  // A position given as root + moves.
  std::vector<std::string> played = {"e2e4", "e7e5"};
  auto after1 = sf.perft_divide(kStartFen, 1, played);
  ASSERT_TRUE(std::holds_alternative<PerftDivide>(after1)) << std::get<EngineError>(after1).message;
  EXPECT_EQ(std::get<PerftDivide>(after1).total, 29u);
  auto after = sf.perft_divide(kStartFen, 3, played);
  ASSERT_TRUE(std::holds_alternative<PerftDivide>(after)) << std::get<EngineError>(after).message;
  auto fen = sf.position_fen(kStartFen, played);
  ASSERT_TRUE(std::holds_alternative<std::string>(fen)) << std::get<EngineError>(fen).message;
  EXPECT_EQ(std::get<std::string>(fen),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  auto from_fen = sf.perft_divide(std::get<std::string>(fen), 3);
  ASSERT_TRUE(std::holds_alternative<PerftDivide>(from_fen));
  EXPECT_EQ(std::get<PerftDivide>(from_fen).total, std::get<PerftDivide>(after).total);
}

TEST(UciEngineStockfish, CheckmateHasNoMoves) {
  ASSERT_ENGINE(sf, arbiter::uci::start_stockfish());
  // Fool's mate.
  auto r = sf.perft_divide("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 1);
  ASSERT_TRUE(std::holds_alternative<PerftDivide>(r)) << std::get<EngineError>(r).message;
  EXPECT_TRUE(std::get<PerftDivide>(r).moves.empty());
  EXPECT_EQ(std::get<PerftDivide>(r).total, 0u);
}

TEST(UciEngineStockfish, BadRequestsAreRefusedWithoutKillingTheEngine) {
  ASSERT_ENGINE(sf, arbiter::uci::start_stockfish());
  auto zero = sf.perft_divide(kStartFen, 0);
  ASSERT_TRUE(std::holds_alternative<EngineError>(zero));
  EXPECT_NE(std::get<EngineError>(zero).message.find("at least 1"), std::string::npos);
  auto newline = sf.perft_divide("8/8/8/8/8/8/8/8 w - - 0 1\ngo infinite", 1);
  ASSERT_TRUE(std::holds_alternative<EngineError>(newline));

  EXPECT_EQ(sf.set_option("Hash", "16"), std::nullopt);
  EXPECT_EQ(sf.set_option("hash", "8"), std::nullopt);  // names are case-insensitive
  auto unknown = sf.set_option("No Such Option", "1");
  ASSERT_TRUE(unknown.has_value());
  EXPECT_NE(unknown->message.find("has no option"), std::string::npos) << unknown->message;
  // Stockfish aborts on a non-numeric spin value; the client refuses to send it.
  auto bad_spin = sf.set_option("Threads", "abc");
  ASSERT_TRUE(bad_spin.has_value());
  EXPECT_NE(bad_spin->message.find("bad value"), std::string::npos) << bad_spin->message;
  auto bad_check = sf.set_option("UCI_Chess960", "maybe");
  ASSERT_TRUE(bad_check.has_value());

  EXPECT_TRUE(sf.ok());
  EXPECT_EQ(sf.sync(), std::nullopt);
  auto r = sf.perft_divide(kStartFen, 1);
  ASSERT_TRUE(std::holds_alternative<PerftDivide>(r)) << std::get<EngineError>(r).message;
  EXPECT_EQ(std::get<PerftDivide>(r).total, 20u);
}

TEST(UciEngineStockfish, OptionsAreParsed) {
  ASSERT_ENGINE(sf, arbiter::uci::start_stockfish());
  const auto& opts = sf.options();
  auto it =
      std::find_if(opts.begin(), opts.end(), [](const auto& o) { return o.name == "Threads"; });
  ASSERT_NE(it, opts.end());
  EXPECT_EQ(it->type, "spin");
  EXPECT_EQ(it->default_value, "1");
  EXPECT_EQ(it->min, "1");
  auto multi = std::find_if(opts.begin(), opts.end(),
                            [](const auto& o) { return o.name == "Debug Log File"; });
  ASSERT_NE(multi, opts.end());
  EXPECT_EQ(multi->type, "string");
}

TEST(UciEngineFairyStockfish, CrazyhouseDrops) {
  ASSERT_ENGINE(fsf, arbiter::uci::start_fairy_stockfish());
  auto bad = fsf.set_option("UCI_Variant", "no-such-variant");
  ASSERT_TRUE(bad.has_value());
  EXPECT_NE(bad->message.find("not one of its"), std::string::npos) << bad->message;
  ASSERT_EQ(fsf.set_option("UCI_Variant", "crazyhouse"), std::nullopt);
  auto r = fsf.perft_divide("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 1", 1);
  ASSERT_TRUE(std::holds_alternative<PerftDivide>(r)) << std::get<EngineError>(r).message;
  const auto& d = std::get<PerftDivide>(r);
  EXPECT_EQ(d.total, 20u + 32u);
  auto moves = sorted_moves(d);
  EXPECT_TRUE(std::binary_search(moves.begin(), moves.end(), "P@e4"));
}

// --- Fake engines -------------------------------------------------------------

TEST(UciEngineFake, NonexistentProgram) {
  auto r = UciEngine::start("/nonexistent/arbiter-engine", {}, milliseconds(1000));
  std::string msg = error_of(r);
  ASSERT_FALSE(msg.empty());
  EXPECT_NE(msg.find("cannot start"), std::string::npos) << msg;
  EXPECT_NE(msg.find("No such file"), std::string::npos) << msg;
  EXPECT_NE(msg.find("/nonexistent/arbiter-engine"), std::string::npos) << msg;

  auto bare = UciEngine::start("arbiter-no-such-engine-on-path", {}, milliseconds(1000));
  EXPECT_NE(error_of(bare).find("cannot start"), std::string::npos) << error_of(bare);
  EXPECT_EQ(arbiter::uci::find_program("arbiter-no-such-engine-on-path"), std::nullopt);
}

TEST(UciEngineFake, NotInstalledNamesThePackage) {
  auto r = arbiter::uci::start_installed("arbiter-no-such-engine", "arbiter-engine-pkg",
                                         "ARBITER_TEST_UNSET_ENGINE_PATH", milliseconds(1000));
  std::string msg = error_of(r);
  EXPECT_NE(msg.find("arbiter-no-such-engine not found"), std::string::npos) << msg;
  EXPECT_NE(msg.find("install the Debian package \"arbiter-engine-pkg\""), std::string::npos)
      << msg;
  EXPECT_NE(msg.find("ARBITER_TEST_UNSET_ENGINE_PATH"), std::string::npos) << msg;
}

TEST(UciEngineFake, ExitsImmediately) {
  auto t0 = Clock::now();
  auto r = UciEngine::start("/bin/false", {}, milliseconds(2000));
  std::string msg = error_of(r);
  EXPECT_NE(msg.find("exited with code 1"), std::string::npos) << msg;
  EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  EXPECT_LT(ms_since(t0), 1500);
}

TEST(UciEngineFake, HangsAtHandshake) {
  auto t0 = Clock::now();
  auto r = UciEngine::start("/bin/sleep", {"100"}, milliseconds(300));
  std::string msg = error_of(r);
  EXPECT_NE(msg.find("timed out after 300 ms while waiting for uciok"), std::string::npos) << msg;
  auto took = ms_since(t0);
  EXPECT_GE(took, 290);
  EXPECT_LT(took, 2000);  // includes killing the sleeper
}

TEST(UciEngineFake, PrintsGarbage) {
  auto t0 = Clock::now();
  auto r = UciEngine::start("/usr/bin/yes", {"garbage"}, milliseconds(2000));
  std::string msg = error_of(r);
  EXPECT_NE(msg.find("unparsable line \"garbage\""), std::string::npos) << msg;

  auto sh =
      UciEngine::start("/bin/sh", {"-c", "while true; do echo garbage; done"}, milliseconds(2000));
  msg = error_of(sh);
  EXPECT_NE(msg.find("unparsable line \"garbage\""), std::string::npos) << msg;
  EXPECT_LT(ms_since(t0), 3000);
}

TEST(UciEngineFake, EndlessLineWithoutNewline) {
  auto r = UciEngine::start("/bin/cat", {"/dev/zero"}, milliseconds(2000));
  std::string msg = error_of(r);
  EXPECT_NE(msg.find("unparsable line \"\\x00\\x00"), std::string::npos) << msg;
  EXPECT_NE(msg.find("without a line break"), std::string::npos) << msg;
}

TEST(UciEngineFake, ScriptedPerftIsParsed) {
  ASSERT_ENGINE(fake,
                UciEngine::start("/bin/sh",
                                 fake_engine("echo 'info string hello'; echo 'a2a3: 2'; "
                                             "echo 'P@e4: 3'; echo; echo 'Nodes searched: 5'"),
                                 milliseconds(2000)));
  EXPECT_EQ(fake.id_name(), "fake");
  auto r = fake.perft_divide(kStartFen, 2);
  ASSERT_TRUE(std::holds_alternative<PerftDivide>(r)) << std::get<EngineError>(r).message;
  const auto& d = std::get<PerftDivide>(r);
  EXPECT_EQ(d.total, 5u);
  ASSERT_EQ(d.moves.size(), 2u);
  EXPECT_EQ(d.moves[0], (std::pair<std::string, std::uint64_t>("a2a3", 2)));
  EXPECT_EQ(d.moves[1], (std::pair<std::string, std::uint64_t>("P@e4", 3)));
}

TEST(UciEngineFake, GarbageInPerftAnswer) {
  ASSERT_ENGINE(fake,
                UciEngine::start("/bin/sh", fake_engine("echo 'a2a3: 1'; echo 'no perft here'"),
                                 milliseconds(2000)));
  auto r = fake.perft_divide(kStartFen, 1);
  ASSERT_TRUE(std::holds_alternative<EngineError>(r));
  std::string msg = std::get<EngineError>(r).message;
  EXPECT_NE(msg.find("unparsable line \"no perft here\" in the answer to go perft 1"),
            std::string::npos)
      << msg;
  EXPECT_FALSE(fake.ok());
  // Later calls repeat the first error at once.
  auto again = fake.perft_divide(kStartFen, 1);
  ASSERT_TRUE(std::holds_alternative<EngineError>(again));
  EXPECT_EQ(std::get<EngineError>(again).message, msg);
  EXPECT_EQ(fake.sync()->message, msg);
}

TEST(UciEngineFake, InconsistentPerftTotal) {
  ASSERT_ENGINE(fake,
                UciEngine::start("/bin/sh", fake_engine("echo 'a2a3: 1'; echo 'Nodes searched: 7'"),
                                 milliseconds(2000)));
  auto r = fake.perft_divide(kStartFen, 1);
  ASSERT_TRUE(std::holds_alternative<EngineError>(r));
  EXPECT_NE(std::get<EngineError>(r).message.find("add up to 1"), std::string::npos)
      << std::get<EngineError>(r).message;
}

TEST(UciEngineFake, CrashesDuringPerft) {
  ASSERT_ENGINE(
      fake, UciEngine::start("/bin/sh",
                             fake_engine("echo 'a2a3: 1'; echo 'fatal: oops' >&2; kill -SEGV $$"),
                             milliseconds(2000)));
  auto r = fake.perft_divide(kStartFen, 1);
  ASSERT_TRUE(std::holds_alternative<EngineError>(r));
  std::string msg = std::get<EngineError>(r).message;
  EXPECT_NE(msg.find("crashed: killed by signal 11"), std::string::npos) << msg;
  EXPECT_NE(msg.find("in the answer to go perft 1"), std::string::npos) << msg;
  EXPECT_NE(msg.find("stderr: \"fatal: oops\""), std::string::npos) << msg;
  EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
}

TEST(UciEngineFake, HangsDuringPerft) {
  ASSERT_ENGINE(fake, UciEngine::start("/bin/sh", fake_engine(":"), milliseconds(300)));
  auto t0 = Clock::now();
  auto r = fake.perft_divide(kStartFen, 1);
  ASSERT_TRUE(std::holds_alternative<EngineError>(r));
  std::string msg = std::get<EngineError>(r).message;
  EXPECT_NE(msg.find("timed out after 300 ms in the answer to go perft 1"), std::string::npos)
      << msg;
  EXPECT_LT(ms_since(t0), 2000);
}

TEST(UciEngineFake, ExitsBetweenCommandsWithoutSigpipe) {
  // Answers the handshake, then exits: the next write hits a closed pipe, which
  // must be an error value, not a SIGPIPE killing the test.
  ASSERT_ENGINE(
      fake, UciEngine::start("/bin/sh", {"-c", "read l; echo uciok; exit 3"}, milliseconds(2000)));
  std::this_thread::sleep_for(milliseconds(200));
  std::string long_fen(100000, ' ');  // more than a pipe buffer, to be sure to hit EPIPE
  long_fen += kStartFen;
  auto r = fake.perft_divide(long_fen, 1);
  ASSERT_TRUE(std::holds_alternative<EngineError>(r));
  std::string msg = std::get<EngineError>(r).message;
  EXPECT_NE(msg.find("exited with code 3"), std::string::npos) << msg;

  struct sigaction sa {};
  sigaction(SIGPIPE, nullptr, &sa);
  EXPECT_EQ(sa.sa_handler, SIG_DFL);  // we did not change the process's disposition
  sigset_t pending;
  sigpending(&pending);
  EXPECT_EQ(sigismember(&pending, SIGPIPE), 0);
}

TEST(UciEngineFake, DestructorKillsAnEngineThatIgnoresQuit) {
  pid_t pid = 0;
  auto t0 = Clock::now();
  {
    // `exec sleep` never reads `quit`; its pid is announced as the engine name.
    ASSERT_ENGINE(
        fake, UciEngine::start("/bin/sh",
                               {"-c", "read l; echo \"id name $$\"; echo uciok; exec sleep 100"},
                               milliseconds(2000)));
    pid = std::stoi(fake.id_name());
    ASSERT_GT(pid, 0);
    EXPECT_EQ(kill(pid, 0), 0);
  }
  EXPECT_LT(ms_since(t0), 2000);
  errno = 0;
  EXPECT_EQ(kill(pid, 0), -1);  // killed and reaped
  EXPECT_EQ(errno, ESRCH);
}

int open_descriptors() {
  int n = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    ++n;
  }
  return n;
}

TEST(UciEngineFake, NoDescriptorOrProcessLeaks) {
  const int before = open_descriptors();
  {
    auto gone = UciEngine::start("/bin/false", {}, milliseconds(1000));
    auto hung = UciEngine::start("/bin/sleep", {"100"}, milliseconds(50));
    auto missing = UciEngine::start("/nonexistent/engine", {}, milliseconds(50));
    ASSERT_ENGINE(fake, UciEngine::start("/bin/sh", fake_engine("echo 'Nodes searched: 0'"),
                                         milliseconds(2000)));
    ASSERT_TRUE(std::holds_alternative<PerftDivide>(fake.perft_divide(kStartFen, 1)));
    UciEngine moved = std::move(fake);
    EXPECT_TRUE(moved.ok());
    EXPECT_FALSE(fake.ok());  // NOLINT(bugprone-use-after-move): moved-from is inert
    EXPECT_TRUE(std::holds_alternative<EngineError>(fake.perft_divide(kStartFen, 1)));
  }
  EXPECT_EQ(open_descriptors(), before);
  errno = 0;
  EXPECT_EQ(waitpid(-1, nullptr, WNOHANG), -1);  // every child was reaped
  EXPECT_EQ(errno, ECHILD);
}

TEST(UciEngineFake, OptionsOfAFakeEngine) {
  ASSERT_ENGINE(fake,
                UciEngine::start("/bin/sh",
                                 fake_engine(":",
                                             "echo 'option name Foo Bar type spin default 1 min 0 "
                                             "max 5'; echo 'option name Style type combo default "
                                             "Solid var Solid var Risky Play'; echo uciok"),
                                 milliseconds(2000)));
  ASSERT_EQ(fake.options().size(), 2u);
  EXPECT_EQ(fake.options()[0].name, "Foo Bar");
  EXPECT_EQ(fake.options()[0].max, "5");
  EXPECT_EQ(fake.options()[1].vars, (std::vector<std::string>{"Solid", "Risky Play"}));
  EXPECT_EQ(fake.set_option("foo bar", "3"), std::nullopt);
  EXPECT_TRUE(fake.set_option("Foo Bar", "6").has_value());
  EXPECT_EQ(fake.set_option("Style", "risky play"), std::nullopt);
  EXPECT_TRUE(fake.set_option("Style", "Wild").has_value());
  EXPECT_TRUE(fake.ok());
}

// --- Divide comparison ---------------------------------------------------------

TEST(DivideCompare, DiffKinds) {
  using arbiter::uci::DiffKind;
  arbiter::uci::Divide ours = {{"a2a3", 5}, {"b2b3", 4}, {"z9z9", 1}};
  arbiter::uci::Divide ref = {{"a2a3", 5}, {"b2b3", 3}, {"c2c3", 2}};
  auto diffs = arbiter::uci::diff_divides(ours, ref);
  ASSERT_EQ(diffs.size(), 3u);
  EXPECT_EQ(diffs[0].move, "b2b3");
  EXPECT_EQ(diffs[0].kind, DiffKind::count_differs);
  EXPECT_EQ(diffs[1].move, "c2c3");
  EXPECT_EQ(diffs[1].kind, DiffKind::missing_in_ours);
  EXPECT_EQ(diffs[2].move, "z9z9");
  EXPECT_EQ(diffs[2].kind, DiffKind::extra_in_ours);
  EXPECT_TRUE(arbiter::uci::diff_divides(ref, ref).empty());
}

// A synthetic game tree: Stockfish as the reference, and "ours" = Stockfish with
// en passant captures deleted, so the descent must end at an en passant move.
TEST(DivideCompare, DescendsToTheMissingLeafMove) {
  ASSERT_ENGINE(sf, arbiter::uci::start_stockfish());
  using arbiter::uci::Divide;
  auto reference = arbiter::uci::engine_side(sf);

  // Ours: perft by recursion over Stockfish's move lists minus e.p. captures
  // (a pawn moving diagonally onto an empty square), applying moves by FEN.
  auto piece_at = [](const std::string& fen, const std::string& sq) {
    int file = sq[0] - 'a', rank = sq[1] - '1';
    int r = 7, f = 0;
    for (char c : fen) {
      if (c == ' ') break;
      if (c == '/') {
        --r;
        f = 0;
      } else if (c >= '1' && c <= '8') {
        f += c - '0';
      } else {
        if (r == rank && f == file) return c;
        ++f;
      }
    }
    return '.';
  };
  auto fen_after = [&](std::string_view fen, std::string_view move) {
    std::vector<std::string> m = {std::string(move)};
    auto r = sf.position_fen(fen, m);
    if (auto* e = std::get_if<EngineError>(&r)) throw std::runtime_error(e->message);
    return std::get<std::string>(r);
  };
  auto legal = [&](const std::string& fen) {
    auto r = sf.perft_divide(fen, 1);
    if (auto* e = std::get_if<EngineError>(&r)) throw std::runtime_error(e->message);
    std::vector<std::string> out;
    for (const auto& [m, c] : std::get<PerftDivide>(r).moves) {
      char p = piece_at(fen, m.substr(0, 2));
      bool ep = (p == 'P' || p == 'p') && m[0] != m[2] && piece_at(fen, m.substr(2, 2)) == '.';
      if (!ep) out.push_back(m);
    }
    return out;
  };
  std::function<std::uint64_t(const std::string&, int)> perft = [&](const std::string& fen, int d) {
    auto moves = legal(fen);
    if (d == 1) return static_cast<std::uint64_t>(moves.size());
    std::uint64_t n = 0;
    for (const auto& m : moves) n += perft(fen_after(fen, m), d - 1);
    return n;
  };
  auto divide = [&](std::string_view fen, int d) {
    Divide out;
    for (const auto& m : legal(std::string(fen))) {
      out.emplace_back(m, d == 1 ? 1 : perft(fen_after(fen, m), d - 1));
    }
    return out;
  };
  auto ours = arbiter::uci::fen_side("ours", divide, fen_after);

  // Black to move can play d7d5, after which e5xd6 e.p. is legal.
  const std::string fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
  auto result =
      arbiter::uci::crosscheck_divide(fen, 3, ours, reference, arbiter::uci::fen_walker(fen_after));
  ASSERT_EQ(result.status, arbiter::uci::CrosscheckResult::Status::disagree) << result.report();
  ASSERT_EQ(result.steps.size(), 2u) << result.report();
  EXPECT_EQ(result.steps[0].depth, 3);
  EXPECT_EQ(result.steps[0].diffs[result.steps[0].chosen].move, "d7d5");
  const auto& last = result.steps.back();
  EXPECT_EQ(last.moves, std::vector<std::string>{"d7d5"});
  EXPECT_EQ(last.diffs[last.chosen].move, "e5d6");
  EXPECT_EQ(last.diffs[last.chosen].kind, arbiter::uci::DiffKind::missing_in_ours);
  std::string report = result.report();
  EXPECT_NE(report.find("minimal reproducer: FEN 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("e5d6 is legal per stockfish but missing in ours"), std::string::npos)
      << report;

  // Agreement, and an error from one side.
  auto same = arbiter::uci::crosscheck_divide(fen, 2, reference, reference);
  EXPECT_TRUE(same.agrees()) << same.report();
  auto broken = arbiter::uci::fen_side(
      "ours", [](std::string_view, int) -> Divide { throw std::invalid_argument("bad FEN"); },
      fen_after);
  auto err = arbiter::uci::crosscheck_divide(fen, 1, broken, reference);
  EXPECT_EQ(err.status, arbiter::uci::CrosscheckResult::Status::error);
  EXPECT_NE(err.report().find("ours failed at the root at depth 1: bad FEN"), std::string::npos)
      << err.report();
}

}  // namespace

using arbiter::test::valid_utf8;

TEST(UciEngineFake, NonUtf8OutputIsGarbage) {
  // \377\376 is not UTF-8: the engine's output is bytes, and such a line is
  // garbage, quoted with escapes so that the message itself is UTF-8.
  auto r = UciEngine::start("/bin/sh", {"-c", "read l; printf 'id name \\377\\376x\\n'; printf 'uciok\\n'; sleep 5"},
                            milliseconds(2000));
  auto* e = std::get_if<EngineError>(&r);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->kind, arbiter::engine::FailureKind::garbage) << e->message;
  EXPECT_NE(e->message.find("not UTF-8"), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("\\xFF\\xFE"), std::string::npos) << e->message;
  EXPECT_TRUE(valid_utf8(e->message)) << e->message;
}

TEST(UciEngineFake, QuotedNeverSplitsACharacter) {
  // 70 two-byte characters: the cut at about 60 characters stays UTF-8.
  std::string s;
  for (int i = 0; i < 70; ++i) s += "\xC3\xA9";
  EXPECT_TRUE(valid_utf8(arbiter::engine::quoted(s)));
  EXPECT_TRUE(valid_utf8(arbiter::engine::quoted(std::string("a\xC3", 2))));
}

TEST(UciEngineFake, ExitWithAChildHoldingTheOutputIsAnExit) {
  // The engine exits with code 3 but leaves a child holding its stdout and
  // stdin: that is an exit, reported at once, not a hang after the timeout.
  auto t0 = Clock::now();
  auto r = UciEngine::start("/bin/sh", {"-c", "sleep 20 & read l; exit 3"}, milliseconds(5000));
  auto* e = std::get_if<EngineError>(&r);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->kind, arbiter::engine::FailureKind::exited) << e->message;
  EXPECT_NE(e->message.find("exited with code 3"), std::string::npos) << e->message;
  EXPECT_LT(ms_since(t0), 3000) << e->message;
}

TEST(UciEngineFake, LinesPrintedBeforeExitingAreStillRead) {
  // Output written before the exit is in the pipe: it is read, then the exit
  // is reported.
  auto r = UciEngine::start("/bin/sh", {"-c", "sleep 20 & read l; echo 'id name early'; echo uciok; exit 4"},
                            milliseconds(5000));
  ASSERT_TRUE(std::holds_alternative<UciEngine>(r)) << error_of(r);
  EXPECT_EQ(std::get<UciEngine>(r).id_name(), "early");
  auto p = std::get<UciEngine>(r).perft_divide(kStartFen, 1);
  auto* e = std::get_if<EngineError>(&p);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->kind, arbiter::engine::FailureKind::exited) << e->message;
}

TEST(DivideCompare, NoteNamesTheSideThatContradictsItself) {
  using arbiter::uci::Divide;
  using arbiter::uci::DivideResult;
  // Both sides agree on every divide at depth 1; at depth 2 the reference
  // counts a1 as 5 although its own divide after a1 sums to 3.
  auto side = [](std::string name, std::uint64_t depth2_count) {
    return arbiter::uci::DivideSide{
        std::move(name), [depth2_count](std::string_view, std::span<const std::string> moves, int depth) -> DivideResult {
          if (depth == 2 && moves.empty()) return Divide{{"a1", depth2_count}};
          return Divide{{"b1", 1}, {"b2", 2}};
        }};
  };
  auto r = arbiter::uci::crosscheck_divide(kStartFen, 2, side("arbiter", 3), side("engine", 5));
  ASSERT_EQ(r.status, arbiter::uci::CrosscheckResult::Status::disagree);
  EXPECT_NE(r.note.find("engine contradicts itself"), std::string::npos) << r.note;
  EXPECT_EQ(r.note.find("arbiter"), std::string::npos) << r.note;
}
