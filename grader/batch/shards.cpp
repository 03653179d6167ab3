#include "batch/shards.hpp"

#include <algorithm>
#include <stdexcept>

namespace grader {

namespace fs = std::filesystem;

std::string parse_shard(const std::string& text, int& index, int& count) {
  const std::size_t slash = text.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument(text);
    std::size_t used = 0;
    index = std::stoi(text.substr(0, slash), &used);
    if (used != slash) throw std::invalid_argument(text);
    count = std::stoi(text.substr(slash + 1), &used);
    if (used != text.size() - slash - 1) throw std::invalid_argument(text);
  } catch (const std::exception&) {
    return "--shard needs I/N, for example 3/8, got \"" + text + "\"";
  }
  if (count < 1 || index < 1 || index > count) {
    return "--shard I/N needs 1 <= I <= N, got \"" + text + "\"";
  }
  return "";
}

std::vector<fs::path> shard_of(const fs::path& root, int index, int count) {
  std::vector<fs::path> all;
  for (const fs::directory_entry& entry : fs::directory_iterator(root)) {
    if (entry.is_directory() && entry.path().filename().string()[0] != '.') all.push_back(entry.path());
  }
  std::sort(all.begin(), all.end());
  std::vector<fs::path> mine;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (static_cast<int>(i % static_cast<std::size_t>(count)) == index - 1) mine.push_back(all[i]);
  }
  return mine;
}

fs::path report_path(const fs::path& out, const fs::path& submission) {
  return out / (submission.filename().string() + ".json");
}

std::vector<fs::path> still_to_grade(const std::vector<fs::path>& shard, const fs::path& out, bool regrade) {
  std::vector<fs::path> todo;
  for (const fs::path& folder : shard) {
    if (regrade || !fs::exists(report_path(out, folder))) todo.push_back(folder);
  }
  return todo;
}

}  // namespace grader
