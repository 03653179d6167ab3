// Verdicts: what became of one case, judged from a RunResult and the case's expectations.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "case_file.hpp"
#include "compare.hpp"
#include "runner.hpp"

namespace grader {

// In order of precedence (DOMjudge's): the first that applies is the verdict.
enum class Verdict {
  Timeout,      // a time limit passed (its CPU time's or the wall clock's), even if the output so
                // far was right
  MemoryLimit,  // it ran out of memory: the cgroup's OOM killer ended it, or an allocation failed
                // under the address-space limit and the program said so (allocation_failure)
  Crashed,      // a signal ended the program
  ExitCode,     // it exited with a status other than 0
  OutputLimit,  // it wrote more than the output limit
  NoOutput,     // output was expected and none came
  WrongOutput,  // the output differs from the case
  Passed,
  NotRun,       // the program could not be started, or the run was interrupted
  Skipped,      // not run: the program had timed out too often, or its time budget was spent
                // (GradeOptions); zero points, like any case not passed. The last: kVerdicts
};

// Every verdict, in the enum's order (a static_assert below keeps it whole).
inline constexpr Verdict kVerdicts[] = {Verdict::Timeout,     Verdict::MemoryLimit, Verdict::Crashed,
                                        Verdict::ExitCode,    Verdict::OutputLimit, Verdict::NoOutput,
                                        Verdict::WrongOutput, Verdict::Passed,      Verdict::NotRun,
                                        Verdict::Skipped};
static_assert(
    [] {
      for (std::size_t i = 0; i < std::size(kVerdicts); ++i) {
        if (kVerdicts[i] != static_cast<Verdict>(i)) return false;
      }
      return std::size(kVerdicts) == static_cast<std::size_t>(Verdict::Skipped) + 1;
    }(),
    "kVerdicts lists every verdict in the enum's order; Skipped stays the enum's last");

// "timeout", "memory-limit", ...: the verdict's one name in every report, and parse_verdict's
// inverse (a round-trip test keeps them so).
[[nodiscard]] std::string_view verdict_name(Verdict verdict);
// The verdict a report names, or nullopt for a name that is none.
[[nodiscard]] std::optional<Verdict> parse_verdict(std::string_view name);

// What a program that ended badly (a signal, a status other than 0) wrote to stderr when an
// allocation failed, as its runtime words it: "std::bad_alloc" (C++, libstdc++ and libc++),
// "MemoryError" (Python), "java.lang.OutOfMemoryError", "memory allocation of N bytes failed"
// (Rust), "runtime: out of memory" (Go), "out of memory" (Node.js's V8 and others). Empty when
// none of them is there.
[[nodiscard]] std::string allocation_failure(const RunResult& run);

struct CaseResult {
  const Case* kase = nullptr;
  Verdict verdict = Verdict::NotRun;
  int points = 0;  // earned: all of the case's points or none
  RunResult run;
  std::optional<Mismatch> mismatch;  // the first differing line, for every verdict but passed
  std::string summary;               // one line in the student's terms
  // The known mistakes (and pairs) whose recorded transcript is this program's answers, line
  // for line (explains), where it shows evidence enough (MistakeTranscript::digits): each by
  // its first row in kase->mistakes. grade() then leaves out those that another case rules out
  // (rule_out_contradicted).
  std::vector<const KnownMistake*> diagnosis;
  // Of the case's @needs, those graded with it that did not pass, and those not graded at all
  // (grade() fills both): what its hints take for granted that is false, or unknown.
  std::vector<std::string> needs_failed;
  std::vector<std::string> needs_not_graded;
};

[[nodiscard]] CaseResult judge(const Case& kase, RunResult run, const Limits& limits);

// The answers a known mistake, or a pair, gives to a case: its rows in the case's .mistakes,
// one for each expected line it answers otherwise, in the case's order; it answers every other
// line as expected.
struct MistakeTranscript {
  std::vector<const KnownMistake*> rows;  // never empty; the first stands for it in a diagnosis
  // What its answers say (the known-mistakes guide, "Evidence"), over its rows that are neither
  // common nor errors: the digits of the numbers that differ from the expected line's
  // (evidence_digits), and the rows with any such digit.
  int digits = 0;
  int lines = 0;
  // Evidence enough to name its mistakes: two lines with a differing number, or one line with
  // kEvidenceDigits of them. One line of a small answer ("bits=0 hashes=1", a position under
  // 10000, "no", "ok") never names anything by itself.
  [[nodiscard]] bool evident() const;
};

// Each known mistake's and pair's transcript in `kase`, in the order of their first rows.
[[nodiscard]] std::vector<MistakeTranscript> transcripts(const Case& kase);

// The digits of `answer`'s numbers (decimal or hexadecimal; a word is no number) that the
// expected line does not have in the same place: 4 for "bits=9586 hashes=7" where "bits=9585
// hashes=7" is expected, 8 for a 32-bit hash in hex, 0 for "no" or "ok".
[[nodiscard]] int evidence_digits(std::string_view expected, std::string_view answer);

// The fewest differing digits one line must show to name a mistake by itself.
inline constexpr int kEvidenceDigits = 5;

// The answers longer than this that a .mistakes row keeps as "#digest DIGITS HEX": its evidence
// digits and its line_digest. A 36000-byte FILTERLOAD is 72000 hex digits, in many rows.
inline constexpr std::size_t kDigestedAnswer = 512;

// `answer`, to `expected`, as a .mistakes row keeps it: itself, or when long its digest.
[[nodiscard]] std::string stored_answer(std::string_view expected, std::string_view answer);

// `line` with each token `-N` (1 <= N < 2^32) read as its 32-bit two's complement, 2^32 - N:
// "-123 7" -> "4294967173 7". What a program with unsigned 32-bit numbers prints where a
// program in signed arithmetic (Java's and Go's int and long, Java's truncating %) prints -N.
[[nodiscard]] std::string as_unsigned_32(std::string_view line);

// Whether `line` is the answer `row` keeps (lines_match, or the same digest). To a command
// whose answer is indexes (AnswerKind), `line` read as_unsigned_32 is that answer too: a
// negative index is always wrong, and the mistake that made it is the one that makes its
// unsigned form. Only a recorded mistake's answer is read so, never an expected one.
[[nodiscard]] bool row_matches(const KnownMistake& row, std::string_view line,
                               AnswerKind answer = AnswerKind::Other);

// Whether `lines`, a program's whole output to `kase`, is `transcript`'s answer on every line:
// its own answer where it has a row, the expected one elsewhere.
[[nodiscard]] bool explains(const MistakeTranscript& transcript, const Case& kase,
                            const std::vector<std::string_view>& lines);

// Evidence across cases (the kit's known-mistakes guide, "Evidence"): a known mistake that
// answers a line wrong which the program answered right, in any of `results`, is not what the
// program does, and is taken out of every result's diagnosis; unless a pair with it recorded in
// that case answers the line right too, and the program's answers there are that pair's (too
// little evidence, perhaps, to name it). Where the program's
// answers are a pair's, the program is that pair: a mistake outside it that goes wrong in that
// case is ruled out. Returns the ids ruled out, sorted.
std::vector<std::string> rule_out_contradicted(std::vector<CaseResult>& results);

// Fills each result's needs_failed and needs_not_graded from the other results (by case id).
void note_needs(std::vector<CaseResult>& results);

// Whether every answer to `step`, a step of result.kase, is right in the program's output: the
// steps before the first difference are; one after it is read line for line only when the
// output has as many lines as the case expects, since a line too many or too few shifts every
// answer after it.
[[nodiscard]] bool step_answered_right(const CaseResult& result, const Step& step);

// Whether what `hint` takes for granted (its @given lines) is so in this run: each COMMAND's
// lines in the case answered right (step_answered_right), each case id (one of its @needs) not
// failed: passed, or not graded, which the report's "if CASE passes: " then says. A
// hint with no @given line at all takes the lines before it for granted, which the run shows
// right: it holds (the kit's own cases each write one, a test sees to it).
[[nodiscard]] bool premise_holds(const CaseResult& result, const Hint& hint);

// The CPU-time limit of `kase`: its @timeout; else `timeout` (--timeout) when given; else
// kTimeMultiplier times its recorded reference time, at least kTimeFloor; else kUntimedLimit
// (cases recorded without a time). Every run of a case takes its limit from here alone.
[[nodiscard]] std::chrono::milliseconds case_time_limit(const Case& kase,
                                                        std::optional<std::chrono::milliseconds> timeout);

// The one worker pool: calls work(i) once for each i below `count`, on up to `jobs` threads
// (this one among them), taking the i in order; starts no new i once `stop` is true.
void run_in_parallel(std::size_t count, int jobs, const std::atomic<bool>& stop,
                     const std::function<void(std::size_t)>& work);

// The rule that keeps hidden input from students, whatever the sandbox: in this process, a run
// that reads a hidden case never overlaps one whose output, stderr or verdict a student sees (a
// visible case, a build). No namespace hides the kernel's global counters (/proc/meminfo's
// Shmem, the load average, free memory), so two programs running at once can always talk;
// run one after the other, the hidden one is over, its slot emptied and its files gone, before
// a visible one starts. grade() holds one for every case it runs; a batch, for every build.
// While one is held, runs of the other kind wait; when both kinds wait, they take turns, so
// neither starves. The verdicts do not change, only which runs share the machine.
// An interrupt (`stop`, which a signal handler sets and cannot wake a wait with) ends the wait
// within kStopPoll: the run is then not admitted and must not start, for a run of the other
// kind, killed by the interrupt, would otherwise make way for it.
class RunsApart {
 public:
  // Blocks until a run of this kind may start, or `stop` is set.
  RunsApart(bool hidden, const std::atomic<bool>& stop);
  ~RunsApart();
  RunsApart(const RunsApart&) = delete;
  RunsApart& operator=(const RunsApart&) = delete;

