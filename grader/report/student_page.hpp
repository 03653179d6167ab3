// What a student gets back of a batch: one page of their own submission, to release, in text
// and as one self-contained HTML file (written through html::Writer, which escapes every byte
// of text). Made from the submission report alone (batch's OUT/ID.json).
//
// A public case is shown in full: its verdict, points and the text report's lines of a
// failure. A hidden case is shown as "hidden case N: passed" or "failed" and its points, and
// nothing else: not its name, input, expected or actual lines, summary, hints or stderr, even
// when the report holds them (a batch run with --show-hidden). The known mistakes the run
// names, the overall score and what the submission looks like are shown, as every report
// shows them for hidden cases too (docs/mistakes.md, "Who sees what of a hidden case").
#pragma once

#include <string>

#include "report/submission_report.hpp"

namespace grader {

[[nodiscard]] std::string student_page_text(const SubmissionReport& report);
[[nodiscard]] std::string student_page_html(const SubmissionReport& report);

}  // namespace grader
