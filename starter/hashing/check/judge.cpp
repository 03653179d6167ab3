#include "judge.hpp"

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "limits.hpp"

namespace grader {

std::string_view verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::Timeout: return "timeout";
    case Verdict::MemoryLimit: return "memory-limit";
    case Verdict::Crashed: return "crashed";
    case Verdict::ExitCode: return "exit-code";
    case Verdict::OutputLimit: return "output-limit";
    case Verdict::NoOutput: return "no-output";
    case Verdict::WrongOutput: return "wrong-output";
    case Verdict::Passed: return "passed";
    case Verdict::NotRun: return "not-run";
    case Verdict::Skipped: return "skipped";
  }
  return "not-run";
}

std::chrono::milliseconds case_time_limit(const Case& kase, std::optional<std::chrono::milliseconds> timeout) {
  if (kase.timeout_seconds) return whole_ms(*kase.timeout_seconds);
  if (timeout) return *timeout;
  return kase.reference_seconds ? reference_limit(*kase.reference_seconds) : kUntimedLimit;
}

std::optional<Verdict> parse_verdict(std::string_view name) {
  for (const Verdict verdict : kVerdicts) {
    if (verdict_name(verdict) == name) return verdict;
  }
  return std::nullopt;
}

namespace {

std::string answered(const RunResult& run, const Case& kase) {
  return std::to_string(output_lines(run.out).size()) + " of " +
         std::to_string(kase.expected_line_count()) + " expected lines came";
}

// Where a program built on the starter works at `input`'s command: "; in the starter, its
// answer comes from murmur3_32 or print_hash" (commands.tsv); empty when the table does not
// say, or names no function (given code alone).
std::string functions_at(const Case& kase, std::string_view input) {
  const std::string_view name = command_of(input);
  for (const CommandInfo& command : kase.commands) {
    if (command.name != name || command.functions.empty()) continue;
    std::string list;
    for (std::size_t i = 0; i < command.functions.size(); ++i) {
      list += (i == 0                              ? ""
               : i + 1 == command.functions.size() ? " or "
                                                   : ", ") +
              command.functions[i];
    }
    return "; in the starter, its answer comes from " + list;
  }
  return "";
}

}  // namespace

std::string allocation_failure(const RunResult& run) {
  if (run.signal == 0 && run.exit_code == 0) return "";
  // Each as the runtime writes it (libstdc++'s terminate handler, libc++abi, CPython, the JVM,
  // Rust's default alloc error hook, Go's runtime, V8), most telling first.
  static constexpr const char* kWords[] = {"std::bad_alloc", "MemoryError", "java.lang.OutOfMemoryError",
                                           "runtime: out of memory", "out of memory"};
  for (const char* words : kWords) {
    if (run.err.find(words) != std::string::npos) return words;
  }
  const std::size_t rust = run.err.find("memory allocation of ");
  if (rust != std::string::npos && run.err.find(" bytes failed", rust) != std::string::npos) {
    return "memory allocation of N bytes failed";
  }
  return "";
}

