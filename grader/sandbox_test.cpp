// The sandbox's contracts that the escape catalogue (tests/sandbox_test.py) does not pin down
// one by one: what a command is shown, the refusal, and who a confined program is.
#include "sandbox.hpp"

#include <doctest/doctest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>

namespace {

grader::Command command_of(std::string executable, std::vector<std::string> args) {
  grader::Command command;
  command.executable = std::move(executable);
  command.args = std::move(args);
  return command;
}

}  // namespace

TEST_CASE("a command sees its executable's folder and each file argument's, never /usr twice") {
  const auto bindings = grader::bindings_for(
      command_of("/srv/sub/build/bloom", {"/srv/sub/data/keys.txt", "--fast", "/srv/sub/build/x", "/usr/share/dict"}));
  REQUIRE(bindings.size() == 2);
  CHECK(bindings[0].source == "/srv/sub/build");
  CHECK(bindings[0].at == "/srv/sub/build");
  CHECK_FALSE(bindings[0].writable);
  CHECK(bindings[1].source == "/srv/sub/data");
  CHECK(grader::bindings_for(command_of("/usr/bin/python3", {})).empty());
}

TEST_CASE("without bubblewrap the sandbox refuses and names the package") {
  ::setenv("BLOOM_BWRAP", "/nonexistent/bwrap", 1);
  std::string problem;
  const auto sandbox = grader::Sandbox::open({}, problem);
  ::unsetenv("BLOOM_BWRAP");
  CHECK(sandbox == nullptr);
  CHECK(problem == "bubblewrap is not installed (Debian: sudo apt-get install bubblewrap)");
}

TEST_CASE("the users sandbox runs a program as a slot uid, and only a root grader may use it") {
  grader::SandboxOptions options;
  options.kind = grader::SandboxKind::users;
  options.slots = 2;
  std::string problem;
  const auto sandbox = grader::Sandbox::open(options, problem);
  if (::geteuid() != 0) {
    CHECK(sandbox == nullptr);
    CHECK(problem.find("needs the grader to run as root") != std::string::npos);
    return;
  }
  REQUIRE_MESSAGE(sandbox != nullptr, problem);
  // a folder the slot uids cannot enter is refused by name before anything runs
  CHECK(sandbox->unreachable({{"/usr/bin", "/usr/bin", false}}).empty());
  struct stat root_home {};
  REQUIRE(::stat("/root", &root_home) == 0);
  const std::string why = sandbox->unreachable({{"/root/kit/build", "/root/kit/build", false}});
  if ((root_home.st_mode & S_IXOTH) == 0) {  // Debian's 0700
    CHECK(why.find("cannot enter /root;") != std::string::npos);
  } else {
    CHECK(why.empty());
  }
  const grader::RunResult run = grader::run_program(
      sandbox->wrap({"/bin/sh", "-c", "id -u; id -G; cat /proc/self/limits"}, {}, {}, "id"), "", {});
  REQUIRE(run.started);
  CHECK(run.exit_code == 0);
  std::istringstream lines(run.out);
  unsigned uid = 0;
  std::string groups;
  lines >> uid;
  lines.ignore(1);
  std::getline(lines, groups);
  std::string processes;
  std::string files;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line.substr(std::min<std::size_t>(line.size(), 26)));
    if (line.rfind("Max processes", 0) == 0) fields >> processes;
    if (line.rfind("Max open files", 0) == 0) fields >> files;
  }
  CHECK(uid >= options.first_uid);
  CHECK(uid < options.first_uid + 1000);
  CHECK(groups == std::to_string(options.first_uid));  // no supplementary group of root's
  CHECK(processes == std::to_string(options.processes));
  CHECK(files == std::to_string(options.open_files));
}

TEST_CASE("a program sees the same environment in the namespaces sandbox as outside it") {
  // Anything a tool keys on (ccache hashes LANG and LC_ALL) must be the same in both, or the
  // build cache that batch --starter fills outside misses on every build inside.
  std::string problem;
  const auto sandbox = grader::Sandbox::open({}, problem);
  REQUIRE_MESSAGE(sandbox != nullptr, problem);
  const auto environment = [](const grader::RunResult& run) {
    std::map<std::string, std::string> variables;
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);) {
      const std::size_t equals = line.find('=');
      variables[line.substr(0, equals)] = line.substr(equals + 1);
    }
    return variables;
  };
  std::string error;
  const auto open = grader::resolve_command({"/usr/bin/env"}, error);
  REQUIRE(open);
  const auto outside = environment(grader::run_program(*open, "", {}));
  const auto inside = environment(grader::run_program(sandbox->wrap({"/usr/bin/env"}, {}, {}, "env"), "", {}));
  REQUIRE(outside.count("LC_ALL") == 1);
  for (const auto& [name, value] : outside) {
    CAPTURE(name);
    REQUIRE(inside.count(name) == 1);
    if (name != "HOME" && name != "TMPDIR") CHECK(inside.at(name) == value);  // each its own folder
  }
}

TEST_CASE("in the namespaces sandbox a signal is the program's own, and an exit status stays one") {
  // bubblewrap itself would turn a program killed by SIGSEGV into one that exited with 139
  std::string problem;
  const auto sandbox = grader::Sandbox::open({}, problem);
  REQUIRE_MESSAGE(sandbox != nullptr, problem);
  const auto run = [&](const std::string& script) {
    return grader::run_program(sandbox->wrap({"/bin/sh", "-c", script}, {}, {}, script), "", {});
  };
  const grader::RunResult segfault = run("kill -SEGV $$");
  CHECK(segfault.signal == SIGSEGV);
  CHECK(segfault.exit_code == 0);
  const grader::RunResult xfsz = run("ulimit -f 1; exec head -c 4096 /dev/zero > /tmp/big");
  CHECK(xfsz.signal == SIGXFSZ);
  const grader::RunResult exited = run("exit 139");
  CHECK(exited.signal == 0);
  CHECK(exited.exit_code == 139);
}

TEST_CASE("a sandboxed run's CPU time is all of its processes', in both kinds") {
  // Two children of 0.6 s each pass a limit of 1 s together (counted by the slot's cgroup, or
  // the run's process tree); two of 0.3 s, the control, do not.
  std::vector<grader::SandboxKind> kinds = {grader::SandboxKind::namespaces};
  if (::geteuid() == 0) kinds.push_back(grader::SandboxKind::users);
  for (const grader::SandboxKind kind : kinds) {
    CAPTURE(grader::sandbox_flag(kind));
    grader::SandboxOptions options;
    options.kind = kind;
    std::string problem;
    const auto sandbox = grader::Sandbox::open(options, problem);
    REQUIRE_MESSAGE(sandbox != nullptr, problem);
    grader::Limits limits;
    limits.cpu = std::chrono::milliseconds(1000);
    limits.wall = std::chrono::milliseconds(120000);  // a loaded machine may take long
    const auto busy = [&](const std::string& seconds) {
      const std::string program = std::string(BLOOM_FIXTURES_DIR) + "/hostile_busy_children";
      grader::Command open = command_of(program, {"2", seconds});
      return grader::run_program(
          sandbox->wrap({program, "2", seconds}, grader::bindings_for(open), {}, "busy"), "", limits);
    };
    const grader::RunResult over = busy("0.6");
    CHECK(over.timed_out);
    CHECK(over.cpu_limited);
    const grader::RunResult under = busy("0.3");
    CHECK_FALSE(under.timed_out);
    CHECK(under.exit_code == 0);
    CHECK(under.cpu >= std::chrono::milliseconds(600));
  }
}
