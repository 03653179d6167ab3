#!/usr/bin/env bash
# Makes build/gradescope-autograder.zip for one exercise:
#   bash gradescope/make-zip.sh [EXERCISE]      (default: the one named in gradescope/exercise)
# It packs exactly what grading uses, from the working tree (committed or not): setup.sh and
# run_autograder at the top, as Gradescope wants them, and scripts/deps.sh for setup.sh; a
# statically linked bin/bloom-grader, which runs on any x86-64 Linux whatever its Boost
# (Gradescope's Ubuntu 22.04 has 1.74), with bin/bloom-sandbox-init beside it for --sandbox; the exercise's public cases with the protocol suite and the mistakes catalogue; and its hidden
# suite from gradescope/hidden/<exercise>/, if any. No reference, no starter, no other
# exercise. It prints what it packed.
set -euo pipefail
cd "$(dirname "$0")/.."
exercise=${1:-$(tr -d '[:space:]' < gradescope/exercise)}
exercises=$(grep -v '^#' exercises.tsv | cut -f1)  # the manifest: one exercise a line
if ! grep -qxF -- "$exercise" <<<"$exercises"; then
  echo "make-zip: error: no exercise \"$exercise\" (the exercises, from exercises.tsv: $(paste -sd ' ' <<<"$exercises"))" >&2
  exit 2
fi

build=${BLOOM_BUILD_DIR:-build}  # where the zip and the static grader's build go
echo "make-zip: building a static bloom-grader ($build/gradescope-grader)"
cmake -S . -B "$build/gradescope-grader" -DCMAKE_BUILD_TYPE=Release -DBLOOM_GRADER_ONLY=ON \
  -DBLOOM_STATIC_GRADER=ON >/dev/null
cmake --build "$build/gradescope-grader" -j "$(nproc)" --target bloom-grader >/dev/null

out=$build/gradescope-autograder.zip
rm -f "$out"
python3 - "$out" "$exercise" "$build/gradescope-grader/bin/bloom-grader" <<'PY'
import pathlib, sys, zipfile
out, exercise, grader = sys.argv[1], sys.argv[2], sys.argv[3]
def files(folder, pattern="*"):
    folder = pathlib.Path(folder)
    return sorted(p for p in folder.rglob(pattern) if p.is_file()) if folder.is_dir() else []
hidden = files(f"gradescope/hidden/{exercise}")
catalogues = [p for p in (pathlib.Path("gradescope/hidden/mistakes.tsv"),) if p.is_file()]
packed = {
    "cases/mistakes.tsv": pathlib.Path("cases/mistakes.tsv"),
    "scripts/deps.sh": pathlib.Path("scripts/deps.sh"),  # setup.sh installs with it
    **{str(p): p for p in files("cases/protocol") + files(f"cases/{exercise}") + hidden + catalogues},
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
      f"public {exercise} cases, {sum(1 for p in hidden if p.suffix == '.case')} hidden cases, "
      f"a static bloom-grader")
print(f"wrote {out}: upload it as the autograder (base image: docs/gradescope.md)")
PY
