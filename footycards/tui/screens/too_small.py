"""Provides TooSmallScreen: shown instead of a broken layout when the terminal is too small.

Screens call `check_size` on every resize; the notice says what size is needed and goes
away by itself once the terminal is large enough.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Resize
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ...i18n import N_, _
from ..translate import translate_bindings

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


class TooSmallScreen(ModalScreen[None]):
    """Covers everything while the terminal is smaller than the game needs."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background 100%; }
    TooSmallScreen > Vertical { width: 100%; height: auto; padding: 0 1; }
    TooSmallScreen Static { width: 100%; content-align: center middle; text-align: center; }
    """
    BINDINGS = [Binding("ctrl+q", "app.quit", N_("Quit"), id="small.quit")]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="need", markup=False)

    def on_mount(self) -> None:
        self.show_size(self.app.size)
        # the terminal may have grown while the notice was on its way (two resizes in a row)
        self.call_after_refresh(self.leave_if_room)

    def on_screen_resume(self) -> None:
        self.leave_if_room()  # back on top (a help screen closed): the terminal may be larger

    def leave_if_room(self) -> None:
        """Go once the terminal is large enough; only from the top (`is_current` is true
        below a modal too, and dismissing from below would pop the screen on top)."""
        if not too_small(self.app.size) and self.app.screen is self:
            self.dismiss(None)

    def show_size(self, size: Size) -> None:
        self.query_one("#need", Static).update(
            _(
                "The terminal is too small: {w}×{h}. footycards needs at least {mw}×{mh}; "
                "please make the window larger (Ctrl+Q quits)."
            ).format(w=size.width, h=size.height, mw=MIN_WIDTH, mh=MIN_HEIGHT)
        )

    def on_resize(self, event: Resize) -> None:
        if too_small(event.size):
            self.show_size(event.size)
        else:
            self.leave_if_room()


def check_size(screen: Screen, size: Size) -> None:
    """Cover `screen` with the notice while `size` is too small (if it is the current one)."""
    # `app.screen is screen`, not `is_current`: a screen under a modal (this notice among
    # them) is current too, and a second resize must not push a second notice
    if too_small(size) and screen.app.screen is screen:
        screen.app.push_screen(TooSmallScreen())
