"""Provides the AI players' protocol, the random agent and the AI levels.

Each game's agents live in their own module (`footycards.ai.<game>`); the game registry
names them per level, and `footycards.match.make_agent` builds one.
"""

from __future__ import annotations

from .base import Agent, RandomAgent

LEVELS = ("random", "easy", "normal", "hard", "master")  # master: footycards.ai.master

__all__ = ["Agent", "RandomAgent", "LEVELS"]
