"""Provides MatchFeed: the scrolling list of public match events.

The feed keeps its history as data — each entry's words and their lines wrapped to the
feed's width, as plain strings — and draws only the lines on screen when asked for them
(Textual caches those few). A RichLog, which it replaced, kept every line of a game as a
rendered strip with caches of its own: memory that grew with every move of every session.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .packing import wrapped_lines

MIN_WIDTH = 20  # lines are wrapped to at least this many columns (a narrow feed scrolls)


class MatchFeed(ScrollView, can_focus=True):
    """Shows the game's public log; `sync(log, describe)` appends only the new entries and
    scrolls to the end."""

    DEFAULT_CSS = """
    MatchFeed {
        height: 1fr;
        border: round $secondary;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
        overflow-x: hidden;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.shown = 0  # log entries shown so far
        self.entries: list[str] = []  # each entry's words, as shown
        self.lines: list[str] = []  # the entries wrapped to `wrap_width`
        self.wrap_width = 0  # 0: not laid out yet (wrapped when the size is known)
        self.seen_height = 0  # the height the lines were last shown in

    def sync(self, log: list[Any], describe: Callable[[Any], str]) -> None:
        """Write the log entries that are not on screen yet, each in words by `describe`."""
        if len(log) < self.shown:
            self.clear()
        new = ["• " + describe(entry) for entry in log[self.shown :]]
        self.shown = len(log)
        if not new:
            return
        self.entries.extend(new)
        if self.wrap_width:
            for entry in new:
                self.lines.extend(self.wrap(entry, self.wrap_width))
            self.lines_changed()

    def clear(self) -> None:
        """Forget every entry (the log was replaced by a shorter one: an undo, a replay)."""
        self.shown = 0
        self.entries.clear()
        self.lines.clear()
        self.lines_changed()

    def wrap(self, entry: str, width: int) -> list[str]:
        """An entry's lines at `width` columns (by cells: wide characters count twice)."""
        lines = wrapped_lines(Text(entry), self.app.console, width)  # no line starts with 。
        return [line.plain.rstrip() for line in lines] or [""]

    def lines_changed(self) -> None:
        """The lines changed: new scroll range, the end in view, the lines drawn again."""
        self.virtual_size = Size(self.wrap_width, len(self.lines))
        self.scroll_end(animate=False, x_axis=False)  # once laid out: the end is known then
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        """A new size: wrap again when the width changed; and when the feed showed its end
        (as it does unless someone scrolled up), it shows the end again, so a feed that
        got lower (a panel above it grew) never hides the newest entry's last lines."""
        following = self.scroll_offset.y + self.seen_height >= len(self.lines)
        self.seen_height = self.scrollable_content_region.height
        width = max(MIN_WIDTH, self.scrollable_content_region.width)
        if width != self.wrap_width:
            self.wrap_width = width
            self.lines = [line for entry in self.entries for line in self.wrap(entry, width)]
            self.lines_changed()
        elif following:
            self.scroll_end(animate=False, x_axis=False)

    def render_line(self, y: int) -> Strip:
        """Screen line `y` of the feed: one wrapped line, made only when drawn."""
        width = self.scrollable_content_region.width
        style = self.visual_style.rich_style
        index = self.scroll_offset.y + y
        if not 0 <= index < len(self.lines):
            return Strip.blank(width, style)
        return Strip([Segment(self.lines[index], style)]).crop_extend(0, width, style)
