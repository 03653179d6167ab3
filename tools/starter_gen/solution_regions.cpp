#include "solution_regions.hpp"

namespace starter {

RegionError::RegionError(const std::string& file, int line, const std::string& message)
    : std::runtime_error(file + ":" + std::to_string(line) + ": error: " + message) {}

namespace {

constexpr std::string_view kBegin = "// BEGIN SOLUTION";
constexpr std::string_view kStub = "// STUB";
constexpr std::string_view kEnd = "// END SOLUTION";
constexpr std::string_view kStubLine = "//|";
constexpr std::string_view kBeginKit = "// BEGIN KIT ONLY";
constexpr std::string_view kEndKit = "// END KIT ONLY";
constexpr std::string_view kNotImplemented = "NotImplemented(\"";

std::string_view trim_left(std::string_view line) {
  const std::size_t start = line.find_first_not_of(" \t");
  return start == std::string_view::npos ? std::string_view() : line.substr(start);
}

std::string_view trim_right(std::string_view line) {
  const std::size_t end = line.find_last_not_of(" \t\r");
  return end == std::string_view::npos ? std::string_view() : line.substr(0, end + 1);
}

bool is_marker(std::string_view content, std::string_view marker) {
  return content.substr(0, marker.size()) == marker &&
         (content.size() == marker.size() || content[marker.size()] == ' ');
}

// A Markdown marker, `<!-- BEGIN KIT ONLY -->`, read as its C++ form `// BEGIN KIT ONLY`, so that
// the kit's documents carry kit-only sections the same way its sources do.
std::string as_marker(std::string_view content) {
  constexpr std::string_view kOpen = "<!-- ";
  constexpr std::string_view kClose = " -->";
  if (!content.starts_with(kOpen) || !content.ends_with(kClose)) return std::string(content);
  return "// " + std::string(content.substr(kOpen.size(), content.size() - kOpen.size() - kClose.size()));
}

void collect_stubbed(std::string_view line, std::vector<std::string>& names) {
  const std::size_t at = line.find(kNotImplemented);
  if (at == std::string_view::npos) return;
  const std::string_view rest = line.substr(at + kNotImplemented.size());
  const std::size_t quote = rest.find('"');
  if (quote != std::string_view::npos) names.emplace_back(rest.substr(0, quote));
}

}  // namespace

Stripped strip_solutions(std::string_view text, const std::string& file,
                         const std::string& exercise, Keep keep,
                         const std::set<std::string>& exercises) {
  enum class State { Outside, Solution, Stub, KitOnly };
  Stripped result;
  State state = State::Outside;
  bool ours = false;     // the open region is `exercise`'s
  bool stub_it = false;  // the open region becomes its stub in this starter
  int begin_line = 0;
  int line_number = 0;
  std::size_t position = 0;
  while (position < text.size()) {
    std::size_t end = text.find('\n', position);
    const bool has_newline = end != std::string_view::npos;
    if (!has_newline) end = text.size();
    const std::string_view line = text.substr(position, end - position);
    position = has_newline ? end + 1 : end;
    ++line_number;
    const std::string marker_form = as_marker(trim_right(trim_left(line)));
    const std::string_view content = marker_form;
    const auto emit = [&](std::string_view out) {
      result.text.append(out);
      if (has_newline) result.text.push_back('\n');
    };

    if (is_marker(content, kBeginKit)) {
      if (state != State::Outside) {
        throw RegionError(file, line_number, "BEGIN KIT ONLY inside the region opened on line " +
                                                 std::to_string(begin_line));
      }
      state = State::KitOnly;
      begin_line = line_number;
      continue;
    }
    if (is_marker(content, kEndKit)) {
      if (state != State::KitOnly) {
        throw RegionError(file, line_number, "END KIT ONLY without BEGIN KIT ONLY");
      }
      state = State::Outside;
      continue;
    }
    if (state == State::KitOnly) continue;  // the kit's tools only: never in a starter
    if (is_marker(content, kBegin)) {
      if (state != State::Outside) {
        throw RegionError(file, line_number, "BEGIN SOLUTION inside the region opened on line " +
                                                 std::to_string(begin_line));
      }
      // "NAME" or "NAME, given to OTHER, OTHER..."
      std::string_view rest = trim_left(content.substr(kBegin.size()));
      const std::string name(trim_right(rest.substr(0, rest.find(','))));
      std::set<std::string> given_to;
      if (const std::size_t comma = rest.find(','); comma != std::string_view::npos) {
        rest = trim_left(rest.substr(comma + 1));
        constexpr std::string_view kGivenTo = "given to ";
        if (rest.substr(0, kGivenTo.size()) != kGivenTo) {
          throw RegionError(file, line_number,
                            "after the exercise comes \", given to EXERCISE[, EXERCISE...]\"");
        }
        rest.remove_prefix(kGivenTo.size());
        while (!rest.empty()) {
          const std::size_t next = rest.find(',');
          given_to.emplace(trim_right(trim_left(rest.substr(0, next))));
          rest = next == std::string_view::npos ? std::string_view() : rest.substr(next + 1);
        }
      }
      if (name.empty()) throw RegionError(file, line_number, "BEGIN SOLUTION needs an exercise name");
      given_to.insert(name);
      for (const std::string& named : given_to) {
        if (exercises.count(named) == 0) {
          std::string known;
          for (const std::string& e : exercises) known += (known.empty() ? "" : ", ") + e;
          throw RegionError(file, line_number,
                            "unknown exercise \"" + named + "\" (known: " + known + ")");
        }
      }
      state = State::Solution;
      ours = name == exercise;
      stub_it = keep == Keep::Stubs && (ours || given_to.count(exercise) == 0);
      if (!ours && !stub_it && keep == Keep::Stubs) result.given_from.insert(name);
      result.has_region_of_exercise = result.has_region_of_exercise || ours;
      begin_line = line_number;
      continue;
    }
    if (is_marker(content, kStub)) {
      if (state != State::Solution) {
        throw RegionError(file, line_number,
                          state == State::Stub ? "a second STUB in one region"
                                               : "STUB outside a BEGIN SOLUTION region");
      }
      state = State::Stub;
      continue;
    }
    if (is_marker(content, kEnd)) {
      if (state == State::Outside || state == State::KitOnly) {
        throw RegionError(file, line_number, "END SOLUTION without BEGIN SOLUTION");
      }
      state = State::Outside;
      continue;
    }

    switch (state) {
      case State::Outside:
        if (content.substr(0, kStubLine.size()) == kStubLine) {
          throw RegionError(file, line_number, "a stub line (//|) outside a STUB section");
        }
        emit(line);
        break;
      case State::KitOnly:
        break;
      case State::Solution:
        if (!stub_it) emit(line);
        break;
      case State::Stub: {
        if (content.substr(0, kStubLine.size()) != kStubLine) {
          throw RegionError(file, line_number,
                            "every line between STUB and END SOLUTION starts with \"//| \"");
        }
        std::string_view stub = content.substr(kStubLine.size());
        if (!stub.empty() && stub[0] == ' ') stub.remove_prefix(1);
        if (!stub_it) {  // solved: the function is still the exercise's to write
          if (ours) collect_stubbed(stub, result.stubbed);
          break;
        }
        const std::string_view indent = line.substr(0, line.find(kStubLine));
        std::string out(stub.empty() ? std::string_view() : indent);
        out.append(stub);
        collect_stubbed(stub, ours ? result.stubbed : result.others_stubbed);
        emit(out);
        break;
      }
    }
  }
  if (state != State::Outside) {
    throw RegionError(file, begin_line, state == State::KitOnly
                                            ? "BEGIN KIT ONLY without END KIT ONLY"
                                            : "BEGIN SOLUTION without END SOLUTION");
  }
  // A region removed whole (a helper without a stub) leaves its blank lines on both sides:
  // keep one, as the reference's formatting does.
  for (std::size_t at = result.text.find("\n\n\n"); at != std::string::npos;
       at = result.text.find("\n\n\n", at)) {
    result.text.erase(at, 1);
  }
  return result;
}

}  // namespace starter
