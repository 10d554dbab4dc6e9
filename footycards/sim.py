"""Provides `simulate`: AI-against-AI games played through the match loop, returned as plain
data (`SimResult`) for the command line, a benchmark or a test to use.

Games can be shared over worker processes (`workers`): game g is always played on seed
`seed + g` with the seats rotated by g, and the outcomes and the game's own report are
put together in game order, so the figures do not depend on the number of workers.

No UI library here: the CLI prints the result (`footycards sim`).
"""

from __future__ import annotations

import math
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from .match import Match
from .registry import GameSpec, SimReport, SimTable, get_spec
from .seats import SeatSpec

if TYPE_CHECKING:
    from multiprocessing.pool import Pool


class MergingReport(SimReport, Protocol):
    """A game's `sim_report` (see `registry.SimReport`) as `simulate` uses it: each worker
    counts its own games, and the reports are merged in game order: `merge` adds another
    report's (later) games to this one's. It is pickled between processes: plain data."""

    def merge(self, other: Any) -> None: ...


MAX_WORKERS = 256  # more processes than this is a typing error, not a machine


def available_cores() -> int:
    """The CPU cores this process may run on (the default number of workers)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


@dataclass
class SimResult:
    """The figures of a run of AI games; seats are numbered as given (they rotate per game)."""

    game: str  # the game's name
    mode: str | None  # the mode played, for a game that has modes
    seats: list[SeatSpec]
    asked: int  # games asked for
    wins: list[float]  # per seat; a shared win counts 1/winners
    lengths: list[int] = field(default_factory=list)  # actions of each game played
    actions: int = 0
    elapsed: float = 0.0  # seconds
    stopped: bool = False  # Ctrl+C before every game was played
    tables: list[SimTable] = field(default_factory=list)  # the game's own `sim_report`
    workers: int = 1  # processes the games were shared over

    @property
    def played(self) -> int:
        return len(self.lengths)

    def win_rate(self, seat: int) -> float:
        """Seat `seat`'s share of the games played, in per cent."""
        return 100 * self.wins[seat] / self.played if self.played else 0.0

    @property
    def mean_length(self) -> float:
        return sum(self.lengths) / self.played if self.played else 0.0

    @property
    def longest(self) -> int:
        return max(self.lengths, default=0)

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.elapsed if self.elapsed else 0.0

    @property
    def games_per_second(self) -> float:
        return self.played / self.elapsed if self.elapsed else 0.0


@dataclass(frozen=True)
class Outcome:
    """One game played: the winning seats (numbered as given to `simulate`) and its actions."""

    winners: tuple[int, ...]
    actions: int


@dataclass
class Batch:
    """Games `first` … `first + len(outcomes) - 1` of a run, played in one process."""

    first: int
    outcomes: list[Outcome]
    report: MergingReport | None  # the game's own figures over these games
    stopped: bool = False  # a KeyboardInterrupt ended the batch early


@dataclass(frozen=True)
class BatchJob:
    """What a worker process needs to play a batch (plain data: it is pickled)."""

    game: str  # the registry id
    seats: list[SeatSpec]
    first: int
    count: int
    seed: int
    opts: dict


def play_batch(job: BatchJob, on_game: Callable[[], None] | None = None) -> Batch:
    """Play games `job.first` … of a run: game g on seed `job.seed + g`, the seats rotated by
    g so nobody keeps the first move. A KeyboardInterrupt ends the batch (`stopped`)."""
    spec = get_spec(job.game)
    seats = job.seats
    batch = Batch(job.first, [], cast("MergingReport | None", spec.new_sim_report()))
    try:
        for g in range(job.first, job.first + job.count):
            shift = g % len(seats)
            match = Match.start(
                spec.id, seats[shift:] + seats[:shift], job.seed + g, dict(job.opts)
            )
            n = len(match.run_ai())
            winners = match.result()["winners"]
            batch.outcomes.append(Outcome(tuple((w + shift) % len(seats) for w in winners), n))
            if batch.report is not None:
                batch.report.add(match.public_view(), n)
            if on_game is not None:
                on_game()
    except KeyboardInterrupt:
        batch.stopped = True
    return batch


def ignore_ctrl_c() -> None:
    """A worker leaves Ctrl+C to the parent process, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def batch_size(count: int, workers: int) -> int:
    """Games per batch: about eight batches per worker (so the workers stay busy to the end
    and the progress moves), at most 25 games each."""
    return max(1, min(25, math.ceil(count / (workers * 8))))


def new_pool(workers: int) -> Pool:
    """`workers` processes that leave Ctrl+C to this one; forked where the system can (they
    start at once and know the registry as this process has it)."""
    import multiprocessing  # here: only a run with workers needs it (start-up time)

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    return context.Pool(workers, initializer=ignore_ctrl_c)


def simulate(
    spec: GameSpec,
    seats: list[SeatSpec],
    count: int,
    seed: int,
    opts: dict,
    on_game: Callable[[], None] | None = None,
    workers: int = 1,
) -> SimResult:
    """Play `count` AI games of `spec` (seeds `seed`, `seed + 1`, …), rotating the seats
    so nobody keeps the first move; `on_game` is called after each game. With `workers`
    above 1 the games are shared over that many processes (the figures are the same).
    Ctrl+C stops the run and returns the figures of the games finished so far (`stopped`)."""
    if not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers must be from 1 to {MAX_WORKERS}, not {workers}")
    mode = None
    if spec.mode_option:
        mode = str(opts.get(spec.mode_option, spec.option(spec.mode_option).default))
    workers = max(1, min(workers, count))
    result = SimResult(spec.label, mode, list(seats), count, [0.0] * len(seats), workers=workers)
    batches: list[Batch] = []
    start = time.perf_counter()
    if workers == 1:
        batches.append(play_batch(BatchJob(spec.id, list(seats), 0, count, seed, opts), on_game))
    else:
        size = batch_size(count, workers)
        jobs = [
            BatchJob(spec.id, list(seats), first, min(size, count - first), seed, opts)
            for first in range(0, count, size)
        ]
        try:
            with new_pool(workers) as pool:  # leaving the block ends the processes
                for batch in pool.imap_unordered(play_batch, jobs):  # as they finish
                    batches.append(batch)
                    for _ in batch.outcomes:
                        if on_game is not None:
                            on_game()
                    if batch.stopped:
                        break
        except KeyboardInterrupt:
            result.stopped = True  # Ctrl+C: the figures of the batches finished so far
    result.elapsed = time.perf_counter() - start
    collect(result, sorted(batches, key=lambda b: b.first))
    return result


def collect(result: SimResult, batches: list[Batch]) -> None:
    """Add the batches' games to `result` in game order, and merge their reports."""
    report: MergingReport | None = None
    for batch in batches:
        result.stopped = result.stopped or batch.stopped
        for outcome in batch.outcomes:
            for w in outcome.winners:
                result.wins[w] += 1 / len(outcome.winners)
            result.lengths.append(outcome.actions)
            result.actions += outcome.actions
        if batch.report is not None:
            if report is None:
                report = batch.report
            else:
                report.merge(batch.report)
    if report is not None and result.played:
        result.tables = report.tables()
