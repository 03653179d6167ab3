// `bloom-grader audit`: does every known mistake fail some case, and is it named there? Given
// public and hidden cases together, it also says what the hidden cases add: the mistakes they
// catch that the public ones miss, and those that survive both.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>

#include "app.hpp"
#include "interrupt.hpp"
#include "judge.hpp"
#include "subcommand.hpp"

namespace grader {

namespace {

// One mistake over every case given: which cases catch it, and how.
struct Audited {
  std::string id;
  int caught = 0;
  int named = 0;
  int common = 0;  // caught with a common answer: no evidence, and not a problem
  bool by_public = false;
  bool by_hidden = false;
  std::string which;  // the cases that catch it, marked as the table's header says
  [[nodiscard]] bool unnamed() const {
    return caught > 0 && (named == 0 || named + common < caught);
  }
};

// The mistake's row, or nullopt when a case could not run (already said). It is audited on
// every case but those of another exercise of `exercises`: as recording records it (a mistake
// is its own exercise's suite's to catch and name), and as one exercise's suite alone is audited.
std::optional<Audited> audit_one(const Prepared& prepared, const MistakeInfo& mistake,
                                 const std::set<std::string>& exercises,
                                 const GradeOptions& grade_options) {
  std::vector<Case> its_cases;
  for (const Case& kase : prepared.cases) {
    const std::string folder = kase.name.substr(0, kase.name.find('/'));
    if (folder == mistake.exercise || exercises.count(folder) == 0) its_cases.push_back(kase);
  }
  const std::vector<CaseResult> results =
      grade(its_cases, with_mistake(prepared.command, mistake.id), grade_options, stop_on_interrupt());
  Audited row;
  row.id = mistake.id;
  for (const CaseResult& r : results) {
    if (r.verdict == Verdict::NotRun) {
      error(r.summary);
      return std::nullopt;
    }
    if (r.verdict == Verdict::Passed) continue;
    ++row.caught;
    (r.kase->hidden ? row.by_hidden : row.by_public) = true;
    const bool names = std::any_of(r.diagnosis.begin(), r.diagnosis.end(),
                                   [&](const KnownMistake* k) { return k->info.id == mistake.id; });
    // its transcript here is too small to name it (common answers, errors, few digits)
    const std::vector<MistakeTranscript> all = transcripts(*r.kase);
    const bool no_evidence =
        !names && std::any_of(all.begin(), all.end(), [&](const MistakeTranscript& t) {
          return t.rows.front()->ids() == mistake.id && !t.evident();
        });
    row.named += names ? 1 : 0;
    row.common += no_evidence ? 1 : 0;
    // appended piece by piece: GCC 12 at -O3 warns (-Wrestrict, a false positive) on
    // `const char* + std::string&&`, and the static grader's build is -O3
    if (!row.which.empty()) row.which += ' ';
    if (r.kase->hidden) row.which += "hidden:";
    row.which += r.kase->name;
    row.which += names ? "" : no_evidence ? "~" : "*";
  }
  return row;
}

std::string id_list(const std::vector<Audited>& rows, bool (*keep)(const Audited&)) {
  std::string ids;
  for (const Audited& row : rows) {
    if (keep(row)) ids += (ids.empty() ? "" : ", ") + row.id;
  }
  return ids.empty() ? "none" : ids;
}

// What the hidden cases add to the public ones: the instructor's question.
void say_what_hidden_adds(const std::vector<Audited>& rows, std::size_t public_cases,
                          std::size_t hidden_cases) {
  std::cout << "the hidden cases (" << hidden_cases << ") beside the public ones (" << public_cases
            << "):\n"
            << "  caught by the hidden cases only: "
            << id_list(rows, [](const Audited& r) { return r.by_hidden && !r.by_public; }) << "\n"
            << "  caught by the public cases only: "
            << id_list(rows, [](const Audited& r) { return r.by_public && !r.by_hidden; }) << "\n"
            << "  caught by both: "
            << id_list(rows, [](const Audited& r) { return r.by_public && r.by_hidden; }) << "\n"
            << "  survive both: " << id_list(rows, [](const Audited& r) { return r.caught == 0; })
            << "\n";
}

}  // namespace

int audit_cases(const AuditOptions& options) {
  const std::optional<Prepared> prepared = prepare(options.cases, options.command);
  if (!prepared) return kExitCouldNotRun;
  const Limits limits = options.limits();
  const std::optional<std::vector<MistakeInfo>> catalogue = list_mistakes(prepared->command, limits);
  if (!catalogue) return kExitCouldNotRun;
  const GradeOptions grade_options = options.grade_options();

  // Only the mistakes of the exercises whose cases were given: a case's id starts with its
  // folder, which is its exercise (cases/bip37/, hidden/bip37/).
  std::set<std::string> given;
  for (const Case& kase : prepared->cases) given.insert(kase.name.substr(0, kase.name.find('/')));
  const std::size_t hidden_cases = static_cast<std::size_t>(std::count_if(
      prepared->cases.begin(), prepared->cases.end(), [](const Case& c) { return c.hidden; }));
  const std::size_t public_cases = prepared->cases.size() - hidden_cases;
  // Hidden cases alone are a few more cases, not a suite: a mistake they miss is no defect of
  // theirs, since the public cases are graded beside them.
  const bool hidden_alone = public_cases == 0;
  if (hidden_alone) {
    std::cout << "auditing " << hidden_cases
              << " hidden cases alone: which mistakes they catch by themselves; to see what they "
                 "add to the public cases, give those too (--cases cases/protocol --cases "
                 "cases/EXERCISE --cases hidden/EXERCISE)\n";
  }
  std::set<std::string> exercises;  // every exercise the catalogue names
  for (const MistakeInfo& mistake : *catalogue) exercises.insert(mistake.exercise);
  std::vector<Audited> rows;
  std::map<std::string, int> left_out;
  std::cout << "mistake                    caught  named  cases that catch it (* = caught, not named; ~ = "
               "caught with an answer most wrong programs give, which names nothing)\n";
  for (const MistakeInfo& mistake : *catalogue) {
    if (given.count(mistake.exercise) == 0) {
      ++left_out[mistake.exercise];
      continue;
    }
    const std::optional<Audited> row = audit_one(*prepared, mistake, exercises, grade_options);
    if (!row) return kExitCouldNotRun;
    std::string id = row->id;
    id.resize(std::max<std::size_t>(id.size(), 26), ' ');
    std::cout << id << " " << std::setw(6) << row->caught << " " << std::setw(6) << row->named
              << "  "
              << (row->caught > 0 ? row->which
                  : hidden_alone  ? "survives these hidden cases"
                                  : "SURVIVES every case")
              << "\n";
    rows.push_back(*row);
  }
  const int problems =
      static_cast<int>(std::count_if(rows.begin(), rows.end(), [&](const Audited& r) {
        return r.unnamed() || (r.caught == 0 && !hidden_alone);
      }));
  if (hidden_alone) {
    const auto caught =
        std::count_if(rows.begin(), rows.end(), [](const Audited& r) { return r.caught > 0; });
    std::cout << "the hidden cases alone catch " << caught << " of " << rows.size()
              << " mistakes\n";
  } else if (hidden_cases > 0) {
    say_what_hidden_adds(rows, public_cases, hidden_cases);
  }
  std::cout << rows.size() << " mistakes, " << problems
            << (hidden_alone
                    ? (problems == 1 ? " goes unnamed\n" : " go unnamed\n")
                    : (problems == 1 ? " survives or goes unnamed\n" : " survive or go unnamed\n"));
  for (const auto& [exercise, count] : left_out) {
    std::cout << "not audited: " << count << " mistakes of " << exercise << ", since no case of "
              << exercise << "/ was given\n";
  }
  return problems == 0 ? kExitPassed : kExitFailed;
}

}  // namespace grader
