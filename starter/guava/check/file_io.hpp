// The kit's files, read and written with one error shape: a FileError names the file (and the
// line, when one is at fault) and says what went wrong, as the system said it. Writes go through
// a temporary file and a rename, so that a reader (or a resumed batch) sees the old text or the
// new, never half of one.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

namespace grader {

class FileError : public std::runtime_error {
 public:
  // "FILE:LINE: error: MESSAGE", or "FILE: error: MESSAGE" when `line` is 0 (the whole file).
  FileError(const std::filesystem::path& file, int line, const std::string& message);
};

// The bytes of `file`; throws FileError when it cannot be read.
[[nodiscard]] std::string read_file(const std::filesystem::path& file);

// The same, or nullopt when `file` does not exist.
[[nodiscard]] std::optional<std::string> read_file_if_present(const std::filesystem::path& file);

// Makes `file` hold `text`: written beside it as FILE.tmp, then renamed over it. Throws
// FileError when either step fails (the temporary file is then removed).
void write_file(const std::filesystem::path& file, const std::string& text);

// Removes `file` if it exists; throws FileError when it cannot.
void remove_file(const std::filesystem::path& file);

}  // namespace grader
