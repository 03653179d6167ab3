// The sandbox's contracts that the escape catalogue (tests/sandbox_test.py) does not pin down
// one by one: what a command is shown, the refusals, who a confined program is, the ids it
// takes, and what is left after a run.
#include "sandbox.hpp"

#include <doctest/doctest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "kept.hpp"
#include "spawn.hpp"

namespace {

namespace fs = std::filesystem;

grader::Command command_of(std::string executable, std::vector<std::string> args) {
  grader::Command command;
  command.executable = std::move(executable);
  command.args = std::move(args);
  return command;
}

// A users-kind sandbox of `slots`, or null (with the test told why) when the grader is not root.
std::shared_ptr<grader::Sandbox> users_sandbox(int slots, grader::SandboxIds ids = {}) {
  grader::SandboxOptions options;
  options.kind = grader::SandboxKind::users;
  options.slots = slots;
  options.ids = ids;
  std::string problem;
  auto sandbox = grader::Sandbox::open(options, problem);
  if (::geteuid() != 0) {
    CHECK(sandbox == nullptr);
    CHECK(problem.find("needs the grader to run as root") != std::string::npos);
    return nullptr;
  }
  REQUIRE_MESSAGE(sandbox != nullptr, problem);
  return sandbox;
}

grader::RunResult run_shell(const grader::Sandbox& sandbox, const std::string& script) {
  grader::Limits limits;
  limits.wall = std::chrono::milliseconds(20000);
  return grader::run_program(sandbox.wrap({"/bin/sh", "-c", script}, {}, {}, "sh"), "", limits);
}

// The value of `key` in /proc/PID/status as the shell printed it ("key: value" lines).
std::string field(const std::string& text, const std::string& key) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(key + ":", 0) == 0) {
      const std::size_t value = line.find_first_not_of(" \t", key.size() + 1);
      return value == std::string::npos ? "" : line.substr(value);
    }
  }
  return "<no " + key + ">";
}

// A bubblewrap that says it is `version` and prints `help` (bubblewrap's own usage text, from
// its source at that release), and does nothing else.
class FakeBwrap {
 public:
  FakeBwrap(const std::string& version, const std::string& help_file) {
    testing_support::write_file(folder_.path() / "bwrap", "#!/bin/sh\ncase $1 in\n  --version) echo 'bubblewrap " +
                                                              version + "';;\n  --help) cat '" + help_file +
                                                              "';;\n  *) exit 1;;\nesac\n");
    fs::permissions(folder_.path() / "bwrap", fs::perms::owner_all);
    ::setenv("BLOOM_BWRAP", (folder_.path() / "bwrap").c_str(), 1);
  }
  ~FakeBwrap() { ::unsetenv("BLOOM_BWRAP"); }
  FakeBwrap(const FakeBwrap&) = delete;
  FakeBwrap& operator=(const FakeBwrap&) = delete;

 private:
  testing_support::TempDir folder_;
};

std::string refusal_of(const std::string& version) {
  const FakeBwrap fake(version, std::string(BLOOM_GRADER_TESTDATA) + "/bwrap/" + version + "-help.txt");
  std::string problem;
  CHECK(grader::Sandbox::open({}, problem) == nullptr);
  return problem;
}

}  // namespace

TEST_CASE("a command sees its executable and each file argument, not the folders that hold them") {
  const auto bindings = grader::bindings_for(
      command_of("/srv/sub/build/bloom", {"/srv/sub/data/keys.txt", "--fast", "/srv/sub/build/x", "/usr/share/dict"}));
  // /srv/sub/... do not exist here: only the executable is bound, whatever it is
  REQUIRE(bindings.size() == 1);
  CHECK(bindings[0].source == "/srv/sub/build/bloom");
  CHECK(bindings[0].at == "/srv/sub/build/bloom");
  CHECK_FALSE(bindings[0].writable);
  CHECK(grader::bindings_for(command_of("/usr/bin/python3", {})).empty());

  testing_support::TempDir folder;
  testing_support::write_file(folder.path() / "bloom.py", "print('hi')\n");
  testing_support::write_file(folder.path() / "helper.py", "\n");
  const std::string script = (folder.path() / "bloom.py").string();
  const auto shown = grader::bindings_for(command_of("/usr/bin/python3", {script}));
  REQUIRE(shown.size() == 1);
  CHECK(shown[0].source == script);  // the script alone, not helper.py beside it
  const auto asked = grader::bindings_for(command_of("/usr/bin/python3", {script}), {folder.path()});
  REQUIRE(asked.size() == 2);  // --sandbox-read adds what it names
  CHECK(asked[1].source == folder.path());
}

