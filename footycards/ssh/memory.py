"""Provides the server's garbage-collection policy: no long pause for everyone at once.

One server process holds every session's Textual app: a few hundred thousand objects per
session. Python's full collection walks all of them and stops the event loop meanwhile
(1.7 s with 40 sessions, measured), and it runs by itself whenever a quarter of the heap
has changed hands, so with many sessions every key press now and then waits seconds.

The policy (`start()` to `stop()`): Python's own full collections are switched off (the
young generations are still collected as usual), and every `freeze_every` seconds what
is not frozen yet is collected, then frozen (`gc.freeze()`: the collector no longer walks
it). Each such pause only walks what is new since the last one. What is dropped after
being frozen (an ended session's app, a game screen left for the next one) keeps its
cycles among the frozen objects, where only a deep collection (unfreeze, collect
everything, freeze again) frees them. That one long pause is taken when the ended
sessions reach `deep_share` of the open ones (at least `deep_min_ended`), at once when no
session is open (nothing to delay then), and otherwise every `deep_every` seconds while
sessions are open, which bounds what screens left within long sessions can hold.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger("footycards.ssh")

FREEZE = "freeze"
FULL_NEVER = 1 << 30  # a gen-2 threshold Python never reaches
DEEP = "deep"


@dataclass
class GcPolicy:
    """When to freeze and when to take a deep collection; `tick()` does what is due."""

    freeze_every: float = 1.0  # seconds between two freezes while sessions are open
    deep_share: float = 0.25  # ended sessions / open sessions that call for a deep one
    deep_min_ended: int = 4  # ... but never for fewer ended sessions than this
    deep_every: float = 600.0  # a deep collection at least this often while sessions are open
    clock: Callable[[], float] = time.monotonic
    started: int = 0  # sessions started since the last freeze
    ended: int = 0  # sessions ended since the last deep collection
    last_freeze: float = field(default=0.0)
    last_deep: float = field(default=0.0)

    thresholds: tuple[int, int, int] | None = None  # Python's, while the policy runs

    def __post_init__(self) -> None:
        self.last_freeze = self.last_deep = self.clock()

    def start(self) -> None:
        """Take over full collections from Python (young ones stay automatic)."""
        if self.thresholds is None:
            self.thresholds = gc.get_threshold()
            young, middle, _full = self.thresholds
            gc.set_threshold(young, middle, FULL_NEVER)

    def session_started(self) -> None:
        self.started += 1

    def session_ended(self) -> None:
        self.ended += 1

    def due(self, open_sessions: int) -> str | None:
        """What is due now: DEEP, FREEZE or nothing."""
        now = self.clock()
        if self.ended and (
            open_sessions == 0
            or self.ended >= max(self.deep_min_ended, self.deep_share * open_sessions)
        ):
            return DEEP
        if (open_sessions or self.ended) and now - self.last_deep >= self.deep_every:
            return DEEP
        if self.started or (open_sessions and now - self.last_freeze >= self.freeze_every):
            return FREEZE
        return None

    def tick(self, open_sessions: int) -> str | None:
        """Do what is due (see `due`); returns what was done."""
        what = self.due(open_sessions)
        if what is None:
            return None
        began = time.perf_counter()
        if what == DEEP:
            gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        now = self.clock()
        self.last_freeze = now
        self.started = 0
        if what == DEEP:
            self.last_deep = now
            log.info(
                "deep collection (%d sessions ended since the last): %d objects freed in %.0f ms",
                self.ended,
                found,
                (time.perf_counter() - began) * 1000,
            )
            self.ended = 0
        return what

    def stop(self) -> None:
        """Give the frozen objects and full collections back to Python (the server stops)."""
        gc.unfreeze()
        if self.thresholds is not None:
            gc.set_threshold(*self.thresholds)
            self.thresholds = None
