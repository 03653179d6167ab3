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


class Tally:
    """The checks of a test that goes on after a failure: call it with (ok, message) for each
    check; report() prints the failures and the count, and returns the exit status."""

    def __init__(self):
        self.failures = []
        self.checks = 0

    def __call__(self, ok, message):
        self.checks += 1
        if not ok:
            self.failures.append(message)
        return ok

    def report(self):
        return report(self.failures, self.checks)
