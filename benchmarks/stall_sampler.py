"""Provides the churn soak's stall sampler: what the server's event loop was running when it
was late (`BENCH_CHURN_STALLS=FILE python benchmarks/bench_ssh_churn.py ...`).

Installed in the benchmark's server process only. A coroutine on the loop beats every
10 ms; a thread looks every 5 ms and, while the beat is more than `late` seconds old,
samples the loop thread's stack (`sys._current_frames`, a diagnostic's privilege). When a
stall of more than `report` seconds ends, FILE gets its length and its most frequent
stacks (innermost frames last). A stall with no sample held the interpreter throughout
(a C call: a collection, or code that switched other threads off, as `reclaim` does).
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections import Counter
from typing import TextIO

DEPTH = 14  # frames kept of each sample, innermost


def _stack(frame: object) -> tuple[str, ...]:
    names = []
    while frame is not None and len(names) < DEPTH:
        code = frame.f_code  # type: ignore[attr-defined]
        path = code.co_filename.rsplit("/site-packages/", 1)[-1].rsplit("/footycards/", 1)[-1]
        names.append(f"{path}:{frame.f_lineno} {code.co_name}")  # type: ignore[attr-defined]
        frame = frame.f_back  # type: ignore[attr-defined]
    return tuple(reversed(names))


class StallSampler:
    def __init__(self, out: TextIO, late: float = 0.06, report: float = 0.15) -> None:
        self.out = out
        self.late = late
        self.report = report
        self.beat = time.perf_counter()
        self.loop_thread = threading.get_ident()
        self.samples: Counter[tuple[str, ...]] = Counter()
        self.began = 0.0

    async def beating(self) -> None:
        while True:
            self.beat = time.perf_counter()
            await asyncio.sleep(0.01)

    def watch(self) -> None:
        while True:
            time.sleep(0.005)
            now = time.perf_counter()
            if now - self.beat > self.late:
                if not self.began:
                    self.began = self.beat
                frame = sys._current_frames().get(self.loop_thread)
                if frame is not None:
                    self.samples[_stack(frame)] += 1
                frame = None
            elif self.began:
                took = self.beat - self.began
                if took >= self.report:
                    self.write(took)
                self.began = 0.0
                self.samples.clear()

    def write(self, took: float) -> None:
        total = sum(self.samples.values())
        self.out.write(f"== stall of {took * 1000:.0f} ms, {total} samples\n")
        if not total:
            self.out.write("  no sample: the interpreter was held throughout\n")
        for stack, n in self.samples.most_common(3):
            self.out.write(f"  {n} samples:\n")
            for line in stack:
                self.out.write(f"    {line}\n")
        self.out.flush()


def install(path: str) -> None:
    """Start sampling in this process (call on the loop's thread, with the loop running)."""
    sampler = StallSampler(open(path, "w", encoding="utf-8"))  # noqa: SIM115 (for the process)
    asyncio.get_running_loop().create_task(sampler.beating())
    threading.Thread(target=sampler.watch, daemon=True, name="stall-sampler").start()
