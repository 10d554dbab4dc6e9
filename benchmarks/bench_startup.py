"""App start time: from launching `footycards` to the launcher being drawn, as a ratio
to a bare Textual app (one Static) started the same way in the same run.

Run: python benchmarks/bench_startup.py [--runs 5]
A child process starts the app headless and prints a line once its first screen has been
painted; the parent measures wall-clock time from spawning the process to that line. The
two apps are started in turn, so a busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

CHILD = """
import sys
from footycards.tui.app import FootyApp

async def pilot(p):
    await p.pause()
    print("drawn", type(p.app.screen).__name__, flush=True)
    p.app.exit()

FootyApp().run(headless=True, size=(120, 40), auto_pilot=pilot)
"""

BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello")

async def pilot(p):
    await p.pause()
    print("drawn", type(p.app.screen).__name__, flush=True)
    p.app.exit()

Bare().run(headless=True, size=(120, 40), auto_pilot=pilot)
"""


def once(code: str, screen: str) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.wait(timeout=30)
    if screen not in line:
        raise SystemExit(f"unexpected child output: {line!r}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    ours: list[float] = []
    bare: list[float] = []
    for _ in range(args.runs):
        ours.append(once(CHILD, "LauncherScreen"))
        bare.append(once(BARE, "Screen"))
    mine, peer = statistics.median(ours), statistics.median(bare)
    print(
        f"launcher drawn after {mine:.2f} s, a bare Textual app after {peer:.2f} s: "
        f"{mine / peer:.2f}× (medians of {args.runs}; ours min {min(ours):.2f} s, "
        f"max {max(ours):.2f} s)"
    )


if __name__ == "__main__":
    main()
