// What the subcommands of bloom-grader (run, record, audit, sandbox; app.hpp) share: one error
// printer, and the steps they all take first. Each step that fails says why on stderr and
// returns nothing, so a subcommand only returns kExitCouldNotRun.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "case_file.hpp"
#include "runner.hpp"
#include "sandbox/sandbox.hpp"

namespace grader {

// "bloom-grader: error: MESSAGE" on stderr, each of its lines inert (inert.hpp), as is a
// FileError's below.
void error(const std::string& message);
// The one error shape for what went wrong: a FileError as it is, since it names its file and
// line first ("FILE:LINE: error: ..."), as a compiler does; anything else as error() says it.
void error(const std::exception& failure);

// The cases of `paths` (load_cases), or nullopt once the error is said.
[[nodiscard]] std::optional<std::vector<Case>> load_cases_or_say(const std::vector<std::filesystem::path>& paths,
                                                                 bool with_mistakes = true);

// What every subcommand needs first: the cases, and the program resolved.
struct Prepared {
  std::vector<Case> cases;
  Command command;
};
[[nodiscard]] std::optional<Prepared> prepare(const std::vector<std::filesystem::path>& paths,
                                              const std::vector<std::string>& argv,
                                              bool with_mistakes = true);

// The known mistakes that `command --list-mistakes` prints.
[[nodiscard]] std::optional<std::vector<MistakeInfo>> list_mistakes(const Command& command,
                                                                    const Limits& limits);

// The command table that `command --list-commands` prints.
[[nodiscard]] std::optional<std::vector<CommandInfo>> list_commands(const Command& command,
                                                                    const Limits& limits);

// `command --mistake ID`.
[[nodiscard]] Command with_mistake(const Command& command, const std::string& id);

// The sandbox of `kind` for `slots` programs at once, with slot ids from `ids`; what it has to
// say when it opens (slot uids skipped) goes to stderr. Null, said, when it cannot be had, or
// under --sandbox-users when the grader's folder or its kit can be read by the slot uids, or
// when one of `own` (the files and folders the command line names), the grader's folder or
// the kit lies where that sandbox mounts a tmpfs of its own (SandboxOptions::own_paths).
[[nodiscard]] std::shared_ptr<Sandbox> open_sandbox_or_say(SandboxKind kind, int slots,
                                                           double memory_mb, const SandboxIds& ids,
                                                           std::vector<OwnPath> own = {});

// The first hidden case of `cases` whose file the sandbox's programs could read
// (Sandbox::exposed), said; false when there is none.
[[nodiscard]] bool hidden_cases_exposed_say(const Sandbox& sandbox, const std::vector<Case>& cases);

// `command` under the sandbox, seeing read-only its executable, the files it names and
// `readable` (--sandbox-read), and `writable` writable. `cases`: it runs on case after case, in
// sandboxes kept for its runs (Sandbox::wrap_kept).
[[nodiscard]] std::optional<Command> confine_or_say(
    const Sandbox& sandbox, const Command& command,
    const std::vector<std::filesystem::path>& writable,
    const std::vector<std::filesystem::path>& readable = {}, bool cases = false);

}  // namespace grader
