"""App start time in a real terminal: from launching `footycards` to the launcher's first
frame, as a ratio to a bare Textual app (one Static) started the same way in the same run.

Run: python benchmarks/bench_startup.py [--runs 7] [--size 120x40] [--cpu | --instructions]
[--shown]

Each app is started as a child process in a pseudo-terminal of the given size (TERM
xterm-256color, the settings and statistics in an empty FOOTYCARDS_HOME, like a first
start); the parent times wall clock from spawning the process to the moment the terminal
has received the app's first frame: a text only that frame draws (the launcher's game
list, the bare app's Static). The launcher draws its set-up's fields (seats, options)
right after its first frame: the moment they are on the terminal too (its Start line) is
the whole launcher's time. Then it sends Ctrl+Q and waits for the child to end. The two
apps are started in turn, alternating which goes first, so a busy machine slows both
alike; the figures are medians.

With --cpu, each app runs headless instead and reports the CPU time of its process
(`time.process_time()`) when `App.run` is called (imports and set-up done) and at its first
frame: a loaded machine stretches wall-clock times, much less these.

With --shown (with --cpu or --instructions), a start's first frame is the first update
Textual would send the terminal that shows the app's mark (the update rendered to text as
for a terminal), as in the terminal run; without it, the moment the app is first idle
(`pilot.pause()`), which also counts what is laid out and drawn again after that frame.

With --instructions, each headless start runs under Valgrind's callgrind, ending at its
first frame, and the instructions it executed are counted (`--runs` of each, medians):
a count hardly moves however busy the machine is, so it tells two versions of the code
apart where times cannot.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import re
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from typing import TypeVar

OURS = "from footycards.cli.start import run; run()"  # what the `footycards` script runs
OURS_MARK = b"Bundesliga Quartett"  # the launcher's game list
OURS_FIELDS_MARK = b"Start (Ctrl+S)"  # the launcher's set-up, drawn right after (English)

BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello, bare app")

Bare().run()
"""
BARE_MARK = b"hello, bare app"


# --cpu: the app's own code run headless, Textual's App.run patched to note the CPU time
CPU_HARNESS = """
import json, os, sys, time
from textual.app import App

real_run = App.run

def run(self, *args, **kwargs):
    began = time.process_time()

    async def first_frame(pilot):
        await pilot.pause()
        print(json.dumps([began, time.process_time()]), flush=True)
        if END_AT_FIRST_FRAME:
            os._exit(0)  # counted up to the first frame, not the app's ending
        pilot.app.exit()

    BEGAN.append(began)
    return real_run(self, headless=True, size=SIZE, auto_pilot=first_frame)

App.run = run
BEGAN = []

if MARK is not None:  # --shown: end at the first update that shows MARK, as a terminal would
    from textual._compositor import CompositorUpdate  # what Textual sends the terminal

    real_display = App._display

    def display(self, screen, renderable):
        # headless, Textual renders no update to text: made here as for a terminal
        if isinstance(renderable, CompositorUpdate) and not self._batch_count:
            if MARK in renderable.render_segments(self.console):
                print(json.dumps([BEGAN[0], time.process_time()]), flush=True)
                os._exit(0)
        return real_display(self, screen, renderable)

    App._display = display
"""


def child_env(home: str) -> dict[str, str]:
    """The apps' environment: an empty FOOTYCARDS_HOME, and compiled modules kept (in a
    cache folder of this run, not beside the sources) even where PYTHONDONTWRITEBYTECODE
    is set: an installed footycards has its .pyc files, and without them every start
    would compile footycards' modules again, which the bare app, whose Textual came
    compiled, never does."""
    env = {**os.environ, "FOOTYCARDS_HOME": home, "PYTHONPYCACHEPREFIX": os.path.join(home, "pyc")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


# --shown: each app's first frame is the first update showing its mark (as in a terminal)
MARKS: dict[str, bytes] = {}  # code -> its mark, filled by main when --shown is given


def harness(code: str, size: tuple[int, int], end_at_first_frame: bool = False) -> str:
    """`code` run headless at `size` by CPU_HARNESS (ended at its first frame if asked)."""
    mark = MARKS.get(code)
    return (
        f"END_AT_FIRST_FRAME = {end_at_first_frame!r}\n"
        f"MARK = {None if mark is None else mark.decode()!r}\n"
        + CPU_HARNESS.replace("SIZE", repr(size))
        + code
    )


T = TypeVar("T")


def cpu_times(code: str, size: tuple[int, int], home: str) -> tuple[float, float]:
    """CPU seconds of a headless run of `code` at App.run and at its first frame."""
    program = harness(code, size)
    env = child_env(home)
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, env=env, timeout=120
    )
    if done.returncode:
        raise SystemExit(done.stderr)
    began, drawn = json.loads(done.stdout.strip().splitlines()[-1])
    return began, drawn


def alternate(
    runs: int, size: tuple[int, int], measure: Callable[[str, tuple[int, int], str], T]
) -> tuple[list[T], list[T]]:
    """`runs` measurements of each app, alternating which goes first, after one start of
    each that compiles their modules; (ours, bare)."""
    ours: list[T] = []
    bare: list[T] = []
    with tempfile.TemporaryDirectory() as home:
        cpu_times(OURS, size, home)  # compile both apps' modules first
        cpu_times(BARE, size, home)
        for run in range(runs):
            pair = [(OURS, ours), (BARE, bare)]
            for code, results in pair if run % 2 == 0 else reversed(pair):
                results.append(measure(code, size, home))
    return ours, bare


