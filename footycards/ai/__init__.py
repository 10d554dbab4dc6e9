"""Provides the AI players and `make_agent`, which builds one for a game and a level."""

from __future__ import annotations

from .base import Agent, RandomAgent

LEVELS = ("random", "easy", "normal", "hard")


def make_agent(game_id: str, level: str = "normal") -> Agent:
    """Return a fresh agent for one seat of `game_id` at `level` (random/easy/normal/hard)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level '{level}'; levels are: {', '.join(LEVELS)}")
    if level == "random":
        return RandomAgent()
    if game_id == "stadium":
        from .stadium import StadiumAgent

        return StadiumAgent(level)
    if game_id == "quartett":
        from .quartett import QuartettAgent

        return QuartettAgent(level)
    return RandomAgent()


__all__ = ["Agent", "RandomAgent", "make_agent", "LEVELS"]