TEST_CASE("--sandbox-uids takes FIRST-LAST and refuses root and reversed ranges") {
  grader::SandboxIds ids;
  CHECK(grader::parse_sandbox_ids("70000-70099", ids).empty());
  CHECK(ids.first == 70000);
  CHECK(ids.count == 100);
  CHECK(grader::parse_sandbox_ids("70000", ids) == "--sandbox-uids needs FIRST-LAST, for example 60000-60999, got \"70000\"");
  CHECK(grader::parse_sandbox_ids("0-10", ids).find("0 is root") != std::string::npos);
  CHECK(grader::parse_sandbox_ids("20-10", ids).find("1 <= FIRST <= LAST") != std::string::npos);
  CHECK(grader::parse_sandbox_ids("1-2x", ids).find("needs FIRST-LAST") != std::string::npos);
}

TEST_CASE("without bubblewrap the sandbox refuses and names the package") {
  ::setenv("BLOOM_BWRAP", "/nonexistent/bwrap", 1);
  std::string problem;
  const auto sandbox = grader::Sandbox::open({}, problem);
  ::unsetenv("BLOOM_BWRAP");
  CHECK(sandbox == nullptr);
  CHECK(problem == "bubblewrap is not installed (Debian: sudo apt-get install bubblewrap)");
}

// The releases Gradescope's Ubuntu 22.04 image (0.6.1) and Debian 11 (0.4.1) carry; their usage
// texts are bubblewrap.c's usage() at tags v0.6.1 and v0.4.1 (github.com/containers/bubblewrap).
TEST_CASE("too old a bubblewrap is refused with what it lacks and the release needed") {
  CHECK(refusal_of("0.6.1") ==
        "bubblewrap 0.6.1 is too old: the sandbox needs bubblewrap 0.7.0 or newer (Debian 12, "
        "Ubuntu 24.04), and this one lacks --size (0.7.0: a size on each tmpfs the program may "
        "write); install a newer one (BLOOM_BWRAP names it), or use --sandbox-users as root");
  CHECK(refusal_of("0.4.1") ==
        "bubblewrap 0.4.1 is too old: the sandbox needs bubblewrap 0.7.0 or newer (Debian 12, "
        "Ubuntu 24.04), and this one lacks --clearenv (0.5.0: nothing of the grader's environment "
        "inside), --size (0.7.0: a size on each tmpfs the program may write); install a newer "
        "one (BLOOM_BWRAP names it), or use --sandbox-users as root");
}

TEST_CASE("the users sandbox runs a program as a slot uid with a group of its own, no way back to root, and a new session") {
  const auto sandbox = users_sandbox(2);
  if (!sandbox) return;
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
  const grader::RunResult run = run_shell(
      *sandbox, "id -u; id -G; cat /proc/self/limits; cat /proc/$$/status; echo \"Session: "
                "$(cut -d' ' -f6 /proc/$$/stat) of $$\"; echo \"Home: $HOME $TMPDIR $(pwd) $(stat -c '%u %a' .)\"; "
                "mkdir -p \"$TMPDIR/kept/deeper\" && echo for-the-next-run > \"$TMPDIR/kept/deeper/x\"");
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
  const grader::SandboxOptions defaults;
  CHECK(uid >= defaults.ids.first);
  CHECK(uid < defaults.ids.first + defaults.ids.count);
  // its own group, and the sandbox's for the folders handed over: no group of root's
  std::istringstream group_list(groups);
  unsigned primary = 0;
  unsigned handed = 0;
  group_list >> primary >> handed;
  CHECK(primary == uid);
  CHECK(handed >= defaults.ids.first);
  CHECK(handed != uid);
  CHECK(group_list.rdbuf()->in_avail() == 0);
  CHECK(processes == std::to_string(defaults.processes));
  CHECK(files == std::to_string(defaults.open_files));
  CHECK(field(run.out, "CapBnd") == "0000000000000000");
  CHECK(field(run.out, "CapAmb") == "0000000000000000");
  CHECK(field(run.out, "NoNewPrivs") == "1");
  CHECK(field(run.out, "Seccomp") == "2");  // a filter
  CHECK(field(run.out, "Umask") == "0007");
  const std::string session = field(run.out, "Session");  // "SID of PID": its own session
  CHECK(session.substr(0, session.find(' ')) == session.substr(session.rfind(' ') + 1));
  // HOME, TMPDIR and the working folder: one folder of its own (uid, mode 700), gone after
  std::istringstream home(field(run.out, "Home"));
  std::string home_path, tmpdir, pwd, owner, mode;
  home >> home_path >> tmpdir >> pwd >> owner >> mode;
  CHECK(tmpdir == home_path);
  CHECK(pwd == home_path);
  CHECK(owner == std::to_string(uid));
  CHECK(mode == "700");
  CHECK_FALSE(fs::exists(home_path));  // with what the run left in it
}

