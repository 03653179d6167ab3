// Case files (docs/case-format.md): a transcript of lines sent to a program and the lines it
// must answer, with a few directives. The grader knows nothing else about the program.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "file_io.hpp"

namespace grader {

struct ExpectedLine {
  std::string text;
  int case_line = 0;  // 1-based line in the case file
};

// A known mistake, as the catalogue `mistakes.tsv` describes it: one line
// per mistake, `id TAB exercise TAB source TAB message`.
struct MistakeInfo {
  std::string id;        // "float-division"
  std::string exercise;  // the suite meant to catch it
  std::string source;    // docs/protocol.md, "Bits"
  std::string message;   // completes "this is what you get when ..."
};

// An answer of a case that a known mistake gets wrong, from the case's `.mistakes` file beside
// it (`case_line TAB id TAB answer`), with the catalogue's words: one row for every expected
// line the mistake answers otherwise, so that its rows are its whole transcript (every other
// line it answers right). A pair's rows (`case_line TAB id+id TAB answer`) are recorded where
// its transcript is neither mistake's alone nor another's, so that a program with both is told
// both. A fourth field, `common`, marks an answer that programs wrong in no particular way give
// too (`no` to a VERIFY): it is no evidence.
struct KnownMistake {
  int case_line = 0;  // the expected line it replaces
  std::string answer;
  MistakeInfo info;
  std::vector<MistakeInfo> with = {};  // the other mistakes of a pair's answer; empty alone
  bool common = false;                 // most wrong programs answer so: no evidence

  // info, then with: every mistake this answer names
  [[nodiscard]] std::vector<const MistakeInfo*> named() const;
  // "id" or "id+id": the second field of its row
  [[nodiscard]] std::string ids() const;
};

// `@hint [COMMAND:] TEXT`: advice about one command's answers (`@hint HASH: ...`), shown only
// when the first wrong answer is to a line sending that command; without COMMAND, about any
// answer of the case. Its premise, the `@given` lines after it, is what the hint takes for
// granted, checked in the run before it is shown (judge.hpp, premise_holds): each a COMMAND
// (every line of this case sending it was answered right) or a case id FOLDER/NAME, one of the
// case's @needs (that case did not fail), or `@given nothing` for a hint that claims no step right.
struct Hint {
  std::string command;  // "HASH"; empty: any line
  std::string text;
  int case_line = 0;  // 1-based line in the case file
  bool premised = false;                // an @given line follows it (`@given nothing` too)
  std::vector<std::string> given = {};  // "HASH", "hashing/empty-key": all must hold
  friend bool operator==(const Hint&, const Hint&) = default;
};

// The directive lines of `hint`, `@hint [COMMAND: ]TEXT` and its `@given` lines, each ending in
// LF: what parse_case reads back as `hint` (case_line aside).
[[nodiscard]] std::string format_hint(const Hint& hint);

// One line sent to the program and the lines it must answer to it, in order.
struct Step {
  std::string input;  // without the "> " prefix and without a newline
  int case_line = 0;
  std::vector<ExpectedLine> expected;
};

// What a command's answer is, as the judge reads it: `indexes` when it is only unsigned
// 32-bit decimals (positions, bit indexes), which a program in signed arithmetic prints
// negative; `other` for every other answer. commands.tsv's last column.
enum class AnswerKind { Other, Indexes };

// The word commands.tsv writes for `kind`, and the kind a word names (nullopt for none).
[[nodiscard]] std::string_view answer_kind_name(AnswerKind kind);
[[nodiscard]] std::optional<AnswerKind> parse_answer_kind(std::string_view name);

// A protocol command, as the course's command table lists it in `commands.tsv` (written by
// record from the reference solution): its name, its usage, and the functions of the
// starter its answer comes from; what a report names when a program hangs on the command.
struct CommandInfo {
  std::string name;                    // "HASH"
  std::string usage;                   // "HASH <seed> <key>"
  std::vector<std::string> functions;  // "murmur3_32", "print_hash"; none for given code alone
  std::string grammar;                 // "HASH <seed:u32> <key:text>": the usage, each kind said
  AnswerKind answer = AnswerKind::Other;  // what its answer is (POSITIONS: indexes)
  friend bool operator==(const CommandInfo&, const CommandInfo&) = default;
};

struct Case {
  std::string name;            // its id, "<folder>/<stem>": "bip37/crlf-input" (load_cases)
  std::filesystem::path file;  // as found, for messages
  std::string description;     // the first comment block, "# " prefixes removed
  std::string source;          // the file's text, as parsed: what a report's page shows of it
  int points = 1;
  std::optional<double> timeout_seconds;  // @timeout: its CPU-time limit; the run's default when absent
  std::optional<double> reference_seconds;  // the reference's CPU time on it (times.tsv), if recorded
  bool hidden = false;                    // @hidden: shown to students as pass/fail only
  std::vector<Hint> hints;                // @hint lines (report.hpp says when they show)
  // @needs lines: the ids of cases whose passing this case's hints take for granted (its
  // answers build on what they test); report.hpp says what a failed one changes
  std::vector<std::string> needs;
  std::vector<Step> steps;
  std::vector<KnownMistake> mistakes;  // from NAME.mistakes beside the case file, if any
  std::vector<CommandInfo> commands;   // the commands it sends, from the nearest commands.tsv

