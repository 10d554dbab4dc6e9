"""Provides StyledOnce: a screen mixin that spares a new screen Textual's second styling
of every widget it has.

Textual styles each widget when it is mounted, and again, every widget of the screen,
when a screen is pushed or switched to (its `ScreenResume` event asks for it: a screen
that comes back may have missed a change of the stylesheet or theme while it was away).
A screen seen for the first time has missed nothing but its own node's styling
(Textual styles the screen before it reads the screen's CSS file, when that is new to
the app): its widgets are styled as they mount, after the event was sent. On an SSH
server that second styling, on every screen a session opens, was about a twentieth of
the CPU of a session touring the screens (benchmarks/bench_screens.py), on the event
loop every session shares. A screen with this mixin is styled on its own when it is
pushed (it has no widgets yet) and asks for the whole restyle only when it comes back
(public API only: the event's own `refresh_styles`).

The mixin is not a Textual node class, so it changes neither the screen's CSS type names
nor the order of its DEFAULT_CSS. It brings KeptLayout along (tui/kept_layout.py): such a
screen is not laid out again at the size it is laid out at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.message import Message

from .kept_layout import KeptLayout

if TYPE_CHECKING:
    from textual.screen import Screen

    _Base = Screen[Any]
else:
    _Base = object


class StyledOnce(KeptLayout, _Base):
    """Put before the Textual screen class: `class RulesScreen(StyledOnce, ModalScreen)`."""

    def post_message(self, message: Message) -> bool:
        if (
            isinstance(message, events.ScreenResume)
            and message.refresh_styles
            and not self.is_mounted  # pushed for the first time: no widgets yet
        ):
            self.update_node_styles(animate=False)  # the screen alone, with its CSS file
            message = events.ScreenResume(refresh_styles=False)
        return super().post_message(message)