namespace {

// The known mistakes whose transcripts answer exactly what a wrong program did: as many
// lines as expected, none extra before an answer.
std::vector<const KnownMistake*> diagnose(const Case& kase, const std::string& out,
                                          const std::optional<Mismatch>& mismatch) {
  std::vector<const KnownMistake*> diagnosis;
  if (const std::vector<std::string_view> lines = output_lines(out);
      mismatch && lines.size() == kase.expected_line_count() && !mismatch->extra_before()) {
    for (const MistakeTranscript& transcript : transcripts(kase)) {
      if (transcript.evident() && explains(transcript, kase, lines)) {
        diagnosis.push_back(transcript.rows.front());
      }
    }
  }
  return diagnosis;
}

// Where a program that ran out of time stopped: at the line after the answers that came, when
// some came (each answer is delivered as it is made, docs/protocol.md); a program that holds
// back every answer and one stuck on its first command look alike.
std::string timeout_summary(const Case& kase, const RunResult& run, const Limits& limits,
                            const std::optional<Mismatch>& m) {
  const std::string when =
      run.cpu_limited ? "by the time it had used its " + limit_text(limits.cpu) + " of CPU time"
                      : "within " + limit_text(limits.wall) + " of wall-clock time (using " +
                            limit_text(run.cpu / 100 * 100) + " of CPU)";  // to the tenth
  const std::size_t came = output_lines(run.out).size();
  if (m && !m->actual && !m->extra_output && came > 0) {
    return "no answer to this line " + when + ": the " + std::to_string(came) +
           (came == 1 ? " answer" : " answers") +
           " before it came, and the program was still working on this command" +
           (m->step != nullptr ? functions_at(kase, m->step->input) : "");
  }
  if (came == 0) {
    // The first command is named: a program that delivers each answer as it is made (the
    // starters' given code does) is stuck on it; one that holds every answer back until its
    // end may be stuck on any, which the output cannot tell apart.
    const std::string first = kase.steps.empty() ? "" : kase.steps.front().input;
    return "no answer at all " + when + ", not even to the first command, " + first +
           ": a program that writes each answer as it is made is stuck on it" +
           functions_at(kase, first);
  }
  return "not finished " + when + " (" + answered(run, kase) + (m ? "" : ", all of them right") +
         ")";
}

std::string memory_summary(const Case& kase, const RunResult& run, const Limits& limits,
                           const std::string& allocation) {
  return (run.oom_killed
              ? "ran out of memory: its processes together reached the memory limit, " +
                    mib_text(limits.memory_bytes) + ", and the kernel ended one"
              : "ran out of memory: an allocation failed (" + allocation + ")" +
                    (limits.memory_bytes != 0
                         ? " under the limit of " + mib_text(limits.memory_bytes) + " per process"
                         : "")) +
         " (" + answered(run, kase) + ")";
}

std::string wrong_output_summary(const Case& kase, const RunResult& run, const Mismatch& m) {
  if (m.extra_output) {
    return "more answer lines than commands: line " + std::to_string(m.output_line + 1) +
           " was not expected";
  }
  if (!m.actual) return "the output ended (" + answered(run, kase) + ")";
  if (m.extra_before()) {
    return (m.extra_lines == 1 ? std::string("an extra line")
                               : std::to_string(m.extra_lines) + " extra lines") +
           " before answer " + std::to_string(m.output_line + 1) + ", which came after " +
           (m.extra_lines == 1 ? "it" : "them");
  }
  return "answer " + std::to_string(m.output_line + 1) + " differs";
}

}  // namespace

CaseResult judge(const Case& kase, RunResult run, const Limits& limits) {
  CaseResult result;
  result.kase = &kase;
  if (!run.started) {
    result.verdict = Verdict::NotRun;
    result.summary = run.start_error;
    result.run = std::move(run);
    return result;
  }
  result.mismatch = compare_output(kase, run.out);
  result.diagnosis = diagnose(kase, run.out, result.mismatch);
  const std::string allocation = allocation_failure(run);
  if (run.timed_out) {
    result.verdict = Verdict::Timeout;
    result.summary = timeout_summary(kase, run, limits, result.mismatch);
  } else if (run.oom_killed || !allocation.empty()) {
    result.verdict = Verdict::MemoryLimit;
    result.summary = memory_summary(kase, run, limits, allocation);
  } else if (run.signal != 0) {
    result.verdict = Verdict::Crashed;
    result.summary = "killed by " + signal_name(run.signal) + " (" + answered(run, kase) + ")";
  } else if (run.exit_code != 0) {
    result.verdict = Verdict::ExitCode;
    result.summary = "exited with status " + std::to_string(run.exit_code) +
                     " (a program ends with 0 at the end of its input)";
  } else if (run.output_limited) {
    result.verdict = Verdict::OutputLimit;
    result.summary = "wrote more than " + std::to_string(limits.output_bytes) +
                     " bytes of output; it was stopped";
  } else if (run.out.empty() && kase.expected_line_count() > 0) {
    result.verdict = Verdict::NoOutput;
    result.summary = "no output at all; " + std::to_string(kase.expected_line_count()) +
                     " lines were expected";
  } else if (result.mismatch) {
    result.verdict = Verdict::WrongOutput;
    result.summary = wrong_output_summary(kase, run, *result.mismatch);
  } else {
    result.verdict = Verdict::Passed;
    result.points = kase.points;
  }
  result.run = std::move(run);
  return result;
}

