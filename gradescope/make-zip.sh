#!/usr/bin/env bash
# Makes build/gradescope-autograder.zip: setup.sh and run_autograder at the top, as Gradescope
# wants them, and the kit (committed files only) beside them. Choose the exercise first:
#   echo hashing > gradescope/exercise
# and put a hidden suite, if any, in gradescope/hidden/<exercise>/ (docs/mistakes.md).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
out=build/gradescope-autograder.zip
rm -f "$out"
python3 - "$out" <<'PY'
import pathlib, subprocess, sys, zipfile
files = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split()
hidden = [str(p) for p in pathlib.Path("gradescope/hidden").rglob("*") if p.is_file()]
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for name in sorted(set(files + hidden)):
        if name.startswith("starter/"):
            continue  # the students' copies are not needed to grade
        z.write(name, name)
    for top in ("setup.sh", "run_autograder"):
        info = zipfile.ZipInfo(top)
        info.external_attr = 0o755 << 16
        z.writestr(info, pathlib.Path("gradescope", top).read_text())
print(f"wrote {sys.argv[1]}: upload it as the autograder; exercise: {pathlib.Path('gradescope/exercise').read_text().strip()}")
PY
