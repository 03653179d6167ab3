// The hostile programs of fixtures/, each run for real and judged on testdata/hostile.case.
#include "runner.hpp"

#include <doctest/doctest.h>
#include <signal.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <limits>
#include <thread>

#include "judge.hpp"
#include "spawn.hpp"
#if BLOOM_RUNNER_KEPT
#include "sandbox/sandbox.hpp"
#endif
#include "report.hpp"

namespace {

using grader::Verdict;
namespace fs = std::filesystem;

const grader::Case& hostile_case() {
  static const grader::Case kase = grader::load_case(BLOOM_GRADER_TESTDATA "/hostile.case", "hostile");
  return kase;
}

// hostile.case without its @timeout: its limit is then --timeout (GradeOptions::timeout).
const grader::Case& untimed_case() {
  static const grader::Case untimed = [] {
    grader::Case kase = hostile_case();
    kase.timeout_seconds.reset();
    return kase;
  }();
  return untimed;
}

grader::Limits test_limits() {
  grader::Limits limits;
  limits.set_time(std::chrono::milliseconds(500));  // and 1.5 s on the wall clock
  limits.memory_bytes = 512ULL << 20;  // small, so that allocate_forever ends fast
  return limits;
}

// Limits under which only the CPU time can end a run: a loaded machine may take long.
grader::Limits cpu_only(std::chrono::milliseconds cpu) {
  grader::Limits limits = test_limits();
  limits.cpu = cpu;
  limits.wall = std::chrono::milliseconds(120000);
  return limits;
}

// `argv` resolved, as the runner under test starts it.
grader::Command command_for(const std::vector<std::string>& argv) {
  std::string error;
  const auto command = grader::resolve_command(argv, error);
  REQUIRE_MESSAGE(command, error);
#if BLOOM_RUNNER_KEPT
  // Each run in a sandbox kept for the test's runs (kept.hpp), as a batch's cases run: one
  // sandbox for the whole test binary, its slots' kept sandboxes serving test after test.
  static const std::shared_ptr<grader::Sandbox> sandbox = [] {
    std::string problem;
    auto opened = grader::open_sandbox(grader::SandboxKind::namespaces, 2, 0, {}, {}, problem);
    REQUIRE_MESSAGE(opened, problem);
    return opened;
  }();
  std::vector<std::string> words{command->executable.string()};
  words.insert(words.end(), command->args.begin(), command->args.end());
  return sandbox->wrap_kept(words, grader::bindings_for(*command), {}, command->display);
#else
  return *command;
#endif
}

grader::Command fixture(const std::string& name, std::vector<std::string> args = {}) {
  std::vector<std::string> argv{std::string(BLOOM_FIXTURES_DIR) + "/" + name};
  argv.insert(argv.end(), args.begin(), args.end());
  return command_for(argv);
}

grader::CaseResult judge_fixture(const std::string& name, const std::vector<std::string>& args = {},
                                 const grader::Case& kase = hostile_case(),
                                 const grader::Limits& limits = test_limits()) {
  return grader::judge(kase, grader::run_program(fixture(name, args), kase.input_text(), limits),
                       limits);
}

// A killed orphan stays a zombie until its new parent reaps it; it is dead all the same.
[[maybe_unused]] bool is_zombie(int pid) {
  const std::string stat = testing_support::read_file("/proc/" + std::to_string(pid) + "/stat");
  const std::size_t paren = stat.rfind(')');
  return paren != std::string::npos && paren + 2 < stat.size() && stat[paren + 2] == 'Z';
}

}  // namespace

TEST_CASE("an infinite loop is a timeout at its CPU-time limit") {
  const auto r = judge_fixture("hostile_infinite_loop", {}, hostile_case(), cpu_only(std::chrono::milliseconds(500)));
  CHECK(r.verdict == Verdict::Timeout);
  CHECK(r.run.cpu_limited);
  CHECK(r.run.cpu >= std::chrono::milliseconds(500));
  CHECK(r.summary ==
        "no answer at all by the time it had used its 0.5 s of CPU time, not even to the first "
        "command, HASH 0 bloom: a program that writes each answer as it is made is stuck on it");
}