  // All the input, one line each, LF-terminated: what the program reads on stdin.
  [[nodiscard]] std::string input_text() const;
  [[nodiscard]] std::size_t expected_line_count() const;
};

// A malformed case file, reported as `file:line: error: message`.
// A case file, .mistakes file or catalogue that cannot be read or parsed: a FileError
// (file_io.hpp), "FILE:LINE: error: MESSAGE".
class CaseFileError : public FileError {
 public:
  using FileError::FileError;
};

// The lines of a case file's text as the parser numbers them (line N is element N-1): split at
// LF, a trailing CR dropped except from a line to send (whose CR the program must see).
[[nodiscard]] std::vector<std::string_view> case_file_lines(std::string_view text);

// The case-file line that expects `answer`: the answer itself, or, when it starts with '>',
// '#', '@' or '\' (which would make it a line to send, a comment or a directive), the answer
// after a '\'. parse_case reads it back as `answer`.
[[nodiscard]] std::string format_expected(std::string_view answer);

// The command of a line to send: its first word ("HASH" of "HASH 0 bloom"), a CR at its end
// dropped. What a bound @hint names.
[[nodiscard]] std::string_view command_of(std::string_view input);

// Parses one case file's text. `name` and `file` are stored in the result.
[[nodiscard]] Case parse_case(const std::string& text, const std::string& name,
                              const std::filesystem::path& file);

// The catalogue's text parsed; `file` names it in errors.
[[nodiscard]] std::vector<MistakeInfo> parse_catalogue(const std::string& text,
                                                       const std::filesystem::path& file);

// The catalogue's text, which parse_catalogue reads back: a header comment, then one line per
// mistake.
[[nodiscard]] std::string format_catalogue(const std::vector<MistakeInfo>& catalogue);

// The text of `case_file`'s .mistakes file for these answers (their case_line, the ids of info
// and with, and answer), which load_case reads back into Case::mistakes; empty when none.
[[nodiscard]] std::string format_mistake_answers(const std::filesystem::path& case_file,
                                                 const std::vector<KnownMistake>& answers);

// `x.case` -> `x.mistakes`, where the known mistakes' answers to it are recorded.
[[nodiscard]] std::filesystem::path mistakes_file_of(const std::filesystem::path& case_file);

// The catalogue that serves a case file: the nearest `mistakes.tsv` in its folder or in one of
// the two above it.
[[nodiscard]] std::optional<std::filesystem::path> catalogue_of(
    const std::filesystem::path& case_file);

// commands.tsv, in a cases folder beside mistakes.tsv: a comment, then a line per command,
// `NAME TAB USAGE TAB FUNCTION,FUNCTION TAB GRAMMAR TAB ANSWER` (FUNCTIONS empty for a command
// of given code alone; GRAMMAR the usage with each argument's kind, `<seed:u32>`, which
// docs/protocol.md explains; ANSWER its AnswerKind's word). parse_command_table reads what
// format_command_table writes, and refuses a grammar that is not its usage once the kinds are taken
// out; `file` names it in errors.
[[nodiscard]] std::vector<CommandInfo> parse_command_table(const std::string& text,
                                                           const std::filesystem::path& file);
[[nodiscard]] std::string format_command_table(const std::vector<CommandInfo>& table);

// The nearest file called `name` (mistakes.tsv, commands.tsv) that serves a case file: in its
// folder or in one of the two above it.
[[nodiscard]] std::optional<std::filesystem::path> nearest_file(
    const std::filesystem::path& case_file, std::string_view name);

// times.tsv, beside a folder's case files: the reference's CPU time on each, in seconds, from
// which a case's time limit comes (limits.hpp; judge.hpp, case_time_limit). One line per
// case, `NAME TAB SECONDS`, NAME its file's name without .case; `#` lines are comments.
// parse_reference_times reads what format_reference_times writes; `file` names it in errors.
[[nodiscard]] std::map<std::string, double> parse_reference_times(const std::string& text,
                                                                  const std::filesystem::path& file);
[[nodiscard]] std::string format_reference_times(const std::map<std::string, double>& seconds);

// `folder/x.case` -> `folder/times.tsv`.
[[nodiscard]] std::filesystem::path reference_times_file_of(const std::filesystem::path& case_file);

// Reads and parses a case file, its .mistakes file when there is one, and its reference time
// from the times.tsv beside it when that names it.
// Without `with_mistakes` the .mistakes file is not read (recording rewrites it).
[[nodiscard]] Case load_case(const std::filesystem::path& file, const std::string& name,
                             bool with_mistakes = true);

// The cases of each PATH (a .case file, or a folder searched recursively), sorted by name
// within each path. A case's name is its id: the name of the folder that holds it, a slash,
// and its file name without ".case" ("bip37/crlf-input"), the same however the cases were
// given (cases/, cases/bip37/ or the file), so that ids in reports, gradebooks and JSON are
// stable. The folders are the exercises (cases/<exercise>/, hidden/<exercise>/). Two cases
// with one id are an error naming both files.
[[nodiscard]] std::vector<Case> load_cases(const std::vector<std::filesystem::path>& paths,
                                           bool with_mistakes = true);

}  // namespace grader
