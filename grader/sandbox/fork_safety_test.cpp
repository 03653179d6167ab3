// Between fork and exec the runner's child must not allocate. After fork only the forking
// thread exists in the child; if another grader thread (batch and run grade with --jobs) held
// an allocator lock at that instant, an allocation in the child waits forever, and the grader
// with it, since it waits for the exec. glibc's malloc hides this; AddressSanitizer's does not.
//
// This binary replaces operator new with one that ends any process that is not the test
// itself, with status 86 and a message on its stderr. A child that allocates before exec
// therefore never runs the program, and the test sees status 86 instead of the program's
// answer, every time: the check does not depend on winning a race.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "runner.hpp"

namespace {

std::atomic<pid_t> test_process{0};  // 0 until main() starts: static initialisers may allocate

[[noreturn]] void allocated_in_child() {
  static const char message[] = "fork_safety_test: a forked child allocated before exec\n";
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, message, sizeof message - 1);
  ::_exit(86);
}

void* allocate(std::size_t size) {
  const pid_t owner = test_process.load(std::memory_order_relaxed);
  if (owner != 0 && ::getpid() != owner) allocated_in_child();
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}

grader::Command cat_command() {
  std::string error;
  const auto command = grader::resolve_command({"/bin/cat"}, error);
  REQUIRE_MESSAGE(command, error);
  return *command;
}

grader::Limits limits() {
  grader::Limits limits;
  limits.wall = std::chrono::milliseconds(10000);
  return limits;
}

}  // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

TEST_CASE("the child allocates nothing between fork and exec") {
  const grader::RunResult result = grader::run_program(cat_command(), "hello\n", limits());
  INFO("stderr: " << result.err);
  REQUIRE(result.started);
  CHECK(result.exit_code == 0);
  CHECK(result.out == "hello\n");
}

TEST_CASE("programs started from two threads at once, while both allocate, all run") {
  const grader::Command command = cat_command();
  std::atomic<int> wrong{0};
  const auto spawn_many = [&] {
    for (int i = 0; i < 50; ++i) {
      const std::string input = "line " + std::to_string(i) + "\n";
      const grader::RunResult result = grader::run_program(command, input, limits());
      std::vector<std::string> churn(64, std::string(100, 'x'));  // the other thread's allocations
      if (!result.started || result.exit_code != 0 || result.out != input) ++wrong;
    }
  };
  std::thread other(spawn_many);
  spawn_many();
  other.join();
  CHECK(wrong.load() == 0);
}

TEST_CASE("a program that cannot be executed is not started, and the reason is given") {
  // a file with the execute bit and no #! line: execve fails with ENOEXEC in the child
  char path[] = "/tmp/fork-safety-XXXXXX";
  const int fd = ::mkstemp(path);
  REQUIRE(fd >= 0);
  const char text[] = "this is not a program\n";
  REQUIRE(::write(fd, text, sizeof text - 1) == static_cast<ssize_t>(sizeof text - 1));
  ::close(fd);
  ::chmod(path, 0755);
  std::string error;
  const auto command = grader::resolve_command({path}, error);
  REQUIRE_MESSAGE(command, error);
  const grader::RunResult result = grader::run_program(*command, "", limits());
  ::unlink(path);
  CHECK_FALSE(result.started);
  CHECK(result.start_error.find("Exec format error") != std::string::npos);
  CHECK(result.start_error.find(path) != std::string::npos);
  CHECK(::waitpid(-1, nullptr, WNOHANG) == -1);  // the failed child was reaped: no zombie
  CHECK(errno == ECHILD);
}

int main(int argc, char** argv) {
  test_process.store(::getpid());
  doctest::Context context(argc, argv);
  return context.run();
}
