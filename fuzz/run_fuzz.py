#!/usr/bin/env python3
"""Runs one fuzz target: first every input in fuzz/regressions/<target>/ (each a crash found
once, now a test), then a fresh fuzzing run of SECONDS from a seed corpus made of the case
files. Exit 0 when nothing is found; a crash leaves its input in the build folder and fails.

  run_fuzz.py TARGET_BINARY TARGET_NAME SOURCE_DIR CORPUS_DIR SECONDS [extra libFuzzer flags]"""
import pathlib
import subprocess
import sys


def seed_corpus(name, source, corpus):
    corpus.mkdir(parents=True, exist_ok=True)
    for i, case in enumerate(sorted((source / "cases").rglob("*.case"))):
        text = case.read_bytes()
        if name == "interpreter_fuzz":
            lines = [l[2:] for l in text.split(b"\n") if l.startswith(b"> ")]
            data = b"\n".join(lines)
        elif name == "compare_fuzz":
            expected = [l for l in text.split(b"\n") if l and not l.startswith((b">", b"#", b"@"))]
            data = (expected[0] if expected else b"") + b"\0" + (expected[-1] if expected else b"")
        else:
            data = text
        (corpus / f"seed-{i:03d}").write_bytes(data)


def main():
    binary, name, source, corpus, seconds, *extra = sys.argv[1:]
    source, corpus = pathlib.Path(source), pathlib.Path(corpus)
    regressions = sorted(p for p in (source / "fuzz" / "regressions" / name).glob("*")
                         if not p.name.startswith("."))
    if regressions:
        subprocess.run([binary, *map(str, regressions)], check=True)
        print(f"{name}: {len(regressions)} regression inputs replayed")
    seed_corpus(name, source, corpus)
    artifacts = corpus.parent / f"{name}-crashes"
    artifacts.mkdir(exist_ok=True)
    done = subprocess.run([binary, str(corpus), f"-max_total_time={seconds}", "-max_len=8192",
                           "-print_final_stats=1", f"-artifact_prefix={artifacts}/", *extra])
    if done.returncode != 0:
        found = sorted(artifacts.iterdir())
        if found:
            print(f"{name}: found a failing input, kept in {artifacts} ({found[-1].name}); add it to "
                  f"fuzz/regressions/{name}/ with the fix", file=sys.stderr)
        else:  # Ctrl-C, or killed from outside: libFuzzer left no input behind
            print(f"{name}: stopped with exit {done.returncode} before the end, nothing found",
                  file=sys.stderr)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
