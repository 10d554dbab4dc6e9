"""Provides weakly(): a listener that calls a bound method without keeping its object.

A screen listening to something that outlives it (a match a shared table goes on with,
a local game's match the app still holds) subscribes `weakly(self.heard)`: the match
keeps the small function returned, never the screen. A screen the app dropped without
its `Unmount` (a session hung up mid-change) is then not held by what it listened to,
and the SSH server frees it at once (ssh/reclaim.py treats a match as alive: a screen
a match held waited for a deep collection, a pause for every session).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any


def weakly(method: Callable[[Any], None]) -> Callable[[Any], None]:
    """A function that calls `method` (a bound method) while its object lives, and does
    nothing once the object is gone."""
    ref = weakref.WeakMethod(method)

    def call(arg: Any) -> None:
        bound = ref()
        if bound is not None:
            bound(arg)

    return call
