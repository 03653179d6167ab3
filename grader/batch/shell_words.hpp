// How batch puts a submission's folder into its --build and --run commands, and when a command
// needs a shell at all.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace grader {

// `command` with every {dir} replaced by `dir`, quoted for the shell.
[[nodiscard]] std::string expand_dir(const std::string& command, const std::filesystem::path& dir);

// The words of `command` with {dir} replaced by `dir`, when /bin/sh would read it as those
// words and nothing else: letters, digits, spaces and _ . / - + , : @ % { } only (no quotes,
// $, globs, pipes, redirections, ~ or =). Such a command runs without a shell, a process fewer
// per case. nullopt for anything else, which runs through /bin/sh -c.
[[nodiscard]] std::optional<std::vector<std::string>> plain_words(const std::string& command,
                                                                   const std::filesystem::path& dir);

}  // namespace grader
