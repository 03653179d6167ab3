#!/usr/bin/env python3
"""A hostile submission: it tries to read a file it must not see, to write outside its folder,
or to reach the network, and says on stderr whether it got through (ESCAPED) or not (blocked).
It answers nothing, so every case fails; the batch test reads what it said."""
import socket
import sys


def main():
    mode, target = sys.argv[1], sys.argv[2]
    try:
        if mode == "read":
            with open(target, encoding="utf-8", errors="replace") as f:
                first = f.readline().strip()
            print(f"ESCAPED: read {target}: {first[:60]}", file=sys.stderr)
        elif mode == "write":
            with open(target, "w", encoding="utf-8") as f:
                f.write("a submission wrote this\n")
            print(f"ESCAPED: wrote {target}", file=sys.stderr)
        elif mode == "net":
            with socket.create_connection(("127.0.0.1", int(target)), timeout=3):
                print(f"ESCAPED: connected to 127.0.0.1:{target}", file=sys.stderr)
    except OSError as error:
        print(f"blocked: {mode} {target}: {error}", file=sys.stderr)


if __name__ == "__main__":
    main()
