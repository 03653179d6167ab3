// `bloom-grader sandbox`: one command in the sandbox, or what the sandbox holds here.
#include <iostream>

#include "app.hpp"
#include "subcommand.hpp"

namespace grader {

int sandbox_command(const SandboxCommandOptions& options, std::ostream& out) {
  std::vector<OwnPath> own;
  for (const std::filesystem::path& path : options.writable) own.push_back({"--writable", path});
  for (const std::filesystem::path& path : options.readable)
    own.push_back({"--sandbox-read", path});
  std::shared_ptr<Sandbox> sandbox =
      open_sandbox_or_say(options.kind, 1, options.memory_mb, options.ids, std::move(own));
  if (!sandbox) return kExitCouldNotRun;
  if (options.command.empty()) {
    for (const std::string& line : sandbox->describe()) out << line << "\n";
    return kExitPassed;
  }
  std::string problem;
  const std::optional<Command> command = resolve_command(options.command, problem);
  if (!command) {
    error(problem);
    return kExitCouldNotRun;
  }
  std::vector<std::filesystem::path> writable;
  for (const std::filesystem::path& folder : options.writable) {
    if (!std::filesystem::is_directory(folder)) {
      error("--writable " + folder.string() + ": no such folder");
      return kExitCouldNotRun;
    }
    writable.push_back(std::filesystem::absolute(folder).lexically_normal());
    try {
      sandbox->hand_over(writable.back());
    } catch (const std::filesystem::filesystem_error& e) {
      error("--writable " + folder.string() + ": " + e.what());
      return kExitCouldNotRun;
    }
  }
  Limits limits = limits_of(options.timeout_seconds, options.memory_mb);
  limits.output_bytes = 16 << 20;
  limits.stderr_bytes = 1 << 20;
  const std::optional<Command> confined = confine_or_say(*sandbox, *command, writable, options.readable);
  if (!confined) return kExitCouldNotRun;
  const RunResult run = run_program(*confined, "", limits);
  out << run.out << std::flush;
  std::cerr << run.err;
  if (!run.started) {
    error(run.start_error);
    return kExitCouldNotRun;
  }
  if (run.timed_out || run.output_limited || run.signal != 0 || run.exit_code != 0) {
    error(command->display + (run.timed_out        ? ": ran out of time"
                              : run.output_limited ? ": wrote too much and was stopped"
                              : run.signal != 0    ? ": killed by " + signal_name(run.signal)
                                                   : ": exited with status " + std::to_string(run.exit_code)));
    return kExitFailed;
  }
  return kExitPassed;
}

}  // namespace grader
