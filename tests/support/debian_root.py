"""Test support: run commands inside a cached Debian root from scripts/debian-root.sh."""
import os
import pathlib
import subprocess

# Where scripts/debian-root.sh keeps its roots; the roots' compiler caches sit beside them.
ROOTS = pathlib.Path(os.environ.get("BLOOM_ROOT_CACHE", "/var/cache/bloom-kit/roots"))


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
    is each folder of `binds` ("HOST:INSIDE").

    With `ccache`, the root has ccache too and every command runs with `env` (KEY=VALUE words):
    CMake's compiles go through ccache into ROOTS/../ccache-SUITE, kept across runs and shared
    by every test that builds in a root of SUITE (ccache hashes the compiler too, so roots of
    one suite with another g++ keep apart). Paths are taken relative to the build folder (base
    dir /) and the working folder is left out of the hash, as scripts/test.sh does for the
    kit's own builds, so a build in a fresh temporary folder finds what an earlier one
    compiled. ccache gives back exactly what the compiler gave, its warnings included."""

    def __init__(self, source: pathlib.Path, suite: str, packages, work: pathlib.Path,
                 ccache=False):
        self.script = source / "scripts" / "debian-root.sh"
        packages = [*packages, "ccache"] if ccache else list(packages)
        self.path = run(["bash", self.script, "make", suite, *packages]).stdout.strip()
        self.upper = work / f"overlay-{suite}"
        self.binds = [f"{work}:{work}"]
        self.env = []
        if ccache:
            self.ccache = ROOTS.parent / f"ccache-{suite}"
            self.ccache.mkdir(parents=True, exist_ok=True)
            self.binds.append(f"{self.ccache}:{self.ccache}")
            self.env = [f"CCACHE_DIR={self.ccache}", "CCACHE_BASEDIR=/", "CCACHE_NOHASHDIR=1",
                        "CMAKE_CXX_COMPILER_LAUNCHER=ccache"]

    def __call__(self, argv, **kwargs):
        binds = [x for b in self.binds for x in ("--bind", b)]
        env = ["env", *self.env] if self.env else []
        return run(["bash", self.script, "run", self.path, self.upper, *binds, "--", *env, *argv],
                   **kwargs)
