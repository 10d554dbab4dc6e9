"""App start time in a real terminal: from launching `footycards` to the launcher's first
frame, as a ratio to a bare Textual app (one Static) started the same way in the same run.

Run: python benchmarks/bench_startup.py [--runs 7] [--size 120x40]

Each app is started as a child process in a pseudo-terminal of the given size (TERM
xterm-256color, the settings and statistics in an empty FOOTYCARDS_HOME, like a first
start); the parent times wall clock from spawning the process to the moment the terminal
has received the app's first frame: a text only that frame draws (the launcher's game
list, the bare app's Static). Then it sends Ctrl+Q and waits for the child to end. The
two apps are started in turn, alternating which goes first, so a busy machine slows both
alike; the figures are medians.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

OURS = "from footycards.cli import main; main()"  # what the `footycards` script runs
OURS_MARK = b"Bundesliga Quartett"  # the launcher's game list

BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello, bare app")

Bare().run()
"""
BARE_MARK = b"hello, bare app"


def first_frame(code: str, mark: bytes, size: tuple[int, int], home: str) -> float:
    """Seconds from spawning `code` in a new terminal to `mark` appearing on it."""
    master, slave = pty.openpty()
    cols, rows = size
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "FOOTYCARDS_HOME": home}
    env.pop("TEXTUAL", None)
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    shown = b""
    elapsed = None
    try:
        while elapsed is None:
            ready, _, _ = select.select([master], [], [], 30)
            if not ready:
                raise SystemExit(f"no first frame after 30 s; the terminal shows {shown[-400:]!r}")
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # the child ended
                raise SystemExit(f"the app ended before drawing: {shown[-400:]!r}") from None
            shown += chunk
            if mark in shown:
                elapsed = time.perf_counter() - start
        os.write(master, b"\x11")  # Ctrl+Q
        deadline = time.monotonic() + 10
        while proc.poll() is None and time.monotonic() < deadline:
            if select.select([master], [], [], 0.1)[0]:
                try:
                    os.read(master, 1 << 16)  # keep the terminal drained while it quits
                except OSError:
                    break
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        os.close(master)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--size", default="120x40", help="terminal COLSxROWS")
    args = parser.parse_args()
    cols, rows = (int(n) for n in args.size.split("x"))
    ours: list[float] = []
    bare: list[float] = []
    with tempfile.TemporaryDirectory() as home:
        first_frame(OURS, OURS_MARK, (cols, rows), home)  # warm the file cache and .pyc files
        first_frame(BARE, BARE_MARK, (cols, rows), home)
        for run in range(args.runs):
            pair = [(OURS, OURS_MARK, ours), (BARE, BARE_MARK, bare)]
            for code, mark, times in pair if run % 2 == 0 else reversed(pair):
                times.append(first_frame(code, mark, (cols, rows), home))
    mine, peer = statistics.median(ours), statistics.median(bare)
    print(
        f"first frame in a {cols}x{rows} terminal: launcher {mine:.3f} s, bare Textual app "
        f"{peer:.3f} s: {mine / peer:.2f}x (medians of {args.runs}, alternating; launcher "
        f"min {min(ours):.3f} max {max(ours):.3f} s, bare min {min(bare):.3f} "
        f"max {max(bare):.3f} s; load average {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
