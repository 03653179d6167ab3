#!/usr/bin/env bash
# Makes build/bloom-course-student.tar.gz: what students receive, and nothing else. The
# starters (generated: no solution of their own exercise), the public cases (no @hidden case),
# the grader's sources with a build of its own, and the docs a student needs. No reference
# sources, no known mistakes' code, no instructor tools.
#   bash scripts/student-bundle.sh [OUT.tar.gz]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/bloom-course-student.tar.gz}
mkdir -p "$(dirname "$out")"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/bloom-course-student
mkdir -p "$root/grader" "$root/docs" "$root/cases"
git ls-files -z starter | xargs -0 -I{} cp --parents {} "$root"
for suite in protocol hashing bip37; do
  mkdir -p "$root/cases/$suite"
  for case in cases/$suite/*.case; do
    grep -q '^@hidden' "$case" && continue
    cp "$case" "$root/cases/$suite/"
    [[ -f ${case%.case}.mistakes ]] && cp "${case%.case}.mistakes" "$root/cases/$suite/"
  done
done
cp cases/mistakes.tsv "$root/cases/"
for file in grader/*.cpp grader/*.hpp; do
  case $file in *_test.cpp | */test_main.cpp) continue ;; esac
  cp "$file" "$root/grader/"
done
cp docs/protocol.md docs/case-format.md docs/grader.md "$root/docs/"
cp tools/bundle/CMakeLists.txt tools/bundle/README.md "$root/"
tar -C "$stage" -czf "$out" bloom-course-student
echo "wrote $out ($(tar -tzf "$out" | grep -vc '/$') files)"
