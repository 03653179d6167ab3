// `bloom-grader record`: the expected lines of case files, and with --mistakes the known
// mistakes' answers, from what a program answers.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <tuple>

#include "app.hpp"
#include "compare.hpp"
#include "interrupt.hpp"
#include "judge.hpp"
#include "record.hpp"
#include "subcommand.hpp"

namespace grader {

namespace {

// Writes `text` to `file` (an empty text removes it), or with `check` only says that it would.
// Returns whether the file was stale; throws FileError when it cannot read or write it.
bool update_file(const std::filesystem::path& file, const std::string& text, bool check) {
  const std::optional<std::string> old = read_file_if_present(file);
  if (old.value_or("") == text) return false;
  if (check) {
    std::cout << file.string() << ": stale\n";
  } else if (text.empty()) {
    remove_file(file);
    std::cout << "removed " << file.string() << "\n";
  } else {
    write_file(file, text);
    std::cout << "recorded " << file.string() << "\n";
  }
  return true;
}

// A case (its index), the case-file line of an expected answer, and an answer given there.
using Answer = std::tuple<std::size_t, int, std::string>;

// A case's answers in `lines` that differ from its expected ones: (case line, answer), in
// order. Lines past the end of `lines` (a program that crashed first) are none of them.
using Transcript = std::vector<std::pair<int, std::string>>;
Transcript differing(const Case& kase, const std::vector<std::string_view>& lines) {
  Transcript rows;
  std::size_t at = 0;
  for (const Step& step : kase.steps) {
    for (const ExpectedLine& expected : step.expected) {
      if (at < lines.size() && !lines_match(expected.text, lines[at]))
        rows.emplace_back(expected.case_line, lines[at]);
      ++at;
    }
  }
  return rows;
}

// How many programs with one function scrambled (bloom-reference --scramble) are run per
// function: enough that an answer few wrong programs give is seldom given twice by chance.
constexpr int kScrambleSeeds = 8;

// The first wrong answers that programs wrong in no particular way share: with each function
// the program lists (--list-scrambled) replaced by a random one, kScrambleSeeds times, those
// given at least twice, on any line (docs/mistakes.md, "Evidence"). The first seed runs every case; the
// others only those it failed, since a function a case never calls changes nothing in it.
// nullopt when the program could not list or run them.
std::optional<std::set<Answer>> common_answers(const Command& command, const std::vector<Case>& cases,
                                               const GradeOptions& options) {
  Command lister = command;
  lister.args.push_back("--list-scrambled");
  lister.display += " --list-scrambled";
  const RunResult listed = run_program(lister, "", options.limits);
  if (!listed.started || listed.exit_code != 0 || listed.signal != 0 || listed.timed_out) {
    error(lister.display + " did not list the functions it scrambles");
    return std::nullopt;
  }
  std::map<Answer, int> given;
  for (const std::string_view name : output_lines(listed.out)) {
    std::vector<Case> failed;         // by the first seed
    std::vector<std::size_t> index;   // where each stands in `cases`
    for (int seed = 1; seed <= kScrambleSeeds; ++seed) {
      Command scrambled = command;
      scrambled.args.push_back("--scramble");
      scrambled.args.push_back(std::string(name) + ":" + std::to_string(seed));
      scrambled.display += " --scramble " + scrambled.args.back();
      const std::vector<Case>& graded = seed == 1 ? cases : failed;
      const std::vector<CaseResult> results = grade(graded, scrambled, options, stop_on_interrupt());
      for (std::size_t j = 0; j < results.size(); ++j) {
        if (results[j].verdict == Verdict::NotRun) return std::nullopt;
        if (results[j].verdict == Verdict::Passed) continue;
        const std::size_t i = seed == 1 ? j : index[j];
        // every wrong answer counts, not only the first: a line after it is what a wrong
        // program answers there too
        for (auto& [line, answer] : differing(cases[i], output_lines(results[j].run.out))) {
          ++given[{i, line, std::move(answer)}];
        }
        if (seed == 1) {
          failed.push_back(cases[j]);
          index.push_back(j);
        }
      }
    }
  }
  std::set<Answer> common;
  for (const auto& [answer, times] : given) {
    if (times >= 2) common.insert(answer);
  }
  return common;
}

// A program's answers to a case that differ from the expected ones (differing); none when it
// passed. The lines after its output ends, when it crashed (the reference with no-hash-cap did,
// before the given insert kept every index), are none of its rows. Throws FileError when it
// answered more lines than the case expects: every line after one too many would stand against
// the wrong expected line.
Transcript wrong_answers(const CaseResult& result, const std::string& program) {
  if (result.verdict == Verdict::Passed) return {};
  const std::vector<std::string_view> lines = output_lines(result.run.out);
  if (lines.size() > result.kase->expected_line_count()) {
    throw FileError(result.kase->file, 0,
                    program + " answered " + std::to_string(lines.size()) + " lines where " +
                        std::to_string(result.kase->expected_line_count()) +
                        " are expected, so its transcript cannot be recorded");
  }
  return differing(*result.kase, lines);
}

// The expected answer at `line` of `kase`.
std::string_view expected_at(const Case& kase, int line) {
  for (const Step& step : kase.steps) {
    for (const ExpectedLine& expected : step.expected) {
      if (expected.case_line == line) return expected.text;
    }
  }
  return "";
}

// The exercise of a case id, EXERCISE/NAME.
std::string exercise_of(const Case& kase) {
  return kase.name.substr(0, kase.name.find('/'));
}

// Each transcript of `results` (one program over cases[index[j]]), by case index.
std::optional<std::map<std::size_t, Transcript>> transcripts_of(
    const std::vector<CaseResult>& results, const std::vector<std::size_t>& index,
    const std::string& program) {
  std::map<std::size_t, Transcript> out;
  for (std::size_t j = 0; j < results.size(); ++j) {
    if (results[j].verdict == Verdict::NotRun) return std::nullopt;
    Transcript rows = wrong_answers(results[j], program);
    if (!rows.empty()) out.emplace(index[j], std::move(rows));
  }
  return out;
}

// Writes the catalogue of mistakes and the table of commands into each folder of `folders`;
// returns how many of those files were stale.
int update_tables(const std::vector<std::filesystem::path>& folders,
                  const std::string& catalogue_text, const std::string& table_text, bool check) {
  int stale = 0;
  for (const std::filesystem::path& path : folders) {
    if (std::filesystem::is_directory(path)) {
      stale += update_file(path / "mistakes.tsv", catalogue_text, check) ? 1 : 0;
      stale += update_file(path / "commands.tsv", table_text, check) ? 1 : 0;
    }
  }
  return stale;
}

// One exercise's cases, and where each stands in the whole suite.
struct ExerciseCases {
  std::vector<Case> cases;
  std::vector<std::size_t> index;
};

// Each exercise's cases (a case id is EXERCISE/NAME). A mistake is recorded in its own
// exercise's cases only: a starter's catalogue holds its exercise's mistakes alone, and a
// step that other exercises call too (the hex decoding of an element) is the suite's own
// exercise's to catch.
std::map<std::string, ExerciseCases> by_exercise(const std::vector<Case>& cases) {
  std::map<std::string, ExerciseCases> exercises;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    ExerciseCases& theirs = exercises[exercise_of(cases[i])];
    theirs.cases.push_back(cases[i]);
    theirs.index.push_back(i);
  }
  return exercises;
}

// An exercise's cases; none when the suite recorded has none of its cases.
const ExerciseCases& cases_of(const std::map<std::string, ExerciseCases>& exercises,
                              const std::string& exercise) {
  static const ExerciseCases kNone;
  const auto found = exercises.find(exercise);
  return found == exercises.end() ? kNone : found->second;
}

// A program's transcripts, by case index.
using Transcripts = std::map<std::size_t, Transcript>;

// A transcript as the judge tells it from others: each answer by its match_key, so that two
// programs whose answers differ only where no judge can tell them (an error's words, letter
// case, spacing) answer alike.
Transcript as_judged(const Transcript& transcript) {
  Transcript judged;
  for (const auto& [line, answer] : transcript) judged.emplace_back(line, match_key(answer));
  return judged;
}

// Each mistake's transcripts over its exercise's cases, in the catalogue's order; nullopt when
// a program did not run.
std::optional<std::vector<Transcripts>> single_transcripts(
    const Command& command, const std::vector<MistakeInfo>& catalogue,
    const std::map<std::string, ExerciseCases>& exercises, const GradeOptions& options) {
  std::vector<Transcripts> singles(catalogue.size());
  for (std::size_t a = 0; a < catalogue.size(); ++a) {
    const MistakeInfo& mistake = catalogue[a];
    const ExerciseCases& theirs = cases_of(exercises, mistake.exercise);
    const std::optional<Transcripts> got = transcripts_of(
        grade(theirs.cases, with_mistake(command, mistake.id), options, stop_on_interrupt()),
        theirs.index, "the program with " + mistake.id);
    if (!got) return std::nullopt;
    singles[a] = *got;
  }
  return singles;
}

// The transcripts of the program with mistakes a and b over the cases of theirs that either
// alone gets wrong, but those a single mistake answers alike; nullopt when it did not run.
std::optional<Transcripts> pair_transcript(const Command& both, const std::string& program,
                                           const ExerciseCases& theirs, std::size_t a,
                                           std::size_t b, const std::vector<Transcripts>& singles,
                                           const GradeOptions& options) {
  ExerciseCases shown;
  for (std::size_t j = 0; j < theirs.cases.size(); ++j) {
    if (singles[a].count(theirs.index[j]) != 0 || singles[b].count(theirs.index[j]) != 0) {
      shown.cases.push_back(theirs.cases[j]);
      shown.index.push_back(theirs.index[j]);
    }
  }
  std::optional<Transcripts> got =
      transcripts_of(grade(shown.cases, both, options, stop_on_interrupt()), shown.index, program);
  if (!got) return std::nullopt;
  std::erase_if(*got, [&](const auto& entry) {
    const Transcript judged = as_judged(entry.second);
    return std::any_of(singles.begin(), singles.end(), [&](const Transcripts& single) {
      const auto same = single.find(entry.first);
      return same != single.end() && as_judged(same->second) == judged;
    });
  });
  return got;
}

// The pairs' transcripts, and how many pairs answer a case so (as_judged): a pair's
// transcript is kept where no single mistake answers the case alike, and no other pair.
struct PairTranscripts {
  std::map<std::pair<std::size_t, std::size_t>, Transcripts> by_pair;
  std::map<std::pair<std::size_t, Transcript>, int> times;
};

// Each pair of one exercise's mistakes that the program takes, graded; nullopt when a program
// did not run.
std::optional<PairTranscripts> pair_transcripts(
    const Command& command, const Limits& limits, const std::vector<MistakeInfo>& catalogue,
    const std::map<std::string, ExerciseCases>& exercises, const std::vector<Transcripts>& singles,
    const GradeOptions& options) {
  PairTranscripts pairs;
  for (std::size_t a = 0; a < catalogue.size(); ++a) {
    for (std::size_t b = a + 1; b < catalogue.size(); ++b) {
      const MistakeInfo& first = catalogue[a];
      const MistakeInfo& second = catalogue[b];
      if (first.exercise != second.exercise) continue;
      const Command both = with_mistake(with_mistake(command, first.id), second.id);
      if (run_program(both, "", limits).exit_code != 0) continue;  // one line, two ways
      std::optional<Transcripts> got =
          pair_transcript(both, "the program with " + first.id + " and " + second.id,
                          cases_of(exercises, first.exercise), a, b, singles, options);
      if (!got) return std::nullopt;
      for (const auto& [i, rows] : *got) ++pairs.times[{i, as_judged(rows)}];
      pairs.by_pair[{a, b}] = std::move(*got);
    }
  }
  return pairs;
}

// Each case's known mistakes: every single mistake's rows, and the rows of a pair that no
// other pair answers alike; each row says whether programs wrong in no particular way give it.
std::vector<std::vector<KnownMistake>> known_mistakes(const std::vector<Case>& cases,
                                                      const std::vector<MistakeInfo>& catalogue,
                                                      const std::vector<Transcripts>& singles,
                                                      const PairTranscripts& pairs,
                                                      const std::set<Answer>& common) {
  std::vector<std::vector<KnownMistake>> recorded(cases.size());
  const auto add = [&](std::size_t i, const Transcript& rows, const MistakeInfo& info,
                       std::vector<MistakeInfo> with) {
    for (const auto& [line, answer] : rows) {
      recorded[i].push_back({line, stored_answer(expected_at(cases[i], line), answer), info, with,
                             common.count({i, line, answer}) != 0});
    }
  };
  for (std::size_t a = 0; a < catalogue.size(); ++a) {
    for (const auto& [i, rows] : singles[a]) add(i, rows, catalogue[a], {});
  }
  for (const auto& [ab, by_case] : pairs.by_pair) {
    for (const auto& [i, rows] : by_case) {
      if (pairs.times.at({i, as_judged(rows)}) == 1)
        add(i, rows, catalogue[ab.first], {catalogue[ab.second]});
    }
  }
  return recorded;
}

// Records mistakes.tsv and commands.tsv in each folder given and, for each case, every answer each
// known mistake gets wrong (its whole transcript: every other line it answers right); then, for
// each pair of one exercise's mistakes, the transcript of a program with both, where it is no
// single mistake's and no other pair's (so that a program with two mistakes is told both, and
// one with a single mistake never a pair). Pairs the program refuses (two ways to write one
// line) are left out. A pair is graded only on the cases that one of its mistakes alone gets
// wrong: where each alone answers every line right, the pair has too (in 568 pair answers
// recorded from the committed cases and 45 random ones, none stood in such a case), and
// skipping them spares about a quarter of the runs. Returns the number of stale files, or -1
// when it could not run.
int record_mistakes(const RecordOptions& options, const Command& command, const Limits& limits) {
  const std::optional<std::vector<MistakeInfo>> catalogue = list_mistakes(command, limits);
  if (!catalogue) return -1;
  const std::optional<std::vector<CommandInfo>> table = list_commands(command, limits);
  if (!table) return -1;
  int stale = update_tables(options.cases, format_catalogue(*catalogue),
                            format_command_table(*table), options.check);
  // with the expected lines just recorded
  const std::optional<std::vector<Case>> loaded = load_cases_or_say(options.cases, false);
  if (!loaded) return -1;
  const std::vector<Case>& cases = *loaded;
  const GradeOptions grade_options = options.grade_options();
  const std::map<std::string, ExerciseCases> exercises = by_exercise(cases);
  const std::optional<std::vector<Transcripts>> singles =
      single_transcripts(command, *catalogue, exercises, grade_options);
  if (!singles) return -1;
  const std::optional<std::set<Answer>> common = common_answers(command, cases, grade_options);
  if (!common) return -1;
  const std::optional<PairTranscripts> pairs =
      pair_transcripts(command, limits, *catalogue, exercises, *singles, grade_options);
  if (!pairs) return -1;
  const std::vector<std::vector<KnownMistake>> recorded =
      known_mistakes(cases, *catalogue, *singles, *pairs, *common);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    stale += update_file(mistakes_file_of(cases[i].file),
                         format_mistake_answers(cases[i].file, recorded[i]), options.check)
                 ? 1
                 : 0;
  }
  return stale;
}

