#!/usr/bin/env python3
"""deploy/k8s-indexed-job.yaml as a Kubernetes Indexed Job runs it, without a cluster: the
file is read with a YAML parser, and each pod's container command runs as the kubelet would
start it (its `command` and `args`, its `env`, JOB_COMPLETION_INDEX from 0 to completions-1)
in a root of its own that holds the image's kit at /kit and the volume at /data (a chroot
with the host's /usr and /etc read-only, in a private mount namespace). The test checks that:
  - every pod's command grades its slice of the exercise the file names, with the exercise's
    hidden suite (/kit/hidden/EXERCISE/) among its cases;
  - merged, the pods' shards give the gradebook one batch gives, byte for byte.
Needs root (mounts and chroot), as CI runs.

  k8s_job_test.py SOURCE GRADER REFERENCE"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
from grader_files import install_grader  # noqa: E402
import outcome  # noqa: E402
from case_text import hidden_suite, listed_mistakes  # noqa: E402
from submissions import exec_submission  # noqa: E402



def pod(job):
    """The one container of the job's pod template: (completions, env, argv)."""
    spec = job["spec"]
    container, = spec["template"]["spec"]["containers"]
    env = {item["name"]: str(item["value"]) for item in container.get("env", [])}
    return spec["completions"], env, container["command"] + container["args"]


def run_in_pod(root, kit, data, env, argv):
    """argv as the container runs it: in `root`, with `kit` at /kit and `data` at /data."""
    mounts = " && ".join([
        f"mount --bind {kit} {root}/kit", f"mount --bind {data} {root}/data",
        f"mount --rbind /usr {root}/usr", f"mount --rbind /etc {root}/etc",
        f"mount -t proc proc {root}/proc", f"mount --rbind /dev {root}/dev",
        f"mount -t tmpfs tmpfs {root}/tmp"])
    script = f'{mounts} && exec /usr/sbin/chroot {root} "$@"'
    return subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "pod", *argv],
                          env=env, capture_output=True, text=True, timeout=900)


def main():
    parser = cli.parser(__doc__)
    for name in ("source", "grader", "reference"):
        parser.add_argument(name)
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("k8s_job_test: must run as root (as CI does): it mounts and chroots", file=sys.stderr)
        return 2
    source = pathlib.Path(args.source).resolve()
    job = yaml.safe_load((source / "deploy" / "k8s-indexed-job.yaml").read_text())
    completions, env, argv = pod(job)
    exercise = env.get("EXERCISE")
    expect = outcome.Tally()
    if not expect(exercise is not None, f"the pod names no EXERCISE: {env}"):
        return expect.report()
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bloom-k8s-test-"))
    try:
        # the image's kit: /kit/build/bin/bloom-grader, the manifest, the cases, a hidden suite
        kit = tmp / "kit"
        install_grader(args.grader, kit / "build" / "bin")
        shutil.copy(source / "exercises.tsv", kit / "exercises.tsv")
        shutil.copytree(source / "cases", kit / "cases")
        secret = hidden_suite(kit, exercise, sorted(p.stem for p in (kit / "cases" / exercise).glob("*.case"))[0])
        # the volume: the submissions at /data/submissions, a right one and one with the first
        # known mistake of the exercise, each a CMake project that runs the reference under /kit
        shutil.copy(args.reference, kit / "build" / "bin" / "bloom-reference")
        mistake = next(m for m, of in listed_mistakes(args.reference).items() if of == exercise)
        data = tmp / "data"
        for name, words in (("right", []), (mistake, ["--mistake", mistake])):
            exec_submission(data / "submissions" / name, "/kit/build/bin/bloom-reference", words)
        root = tmp / "root"
        for folder in ("kit", "data", "usr", "etc", "proc", "dev", "tmp"):
            (root / folder).mkdir(parents=True)
        for link in ("bin", "sbin", "lib", "lib64"):
            if os.path.islink(f"/{link}"):
                (root / link).symlink_to(os.readlink(f"/{link}"))

        for index in range(completions):
            pod_env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", **env,
                       "JOB_COMPLETION_INDEX": str(index)}
            done = run_in_pod(root, kit, data, pod_env, argv)
            expect(done.returncode == 0, f"pod {index}: exit {done.returncode}: {done.stderr[-1500:]}")

        # the pods' shards, merged, against one batch in the same root over the same cases
        merged = tmp / "merged" / "gradebook.csv"
        merge = subprocess.run([args.grader, "merge", *sorted((data / "grades").glob("shard-*")), "--out", merged],
                               capture_output=True, text=True)
        expect(merge.returncode == 0, f"merge: {merge.stderr}")
        single = run_in_pod(root, kit, data, {"PATH": "/usr/bin:/bin", "HOME": "/tmp"}, [
            "/kit/build/bin/bloom-grader", "batch", "--cases", "/kit/cases/protocol",
            "--cases", f"/kit/cases/{exercise}", "--cases", f"/kit/hidden/{exercise}",
            "--submissions", "/data/submissions", "--build", "cmake", "--run", "{project}/build/bloom",
            "--out", "/data/single"])
        expect(single.returncode == 1, f"one batch: exit {single.returncode}: {single.stderr[-1500:]}")
        single = data / "single"
        header = merged.read_text().splitlines()[0].split(",") if merged.exists() else []
        expect(f"{exercise}/{secret.stem}" in header, f"the pods did not grade the hidden case: {header}")
        expect(merged.exists() and (single / "gradebook.csv").exists() and
               merged.read_bytes() == (single / "gradebook.csv").read_bytes(),
               "the merged gradebook is not one batch's")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return expect.report()


if __name__ == "__main__":
    sys.exit(main())
