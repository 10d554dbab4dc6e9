"""Provides the exceptions the engines raise."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action or notation the current state does not allow; the state is left unchanged."""


class OptionError(ValueError):
    """A game option (players, table size, deal, dice …) that cannot start a game."""


class DeckError(ValueError):
    """A deck file that cannot be used: names the file, the entry and the problem."""

    def __init__(self, file: str, entry: str, problem: str) -> None:
        self.file = file
        self.entry = entry
        self.problem = problem
        where = f"{file}: {entry}: " if entry else f"{file}: "
        super().__init__(where + problem)
