"""Provides TitleBar: the screen's title and sub-title on one line at the top.

A lean stand-in for Textual's Header (four widgets): one widget drawing the same line —
the palette icon on the left (a click opens the command palette), the title and
sub-title centred (`App.format_title`, as Header shows them) — redrawn when the screen's
or the app's title or sub-title change.
"""

from __future__ import annotations

from textual import events
from textual.app import RenderResult
from textual.content import Content
from textual.widget import Widget

ICON = "⭘"
ICON_WIDTH = 8  # the icon's column on the left, as Header draws it
RIGHT_WIDTH = 10  # the clock's place on the right, kept empty as Header does


class TitleBar(Widget, can_focus=False):
    """The screen's title and sub-title (or the app's when the screen has none)."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    """

    def on_mount(self) -> None:
        # Only the screen is watched: the app's title is fixed (FootyApp.TITLE), and a
        # watch on the app would be kept by the app, and this bar with its whole screen,
        # long after the screen was closed.
        self.watch(self.screen, "title", self.title_changed, init=False)
        self.watch(self.screen, "sub_title", self.title_changed, init=False)

    def title_changed(self) -> None:
        self.refresh()

    def title_text(self) -> tuple[str, str]:
        """The title and sub-title shown: the screen's, else the app's."""
        screen = self.screen
        title = screen.title if screen.title is not None else self.app.title
        sub_title = screen.sub_title if screen.sub_title is not None else self.app.sub_title
        return title, sub_title

    def render(self) -> RenderResult:
        width = self.size.width
        middle = max(0, width - ICON_WIDTH - RIGHT_WIDTH)
        title = self.app.format_title(*self.title_text())
        icon = Content((" " + ICON).ljust(ICON_WIDTH))
        return Content.assemble(
            icon, title.center(middle, ellipsis=True), " " * RIGHT_WIDTH
        ).truncate(width)

    async def on_click(self, event: events.Click) -> None:
        """The icon opens the command palette (when the app has one)."""
        if event.x < ICON_WIDTH and self.app.ENABLE_COMMAND_PALETTE:
            event.stop()
            await self.run_action("app.command_palette")
