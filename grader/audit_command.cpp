// `bloom-grader audit`: does every known mistake fail some case, and is it named there?
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
  std::vector<MistakeInfo> audited;
  std::map<std::string, int> left_out;
  for (const MistakeInfo& mistake : *catalogue) {
    if (given.count(mistake.exercise) != 0) {
      audited.push_back(mistake);
    } else {
      ++left_out[mistake.exercise];
    }
  }

  int problems = 0;
  std::cout << "mistake                    caught  named  cases that catch it (* = caught, not named; ~ = "
               "caught with an answer most wrong programs give, which names nothing)\n";
  for (const MistakeInfo& mistake : audited) {
    const std::vector<CaseResult> results = grade(
        prepared->cases, with_mistake(prepared->command, mistake.id), grade_options,
        stop_on_interrupt());
    int caught = 0;
    int named = 0;
    int common = 0;  // caught with a common answer: no evidence, and not a problem
    std::string which;
    for (const CaseResult& r : results) {
      if (r.verdict == Verdict::NotRun) {
        error(r.summary);
        return kExitCouldNotRun;
      }
      if (r.verdict == Verdict::Passed) continue;
      ++caught;
      const bool names = std::any_of(r.diagnosis.begin(), r.diagnosis.end(),
                                     [&](const KnownMistake* k) { return k->info.id == mistake.id; });
      const bool no_evidence = !names && std::any_of(r.kase->mistakes.begin(), r.kase->mistakes.end(),
                                                     [&](const KnownMistake& k) {
                                                       return k.with.empty() && k.info.id == mistake.id && k.common;
                                                     });
      named += names ? 1 : 0;
      common += no_evidence ? 1 : 0;
      which += (which.empty() ? "" : " ") + r.kase->name + (names ? "" : no_evidence ? "~" : "*");
    }
    std::string id = mistake.id;
    id.resize(std::max<std::size_t>(id.size(), 26), ' ');
    std::cout << id << " " << std::setw(6) << caught << " " << std::setw(6) << named << "  "
              << (caught == 0 ? "SURVIVES every case" : which) << "\n";
    if (caught == 0 || named == 0 || named + common < caught) ++problems;
  }
  std::cout << audited.size() << " mistakes, " << problems
            << (problems == 1 ? " survives or goes unnamed\n" : " survive or go unnamed\n");
  for (const auto& [exercise, count] : left_out) {
    std::cout << "not audited: " << count << " mistakes of " << exercise << ", since no case of "
              << exercise << "/ was given\n";
  }
  return problems == 0 ? kExitPassed : kExitFailed;
}

}  // namespace grader
