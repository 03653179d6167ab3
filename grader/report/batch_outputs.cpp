#include "report/batch_outputs.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "inert.hpp"
#include "deadlines.hpp"
#include "report/class_report.hpp"
#include "report/csv.hpp"

namespace grader {

namespace {

// The class's mistake counts, as the table ends: each known mistake named and each other
// cause, with the number of submissions.
void write_class_counts(const ClassSummary& summary, std::ostream& out) {
  if (summary.mistakes.empty() && summary.causes.empty()) return;
  std::size_t width = 0;
  for (const auto* list : {&summary.mistakes, &summary.causes}) {
    for (const ClassSummary::Count& count : *list) {
      width = std::max(width, inert(count.look.name).size());
    }
  }
  const auto rows = [&](const std::vector<ClassSummary::Count>& counts) {
    for (const ClassSummary::Count& count : counts) {
      out << "  " << std::left << std::setw(static_cast<int>(width) + 2) << inert(count.look.name)
          << std::right << std::setw(5) << count.submissions << "\n";
    }
  };
  if (!summary.mistakes.empty()) {
    out << "known mistakes in the class (submissions that made each):\n";
    rows(summary.mistakes);
  }
  if (!summary.causes.empty()) {
    out << "failed without a known mistake named (submissions):\n";
    rows(summary.causes);
  }
}

// The columns of the collection and of the subtotals, after looks_like: public and hidden (the
// score's two parts), then what classroom --collect recorded (report/collection.hpp), empty for
// a submission that did not come from it, then which way its build went (fast, cmake or none).
constexpr const char* kCollectionColumns =
    "public,hidden,workflow_points,protected_changed,commit,commit_time,late_days,late_penalty,"
    "final,collected,build_path";

std::string collection_cells(const SubmissionReport& report) {
  std::ostringstream row;
  row << report.public_score() << "," << report.hidden_score() << ",";
  if (!report.collected) {
    row << ",,,,,," << report.final_score() << ",," << report.build_path;
    return row.str();
  }
  const Collected& c = *report.collected;
  // not checked: collected without a template to compare with
  std::string paths = c.protected_changed || c.state != CollectState::Collected ? "" : "not checked";
  for (const std::string& path : c.protected_changed.value_or(std::vector<std::string>{})) {
    paths += (paths.empty() ? "" : " ") + path;
  }
  row << (c.workflow_points ? std::to_string(*c.workflow_points) : "") << "," << csv_cell(paths)
      << "," << c.commit << "," << (c.commit_time ? iso_time(*c.commit_time) : "") << ","
      << c.days_late << "," << c.penalty_percent << "%," << report.final_score() << ","
      << csv_cell(std::string(collect_state_name(c.state))) << "," << report.build_path;
  return row.str();
}

}  // namespace

std::string gradebook_csv(const std::vector<SubmissionReport>& reports) {
  std::vector<std::string> case_names;  // in the order of the first report that has them
  for (const SubmissionReport& report : reports) {
    for (const CaseOutcome& outcome : report.cases()) {
      if (std::find(case_names.begin(), case_names.end(), outcome.name) == case_names.end()) {
        case_names.push_back(outcome.name);
      }
    }
  }
  std::ostringstream csv;
  csv << "id,status,score,max,passed,failed,looks_like," << kCollectionColumns;
  for (const std::string& name : case_names) csv << "," << csv_cell(name) << "," << csv_cell(name + " verdict");
  csv << "\n";
  for (const SubmissionReport& report : reports) {
    csv << csv_cell(report.submission) << "," << status_name(report.status()) << ","
        << report.score() << "," << report.max_score() << "," << report.passed() << ","
        << report.failed() << "," << csv_cell(looks_like_text(report)) << ","
        << collection_cells(report);
    const std::vector<CaseOutcome>& outcomes = report.cases();
    for (const std::string& name : case_names) {
      const auto it = std::find_if(outcomes.begin(), outcomes.end(),
                                   [&](const auto& o) { return o.name == name; });
      // a case this submission was not graded on (a shard graded with other cases): no verdict
      if (it == outcomes.end()) {
        csv << ",0,";
      } else {
        csv << "," << it->points << "," << verdict_name(it->verdict);
      }
    }
    csv << "\n";
  }
  return csv.str();
}

std::string batch_table(const std::vector<SubmissionReport>& reports) {
  std::ostringstream out;
  std::size_t id_width = 22;  // a long id widens the column rather than run into the next
  // a submission's id and what its program printed reach the terminal inert (inert.hpp)
  for (const SubmissionReport& report : reports) {
    id_width = std::max(id_width, inert(report.submission).size());
  }
  const int id_column = static_cast<int>(id_width) + 2;
  out << std::left << std::setw(id_column) << "submission" << std::setw(14) << "status" << std::setw(10)
      << "score" << "looks like\n";
  for (const SubmissionReport& report : reports) {
    const std::string score = std::to_string(report.score()) + "/" + std::to_string(report.max_score());
    out << std::setw(id_column) << inert(report.submission) << std::setw(14)
        << status_name(report.status()) << std::setw(10) << score << inert(looks_like_text(report))
        << "\n";
  }
  write_class_counts(summarize(reports), out);
  return out.str();
}

namespace {

// The gradebook column a learning platform makes of the batch: its exercises, from the case
// ids' folders ("bip37" of "bip37/worked-example"), the protocol's left out as every
// exercise's part; "grade" when there is none.
std::string assignment_name(const std::vector<SubmissionReport>& reports) {
  std::vector<std::string> exercises;
  for (const SubmissionReport& report : reports) {
    for (const CaseOutcome& outcome : report.cases()) {
      const std::string folder = outcome.name.substr(0, outcome.name.find('/'));
      if (folder != "protocol" &&
          std::find(exercises.begin(), exercises.end(), folder) == exercises.end()) {
        exercises.push_back(folder);
      }
    }
  }
  std::string name;
  for (const std::string& exercise : exercises) name += (name.empty() ? "" : " ") + exercise;
  return name.empty() ? "grade" : name;
}

}  // namespace

std::string canvas_csv(const std::vector<SubmissionReport>& reports) {
  // Canvas's gradebook import, as its own export writes it ("How do I import grades in the
  // Gradebook?", Canvas Instructor Guide): Student, ID, SIS User ID, SIS Login ID, Section,
  // then one column per assignment, named by it; a name Canvas does not know makes a new
  // assignment. Canvas matches a row by ID, SIS User ID or SIS Login ID: the submission's id
  // is written as the student and as the SIS login, the rest left empty.
  std::ostringstream csv;
  csv << "Student,ID,SIS User ID,SIS Login ID,Section," << csv_cell(assignment_name(reports))
      << "\n";
  for (const SubmissionReport& report : reports) {
    csv << csv_cell(report.submission) << ",,," << csv_cell(report.submission) << ",,"
        << report.score() << "\n";
  }
  return csv.str();
}

std::string moodle_csv(const std::vector<SubmissionReport>& reports) {
  // Moodle's "Import grades from CSV file" (docs.moodle.org, Grade import): any columns, each
  // mapped on import; one identifies the user ("Map from" the column, "Map to" username or
  // email), one holds the grade item's grade, and one may be its feedback.
  std::ostringstream csv;
  csv << "username," << csv_cell(assignment_name(reports)) << ",feedback\n";
  for (const SubmissionReport& report : reports) {
    csv << csv_cell(report.submission) << "," << report.score() << ","
        << csv_cell(looks_like_text(report)) << "\n";
  }
  return csv.str();
}

std::span<const BatchOutput> batch_outputs() {
  static constexpr BatchOutput kOutputs[] = {
      {"gradebook.csv", true,
       "a row per submission: status, score, looks like, each case's points and verdict",
       [](const std::vector<SubmissionReport>& reports, bool) { return gradebook_csv(reports); }},
      {"report.html", true,
       "the class report: one self-contained page (docs/batch.md, \"The class report\")",
       [](const std::vector<SubmissionReport>& reports, bool show_hidden) {
         return class_report_html(reports, case_infos(reports, show_hidden));
       }},
      {"canvas.csv", true,
       "Canvas's gradebook import: Student, ID, SIS User ID, SIS Login ID, Section, the score",
       [](const std::vector<SubmissionReport>& reports, bool) { return canvas_csv(reports); }},
      {"moodle.csv", true,
       "Moodle's grade import from CSV: username, the score, feedback (what it looks like)",
       [](const std::vector<SubmissionReport>& reports, bool) { return moodle_csv(reports); }},
      {"terminal", false,
       "the table printed at the end: a row per submission, then the class's mistakes",
       [](const std::vector<SubmissionReport>& reports, bool) { return batch_table(reports); }},
  };
  return kOutputs;
}

const BatchOutput& batch_output(std::string_view name) {
  for (const BatchOutput& output : batch_outputs()) {
    if (output.name == name) return output;
  }
  throw std::logic_error("no batch output is named " + std::string(name));
}

}  // namespace grader
