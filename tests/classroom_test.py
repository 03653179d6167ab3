#!/usr/bin/env python3
"""GitHub Classroom: the template repository of every exercise (`bloom-grader classroom`), as
far as this machine can take it without GitHub.

1. Its workflow is read by GitHub's own parser, the npm package @actions/workflow-parser
   (installed here with `npm ci` from tests/classroom/package-lock.json; the test fails when it
   cannot be), and has no error. Every input a step gives an action is one of that action's
   inputs as its action.yml publishes them (ACTIONS below says where each list comes from),
   every required one is given, and the steps are the exercise's cases: named by their ids,
   worth their points, with a timeout over their time limit, each run after a failed one, then
   the summary of points reading every step's outcome, always, and the reporter reading every
   result. The same checks, run on a broken copy of a workflow, find it broken.
2. The test plays the runner: in a fresh clone of the template, with a student's work committed
   (the solved starter, the starter as given, one known mistake, and one that does not
   compile), it runs each step's script as GitHub's runner does (`shell: bash`, $GITHUB_OUTPUT,
   the step's timeout-minutes), and adds up the points as the reporter does from the results
   the steps wrote. That total must be what `bloom-grader run` gives the program the steps
   built, a step must fail (a red cross) exactly when its case fails, and the known mistake's
   step must name it. The summary step runs last, with each step's outcome and
   $GITHUB_STEP_SUMMARY, and must write exactly the table of every case in full with the points
   the reporter gave it, under the reporter's total. With --debian-root SUITE, the steps run in a Debian root of SUITE (bullseye:
   GCC 10, CMake 3.18), standing in for an older runner image.
3. The instructor's way back (not with --debian-root): the students' repositories, pushed to
   local bare repositories, are collected from a list of paths and from a GitHub Classroom
   grades export (`bloom-grader classroom --collect`) and graded by `bloom-grader batch` with a
   hidden case: each public case scores there what its step scored on the runner.

  classroom_test.py --source DIR --grader BIN --make-starters BIN --npm-dir DIR [--debian-root SUITE]"""
import base64
import csv
import json
import os
import pathlib
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import case_text  # noqa: E402
import cli  # noqa: E402
from debian_root import Root  # noqa: E402
import outcome  # noqa: E402
from starters import solved_starters  # noqa: E402

CHECKOUT = "actions/checkout@v4"
REPORTER = "classroom-resources/autograding-grading-reporter@v1"
# The inputs of each action the workflow uses, name -> required, copied from its action.yml.
ACTIONS = {
    REPORTER: {
        "from": "github.com/classroom-resources/autograding-grading-reporter, action.yml at tag v1 "
                "(commit d13b5912daf5042ac1b71bc38bdb4a6bcd61d8ca)",
        "inputs": {"token": False, "runners": True},
    },
    CHECKOUT: {"from": "the workflow gives actions/checkout no input", "inputs": {}},
}
# How GitHub's runner runs a `run:` step with `shell: bash` (docs.github.com, workflow syntax,
# jobs.<job_id>.steps[*].shell): bash --noprofile --norc -eo pipefail {0}, with the step's
# outputs written as NAME=VALUE lines to the file $GITHUB_OUTPUT.
BASH = ["bash", "--noprofile", "--norc", "-eo", "pipefail"]
AFTER_FAILURE = "${{ !cancelled() }}"  # a step runs whatever the steps before it did
# The reporter (its src/main.js at the commit above) reads each id of `runners`, trimmed and
# upper-cased, from the variable ID_RESULTS: base64 of JSON {status, max_score, tests: [{name,
# status}]}; it scores a runner tests passed / tests x max_score, and accepts the list only in
# this alphabet.
RUNNERS = re.compile(r"^([a-zA-Z0-9]+,)*[a-zA-Z0-9]+$")
# Each ID_RESULTS: the step's result, or the failed result when the step wrote none.
RESULT = re.compile(r"^\$\{\{ steps\.([a-zA-Z0-9]+)\.outputs\.result \|\| '([A-Za-z0-9+/=]+)' \}\}$")
SUMMARY = "Points by case"  # the step that writes the job summary, after the cases
ALWAYS = "${{ always() }}"  # it runs whatever happened, a cancelled run too
# Each of its variables ID_OUTCOME: that step's outcome (success, failure, cancelled, skipped).
OUTCOME = re.compile(r"^\$\{\{ steps\.([a-zA-Z0-9]+)\.outcome \}\}$")
GUARD = "github.actor != 'github-classroom[bot]'"  # GitHub Classroom's own workflows have it
BUILD_SECONDS = 300  # batch's --build-timeout default: what the first step may take to build
CHECK_SECONDS = 5    # build/check asks the program what is still to write, at most 5 s
MISTAKE = ("float-division", "src/bip37.cpp", "const std::uint32_t bits_per_element = bytes * 8 / n;",
           "const double bits_per_element = static_cast<double>(bytes) * 8 / n;")
