// bloom-grader as a student and an instructor run it: a real process, real files.
#include <doctest/doctest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "spawn.hpp"

namespace {

using testing_support::Finished;
using testing_support::read_file;
using testing_support::TempDir;

Finished grader_run(std::vector<std::string> args) {
  args.insert(args.begin(), BLOOM_GRADER_BINARY);
  return testing_support::run_text_input(args, "");
}

// The options that let an ASan-built bloom-reference start (it needs terabytes of address
// space for its shadow memory) while every other test keeps the default limit.
std::vector<std::string> with_reference(std::vector<std::string> args) {
  if (BLOOM_SANITIZED) {
    args.insert(args.begin() + 1, {"--memory", "0"});
  }
  args.insert(args.end(), {"--", BLOOM_REFERENCE_BINARY});
  return args;
}

std::string last_line(const std::string& text) {
  const std::size_t end = text.find_last_not_of('\n');
  const std::size_t start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1, end - start);
}

const std::string kSuite = BLOOM_GRADER_TESTDATA "/suite";

}  // namespace

TEST_CASE("the reference passes the suite: exit 0, the score, then N passed, N failed") {
  const Finished f = grader_run(with_reference({"run", "--cases", kSuite}));
  CHECK(f.exit_code == 0);
  CHECK(f.out.find("PASS  bip37/worked-example") != std::string::npos);
  CHECK(f.out.find("score 6/6 points (3 cases, 1 to 3 points each; a case passed scores all of its "
                   "points, a case failed none)\n3 passed, 0 failed\n") != std::string::npos);
  CHECK(last_line(f.out) == "3 passed, 0 failed");
  CHECK(f.out.find("\x1b[") == std::string::npos);  // no colour when stdout is not a terminal
}

TEST_CASE("a wrong program fails with exit 1 and a report that shows where and what") {
  const Finished f = grader_run({"run", "--cases", kSuite, "--", BLOOM_FIXTURES_DIR "/hostile_fake_pass"});
  CHECK(f.exit_code == 1);
  CHECK(last_line(f.out) == "0 passed, 3 failed");
  CHECK(f.out.find("score 0/6") != std::string::npos);
  // the failed hash case: file and line of the expectation, the command, expected and actual
  CHECK(f.out.find(kSuite + "/hash-bloom.case:3: wrong-output: answer 1 differs") != std::string::npos);
  CHECK(f.out.find("sent:     > HASH 0 bloom\n") != std::string::npos);
  CHECK(f.out.find("expected: 48ad2c42\n") != std::string::npos);
  CHECK(f.out.find("actual:   00000000\n") != std::string::npos);
  CHECK(f.out.find("            ^\n") != std::string::npos);
  CHECK(f.out.find("| 1 passed, 0 failed") != std::string::npos);  // its stderr, quoted
  CHECK(f.out.find("hint: lesson 000") != std::string::npos);
  // a hidden case shows no input and no expected output
  CHECK(f.out.find("INIT 9 0.01") == std::string::npos);
  CHECK(f.out.find("hidden case: wrong-output") != std::string::npos);
}

TEST_CASE("--filter picks cases by name and --jobs does not change the report") {
  const Finished one = grader_run(with_reference({"run", "--cases", kSuite, "--filter", "bip37/*", "--jobs", "1"}));
  const Finished two = grader_run(with_reference({"run", "--cases", kSuite, "--filter", "bip37/*", "--jobs", "2"}));
  CHECK(one.exit_code == 0);
  CHECK(last_line(one.out) == "2 passed, 0 failed");
  // timings differ from run to run; everything else is the same
  const auto without_times = [](std::string text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '(' && text.find(" ms)", i) != std::string::npos) {
        i = text.find(')', i);
        continue;
      }
      out += text[i];
    }
    return out;
  };
  CHECK(without_times(one.out) == without_times(two.out));
}

