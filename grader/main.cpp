// bloom-grader: runs any program over case files and judges its transcript (docs/grader.md).
// The command line is read by arguments.cpp from the options table; here it is dispatched.
#include <iostream>
#include <string_view>

#include "arguments.hpp"
#include "cli_options.hpp"
#include "subcommand.hpp"

namespace {

// The course protocol's framing (docs/protocol.md, "Lines"), the one fact of the protocol the
// grader is told: a blank line, or one starting with '#', gets no answer; every other line
// gets exactly one. A CR ending the line is not part of it. The case
// cases/protocol/blank-and-comment-lines.case holds the reference to the same rule.
bool course_protocol_answers(std::string_view sent) {
  if (sent.ends_with('\r')) sent.remove_suffix(1);
  return !sent.empty() && sent.front() != '#';
}

int dispatch(grader::Arguments& a) {
  using grader::Subcommand;
  switch (a.command) {
    case Subcommand::Run:
      return grader::run_cases(a.run);
    case Subcommand::Record:
      a.record.gets_answer = course_protocol_answers;
      return grader::record_cases(a.record);
    case Subcommand::Audit:
      return grader::audit_cases(a.audit);
    case Subcommand::Batch:
      return grader::batch_grade(a.batch);
    case Subcommand::Sandbox:
      return grader::sandbox_command(a.sandbox, std::cout);
    case Subcommand::Build:
      return grader::build_submission(a.build);
    case Subcommand::Merge:
      return grader::merge_reports(a.merge.folders, a.merge.out, a.merge.show_hidden);
    case Subcommand::Report:
      if (!a.report.students.empty()) {
        return grader::student_pages_command(a.report.folders, a.report.students,
                                             a.report.show_hidden);
      }
      return grader::class_report_command(a.report.folders, a.report.out, a.report.show_hidden);
    case Subcommand::Classroom:
      return grader::classroom_command(a.classroom);
    case Subcommand::Exercises:
      return grader::exercises_command(a.exercises, std::cout);
    case Subcommand::Options:
      return grader::options_command(a.options, std::cout);
    case Subcommand::Check:
      break;  // a starter's program, not a subcommand
  }
  return grader::kExitCouldNotRun;
}

}  // namespace

int main(int argc, char** argv) {
  // A failure no subcommand expected (a folder that vanished, a disk gone read-only) is said
  // in the one error shape, with the one exit status, never left to std::terminate.
  try {
    grader::Arguments arguments;
    if (const std::optional<int> status = grader::read_arguments(argc, argv, arguments)) {
      return *status;
    }
    return dispatch(arguments);
  } catch (const std::exception& failure) {
    grader::error(failure);
    return grader::kExitCouldNotRun;
  }
}
