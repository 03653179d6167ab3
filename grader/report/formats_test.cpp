#include "report/formats.hpp"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "report/judged.hpp"

namespace {

// A report of one case whose program answered `output`.
grader::Report report_of(const grader::Case& kase, const std::string& output, const std::string& err = "") {
  return grader::testing::judged(kase, output, err);
}

const grader::Case kCase = grader::parse_case(
    "# two commands\n@hint mind the order\n> A\n1\n> B x\n2 3\n> C\nerror\n", "dir/two", "cases/dir/two.case");

}  // namespace

TEST_CASE("the failure details show the context, the command, both lines and a caret") {
  const auto report = report_of(kCase, "1\n2 4\n", "line one\nline two\n");
  const auto details = grader::failure_details(report.results[0]);
  const std::vector<std::string> expected{
      "cases/dir/two.case:6: wrong-output: answer 2 differs",
      "  > A  ->  1",
      "  sent:     > B x",
      "  expected: 2 3",
      "  actual:   2 4",
      "              ^",
      "hint: mind the order",
      "stderr:",
      "  | line one",
      "  | line two",
  };
  CHECK(details == expected);
}

TEST_CASE("output that ends early says so") {
  const auto report = report_of(kCase, "1\n2 3\n");
  const auto details = grader::failure_details(report.results[0]);
  CHECK(details[0] == "cases/dir/two.case:8: wrong-output: the output ended (2 of 3 expected lines came)");
  CHECK(details.back() == "hint: mind the order");
}

TEST_CASE("a hint bound to a command shows only when that command's answer is the first wrong one") {
  const grader::Case kase = grader::parse_case(
      "@hint A: about A\n@hint B: about B\n@hint about any\n> A\n1\n> B x\n2 3\n", "dir/bound",
      "dir/bound.case");
  CHECK(grader::shown_hints(report_of(kase, "0\n2 3\n").results[0]) ==
        std::vector<std::string>{"about A", "about any"});
  CHECK(grader::shown_hints(report_of(kase, "1\n2 4\n").results[0]) ==
        std::vector<std::string>{"about B", "about any"});
  CHECK(grader::shown_hints(report_of(kase, "1\n").results[0]) ==  // B's answer never came
        std::vector<std::string>{"about B", "about any"});
  CHECK(grader::shown_hints(report_of(kase, "1\n2 3\nmore\n").results[0]) ==  // no line's fault
        std::vector<std::string>{"about any"});
  CHECK(grader::shown_hints(report_of(kase, "1\n2 3\n").results[0]).empty());  // passed
  // a named mistake is the advice: no hint beside it
  grader::Report named = report_of(kase, "0\n2 3\n");
  const grader::KnownMistake mistake{4, "0", {"m", "e", "s", "msg"}};
  named.results[0].diagnosis = {&mistake};
  CHECK(grader::shown_hints(named.results[0]).empty());
}

TEST_CASE("the text report ends with the score and exactly N passed, N failed") {
  grader::Report report = report_of(kCase, "1\n2 3\nerror: no\n");
  std::ostringstream text;
  grader::write_text(report, text, {});
  CHECK(text.str() == "PASS  dir/two (0 ms)\nscore 1/1 points (1 case, 1 point each; a case passed scores all of "
                      "its points, a case failed none)\n1 passed, 0 failed\n");
}

TEST_CASE("JUnit text escapes markup and keeps invisible bytes visible") {
  const auto report = report_of(kCase, "1\n<&\">\x01\n");
  const std::string xml = grader::to_junit(grader::outcome_of(report));
  CHECK(xml.find("actual:   &lt;&amp;&quot;&gt;\\x01") != std::string::npos);
  CHECK(xml.find('\x01') == std::string::npos);
  CHECK(xml.find("classname=\"cases.dir\" name=\"two\"") != std::string::npos);
}

