#!/usr/bin/env bash
# Makes the bundle students of one exercise receive, and nothing else:
#   bash scripts/student-bundle.sh EXERCISE [OUT.tar.gz]   (default build/bloom-course-EXERCISE.tar.gz)
#   bash scripts/student-bundle.sh EXERCISE --folder DIR   (the same files in DIR, a new folder;
#                                                           bloom-grader classroom starts from it)
# The exercise's starter (generated: no solution of its own, and of the other exercises only
# what it needs as given code, which its README names), the protocol suite and the exercise's
# public cases (never a hidden one), the mistakes it may be told, the
# grader's sources with a build of their own, and the docs a student needs. No reference, no
# other exercise's starter or cases, no known mistakes' code, no instructor tools.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
exercise=${1:-}
if [[ -z $exercise || ! -d starter/$exercise || $exercise == protocol ]]; then
  echo "student-bundle: error: name the exercise: student-bundle.sh EXERCISE [OUT] (exercises: $(ls starter | tr '\n' ' '))" >&2
  exit 2
fi
folder=
if [[ ${2:-} == --folder ]]; then
  folder=${3:-}
  [[ -z $folder || $folder == /* ]] || folder=$caller/$folder  # as the caller named it
  if [[ -z $folder ]] || { [[ -e $folder ]] && [[ -n $(ls -A "$folder" 2>/dev/null) || ! -d $folder ]]; }; then
    echo "student-bundle: error: --folder needs a new or empty folder, got \"$folder\"" >&2
    exit 2
  fi
else
  out=${2:-build/bloom-course-$exercise.tar.gz}
  mkdir -p "$(dirname "$out")"
fi
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
name=bloom-course-$exercise
root=$stage/$name
mkdir -p "$root/grader" "$root/docs" "$root/cases"
git ls-files -z "starter/$exercise" | xargs -0 -I{} cp --parents {} "$root"
# the starter's cases: the protocol's and the exercise's public ones with their known
# mistakes' answers, and the catalogue of this exercise's mistakes (bloom-make-starters chose
# them with the grader's own parser: no hidden case)
cp -r "$root/starter/$exercise/cases/." "$root/cases/"
# the grader's sources, every folder of them, but its tests and their programs and data
git ls-files -z 'grader/*.cpp' 'grader/*.hpp' | while IFS= read -r -d '' file; do
  case $file in *_test.cpp | */test_main.cpp | grader/fixtures/* | grader/testdata/*) continue ;; esac
  mkdir -p "$root/$(dirname "$file")"
  cp "$file" "$root/$file"
done
# the starter's copies: without the kit-only sections (how the kit records its cases)
cp "starter/$exercise/docs/protocol.md" "starter/$exercise/docs/case-format.md" docs/grader.md "$root/docs/"
cp tools/bundle/CMakeLists.txt "$root/"
mkdir -p "$root/cmake"
cp cmake/BloomDependencies.cmake "$root/cmake/"
sed "s/@EXERCISE@/$exercise/g" tools/bundle/README.md >"$root/README.md"
sed -n '/^\*\*Given:/p' "starter/$exercise/README.md" >>"$root/README.md"
if [[ -n $folder ]]; then
  mkdir -p "$folder"
  cp -R "$root/." "$folder/"
  echo "wrote $folder: the $exercise exercise ($(find "$folder" -type f | wc -l) files)"
else
  tar -C "$stage" -czf "$out" "$name"
  echo "wrote $out: the $exercise exercise ($(tar -tzf "$out" | grep -vc '/$') files)"
fi
