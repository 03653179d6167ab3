#include "report.hpp"

#include <algorithm>
#include <csignal>
#include <set>
#include <sstream>

#include "inert.hpp"

namespace grader {

int Report::score() const {
  int total = 0;
  for (const CaseResult& r : results) total += r.points;
  return total;
}

int Report::max_score() const {
  int total = 0;
  for (const CaseResult& r : results) total += r.kase->points;
  return total;
}

int Report::passed() const {
  return static_cast<int>(std::count_if(results.begin(), results.end(), [](const CaseResult& r) {
    return r.verdict == Verdict::Passed;
  }));
}

int Report::failed() const { return static_cast<int>(results.size()) - passed(); }

NamedMistakes named_mistakes(const Diagnosed& diagnosed) {
  NamedMistakes named;
  named.cases = diagnosed.cases;
  for (const MistakeInfo* mistake : diagnosed.mistakes) {
    named.mistakes.push_back(mistake->id);
    named.messages.push_back(diagnosis_line(*mistake));
  }
  return named;
}

namespace {

// The program's line as an outcome keeps it: inert, and whole as far as the expected line and
// 64 bytes past it, so that it always holds the byte where the two part (a line of the same
// start cut at 200 bytes would read as the expected one); a runaway line is cut after that.
std::string stored_actual(std::string_view actual, std::string_view expected) {
  return visible(actual, std::max<std::size_t>(200, expected.size() + 64));
}

}  // namespace

Outcome outcome_of(const Report& report) {
  return outcome_of(report, {report.show_hidden, false});
}

Outcome outcome_of(const Report& report, OutcomeView view) {
  Outcome outcome;
  outcome.status = report.failed() == 0 ? SubmissionStatus::Passed : SubmissionStatus::Failed;
  for (const CaseResult& r : report.results) {
    const bool masked = r.kase->hidden && !view.show_hidden;
    CaseOutcome c;
    c.name = r.kase->name;
    c.file = r.kase->file.string();
    c.verdict = r.verdict;
    c.summary = masked ? "" : r.summary;
    c.points = r.points;
    c.max_points = r.kase->points;
    c.hidden = r.kase->hidden;
    c.time_ms = r.run.elapsed.count();
    c.cpu_ms = r.run.cpu.count();
    if (r.run.signal == 0) c.exit_code = r.run.exit_code;
    if (r.run.signal != 0) c.signal = signal_name(r.run.signal);
    if (r.mismatch && !masked) {
      const Mismatch& m = *r.mismatch;
      c.mismatch = MismatchOutcome{m.step ? m.step->input : "",
                                   m.case_line,
                                   m.output_line + 1,
                                   m.expected,
                                   m.actual ? std::optional<std::string>(stored_actual(*m.actual, m.expected))
                                            : std::nullopt,
                                   m.extra_output};
    }
    // a count, which tells nothing of a hidden case's text
    c.extra_lines_before = r.mismatch ? static_cast<int>(r.mismatch->extra_lines) : 0;
    for (const std::vector<const MistakeInfo*>& claim : diagnosis_claims(r)) {
      Claim& named = c.diagnosis.emplace_back();
      for (const MistakeInfo* mistake : claim) named.mistakes.push_back(mistake->id);
    }
    if (!masked) c.hints = shown_hints(r);
    if (r.verdict != Verdict::Passed) c.details = failure_details(r, view.show_hidden, view.by_id);
    c.err = masked ? "" : visible(r.run.err, r.run.err.size());
    outcome.cases.push_back(std::move(c));
  }
  RunSummary& summary = outcome.summary;
  summary.cases = static_cast<int>(report.results.size());
  summary.passed = report.passed();
  summary.failed = report.failed();
  summary.score = report.score();
  summary.max_score = report.max_score();
  summary.command = report.command;
  summary.interrupted = report.interrupted;
  for (const Diagnosed& diagnosed : report.diagnoses())
    summary.diagnosis.push_back(named_mistakes(diagnosed));
  return outcome;
}

std::string Diagnosed::name() const { return named_mistakes(*this).name(); }

std::vector<Diagnosed> Report::diagnoses() const {
  // each mistake named, with the cases (indexes) whose answer it explains
  std::vector<std::pair<const MistakeInfo*, std::set<std::size_t>>> named;
  std::set<std::string> in_pairs;  // named by a pair's answer: made for certain
  for (std::size_t i = 0; i < results.size(); ++i) {
    for (const KnownMistake* known : results[i].diagnosis) {
      for (const MistakeInfo* mistake : known->named()) {
        if (!known->with.empty()) in_pairs.insert(mistake->id);
        const auto same = std::find_if(named.begin(), named.end(), [&](const auto& entry) {
          return entry.first->id == mistake->id;
        });
        if (same == named.end()) {
          named.push_back({mistake, {i}});
        } else {
          same->second.insert(i);
        }
      }
    }
  }
  // Two mistakes can give the same answer to a case (both forms of a 32-bit slip, modulo a
  // power of two). One whose every case another explains too, while that one explains more,
  // is not what the program did.
  const auto subsumed = [&](const std::set<std::size_t>& cases) {
    return std::any_of(named.begin(), named.end(), [&](const auto& other) {
      return other.second.size() > cases.size() &&
             std::includes(other.second.begin(), other.second.end(), cases.begin(), cases.end());
    });
  };
  std::vector<Diagnosed> kept;
  std::vector<const std::set<std::size_t>*> kept_cases;  // beside kept: the cases of each
  for (const auto& [mistake, cases] : named) {
    const bool certain = in_pairs.count(mistake->id) != 0;
    if (!certain && subsumed(cases)) continue;
    // the same cases as an entry kept already, neither certain: the cases cannot tell them apart
    std::size_t alike = kept.size();
    for (std::size_t j = 0; j < kept.size() && !certain; ++j) {
      if (*kept_cases[j] == cases && in_pairs.count(kept[j].mistakes.front()->id) == 0) alike = j;
    }
    if (alike < kept.size()) {
      kept[alike].mistakes.push_back(mistake);
    } else {
      kept.push_back({{mistake}, static_cast<int>(cases.size())});
      kept_cases.push_back(&cases);
    }
  }
  return kept;
}

std::vector<std::string> diagnosed_lines(const Diagnosed& diagnosed) {
  return diagnosed_lines(named_mistakes(diagnosed));
}

std::vector<std::string> diagnosed_lines(const NamedMistakes& named) {
  const std::string count = std::to_string(named.cases) + (named.cases == 1 ? " case" : " cases");
  if (named.mistakes.size() == 1) {
    return {inert("looks like " + named.name() + " in " + count + ": " + named.message())};
  }
  std::vector<std::string> lines = {"looks like " + named.name() + " (in " + count +
                                    "; they answer them alike, so these cases cannot tell which)"};
  for (const std::string& message : named.messages) lines.push_back("  " + inert(message));
  return lines;
}

std::string_view not_implemented_function(std::string_view line) {
  constexpr std::string_view kNotImplemented = "error: not implemented: ";
  const std::size_t at = line.find(kNotImplemented);
  if (at == std::string_view::npos) return {};
  std::string_view name = line.substr(at + kNotImplemented.size());
  while (!name.empty() && (name.back() == '\r' || name.back() == ' ')) name.remove_suffix(1);
  return name;
}

std::string diagnosis_line(const MistakeInfo& mistake) {
  return "this is what you get when " + mistake.message + " (" + mistake.source + ") [" +
         mistake.id + "]";
}

namespace {

constexpr std::size_t kStderrLines = 5;    // lines of the program's stderr shown

// The digits of a hexadecimal answer whose value a wrong line printed right, but otherwise
// (hex_printed_otherwise), all else right; 0 otherwise.
std::size_t hex_otherwise(const CaseResult& result) {
  const std::optional<Mismatch>& m = result.mismatch;
  if (result.verdict != Verdict::WrongOutput || !m || !m->actual || m->extra_before()) return 0;
  return hex_printed_otherwise(m->expected, *m->actual);
}

// What to do about a run that did not end well, when the verdict says more than the output:
// a hang, a crash, an AddressSanitizer build under the address-space limit. Empty otherwise.
std::vector<std::string> advice(const CaseResult& result) {
  const std::string& err = result.run.err;
  if (err.find("AddressSanitizer") != std::string::npos &&
      (err.find("ReserveShadowMemoryRange") != std::string::npos ||
       err.find("ulimit -v") != std::string::npos)) {
    return {"advice: this is an AddressSanitizer build, which needs more address space than the "
            "limit allows: run it with --memory 0"};
  }
  if (result.mismatch && result.mismatch->extra_before()) {
    return {"advice: standard output is for answers only, one per command: write any other line "
            "(a debug line) to standard error, std::cerr"};
  }
  if (const std::size_t digits = hex_otherwise(result)) {
    const std::string w = std::to_string(digits);
    return {"advice: the value is right and only its printing differs: print it as " + w +
            " hexadecimal digits, zero-padded, without 0x (printf's %0" + w +
            "x, Python's format(h, '0" + w + "x'), JavaScript's h.toString(16).padStart(" + w +
            ", '0'))"};
  }
  switch (result.verdict) {
    case Verdict::Timeout:
      if (!output_lines(result.run.out).empty()) {
        return {"advice: look for a loop that never ends in what this command calls"};
      }
      return {
          "advice: look for a loop that never ends in what the first command calls; a program "
          "that writes its answers only at its end shows none before it is stopped, so if yours "
          "does, write each answer as it is made (the starters' given code does) and the report "
          "shows the command it hangs on"};
    case Verdict::MemoryLimit:
      return {"advice: look for memory that grows without end (a container filled in a loop that "
              "does not stop), or a size taken from the input without its bound"};
    case Verdict::Crashed:
      if (result.run.signal == SIGXFSZ) {  // RLIMIT_FSIZE
        return {"advice: it wrote a file past the file-size limit; a program graded here answers "
                "on standard output and needs no file of its own"};
      }
      return {"advice: to see where it crashes, build with -fsanitize=address,undefined and run "
              "it again with --memory 0"};
    default:
      return {};
  }
}
// A program's catalogue (its mistakes' messages) and its start error reach a report's lines too,
// beside the output visible() showed already.
std::vector<std::string> made_inert(std::vector<std::string> lines) {
  for (std::string& line : lines) line = inert(line);
  return lines;
}

constexpr std::size_t kContextAnswers = 2;  // answered lines shown before the mismatch

// The (input, actual answer) pairs just before output line `index`.
std::vector<std::string> context_before(const CaseResult& result, std::size_t index) {
  const std::vector<std::string_view> lines = output_lines(result.run.out);
  std::vector<std::string> context;
  std::size_t line = 0;
  for (const Step& step : result.kase->steps) {
    for (std::size_t j = 0; j < step.expected.size(); ++j, ++line) {
      if (line >= index) break;
      if (line + kContextAnswers >= index && line < lines.size()) {
        context.push_back("> " + visible(step.input, 60) + "  ->  " + visible(lines[line], 60));
      }
    }
  }
  return context;
}

// The lines a mismatch is shown in: what was sent, what was expected, what came and where
// the two part.
std::vector<std::string> mismatch_lines(const CaseResult& result) {
  const Mismatch& m = *result.mismatch;
  if (m.extra_output) return {"  unexpected: " + visible(*m.actual)};
  std::vector<std::string> out{"  sent:     > " + visible(m.step->input)};
  if (m.actual && m.extra_before()) {
    out.push_back("  expected: " + visible(m.expected));
    const std::string more =
        m.extra_lines == 1 ? "a line more" : std::to_string(m.extra_lines) + " lines more";
    for (std::size_t i = 0; i < m.extra.size(); ++i) {
      out.push_back((i == 0 ? "  extra:    " : "            ") + visible(m.extra[i]) +
                    (i == 0 ? "   (" + more + " than the answers)" : ""));
    }
    out.push_back(
        "  then:     " + visible(m.expected) + "   (the answer, right, " +
        (m.extra_lines == 1 ? std::string("one line") : std::to_string(m.extra_lines) + " lines") +
        " late)");
  } else if (m.actual) {
    // a long line (FILTERLOAD's hex) as a window around where the two part, with the offset
    const LineDiff diff = line_diff(m.expected, *m.actual);
    out.push_back("  expected: " + diff.expected);
    out.push_back("  actual:   " + diff.actual);
    out.push_back("            " + std::string(diff.caret, ' ') + "^" +
                  (diff.windowed ? " at byte " + std::to_string(diff.offset) + " (expected " +
                                       std::to_string(m.expected.size()) + " bytes, got " +
                                       std::to_string(m.actual->size()) + ")"
                                 : ""));
  } else {
    out.push_back("  expected: " + visible(m.expected));
    out.push_back(result.verdict == Verdict::Timeout
                      ? "  actual:   (nothing yet: the time limit came first)"
                      : "  actual:   (nothing: the output ended)");
  }
  return out;
}

}  // namespace

std::vector<std::vector<const MistakeInfo*>> diagnosis_claims(const CaseResult& result) {
  std::vector<const MistakeInfo*> alike;  // the single mistakes: one answer, so "one of" them
  for (const KnownMistake* known : result.diagnosis) {
    if (known->with.empty()) alike.push_back(&known->info);
  }
  std::vector<std::vector<const MistakeInfo*>> claims;
  for (const KnownMistake* known : result.diagnosis) {
    if (known->with.empty()) {
      if (alike.size() == 1) claims.push_back(alike);
      continue;
    }
    for (const MistakeInfo* mistake : known->named()) claims.push_back({mistake});
  }
  // after the pairs' mistakes, as the text report has always listed them
  if (alike.size() > 1) claims.push_back(alike);
  return claims;
}

std::vector<std::string> failure_details(const CaseResult& result, bool show_hidden, bool by_id) {
  std::vector<std::string> out;
  const Case& kase = *result.kase;
  const auto diagnose = [&] {
    for (const std::vector<const MistakeInfo*>& claim : diagnosis_claims(result)) {
      if (claim.size() == 1) {
        out.push_back("diagnosis: " + diagnosis_line(*claim.front()));
        continue;
      }
      out.push_back("diagnosis: " + Diagnosed{claim, 1}.name() +
                    " (each answers this line so; this case cannot tell which)");
      for (const MistakeInfo* mistake : claim) out.push_back("  " + diagnosis_line(*mistake));
    }
  };
  if (kase.hidden && !show_hidden) {
    out.push_back("hidden case: " + std::string(verdict_name(result.verdict)));
    diagnose();
    return made_inert(std::move(out));
  }
  if (kase.hidden) out.push_back("hidden case, shown in full (--show-hidden): never give this to students");
  out.push_back((by_id ? kase.name + ".case" : kase.file.string()) + ":" +
                std::to_string(result.mismatch ? result.mismatch->case_line : 1) + ": " +
                std::string(verdict_name(result.verdict)) + ": " + result.summary);
  // A timeout before any answer came says nothing about which command is stuck.
  const bool stuck_somewhere = result.verdict == Verdict::Timeout && output_lines(result.run.out).empty();
  if (result.mismatch && !stuck_somewhere) {
    const Mismatch& m = *result.mismatch;
    for (const std::string& line : context_before(result, m.output_line)) {
      out.push_back("  " + line);
    }
    const std::vector<std::string> shown = mismatch_lines(result);
    out.insert(out.end(), shown.begin(), shown.end());
  }
  diagnose();
  const std::vector<std::string> what_to_do = advice(result);
  out.insert(out.end(), what_to_do.begin(), what_to_do.end());
  for (const std::string& hint : shown_hints(result)) out.push_back("hint: " + hint);
  if (!result.run.err.empty()) {
    const std::vector<std::string_view> lines = output_lines(result.run.err);
    out.push_back("stderr" + std::string(lines.size() > kStderrLines ? " (first lines)" : "") +
                  ":");
    for (std::size_t i = 0; i < lines.size() && i < kStderrLines; ++i) {
      out.push_back("  | " + visible(lines[i], 160));
    }
  }
  return made_inert(std::move(out));
}

std::vector<std::string> shown_hints(const CaseResult& result) {
  std::vector<std::string> shown;
  const bool answers_judged =
      result.verdict == Verdict::WrongOutput || result.verdict == Verdict::NoOutput;
  // a value printed otherwise is told so (advice): a hint would blame a step that is right
  if (!answers_judged || !result.diagnosis.empty() || !result.mismatch ||
      result.mismatch->extra_before() || hex_otherwise(result) != 0) {
    return shown;
  }
  const std::optional<std::string>& actual = result.mismatch->actual;
  if (actual && !not_implemented_function(*actual).empty()) return shown;
  const auto listed = [](const std::vector<std::string>& ids) {
    std::string text;
    for (std::size_t i = 0; i < ids.size(); ++i) {
      text += (i == 0 ? "" : i + 1 == ids.size() ? " and " : ", ") + ids[i];
    }
    return text;
  };
  if (!result.needs_failed.empty()) {
    const bool one = result.needs_failed.size() == 1;
    shown.push_back("this case builds on what " + listed(result.needs_failed) + " test" +
                    (one ? "s" : "") + ", and " + (one ? "it fails" : "they fail") + " too: fix " +
                    (one ? "it" : "them") + " first");
    return shown;
  }
  const std::string premise = result.needs_not_graded.empty()
                                  ? ""
                                  : "if " + listed(result.needs_not_graded) +
                                        (result.needs_not_graded.size() == 1 ? " passes" : " pass") + ": ";
  const Step* step = result.mismatch->step;
  std::vector<std::string_view> told;  // the bindings a hint was shown for: one hint each
  for (const Hint& hint : result.kase->hints) {
    if ((hint.command.empty() || (step != nullptr && command_of(step->input) == hint.command)) &&
        std::find(told.begin(), told.end(), hint.command) == told.end() &&
        premise_holds(result, hint)) {
      shown.push_back(premise + hint.text);
      told.push_back(hint.command);
    }
  }
  return shown;
}

namespace {

// How points and cases relate, for the score line: " (19 cases, 1 to 3 points each; a case
// passed scores all of its points, a case failed none)".
std::string points_note(const Report& report) {
  if (report.results.empty()) return "";
  int least = report.results.front().kase->points;
  int most = least;
  for (const CaseResult& r : report.results) {
    least = std::min(least, r.kase->points);
    most = std::max(most, r.kase->points);
  }
  const std::string each = least == most ? std::to_string(least) + (least == 1 ? " point" : " points")
                                         : std::to_string(least) + " to " + std::to_string(most) + " points";
  return " (" + std::to_string(report.results.size()) +
         (report.results.size() == 1 ? " case, " : " cases, ") + each +
         " each; a case passed scores all of its points, a case failed none)";
}

}  // namespace

void write_text(const Report& report, std::ostream& out, const TextStyle& style) {
  const auto paint = [&](const char* code, const std::string& text) {
    return style.color ? std::string("\x1b[") + code + "m" + text + "\x1b[0m" : text;
  };
  for (const CaseResult& result : report.results) {
    const std::string time = " (" + std::to_string(result.run.elapsed.count()) + " ms)";
    if (result.verdict == Verdict::Passed) {
      out << paint("32", "PASS") << "  " << inert(result.kase->name) << time << "\n";
      continue;
    }
    if (result.verdict == Verdict::Skipped) {  // nothing ran: one line says all
      out << paint("33", "SKIP") << "  " << inert(result.kase->name) << ": "
          << inert(result.summary) << "\n";
      continue;
    }
    out << paint("31;1", "FAIL") << "  " << inert(result.kase->name) << time << ": "
        << verdict_name(result.verdict) << "\n";
    for (const std::string& line : failure_details(result, report.show_hidden)) {
      out << "      " << line << "\n";
    }
  }
  if (report.interrupted) out << "interrupted: cases not run count as failed\n";
  for (const Diagnosed& diagnosed : report.diagnoses()) {
    for (const std::string& line : diagnosed_lines(diagnosed)) {
      constexpr std::string_view kLooksLike = "looks like";
      out << (line.starts_with(kLooksLike) ? paint("33;1", std::string(kLooksLike)) + line.substr(kLooksLike.size())
                                           : line)
          << "\n";
    }
  }
  out << "score " << report.score() << "/" << report.max_score() << " points" << points_note(report)
      << "\n";
  out << report.passed() << " passed, " << report.failed() << " failed\n";
}

}  // namespace grader