TEST_CASE("a mistake named only where another, named more often, is named too is left out") {
  const grader::Case one = grader::parse_case("> A\nx\n", "dir/one", "dir/one.case");
  const grader::Case two = grader::parse_case("> A\nx\n", "dir/two", "dir/two.case");
  const grader::KnownMistake wide{2, "y", {"wide", "e", "s", "m"}};
  const grader::KnownMistake narrow{2, "y", {"narrow", "e", "s", "m"}};
  grader::Report report;
  report.results.resize(2);
  report.results[0].kase = &one;
  report.results[0].diagnosis = {&wide, &narrow};  // both answer this case alike
  report.results[1].kase = &two;
  report.results[1].diagnosis = {&wide};
  const auto named = report.diagnoses();
  REQUIRE(named.size() == 1);
  CHECK(named[0].name() == "wide");
  CHECK(named[0].cases == 2);
  // each explains as much: the cases cannot tell them apart, and the report says so in one entry
  report.results[1].diagnosis = {&narrow, &wide};
  const auto alike = report.diagnoses();
  REQUIRE(alike.size() == 1);
  CHECK(alike[0].name() == "one of: wide, narrow");
  CHECK(grader::diagnosed_lines(alike[0]) ==
        std::vector<std::string>{"looks like one of: wide, narrow (in 2 cases; they answer them alike, so "
                                 "these cases cannot tell which)",
                                 "  this is what you get when m (s) [wide]",
                                 "  this is what you get when m (s) [narrow]"});
  // a pair's answer names both for certain: never "one of"
  const grader::KnownMistake pair{2, "z", {"wide", "e", "s", "m"}, {{"narrow", "e", "s", "m"}}};
  report.results[0].diagnosis = {&pair};
  report.results[1].diagnosis = {&pair};
  const auto both = report.diagnoses();
  REQUIRE(both.size() == 2);
  CHECK(both[0].name() == "wide");
  CHECK(both[1].name() == "narrow");
}

