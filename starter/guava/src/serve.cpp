#include "serve.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter.hpp"

namespace bloom {

namespace {

constexpr std::size_t kReadChunk = 64 * 1024;  // bytes taken from the stream at a time
// Input, in bytes, whose answers are each delivered as soon as they are made: more than any
// case a grader sends. A command that hangs is then seen at the answer that did not come, not
// at the first answer held in a buffer; past it, answers go out in the stream's own batches.
constexpr std::size_t kLineByLine = 64 * 1024;

using Traits = std::streambuf::traits_type;

// Splits a byte stream into lines, handing out views into its own buffer (no copy per line).
// It takes from the stream only what the stream already holds, and waits for more only when
// it holds nothing, so that a peer answering line by line is never waited on for more.
class LineReader {
 public:
  explicit LineReader(std::streambuf& in) : in_(in), buffer_(kReadChunk) {}

  // Bytes handed out so far, newlines included.
  [[nodiscard]] std::size_t consumed() const { return consumed_ + start_; }

  // The next line without its LF; nullopt at end of input. `before_wait` runs before each
  // read that may block, so that pending output reaches a waiting peer first.
  template <typename BeforeWait>
  std::optional<std::string_view> next(BeforeWait&& before_wait) {
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
      fill(before_wait);
    }
  }

 private:
  // Moves the partial line to the front, and doubles the buffer when the line fills it.
  void make_room() {
    if (start_ > 0) {
      consumed_ += start_;
      std::memmove(buffer_.data(), buffer_.data() + start_, end_ - start_);
      end_ -= start_;
      start_ = 0;
    }
    if (buffer_.size() - end_ < kReadChunk) buffer_.resize(buffer_.size() * 2);
  }

  template <typename BeforeWait>
  void fill(BeforeWait&& before_wait) {
    std::streamsize ready = in_.in_avail();
    if (ready <= 0) {
      before_wait();
      if (Traits::eq_int_type(in_.sgetc(), Traits::eof())) {  // waits for at least a byte
        eof_ = true;
        return;
      }
      // An unbuffered stream (libc++'s std::cin) may still say 0: take the byte it showed.
      ready = std::max<std::streamsize>(in_.in_avail(), 1);
    }
    const auto room = static_cast<std::streamsize>(buffer_.size() - end_);
    const std::streamsize got = in_.sgetn(buffer_.data() + end_, std::min(ready, room));
    if (got <= 0) eof_ = true;
    end_ += static_cast<std::size_t>(std::max<std::streamsize>(got, 0));
  }

  std::streambuf& in_;
  std::vector<char> buffer_;
  std::size_t start_ = 0;  // first byte not yet handed out
  std::size_t end_ = 0;    // one past the last byte read
  std::size_t consumed_ = 0;  // bytes handed out before buffer_[0]
  bool eof_ = false;
};

}  // namespace

int serve(Interpreter& interpreter, std::istream& in, std::ostream& out, const char* program_name) {
  // The stream buffers directly: a line costs no sentry, no tie and no per-character call.
  LineReader reader(*in.rdbuf());
  std::streambuf& sink = *out.rdbuf();
  std::string response;
  bool write_failed = false;
  const auto flush = [&] { write_failed = write_failed || sink.pubsync() != 0; };

  while (const std::optional<std::string_view> line = reader.next(flush)) {
    if (!interpreter.respond(*line, response)) continue;
    // Each answer goes into the same stream buffer as anything else the program writes to
    // `out` while it makes the answer (a student's debug line on std::cout), so that each
    // comes out where it was written.
    const bool line_by_line = reader.consumed() <= kLineByLine;
    if (line_by_line) std::fflush(stdout);  // a printf() debug line, before its answer
    response.push_back('\n');
    const auto size = static_cast<std::streamsize>(response.size());
    write_failed = write_failed || sink.sputn(response.data(), size) != size;
    if (line_by_line) flush();
    if (write_failed) break;
  }
  flush();

  if (write_failed) {
    std::fprintf(stderr, "%s: could not write an answer (output closed or full)\n", program_name);
    return 2;
  }
  return 0;
}

}  // namespace bloom