TEST_CASE("a program that sleeps forever is a timeout at the wall-clock limit, 3 times the CPU time's") {
  const auto r = judge_fixture("hostile_sleep_forever");
  CHECK(r.verdict == Verdict::Timeout);
  CHECK_FALSE(r.run.cpu_limited);
  CHECK(r.run.elapsed >= std::chrono::milliseconds(1500));
  CHECK(r.run.elapsed < std::chrono::milliseconds(20000));
  CHECK(r.summary ==
        "no answer at all within 1.5 s of wall-clock time (using 0 s of CPU), not even to the "
        "first command, HASH 0 bloom: a program that writes each answer as it is made is stuck on "
        "it");
}

TEST_CASE("a run's CPU time is every process's: two busy children are stopped at the limit together") {
  // Each child alone stays under RLIMIT_CPU's whole second until the two have used 1 s between
  // them; the kit's runner stops them there, the self-check's when each reaches its second.
  const auto r = judge_fixture("hostile_busy_children", {"2", "30"}, hostile_case(),
                               cpu_only(std::chrono::milliseconds(1000)));
  CHECK(r.verdict == Verdict::Timeout);
  CHECK(r.run.cpu_limited);
  CHECK(r.run.cpu >= std::chrono::milliseconds(1000));
  // the kit's runner stops the program before it answers; under the self-check's, the parent
  // answers once its children are gone, and is timed out all the same
  INFO(r.summary);
  CHECK(r.summary.find(" by the time it had used its 1 s of CPU time") != std::string::npos);
}

TEST_CASE("a run whose processes together pass the CPU limit times out, though each stays under it") {
  // two children of 0.6 s: 1.2 s in all against a limit of 1 s; the control, two of 0.3 s, passes
  const auto over = judge_fixture("hostile_busy_children", {"2", "0.6"}, hostile_case(),
                                  cpu_only(std::chrono::milliseconds(1000)));
  CHECK(over.verdict == Verdict::Timeout);
  CHECK(over.run.cpu_limited);
  const auto under = judge_fixture("hostile_busy_children", {"2", "0.3"}, hostile_case(),
                                   cpu_only(std::chrono::milliseconds(1000)));
  CHECK(under.verdict == Verdict::Passed);
  CHECK(under.run.cpu >= std::chrono::milliseconds(600));  // the children's time is counted
  CHECK(under.run.cpu < std::chrono::milliseconds(1000));
}

TEST_CASE("right output followed by a hang is still a timeout, and says the output was right") {
  const auto r = judge_fixture("hostile_right_then_hang");
  CHECK(r.verdict == Verdict::Timeout);
  CHECK(r.summary.find("all of them right") != std::string::npos);
}

TEST_CASE(
    "a timeout with no answer at all names the first command, and blames it only for a program "
    "that answers as it goes") {
  // one that hangs before any output and one that holds its answers in a buffer, then hangs:
  // the grader sees the same, so it names the first command without saying either is stuck there
  // for certain, and the advice says what to look for in each
  for (const char* name : {"hostile_sleep_forever", "hostile_buffer_then_hang"}) {
    CAPTURE(name);
    const auto r = judge_fixture(name);
    CHECK(r.verdict == Verdict::Timeout);
    CHECK(r.summary ==
          "no answer at all within 1.5 s of wall-clock time (using 0 s of CPU), not even to the "
          "first command, HASH 0 bloom: a program that writes each answer as it is made is stuck "
          "on it");
    const auto details = grader::failure_details(r);
    std::string text;
    for (const std::string& line : details) text += line + "\n";
    CHECK(text.find("sent:") == std::string::npos);
    CHECK(text.find("the output ended") == std::string::npos);
    CHECK(text.find(
              "advice: look for a loop that never ends in what the first command calls; a program "
              "that writes its answers only at its end shows none") != std::string::npos);
    CHECK(text.find("hint:") == std::string::npos);
  }
}

