"""Test support: one session of protocol lines through a program that speaks the protocol (the
reference, or a real library behind a driver of its own), and the rule by which two programs'
answers to a line agree."""
import subprocess


def answers(command, lines):
    """The program's answer lines to `lines` (bytes, without LF), all sent at once to one
    process."""
    done = subprocess.run(command, input=b"".join(line + b"\n" for line in lines),
                          capture_output=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{command[0]} exited {done.returncode}: {done.stderr.decode(errors='replace')[-2000:]}")
    got = done.stdout.split(b"\n")[:-1]
    if len(got) != len(lines):
        raise RuntimeError(f"{command[0]} answered {len(got)} lines to {len(lines)}")
    return got


def same(line, a, b):
    """Whether two answers to `line` agree: any two errors do, as a grader takes them; INDEXES
    answers are compared as sets, since a library that keeps only bits can give no more (the
    reference answers in hash order, with repeats)."""
    if a.startswith(b"error") and b.startswith(b"error"):
        return True
    if line.startswith(b"INDEXES ") and not a.startswith(b"error") and not b.startswith(b"error"):
        def as_set(answer):
            return [answer] if answer == b"none" else sorted(set(map(int, answer.split())))
        try:
            return as_set(a) == as_set(b)
        except ValueError:
            return a == b
    return a == b


def shorten(text, limit=300):
    """An answer as a message shows it: its repr, cut after `limit` bytes."""
    return repr(text if len(text) <= limit else text[:limit] + b"...")