TEST_CASE("a malformed case file stops the grader with file:line: error: and exit 2") {
  const Finished f = grader_run(with_reference({"run", "--cases", BLOOM_GRADER_TESTDATA "/bad"}));
  CHECK(f.exit_code == 2);
  CHECK(f.err == BLOOM_GRADER_TESTDATA
        "/bad/late-directive.case:3: error: directives go at the top, before the first \"> \" "
        "line\n");
}

TEST_CASE("a program that cannot be found, bad options and no cases exit 2") {
  Finished f = grader_run({"run", "--cases", kSuite, "--", "no-such-program-anywhere"});
  CHECK(f.exit_code == 2);
  CHECK(f.err == "bloom-grader: error: cannot find \"no-such-program-anywhere\" on PATH\n");
  f = grader_run({"run", "--report", "pdf", "--cases", kSuite, "--", "true"});
  CHECK(f.exit_code == 2);
  CHECK(f.err.find("unknown format \"pdf\"") != std::string::npos);
  f = grader_run({"run", "--cases", kSuite, "--filter", "nothing*", "--", "true"});
  CHECK(f.exit_code == 2);
  f = grader_run({"run", "--cases", kSuite});
  CHECK(f.exit_code == 2);
  f = grader_run({});
  CHECK(f.exit_code == 2);
}

TEST_CASE("--help works for the program and for run") {
  Finished f = grader_run({"--help"});
  CHECK(f.exit_code == 0);
  CHECK(f.out.find("run") != std::string::npos);
  f = grader_run({"run", "--help"});
  CHECK(f.exit_code == 0);
  CHECK(f.out.find("--report") != std::string::npos);
}

TEST_CASE("several reports are written at once, each to its own file") {
  TempDir dir;
  const std::string json = (dir.path() / "r.json").string();
  const std::string gradescope = (dir.path() / "results.json").string();
  const std::string junit = (dir.path() / "junit.xml").string();
  const Finished f = grader_run({"run", "--cases", kSuite, "--report", "json:" + json, "--report",
                                 "gradescope:" + gradescope, "--report", "junit:" + junit, "--report",
                                 "text", "--", BLOOM_FIXTURES_DIR "/hostile_fake_pass"});
  CHECK(f.exit_code == 1);
  CHECK(last_line(f.out) == "0 passed, 3 failed");

  const auto report = nlohmann::json::parse(read_file(json));
  CHECK(report["summary"]["cases"] == 3);
  CHECK(report["summary"]["failed"] == 3);
  CHECK(report["summary"]["max_score"] == 6);
  const auto& hash_case = report["cases"][2];
  CHECK(hash_case["name"] == "suite/hash-bloom");
  CHECK(hash_case["verdict"] == "wrong-output");
  CHECK(hash_case["mismatch"]["command"] == "HASH 0 bloom");
  CHECK(hash_case["mismatch"]["case_line"] == 3);
  CHECK(hash_case["mismatch"]["expected"] == "48ad2c42");
  CHECK(hash_case["mismatch"]["actual"] == "00000000");
  CHECK(hash_case["exit_code"] == 0);
  CHECK(hash_case["signal"].is_null());
  CHECK(report["cases"][0]["mismatch"].is_null());  // hidden: nothing of its content

  const auto results = nlohmann::json::parse(read_file(gradescope));
  CHECK(results["score"] == 0);
  CHECK(results["tests"].size() == 3);
  CHECK(results["tests"][0]["visibility"] == "hidden");
  CHECK(results["tests"][1]["visibility"] == "visible");
  CHECK(results["tests"][1]["max_score"] == 2);
  CHECK(results["tests"][1]["status"] == "failed");

  const std::string xml = read_file(junit);
  CHECK(xml.find("<testsuite name=\"bloom-grader\" tests=\"3\" failures=\"3\"") != std::string::npos);
  CHECK(xml.find("<testcase classname=\"cases.bip37\" name=\"worked-example\"") != std::string::npos);
  CHECK(xml.find("<failure type=\"wrong-output\"") != std::string::npos);
}