namespace {

// Two lines; "early" gets line 2 wrong, "late" and "third" line 4; a program with both early and
// late answers line 2 right and line 4 as no single mistake does, as recording writes it. Each
// answer is a hash's 8 digits: evidence enough on one line.
grader::Case evidence_case() {
  grader::Case kase =
      grader::parse_case("> A\n11111111\n> B\n22222222\n", "dir/one", "dir/one.case");
  kase.mistakes = {{2, "aaaaaaaa", {"early", "e", "s", "m"}},
                   {4, "bbbbbbbb", {"late", "e", "s", "m"}},
                   {4, "cccccccc", {"third", "e", "s", "m"}},
                   {4, "dddddddd", {"early", "e", "s", "m"}, {{"late", "e", "s", "m"}}}};
  return kase;
}

// What rule_out_contradicted rules out when `kase` is answered `out`, and what it still names.
std::pair<std::vector<std::string>, std::vector<std::string>> ruled_out_and_named(const grader::Case& kase,
                                                                                  const std::string& out) {
  grader::RunResult run;
  run.started = true;
  run.out = out;
  std::vector<grader::CaseResult> results = {grader::judge(kase, run, {})};
  std::vector<std::string> ruled_out = grader::rule_out_contradicted(results);
  std::vector<std::string> named;
  for (const grader::KnownMistake* known : results[0].diagnosis) {
    for (const grader::MistakeInfo* m : known->named()) named.push_back(m->id);
  }
  return {std::move(ruled_out), std::move(named)};
}

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("a mistake whose first wrong answer stands on a line answered right is ruled out") {
  grader::Case kase = evidence_case();
  // line 2 right: "early" cannot be what the program does
  CHECK(ruled_out_and_named(kase, "11111111\nbbbbbbbb\n") ==
        std::pair{Names{"early"}, Names{"late"}});
  // line 2 wrong, as early answers, and line 4 right, as it answers too
  CHECK(ruled_out_and_named(kase, "aaaaaaaa\n22222222\n").second == Names{"early"});
  // passed: all out
  CHECK(ruled_out_and_named(kase, "11111111\n22222222\n").first == Names{"early", "late", "third"});
  // a later line answered right rules out a mistake that goes wrong there, once every line came
  CHECK(ruled_out_and_named(kase, "eeeeeeee\n22222222\n").first == Names{"late", "third"});
  // a common answer names nothing, but its line still rules out what it contradicts
  kase.mistakes[1].common = true;
  CHECK(ruled_out_and_named(kase, "11111111\nbbbbbbbb\n") == std::pair{Names{"early"}, Names{}});
}

TEST_CASE("a pair's own answer keeps both its mistakes and rules out a third that goes wrong there") {
  grader::Case kase = evidence_case();
  // The pair's answer is its first wrong one: the pair answers line 2 right, as the program did,
  // so line 2 does not rule early out. "third" goes wrong on line 4 too, and would have answered
  // it otherwise: the program is the pair, and a program with two mistakes makes no third.
  CHECK(ruled_out_and_named(kase, "11111111\ndddddddd\n") ==
        std::pair{Names{"third"}, Names{"early", "late"}});
  // a common answer is no evidence of the pair either: it names nothing; but the program's
  // answers are still the pair's, which answers line 2 right, so that line rules early out no more
  kase.mistakes[3].common = true;
  CHECK(ruled_out_and_named(kase, "11111111\ndddddddd\n") == std::pair{Names{}, Names{}});
  // answered otherwise on line 4, the program is not the pair: line 2 rules early out
  CHECK(ruled_out_and_named(kase, "11111111\neeeeeeee\n").first == Names{"early"});
}

TEST_CASE("each report format of the table writes its own form, and --report finds it by name") {
  const grader::Report report = report_of(kCase, "1\n2 4\n");
  std::vector<std::string> names;
  for (const grader::ReportFormat& format : grader::report_formats()) {
    CAPTURE(format.name);
    names.emplace_back(format.name);
    std::ostringstream out;
    format.write(report, out, {});
    const std::string text = out.str();
    if (format.name == "text") {
      CHECK(text.ends_with("0 passed, 1 failed\n"));
    } else if (format.name == "json") {
      CHECK(nlohmann::json::parse(text)["cases"][0]["verdict"] == "wrong-output");
    } else if (format.name == "gradescope") {
      CHECK(nlohmann::json::parse(text)["tests"][0]["status"] == "failed");
    } else if (format.name == "junit") {
      CHECK(text.starts_with("<?xml"));
    } else {
      CHECK(format.name == "html");
      CHECK(text.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
      CHECK(text.find("<strong id=\"sum-submissions\">1</strong>") != std::string::npos);
    }
    CHECK(grader::find_report_format(format.name) == &format);
  }
  CHECK(names == std::vector<std::string>{"text", "json", "gradescope", "junit", "html"});
  CHECK(grader::report_format_names(" ") == "text json gradescope junit html");
  CHECK(grader::find_report_format("xml") == nullptr);
}

TEST_CASE("the html page of one run is built from its outcome: no case file is read again") {
  // kCase's file, cases/dir/two.case, exists nowhere: the page still shows the case's text,
  // as the run graded it, and a hidden case's text only in the instructor's view.
  grader::Case hidden = grader::parse_case("# secret\n@hidden\n> A\n1\n", "dir/secret", "/nonexistent/secret.case");
  grader::Report report = report_of(kCase, "1\n2 4\n");
  grader::RunResult run;
  run.started = true;
  run.out = "1\n";
  report.results.push_back(grader::judge(hidden, run, grader::Limits{}));
  const auto page = [&] {
    std::ostringstream out;
    grader::find_report_format("html")->write(report, out, {});
    return out.str();
  };
  const std::string student = page();
  CHECK(student.find("&gt; B x") != std::string::npos);  // kCase's text, from the outcome
  CHECK(student.find("was not found") == std::string::npos);
  CHECK(student.find("a hidden case: its text is shown with --show-hidden") != std::string::npos);
  CHECK(student.find("# secret") == std::string::npos);
  report.show_hidden = true;
  CHECK(page().find("# secret") != std::string::npos);
}
