#!/usr/bin/env python3
"""Validates bloom-grader's JUnit and Gradescope reports against what their readers accept.

JUnit: the structure of the widely used JUnit XML schema (testsuites > testsuite > testcase,
with failure), its required attributes and numeric types, counts that add up, and unique
classname + name pairs (GitLab and GitHub key tests by them). Gradescope: the field list of the
autograder specification's results.json, with the allowed status and visibility values.

usage: validate_reports.py GRADER CASES -- COMMAND...
"""
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import cli  # noqa: E402

GRADESCOPE_TOP = {"score", "execution_time", "output", "output_format", "test_output_format",
                  "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests",
                  "leaderboard"}
GRADESCOPE_TEST = {"score", "max_score", "status", "name", "name_format", "number", "output",
                   "output_format", "tags", "visibility", "extra_data"}
VISIBILITY = {"hidden", "after_due_date", "after_published", "visible"}


def fail(message):
    print("error: " + message)
    sys.exit(1)


def number(element, attribute, kind):
    value = element.get(attribute)
    if value is None:
        fail("<%s> lacks %s" % (element.tag, attribute))
    try:
        return kind(value)
    except ValueError:
        fail("<%s %s=%r> is not a %s" % (element.tag, attribute, value, kind.__name__))


def check_junit(path):
    root = ET.parse(path).getroot()
    if root.tag != "testsuites":
        fail("the root is <%s>, not <testsuites>" % root.tag)
    seen = set()
    for suite in root:
        if suite.tag != "testsuite":
            fail("<testsuites> holds <%s>" % suite.tag)
        if not suite.get("name"):
            fail("a <testsuite> has no name")
        tests, failures = number(suite, "tests", int), number(suite, "failures", int)
        number(suite, "errors", int)
        number(suite, "time", float)
        cases = list(suite)
        if len(cases) != tests:
            fail("tests=%d but %d <testcase>" % (tests, len(cases)))
        failed = 0
        for case in cases:
            if case.tag != "testcase":
                fail("<testsuite> holds <%s>" % case.tag)
            key = (case.get("classname"), case.get("name"))
            if not all(key):
                fail("a <testcase> lacks classname or name")
            if key in seen:
                fail("classname + name %r twice" % (key,))
            seen.add(key)
            number(case, "time", float)
            for child in case:
                if child.tag not in ("failure", "error", "skipped", "system-out", "system-err"):
                    fail("<testcase> holds <%s>" % child.tag)
                if child.tag == "failure":
                    failed += 1
                    if not child.get("type") or not (child.text or "").strip():
                        fail("a <failure> has no type or no text")
        if failed != failures:
            fail("failures=%d but %d <failure>" % (failures, failed))
    return len(seen)


def check_gradescope(path):
    results = json.load(open(path))
    if set(results) - GRADESCOPE_TOP:
        fail("unknown results.json keys %s" % sorted(set(results) - GRADESCOPE_TOP))
    if "score" not in results and "tests" not in results:
        fail("results.json needs score or tests")
    for test in results.get("tests", []):
        if set(test) - GRADESCOPE_TEST:
            fail("unknown test keys %s" % sorted(set(test) - GRADESCOPE_TEST))
        if test.get("status") not in (None, "passed", "failed"):
            fail("status %r" % test.get("status"))
        if test.get("visibility", "visible") not in VISIBILITY:
            fail("visibility %r" % test.get("visibility"))
        if not isinstance(test.get("score"), (int, float)) or not isinstance(test.get("max_score"), (int, float)):
            fail("a test's score and max_score must be numbers")
    if sum(t["score"] for t in results["tests"]) != results["score"]:
        fail("the score is not the sum of the tests' scores")
    return len(results["tests"])


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader")
    parser.add_argument("cases")
    args = cli.parse_with_command(parser)
    grader, cases, command = args.grader, args.cases, args.command
    with tempfile.TemporaryDirectory() as folder:
        junit, gradescope = os.path.join(folder, "junit.xml"), os.path.join(folder, "results.json")
        run = subprocess.run([grader, "run", "--cases", cases, "--report", "junit:" + junit,
                              "--report", "gradescope:" + gradescope, "--"] + command)
        if run.returncode not in (0, 1):
            fail("bloom-grader exited %d" % run.returncode)
        print("junit: %d test cases valid; gradescope: %d tests valid"
              % (check_junit(junit), check_gradescope(gradescope)))


if __name__ == "__main__":
    main()
