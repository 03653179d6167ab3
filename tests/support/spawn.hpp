// Test support: run a real program with a file or text as stdin and capture what it did.
// Header-only, POSIX, for the kit's end-to-end tests.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

extern char** environ;

namespace testing_support {

namespace fs = std::filesystem;

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// A fresh folder under the system's temporary folder, removed with its contents.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "bloom-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

struct Finished {
  int exit_code = -1;  // -1 when a signal ended it
  int signal = 0;
  std::string out;
  std::string err;
};

// Runs argv[0] (a path) with stdin from `stdin_path`, in `cwd` when given; waits for it. Its
// stdout goes to `stdout_path` when given (then Finished::out is empty), else is captured.
inline Finished run_file_input(const std::vector<std::string>& argv, const fs::path& stdin_path,
                               const fs::path& cwd = {}, const fs::path& stdout_path = {}) {
  TempDir dir;
  const fs::path out = stdout_path.empty() ? dir.path() / "out" : stdout_path;
  const fs::path err = dir.path() / "err";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, stdin_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  // after the opens, so that relative paths above name files where the test stands
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());  // glibc 2.29
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("posix_spawn " + argv[0] + " failed");
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error("waitpid failed");
  }
  Finished finished;
  if (WIFEXITED(status)) finished.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) finished.signal = WTERMSIG(status);
  if (stdout_path.empty()) finished.out = read_file(out);
  finished.err = read_file(err);
  return finished;
}

// The same with `input` as stdin.
inline Finished run_text_input(const std::vector<std::string>& argv, const std::string& input,
                               const fs::path& cwd = {}) {
  TempDir dir;
  const fs::path in = dir.path() / "in";
  write_file(in, input);
  return run_file_input(argv, in, cwd);
}

}  // namespace testing_support
