"""Provides DroppedScreens: tells of each screen an app is about to remove, through
Textual's public API only (instead of overriding the private `App._replace_screen`).

A screen leaves an app when it leaves the screen stack (popped, dismissed, switched
away) and is not installed: Textual then removes it. Its `Unmount` event comes too late
for what the SSH server frees (footycards/ssh/reclaim.py walks the screen's widgets
first): by then Textual has pruned its children and emptied their caches. Every change
of the stack publishes the public `App.screen_change_signal` at once, before the removal
begins; an immediate subscriber compares the stack with the one it saw last, and a
screen gone from it that is not installed is the one about to be removed.

The screens an ending app closes (`App._close_all`) leave no stack on the way: the app
tells of those itself (footycards/tui/app.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.screen import Screen


class DroppedScreens:
    """Calls `told(screen)` for each screen `app` is about to remove, once, before the
    removal begins. Subscribe it when the app runs (its `on_mount`)."""

    def __init__(self, app: App[Any], told: Callable[[Screen[Any]], None]) -> None:
        self.app = app
        self.told = told
        self.seen: list[Screen[Any]] = list(app.screen_stack)  # the stack as last seen
        app.screen_change_signal.subscribe(app, self.changed, immediate=True)

    def changed(self, _screen: Screen[Any]) -> None:
        """The stack changed: tell of the screens that left it and are not installed."""
        stack = self.app.screen_stack
        gone = [
            screen
            for screen in self.seen
            if screen not in stack and not self.app.is_screen_installed(screen)
        ]
        self.seen = list(stack)
        for screen in gone:
            self.told(screen)
