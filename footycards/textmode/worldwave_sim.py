"""Provides World Wave's own figures for `footycards sim`: a per-character table (games, win
rate, goals), the first team's win rate, and turns and actions per match.

`sim` finds it through the registry (`GameSpec.sim_report`), feeds it the public view of
every finished match, and prints its tables after the win rates of the seats.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.worldwave import ROSTER
from ..i18n import _, format_number, pgettext
from ..registry import SimTable
from .worldwave import character_name


class WorldWaveReport:
    """Counts, over the matches of a `sim` run, each character's games, wins and goals."""

    def __init__(self) -> None:
        self.games: Counter[str] = Counter()
        self.wins: dict[str, float] = {}  # a draw counts half
        self.goals: Counter[str] = Counter()
        self.matches = 0
        self.first_team = 0.0  # team A: seat 1's
        self.draws = 0
        self.turns = 0
        self.actions = 0

    def add(self, view: dict[str, Any], actions: int) -> None:
        """One finished match: its final public view and how many actions it took."""
        winners = view["result"]["winners"]
        draw = len({s % 2 for s in winners}) != 1
        chars = [info["character"] for info in view["seats"]]
        for seat, cid in enumerate(chars):
            self.games[cid] += 1
            share = 0.5 if draw else float(seat in winners)
            self.wins[cid] = self.wins.get(cid, 0.0) + share
        for e in view["log"]:
            if e["event"] == "goal":
                self.goals[chars[e["seat"]]] += 1
        self.matches += 1
        self.draws += draw
        self.first_team += 0.5 if draw else float(0 in winners)
        self.turns += view["turn_number"]
        self.actions += actions

    def merge(self, other: WorldWaveReport) -> None:
        """Add the matches `other` counted (played after this report's: a worker's share)."""
        self.games.update(other.games)
        for cid, share in other.wins.items():
            self.wins[cid] = self.wins.get(cid, 0.0) + share
        self.goals.update(other.goals)
        self.matches += other.matches
        self.first_team += other.first_team
        self.draws += other.draws
        self.turns += other.turns
        self.actions += other.actions

    def tables(self) -> list[SimTable]:
        """The per-character table, with the match figures as its notes."""
        if not self.matches:
            return []
        rows = []
        for cid in sorted(self.games, key=lambda c: -self.wins[c] / self.games[c]):
            n = self.games[cid]
            rows.append(
                (
                    character_name(cid),
                    ROSTER[cid].position,
                    str(n),
                    format_number(100 * self.wins[cid] / n, decimals=1) + " %",
                    format_number(self.goals[cid] / n, decimals=2),
                )
            )
        m = self.matches
        notes = (
            _("First team (seat 1's) win rate: {a} %; draws: {d} %").format(
                a=format_number(100 * self.first_team / m, decimals=1),
                d=format_number(100 * self.draws / m, decimals=1),
            ),
            _("Per match: {t} turns, {a} actions").format(
                t=format_number(self.turns / m, decimals=1),
                a=format_number(self.actions / m, decimals=1),
            ),
        )
        return [
            SimTable(
                title=_("World Wave characters over {n} matches").format(n=m),
                columns=(
                    _("Character"),
                    _("Pos"),
                    pgettext("matches played", "Games"),
                    _("Win rate"),
                    _("Goals/game"),
                ),
                rows=tuple(rows),
                caption=_("a draw counts half; goals are the character's own shots"),
                notes=notes,
            )
        ]
