"""Measures the CPU time of each step of an SSH session's tour of the screens, in one process.

Usage: python benchmarks/bench_screens.py [--runs 7] [--size 100x30] [--lang en]
                                          [--idle 2] [--profile STEP] [--only STEP,...]
                                          [--json FILE]

Each run builds the app as `footycards serve` builds a session's (session.py's
`default_app` with the server's TableHub, the session's own colour system, no command
palette) and runs it on the SSH driver (footycards/ssh/driver.py) whose channel is a sink
that counts bytes: the key parser, Textual's compositor and the escape sequences written
for the client are all in the figures, as on a server. The keys are fed as a client sends
them, one step at a time, the tour of benchmarks/bench_ssh_churn.py: the launcher's first
frame, F1 rules, Esc, F2 keys, Esc, F3 statistics, Esc, F6 the join list, Esc, F5 the
host form, Esc, Ctrl+S a local Stadium game (its set-up question), Enter (the deal and
the game's first frame), q and y (leave it, back at the launcher), and the app's end
(as when the client hangs up).

A step's figure is the process CPU time (`time.process_time()`) from feeding its key to
the last byte of its screen's redraw, once the expected screen is up and nothing more has
been sent for a while; the median over --runs runs after a warm-up run (modules imported,
CSS parsed: a server's state after its first session). With --idle S, the CPU each of a
few screens takes in S seconds while nobody types (timers: cursor blink, clocks) is
measured too, per second. --profile STEP prints cProfile's top functions for that step
(summed over the runs). Nothing is written but a temporary FOOTYCARDS_HOME.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

F1, F2, F3, F5, F6 = "\x1bOP", "\x1bOQ", "\x1bOR", "\x1b[15~", "\x1b[17~"
ESC, ENTER, CTRL_S = "\x1b", "\r", "\x13"
QUIET = 0.15  # seconds without output after which a screen is taken as drawn
STEP_TIMEOUT = 20.0


@dataclass
class Sink:
    """The client's end of the channel: what was sent, and the CPU clock at the last byte."""

    sent: int = 0
    last_cpu: float = 0.0
    last_wall: float = 0.0

    def send(self, data: bytes) -> None:
        self.sent += len(data)
        self.last_cpu = time.process_time()
        self.last_wall = time.monotonic()


@dataclass
class Step:
    """One step of the tour: the key(s) fed, and the screen that shows it is done."""

    name: str
    keys: str
    done: Callable[[Any], bool]


@dataclass
class Result:
    cpu: dict[str, list[float]] = field(default_factory=dict)
    sent: dict[str, list[int]] = field(default_factory=dict)
    idle: dict[str, list[float]] = field(default_factory=dict)


def screen_is(name: str) -> Callable[[Any], bool]:
    def done(app: Any) -> bool:
        try:
            return type(app.screen).__name__ == name
        except Exception:
            return False

    return done


def tour_steps() -> list[Step]:
    launcher = screen_is("LauncherScreen")
    steps = [Step("launcher first frame", "", launcher)]
    for key, screen, what in (
        (F1, "RulesScreen", "F1 rules"),
        (F2, "KeysScreen", "F2 keys"),
        (F3, "StatsScreen", "F3 statistics"),
        (F6, "TableListScreen", "F6 join list"),
        (F5, "HostScreen", "F5 host form"),
    ):
        steps.append(Step(what, key, screen_is(screen)))
        steps.append(Step(f"Esc: launcher after {what.split(' ', 1)[1]}", ESC, launcher))
    steps += [
        Step("Ctrl+S Stadium set-up question", CTRL_S, screen_is("SetupQuestionScreen")),
        Step("Enter: deal, game's first frame", ENTER, screen_is("StadiumScreen")),
        Step("q: leave? question", "q", screen_is("ConfirmScreen")),
        Step("y: back at the launcher", "y", launcher),
    ]
    return steps


IDLE_AFTER = {
    "launcher first frame",
    "F5 host form",
    "Ctrl+S Stadium set-up question",
    "Enter: deal, game's first frame",
}


def quiet_screen(app: Any) -> bool:
    """Whether the screen on top has nothing left to lay out or draw (Textual's own flags,
    private: read only by this benchmark)."""
    screen = app.screen
    return not (
        screen._layout_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
    )


async def settle(app: Any, sink: Sink, done: Callable[[Any], bool], fed: float) -> None:
    """Wait until `done(app)`, a frame sent since the key was fed (at `fed`, monotonic),
    nothing left to draw and QUIET seconds without output. (A frame sent since `done`
    first held is not asked for: a screen may be up and drawn within one turn of the
    loop, its one frame sent before this looks.)"""
    end = time.monotonic() + STEP_TIMEOUT
    while True:
        now = time.monotonic()
        if now > end or not app.is_running and app.return_code is not None:
            error = getattr(app, "_exception", None)
            raise RuntimeError(f"the screen did not come (the app's error: {error!r})")
        if (
            sink.last_wall > fed
            and now - sink.last_wall >= QUIET
            and done(app)
            and quiet_screen(app)
        ):
            return
        await asyncio.sleep(0.01)