TEST_CASE("a hang after some answers is reported at the command that got none, with the lines before it") {
  const grader::Case kase = grader::parse_case("@hint HASH: a hint\n> HASH 0 bloom\n48ad2c42\n> HASH 0 loop\nabcdef01\n",
                                         "dir/hang", "dir/hang.case");
  std::string error;
  const auto hangs = grader::resolve_command({"/bin/sh", "-c", "read l; echo 48ad2c42; exec sleep 30"}, error);
  REQUIRE_MESSAGE(hangs, error);
  grader::GradeOptions options;
  options.limits = test_limits();
  options.timeout = std::chrono::milliseconds(200);
  const std::atomic<bool> stop{false};
  const std::vector<grader::Case> cases = {kase};  // the results point into it
  const grader::CaseResult r = grader::grade(cases, *hangs, options, stop)[0];
  CHECK(r.verdict == Verdict::Timeout);
  CHECK(r.summary == "no answer to this line within 0.6 s of wall-clock time (using 0 s of CPU): the 1 "
                     "answer before it came, and the program was still working on this command");
  const std::vector<std::string> details = grader::failure_details(r);
  CHECK(details[0] == "dir/hang.case:5: timeout: " + r.summary);
  CHECK(details[1] == "  > HASH 0 bloom  ->  48ad2c42");
  CHECK(details[2] == "  sent:     > HASH 0 loop");
  CHECK(details[4] == "  actual:   (nothing yet: the time limit came first)");
  CHECK(details[5] == "advice: look for a loop that never ends in what this command calls");
  CHECK(details.size() == 6);  // no hint beside a timeout
}

TEST_CASE("a line more before an answer is shown as what it is, not as a wrong answer") {
  const grader::Case kase =
      grader::parse_case("@hint HASH: a hint\n> HASH 0 bloom\n48ad2c42\n> HASH 1 bloom\nabcdef01\n",
                         "dir/debug", "dir/debug.case");
  grader::RunResult run;
  run.started = true;
  run.out = "48ad2c42\nh = 0x6f6f6c62\nabcdef01\n";
  const grader::CaseResult r = grader::judge(kase, run, {});
  CHECK(r.verdict == Verdict::WrongOutput);
  CHECK(r.summary == "an extra line before answer 2, which came after it");
  const std::vector<std::string> details = grader::failure_details(r);
  CHECK(std::find(details.begin(), details.end(), "  extra:    h = 0x6f6f6c62   (a line more than the answers)") !=
        details.end());
  CHECK(std::find(details.begin(), details.end(), "  then:     abcdef01   (the answer, right, one line late)") !=
        details.end());
  CHECK(grader::shown_hints(r).empty());  // the answer was right: no hint about the hash
}

TEST_CASE("several lines more before an answer are shown, each, and the answer after them") {
  const grader::Case kase = grader::parse_case("> POSITIONS 1000 4 bloom\n610 395 180 965\n", "dir/debug",
                                               "dir/debug.case");
  grader::RunResult run;
  run.started = true;
  run.out = "h_a = 48ad2c42\nh_b = 9a0ff1ff\n610 395 180 965\n";  // a debug line per hash
  const grader::CaseResult r = grader::judge(kase, run, {});
  CHECK(r.summary == "2 extra lines before answer 1, which came after them");
  const std::vector<std::string> details = grader::failure_details(r);
  const auto at = std::find(details.begin(), details.end(), "  extra:    h_a = 48ad2c42   (2 lines more than the answers)");
  REQUIRE(at != details.end());
  CHECK(*(at + 1) == "            h_b = 9a0ff1ff");
  CHECK(*(at + 2) == "  then:     610 395 180 965   (the answer, right, 2 lines late)");
  // past eight lines it is a wrong answer, not a debug line: the control
  run.out = "1\n2\n3\n4\n5\n6\n7\n8\n9\n610 395 180 965\n";
  CHECK(grader::judge(kase, run, {}).summary == "answer 1 differs");
}

