#!/usr/bin/env python3
"""deploy/slurm-batch.sbatch on a real Slurm (22.05, Debian's slurm-wlm): a single-node
cluster on this machine (tests/support/slurm_cluster.py) grades mixed submissions as a job
array of 3, submitted with the job file unchanged. The test checks that:
  - the merged shards give the gradebook and class report a single-machine batch gives, byte
    for byte, the kit's hidden suite (hidden/bip37/) graded in both;
  - each task grades as many submissions at once as Slurm granted it (SLURM_CPUS_PER_TASK);
  - a task cancelled midway (scancel JOB_TASK) and submitted again resumes: what it had
    graded is not graded again, and the merge is still the single machine's.

  slurm_test.py SOURCE GRADER REFERENCE STUDENT SEGFAULT SLEEP_FOREVER"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
from grader_files import install_grader  # noqa: E402
import outcome  # noqa: E402
from case_text import hidden_suite  # noqa: E402
from slurm_cluster import SlurmCluster  # noqa: E402
from submissions import CMAKE, exec_submission  # noqa: E402

BUILD = "cmake"  # the shared recipe, as the job file builds
TIMEOUT = ["--timeout", "1"]


def main():
    parser = cli.parser(__doc__)
    for name in ("source", "grader", "reference", "student", "segfault", "sleeper"):
        parser.add_argument(name)
    args = parser.parse_args()
    source = pathlib.Path(args.source).resolve()
    failures = []

    def expect(ok, what):
        if not ok:
            failures.append(what)

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bloom-slurm-test-"))
    tmp.chmod(0o755)
    try:
        # the kit as the job file finds it: BLOOM_KIT/build/bin/bloom-grader, the manifest, the
        # cases, and an instructor's hidden suite
        kit = tmp / "kit"
        install_grader(args.grader, kit / "build" / "bin")
        shutil.copy(source / "exercises.tsv", kit / "exercises.tsv")
        shutil.copytree(source / "cases", kit / "cases")
        secret = hidden_suite(kit, "bip37", "nine-elements-one-percent")

        subs = tmp / "submissions"
        programs = {"a-right": (args.reference, []), "b-float-division": (args.student, ["float-division"]),
                    "c-msb-bit-order": (args.student, ["msb-bit-order"]), "e-crashes": (args.segfault, []),
                    "f-pair": (args.student, ["float-division", "32-bit-product"]), "z-hangs": (args.sleeper, [])}
        for name, (program, mistakes) in programs.items():
            # the program copied beside it: the sandbox shows a submission its own folder alone
            folder = subs / name
            folder.mkdir(parents=True)
            shutil.copy(program, folder / "program")
            exec_submission(folder, folder / "program", [w for m in mistakes for w in ("--mistake", m)])
        broken = subs / "d-not-compiling"
        broken.mkdir()
        (broken / "CMakeLists.txt").write_text(CMAKE)
        (broken / "main.cpp").write_text("int main() { return oops; }\n")
        names = sorted(p.name for p in subs.iterdir())
        shard_of = {name: i % 3 + 1 for i, name in enumerate(names)}  # batch --shard's rule
        expect(shard_of["z-hangs"] == 1 and sum(s == 1 for s in shard_of.values()) == 3,
               f"the hang is not the last of three in shard 1: {shard_of}")

        # what a single machine gives: the job file's batch command, in one run
        baseline = tmp / "baseline"
        single = subprocess.run([kit / "build" / "bin" / "bloom-grader", "batch", "--cases", kit / "cases" / "protocol",
                                 "--cases", kit / "cases" / "bip37", "--cases", secret.parent,
                                 "--submissions", subs, "--build", BUILD,
                                 "--run", "{project}/build/bloom", "--sandbox", "--jobs", "2", "--out", baseline, *TIMEOUT],
                                capture_output=True, text=True)
        expect(single.returncode == 1, f"single-machine batch: exit {single.returncode}: {single.stderr[-1500:]}")
        header = (baseline / "gradebook.csv").read_text().splitlines()[0] if (baseline / "gradebook.csv").exists() else ""
        expect(f"bip37/{secret.stem}" in header.split(","), f"the hidden case is not graded: {header}")
        if failures:
            return outcome.report(failures)

        logs = tmp / "logs"
        logs.mkdir()
        job_file = source / "deploy" / "slurm-batch.sbatch"
        with SlurmCluster() as cluster:
            def sbatch(*options, grades, wait=True):
                done = cluster.run(["sbatch", *(["--wait"] if wait else []), "--parsable",
                                    f"--output={logs}/%A_%a.log", f"--export=ALL,BLOOM_KIT={kit}", *options,
                                    job_file, subs, grades, "bip37", *TIMEOUT], cwd=tmp, timeout=900)
                if done.returncode != 0:
                    failures.append(f"sbatch {' '.join(options)}: exit {done.returncode}: {done.stderr}"
                                    f"\n{cluster.log('slurmctld')}")
                return done.stdout.strip().split(";")[0]

            def merged_equals_baseline(grades, label):
                out = grades / "merged" / "gradebook.csv"
                merge = subprocess.run([args.grader, "merge", *sorted(grades.glob("shard-*")), "--out", out],
                                       capture_output=True, text=True)
                expect(merge.returncode == 0, f"{label}: merge: {merge.stderr}")
                for name in ("gradebook.csv", "report.html"):
                    mine, theirs = out.parent / name, baseline / name
                    expect(mine.exists() and mine.read_bytes() == theirs.read_bytes(),
                           f"{label}: the merged {name} is not the single machine's")

            # 1. the job file as shipped: its resources fit this node, the array runs and merges
            grades = tmp / "grades"
            job = sbatch("--array=1-3", grades=grades)
            merged_equals_baseline(grades, "array of 3")
            for task in (1, 2, 3):
                log = (logs / f"{job}_{task}.log")
                text = log.read_text() if log.exists() else ""
                expect(re.search(r"to grade, 1 at once", text), f"task {task} did not grade 1 at once: {text[-800:]}")

            # 2. cancelled midway, submitted again: resumes
            again = tmp / "grades-again"
            job = sbatch("--array=1-3", "--cpus-per-task=2", grades=again, wait=False)
            shard = again / "shard-1"
            deadline = time.time() + 300
            while time.time() < deadline and len(list(shard.glob("*.json"))) < 2:
                time.sleep(0.5)
            done_before = {p.name: p.stat().st_mtime_ns for p in shard.glob("*.json")}
            expect(len(done_before) == 2, f"shard 1 never had its first two reports: {done_before}")
            cancel = cluster.run(["scancel", f"{job}_1"])
            expect(cancel.returncode == 0, f"scancel: {cancel.stderr}")
            while time.time() < deadline and cluster.run(["squeue", "-h", "-j", job]).stdout.strip():
                time.sleep(0.5)
            expect(not (shard / "z-hangs.json").exists(), "the cancelled task wrote a report for the hang")
            first = (logs / f"{job}_1.log").read_text() if (logs / f"{job}_1.log").exists() else ""
            expect("to grade, 2 at once" in first, f"with --cpus-per-task=2, task 1 did not grade 2 at once: {first[-800:]}")
            redo = sbatch("--array=1", "--export=ALL,BLOOM_SHARDS=3,BLOOM_KIT=" + str(kit), grades=again)
            log = (logs / f"{redo}_1.log").read_text() if (logs / f"{redo}_1.log").exists() else ""
            expect("3 submissions in shard 1/3, 2 already graded" in log and "1 to grade" in log,
                   f"the task submitted again did not resume: {log[-800:]}")
            expect({p: shard.joinpath(p).stat().st_mtime_ns for p in done_before} == done_before,
                   "the task submitted again rewrote reports it had")
            merged_equals_baseline(again, "cancelled and resumed")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return outcome.report(failures)


if __name__ == "__main__":
    sys.exit(main())
