"""Provides the Agent protocol and the random agent that can play any game."""

from __future__ import annotations

import random
from typing import Any, Protocol, TypeVar

ViewT = TypeVar("ViewT", contravariant=True)


class Agent(Protocol[ViewT]):
    """An AI player: picks one of the legal actions from what its seat may see.

    `ViewT` is the game's view type (`StadiumView`, `QuartettView`, …).
    """

    name: str
    uses_view: bool  # False: it never reads the view (the match then builds none)
    uses_log: bool  # False: it never reads view["log"] (view(seat, log=False) will do)

    def choose(self, view: ViewT, legal_actions: list[Any], rng: random.Random) -> Any:
        """Return one element of `legal_actions`, reading only `view` (never the state)."""
        ...


class RandomAgent:
    """Plays a uniformly random legal action: the baseline for every game."""

    name = "random"
    uses_view = False  # it ignores the view, so the simulator need not build one
    uses_log = False

    def choose(self, view: object, legal_actions: list[Any], rng: random.Random) -> Any:
        return rng.choice(legal_actions)
