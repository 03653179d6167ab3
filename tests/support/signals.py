"""Test support: a signal sent to a running grader, and how it ends."""
import subprocess
import time


def signal_and_wait(child: subprocess.Popen, sig, timeout: float):
    """Sends `sig` to `child` and waits `timeout` seconds at most, killing it past that:
    (exit status, negative for the signal that ended it; seconds from `sig` to the end;
    stdout; stderr)."""
    sent = time.monotonic()
    child.send_signal(sig)
    try:
        out, err = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
    return child.returncode, time.monotonic() - sent, out, err
