"""Provides MatchFeed: the scrolling list of public match events."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.widgets import RichLog


class MatchFeed(RichLog):
    """Shows the game's public log; `sync(log, describe)` appends only the new entries."""

    DEFAULT_CSS = """
    MatchFeed { height: 1fr; border: round $secondary; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, **kwargs)
        self.shown = 0

    def sync(self, log: list[Any], describe: Callable[[Any], str]) -> None:
        """Write the log entries that are not on screen yet, each in words by `describe`."""
        if len(log) < self.shown:
            self.clear()
            self.shown = 0
        for entry in log[self.shown :]:
            self.write(Text("• " + describe(entry)))
        self.shown = len(log)