namespace {

// An ASCII hex digit: the C library's isxdigit and isalnum are not among the calls a starter's
// check may import (the libc++ platform cell holds it to POSIX.1-2008 and macOS).
bool hex_digit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

}  // namespace

int evidence_digits(std::string_view expected, std::string_view answer) {
  // the runs of letters and digits of a line, in order
  const auto tokens = [](std::string_view line) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < line.size();) {
      std::size_t end = i;
      while (end < line.size() && (hex_digit(line[end]) || (line[end] >= 'g' && line[end] <= 'z') ||
                                   (line[end] >= 'G' && line[end] <= 'Z'))) {
        ++end;
      }
      if (end > i) out.push_back(line.substr(i, end - i));
      i = end + 1;
    }
    return out;
  };
  const std::vector<std::string_view> want = tokens(expected);
  const std::vector<std::string_view> got = tokens(answer);
  int digits = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const bool number = std::all_of(got[i].begin(), got[i].end(), hex_digit);
    if (number && (i >= want.size() || !lines_match(want[i], got[i])))
      digits += static_cast<int>(got[i].size());
  }
  return digits;
}

namespace {

constexpr std::string_view kDigestMark = "#digest ";

}  // namespace

std::string stored_answer(std::string_view expected, std::string_view answer) {
  if (answer.size() <= kDigestedAnswer) return std::string(answer);
  return std::string(kDigestMark) + std::to_string(evidence_digits(expected, answer)) + " " +
         line_digest(answer);
}

std::string as_unsigned_32(std::string_view line) {
  constexpr std::uint64_t kTwoTo32 = std::uint64_t{1} << 32;
  if (line.ends_with('\r')) line.remove_suffix(1);  // as lines_match reads a line
  std::string out;
  for (std::size_t i = 0; i < line.size();) {
    const std::size_t start = line.find_first_not_of(" \t", i);
    if (start == std::string_view::npos) break;
    const std::size_t end = std::min(line.find_first_of(" \t", start), line.size());
    const std::string_view token = line.substr(start, end - start);
    std::uint64_t magnitude = 0;
    const char* digits = token.data() + 1;
    const char* last = token.data() + token.size();
    const auto [stop, error] = std::from_chars(digits, last, magnitude);
    const bool negative = token.size() > 1 && token.front() == '-' && error == std::errc{} &&
                          stop == last && magnitude > 0 && magnitude < kTwoTo32;
    out += out.empty() ? "" : " ";
    out += negative ? std::to_string(kTwoTo32 - magnitude) : std::string(token);
    i = end;
  }
  return out;
}

bool row_matches(const KnownMistake& row, std::string_view line, AnswerKind answer) {
  const auto matches = [&row](std::string_view text) {
    if (!row.answer.starts_with(kDigestMark)) return lines_match(row.answer, text);
    return row.answer.ends_with(" " + line_digest(text));
  };
  if (matches(line)) return true;
  return answer == AnswerKind::Indexes && line.find('-') != std::string_view::npos &&
         matches(as_unsigned_32(line));
}

bool MistakeTranscript::evident() const {
  return lines >= 2 || digits >= kEvidenceDigits;
}