  // Whether the run may start: false once `stop` was set, waiting or not.
  [[nodiscard]] bool admitted() const { return admitted_; }

  static constexpr std::chrono::milliseconds kStopPoll{20};

 private:
  bool hidden_;
  bool admitted_ = false;
};

struct GradeOptions {
  // Memory and output; each case's time comes from case_time_limit (above) alone, and
  // whatever time these hold is not read.
  Limits limits;
  // --timeout: the CPU-time limit of every case without @timeout, over its reference time's
  // (each case's wall-clock limit is wall_limit of its CPU-time limit, limits.hpp)
  std::optional<std::chrono::milliseconds> timeout;
  int jobs = 1;
  // Once this many cases have timed out, the cases not started yet are Skipped, in the spirit
  // of DOMjudge's lazy evaluation: a program that hangs twice hangs on the rest, and each
  // would cost a whole time limit. 0: never. The verdicts are those of one case at a time
  // whatever `jobs`: a case after, in order, the one that made the count is skipped, even when
  // it was already running.
  int skip_after_timeouts = 0;
  // Once a case has timed out at a line sending a command (the first line when no answer came
  // at all), the cases not started yet that send that command are Skipped: they would reach
  // what hangs, each at the cost of a time limit. A line the case expects an error to does not
  // count: the command refuses its arguments before it calls anything. Without
  // skip_after_timeouts, a hang costs one time limit per command that hangs, and every case
  // that cannot reach it still runs and scores. Judged in order, as above.
  bool skip_hung_commands = false;
  // Once this much wall-clock time has passed since grading began, the cases not started yet
  // are Skipped. 0: no budget.
  std::chrono::milliseconds budget{0};
};

// Runs every case, up to `jobs` at once (or skips it, as `options` says); results come back
// in the order of `cases`, whatever the order they finished in, their diagnoses weighed against
// each other (rule_out_contradicted) and their @needs noted (note_needs). `on_result` (optional) is called, under a lock, as each case
// finishes. When `stop` becomes true no new case starts; those left are NotRun.
[[nodiscard]] std::vector<CaseResult> grade(
    const std::vector<Case>& cases, const Command& command, const GradeOptions& options,
    const std::atomic<bool>& stop,
    const std::function<void(const CaseResult&)>& on_result = nullptr);

}  // namespace grader
