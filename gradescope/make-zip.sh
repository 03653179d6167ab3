#!/usr/bin/env bash
# Makes build/gradescope-autograder.zip for one exercise:
#   bash gradescope/make-zip.sh [EXERCISE]      (default: the one named in gradescope/exercise)
# It packs exactly what grading uses, from the working tree (committed or not): setup.sh and
# run_autograder at the top, as Gradescope wants them, and scripts/deps.sh for setup.sh; a
# statically linked bin/bloom-grader, which runs on any x86-64 Linux whatever its Boost
# (Gradescope's Ubuntu 22.04 has 1.74), with bin/bloom-sandbox-init beside it for --sandbox;
# the manifest; the exercise's case folders as
# `bloom-grader exercises --suite` names them: the protocol suite, its public cases and its
# hidden suite, hidden/<exercise>/, if the kit has one; and the mistakes catalogue. No
# reference, no starter, no other exercise. It prints what it packed. The grader is built by
# scripts/static-grader.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
exercise=${1:-$(tr -d '[:space:]' < gradescope/exercise)}
if [[ -d gradescope/hidden ]]; then
  echo "make-zip: error: gradescope/hidden/ is no longer read: hidden suites live in hidden/<exercise>/ (docs/mistakes.md); move yours there" >&2
  exit 2
fi

build=${BLOOM_BUILD_DIR:-build}  # where the zip and the static grader's build go
echo "make-zip: building a static bloom-grader ($build/static-grader)"
# the one recipe of the static grader, which batch and Slurm on older hosts use too
grader=$(bash scripts/static-grader.sh)
# The exercise's case folders, by the kit's one reader of the manifest (it says which
# exercises there are when this one is not among them).
suites=$("$grader" exercises --kit . --suite "$exercise") || exit 2

out=$build/gradescope-autograder.zip
rm -f "$out"
python3 - "$out" "$exercise" "$grader" $suites <<'PY'
import pathlib, sys, zipfile
out, exercise, grader, suites = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
def files(folder, pattern="*"):
    folder = pathlib.Path(folder)
    return sorted(p for p in folder.rglob(pattern) if p.is_file()) if folder.is_dir() else []
packed = {
    "exercises.tsv": pathlib.Path("exercises.tsv"),  # run_autograder asks the grader for the suites
    "cases/mistakes.tsv": pathlib.Path("cases/mistakes.tsv"),
    "cases/commands.tsv": pathlib.Path("cases/commands.tsv"),  # where a hung case was working
    "scripts/deps.sh": pathlib.Path("scripts/deps.sh"),  # setup.sh installs with it
    **{str(p): p for suite in suites for p in files(suite)},
}
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    def add(name, data, mode=0o644):
        info = zipfile.ZipInfo(name)
        info.external_attr = mode << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)
    for top in ("setup.sh", "run_autograder"):
        add(top, pathlib.Path("gradescope", top).read_bytes(), 0o755)
    add("gradescope/exercise", exercise + "\n")
    add("bin/bloom-grader", pathlib.Path(grader).read_bytes(), 0o755)
    add("bin/bloom-sandbox-init", (pathlib.Path(grader).parent / "bloom-sandbox-init").read_bytes(), 0o755)
    for name, path in sorted(packed.items()):
        add(name, path.read_bytes())
count = lambda folder: sum(1 for p in files(folder, "*.case"))
print(f"packed {exercise}: {count('cases/protocol')} protocol cases, {count(f'cases/{exercise}')} "
      f"public {exercise} cases, {count(f'hidden/{exercise}')} hidden cases (hidden/{exercise}/), "
      f"a static bloom-grader")
print(f"wrote {out}: upload it as the autograder (base image: docs/gradescope.md)")
PY