std::vector<MistakeTranscript> transcripts(const Case& kase) {
  std::map<int, std::string_view> expected;  // by case line
  for (const Step& step : kase.steps) {
    for (const ExpectedLine& line : step.expected) expected.emplace(line.case_line, line.text);
  }
  std::vector<MistakeTranscript> out;
  std::map<std::string, std::size_t> index;  // by ids
  for (const KnownMistake& known : kase.mistakes) {
    const auto [at, added] = index.emplace(known.ids(), out.size());
    if (added) out.emplace_back();
    MistakeTranscript& transcript = out[at->second];
    transcript.rows.push_back(&known);
    if (known.answer.starts_with(kDigestMark)) {
      const std::string_view rest = std::string_view(known.answer).substr(kDigestMark.size());
      int digits = 0;
      std::from_chars(rest.data(), rest.data() + rest.size(), digits);
      transcript.digits += known.common ? 0 : digits;
      transcript.lines += known.common || digits == 0 ? 0 : 1;
    } else if (!known.common && !lines_match("error", known.answer)) {
      const int digits = evidence_digits(expected[known.case_line], known.answer);
      transcript.digits += digits;
      transcript.lines += digits > 0 ? 1 : 0;
    }
  }
  for (MistakeTranscript& transcript : out) {
    std::stable_sort(
        transcript.rows.begin(), transcript.rows.end(),
        [](const KnownMistake* a, const KnownMistake* b) { return a->case_line < b->case_line; });
  }
  return out;
}

bool explains(const MistakeTranscript& transcript, const Case& kase,
              const std::vector<std::string_view>& lines) {
  if (lines.size() != kase.expected_line_count()) return false;
  auto row = transcript.rows.begin();
  std::size_t at = 0;
  for (const Step& step : kase.steps) {
    const auto command =
        std::find_if(kase.commands.begin(), kase.commands.end(),
                     [&](const CommandInfo& c) { return c.name == command_of(step.input); });
    const AnswerKind answer = command == kase.commands.end() ? AnswerKind::Other : command->answer;
    for (const ExpectedLine& expected : step.expected) {
      const bool own = row != transcript.rows.end() && (*row)->case_line == expected.case_line;
      if (own ? !row_matches(**row++, lines[at], answer) : !lines_match(expected.text, lines[at]))
        return false;
      ++at;
    }
  }
  return true;
}

namespace {

// The case lines of the expected answers that `result`'s program answered right: each before
// the first difference, and every other one that matches when the output has a line for each.
std::set<int> answered_right(const CaseResult& result) {
  std::set<int> right;
  const std::vector<std::string_view> lines = output_lines(result.run.out);
  const std::optional<Mismatch>& m = result.mismatch;
  const bool aligned =
      lines.size() == result.kase->expected_line_count() && !(m && m->extra_before());
  std::size_t at = 0;
  for (const Step& step : result.kase->steps) {
    for (const ExpectedLine& expected : step.expected) {
      const bool before = !m || m->extra_output || at < m->output_line;
      if (before || (aligned && lines_match(expected.text, lines[at])))
        right.insert(expected.case_line);
      ++at;
    }
  }
  return right;
}

}  // namespace

std::vector<std::string> rule_out_contradicted(std::vector<CaseResult>& results) {
  std::set<std::string> ruled_out;
  for (const CaseResult& result : results) {
    if (result.kase == nullptr || result.verdict == Verdict::NotRun || result.verdict == Verdict::Skipped) {
      continue;  // nothing ran: no evidence
    }
    const std::set<int> right = answered_right(result);
    // The program's answers are a pair's own (no single mistake's, nor another pair's): it is
    // that pair, and no other mistake that shows in this case is made.
    std::set<std::string> pair_here;
    for (const KnownMistake* known : result.diagnosis) {
      if (known->with.empty()) continue;
      for (const MistakeInfo* mistake : known->named()) pair_here.insert(mistake->id);
    }
    const std::vector<MistakeTranscript> all = transcripts(*result.kase);
    const std::vector<std::string_view> lines = output_lines(result.run.out);
    // a line that a pair with `id` answers right, where the program's answers are that pair's
    const auto pair_right = [&](const std::string& id, int line) {
      return std::any_of(all.begin(), all.end(), [&](const MistakeTranscript& pair) {
        const std::vector<const MistakeInfo*> named = pair.rows.front()->named();
        return named.size() > 1 &&
               std::any_of(named.begin(), named.end(),
                           [&](const MistakeInfo* m) { return m->id == id; }) &&
               std::none_of(pair.rows.begin(), pair.rows.end(),
                            [&](const KnownMistake* row) { return row->case_line == line; }) &&
               explains(pair, *result.kase, lines);
      });
    };
    for (const MistakeTranscript& transcript : all) {
      const KnownMistake& first = *transcript.rows.front();
      if (!first.with.empty() || pair_here.count(first.info.id) != 0) continue;
      const bool contradicted =
          !pair_here.empty() ||
          std::any_of(transcript.rows.begin(), transcript.rows.end(), [&](const KnownMistake* row) {
            return right.count(row->case_line) != 0 && !pair_right(first.info.id, row->case_line);
          });
      if (contradicted) ruled_out.insert(first.info.id);
    }
  }
  for (CaseResult& result : results) {
    std::erase_if(result.diagnosis, [&](const KnownMistake* known) {
      const std::vector<const MistakeInfo*> named = known->named();
      return std::any_of(named.begin(), named.end(),
                         [&](const MistakeInfo* mistake) { return ruled_out.count(mistake->id) != 0; });
    });
  }
  return {ruled_out.begin(), ruled_out.end()};
}

