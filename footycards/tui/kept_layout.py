"""Provides KeptLayout: a screen mixin that spares a screen laying itself out again at the
size it is already laid out at.

Textual lays a screen out again (`Screen._screen_resized`) each time the screen on top
gets a Resize event, and every screen that shows under it with it: when a screen is
pushed, its first layout sends it a Resize at the size it was just laid out at, so the
new screen is laid out twice and every screen beneath it (the launcher under the rules,
a game under its leave question) once more, all at the app's unchanged size, before the
new screen's widgets ask for the layout they need. On an SSH server that was a reflow of
the screens beneath on every screen opened, on the event loop every session shares
(benchmarks/bench_screens.py). A screen with this mixin keeps its layout when the size
is the one it is laid out at and no layout is pending (as Textual itself does when a
screen comes back: it lays it out only when the app's size differs); any other resize
goes to Textual. What a widget changes asks for its own layout, as ever.

`Screen._screen_resized` is private: its name and use are checked by
tests/tui/test_textual_internals.py, the pending layout is read through
footycards/tui/textual_internals.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.geometry import Size

from .textual_internals import layout_pending

if TYPE_CHECKING:
    from textual.screen import Screen

    _Base = Screen[Any]
else:
    _Base = object


class KeptLayout(_Base):
    """Put before the Textual screen class (StyledOnce has it already)."""

    def _screen_resized(self, size: Size) -> None:
        if self.outer_size == size and not layout_pending(self):
            return  # laid out at this size already, nothing changed since
        super()._screen_resized(size)
