#include "serve.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter.hpp"

namespace bloom {

namespace {

constexpr std::size_t kReadChunk = 64 * 1024;   // bytes asked of read() at a time
constexpr std::size_t kWriteBatch = 64 * 1024;  // bytes of output held before a write()

// Splits a byte stream into lines, handing out views into its own buffer (no copy per line).
class LineReader {
 public:
  explicit LineReader(int fd) : fd_(fd), buffer_(kReadChunk) {}

  // The next line without its LF; nullopt at end of input. `before_read` runs before each
  // read() that may block, so that pending output reaches a waiting peer first.
  template <typename BeforeRead>
  std::optional<std::string_view> next(BeforeRead&& before_read) {
    for (;;) {
      const char* begin = buffer_.data() + start_;
      const char* newline =
          static_cast<const char*>(std::memchr(begin, '\n', end_ - start_));
      if (newline != nullptr) {
        const std::string_view line(begin, static_cast<std::size_t>(newline - begin));
        start_ += line.size() + 1;
        return line;
      }
      if (eof_) {
        if (start_ == end_) return std::nullopt;
        const std::string_view last(begin, end_ - start_);  // no final newline
        start_ = end_;
        return last;
      }
      make_room();
      before_read();
      fill();
    }
  }

  [[nodiscard]] int error() const { return error_; }

 private:
  // Moves the partial line to the front, and doubles the buffer when the line fills it.
  void make_room() {
    if (start_ > 0) {
      std::memmove(buffer_.data(), buffer_.data() + start_, end_ - start_);
      end_ -= start_;
      start_ = 0;
    }
    if (buffer_.size() - end_ < kReadChunk) buffer_.resize(buffer_.size() * 2);
  }

  void fill() {
    for (;;) {
      const ssize_t got = ::read(fd_, buffer_.data() + end_, buffer_.size() - end_);
      if (got > 0) {
        end_ += static_cast<std::size_t>(got);
        return;
      }
      if (got == 0) {
        eof_ = true;
        return;
      }
      if (errno == EINTR) continue;
      error_ = errno;
      eof_ = true;
      return;
    }
  }

  int fd_;
  std::vector<char> buffer_;
  std::size_t start_ = 0;  // first byte not yet handed out
  std::size_t end_ = 0;    // one past the last byte read
  bool eof_ = false;
  int error_ = 0;
};

// Writes all of `bytes`, retrying short writes and EINTR. Returns 0 or the errno.
int write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t wrote = ::write(fd, bytes.data(), bytes.size());
    if (wrote < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    bytes.remove_prefix(static_cast<std::size_t>(wrote));
  }
  return 0;
}

}  // namespace

int serve(Interpreter& interpreter, int in_fd, int out_fd, const char* program_name) {
  const bool interactive = ::isatty(out_fd) == 1;
  LineReader reader(in_fd);
  std::string pending;  // output not yet written
  std::string response;
  pending.reserve(kWriteBatch + 4096);
  int write_error = 0;

  const auto flush = [&] {
    if (write_error == 0 && !pending.empty()) write_error = write_all(out_fd, pending);
    pending.clear();
  };

  while (const std::optional<std::string_view> line = reader.next(flush)) {
    if (!interpreter.respond(*line, response)) continue;
    pending.append(response).push_back('\n');
    if (interactive || pending.size() >= kWriteBatch) flush();
    if (write_error != 0) break;
  }
  flush();

  if (reader.error() != 0) {
    std::fprintf(stderr, "%s: read: %s\n", program_name, std::strerror(reader.error()));
    return 2;
  }
  if (write_error != 0) {
    std::fprintf(stderr, "%s: write: %s\n", program_name, std::strerror(write_error));
    return 2;
  }
  return 0;
}

}  // namespace bloom
