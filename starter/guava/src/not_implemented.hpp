// The signal a starter's empty function gives: the interpreter turns it into the response
// `error: not implemented: <function>`, so a student sees at once what is left to write.
#pragma once

#include <stdexcept>
#include <string>

namespace bloom {

class NotImplemented : public std::logic_error {
 public:
  explicit NotImplemented(const std::string& function) : std::logic_error(function) {}
  // The name of the function still to be written, e.g. "murmur3_32".
  [[nodiscard]] const char* function() const noexcept { return what(); }
};

}  // namespace bloom
