"""Test support: run commands inside a cached Debian root from scripts/debian-root.sh."""
import os
import pathlib
import subprocess

# The kit's caches on this machine: roots/ (scripts/debian-root.sh's), ccache-*/, wine/.
CACHE = pathlib.Path(os.environ.get("BLOOM_ROOT_CACHE", "/var/cache/bloom-kit/roots")).parent


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
    is each folder of `binds` ("HOST:INSIDE"). A command starts inside with a clean
    environment plus `env` (NAME -> value); the host's is never seen there."""

    def __init__(self, source: pathlib.Path, suite: str, packages, work: pathlib.Path):
        self.script = source / "scripts" / "debian-root.sh"
        self.path = run(["bash", self.script, "make", suite, *packages]).stdout.strip()
        self.suite = suite
        self.upper = work / f"overlay-{suite}"
        self.binds = [f"{work}:{work}"]
        self.env = {}

    def use_ccache(self):
        """Compiles of CMake builds inside go through ccache (which the root must hold) into
        CACHE/ccache-SUITE, kept between runs, with paths taken relative to the build folder
        as scripts/test.sh does on the host: a rerun recompiles only what changed."""
        cache = CACHE / f"ccache-{self.suite}"
        cache.mkdir(parents=True, exist_ok=True)
        self.binds.append(f"{cache}:{cache}")
        self.env.update(CMAKE_CXX_COMPILER_LAUNCHER="ccache", CCACHE_DIR=str(cache),
                        CCACHE_BASEDIR="/", CCACHE_NOHASHDIR="1")

    def __call__(self, argv, **kwargs):
        binds = [x for b in self.binds for x in ("--bind", b)]
        env = ["env", *(f"{k}={v}" for k, v in self.env.items())] if self.env else []
        return run(["bash", self.script, "run", self.path, self.upper, *binds, "--", *env, *argv],
                   **kwargs)