TEST_CASE("what a users-kind run leaves in the shared temporary folders is removed, as the slot uid, links not followed") {
  const auto sandbox = users_sandbox(1);
  if (!sandbox) return;
  // a file root owns, which a link left in /tmp points at, in a folder of root's the run may write
  testing_support::TempDir kept;
  fs::permissions(kept.path(), fs::perms::all);
  testing_support::write_file(kept.path() / "victim", "root's\n");
  const std::string tag = "bloom-leftover-" + std::to_string(::getpid());
  const grader::RunResult run = run_shell(
      *sandbox, "set -e; echo a > /tmp/" + tag + "-file; mkdir -p /tmp/" + tag + "-dir/deep/er; "
                "echo b > /tmp/" + tag + "-dir/deep/er/x; ln -s " + (kept.path() / "victim").string() +
                " /tmp/" + tag + "-link; ln -s " + kept.path().string() + " /tmp/" + tag + "-dirlink; "
                "echo c > /var/tmp/" + tag + "; echo d > /dev/shm/" + tag + "; "
                "touch '/tmp/" + tag + "\nbloom-run-look-alike'; echo e > " + (kept.path() / "mine").string() +
                "; echo done");
  REQUIRE(run.started);
  REQUIRE_MESSAGE(run.out == "done\n", run.err);
  for (const std::string& path : {"/tmp/" + tag + "-file", "/tmp/" + tag + "-dir", "/tmp/" + tag + "-link",
                                 "/tmp/" + tag + "-dirlink", "/var/tmp/" + tag, "/dev/shm/" + tag,
                                 "/tmp/" + tag + "\nbloom-run-look-alike"}) {
    CAPTURE(path);
    CHECK_FALSE(fs::exists(fs::symlink_status(path)));
  }
  CHECK(testing_support::read_file(kept.path() / "victim") == "root's\n");  // not followed
  // in a world-writable folder of root's in /tmp: what the run wrote goes, the folder stays
  CHECK(fs::exists(kept.path()));
  CHECK_FALSE(fs::exists(kept.path() / "mine"));
}

namespace {

// The processes whose real uid is `uid`, zombies too; and those running `sleep SECONDS`.
std::vector<pid_t> processes_where(const std::function<bool(const fs::path&)>& matches) {
  std::vector<pid_t> found;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    if (matches(entry.path())) found.push_back(std::atoi(name.c_str()));
  }
  return found;
}

std::vector<pid_t> processes_of(unsigned uid) {
  return processes_where([uid](const fs::path& process) {
    return field(testing_support::read_file(process / "status"), "Uid")
               .rfind(std::to_string(uid) + "\t", 0) == 0;
  });
}

std::vector<pid_t> sleepers(const std::string& seconds) {
  return processes_where([&](const fs::path& process) {
    return testing_support::read_file(process / "cmdline") ==
           std::string("sleep\0", 6) + seconds + '\0';
  });
}

}  // namespace

