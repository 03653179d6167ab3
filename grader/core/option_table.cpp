#include "option_table.hpp"

#include <charconv>
#include <cstdlib>
#include <stdexcept>
#include <system_error>

#include "limits.hpp"

namespace grader {

namespace {

constexpr std::string_view kSubcommandNames[kSubcommandCount] = {
    "run",   "record", "audit",     "batch",     "sandbox", "build",
    "merge", "report", "classroom", "exercises", "options", "check"};

constexpr Subcommands kGrading =
    of(Subcommand::Run) | of(Subcommand::Record) | of(Subcommand::Audit) | of(Subcommand::Batch);
// BEGIN KIT ONLY
constexpr Subcommands kSandboxed =
    of(Subcommand::Run) | of(Subcommand::Batch) | of(Subcommand::Sandbox) | of(Subcommand::Build);
Bound positive(std::string_view unit) {
  return {Bound::Kind::Number, 0, true, kNoBound, unit};
}
// END KIT ONLY

Bound whole_from(double min, double max, std::string_view unit = {}) {
  return {Bound::Kind::Whole, min, false, max, unit};
}

std::vector<OptionRow> rows() {
  const std::string memory = std::to_string(kMemoryMib);
  std::vector<OptionRow> table = {
      {.name = "--verbose",
       .alias = "-v",
       .help = "also show what passed cases wrote to stderr",
       .commands = of(Subcommand::Check)},
      {.name = "--timeout",
       .value = "SECONDS",
       .bound = {Bound::Kind::Number, 0, true, kMaxCaseSeconds, "seconds"},
       .default_text = time_limit_rule(),
       .help = "seconds per case, for cases without @timeout, of " + cpu_and_wall() +
               " (default: " + time_limit_rule() + ")",
       .commands = kGrading | of(Subcommand::Check)},
      {.name = "--memory",
       .value = "MIB",
       .bound = whole_from(0, kMaxMemoryMib, "MiB"),
       .default_value = memory,
       .help = "address-space limit of a program in MiB, 0 for none (default " + memory + ")",
       .commands = kGrading | of(Subcommand::Sandbox) | of(Subcommand::Check)},
      {.name = "--program",
       .value = "PATH",
       .default_text = "the bloom built beside check",
       .help = "the program to grade (default: the bloom built beside check)",
       .commands = of(Subcommand::Check)},
      {.name = "cases",
       .value = "CASE_OR_FOLDER",
       .default_text = "every case in the starter's cases/ folder",
       .help = "a case file, or a folder searched recursively (default: every case in the "
               "starter's cases/ folder)",
       .commands = of(Subcommand::Check),
       .repeats = true},
      // BEGIN KIT ONLY
      {.name = "--cases",
       .value = "PATH",
       .default_text = "cases/",
       .help = "a case file, or a folder searched recursively (repeatable; default cases/)",
       .commands = kGrading,
       .repeats = true},
      {.name = "--jobs",
       .value = "N",
       .bound = whole_from(1, kMaxJobs),
       .default_text = kJobsRule,
       .help = std::string("cases run at once (default: ") + kJobsRule + ")",
       .commands = of(Subcommand::Run) | of(Subcommand::Record) | of(Subcommand::Audit)},
      {.name = "--jobs",
       .value = "N",
       .bound = whole_from(1, kMaxJobs),
       .default_text = kJobsRule,
       .help = std::string("submissions graded at once (default: ") + kJobsRule + ")",
       .commands = of(Subcommand::Batch)},
      {.name = "--filter",
       .value = "GLOB",
       .help = "only cases whose name matches this glob",
       .commands = of(Subcommand::Run)},
      {.name = "--skip-after-timeouts",
       .value = "N",
       .bound = whole_from(0, kNoBound),
       .default_value = "0",
       .help = "feedback's fast path: once a program has timed out in N cases, judge its cases "
               "not yet started 'skipped' (zero points) without running them, even one it "
               "would pass; 0 runs them all, the grade it earns (default 0)",
       .commands = of(Subcommand::Run) | of(Subcommand::Batch)},
      // the formats' list is the grader's (report/formats.hpp), added to the help there
      {.name = "--report",
       .value = "FORMAT[:FILE]",
       .default_text = "text to stdout",
       .help = "FORMAT[:FILE] (repeatable; default text to stdout), FORMAT one of:",
       .commands = of(Subcommand::Run),
       .repeats = true},
      {.name = "--report",
       .value = "FORMAT:FILE",
       .help = "FORMAT:FILE (repeatable): when the build fails, what the format says for a "
               "submission no case could run, FORMAT one of:",
       .commands = of(Subcommand::Build),
       .repeats = true},
      {.name = "--verbose", .help = "say more while grading", .commands = of(Subcommand::Run)},
      {.name = "--show-hidden",
       .help = "show hidden cases' lines in full, for the instructor: in the text, JSON and "
               "JUnit reports and the class report, never in Gradescope's",
       .commands = of(Subcommand::Run) | of(Subcommand::Batch) | of(Subcommand::Merge) |
                   of(Subcommand::Report)},
      {.name = "--output-limit",
       .value = "MIB",
       .bound = positive("MiB"),
       .default_value = std::to_string(kOutputLimitMib),
       .help = "stdout limit in MiB (default " + std::to_string(kOutputLimitMib) + ")",
       .commands = of(Subcommand::Run)},
      {.name = "--check",
       .help = "write nothing; list the case files that would change and exit 1 if any",
       .commands = of(Subcommand::Record)},
      {.name = "--mistakes",
       .help = "also record each known mistake's first wrong answer (the program must take "
               "--list-mistakes and --mistake ID)",
       .commands = of(Subcommand::Record)},
      {.name = "--submissions",
       .value = "DIR",
       .help = "a folder with one folder per submission",
       .commands = of(Subcommand::Batch),
       .required = true},
      {.name = "--build",
       .value = "CMD",
       .help = "cmake: the kit's recipe (the shallowest CMakeLists.txt, a shipped build/ "
               "removed, Release, target bloom; as `build` does); else a shell command run "
               "in each submission's folder ({dir} is that folder)",
       .commands = of(Subcommand::Batch)},
      {.name = "--run",
       .value = "CMD",
       .help = "shell command that starts the program ({dir} is the submission's folder; "
               "with --build cmake, {project} is its project's)",
       .commands = of(Subcommand::Batch),
       .required = true},
      {.name = "--out",
       .value = "DIR",
       .default_text = "grades/",
       .help = "where reports, gradebook.csv and report.html go (default grades/)",
       .commands = of(Subcommand::Batch)},
      {.name = "--sandbox",
       .help = "run the student's code under bubblewrap as an unprivileged user: no "
               "capability, no network, read-only system, bounded processes, memory and writes "
               "(docs/batch.md); refuses when it cannot",
       .commands = kSandboxed},
      {.name = "--sandbox-users",
       .help = "where namespaces are forbidden (some containers): run the student's code as "
               "unprivileged slot uids with the same bounds but no namespaces; needs root",
       .commands = kSandboxed,
       .excludes = "--sandbox"},
      {.name = "--sandbox-uids",
       .value = "FIRST-LAST",
       .default_value = "60000-60999",
       .help = "as root, the ids the sandbox runs programs as and gives folders to, FIRST-LAST "
               "(default 60000-60999); each is taken by one grader at a time, and one that a "
               "user, a group or a running process has is skipped",
       .commands = kSandboxed},
      {.name = "--sandbox-read",
       .value = "PATH",
       .help = "a file or folder the sandboxed program may read besides itself and the files "
               "its arguments name, seen at its own path (repeatable): what a program needs "
               "beside it",
       .commands = of(Subcommand::Run) | of(Subcommand::Sandbox),
       .repeats = true},
      {.name = "--shard",
       .value = "I/N",
       .default_value = "1/1",
       .help = "grade the I-th of N slices of the submissions (I/N)",
       .commands = of(Subcommand::Batch)},
      {.name = "--regrade",
       .help = "grade again submissions already in --out",
       .commands = of(Subcommand::Batch)},
      {.name = "--build-timeout",
       .value = "SECONDS",
       .bound = positive("seconds"),
       .default_value = std::to_string(kBuildSeconds),
       .help = "seconds per build, of " + cpu_and_wall() + " (default " +
               std::to_string(kBuildSeconds) + ")",
       .commands = of(Subcommand::Batch)},
      {.name = "--starter",
       .value = "DIR",
       .help = "with --build cmake: the exercise's starter as students got it; its given files "
               "are compiled once into a build cache (ccache) that every submission's build "
               "reads, never writes",
       .commands = of(Subcommand::Batch)},
      {.name = "--starter-cache",
       .value = "DIR",
       .default_text = "a temporary folder",
       .help = "with --starter: a folder that keeps its cache for later runs and shares it "
               "between runs at once (a Slurm array's tasks): the first compiles the starter's "
               "files, the others reuse them (default: a temporary folder)",
       .commands = of(Subcommand::Batch)},
      {.name = "--no-fast-path",
       .help = "with --starter: build every submission with CMake, even one shaped like the "
               "starter (its CMakeLists.txt and given files), which otherwise compiles only the "
               "student's files with the starter's own build's commands",
       .commands = of(Subcommand::Batch)},
      {.name = "--budget",
       .value = "SECONDS",
       .bound = {Bound::Kind::Number, 0, false, kNoBound, "seconds"},
       .default_text = "no budget",
       .help = "seconds for one submission's cases; those not started when it is spent are "
               "'skipped' (default: no budget)",
       .commands = of(Subcommand::Batch)},
      {.name = "--writable",
       .value = "DIR",
       .help = "a folder the command may write, handed to the sandbox's user; the first is its "
               "working folder (repeatable)",
       .commands = of(Subcommand::Sandbox),
       .repeats = true},
      {.name = "--timeout",
       .value = "SECONDS",
       .bound = positive("seconds"),
       .default_value = std::to_string(kCommandSeconds),
       .help =
           "seconds of " + cpu_and_wall() + " (default " + std::to_string(kCommandSeconds) + ")",
       .commands = of(Subcommand::Sandbox) | of(Subcommand::Build)},
      {.name = "submission",
       .value = "DIR",
       .help = "the submission's folder (it may be written)",
       .commands = of(Subcommand::Build),
       .required = true},
      {.name = "--exercise",
       .value = "NAME",
       .help = "names the starter in the message for a submission without CMakeLists.txt",
       .commands = of(Subcommand::Build)},
      {.name = "folders",
       .value = "DIR",
       .help = "folders of submission reports (batch --out)",
       .commands = of(Subcommand::Merge) | of(Subcommand::Report),
       .repeats = true,
       .required = true},
      {.name = "--out",
       .value = "FILE",
       .default_value = "gradebook.csv",
       .help = "the gradebook to write (default gradebook.csv); report.html goes beside it",
       .commands = of(Subcommand::Merge)},
      {.name = "--out",
       .value = "FILE",
       .default_text = "FOLDER/report.html",
       .help = "the page to write (default FOLDER/report.html)",
       .commands = of(Subcommand::Report)},
      {.name = "--students",
       .value = "DIR",
       .help = "instead, each student's own page to release, DIR/ID.html and DIR/ID.txt: public "
               "cases in full, hidden cases as passed or failed only",
       .commands = of(Subcommand::Report),
       .excludes = "--out"},
      {.name = "exercise",
       .value = "NAME",
       .help = "the exercise (exercises.tsv)",
       .commands = of(Subcommand::Classroom),
       .required = true},
      {.name = "--out",
       .value = "DIR",
       .help = "the template repository to write (a new folder); with --collect, the folder of "
               "submissions",
       .commands = of(Subcommand::Classroom),
       .required = true},
      {.name = "--kit",
       .value = "DIR",
       .default_text = "the kit that holds the current folder",
       .help = "the kit's source folder (default: the kit that holds the current folder)",
       .commands = of(Subcommand::Classroom)},
      {.name = "--collect",
       .value = "FILE",
       .help = "a list of repositories to clone into --out, one folder each: GitHub "
               "Classroom's grades CSV, or one URL or path a line",
       .commands = of(Subcommand::Classroom)},
      {.name = "--deadline",
       .value = "TIME",
       .help = "with --collect: take each repository's last commit at or before this time, ISO "
               "8601 with an offset (2026-12-04T18:00:00+01:00, or Z for UTC); by committer "
               "time",
       .commands = of(Subcommand::Classroom)},
      {.name = "--extensions",
       .value = "FILE",
       .help = "with --deadline: a file of per-student deadlines, one 'ID TIME' a line (a tab or "
               "spaces between; '#' starts a comment)",
       .commands = of(Subcommand::Classroom)},
      {.name = "--late-days",
       .value = "N",
       .bound = whole_from(0, kNoBound, "days"),
       .default_value = "0",
       .help = "with --deadline: also take commits up to N days after a deadline (default 0: "
               "nothing late)",
       .commands = of(Subcommand::Classroom)},
      {.name = "--late-penalty",
       .value = "P",
       .bound = whole_from(0, 100),
       .default_value = "0",
       .help = "with --late-days: percent of the score taken per day begun late (default 0)",
       .commands = of(Subcommand::Classroom)},
      {.name = "--roster",
       .value = "FILE",
       .help = "with --collect: every student, one id a line (or Classroom's roster CSV); one "
               "the list has no repository for gets a row, never accepted",
       .commands = of(Subcommand::Classroom)},
      {.name = "--template",
       .value = "DIR",
       .help = "with --collect: the template repository, to list the protected paths "
               "(.github/, the cases, check/, CMake files) each student changed",
       .commands = of(Subcommand::Classroom)},
      {.name = "--kit",
       .value = "DIR",
       .default_text = "the nearest folder at or above the current one that holds exercises.tsv",
       .help = "the kit's folder (default: the nearest folder at or above the current one that "
               "holds exercises.tsv)",
       .commands = of(Subcommand::Exercises)},
      {.name = "--suite",
       .value = "EXERCISE",
       .help = "EXERCISE: print cases/protocol, cases/EXERCISE and, when it exists, "
               "hidden/EXERCISE, the hidden suite (docs/mistakes.md)",
       .commands = of(Subcommand::Exercises)},
      {.name = "commands",
       .value = "COMMAND",
       .default_text = "every command",
       .help = "print only the options these commands take (run, batch, ..., or check, a "
               "starter's self-grader)",
       .commands = of(Subcommand::Options),
       .repeats = true},
      // END KIT ONLY
  };
  return table;
}

// "3600", "0.5": a bound as the messages say it.
std::string number_text(double value) {
  if (value == static_cast<double>(static_cast<std::int64_t>(value))) {
    return std::to_string(static_cast<std::int64_t>(value));
  }
  std::string text = std::to_string(value);
  while (text.back() == '0') text.pop_back();
  return text;
}

}  // namespace

std::string_view subcommand_name(Subcommand command) {
  return kSubcommandNames[static_cast<unsigned>(command)];
}

std::optional<Subcommand> subcommand_named(std::string_view name) {
  for (unsigned i = 0; i < kSubcommandCount; ++i) {
    if (kSubcommandNames[i] == name) return static_cast<Subcommand>(i);
  }
  return std::nullopt;
}

const std::vector<OptionRow>& option_table() {
  static const std::vector<OptionRow> table = rows();
  return table;
}

const OptionRow& option_row(std::string_view name, Subcommand command) {
  for (const OptionRow& row : option_table()) {
    if (row.name == name && takes(row, command)) return row;
  }
  throw std::logic_error("the options table has no " + std::string(name) + " for " +
                         std::string(subcommand_name(command)));
}

std::string needs(const OptionRow& row) {
  const Bound& bound = row.bound;
  if (bound.kind == Bound::Kind::Text) return "";
  std::string text = bound.kind == Bound::Kind::Whole ? "a whole number" : "a number";
  if (bound.above_min && bound.min == 0 && bound.max == kNoBound) {
    text = "a positive number";
  }
  if (!bound.unit.empty()) text.append(" of ").append(bound.unit);
  if (bound.max != kNoBound) {
    text += " from " + number_text(bound.min) + " to " + number_text(bound.max);
  } else if (!(bound.above_min && bound.min == 0)) {
    text += ", " + number_text(bound.min) + " or more";
  }
  return text;
}

std::optional<double> number_of(const OptionRow& row, std::string_view text) {
  const Bound& bound = row.bound;
  if (bound.kind == Bound::Kind::Text || text.empty()) return std::nullopt;
  double value = 0;
  if (bound.kind == Bound::Kind::Whole) {
    std::uint64_t whole = 0;
    for (const char c : text) {
      if (c < '0' || c > '9') return std::nullopt;
    }
    const auto [end, failed] = std::from_chars(text.data(), text.data() + text.size(), whole);
    if (failed != std::errc() || end != text.data() + text.size()) return std::nullopt;
    value = static_cast<double>(whole);
  } else {
    // a decimal number: no hexadecimal, no "inf" or "nan", which strtod would take
    for (const char c : text) {
      if (std::string_view("0123456789.eE+-").find(c) == std::string_view::npos)
        return std::nullopt;
    }
    const std::string copy(text);
    char* end = nullptr;
    value = std::strtod(copy.c_str(), &end);
    if (*end != '\0' || value - value != 0) return std::nullopt;
  }
  if (value < bound.min || (bound.above_min && value == bound.min) || value > bound.max) {
    return std::nullopt;
  }
  return value;
}

const std::string& shown_default(const OptionRow& row) {
  return row.default_value.empty() ? row.default_text : row.default_value;
}

std::string options_markdown(const std::vector<OptionRow>& rows, Subcommands commands) {
  // a cell holds one line, and a bar would end it
  const auto cell = [](std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '|') {
        out += "\\|";
      } else if (text[i] == '\n') {
        out += "<br>";
        while (i + 1 < text.size() && text[i + 1] == ' ') ++i;
      } else {
        out += text[i];
      }
    }
    return out;
  };
  std::string table =
      "| option | value | default | taken by | what it does |\n|---|---|---|---|---|\n";
  for (const OptionRow& row : rows) {
    if ((row.commands & commands) == 0) continue;
    std::string name = "`" + row.name + "`";
    if (!row.alias.empty()) name = "`" + row.alias + "`, " + name;
    if (is_operand(row)) name += " (operand)";
    std::string value = row.value.empty() ? "" : "`" + row.value + "`";
    if (!needs(row).empty()) value += ": " + needs(row);
    if (row.repeats) value += ", repeatable";
    if (row.required) value += ", required";
    std::string by;
    for (unsigned i = 0; i < kSubcommandCount; ++i) {
      if ((row.commands & of(static_cast<Subcommand>(i))) == 0) continue;
      by += (by.empty() ? "" : ", ") + std::string(kSubcommandNames[i]);
    }
    table += "| " + name + " | " + cell(value) + " | " + cell(shown_default(row)) + " | " + by +
             " | " + cell(row.help) + " |\n";
  }
  return table;
}

}  // namespace grader
