// How batch puts a submission's folders into its --build and --run commands, and when a
// command needs a shell at all. docs/batch.md, "How --run is started", says the rule.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace grader {

// What a command's placeholders stand for in one submission.
struct Placeholders {
  std::filesystem::path dir;                     // {dir}: the submission's folder
  std::optional<std::filesystem::path> project;  // {project}: its CMake project (--build cmake)
};

// Whether `command` names {project}, which only --build cmake can give a path.
[[nodiscard]] bool names_project(const std::string& command);

// `command` with every placeholder replaced by its path, quoted for the shell: what reports
// show, and what /bin/sh reads when the command is a shell line. A {project} without a path
// is left as it is.
[[nodiscard]] std::string expand(const std::string& command, const Placeholders& paths);

// The words of `command` when /bin/sh would read it as words and nothing else: letters,
// digits, spaces and _ . / - + , : @ % { } only (no quotes, $, globs, pipes, redirections, ~
// or =). Each placeholder is replaced after the split, by its path byte for byte, so a path
// holding spaces, quotes, $ or newlines stays one word. Such a command is started by exec,
// with no shell. nullopt for anything else: a shell line (shell_line).
[[nodiscard]] std::optional<std::vector<std::string>> plain_words(const std::string& command,
                                                                  const Placeholders& paths);

// What /bin/sh -c runs for a shell line: expand(command), with `exec` put before its command
// (after any leading NAME=value words) when the line is one simple command. The program then
// replaces the shell, and a signal that ends it reaches the grader as that signal; otherwise
// the shell would wait for it and exit with 128 + N, a status any program can exit with. A
// line of several commands (; & | && || newline), a subshell, a command substitution in
// backquotes or a compound command (if, for, { ...) is left as it is, and its status is the
// shell's: such a line keeps signals by ending with `exec PROGRAM`.
[[nodiscard]] std::string shell_line(const std::string& command, const Placeholders& paths);

}  // namespace grader