TEST_CASE(
    "what a users-kind run leaves, setsid orphans, a zombie and files in its own folder, is gone "
    "before its slot is taken again") {
  const auto sandbox = users_sandbox(1);
  if (!sandbox) return;
  const std::string seconds = std::to_string(3000 + ::getpid() % 1000);  // names the sleepers
  // two orphans in sessions of their own, one of which never reaps its exited child
  const std::string leave = "setsid sleep " + seconds + " & (setsid sh -c 'sleep 0 & exec sleep " +
                            seconds + "' &); sleep 0.5; ";
  const grader::RunResult left =
      run_shell(*sandbox, "id -u; echo \"$HOME\"; mkdir \"$HOME/d\"; echo x > \"$HOME/d/f\"; " +
                              leave + "echo done");
  REQUIRE_MESSAGE(left.out.find("done\n") != std::string::npos, left.err);
  std::istringstream said(left.out);
  unsigned uid = 0;
  std::string home;
  said >> uid >> home;
  REQUIRE(uid != 0);
  CHECK(processes_of(uid).empty());
  CHECK(sleepers(seconds).empty());
  CHECK_FALSE(fs::exists(home));
  // a run that leaves nothing: its empty folder goes too
  const grader::RunResult quiet = run_shell(*sandbox, "echo \"$HOME\"");
  REQUIRE_MESSAGE(quiet.exit_code == 0, quiet.err);
  CHECK(quiet.out.rfind(home.substr(0, home.rfind('-') + 1), 0) == 0);  // the same slot's folder
  CHECK_FALSE(fs::exists(quiet.out.substr(0, quiet.out.size() - 1)));
  // the control: run without the sandbox, the orphans outlive the run (the runner ends its
  // process group alone), and the zombie's parent stays
  grader::Limits limits;
  limits.wall = std::chrono::milliseconds(20000);
  const grader::RunResult outside =
      grader::run_program(command_of("/bin/sh", {"-c", leave + "echo done"}), "", limits);
  CHECK(outside.out == "done\n");
  const std::vector<pid_t> survivors = sleepers(seconds);
  CHECK(survivors.size() == 2);
  for (const pid_t pid : survivors) ::kill(pid, SIGKILL);
  // orphans, and the zombie: this test is their subreaper (Sandbox::open)
  while (::waitpid(-1, nullptr, WNOHANG) > 0) {
  }
  for (const pid_t pid : survivors) ::waitpid(pid, nullptr, 0);
}

TEST_CASE("a slot id that a running process uses is skipped, and the sandbox says so; two sandboxes never share one") {
  if (::geteuid() != 0) {
    MESSAGE("not root: slot ids are root's");
    return;
  }
  const grader::SandboxIds ids{61000, 50};
  // someone else's process, running as the first id of the range
  const pid_t other = ::fork();
  if (other == 0) {
    if (::setgid(ids.first) == 0 && ::setuid(ids.first) == 0) {
      char* argv[] = {const_cast<char*>("sleep"), const_cast<char*>("60"), nullptr};
      ::execv("/bin/sleep", argv);
    }
    ::_exit(127);
  }
  ::usleep(200000);  // until it has become that uid
  const auto first = users_sandbox(1, ids);
  const auto second = users_sandbox(1, ids);
  ::kill(other, SIGKILL);
  ::waitpid(other, nullptr, 0);
  REQUIRE(first);
  REQUIRE(second);
  const std::vector<std::string>& notes = first->notes();
  REQUIRE(!notes.empty());
  CHECK(notes.front() == "uid 61000 skipped: process " + std::to_string(other) + " (sleep) uses it");
  const auto uid_of = [](const grader::Sandbox& sandbox) {
    return std::stoul(run_shell(sandbox, "id -u").out);
  };
  const unsigned long a = uid_of(*first);
  const unsigned long b = uid_of(*second);
  CHECK(a != ids.first);
  CHECK(b != ids.first);
  CHECK(a != b);
}

TEST_CASE(
    "a kept sandbox's request reads back as written, and one that lies about its size does not") {
  std::vector<grader::kept_wire::KeptLimit> limits(2);
  limits[0].resource = 7;
  limits[0].soft = 256;
  limits[0].hard = 512;
  limits[1].resource = 9;
  limits[1].soft = limits[1].hard = 1ULL << 40;
  const std::vector<std::string> argv = {"/usr/bin/python3", "bloom.py", "", "a b\tc"};
  grader::kept_wire::KeptRequest header;
  std::string body = grader::kept_request(argv, limits, header);
  REQUIRE(grader::kept_wire::valid_header(header));
  std::vector<char*> words(argv.size() + header.envc + 2);
  grader::kept_wire::ParsedRequest parsed;
  REQUIRE(grader::kept_wire::parse_body(header, body.data(), words.data(), parsed));
  CHECK(std::string(parsed.working_dir) == ".");
  std::vector<std::string> read;
  for (char** word = parsed.argv; *word != nullptr; ++word) read.emplace_back(*word);
  CHECK(read == argv);
  CHECK(parsed.envp[0] == nullptr);
  CHECK(parsed.limits[0].resource == 7);
  CHECK(parsed.limits[0].soft == 256);
  CHECK(parsed.limits[0].hard == 512);
  CHECK(parsed.limits[1].hard == 1ULL << 40);
  // a word more than the body holds, a body with bytes after its last word, a bad magic
  grader::kept_wire::KeptRequest more = header;
  ++more.argc;
  std::vector<char*> room(argv.size() + 3);
  CHECK_FALSE(grader::kept_wire::parse_body(more, body.data(), room.data(), parsed));
  grader::kept_wire::KeptRequest shorter = header;
  --shorter.argc;
  CHECK_FALSE(grader::kept_wire::parse_body(shorter, body.data(), room.data(), parsed));
  grader::kept_wire::KeptRequest forged = header;
  forged.magic = 0;
  CHECK_FALSE(grader::kept_wire::valid_header(forged));
  forged = header;
  forged.limits = forged.bytes;  // more limits than the body can hold
  CHECK_FALSE(grader::kept_wire::valid_header(forged));
}