void note_needs(std::vector<CaseResult>& results) {
  std::map<std::string_view, Verdict> verdict_of;
  for (const CaseResult& result : results) {
    if (result.kase != nullptr) verdict_of.emplace(result.kase->name, result.verdict);
  }
  for (CaseResult& result : results) {
    if (result.kase == nullptr) continue;
    result.needs_failed.clear();
    result.needs_not_graded.clear();
    for (const std::string& needed : result.kase->needs) {
      const auto found = verdict_of.find(needed);
      if (found == verdict_of.end() || found->second == Verdict::NotRun || found->second == Verdict::Skipped) {
        result.needs_not_graded.push_back(needed);
      } else if (found->second != Verdict::Passed) {
        result.needs_failed.push_back(needed);
      }
    }
  }
}

bool step_answered_right(const CaseResult& result, const Step& step) {
  if (!result.mismatch) return result.verdict == Verdict::Passed;
  const std::vector<std::string_view> lines = output_lines(result.run.out);
  const bool aligned =
      lines.size() == result.kase->expected_line_count() && !result.mismatch->extra_before();
  std::size_t first = 0;  // the output line of step's first answer
  for (const Step& each : result.kase->steps) {
    if (&each == &step) break;
    first += each.expected.size();
  }
  if (first + step.expected.size() <= result.mismatch->output_line) return true;
  if (!aligned) return false;
  for (std::size_t i = 0; i < step.expected.size(); ++i) {
    if (!lines_match(step.expected[i].text, lines[first + i])) return false;
  }
  return true;
}

bool premise_holds(const CaseResult& result, const Hint& hint) {
  if (!hint.premised) return true;
  return std::all_of(hint.given.begin(), hint.given.end(), [&](const std::string& given) {
    if (given.find('/') != std::string::npos) {
      return std::find(result.needs_failed.begin(), result.needs_failed.end(), given) ==
             result.needs_failed.end();
    }
    return std::all_of(result.kase->steps.begin(), result.kase->steps.end(), [&](const Step& step) {
      return command_of(step.input) != given || step_answered_right(result, step);
    });
  });
}

namespace {

// The command a timed-out case hung at, or "" (it had answered every line, or did not time out).
std::string hung_at(const CaseResult& result) {
  if (result.verdict != Verdict::Timeout || !result.mismatch || result.mismatch->step == nullptr)
    return "";
  return std::string(command_of(result.mismatch->step->input));
}

// The first of `commands` that `kase` sends, or "".
std::string sends_hung(const Case& kase, const std::set<std::string>& commands) {
  for (const Step& step : kase.steps) {
    // a line answered with an error is refused before the command calls anything: it cannot
    // reach what hangs (the protocol suite's bad arguments)
    const bool refused = !step.expected.empty() && lines_match("error", step.expected.front().text);
    if (!refused && commands.count(std::string(command_of(step.input))) != 0) {
      return std::string(command_of(step.input));
    }
  }
  return "";
}

// What the cases judged so far say of the next: how many timed out, and the commands they hung at.
struct Hangs {
  int timeouts = 0;
  std::set<std::string> commands;