# A hidden case (docs/mistakes.md) that the known mistake gets wrong (6 hashes: 88 / 10 bits
# per element divided in floating point), as bloom-reference answers it (lesson 000, "Sizing").
HIDDEN_CASE = """# Ten elements at 1%: 11 bytes, 5 hashes (lesson 000, "Sizing")
@hidden
> INIT 10 0.01 0 0
bytes=11 hashes=5
"""


def run(argv, **kwargs):
    return subprocess.run([str(a) for a in argv], capture_output=True, text=True, errors="replace", **kwargs)


def install_parser(source, npm_dir):
    """`npm ci` of tests/classroom/ into npm_dir; the command that reads workflows."""
    npm_dir.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json", "workflow.mjs", "json-modules.mjs"):
        shutil.copy(source / "tests" / "classroom" / name, npm_dir / name)
    if shutil.which("npm") is None or shutil.which("node") is None:
        raise SystemExit("node and npm are missing: scripts/deps.sh kit installs them")
    done = run(["npm", "ci", "--no-audit", "--no-fund", "--prefer-offline"], cwd=npm_dir)
    if done.returncode != 0:
        raise SystemExit(f"npm ci in {npm_dir} failed ({done.returncode}):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return lambda *files: json.loads(run(["node", npm_dir / "workflow.mjs", *files], check=True).stdout)


def case_limit(case):
    """The case's time limit in seconds (docs/case-format.md, "Time limits"), in this test's words."""
    if (timeout := case_text.directive(case, "timeout")) is not None:
        return float(timeout)
    times = case.parent / "times.tsv"
    for line in times.read_text().splitlines() if times.exists() else []:
        name, _, seconds = line.partition("\t")
        if name == case.stem and not line.startswith("#"):
            return max(10 * float(seconds), 5.0)
    return 10.0


def decoded(result):
    """A step's result as the reporter reads it: base64 of JSON."""
    return json.loads(base64.b64decode(result, validate=True))


def reporter_view(result):
    """(status, score, max score, test names) of one result, in the reporter's arithmetic."""
    tests = result["tests"]
    passed = sum(1 for t in tests if t["status"] == "pass")
    score = passed / len(tests) * (result.get("max_score") or 0)  # a JavaScript number: 2, not 2.0
    return result["status"], int(score) if score.is_integer() else score, result["max_score"], \
        [t["name"] for t in tests]


def workflow_problems(parsed, template, exercise):
    """What is wrong with one parsed workflow of `template`, as messages."""
    problems = list(parsed["errors"])
    if problems:
        return problems
    document = parsed["workflow"]
    if "push" not in (document.get("on") or {}):
        problems.append(f"it does not run on push: on = {document.get('on')}")
    jobs = list(document.get("jobs", {}).values())
    if len(jobs) != 1:
        return problems + [f"{len(jobs)} jobs, wanted one"]
    job = jobs[0]
    if job.get("if") != GUARD:
        problems.append(f"the job's if is {job.get('if')!r}, wanted {GUARD!r}")
    steps = job.get("steps", [])
    for step in steps:
        if "run" in step:
            continue
        action = ACTIONS.get(step.get("uses"))
        if action is None:
            problems.append(f"step {step.get('name')!r} uses {step.get('uses')!r}, an action this test does not know")
            continue
        given = step.get("with") or {}
        for name in given:
            if name not in action["inputs"]:
                problems.append(f"step {step.get('name')!r} gives {step['uses']} the input {name!r}, which "
                                f"it does not have ({action['from']}: {sorted(action['inputs'])})")
        for name, required in action["inputs"].items():
            if required and name not in given:
                problems.append(f"step {step.get('name')!r} does not give {step['uses']} its required input {name!r}")
    if len(steps) < 3 or steps[0].get("uses") != CHECKOUT or steps[-2].get("name") != SUMMARY or \
            steps[-1].get("uses") != REPORTER:
        return problems + [f"the steps are not: checkout, the cases, {SUMMARY!r}, the reporter"]
    cases_steps = steps[1:-2]
    starter = template / "starter" / exercise
    cases = sorted(starter.joinpath("cases").rglob("*.case"))
    wanted = {f"{c.parent.name}/{c.stem}": c for c in cases}
    names = [str(s.get("name")) for s in cases_steps]
    if sorted(names) != sorted(wanted) or len(set(names)) != len(names):
        problems.append(f"the steps' names {names} are not the cases {sorted(wanted)}")
    results = {}
    for index, step in enumerate(cases_steps):
        case = wanted.get(step.get("name"))
        script = step.get("run")
        if not isinstance(script, str) or case is None:
            problems.append(f"step {step.get('name')!r} is not a script on a case")
            continue
        name = step["name"]
        if step.get("shell") != "bash":
            problems.append(f"{name}: shell {step.get('shell')!r}, wanted bash (-e, pipefail)")
        if step.get("if") != AFTER_FAILURE:
            problems.append(f"{name}: if {step.get('if')!r}: it would not run after a failed case")
        minutes = float(step.get("timeout-minutes", 360))
        need = case_limit(case) + CHECK_SECONDS
        if index == 0:
            need = max(need, BUILD_SECONDS)
        if "timeout-minutes" not in step or minutes * 60 < need:
            problems.append(f"{name}: timeout-minutes {step.get('timeout-minutes')}, wanted at least {need:.0f} s")
        relative = case.relative_to(template).as_posix()
        if f") && starter/{exercise}/build/check {relative}; then" not in script:
            problems.append(f"{name}: its script does not run build/check on {relative}")
        written = re.findall(r"result=([A-Za-z0-9+/=]+)", script)
        views = [reporter_view(decoded(r)) for r in written]
        points = case_text.points(case)
        if sorted(v[0] for v in views) != ["fail", "pass"] or any(v[2] != points or v[3] != [name] for v in views):
            problems.append(f"{name}: its results are not one passed and one failed, each {name} worth "
                            f"{points}: {views}")
        results[step.get("id")] = next((r for r, v in zip(written, views) if v[0] == "fail"), None)
    ids = [s.get("id") for s in cases_steps]
    problems += summary_problems(steps[-2], ids)
    reporter = steps[-1]
    if reporter.get("if") != AFTER_FAILURE:
        problems.append(f"the reporter's if is {reporter.get('if')!r}: it would not run after a failed case")
    runners = reporter.get("with", {}).get("runners", "")
    if runners.split(",") != ids or not RUNNERS.match(runners):
        problems.append(f"the reporter's runners {runners!r} are not the steps' ids {ids} in its alphabet")
    env = reporter.get("env") or {}
    if sorted(env) != sorted(f"{i.upper()}_RESULTS" for i in ids if i):
        problems.append(f"the reporter's env is not each step's result: {sorted(env)[:5]}")
    for key, value in env.items():
        match = RESULT.match(str(value))
        if not match or f"{match[1].upper()}_RESULTS" != key or match[2] != results.get(match[1]):
            problems.append(f"the reporter's {key} is not its step's result or, when it wrote none, its failed "
                            f"one: {str(value)[:120]}")
    return problems


def summary_problems(step, ids):
    """What is wrong with the summary step of a workflow whose case steps have `ids`."""
    problems = []
    if step.get("if") != ALWAYS or step.get("shell") != "bash" or not isinstance(step.get("run"), str):
        problems.append(f"{SUMMARY}: not a bash script that runs always: if {step.get('if')!r}, "
                        f"shell {step.get('shell')!r}")
    env = step.get("env") or {}
    if list(env) != [f"{i.upper()}_OUTCOME" for i in ids if i]:
        problems.append(f"{SUMMARY}: its env is not each step's outcome in order: {list(env)[:5]}")
    for key, value in env.items():
        match = OUTCOME.match(str(value))
        if not match or f"{match[1].upper()}_OUTCOME" != key:
            problems.append(f"{SUMMARY}: its {key} is not its step's outcome: {value!r}")
    return problems


def broken_copies(parsed):
    """Parsed workflows with one mistake each, that workflow_problems must find."""
    def mutated(change):
        copy = json.loads(json.dumps(parsed))
        change(next(iter(copy["workflow"]["jobs"].values()))["steps"])
        return copy
    def rename(steps):
        steps[-1]["with"]["runner"] = steps[-1]["with"].pop("runners")
    def drop_result(steps):
        steps[-1]["env"].popitem()
    def score(steps):
        result = decoded(re.search(r"then result=([A-Za-z0-9+/=]+)", steps[2]["run"])[1])
        result["max_score"] += 1
        steps[2]["run"] = re.sub(r"then result=[A-Za-z0-9+/=]+",
                                 "then result=" + base64.b64encode(json.dumps(result).encode()).decode(), steps[2]["run"])
    def stop_after_failure(steps):
        del steps[3]["if"]
    def swapped_outcomes(steps):
        env = steps[-2]["env"]
        first, second = list(env)[:2]
        env[first], env[second] = env[second], env[first]
    def summary_after_success_only(steps):
        del steps[-2]["if"]
    def no_fallback(steps):
        key = next(iter(steps[-1]["env"]))
        steps[-1]["env"][key] = re.sub(r" \|\| '[^']*'", "", steps[-1]["env"][key])
    return {"a misspelt input": mutated(rename), "a result not passed to the reporter": mutated(drop_result),
            "a step worth more than its case": mutated(score),
            "a step that does not run after a failed one": mutated(stop_after_failure),
            "a result with no failed one in its place": mutated(no_fallback),
            "a summary that shows a case by another's outcome": mutated(swapped_outcomes),
            "a summary that does not run after a failed case": mutated(summary_after_success_only)}


def student_files(stub, solved):
    """The files of the starter that the solved one replaces: the student's."""
    return [p.relative_to(stub) for p in sorted(stub.rglob("*"))
            if p.is_file() and (solved / p.relative_to(stub)).read_bytes() != p.read_bytes()]


def variant_repository(template, work, name, exercise, solved):
    """A fresh clone of the template with one student's work committed in it."""
    clone = work / name
    run(["git", "clone", "-q", template, clone], check=True)
    starter = clone / "starter" / exercise
    if name != "untouched":
        for relative in student_files(template / "starter" / exercise, solved):
            shutil.copyfile(solved / relative, starter / relative)
    if name == MISTAKE[0]:
        source = starter / MISTAKE[1]
        text = source.read_text()
        if MISTAKE[2] not in text:
            raise SystemExit(f"{source} no longer has {MISTAKE[2]!r}: update MISTAKE")
        source.write_text(text.replace(MISTAKE[2], MISTAKE[3]))
    if name == "broken":
        (starter / MISTAKE[1]).write_text("this is not C++\n")
    run(["git", "-c", "user.name=Student", "-c", "user.email=student@localhost", "commit", "-qam",
         f"my work: {name}", "--allow-empty"], cwd=clone, check=True)
    return clone


def play(parsed, clone, execute):
    """Runs the workflow's case steps in `clone` as GitHub's runner runs them, with
    `execute(script, output_file, seconds, env)` -> (exit status, output, timed out); then reads
    the results as the reporter does, in order, with each step's exit, output and time. Then
    runs the summary step with each step's outcome; returns the results and what the summary
    step wrote to $GITHUB_STEP_SUMMARY."""
    steps = next(iter(parsed["workflow"]["jobs"].values()))["steps"]
    written, ran = {}, []
    for step in steps:
        if "run" not in step or step.get("name") == SUMMARY:
            continue
        output_file = clone / ".github-output"  # inside the clone: a Debian root sees it too
        output_file.write_text("")
        start = time.monotonic()
        code, text, timed_out = execute(step["run"], output_file, float(step["timeout-minutes"]) * 60, {})
        for line in output_file.read_text().splitlines():
            key, _, value = line.partition("=")
            if key == "result":
                written[step["id"]] = value
        output_file.unlink()
        ran.append({"id": step["id"], "name": step["name"], "exit": -1 if timed_out else code, "output": text,
                    "seconds": time.monotonic() - start})
    env = steps[-1]["env"]
    results = []
    for step in ran:
        match = RESULT.match(env[f"{step['id'].upper()}_RESULTS"])
        status, score, max_score, _ = reporter_view(decoded(written.get(match[1], match[2])))
        results.append({**step, "status": status, "score": score, "max_score": max_score})
    return results, play_summary(steps[-2], clone, execute, ran)


def play_summary(step, clone, execute, ran):
    """Runs the summary step as the runner would after the steps `ran`: each variable of its env
    the outcome GitHub gives that step (success when it exited 0 within its time, else failure),
    $GITHUB_STEP_SUMMARY a new file; returns what it wrote."""
    outcome_of = {r["id"]: "success" if r["exit"] == 0 else "failure" for r in ran}
    env = {key: outcome_of[OUTCOME.match(value)[1]] for key, value in step["env"].items()}
    summary = clone / ".github-step-summary"  # inside the clone, as $GITHUB_OUTPUT is
    summary.write_text("")
    output_file = clone / ".github-output"
    output_file.write_text("")
    code, text, _ = execute(step["run"], output_file, float(step["timeout-minutes"]) * 60,
                            {**env, "GITHUB_STEP_SUMMARY": str(summary)})
    written = summary.read_text()
    summary.unlink()
    output_file.unlink()
    if code != 0:
        raise SystemExit(f"the summary step failed ({code}): {text[-1500:]}")
    return written


def markdown(text):
    """Text in a Markdown cell as the workflow should write it: every ASCII punctuation
    character escaped with a backslash (CommonMark, "Backslash escapes"), `|` included (GitHub
    Flavored Markdown, "Tables")."""
    return re.sub(r"([!-/:-@\[-`{-~])", r"\\\1", text)


def expected_summary(exercise, results, points, most):
    """The summary the student should read: every case by its id in full, with the points the
    reporter gave it and its verdict, under the reporter's total."""
    rows = [f"| {markdown(r['name'])} | {r['score']} of {r['max_score']} | "
            f"{'✅ passed' if r['status'] == 'pass' else '❌ failed'} |" for r in results]
    return "\n".join([f"### {exercise}: {points} of {most} points", "", "| Case | Points | Verdict |",
                      "| :--- | ---: | :--- |", *rows, "",
                      "Each case is a step of the job: a failed one says why in its log. Autograding Reporter "
                      "gives GitHub Classroom these points.", ""])


def summary_cases(summary):
    """The cases the summary's table names, unescaped: what the student reads."""
    cells = [line[2:].split(" | ")[0] for line in summary.splitlines()
             if line.startswith("| ") and not line.startswith(("| Case ", "| :"))]
    return [re.sub(r"\\(.)", r"\1", cell) for cell in cells]


# The kit's compiler cache (scripts/test.sh exports it for every build its tests configure): the
# steps' own cmake commands compile through it, so the four students' builds, which share most
# of their files, compile each file once, and a later run none. The commands are the workflow's,
# and what a step builds is what it would build without the cache (ccache keys on the source).
# CPU of this test: 168 s without the cache; 103 s with it cold, 49 s warm (as CI's is).
COMPILER_CACHE = ("CMAKE_CXX_COMPILER_LAUNCHER", "CCACHE_BASEDIR", "CCACHE_NOHASHDIR", "CCACHE_DIR")


def host_execute(clone):
    env = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/root"),
           **{name: os.environ[name] for name in COMPILER_CACHE if name in os.environ}}

    def execute(script, output_file, seconds, extra):
        try:
            done = subprocess.run([*BASH, "-c", script], cwd=clone,
                                  env={**env, "GITHUB_OUTPUT": str(output_file), **extra},
                                  capture_output=True, text=True, errors="replace", timeout=seconds)
            return done.returncode, done.stdout + done.stderr, False
        except subprocess.TimeoutExpired as expired:
            return -1, str(expired.stdout or ""), True
    return execute