async def one_tour(
    hub: Any,
    number: int,
    size: tuple[int, int],
    lang: str | None,
    idle: float,
    result: Result | None,
    only: set[str] | None,
    profile: tuple[str, cProfile.Profile] | None,
) -> None:
    """One session's tour; its figures go to `result` (None: a warm-up run)."""
    from footycards.ssh.driver import Terminal, attach, detach
    from footycards.ssh.session import SessionInfo, close_app, default_app, textual_colour_system
    from footycards.tui.textual_internals import quiet_fatal_errors

    sink = Sink()
    terminal = Terminal(send=sink.send, width=size[0], height=size[1])
    info = SessionInfo(
        number=number,
        user=f"c{number}",
        peer="127.0.0.1",
        term="xterm-256color",
        colors="256",
        lang=lang,
        width=size[0],
        height=size[1],
    )
    with textual_colour_system(info.colors):
        app = default_app(info, hub)
    quiet_fatal_errors(app)
    app.use_command_palette = False
    app.ENABLE_COMMAND_PALETTE = False
    attach(app, terminal)

    def record(name: str, began: float, sent_before: int) -> None:
        if result is not None and (only is None or name in only):
            result.cpu.setdefault(name, []).append(sink.last_cpu - began)
            result.sent.setdefault(name, []).append(sink.sent - sent_before)

    steps = tour_steps()
    task: asyncio.Task[Any] | None = None
    for step in steps:
        profiler = profile[1] if profile is not None and profile[0] == step.name else None
        sent_before = sink.sent
        if profiler is not None and result is not None:
            profiler.enable()
        began = time.process_time()
        fed = time.monotonic()
        if task is None:
            task = asyncio.get_running_loop().create_task(app.run_async(size=size))
        else:
            terminal.feed(step.keys.encode())
        await settle(app, sink, step.done, fed)
        if profiler is not None and result is not None:
            profiler.disable()
        record(step.name, began, sent_before)
        if idle and step.name in IDLE_AFTER and result is not None:
            before = time.process_time()
            await asyncio.sleep(idle)
            result.idle.setdefault(step.name, []).append((time.process_time() - before) / idle)
    assert task is not None
    began = time.process_time()
    close_app(app)  # as when the client hangs up
    await asyncio.wait_for(task, STEP_TIMEOUT)
    if result is not None and (only is None or "app ends" in only):
        result.cpu.setdefault("app ends", []).append(time.process_time() - began)
        result.sent.setdefault("app ends", []).append(0)
    detach(app, terminal)


async def run(args: argparse.Namespace) -> Result:
    from footycards.paths import data_dir
    from footycards.saves import SaveStore
    from footycards.tables import TableHub

    hub = TableHub(takeover_wait=180, store=SaveStore(data_dir() / "tables"))
    size = tuple(int(part) for part in args.size.split("x"))
    assert len(size) == 2
    only = set(args.only.split(",")) if args.only else None
    profiler = cProfile.Profile() if args.profile else None
    profile = (args.profile, profiler) if profiler is not None else None
    await one_tour(hub, 0, (size[0], size[1]), args.lang, 0, None, None, None)  # warm-up
    result = Result()
    for i in range(args.runs):
        # as the server's collection policy does (footycards/ssh/memory.py): what lived
        # on is frozen, so no full collection of earlier runs' objects lands in a step
        gc.collect()
        gc.freeze()
        await one_tour(hub, i + 1, (size[0], size[1]), args.lang, args.idle, result, only, profile)
    if profiler is not None:
        print(f"== cProfile of '{args.profile}', {args.runs} runs ==")
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(args.match or ".", args.top)
        stats.sort_stats("tottime").print_stats(args.top)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--size", default="100x30")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--idle", type=float, default=0.0, help="seconds idle on a few screens")
    parser.add_argument("--profile", default="", help="a step's name (as printed)")
    parser.add_argument("--top", type=int, default=40, help="functions --profile prints")
    parser.add_argument("--match", default="", help="only functions matching this regex")
    parser.add_argument("--json", default="", help="also write every run's figures here")
    parser.add_argument("--only", default="", help="steps to report, comma-separated")
    args = parser.parse_args()
    os.environ["FOOTYCARDS_HOME"] = tempfile.mkdtemp()
    result = asyncio.run(run(args))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"cpu": result.cpu, "sent": result.sent, "idle": result.idle}, out)
    load = os.getloadavg()
    print(
        f"{args.runs} runs at {args.size}, language {args.lang}, Python "
        f"{sys.version.split()[0]}, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"
    )
    print(f"{'step':<40} {'CPU ms median':>13} {'min':>6} {'max':>6} {'KB sent':>8}")
    total = 0.0
    for name, times in result.cpu.items():
        med = statistics.median(times) * 1000
        total += med
        kb = statistics.median(result.sent[name]) / 1000
        print(f"{name:<40} {med:13.1f} {min(times) * 1000:6.1f} {max(times) * 1000:6.1f} {kb:8.1f}")
    print(f"{'the whole tour (sum of medians)':<40} {total:13.1f}")
    for name, shares in result.idle.items():
        print(f"idle on '{name}': {statistics.median(shares) * 1000:.1f} ms CPU a second")


if __name__ == "__main__":
    main()