def cpu_main(runs: int, size: tuple[int, int]) -> None:
    """The --cpu figures: medians of `runs` headless starts of each app, alternating."""
    ours, bare = alternate(runs, size, cpu_times)
    (o_run, o_frame), (b_run, b_frame) = (
        (statistics.median(t[0] for t in ts), statistics.median(t[1] for t in ts))
        for ts in (ours, bare)
    )
    print(
        f"CPU time, headless {size[0]}x{size[1]}: launcher {1000 * o_frame:.0f} ms at its first "
        f"frame ({1000 * o_run:.0f} ms when App.run began), bare Textual app "
        f"{1000 * b_frame:.0f} ms ({1000 * b_run:.0f} ms): {o_frame / b_frame:.2f}x "
        f"(medians of {runs}, alternating)"
    )


def instructions(code: str, size: tuple[int, int], home: str) -> int:
    """Instructions a headless start of `code` executes up to its first frame (callgrind)."""
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={os.path.join(out, 'callgrind.out')}",
                sys.executable,
                "-c",
                harness(code, size, end_at_first_frame=True),
            ],
            capture_output=True,
            text=True,
            env=child_env(home),
            timeout=1200,
        )
    counted = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or counted is None:
        raise SystemExit(done.stderr[-2000:])
    return int(counted.group(1))


def instructions_main(runs: int, size: tuple[int, int]) -> None:
    """The --instructions figures: medians of `runs` counted starts of each app."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs Valgrind (valgrind --tool=callgrind)")
    ours, bare = alternate(runs, size, instructions)
    mine, peer = statistics.median(ours), statistics.median(bare)
    print(
        f"instructions to the first frame, headless {size[0]}x{size[1]}: launcher "
        f"{mine / 1e9:.3f} G, bare Textual app {peer / 1e9:.3f} G: {mine / peer:.2f}x "
        f"(medians of {runs}; launcher {', '.join(f'{n / 1e9:.3f}' for n in ours)} G, bare "
        f"{', '.join(f'{n / 1e9:.3f}' for n in bare)} G; load average {os.getloadavg()[0]:.1f})"
    )


def first_frame(
    code: str, marks: tuple[bytes, ...], size: tuple[int, int], home: str
) -> list[float]:
    """Seconds from spawning `code` in a new terminal to each of `marks` appearing on it."""
    master, slave = pty.openpty()
    cols, rows = size
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = {**child_env(home), "TERM": "xterm-256color"}
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
    elapsed: list[float] = []
    try:
        while len(elapsed) < len(marks):
            ready, _, _ = select.select([master], [], [], 30)
            if not ready:
                raise SystemExit(f"no first frame after 30 s; the terminal shows {shown[-400:]!r}")
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # the child ended
                raise SystemExit(f"the app ended before drawing: {shown[-400:]!r}") from None
            shown += chunk
            while len(elapsed) < len(marks) and marks[len(elapsed)] in shown:
                elapsed.append(time.perf_counter() - start)
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
    parser.add_argument("--cpu", action="store_true", help="CPU time of headless starts")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="instructions of headless starts, counted by Valgrind's callgrind",
    )
    parser.add_argument(
        "--shown",
        action="store_true",
        help="with --cpu or --instructions: end each start at the first update that shows "
        "its mark (as the terminal run does), not once the app is idle",
    )
    args = parser.parse_args()
    if args.shown:
        MARKS.update({OURS: OURS_MARK, BARE: BARE_MARK})
    cols, rows = (int(n) for n in args.size.split("x"))
    if args.cpu:
        cpu_main(args.runs, (cols, rows))
        return
    if args.instructions:
        instructions_main(args.runs, (cols, rows))
        return
    ours: list[float] = []
    whole: list[float] = []  # the launcher with its fields
    bare: list[float] = []
    ours_marks, bare_marks = (OURS_MARK, OURS_FIELDS_MARK), (BARE_MARK,)
    with tempfile.TemporaryDirectory() as home:
        first_frame(OURS, ours_marks, (cols, rows), home)  # warm the file cache, .pyc files
        first_frame(BARE, bare_marks, (cols, rows), home)
        for run in range(args.runs):
            pair = [(OURS, ours_marks), (BARE, bare_marks)]
            for code, marks in pair if run % 2 == 0 else reversed(pair):
                times = first_frame(code, marks, (cols, rows), home)
                if code == OURS:
                    ours.append(times[0])
                    whole.append(times[1])
                else:
                    bare.append(times[0])
    mine, peer, full = statistics.median(ours), statistics.median(bare), statistics.median(whole)
    print(
        f"first frame in a {cols}x{rows} terminal: launcher {mine:.3f} s, bare Textual app "
        f"{peer:.3f} s: {mine / peer:.2f}x (medians of {args.runs}, alternating; launcher "
        f"min {min(ours):.3f} max {max(ours):.3f} s, bare min {min(bare):.3f} "
        f"max {max(bare):.3f} s; load average {os.getloadavg()[0]:.1f}); the launcher's "
        f"fields drawn at {full:.3f} s: {full / peer:.2f}x"
    )


if __name__ == "__main__":
    main()
