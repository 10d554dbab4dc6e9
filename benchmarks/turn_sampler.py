"""Provides the churn soak's turn sampler: what each long turn of the server's event loop
ran (`BENCH_CHURN_TURNS=FILE python benchmarks/bench_ssh_churn.py ...`).

Installed in the benchmark's server process only, before its loop starts. It wraps the
loop's turn (`BaseEventLoop._run_once`) and each callback it runs (`Handle._run`), a
diagnostic's privilege over asyncio's private names, and times both. When the server
stops (SIGTERM), FILE gets the count of turns over each of a few lengths and the longest
turns, each with its callbacks grouped by what they run (a task's coroutine, else the
callback) with their count and time. A timer on the loop is late by the rest of the turn
it falls due in and the part of the next before its task runs: two long turns in a row
make one long pause.
"""

from __future__ import annotations

import asyncio
import asyncio.base_events
import os
import signal
import time
from collections import defaultdict
from typing import Any

KEPT = 40  # the longest turns written out
LONG = 0.08  # a turn at least this long is kept (seconds)
BOUNDS = (0.05, 0.08, 0.1, 0.15, 0.2)


def _name(handle: asyncio.Handle) -> str:
    callback: Any = handle._callback  # type: ignore[attr-defined]
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        coro: Any = owner.get_coro()
        name = str(getattr(coro, "__qualname__", repr(coro)))
        frame = getattr(coro, "cr_frame", None)
        pump = frame.f_locals.get("self") if frame is not None else None
        if name == "MessagePump._process_messages" and pump is not None:
            return f"{name} of {type(pump).__name__}"  # whose messages: a screen, a widget
        return name
    return str(getattr(callback, "__qualname__", repr(callback)))


class TurnSampler:
    def __init__(self, path: str) -> None:
        self.path = path
        self.current: list[tuple[float, asyncio.Handle]] = []
        self.kept: list[tuple[float, list[tuple[str, int, float]]]] = []
        self.over = [0] * len(BOUNDS)
        self.turns = 0

    def install(self) -> None:
        run = asyncio.Handle._run
        run_once = asyncio.base_events.BaseEventLoop._run_once  # type: ignore[attr-defined]
        current = self.current

        def timed_run(handle: asyncio.Handle) -> None:
            began = time.perf_counter()
            run(handle)
            current.append((time.perf_counter() - began, handle))

        def timed_turn(loop: asyncio.AbstractEventLoop) -> None:
            current.clear()
            began = time.perf_counter()
            run_once(loop)
            self.note(time.perf_counter() - began)

        asyncio.Handle._run = timed_run  # type: ignore[method-assign]
        asyncio.base_events.BaseEventLoop._run_once = timed_turn  # type: ignore[attr-defined]
        signal.signal(signal.SIGTERM, self.write_and_exit)

    def note(self, took: float) -> None:
        self.turns += 1
        for i, bound in enumerate(BOUNDS):
            if took > bound:
                self.over[i] += 1
        if took < LONG:
            return
        groups: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
        for spent, handle in self.current:
            group = groups[_name(handle)]
            group[0] += 1
            group[1] += spent
        top = sorted(groups.items(), key=lambda item: -item[1][1])[:8]
        self.kept.append((took, [(name, int(n), s) for name, (n, s) in top]))
        if len(self.kept) > 4 * KEPT:
            self.kept.sort(key=lambda item: -item[0])
            del self.kept[KEPT:]

    def write_and_exit(self, *_args: object) -> None:
        with open(self.path, "w", encoding="utf-8") as out:
            counts = ", ".join(
                f"{n} over {b * 1000:.0f} ms" for n, b in zip(self.over, BOUNDS, strict=True)
            )
            out.write(f"{self.turns} turns: {counts}\n")
            for took, top in sorted(self.kept, key=lambda item: -item[0])[:KEPT]:
                out.write(f"turn of {took * 1000:.0f} ms\n")
                for name, n, spent in top:
                    out.write(f"  {n:5d} callbacks {spent * 1000:7.1f} ms  {name}\n")
        os._exit(0)


def install(path: str) -> None:
    """Time every turn of the loop from now on; FILE is written at SIGTERM."""
    TurnSampler(path).install()