def root_execute(root, clone):
    def execute(script, output_file, seconds, extra):
        done = root(["env", "-i", "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                     "HOME=/root", *root.env, f"GITHUB_OUTPUT={output_file}", *(f"{k}={v}" for k, v in extra.items()), "timeout", "-s", "KILL", str(int(seconds)),
                     "sh", "-c", f"cd '{clone}' && exec \"$@\"", "sh", *BASH, "-c", script], check=False)
        return done.returncode, done.stdout + done.stderr, done.returncode in (124, 137)
    return execute


def grader_score(grader, clone, exercise, work):
    """What `bloom-grader run` gives the program the steps built, on the template's cases."""
    starter = clone / "starter" / exercise
    report = work / f"{clone.name}.json"
    run([grader, "run", "--cases", starter / "cases", "--report", f"json:{report}", "--",
         starter / "build" / "bloom"])
    data = json.loads(report.read_text())
    summary = data["summary"]
    return summary["score"], summary["max_score"], {c["name"]: c["points"] for c in data["cases"]}


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("--source", required=True, type=pathlib.Path)
    parser.add_argument("--grader", required=True, type=pathlib.Path)
    parser.add_argument("--make-starters", required=True, type=pathlib.Path)
    parser.add_argument("--npm-dir", required=True, type=pathlib.Path)
    parser.add_argument("--exercise", default="bip37", help="the exercise whose workflow is played")
    parser.add_argument("--debian-root", metavar="SUITE", help="play the steps in a Debian root of SUITE (needs root)")
    args = parser.parse_args()
    source, grader = args.source.resolve(), args.grader.resolve()
    exercise = args.exercise
    failures, checks = [], 0
    parse = install_parser(source, args.npm_dir.resolve())
    with tempfile.TemporaryDirectory(prefix="bloom-classroom-") as tmp:
        tmp = pathlib.Path(tmp)
        tmp.chmod(0o755)

        # 1. every exercise's template, its workflow as GitHub reads it
        exercises = sorted(p.name for p in (source / "starter").iterdir() if p.is_dir())
        templates = {}
        for name in exercises:
            templates[name] = tmp / f"{name}-template"
            made = run([grader, "classroom", name, "--out", templates[name], "--kit", source])
            if made.returncode != 0:
                return outcome.report([f"bloom-grader classroom {name}: exit {made.returncode}: {made.stderr}"])
        parsed = dict(zip(exercises, parse(*(templates[n] / ".github" / "workflows" / "classroom.yml"
                                             for n in exercises))))
        for name in exercises:
            checks += 1
            problems = workflow_problems(parsed[name], templates[name], name)
            failures += [f"{name} workflow: {p}" for p in problems]
            steps = len(next(iter(parsed[name]["workflow"]["jobs"].values()))["steps"]) if not problems else 0
            print(f"{name}: the workflow parses with no error; {steps} steps, their inputs are the actions'")
        for what, copy in broken_copies(parsed[exercise]).items():
            checks += 1
            if not workflow_problems(copy, templates[exercise], exercise):
                failures.append(f"the checks do not find {what}")
        bad = tmp / "bad.yml"
        bad.write_text((templates[exercise] / ".github" / "workflows" / "classroom.yml").read_text()
                       .replace("        with:\n", "        width:\n", 1))
        checks += 1
        if not parse(bad)[0]["errors"]:
            failures.append("GitHub's parser finds nothing wrong with a step whose with is misspelt")
        if failures:
            return outcome.report(failures, checks)

        # 2. the runner, played for four students
        template = templates[exercise]
        solved = solved_starters(args.make_starters, source, tmp / "solved", exercise) / exercise
        root = None
        if args.debian_root:
            # the first step's build goes through the root's ccache (Root's ccache): the same
            # GCC 10 output, compiled once for the four students and kept for the next run
            root = Root(source, args.debian_root, ["g++", "cmake", "make"], tmp, ccache=True)
            print(root(["sh", "-c", "g++ --version | head -1; cmake --version | head -1"]).stdout.strip())
        played = {}
        for name in ("solved", "untouched", MISTAKE[0], "broken"):
            checks += 1
            clone = variant_repository(template, tmp / "students", name, exercise, solved)
            start, cpu = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
            results, summary = play(parsed[exercise], clone, root_execute(root, clone) if root else host_execute(clone))
            elapsed = time.monotonic() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime  # the load of others left out
            played[name] = (clone, results)
            # a red cross in the Actions tab exactly where the reporter counts a failure
            crosses = [(r["name"], r["exit"], r["status"]) for r in results if (r["exit"] != 0) != (r["status"] != "pass")]
            if crosses:
                failures.append(f"{name}: these steps' exits disagree with their results: {crosses[:3]}")
            # the reporter's total (NotifyClassroom): each step's score, over the steps with a max_score
            points = sum(r["score"] for r in results if r["max_score"])
            most = sum(r["max_score"] for r in results)
            # the summary: every case in full, the points the reporter gave it, the reporter's total
            if summary != expected_summary(exercise, results, points, most):
                failures.append(f"{name}: the job summary is not the table of the reporter's points:\n{summary}")
            if summary_cases(summary) != [r["name"] for r in results]:
                failures.append(f"{name}: the summary does not name the cases in full: {summary_cases(summary)[:3]}")
            print(f"{name}: {points}/{most} points in {elapsed:.0f} s ({cpu:.0f} s of CPU): the build and the first "
                  f"case in {results[0]['seconds']:.0f} s, then {len(results) - 1} steps in "
                  f"{sum(r['seconds'] for r in results[1:]):.1f} s")
            if name == "broken":
                later = results[1:]
                if points != 0 or "this is not C++" not in results[0]["output"] or any(
                        "did not build: the log of step" not in r["output"] or r["seconds"] > 5 for r in later):
                    failures.append(f"broken: {points} points; the first step shows the compiler "
                                    f"({'this is not C++' in results[0]['output']}), the others say why at once: "
                                    f"{[(r['name'], round(r['seconds'], 1)) for r in later][:3]}")
                continue
            score, maximum, by_case = grader_score(grader, clone, exercise, tmp)
            if (points, most) != (score, maximum):
                failures.append(f"{name}: the workflow gives {points}/{most}, bloom-grader run {score}/{maximum}")
            differ = [r["name"] for r in results if r["score"] != by_case.get(r["name"])]
            if differ:
                failures.append(f"{name}: these steps score otherwise than bloom-grader run's cases: {differ}")
            if name == "solved" and points != most:
                failures.append(f"solved: {points}/{most}: {[r['output'][-800:] for r in results if r['status'] != 'pass'][:2]}")
            if name == "untouched" and not 0 < points < most:
                failures.append(f"untouched: {points}/{most}, wanted the protocol's points and not all")
            if name == MISTAKE[0]:
                named = [r["name"] for r in results if r["status"] == "fail" and MISTAKE[0] in r["output"]]
                if not named:
                    failures.append(f"no failed step names {MISTAKE[0]}: "
                                    f"{[r['output'][-600:] for r in results if r['status'] != 'pass'][:2]}")
                else:
                    print(f"{MISTAKE[0]}: named by the steps {named}")

        # 3. the instructor's way back: collect, then batch with a hidden case
        if not root:
            checks += 1
            failures += instructor_path(source, grader, template, exercise, played, tmp)
    return outcome.report(failures, checks)


