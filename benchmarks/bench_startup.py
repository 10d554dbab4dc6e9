"""App start time: from launching `footycards` to the launcher being drawn.

Run: python benchmarks/bench_startup.py [--runs 5]
A child process starts the app headless and prints a line once the launcher has been
painted; the parent measures wall-clock time from spawning the process to that line.
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


def once() -> float:
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.wait(timeout=30)
    if "LauncherScreen" not in line:
        raise SystemExit(f"unexpected child output: {line!r}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    times = [once() for _ in range(args.runs)]
    print(
        f"launcher drawn after {statistics.median(times):.2f} s (median of {args.runs}; "
        f"min {min(times):.2f} s, max {max(times):.2f} s)"
    )


if __name__ == "__main__":
    main()