TEST_CASE("a wrong answer gets the case's hint (the control of the two tests below)") {
  grader::RunResult run;
  run.started = true;
  run.out = "48ad2c42\n1 2 3 4\n";
  std::string text;
  for (const std::string& line : grader::failure_details(grader::judge(hostile_case(), run, test_limits()))) {
    text += line + "\n";
  }
  CHECK(text.find("hint: a hint about the answers, for wrong ones only") != std::string::npos);
}

TEST_CASE("a crash gets crash advice and no hint about the answers") {
  const auto r = judge_fixture("hostile_segfault");
  REQUIRE(r.verdict == Verdict::Crashed);
  std::string text;
  for (const std::string& line : grader::failure_details(r)) text += line + "\n";
  CHECK(text.find("advice: to see where it crashes, build with -fsanitize=address,undefined") !=
        std::string::npos);
  CHECK(text.find("hint:") == std::string::npos);
}

TEST_CASE("an AddressSanitizer build under the address-space limit is told to use --memory 0") {
  grader::RunResult run;
  run.started = true;
  run.exit_code = 1;
  run.err = "==12==ERROR: AddressSanitizer failed to allocate 0xdfff0001000 (15392894357504) bytes at "
            "address 2008fff7000 (errno: 12)\n==12==ReserveShadowMemoryRange failed while trying to map "
            "0xdfff0001000 bytes. Perhaps you're using ulimit -v\n";
  const auto r = grader::judge(hostile_case(), run, test_limits());
  std::string text;
  for (const std::string& line : grader::failure_details(r)) text += line + "\n";
  CHECK(text.find("advice: this is an AddressSanitizer build, which needs more address space "
                  "than the limit allows: run it with --memory 0") != std::string::npos);
  CHECK(text.find("hint:") == std::string::npos);
}

TEST_CASE("a grandchild holding stdout open does not make the grader wait") {
  const auto r = judge_fixture("hostile_grandchild_holds_stdout");
  CHECK(r.verdict == Verdict::Passed);
  CHECK(r.run.elapsed < std::chrono::milliseconds(20000));  // the grandchild lives 60 s
}

