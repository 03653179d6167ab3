"""Test support: run commands inside a cached Debian root from scripts/debian-root.sh."""
import pathlib
import subprocess


class Failure(Exception):
    """A step that failed, with what it printed."""


def run(argv, check=True, **kwargs):
    """Runs argv, capturing its output; raises Failure with that output when it fails (unless
    `check` is false)."""
    done = subprocess.run([str(a) for a in argv], capture_output=True, text=True, **kwargs)
    if check and done.returncode != 0:
        raise Failure(f"{' '.join(map(str, argv))} exited {done.returncode}\n"
                      f"{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return done


class Root:
    """A Debian root of `suite` with `packages`, made once and cached by
    scripts/debian-root.sh. Calling it runs a command inside, through an overlay kept in
    `work` (so the cached root never changes); `work` is also seen inside at its own path, as
    is each folder of `binds` ("HOST:INSIDE")."""

    def __init__(self, source: pathlib.Path, suite: str, packages, work: pathlib.Path):
        self.script = source / "scripts" / "debian-root.sh"
        self.path = run(["bash", self.script, "make", suite, *packages]).stdout.strip()
        self.upper = work / f"overlay-{suite}"
        self.binds = [f"{work}:{work}"]

    def __call__(self, argv, **kwargs):
        binds = [x for b in self.binds for x in ("--bind", b)]
        return run(["bash", self.script, "run", self.path, self.upper, *binds, "--", *argv],
                   **kwargs)