// Records the reference's time on each case into the times.tsv of the case's folder. A time
// already recorded stays unless reference_time_stale says the fresh one differs in earnest, so
// that recording again on another machine or under load rewrites nothing. Entries of cases
// not measured now stay while their case file exists. Returns the number of stale files.
int record_times(const std::vector<Case>& cases, const std::vector<double>& measured, bool check) {
  std::map<std::filesystem::path, std::vector<std::size_t>> by_file;  // times.tsv -> cases
  for (std::size_t i = 0; i < cases.size(); ++i) by_file[reference_times_file_of(cases[i].file)].push_back(i);
  int stale = 0;
  for (const auto& [file, members] : by_file) {
    const std::optional<std::string> old_text = read_file_if_present(file);
    std::map<std::string, double> times;
    if (old_text) {
      for (const auto& [name, seconds] : parse_reference_times(*old_text, file)) {
        std::error_code error;
        if (std::filesystem::is_regular_file(file.parent_path() / (name + ".case"), error)) times[name] = seconds;
      }
    }
    for (const std::size_t i : members) {
      const std::string name = cases[i].file.stem().string();
      const auto old = times.find(name);
      if (old != times.end() && !reference_time_stale(old->second, measured[i])) continue;
      if (check) {
        const auto ms = [](double seconds) { return std::to_string(std::lround(seconds * 1000)) + " ms"; };
        std::cout << cases[i].file.string() << ": the reference took " << ms(measured[i])
                  << (old == times.end() ? ", and no time is recorded" : ", recorded " + ms(old->second)) << "\n";
      }
      times[name] = measured[i];
    }
    stale += update_file(file, format_reference_times(times), check) ? 1 : 0;
  }
  return stale;
}

}  // namespace