  void note(const CaseResult& result) {
    timeouts += result.verdict == Verdict::Timeout ? 1 : 0;
    if (std::string at = hung_at(result); !at.empty()) commands.insert(std::move(at));
  }

  // Why `kase` is skipped after them rather than run, or "" to run it.
  [[nodiscard]] std::string skip_reason(const Case& kase, const GradeOptions& options) const {
    if (options.skip_after_timeouts > 0 && timeouts >= options.skip_after_timeouts) {
      return "not run: " + std::to_string(timeouts) + " cases had timed out already";
    }
    if (options.skip_hung_commands) {
      if (const std::string sent = sends_hung(kase, commands); !sent.empty()) {
        return "not run: it sends " + sent + ", which a case before it hung at";
      }
    }
    return "";
  }
};

// Why no more case runs once `budget` (none when zero) is spent since `start`, or "".
std::string budget_spent(std::chrono::milliseconds budget,
                         std::chrono::steady_clock::time_point start) {
  if (budget.count() <= 0 || std::chrono::steady_clock::now() - start < budget) return "";
  const auto ms = budget.count();
  return "not run: the time budget of " +
         (ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms") +
         " was spent";
}

// Runs one case under its limits and judges it; one stopped by Ctrl-C is not run, which says
// nothing about the program.
CaseResult run_case(const Case& kase, const Command& command, const GradeOptions& options,
                    const std::atomic<bool>& stop) {
  Limits limits = options.limits;
  limits.set_time(case_time_limit(kase, options.timeout));
  std::optional<RunResult> run;
  {
    const RunsApart apart(kase.hidden, stop);
    if (apart.admitted()) {
      Command of_this_kind = command;  // a grader's sandbox keeps hidden cases' runs apart
      of_this_kind.hidden_case = kase.hidden;
      run = run_program(of_this_kind, kase.input_text(), limits);
    }
  }
  CaseResult result = run ? judge(kase, *run, limits) : CaseResult{};
  result.kase = &kase;
  if (!run || (stop.load() && result.verdict != Verdict::Passed)) {
    result.verdict = Verdict::NotRun;
    result.points = 0;
    result.summary = "not run: grading was interrupted";
  }
  return result;
}

// Cases run at once may have started after, in order, the timeout that ends the run: they are
// judged skipped too, so that the verdicts are those of one case at a time, whatever `jobs` (a
// batch's reports do not depend on how it was scheduled).
void skip_in_order(std::vector<CaseResult>& results, const GradeOptions& options) {
  if (options.skip_after_timeouts <= 0 && !options.skip_hung_commands) return;
  Hangs before;  // the cases before each, in order
  for (CaseResult& result : results) {
    // a case skipped while it ran says what came before it in order too: cases run at once
    // may have timed out before it was skipped
    if (std::string reason = before.skip_reason(*result.kase, options);
        !reason.empty() && result.verdict != Verdict::NotRun) {
      const Case* kase = result.kase;
      result = CaseResult{};
      result.kase = kase;
      result.verdict = Verdict::Skipped;
      result.summary = std::move(reason);
    }
    before.note(result);
  }
}

}  // namespace

std::vector<CaseResult> grade(const std::vector<Case>& cases, const Command& command,
                              const GradeOptions& options, const std::atomic<bool>& stop,
                              const std::function<void(const CaseResult&)>& on_result) {
  std::vector<CaseResult> results(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    results[i].kase = &cases[i];
    results[i].summary = "not run: grading was interrupted";
  }
  // Every visible case runs before any hidden one: no visible case's output, which its student
  // reads, comes from a program run after a hidden case's, whatever one run can leave for the
  // next that no sandbox hides (the machine's own counters, such as its count of forks). The
  // results stay in the cases' order, and a case is skipped for the timeouts of those before it
  // in that order alone, so the verdicts are those of one case at a time, in order, as before.
  std::vector<std::size_t> order;
  for (const bool hidden : {false, true}) {
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (cases[i].hidden == hidden) order.push_back(i);
    }
  }
  std::vector<bool> ended(cases.size(), false);  // under report_lock
  std::mutex report_lock;
  const auto start = std::chrono::steady_clock::now();
  run_in_parallel(cases.size(), options.jobs, stop, [&](std::size_t k) {
    const std::size_t i = order[k];
    std::unique_lock<std::mutex> lock(report_lock);
    Hangs before;  // the cases before it in order that have ended
    for (std::size_t j = 0; j < i; ++j) {
      if (ended[j]) before.note(results[j]);
    }
    std::string reason = before.skip_reason(cases[i], options);
    if (reason.empty()) reason = budget_spent(options.budget, start);
    if (!reason.empty()) {
      results[i].verdict = Verdict::Skipped;
      results[i].summary = std::move(reason);
      ended[i] = true;
      if (on_result) on_result(results[i]);
      return;
    }
    lock.unlock();
    CaseResult result = run_case(cases[i], command, options, stop);
    lock.lock();
    results[i] = std::move(result);
    ended[i] = true;
    if (on_result) on_result(results[i]);
  });
  skip_in_order(results, options);
  static_cast<void>(rule_out_contradicted(results));
  note_needs(results);
  return results;
}

