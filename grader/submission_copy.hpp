// A submission's copy in the sandbox: what batch and `bloom-grader build` grade, a folder of
// Sandbox::scratch() that holds one of its scratch slots. The slot comes back whatever ends the
// copy (a submission refused, a copy that failed, an exception, an interrupt): the holder drops
// it, so one submission cannot keep a batch waiting for a slot that never frees.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "sandbox/sandbox.hpp"

namespace grader {

// Folders nested deeper than this in a submission are refused: no project needs them, and a
// tree thousands deep has paths longer than the kernel takes (PATH_MAX), which no copy follows.
inline constexpr int kCopyDepth = 100;  // folders below the submission's own

// Why `submission` is not copied into a scratch folder of `capacity` bytes, said of what in it
// and where ("data/pipe: a FIFO; a submission holds only files, folders and symbolic links"),
// or "" when it may be: the folder itself a symbolic link (its target is not the student's to
// name); anything but files, folders and symbolic links (a FIFO, a socket, a device); folders
// deeper than kCopyDepth; files whose sizes add up past `capacity` (a sparse file counts its
// full size). Symbolic links are copied as links, never followed.
[[nodiscard]] std::string copy_refusal(const std::filesystem::path& submission,
                                       std::uintmax_t capacity);

// Thrown when a submission cannot be copied: what() says why, in the student's terms.
class CopyRefused : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One submission copied into a fresh scratch folder of `sandbox` and handed over to it
// (Sandbox::hand_over); the folder is dropped when this goes.
class SubmissionCopy {
 public:
  // Takes a scratch slot (blocking while all are in use) only once copy_refusal() found
  // nothing. Throws CopyRefused, with the slot given back.
  SubmissionCopy(const Sandbox& sandbox, const std::filesystem::path& submission,
                 const std::string& name);
  ~SubmissionCopy();
  SubmissionCopy(const SubmissionCopy&) = delete;
  SubmissionCopy& operator=(const SubmissionCopy&) = delete;

  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  const Sandbox& sandbox_;
  std::filesystem::path path_;
};

}  // namespace grader