int record_cases(const RecordOptions& options) {
  const std::optional<Prepared> prepared = prepare(options.cases, options.command, false);
  if (!prepared) return kExitCouldNotRun;
  const std::vector<Case>& cases = prepared->cases;
  const Command* command = &prepared->command;
  const Limits limits = options.limits();
  const std::atomic<bool>& stop = stop_on_interrupt();

  int stale = 0;
  std::vector<double> seconds;  // the reference's CPU time on each case, for times.tsv
  for (const Case& kase : cases) {
    Limits case_limits = limits;
    case_limits.set_time(case_time_limit(kase, options.timeout()));
    const RunResult run = run_program(*command, kase.input_text(), case_limits);
    // at least a ms: what the clock can tell (a time in times.tsv is above 0)
    seconds.push_back(std::chrono::duration<double>(std::max(run.cpu, std::chrono::milliseconds(1))).count());
    if (stop.load()) {
      error("interrupted: nothing more was recorded");
      return kExitCouldNotRun;
    }
    if (!run.started || run.timed_out || run.signal != 0 || run.exit_code != 0 ||
        run.output_limited) {
      error(kase.file.string() + ": the program did not run cleanly (" +
            (run.started ? judge(kase, run, limits).summary : run.start_error) + ")");
      return kExitCouldNotRun;
    }
    try {
      const std::string old_text = read_file(kase.file);
      const std::string new_text = rerecord(old_text, kase, output_lines(run.out), options.gets_answer);
      if (new_text == old_text) continue;
      ++stale;
      if (options.check) {
        std::cout << kase.file.string() << ": stale: expected lines differ from what "
                  << command->display << " answers\n";
        continue;
      }
      write_file(kase.file, new_text);
      std::cout << "recorded " << kase.file.string() << "\n";
    } catch (const FileError& e) {
      std::cerr << e.what() << "\n";
      return kExitCouldNotRun;
    }
  }
  std::cout << cases.size() << " case files, " << stale << (options.check ? " stale" : " rewritten")
            << "\n";
  try {
    const int stale_times = record_times(cases, seconds, options.check);
    std::cout << "reference times: " << stale_times << (options.check ? " stale files" : " files rewritten") << "\n";
    stale += stale_times;
  } catch (const FileError& e) {
    std::cerr << e.what() << "\n";
    return kExitCouldNotRun;
  }
  if (options.mistakes) {
    int stale_mistakes = -1;
    try {
      stale_mistakes = record_mistakes(options, *command, limits);
    } catch (const FileError& e) {
      std::cerr << e.what() << "\n";
    }
    if (stale_mistakes < 0) return kExitCouldNotRun;
    std::cout << "known mistakes: " << stale_mistakes
              << (options.check ? " stale files" : " files rewritten") << "\n";
    stale += stale_mistakes;
  }
  return options.check && stale > 0 ? kExitFailed : kExitPassed;
}

}  // namespace grader
