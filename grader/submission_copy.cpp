#include "submission_copy.hpp"

#include <system_error>

#include "limits.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

// What a file type is called in a refusal, for each the copy does not take.
std::string type_name(fs::file_type type) {
  switch (type) {
    case fs::file_type::fifo:
      return "a FIFO (named pipe)";
    case fs::file_type::socket:
      return "a socket";
    case fs::file_type::block:
      return "a block device";
    case fs::file_type::character:
      return "a character device";
    default:
      return "a file of unknown type";
  }
}

}  // namespace

std::string copy_refusal(const fs::path& submission, std::uintmax_t capacity) {
  std::error_code failed;
  const fs::file_status self = fs::symlink_status(submission, failed);
  if (failed) return submission.filename().string() + ": " + failed.message();
  if (fs::is_symlink(self)) {
    return "the submission folder " + submission.filename().string() +
           " is a symbolic link: a submission is a folder of its own, and no link of it is "
           "followed";
  }
  if (!fs::is_directory(self)) return submission.filename().string() + ": not a folder";
  std::uintmax_t total = 0;
  std::uintmax_t largest = 0;
  fs::path largest_file;
  // not following links: a link is copied as a link, whatever it names
  fs::recursive_directory_iterator walk(submission, fs::directory_options::none, failed);
  for (; !failed && walk != fs::recursive_directory_iterator(); walk.increment(failed)) {
    const fs::path where = walk->path().lexically_relative(submission);
    const fs::file_status status = walk->symlink_status(failed);
    if (failed) break;
    if (fs::is_directory(status) && walk.depth() + 1 > kCopyDepth) {
      return where.string() + ": folders nested more than " + std::to_string(kCopyDepth) +
             " deep; a submission's tree is not copied past that";
    }
    if (fs::is_regular_file(status)) {
      const std::uintmax_t size = walk->file_size(failed);
      if (failed) break;
      total += size;
      if (size > largest) largest = size, largest_file = where;
    } else if (!fs::is_directory(status) && !fs::is_symlink(status)) {
      return where.string() + ": " + type_name(status.type()) +
             "; a submission holds only files, folders and symbolic links";
    }
  }
  if (failed) {
    const fs::path where = walk == fs::recursive_directory_iterator()
                               ? fs::path(submission.filename())
                               : walk->path().lexically_relative(submission);
    return where.string() + ": cannot be read: " + failed.message();
  }
  if (total > capacity) {
    return "its files hold " + mib_text(total) + " (" + largest_file.string() + " alone " +
           mib_text(largest) + "), more than the " + mib_text(capacity) +
           " its copy in the sandbox may take";
  }
  return "";
}

SubmissionCopy::SubmissionCopy(const Sandbox& sandbox, const fs::path& submission,
                               const std::string& name)
    : sandbox_(sandbox) {
  if (std::string why = copy_refusal(submission, SandboxOptions{}.scratch_bytes); !why.empty()) {
    throw CopyRefused(why);
  }
  path_ = sandbox.scratch(name);  // from here on the destructor gives it back
  try {
    copy_submission(submission, path_);  // links as links; hard links and devices refused
    sandbox.hand_over(path_);
  } catch (const fs::filesystem_error& error) {
    // The destructor does not run for an object whose constructor throws: the slot goes back here.
    sandbox.drop(path_);
    const fs::path where = error.path1().lexically_relative(submission);
    throw CopyRefused((where.empty() || *where.begin() == ".." ? "" : where.string() + ": ") +
                      error.code().message());
  } catch (...) {
    sandbox.drop(path_);
    throw;
  }
}

SubmissionCopy::~SubmissionCopy() {
  sandbox_.drop(path_);
}

}  // namespace grader
