"""Provides Replay: a recorded game stepped through read-only, move by move, for review.

A `Replay` deals the record's game again and keeps one `Match` whose state it moves to
any position 0..total (0: the deal, total: the last action). Going forward applies the
next action; going back starts again from the nearest kept state (one every
`CHECKPOINT` actions), so no step costs more than that many actions. No AI runs and no
listener is told: this is post-game review. Whose view is shown is the `viewpoint`:
the public view, any seat's own (that seat's hidden cards), and first — where the engine
offers `review_view()`, a view in the same shape with every hidden card shown — "all".
An unfinished game with more than one person is replayed with the public view only.

Nothing here imports a UI library; the TUI's replay mode and `footycards replay --text`
both read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .core.contract import ReviewViews
from .match import Match
from .record import GameRecord

CHECKPOINT = 20  # a state is kept every this many actions
ALL = "all"  # the viewpoint that shows every card (engines with `review_view`)


@dataclass(frozen=True)
class Move:
    """One recorded action: its number (from 1), the seat that played it, its notation and
    the public events it logged."""

    number: int
    seat: int
    action: str
    events: list[Any]


class Replay:
    """A recorded game at a position; `goto` moves it, `match` shows it.

    Raises the record's RecordError (the game cannot be dealt) or ReplayError (naming the
    first action that no longer replays) when it is built: a replay that opens can reach
    every position.
    """

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        full = record.replay()  # checks every action once; raises RecordError/ReplayError
        log = full.state.log
        starts = [at for _seat, at in full.marks] + [len(log)]
        self.moves: list[Move] = [
            Move(n + 1, seat, action, list(log[starts[n] : starts[n + 1]]))
            for n, (action, (seat, _at)) in enumerate(zip(full.actions, full.marks, strict=True))
        ]
        self.result = full.result() if full.is_over else None
        self.match: Match = record.replay(upto=0)
        self.match.agents.clear()  # nothing decides in a replay
        self.ai_seats = {i for i, s in enumerate(record.seats) if s.ai}
        self.position = 0
        self.kept: dict[int, Any] = {0: self.match.state.clone()}
        self.viewpoint: int | str | None = None  # None: the public view; ALL: every card

    # -- where we are -------------------------------------------------------------

    @property
    def total(self) -> int:
        return len(self.moves)

    @property
    def actions(self) -> list[str]:
        return [m.action for m in self.moves]

    def current(self) -> Move | None:
        """The action that led to this position (None at the deal)."""
        return self.moves[self.position - 1] if self.position else None

    @property
    def hands_hidden(self) -> bool:
        """An unfinished game with more than one person in it: only the public view, so
        that nobody reads another player's hand in the middle of the game. Every view opens
        once the game is finished."""
        people = sum(1 for seat in self.record.seats if not seat.ai)
        return self.result is None and not self.record.finished and people > 1

    def view(self) -> dict[str, Any]:
        """The view of the current viewpoint at this position."""
        state = self.match.state
        if self.hands_hidden:
            return dict(state.public_view())
        if self.viewpoint == ALL and isinstance(state, ReviewViews):
            view: dict[str, Any] = state.review_view()
        else:
            view = state.view(self.viewpoint if isinstance(self.viewpoint, int) else None)
        return view

    def viewpoints(self) -> list[int | str | None]:
        """The views a reviewer may cycle through: public, every card (where the engine can
        show them all), then each seat's own; the public one only while `hands_hidden`."""
        points: list[int | str | None] = [None]
        if self.hands_hidden:
            return points
        if isinstance(self.match.state, ReviewViews):
            points.append(ALL)
        return [*points, *range(len(self.record.seats))]

    def next_viewpoint(self) -> int | str | None:
        points = self.viewpoints()
        self.viewpoint = points[(points.index(self.viewpoint) + 1) % len(points)]
        return self.viewpoint

    # -- moving ---------------------------------------------------------------------

    def goto(self, position: int) -> int:
        """Move to `position` (clamped to 0..total); returns the position reached."""
        position = max(0, min(self.total, position))
        if position < self.position or position - self.position > CHECKPOINT:
            start = max(k for k in self.kept if k <= position)
            state = self.kept[start].clone()
            at = start
        else:
            state = self.match.state
            at = self.position
        while at < position:
            state.apply(self.moves[at].action)
            at += 1
            if at % CHECKPOINT == 0 and at not in self.kept:
                self.kept[at] = state.clone()
        self.match.state = state
        self.match.actions = self.actions[:position]
        self.position = position
        return position

    def step(self, by: int) -> int:
        return self.goto(self.position + by)

    # -- reading ------------------------------------------------------------------------

    @classmethod
    def of_match(cls, match: Match) -> Replay:
        """The replay of a match as it stands (e.g. the game just finished)."""
        return cls(GameRecord.of(match))


def read_record(path: str) -> GameRecord:
    """A record from a file; RecordError (with the reason) or OSError when it cannot be read."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return GameRecord.from_json(text)
