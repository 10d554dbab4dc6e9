"""Provides seat specifications ("Ann,Bob,ai:normal") and the Table that seats agents at a game.

The Table is what the TUI, the text mode and the simulator share: a game state, the
names of its seats, and an AI agent for every AI seat. It never shows a state to an
agent, only `view(seat)`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .ai import LEVELS, make_agent
from .core import get_game
from .i18n import _


@dataclass(frozen=True)
class SeatSpec:
    """One seat: a human with a name, or an AI player with a level."""

    name: str
    ai: str | None = None  # None for a human, else an AI level

    @property
    def is_human(self) -> bool:
        return self.ai is None

    def __str__(self) -> str:
        return f"ai:{self.ai}" if self.ai else self.name


def parse_players(text: str) -> list[SeatSpec]:
    """Parse a seat list such as "Ann,Bob,ai:normal"; ValueError with a clear message."""
    seats: list[SeatSpec] = []
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise ValueError(_("players: give a comma-separated list such as 'Ann,Bob,ai:normal'"))
    ai_count: dict[str, int] = {}
    for p in parts:
        if p.lower().startswith("ai:") or p.lower() == "ai":
            level = p[3:].strip().lower() if ":" in p else "normal"
            if level not in LEVELS:
                raise ValueError(
                    _("unknown AI level '{level}'; levels are: {levels}").format(
                        level=level, levels=", ".join(LEVELS)
                    )
                )
            ai_count[level] = ai_count.get(level, 0) + 1
            seats.append(SeatSpec(ai_label(level, ai_count[level]), level))
        else:
            seats.append(SeatSpec(p))
    return seats


def ai_label(level: str, n: int = 1) -> str:
    """A display name for an AI seat, e.g. 'AI normal' or 'AI normal 2'."""
    base = _("AI {level}").format(level=level)
    return base if n == 1 else f"{base} {n}"


@dataclass
class Table:
    """A game being played: the state, the seats, and one agent per AI seat."""

    game_id: str
    seats: list[SeatSpec]
    state: Any
    seed: int | None = None
    options: dict = field(default_factory=dict)
    agents: dict[int, Any] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)

    @classmethod
    def start(
        cls,
        game_id: str,
        seats: list[SeatSpec],
        seed: int | None = None,
        options: dict | None = None,
    ) -> Table:
        """Deal a new game for these seats (names go to the engine for its log)."""
        game = get_game(game_id)
        opts = dict(options or {})
        opts.setdefault("names", [s.name for s in seats])
        state = game.new_game(players=len(seats), seed=seed, options=opts)
        agents = {i: make_agent(game_id, s.ai) for i, s in enumerate(seats) if s.ai}
        return cls(game_id, seats, state, seed, opts, agents, random.Random(seed))

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def is_ai(self, seat: int | None) -> bool:
        return seat is not None and seat in self.agents

    def ai_action(self) -> Any:
        """Ask the agent of the seat to move for its action (from its view only)."""
        seat = self.state.to_move
        agent = self.agents[seat]
        view = self.state.view(seat) if getattr(agent, "uses_view", True) else {}
        return agent.choose(view, self.state.legal_actions(), self.rng)

    def play_ai(self) -> Any:
        """Let the AI seat to move play one action; returns the action."""
        action = self.ai_action()
        self.state.apply(action)
        return action

    def restart(self) -> Table:
        """A new game with the same seats and options (a fresh seed)."""
        seed = random.SystemRandom().getrandbits(31)
        opts = {k: v for k, v in self.options.items() if k not in ("deal", "dice")}
        return Table.start(self.game_id, self.seats, seed, opts)
