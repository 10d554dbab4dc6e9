"""Provides RemovalRedraws: the top screen is not laid out and drawn whole a second time
when a screen it replaced or uncovered has been removed.

When a screen leaves the stack (Esc back to the launcher, a dialog answered, a screen
switched for another), Textual resumes the screen now on top, which repaints it whole,
and removes the screen that left; once that removal is done it asks the app to lay out
and repaint the top screen again (`App.refresh(layout=True)`), at the size it already
has. On an SSH server that was a second full frame on every Esc (about 9 KB to the
client and the CPU of a layout and a frame, on the event loop every session shares:
benchmarks/bench_screens.py). The removed screen was a screen of its own: nothing of the
top screen's layout depends on it, and whatever the top screen itself changes asks for
its own layout. So FootyApp's `refresh` spares that one refresh when the screen on top is
the one that was on top when the removal began, or one pushed over it since (the set-up
question answered, the game's screen pushed), and is laid out at the app's size already
(a size changed meanwhile, or that screen gone, and the refresh goes through).

Public API only: the removals are heard through `App.screen_change_signal`
(tui/screen_watch.py), `App.refresh` is public, and a refresh asked for after the app
comes back from a suspend (`App.app_resume_signal`) is never spared. That Textual asks
for this refresh after a removal, and only then, is checked by
tests/tui/test_removal_redraw.py.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary, ref

from textual.app import App
from textual.screen import Screen


class RemovalRedraws:
    """The screens being removed, each with the screen that was on top when it left
    (weakly both: a removed screen is never kept by this)."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.tops: WeakKeyDictionary[Screen[Any], ref[Screen[Any]]] = WeakKeyDictionary()

    def listen(self) -> None:
        """Forget every removal when the app comes back from a suspend (its refresh then
        redraws a terminal that lost the screen). Call once the app runs."""
        self.app.app_resume_signal.subscribe(self.app, self.forget, immediate=True)

    def dropped(self, screen: Screen[Any]) -> None:
        """`screen` left the stack and is about to be removed (DroppedScreens tells)."""
        stack = self.app.screen_stack
        if stack:
            self.tops[screen] = ref(stack[-1])

    def forget(self, _app: object = None) -> None:
        self.tops.clear()

    def spared(self) -> bool:
        """Whether a whole refresh asked for now is the one after a removal that the
        screen on top does not need: it was on top when the removal began, or was pushed
        over that one since (its own first layout draws it), and it is laid out at the
        app's size."""
        if not self.tops:
            return False
        stack = self.app.screen_stack
        if not stack or stack[-1].outer_size != self.app.size:
            return False
        return any(was() in stack for was in self.tops.values())