TEST_CASE(
    "a kept sandbox's next run finds nothing of the last: not its setsid orphans, a zombie, its "
    "files, an unreadable folder, and a run that leaves 100,000 files keeps its verdict, and "
    "hidden "
    "cases get a sandbox of their own") {
  std::string problem;
  const auto sandbox = grader::Sandbox::open({}, problem);
  REQUIRE_MESSAGE(sandbox != nullptr, problem);
  const std::string seconds = std::to_string(4000 + ::getpid() % 1000);  // names the sleepers
  grader::Limits limits;
  limits.wall = std::chrono::milliseconds(20000);
  const auto run = [&](const std::string& script, bool hidden = false, bool kept = true) {
    grader::Command command = kept ? sandbox->wrap_kept({"/bin/sh", "-c", script}, {}, {}, "sh")
                                   : sandbox->wrap({"/bin/sh", "-c", script}, {}, {}, "sh");
    command.hidden_case = hidden;
    return grader::run_program(command, "", limits);
  };
  // what a run sees of the sandbox: its pid, any process older than it but the init (pids go
  // up), and /tmp and /dev/shm
  const std::string look =
      "echo $$; for p in /proc/[0-9]*; do n=${p#/proc/}; [ $n -lt $$ ] && [ $n != 1 ] && "
      "echo left $n; done; ls -A /tmp /dev/shm | tr '\\n' ' '; echo";
  const grader::RunResult first = run(look);
  REQUIRE_MESSAGE(first.exit_code == 0, first.err);
  // two orphans in sessions of their own, one of which never reaps its exited child; files and
  // a folder the init cannot read without giving its mode back
  const std::string leave =
      "setsid sleep " + seconds + " & (setsid sh -c 'sleep 0 & exec sleep " + seconds +
      "' &); echo x > /tmp/f; echo y > /dev/shm/g; mkdir -p " +
      "/tmp/d/e/f; echo z > /tmp/d/e/f/h; chmod 0 /tmp/d/e /tmp/d; sleep 0.5; " + "echo done";
  const grader::RunResult left = run(leave);
  REQUIRE_MESSAGE(left.out == "done\n", left.err);
  CHECK(sleepers(seconds).empty());  // gone with the run, as from a sandbox of their own
  const grader::RunResult next = run(look);
  REQUIRE_MESSAGE(next.exit_code == 0, next.err);
  std::istringstream first_said(first.out);
  std::istringstream next_said(next.out);
  int first_pid = 0;
  int next_pid = 0;
  first_said >> first_pid;
  next_said >> next_pid;
  CHECK(next_pid > first_pid + 4);  // the same sandbox: its pids go on
  CHECK(next.out.find("left") == std::string::npos);
  CHECK(next.out.substr(next.out.find('\n') + 1) == "/dev/shm:  /tmp: \n");
  CHECK(first.out.substr(first.out.find('\n') + 1) == "/dev/shm:  /tmp: \n");
  // a run that goes for the init: its descriptors (the socket to the grader), a signal to it
  const grader::RunResult attack =
      run("ls /proc/$$/fd > /dev/null && echo own; "  // the control: its own are there to list
          "ls /proc/1/fd > /dev/null 2>&1 && echo listed; (: < /proc/1/fd/4) 2>/dev/null && "
          "echo opened; kill -KILL 1 2>/dev/null; kill -CHLD 1 2>/dev/null; kill -TERM 1 "
          "2>/dev/null; echo tried");
  CHECK(attack.out == "own\ntried\n");
  const grader::RunResult after = run(look);
  std::istringstream after_said(after.out);
  int after_pid = 0;
  after_said >> after_pid;
  CHECK(after_pid > next_pid);  // the same sandbox, its init unharmed
  CHECK(after.out.substr(after.out.find('\n') + 1) == "/dev/shm:  /tmp: \n");
  // a run that leaves 100,000 files: its verdict is its own, however long they take to go
  const grader::RunResult many =
      run("python3 -c \"import os\nfor i in range(100000): os.close(os.open('/tmp/f%d' % i, "
          "os.O_CREAT | os.O_WRONLY))\"; echo made");
  CHECK(many.started);
  CHECK(many.exit_code == 0);
  CHECK(many.out == "made\n");
  const grader::RunResult emptied = run(look);
  CHECK(emptied.out.substr(emptied.out.find('\n') + 1) == "/dev/shm:  /tmp: \n");
  // a hidden case's run: a sandbox of its own, started for it
  const grader::RunResult hidden = run(look, true);
  std::istringstream hidden_said(hidden.out);
  int hidden_pid = 0;
  hidden_said >> hidden_pid;
  CHECK(hidden_pid == first_pid);
  // the control: a run of its own starts at the same pid every time
  const grader::RunResult own = run(look, false, false);
  std::istringstream own_said(own.out);
  int own_pid = 0;
  own_said >> own_pid;
  CHECK(own_pid == first_pid);
}

