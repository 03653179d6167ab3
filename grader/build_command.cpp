// `bloom-grader build`: one submission found, cleaned and built by the shared recipe.
#include <iostream>

#include "app.hpp"
#include "subcommand.hpp"
#include "submission_build.hpp"

namespace grader {

int build_submission(const BuildOptions& options) {
  if (!std::filesystem::is_directory(options.submission)) {
    error(options.submission.string() + ": no such folder");
    return kExitCouldNotRun;
  }
  const std::filesystem::path submission = std::filesystem::absolute(options.submission).lexically_normal();
  const std::optional<SubmissionBuild> found = find_submission_build(submission);
  if (!found) {
    std::cerr << no_project_message(options.exercise.empty() ? "the starter" : "starter/" + options.exercise + "/")
              << "\n";
    return kExitFailed;
  }
  const std::string line = "cd " + shell_quote(found->project.string()) + " && " + submission_build_command();
  int status = kExitPassed;
  if (options.sandbox) {
    SandboxCommandOptions sandboxed;
    sandboxed.kind = *options.sandbox;
    sandboxed.writable = {submission};
    sandboxed.timeout_seconds = options.timeout_seconds;
    sandboxed.memory_mb = 0;  // compilers need what they need; the time limits bound them
    sandboxed.command = {"/bin/sh", "-c", line};
    status = sandbox_command(sandboxed, std::cerr);
  } else {
    Limits limits = limits_of(options.timeout_seconds, 0);
    limits.output_bytes = 16 << 20;
    limits.stderr_bytes = 1 << 20;
    const RunResult run = run_program(Command{"/bin/sh", {"-c", line}, line, {}, {}}, "", limits);
    std::cerr << run.out << run.err;
    if (!run.started) {
      error(run.start_error);
      return kExitCouldNotRun;
    }
    if (run.timed_out || run.signal != 0 || run.exit_code != 0) status = kExitFailed;
  }
  if (status == kExitPassed) std::cout << (found->project / submission_program()).string() << "\n";
  return status;
}

}  // namespace grader
