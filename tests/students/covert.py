#!/usr/bin/python3
"""A student's covert channel through the kernel's global counters, which no namespace hides:
the same program run on every case, as a grader runs it, sends when its input holds SEND and
listens otherwise (tests/hidden_apart_test.py).

- The sender holds MIB MiB in a tmpfs (/dev/shm where it may write, else /tmp: bubblewrap's
  own tmpfs), which /proc/meminfo counts in Shmem: for everyone on the machine, at once.
- The listener samples Shmem for longer than a sender holds, and prints the largest change it
  saw (a rise when the sender starts, a fall when it ends). A sender that overlaps a listener
  has one edge inside the listener's window: started first, it lets go before the listener
  stops, since it holds for less than the listener listens.

Each prints on stderr (which results.json shows a student for a visible case) when it ran,
by CLOCK_REALTIME, which is the machine's: `RAN START END ROLE`, then the listener's
`HEARD MIB`. It answers nothing on stdout: every case fails, and that is not the point.
It harms nothing: its file is removed before it ends."""
import os
import sys
import time

MIB = 40         # the signal, in MiB of tmpfs
HOLD = 1.0       # seconds a sender holds its MiB
LISTEN = 2.0     # seconds a listener samples: longer than a hold, so that it hears an edge


def shmem_kib():
    with open("/proc/meminfo") as meminfo:
        for line in meminfo:
            if line.startswith("Shmem:"):
                return int(line.split()[1])
    return 0


def send():
    block = b"\xa5" * (1 << 20)
    for folder in ("/dev/shm", "/tmp"):
        path = os.path.join(folder, f"covert-{os.getpid()}")
        try:
            with open(path, "wb") as held:
                for _ in range(MIB):
                    held.write(block)
        except OSError:
            try:
                os.unlink(path)
            except OSError:
                pass
            continue
        time.sleep(HOLD)
        os.unlink(path)
        return folder
    return "nowhere"


def listen():
    """The largest change of Shmem while it listens, a rise or a fall: a sender that started
    first has written its MiB before the first sample, and is heard when it lets them go."""
    lowest = highest = shmem_kib()
    end = time.monotonic() + LISTEN
    while time.monotonic() < end:
        now = shmem_kib()
        lowest, highest = min(lowest, now), max(highest, now)
        time.sleep(0.01)
    return (highest - lowest) // 1024


def main():
    data = sys.stdin.read()
    start = time.time()
    if "SEND" in data:
        role = "send:" + send()
        heard = None
    else:
        role = "listen"
        heard = listen()
    print(f"RAN {start:.3f} {time.time():.3f} {role}", file=sys.stderr)
    if heard is not None:
        print(f"HEARD {heard}", file=sys.stderr)


if __name__ == "__main__":
    main()
