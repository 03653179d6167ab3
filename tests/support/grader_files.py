"""Test support: the grader's programs put where a test's kit or user expects them."""
import pathlib
import shutil

# What ships beside bloom-grader and must stay beside it: each --sandbox run's first process
# (grader/sandbox/sandbox_init.cpp), which the grader looks for next to its own executable.
COMPANIONS = ("bloom-sandbox-init",)


def install_grader(grader: pathlib.Path, bin_dir: pathlib.Path, mode: int = 0o755) -> pathlib.Path:
    """Copies `grader` and its companions into `bin_dir`; returns the copy of the grader."""
    grader, bin_dir = pathlib.Path(grader), pathlib.Path(bin_dir)
    bin_dir.mkdir(parents=True, exist_ok=True)
    copy = bin_dir / "bloom-grader"
    for source, target in [(grader, copy)] + [(grader.parent / name, bin_dir / name) for name in COMPANIONS]:
        shutil.copy(source, target)
        target.chmod(mode)
    return copy
