#include "file_io.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>

namespace grader {

namespace fs = std::filesystem;

namespace {

// Appended, never `"literal" + std::string{...}`: GCC 12 warns of a memcpy overlap there in
// an optimised build (-Wrestrict, a false positive of its own; GCC bug 105329).
std::string where_and_what(const fs::path& file, int line, const std::string& message) {
  std::string text = file.string();
  if (line > 0) text.append(":").append(std::to_string(line));
  return text.append(": error: ").append(message);
}

}  // namespace

FileError::FileError(const fs::path& file, int line, const std::string& message)
    : std::runtime_error(where_and_what(file, line, message)) {}

std::optional<std::string> read_file_if_present(const fs::path& file) {
  std::error_code ignored;
  if (fs::is_directory(file, ignored)) throw FileError(file, 0, "cannot read: it is a folder");
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    const int error = errno;
    if (!fs::exists(file, ignored)) return std::nullopt;
    throw FileError(file, 0, std::string("cannot read: ") + std::strerror(error));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw FileError(file, 0, "cannot read: the read failed");
  return text.str();
}

std::string read_file(const fs::path& file) {
  std::optional<std::string> text = read_file_if_present(file);
  if (!text) throw FileError(file, 0, "cannot read: no such file");
  return std::move(*text);
}

void write_file(const fs::path& file, const std::string& text) {
  const fs::path temporary = file.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (out) out << text;
    out.flush();
    if (!out) {
      const int error = errno;
      std::error_code ignored;
      fs::remove(temporary, ignored);
      throw FileError(file, 0, std::string("cannot write: ") + std::strerror(error));
    }
  }
  std::error_code renamed;
  fs::rename(temporary, file, renamed);
  if (renamed) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw FileError(file, 0, "cannot write: " + renamed.message());
  }
}

void remove_file(const fs::path& file) {
  std::error_code error;
  fs::remove(file, error);
  if (error) throw FileError(file, 0, "cannot remove: " + error.message());
}

}  // namespace grader
