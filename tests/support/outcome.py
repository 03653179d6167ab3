"""Test support: how a whole-program test says what failed."""
import sys


def report(failures, checks=None):
    """Prints each failure on stderr, one `FAIL:` line each, then `N passed, N failed` when the
    number of `checks` is known; returns the exit status."""
    for failure in failures:
        print("FAIL:", failure, file=sys.stderr)
    if checks is not None:
        print(f"{checks - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0
