"""Provides `simulate`: AI-against-AI games played through the match loop, returned as plain
data (`SimResult`) for the command line, a benchmark or a test to use.

No UI library here: the CLI prints the result (`footycards sim`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .match import Match
from .registry import GameSpec, SimTable
from .seats import SeatSpec


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


def simulate(
    spec: GameSpec,
    seats: list[SeatSpec],
    count: int,
    seed: int,
    opts: dict,
    on_game: Callable[[], None] | None = None,
) -> SimResult:
    """Play `count` AI games of `spec` (seeds `seed`, `seed + 1`, …), rotating the seats
    so nobody keeps the first move; `on_game` is called after each game. Ctrl+C stops the
    run and returns the figures of the games finished so far (`stopped`)."""
    mode = None
    if spec.mode_option:
        mode = str(opts.get(spec.mode_option, spec.option(spec.mode_option).default))
    result = SimResult(spec.name, mode, list(seats), count, [0.0] * len(seats))
    report = spec.new_sim_report()  # the game's own figures, if it has any
    start = time.perf_counter()
    try:
        for i in range(count):
            shift = i % len(seats)  # rotate the seats: nobody keeps the first move
            match = Match.start(spec.id, seats[shift:] + seats[:shift], seed + i, dict(opts))
            n = len(match.run_ai())
            res = match.result()
            for w in res["winners"]:
                result.wins[(w + shift) % len(seats)] += 1 / len(res["winners"])
            result.lengths.append(n)
            if report is not None:
                report.add(match.public_view(), n)
            result.actions += n
            if on_game is not None:
                on_game()
    except KeyboardInterrupt:
        result.stopped = True  # Ctrl+C: the figures of the games finished so far
    result.elapsed = time.perf_counter() - start
    if report is not None and result.played:
        result.tables = report.tables()
    return result