def instructor_path(source, grader, template, exercise, played, tmp):
    failures = []
    bare = tmp / "github"
    for name, (clone, _) in played.items():
        run(["git", "clone", "-q", "--bare", clone, bare / f"{exercise}-{name}.git"], check=True)
    # half as a list of paths, half as GitHub Classroom's grades export
    names = sorted(played)
    plain = tmp / "repos.txt"
    plain.write_text("# the repositories of the first two\n" +
                     "".join(f"{bare / f'{exercise}-{n}.git'}\n" for n in names[:2]))
    export = tmp / "grades.csv"
    with export.open("w", newline="") as f:
        writer = csv.writer(f, quoting=csv.QUOTE_ALL)
        writer.writerow(["assignment_name", "assignment_url", "starter_code_url", "github_username",
                         "roster_identifier", "student_repository_name", "student_repository_url",
                         "submission_timestamp", "points_awarded", "points_available"])
        for n in names[2:]:
            writer.writerow([exercise, "", "", f"{exercise}-{n}", f"{n}, \"a student\"", f"{exercise}-{n}",
                             str(bare / f"{exercise}-{n}.git"), "", "0", "0"])
        writer.writerow([exercise, "", "", "not-accepted", "", "", "", "", "0", "0"])
    submissions = tmp / "submissions"
    for listing in (plain, export):
        done = run([grader, "classroom", exercise, "--collect", listing, "--out", submissions])
        if done.returncode != 0:
            return [f"collect {listing.name}: exit {done.returncode}: {done.stdout}{done.stderr}"]
        print(done.stdout.strip().splitlines()[0])
    collected = sorted(p.name for p in submissions.iterdir() if p.is_dir())
    if collected != [f"{exercise}-{n}" for n in names]:
        return [f"collected {collected}, wanted every student's repository"]
    hidden = tmp / "hidden" / exercise
    hidden.mkdir(parents=True)
    (hidden / "sizing.case").write_text(HIDDEN_CASE)
    out = tmp / "grades"
    done = run([grader, "batch", "--submissions", submissions, "--build", "cmake", "--run", "{project}/build/bloom",
                "--starter", template / "starter" / exercise, "--cases", source / "cases" / "protocol",
                "--cases", source / "cases" / exercise, "--cases", hidden, "--out", out, "--jobs", "2"])
    if done.returncode not in (0, 1) or not (out / "gradebook.csv").exists():
        return [f"batch: exit {done.returncode}: {done.stdout[-1500:]}{done.stderr[-1500:]}"]
    rows = {r["id"]: r for r in csv.DictReader((out / "gradebook.csv").open())}
    for name, (_, results) in played.items():
        row = rows.get(f"{exercise}-{name}", {})
        differ = [r["name"] for r in results if str(r["score"]) != row.get(r["name"])]
        if differ:
            failures.append(f"{name}: batch scores these public cases otherwise than the workflow: "
                            f"{[(n, row.get(n)) for n in differ][:5]}")
        hidden_points = row.get(f"{exercise}/sizing")
        if hidden_points != ("1" if name == "solved" else "0"):
            failures.append(f"{name}: the hidden case scores {hidden_points!r} in batch")
        print(f"batch: {name}: {row.get('score')}/{row.get('max')} ({row.get('status')}); the hidden case "
              f"{hidden_points}")
    return failures


if __name__ == "__main__":
    sys.exit(main())
