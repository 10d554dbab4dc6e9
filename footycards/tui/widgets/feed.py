"""Provides MatchFeed: the scrolling list of public match events."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class MatchFeed(RichLog):
    """Shows the game's public log; `sync(log)` appends only the new entries."""

    DEFAULT_CSS = """
    MatchFeed { height: 1fr; border: round $secondary; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, **kwargs)
        self.shown = 0

    def sync(self, log: list[str]) -> None:
        """Write the log entries that are not on screen yet."""
        if len(log) < self.shown:
            self.clear()
            self.shown = 0
        for line in log[self.shown :]:
            self.write(Text("• " + line))
        self.shown = len(log)