TEST_CASE("--show-hidden gives the instructor a hidden failure in full, never in Gradescope's") {
  TempDir dir;
  const std::string json = (dir.path() / "r.json").string();
  const std::string gradescope = (dir.path() / "results.json").string();
  const std::string junit = (dir.path() / "junit.xml").string();
  const Finished f = grader_run({"run", "--show-hidden", "--cases", kSuite, "--filter",
                                 "bip37/hidden-*", "--report", "text", "--report", "json:" + json,
                                 "--report", "junit:" + junit, "--report",
                                 "gradescope:" + gradescope, "--",
                                 BLOOM_FIXTURES_DIR "/hostile_fake_pass"});
  CHECK(f.exit_code == 1);
  CHECK(f.out.find("hidden case, shown in full (--show-hidden)") != std::string::npos);
  CHECK(f.out.find("hidden-sizing.case:5: wrong-output") != std::string::npos);
  CHECK(f.out.find("sent:     > INIT 9 0.01\n") != std::string::npos);
  CHECK(f.out.find("expected: bytes=10 hashes=5\n") != std::string::npos);

  const auto report = nlohmann::json::parse(read_file(json));
  CHECK(report["cases"][0]["hidden"] == true);
  CHECK(report["cases"][0]["mismatch"]["command"] == "INIT 9 0.01");
  CHECK(report["cases"][0]["mismatch"]["expected"] == "bytes=10 hashes=5");
  CHECK(read_file(junit).find("INIT 9 0.01") != std::string::npos);
  // what Gradescope holds is the student's result: the hidden case's lines never go there
  const std::string results = read_file(gradescope);
  CHECK(results.find("INIT 9 0.01") == std::string::npos);
  CHECK(results.find("bytes=10") == std::string::npos);
  CHECK(results.find("hidden case: wrong-output") != std::string::npos);
}

TEST_CASE("record that cannot write a case file says which and exits 2, and says no 'recorded'") {
  const TempDir dir;
  const std::filesystem::path kase = dir.path() / "one.case";
  testing_support::write_file(kase, "> HASH 0 bloom\nwrong\n");
  std::filesystem::create_directory(kase.string() + ".tmp");  // the write's temporary: not a file
  const Finished refused = grader_run(with_reference({"record", "--cases", kase.string()}));
  CHECK(refused.exit_code == 2);
  CHECK(refused.err == kase.string() + ": error: cannot write: Is a directory\n");
  CHECK(refused.out.find("recorded") == std::string::npos);
  CHECK(read_file(kase) == "> HASH 0 bloom\nwrong\n");  // nothing lost
  std::filesystem::remove(kase.string() + ".tmp");  // the control: the same record writes
  const Finished recorded = grader_run(with_reference({"record", "--cases", kase.string()}));
  CHECK(recorded.exit_code == 0);
  CHECK(read_file(kase) == "> HASH 0 bloom\n48ad2c42\n");
}

TEST_CASE("a case file the grader may not read is an error naming it, exit 2, not a crash") {
  const TempDir dir;
  std::filesystem::permissions(dir.path(), std::filesystem::perms::all);  // others may enter
  const std::filesystem::path kase = dir.path() / "locked.case";
  testing_support::write_file(kase, "> HASH 0 a\n3c2569b2\n");
  std::vector<std::string> args = {BLOOM_GRADER_BINARY, "run", "--cases", kase.string(), "--",
                                   "/bin/cat"};
  if (::geteuid() == 0) {  // root reads anything: run as an ordinary user
    args.insert(args.begin(), {"/usr/bin/setpriv", "--reuid", "4242", "--regid", "4242",
                               "--clear-groups"});
  }
  std::filesystem::permissions(kase, std::filesystem::perms::none);
  const Finished refused = testing_support::run_text_input(args, "");
  CHECK(refused.exit_code == 2);
  CHECK(refused.err == kase.string() + ": error: cannot read: Permission denied\n");
  std::filesystem::permissions(kase, std::filesystem::perms::owner_read | std::filesystem::perms::others_read);
  const Finished control = testing_support::run_text_input(args, "");  // readable: it runs
  CHECK(control.exit_code == 1);
}