// Not in a kept sandbox: the sleepers write their pids to a file of the host's, which a sandbox
// shows read-only, and those pids would be the sandbox's own. sandbox_test.cpp has the kept
// sandbox's test of the same promise: "a kept sandbox's next run finds nothing of the last".
#if !BLOOM_RUNNER_KEPT
TEST_CASE("fifty sleeping children do not survive the case") {
  testing_support::TempDir dir;
  const fs::path pids = dir.path() / "pids";
  testing_support::write_file(pids, "");
  const auto r = judge_fixture("hostile_fifty_sleepers", {pids.string()});
  CHECK(r.verdict == Verdict::Passed);
  std::ifstream in(pids);
  int count = 0;
  int alive = 0;
  for (int pid = 0; in >> pid; ++count) {
    // an orphan killed by the grader is reaped by init at once; give it a moment
    bool gone = false;
    for (int tries = 0; tries < 50 && !gone; ++tries) {
      gone = ::kill(pid, 0) != 0 || is_zombie(pid);
      if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    alive += gone ? 0 : 1;
  }
  CHECK(count == 50);
  CHECK(alive == 0);
}

#endif

TEST_CASE("a flood of stdout hits the output limit") {
  const auto r = judge_fixture("hostile_flood_stdout");
  CHECK(r.verdict == Verdict::OutputLimit);
  CHECK(r.run.out.size() == test_limits().output_bytes);
}

TEST_CASE("a flood of stderr is kept in part and does not change the verdict") {
  const auto r = judge_fixture("hostile_flood_stderr");
  CHECK(r.verdict == Verdict::Passed);
  CHECK(r.run.err.size() == test_limits().stderr_bytes);
  CHECK(r.run.err_truncated);
}

TEST_CASE("a program that never reads a 1 MB input cannot block the grader") {
  std::string text = "@timeout 5\n";
  for (int i = 0; i < 20000; ++i) text += "> HASH 0 " + std::string(50, 'k') + "\n";
  text += "> HASH 0 bloom\n48ad2c42\n> POSITIONS 1000 4 bloom\n610 395 180 965\n";
  const grader::Case big = grader::parse_case(text, "big", "big.case");
  REQUIRE(big.input_text().size() > 1000000);
  const auto r = judge_fixture("hostile_never_reads", {}, big);
  CHECK(r.verdict == Verdict::Passed);
}

TEST_CASE("a program that closes stdin at once does not kill the grader with SIGPIPE") {
  const auto r = judge_fixture("hostile_closes_stdin");
  CHECK(r.verdict == Verdict::Passed);
}

TEST_CASE("death by a signal is a crash that names the signal") {
  auto r = judge_fixture("hostile_segfault");
  CHECK(r.verdict == Verdict::Crashed);
  CHECK(r.summary == "killed by SIGSEGV (1 of 2 expected lines came)");
  r = judge_fixture("hostile_abort");
  CHECK(r.verdict == Verdict::Crashed);
  CHECK(grader::signal_name(r.run.signal) == "SIGABRT");
  r = judge_fixture("hostile_sigfpe");
  CHECK(r.verdict == Verdict::Crashed);
  CHECK(grader::signal_name(r.run.signal) == "SIGFPE");
}

TEST_CASE("a non-zero exit after right output is an exit-code verdict") {
  const auto r = judge_fixture("hostile_exit_three");
  CHECK(r.verdict == Verdict::ExitCode);
  CHECK(r.run.exit_code == 3);
}

TEST_CASE("no output at all is a no-output verdict") {
  CHECK(judge_fixture("hostile_no_output").verdict == Verdict::NoOutput);
}

TEST_CASE("a missing final newline is accepted") {
  CHECK(judge_fixture("hostile_no_final_newline").verdict == Verdict::Passed);
}

TEST_CASE("NUL bytes and invalid UTF-8 are wrong output, shown visibly") {
  const auto r = judge_fixture("hostile_nul_and_bad_utf8");
  CHECK(r.verdict == Verdict::WrongOutput);
  REQUIRE(r.mismatch);
  CHECK(grader::visible(*r.mismatch->actual) == "48ad\\02c42");
}

TEST_CASE("one 10 MB line is past the output limit") {
  CHECK(judge_fixture("hostile_ten_mb_line").verdict == Verdict::OutputLimit);
}

TEST_CASE("memory allocated without end is stopped by the address-space limit") {
  // the memory limit must end it, not the clock: touching 512 MiB takes seconds on a slow VM
  const auto r = judge_fixture("hostile_allocate_forever", {}, hostile_case(), cpu_only(std::chrono::seconds(60)));
  CHECK(r.verdict == Verdict::MemoryLimit);
  CHECK(grader::signal_name(r.run.signal) == "SIGABRT");  // bad_alloc, then std::terminate
  CHECK(r.summary == "ran out of memory: an allocation failed (std::bad_alloc) under the limit of 512 MiB "
                     "per process (0 of 2 expected lines came)");
}

TEST_CASE("fake success messages on stderr do not fool the verdict") {
  const auto r = judge_fixture("hostile_fake_pass");
  CHECK(r.verdict == Verdict::WrongOutput);
  CHECK(r.run.err.find("1 passed, 0 failed") != std::string::npos);
}

TEST_CASE("a command that does not exist is refused before any case runs") {
  std::string error;
  CHECK_FALSE(grader::resolve_command({"no-such-program-anywhere"}, error));
  CHECK(error == "cannot find \"no-such-program-anywhere\" on PATH");
  CHECK_FALSE(grader::resolve_command({"./no/such/file"}, error));
  CHECK(error == "cannot run \"./no/such/file\": no such file");
}

TEST_CASE("the program runs in a fresh folder with a minimal environment") {
  const grader::Case kase = grader::parse_case("> x\n", "env", "env.case");
  ::setenv("BLOOM_GRADER_SECRET", "instructor's", 1);
  std::string error;
  const auto command = grader::resolve_command({"/bin/sh", "-c", "pwd; env | sort"}, error);
  REQUIRE(command);
  const auto run = grader::run_program(*command, kase.input_text(), test_limits());
  CHECK(run.exit_code == 0);
  CHECK(run.out.find("/bloom-run-") != std::string::npos);
  CHECK(run.out.find("PATH=/usr/local/bin:/usr/bin:/bin") != std::string::npos);
  CHECK(run.out.find("BLOOM_GRADER_SECRET") == std::string::npos);
}

TEST_CASE("a file larger than the file-size limit cannot be written, and the control can") {
  const grader::Case kase = grader::parse_case("> x\n", "fsize", "fsize.case");
  std::string error;
  const auto command = grader::resolve_command(
      {"/bin/sh", "-c", "head -c 2000000 /dev/zero > big; echo $?; wc -c < big"}, error);
  REQUIRE(command);
  grader::Limits limits = test_limits();
  limits.file_bytes = 1 << 20;
  const auto limited = grader::run_program(*command, kase.input_text(), limits);
  CHECK(limited.out == "153\n1048576\n");  // head ended by SIGXFSZ (128 + 25) at 1 MiB
  limits.file_bytes = 4 << 20;
  const auto control = grader::run_program(*command, kase.input_text(), limits);
  CHECK(control.out == "0\n2000000\n");
}

TEST_CASE("after two timeouts the cases not started are skipped, without running, at any --jobs") {
  // At 3 jobs, cases 0, 1 and 2 start together and all three time out: case 2 comes after the
  // second timeout in order, so it is skipped too, as it is one case at a time.
  for (const int jobs : {1, 3}) {
    INFO("jobs ", jobs);
    const std::vector<grader::Case> cases(5, untimed_case());
    grader::GradeOptions options;
    options.limits = test_limits();
    options.timeout = std::chrono::milliseconds(100);  // 0.3 s on the wall clock
    options.skip_after_timeouts = 2;
    options.jobs = jobs;
    const std::atomic<bool> stop{false};
    const std::vector<grader::CaseResult> results =
        grader::grade(cases, fixture("hostile_sleep_forever"), options, stop);
    REQUIRE(results.size() == 5);
    CHECK(results[0].verdict == Verdict::Timeout);
    CHECK(results[1].verdict == Verdict::Timeout);
    for (std::size_t i = 2; i < 5; ++i) {
      CHECK(results[i].verdict == Verdict::Skipped);
      CHECK(results[i].points == 0);
      CHECK(results[i].summary == "not run: 2 cases had timed out already");
      CHECK_FALSE(results[i].run.started);  // never started, or judged as if not
    }
  }
}

TEST_CASE(
    "every visible case runs before any hidden one, and the verdicts stay those of one case at a "
    "time in order") {
  // when each case ran, by the clock, as the program says: its answer
  grader::Case visible =
      grader::parse_case("> HASH 0 bloom\n48ad2c42\n", "order/v", "order/v.case");
  grader::Case hidden = visible;
  hidden.hidden = true;
  const std::vector<grader::Case> mixed = {hidden, visible, hidden, visible, visible};
  grader::GradeOptions options;
  options.limits = test_limits();
  const std::atomic<bool> stop{false};
  const std::vector<grader::CaseResult> clocked =
      grader::grade(mixed, command_for({"/bin/sh", "-c", "date +%s%N"}), options, stop);
  REQUIRE(clocked.size() == mixed.size());
  long long last_visible = 0;
  long long first_hidden = std::numeric_limits<long long>::max();
  for (const grader::CaseResult& result : clocked) {
    REQUIRE_MESSAGE(result.run.exit_code == 0, result.run.err);
    const long long at = std::stoll(result.run.out);
    if (result.kase->hidden) {
      first_hidden = std::min(first_hidden, at);
    } else {
      last_visible = std::max(last_visible, at);
    }
  }
  CHECK(last_visible < first_hidden);
  for (std::size_t i = 0; i < mixed.size(); ++i) CHECK(clocked[i].kase == &mixed[i]);  // in order
  // A visible timeout, a hidden one, then two visible cases: one case at a time in order, the
  // two after the second timeout are skipped, though the first of them ran before the hidden one.
  grader::Case visible_hang = untimed_case();
  grader::Case hidden_hang = untimed_case();
  hidden_hang.hidden = true;
  const std::vector<grader::Case> hangs = {visible_hang, hidden_hang, visible_hang, visible_hang};
  options.timeout = std::chrono::milliseconds(100);  // 0.3 s on the wall clock
  options.skip_after_timeouts = 2;
  const std::vector<grader::CaseResult> results =
      grader::grade(hangs, fixture("hostile_sleep_forever"), options, stop);
  CHECK(results[0].verdict == Verdict::Timeout);
  CHECK(results[1].verdict == Verdict::Timeout);
  CHECK(results[2].verdict == Verdict::Skipped);
  CHECK(results[3].verdict == Verdict::Skipped);
}

TEST_CASE("without skipping, every case of a hanging program runs to its timeout (the control)") {
  const std::vector<grader::Case> cases(3, untimed_case());
  grader::GradeOptions options;
  options.limits = test_limits();
  options.timeout = std::chrono::milliseconds(100);
  const std::atomic<bool> stop{false};
  for (const grader::CaseResult& r : grader::grade(cases, fixture("hostile_sleep_forever"), options, stop)) {
    CHECK(r.verdict == Verdict::Timeout);
  }
}

TEST_CASE("once the run's time budget is spent, the cases not started are skipped") {
  const std::vector<grader::Case> cases(4, untimed_case());
  grader::GradeOptions options;
  options.limits = test_limits();
  options.timeout = std::chrono::milliseconds(100);  // 0.3 s on the wall clock
  options.budget = std::chrono::milliseconds(250);  // the first case starts within it, ends past it
  const std::atomic<bool> stop{false};
  const std::vector<grader::CaseResult> results =
      grader::grade(cases, fixture("hostile_sleep_forever"), options, stop);
  CHECK(results[0].verdict == Verdict::Timeout);
  for (std::size_t i = 1; i < 4; ++i) {
    CHECK(results[i].verdict == Verdict::Skipped);
    CHECK(results[i].summary == "not run: the time budget of 250 ms was spent");
  }
}

TEST_CASE("a case's limit is 10 times the reference's CPU time, at least 5 s; @timeout, then --timeout, win") {
  using std::chrono::milliseconds;
  grader::Case kase = grader::parse_case("> x\nx\n", "plain", "plain.case");  // no @timeout
  CHECK(grader::case_time_limit(kase, std::nullopt) == milliseconds(10000));  // recorded without a time
  CHECK(grader::case_time_limit(kase, std::nullopt) == grader::kUntimedLimit);
  kase.reference_seconds = 0.003;
  CHECK(grader::case_time_limit(kase, std::nullopt) == milliseconds(5000));  // the floor
  kase.reference_seconds = 0.75;
  CHECK(grader::case_time_limit(kase, std::nullopt) == milliseconds(7500));
  CHECK(grader::case_time_limit(kase, milliseconds(700)) == milliseconds(700));  // --timeout
  kase.timeout_seconds = 1.5;
  CHECK(grader::case_time_limit(kase, milliseconds(700)) == milliseconds(1500));  // @timeout
}

TEST_CASE("grading takes each case's limit from case_time_limit: the reference's 5 s, or --timeout over it") {
  // The limit grading applies is the rule's and nothing else's: whatever time options.limits
  // holds is not read. A program answering after 1 s passes within its reference time's 5 s;
  // the control: --timeout 0.3 s over the same case stops it.
  grader::Case timed = grader::parse_case("> HASH 0 bloom\n48ad2c42\n", "timed", "timed.case");
  std::string error;
  const auto slow = grader::resolve_command({"/bin/sh", "-c", "sleep 1; echo 48ad2c42"}, error);
  REQUIRE_MESSAGE(slow, error);
  grader::GradeOptions options;
  options.limits = test_limits();
  options.limits.set_time(std::chrono::milliseconds(300));  // not read
  const std::atomic<bool> stop{false};
  timed.reference_seconds = 0.002;
  CHECK(grader::grade({timed}, *slow, options, stop)[0].verdict == Verdict::Passed);
  options.timeout = std::chrono::milliseconds(300);
  const grader::CaseResult control = grader::grade({timed}, *slow, options, stop)[0];
  CHECK(control.verdict == Verdict::Timeout);
  CHECK(control.summary.starts_with("no answer at all within 0.9 s of wall-clock time (using 0 s of CPU)"));
}

TEST_CASE("a recorded reference time stays unless a new one changes the limit and is off by over 2x") {
  CHECK_FALSE(grader::reference_time_stale(0.003, 0.009));  // both under the floor: the same limit
  CHECK_FALSE(grader::reference_time_stale(0.003, 0.150));
  CHECK_FALSE(grader::reference_time_stale(0.003, 0.400));  // 4 s and 5 s: both the floor
  CHECK(grader::reference_time_stale(0.003, 0.800));        // 8 s instead of 5 s
  CHECK_FALSE(grader::reference_time_stale(0.8, 1.5));  // a 1.9x change: noise between machines
  CHECK(grader::reference_time_stale(0.8, 1.7));
  CHECK(grader::reference_time_stale(1.7, 0.8));
  CHECK_FALSE(grader::reference_time_stale(0.8, 0.8));
}


TEST_CASE("after a case hangs at a command, the cases that send it are skipped, and the others run") {
  std::vector<grader::Case> cases;
  for (const char* text : {"> HASH 0 a\nx\n", "> SIZE 1 0.5\nok\n", "> SIZE 1 0.5\nok\n> HASH 1 b\ny\n", "> BITS\nok\n"}) {
    cases.push_back(grader::parse_case(text, "dir/c" + std::to_string(cases.size()), "c.case"));
  }
  std::string error;
  const auto hangs_at_hash = grader::resolve_command(
      {"/bin/sh", "-c", "while read l; do case \"$l\" in HASH*) exec sleep 30;; *) echo ok;; esac; done"}, error);
  REQUIRE_MESSAGE(hangs_at_hash, error);
  for (const int jobs : {1, 3}) {
    CAPTURE(jobs);
    grader::GradeOptions options;
    options.limits = test_limits();
    options.timeout = std::chrono::milliseconds(167);  // 0.5 s on the wall clock
    options.jobs = jobs;
    options.skip_hung_commands = true;
    const std::atomic<bool> stop{false};
    const std::vector<grader::CaseResult> results = grader::grade(cases, *hangs_at_hash, options, stop);
    CHECK(results[0].verdict == Verdict::Timeout);
    CHECK(results[1].verdict == Verdict::Passed);
    CHECK(results[2].verdict == Verdict::Skipped);
    CHECK(results[2].summary == "not run: it sends HASH, which a case before it hung at");
    CHECK(results[3].verdict == Verdict::Passed);
  }
}