namespace {

// RunsApart's state: one for the process, so that submissions graded at once obey it too.
struct Apart {
  std::mutex lock;
  std::condition_variable changed;
  int running[2] = {0, 0};  // runs holding it: visible [0], hidden [1]
  int waiting[2] = {0, 0};
  int turn = 0;  // the kind that starts first when both wait
};

Apart& apart_state() {
  static Apart state;
  return state;
}

}  // namespace

RunsApart::RunsApart(bool hidden, const std::atomic<bool>& stop) : hidden_(hidden) {
  Apart& s = apart_state();
  const int mine = hidden ? 1 : 0;
  const int other = 1 - mine;
  std::unique_lock<std::mutex> hold(s.lock);
  if (s.running[other] > 0) s.turn = mine;  // the other kind holds the machine: this one is next
  ++s.waiting[mine];
  const auto may_start = [&] {
    return s.running[other] == 0 && (s.waiting[other] == 0 || s.turn == mine);
  };
  // wait_until on the system clock: a timed wait on the steady clock compiles, in libc++ and
  // libstdc++ on glibc, to pthread_cond_clockwait, which macOS lacks (the starters' check runs
  // this there); a jump of the clock delays only the stop's poll, never a notified change
  while (!stop.load() && !may_start()) s.changed.wait_until(hold, std::chrono::system_clock::now() + kStopPoll);
  --s.waiting[mine];
  if (stop.load()) {
    s.changed.notify_all();  // one fewer waiting of this kind: the other kind may go
    return;
  }
  admitted_ = true;
  ++s.running[mine];
  // runs of the other kind wait: once this kind's are over, they go first, and no more of this
  // kind starts meanwhile (else a steady stream of one kind would starve the other)
  if (s.waiting[other] > 0) s.turn = other;
}

RunsApart::~RunsApart() {
  Apart& s = apart_state();
  const std::lock_guard<std::mutex> hold(s.lock);
  if (admitted_ && --s.running[hidden_ ? 1 : 0] == 0) s.changed.notify_all();
}

void run_in_parallel(std::size_t count, int jobs, const std::atomic<bool>& stop,
                     const std::function<void(std::size_t)>& work) {
  std::atomic<std::size_t> next{0};
  const auto worker = [&] {
    for (std::size_t i = next.fetch_add(1); i < count && !stop.load(); i = next.fetch_add(1)) {
      work(i);
    }
  };
  const auto threads_wanted = std::min<std::size_t>(static_cast<std::size_t>(std::max(1, jobs)), count);
  std::vector<std::thread> threads;
  for (std::size_t j = 1; j < threads_wanted; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& thread : threads) thread.join();
}

}  // namespace grader
