// `bloom-grader build`: one submission found, cleaned and built by the shared recipe.
#include <sys/stat.h>

#include <iostream>
#include <optional>
#include <sstream>

#include "app.hpp"
#include "inert.hpp"
#include "subcommand.hpp"
#include "submission_build.hpp"
#include "submission_copy.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

Limits build_limits(double timeout_seconds) {
  Limits limits = limits_of(timeout_seconds, 0);  // compilers need what they need; time bounds them
  limits.output_bytes = 16 << 20;
  limits.stderr_bytes = 1 << 20;
  return limits;
}

// Exit status of a build that ran, after its output went to `said`.
int build_status(const RunResult& run, std::ostream& said) {
  said << run.out << run.err;
  if (!run.started) {
    error(run.start_error);
    return kExitCouldNotRun;
  }
  if (run.timed_out) said << "bloom-grader: the build ran out of time\n";
  return run.timed_out || run.signal != 0 || run.exit_code != 0 ? kExitFailed : kExitPassed;
}

// Puts the program `built` in the sandbox's copy at submission_program() in `project`, in place
// of the build/ folder the submission may have shipped (a symbolic link, say, that root must not
// write through), readable and runnable by every uid, as are the folders on its way from
// `submission`: `run`'s sandbox is another grader's, whose slots are not this one's.
bool place_program(const fs::path& built, const fs::path& project, const fs::path& submission,
                   std::error_code& failed) {
  const fs::path program = project / submission_program();
  fs::remove_all(project / submission_program().begin()->string(), failed);
  if (failed) return false;
  fs::create_directories(program.parent_path(), failed);
  if (failed || !fs::copy_file(built, program, failed)) return false;
  fs::permissions(program,
                  fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                      fs::perms::others_read | fs::perms::others_exec,
                  failed);
  for (fs::path folder = program.parent_path(); !failed; folder = folder.parent_path()) {
    fs::permissions(folder, fs::perms::others_exec, fs::perm_options::add, failed);
    if (folder == submission || folder == folder.parent_path()) break;
  }
  return !failed;
}

// The build in the sandbox, as batch builds a submission: in a copy of it (a tmpfs of
// SandboxOptions::scratch_bytes when the grader is root, so that a build cannot fill the disk),
// seen at the submission's own path under bubblewrap. Only the program comes back into the
// submission, as a regular file: nothing the build made is followed out of the copy.
int build_sandboxed(const BuildOptions& options, const fs::path& submission,
                    const SubmissionBuild& found, std::ostream& said) {
  const std::shared_ptr<Sandbox> sandbox = open_sandbox_or_say(
      *options.sandbox, 1, 0, options.sandbox_ids, {{"the submission", submission}});
  if (!sandbox) return kExitCouldNotRun;
  const bool users = sandbox->kind() == SandboxKind::users;
  std::optional<SubmissionCopy> held;
  try {
    held.emplace(*sandbox, submission, "submission");
  } catch (const CopyRefused& refused) {
    said << "Your submission could not be copied into the sandbox: " << refused.what() << "\n";
    return kExitFailed;
  }
  const fs::path& copy = held->path();
  const fs::path seen = users ? copy : submission;  // where the build sees the submission
  const fs::path project = (seen / found.relative).lexically_normal();
  const std::string line =
      "cd " + shell_quote(project.string()) + " && " + submission_build_command();
  const std::vector<Binding> bindings =
      users ? std::vector<Binding>{} : std::vector<Binding>{{copy, submission, true}};
  const Command command = sandbox->wrap({"/bin/sh", "-c", line}, bindings, seen, line, copy);
  int status =
      build_status(run_program(command, "", build_limits(options.timeout_seconds)), said);
  if (status == kExitPassed) {
    const fs::path built = copy / found.relative / submission_program();
    struct stat info {};
    std::error_code failed;
    // a regular file of its own: not a link, nor another name of a file it could not read
    // (hard links, where the kernel lets them be made to others' files)
    if (::lstat(built.c_str(), &info) != 0 || !S_ISREG(info.st_mode) || info.st_nlink != 1) {
      said << "The build made no program " << submission_program().string()
           << " (a regular file with no other name).\n";
      status = kExitFailed;
    } else if (!place_program(built, found.project, submission, failed)) {
      error("cannot copy the program out of the sandbox: " + failed.message());
      status = kExitCouldNotRun;
    }
  }
  return status;
}

// The build, its output in `said`; a submission without a project also says so in `said`.
int build_found(const BuildOptions& options, std::ostream& said, bool& no_project) {
  if (!fs::is_directory(options.submission)) {
    error(options.submission.string() + ": no such folder");
    return kExitCouldNotRun;
  }
  const fs::path submission = fs::absolute(options.submission).lexically_normal();
  const std::optional<SubmissionBuild> found = find_submission_build(submission);
  if (!found) {
    no_project = true;
    said << no_project_message(options.exercise.empty() ? "the starter"
                                                        : "starter/" + options.exercise + "/");
    return kExitFailed;
  }
  int status = kExitPassed;
  if (options.sandbox) {
    status = build_sandboxed(options, submission, *found, said);
  } else {
    const std::string line =
        "cd " + shell_quote(found->project.string()) + " && " + submission_build_command();
    status = build_status(run_program(Command{"/bin/sh", {"-c", line}, line, {}, {}}, "",
                                      build_limits(options.timeout_seconds)),
                          said);
  }
  if (status == kExitPassed) {
    std::cout << inert((found->project / submission_program()).string()) << "\n";
  }
  return status;
}

}  // namespace

int build_submission(const BuildOptions& options) {
  std::ostringstream said;
  bool no_project = false;
  const int status = build_found(options, said, no_project);
  // the build's log is the submission's text
  std::cerr << inert_lines(said.str()) << (no_project ? "\n" : "");
  if (no_project) {
    write_not_graded(options.reports, said.str());
  } else if (status == kExitFailed) {
    write_not_graded(options.reports,
                     "Your submission did not build, so no case could run. The compiler said:\n\n" +
                         build_output_tail(said.str()));
  } else if (status == kExitCouldNotRun) {
    write_not_graded(options.reports,
                     "The autograder could not build your submission, and this is not about your "
                     "code: the instructor finds why in the autograder's log.");
  }
  return status;
}

}  // namespace grader
