#!/usr/bin/env python3
"""Runs one fuzz target: first every input in fuzz/regressions/<target>/ (each a crash found
once, now a test), then a fresh fuzzing run of SECONDS from a seed corpus made of the case
files (and, for interpreter_fuzz, a dictionary made from the command table,
cases/commands.tsv). Exit 0 when nothing is found; a crash leaves its input in the build folder
and fails.

With BLOOM_FUZZ_STOP_FILE set in the environment (scripts/test.sh sets it), the run instead goes
on until that file exists and the fuzzer has had SECONDS of CPU time, whichever is later, and is
then interrupted: CI runs the targets at the idle scheduling class beside its other stages, so
they fuzz on the CPU those leave unused, and at least SECONDS of CPU each however busy those
kept it.

  run_fuzz.py TARGET_BINARY TARGET_NAME SOURCE_DIR CORPUS_DIR SECONDS [extra libFuzzer flags]"""
import os
import pathlib
import re
import signal
import subprocess
import sys
import time

INTERRUPTED = 72  # libFuzzer's exit code when interrupted (its -interrupted_exitcode)


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


# A sample of each kind of argument of the table's grammar (docs/protocol.md): its edges.
SAMPLES = {"u32": ["0", "4294967295", "0x", "0xffffffff"], "p": ["0.5", "1e-320", "0.99999999999999999"],
           "hex": ["00", "ff"], "text": [" "]}


def dictionary(source, path):
    """libFuzzer's dictionary for protocol lines: each command of the table with the space
    after it, and samples of its arguments' kinds, each whole range's ends."""
    words = set()
    for line in (source / "cases" / "commands.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, _, grammar, _ = line.split("\t")
            words.add(name + (" " if "<" in grammar else ""))
            for kind in re.findall(r"<\w+:([^>]+)>", grammar):
                words.update(SAMPLES.get(kind) or kind.split(".."))
    path.write_text("".join(f'"{w}"\n' for w in sorted(words)))
    return path


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
    if name == "interpreter_fuzz":
        extra = [f"-dict={dictionary(source, corpus.parent / (name + '.dict'))}", *extra]
    command = [binary, str(corpus), "-max_len=8192", "-print_final_stats=1",
               f"-artifact_prefix={artifacts}/", *extra]
    stop_file = os.environ.get("BLOOM_FUZZ_STOP_FILE")
    if stop_file:
        returncode = fuzz_until(command, pathlib.Path(stop_file), float(seconds), name)
    else:
        returncode = subprocess.run([*command, f"-max_total_time={seconds}"]).returncode
    if returncode != 0:
        found = sorted(artifacts.iterdir())
        if found:
            print(f"{name}: found a failing input, kept in {artifacts} ({found[-1].name}); add it to "
                  f"fuzz/regressions/{name}/ with the fix", file=sys.stderr)
        else:  # Ctrl-C, or killed from outside: libFuzzer left no input behind
            print(f"{name}: stopped with exit {returncode} before the end, nothing found",
                  file=sys.stderr)
    return returncode


def cpu_seconds(pid):
    """User + system CPU time of a running process, from /proc/PID/stat."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fuzz_until(command, stop_file, seconds, name):
    """Fuzzes until stop_file exists and the fuzzer has had `seconds` of CPU, then interrupts it;
    its exit on that interrupt is a clean end. Returns the exit code as a plain run's would be."""
    fuzzer = subprocess.Popen(command)
    used = 0.0
    while fuzzer.poll() is None:
        try:
            used = cpu_seconds(fuzzer.pid)
        except (OSError, IndexError, ValueError):
            pass  # it ended between poll() and the read; poll() says so next
        if used >= seconds and stop_file.exists():
            fuzzer.send_signal(signal.SIGINT)
            code = fuzzer.wait()
            print(f"{name}: fuzzed {used:.0f} s of CPU, until the other stages ended")
            return 0 if code == INTERRUPTED else code
        time.sleep(1)
    return fuzzer.returncode


if __name__ == "__main__":
    sys.exit(main())
