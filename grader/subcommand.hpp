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
#include "sandbox.hpp"

namespace grader {

// "bloom-grader: error: MESSAGE" on stderr.
void error(const std::string& message);

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

// `command --mistake ID`.
[[nodiscard]] Command with_mistake(const Command& command, const std::string& id);

// The sandbox of `kind` for `slots` programs at once.
[[nodiscard]] std::shared_ptr<Sandbox> open_sandbox_or_say(SandboxKind kind, int slots,
                                                           double memory_mb);

// `command` under the sandbox, seeing the folders it names read-only and `writable` writable.
[[nodiscard]] std::optional<Command> confine_or_say(const Sandbox& sandbox, const Command& command,
                                                    const std::vector<std::filesystem::path>& writable);

}  // namespace grader