TEST_CASE(
    "a kept sandbox whose init a run has changed serves no other run: seen without the filter, "
    "which refuses the change") {
  std::string problem;
  const auto sandbox = grader::Sandbox::open({}, problem);
  REQUIRE_MESSAGE(sandbox != nullptr, problem);
  grader::Limits limits;
  limits.wall = std::chrono::milliseconds(20000);
  const auto run = [&](const std::string& script, bool filtered) {
    grader::Command command = sandbox->wrap_kept({"/bin/sh", "-c", script}, {}, {}, "sh");
    if (!filtered) {
      const auto at = std::find(command.args.begin(), command.args.end(), "--seccomp");
      REQUIRE(at != command.args.end());
      command.args.erase(at, at + 2);
    }
    return grader::run_program(command, "", limits);
  };
  const std::string change =
      "prlimit --pid 1 --nofile=100:100 2>/dev/null && echo changed; echo $$";
  for (const bool filtered : {false, true}) {
    CAPTURE(filtered);
    const grader::RunResult first = run("echo $$", filtered);
    const grader::RunResult changing = run(change, filtered);
    const grader::RunResult next = run("echo $$", filtered);
    REQUIRE_MESSAGE(next.exit_code == 0, next.err);
    const int first_pid = std::stoi(first.out);
    const int next_pid = std::stoi(next.out);
    if (!filtered) {
      CHECK(changing.out.rfind("changed\n", 0) == 0);  // the change went through
      CHECK(next_pid == first_pid);  // in a new sandbox: the changed one was stopped
    } else {
      CHECK(changing.out.find("changed") == std::string::npos);  // refused
      CHECK(next_pid > first_pid);                               // the same sandbox, unchanged
    }
  }
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
  for (const auto& variable : outside) {
    const std::string& name = variable.first;  // not a structured binding: Clang 14's CAPTURE
    CAPTURE(name);
    REQUIRE(inside.count(name) == 1);
    if (name != "HOME" && name != "TMPDIR") CHECK(inside.at(name) == variable.second);  // each its own folder
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

TEST_CASE(
    "a run's CPU time counts the setsid orphans it leaves, and its limit ends them, cgroup or "
    "not") {
  // Three grandchildren in sessions of their own use 1 s each: the run passes 2 s. Counted by
  // the slot's cgroup, or without one (CTest runs this again with cgroups hidden) by its uid.
  const auto sandbox = users_sandbox(1);
  if (!sandbox) return;
  std::string said;
  for (const std::string& line : sandbox->describe()) said += line + "\n";
  CAPTURE(said);
  grader::Limits limits;
  limits.cpu = std::chrono::milliseconds(2000);
  limits.wall = std::chrono::milliseconds(120000);  // a loaded machine may take long
  const std::string program = std::string(BLOOM_FIXTURES_DIR) + "/hostile_busy_children";
  const std::vector<std::string> args = {"3", "1.0", "setsid"};
  const grader::RunResult inside = grader::run_program(
      sandbox->wrap({program, "3", "1.0", "setsid"}, {}, {}, "orphans"), "", limits);
  CHECK(inside.timed_out);
  CHECK(inside.cpu_limited);
  CHECK(inside.cpu > limits.cpu);
  // the control: outside the sandbox no uid holds them, and the process tree misses them
  const grader::RunResult outside = grader::run_program(command_of(program, args), "", limits);
  CHECK_FALSE(outside.timed_out);
  CHECK(outside.exit_code == 0);
  CHECK(outside.cpu < std::chrono::milliseconds(1000));
}

TEST_CASE("a hard link in a submission is refused by its copy, never copied with what it names") {
  testing_support::TempDir tmp;
  const fs::path secret = tmp.path() / "secret";  // as /etc/shadow, on the same file system
  testing_support::write_file(secret, "root:hash\n");
  fs::create_directories(tmp.path() / "submission" / "src");
  testing_support::write_file(tmp.path() / "submission" / "src" / "bloom.cpp", "int main() {}\n");
  fs::create_symlink("bloom.cpp", tmp.path() / "submission" / "src" / "link.cpp");
  const fs::path linked = tmp.path() / "submission" / "src" / "data.txt";
  fs::create_hard_link(secret, linked);
  fs::create_directory(tmp.path() / "copy");
  try {
    grader::copy_submission(tmp.path() / "submission", tmp.path() / "copy");
    FAIL("the hard link was copied");
  } catch (const fs::filesystem_error& e) {
    CHECK(e.path1() == linked);
    CHECK(std::string(e.what()).find("a hard link (a file with 2 names)") != std::string::npos);
  }
  CHECK_FALSE(fs::exists(tmp.path() / "copy" / "src" / "data.txt"));
  // the control: the copy the grader made before brings the content in
  fs::copy(tmp.path() / "submission", tmp.path() / "control",
           fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  CHECK(testing_support::read_file(tmp.path() / "control" / "src" / "data.txt") == "root:hash\n");
  // without it, the submission is copied whole, its link a link
  fs::remove(linked);
  fs::remove_all(tmp.path() / "copy");
  fs::create_directory(tmp.path() / "copy");
  grader::copy_submission(tmp.path() / "submission", tmp.path() / "copy");
  CHECK(testing_support::read_file(tmp.path() / "copy" / "src" / "bloom.cpp") == "int main() {}\n");
  CHECK(fs::read_symlink(tmp.path() / "copy" / "src" / "link.cpp") == "bloom.cpp");
  // a FIFO, which no copy can take, and a submission that is a link to a folder
  ::mkfifo((tmp.path() / "submission" / "pipe").c_str(), 0600);
  fs::create_directory(tmp.path() / "fifo");
  CHECK_THROWS_AS(grader::copy_submission(tmp.path() / "submission", tmp.path() / "fifo"),
                  fs::filesystem_error);
  fs::create_directory_symlink(tmp.path() / "submission", tmp.path() / "linked-submission");
  CHECK_THROWS_AS(grader::copy_submission(tmp.path() / "linked-submission", tmp.path() / "copy"),
                  fs::filesystem_error);
}

TEST_CASE("a POSIX message queue a users-kind run leaves in /dev/mqueue is removed") {
  // Where /dev/mqueue is mounted every uid may make a queue there with open() (Docker's, mode
  // 1777); CTest runs this where it is (with cgroups hidden, as in such a container).
  const auto sandbox = users_sandbox(1);
  if (!sandbox) return;
  struct stat info {};
  if (::stat("/dev/mqueue", &info) != 0 || (info.st_mode & S_IWOTH) == 0) {
    MESSAGE("no world-writable /dev/mqueue here: its CTest twin (cgroups hidden) mounts one");
    return;
  }
  const std::string queue = "/dev/mqueue/bloom-leftover-" + std::to_string(::getpid());
  const grader::RunResult run = run_shell(*sandbox, ": > " + queue + " && ls " + queue);
  REQUIRE_MESSAGE(run.out == queue + "\n", run.err);  // made, by open()
  CHECK_FALSE(fs::exists(queue));
  // the control: one made by a process outside the sandbox stays until it is removed
  { std::ofstream made(queue); }
  CHECK(fs::exists(queue));
  fs::remove(queue);
}
