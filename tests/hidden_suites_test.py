#!/usr/bin/env python3
"""Hidden suites stay out of the repository: the folders the docs put them in are git-ignored,
no committed case but the grader's test fixtures is @hidden, and the pre-commit hook in
scripts/hooks/ refuses a hidden case (tried in a scratch repository) and lets a public one
through."""
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
import outcome  # noqa: E402


def git(*args, cwd, check=True):
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=check)


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("source", type=pathlib.Path)
    source = parser.parse_args().source
    failures = []
    for folder in ("hidden/bip37/x.case", "gradescope/hidden/hashing/x.case"):
        if git("check-ignore", "-q", "--no-index", folder, cwd=source, check=False).returncode != 0:
            failures.append(f"{folder} is not git-ignored")
    tracked = git("ls-files", "*.case", cwd=source).stdout.split()
    committed = [f for f in tracked if not f.startswith("grader/testdata/") and
                 any(line.startswith("@hidden") for line in (source / f).read_text().splitlines())]
    if committed:
        failures.append(f"hidden cases are committed: {committed}")

    with tempfile.TemporaryDirectory(prefix="bloom-hook-") as tmp:
        repo = pathlib.Path(tmp)
        git("init", "-q", cwd=repo)
        git("config", "user.email", "t@example.org", cwd=repo)
        git("config", "user.name", "t", cwd=repo)
        shutil.copytree(source / "scripts" / "hooks", repo / "hooks")
        git("config", "core.hooksPath", "hooks", cwd=repo)
        (repo / "public.case").write_text("# public\n> HASH 0 a\n3c2569b2\n")
        git("add", "public.case", cwd=repo)
        if git("commit", "-qm", "public", cwd=repo, check=False).returncode != 0:
            failures.append("the hook refused a public case")
        (repo / "secret.case").write_text("@hidden\n> HASH 0 a\n3c2569b2\n")
        git("add", "secret.case", cwd=repo)
        refused = git("commit", "-qm", "secret", cwd=repo, check=False)
        if refused.returncode == 0 or "secret.case" not in refused.stderr:
            failures.append(f"the hook let a hidden case through: {refused.stderr!r}")
        # Its advice names the one folder every grading path reads (grader/manifest.hpp's
        # kHiddenSuites); gradescope/make-zip.sh refuses gradescope/hidden/.
        if "hidden/<exercise>/" not in refused.stderr or "gradescope/hidden" in refused.stderr:
            failures.append(f"the hook should advise hidden/<exercise>/ alone: {refused.stderr!r}")
    return outcome.report(failures, checks=5)


if __name__ == "__main__":
    sys.exit(main())
