"""Provides the server's garbage-collection policy: no long pause for everyone at once.

One server process holds every session's Textual app: some 14,000 tracked objects per
session at a table. Python's full collection walks all of them and stops the event loop meanwhile
(1.7 s with 40 sessions, measured), and it runs by itself whenever a quarter of the heap
has changed hands, so with many sessions every key press now and then waits seconds.

The policy (`start()` to `stop()`): Python's own full collections are switched off (the
young generations are still collected as usual), and every `freeze_every` seconds what
is not frozen yet is collected, then frozen (`gc.freeze()`: the collector no longer walks
it). Each such pause only walks what is new since the last one.

A screen a session drops (the launcher a player left for a table, a finished game's
screen) and an ended session's app, with every node it ever had (`session_ended`: the
widgets it removed from screens that stayed, a notification, a list built again, are
in cycles of their own, frozen meanwhile) are freed soon after by `reclaim.py` (a little
at each of the server's ticks, ten a second, so that freeing keeps up with churn), which
walks only their own objects (a few thousand: an ended app leads to nothing of the
server, see `driver.detach`) and closes the paused coroutines it finds unreachable (a
stopped app's tasks), as the collector would; cancelled timers are taken out of the
loop's schedule first (each keeps the context it was made in, and so an app, until it
was due: see `drop_cancelled_timers`). What is still held is tried again, each wait
twice the last (a closing connection may hold its app a little longer). What it cannot
free (still held somewhere, or dropped some other way) keeps its cycles among the
frozen objects, where only a deep collection (unfreeze, collect everything, freeze
again) frees them. That one long pause is taken when
- the ended sessions whose app could not be freed reach `deep_share` of the open ones (at
  least `deep_min_ended`), or one did and no session is open (nothing to delay then);
- the process holds more than `grow_share` (plus `grow_slack`) beyond what its open
  sessions explain (what it held after the last deep collection, and `per_session` for
  each session opened since): garbage is piling up among the frozen objects. What it
  holds is counted in the interpreter's allocated memory blocks
  (`sys.getallocatedblocks`: live objects, garbage included until it is freed), not in
  resident memory: the resident memory does not fall after a deep collection (the freed
  space stays in the process for reuse), so a floor learnt from it rose by a quarter at
  every deep collection and the pile of garbage with it (429, 570, 768 MB after 100,
  200, 300 sessions of churn, deep collections of 3, 4.4, 5.9, 8.2 s). Nor in frozen
  objects (`gc.get_freeze_count`, used before): Python counts those by walking the
  whole frozen list, 70 ms with 800,000 objects, at every tick; 15 % of the server's
  CPU under churn (py-spy), and a 70 ms pause twice a second;
- `deep_every` seconds have passed with sessions open (never by default: the memory
  trigger above covers what is left behind, and a deep collection with sessions open is
  a pause for all of them).

With sessions open, a scan (scan.py) takes the deep collection's place where the process
can fork: a child finds the same garbage and the server frees it a group at a time
(`advance_scan`), with no long pause; being cheap, it is called for at less growth
(`scan_share`, `scan_slack`). A deep collection is then taken only with no session open.
"""

from __future__ import annotations

import asyncio
import gc
import heapq
import logging
import math
import os
import sys
import time
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen

from ..tui.textual_internals import clear_query_cache, closing_screens
from .reclaim import free_objects, loosen, outcomes, reclaim
from .scan import Scan, available

log = logging.getLogger("footycards.ssh")

FREEZE = "freeze"
DEEP = "deep"
SCAN = "scan"  # what a deep collection would find, found by a forked child (scan.py)
FULL_NEVER = 1 << 30  # a gen-2 threshold Python never reaches
MB = 1 << 20


def resident_bytes() -> int | None:
    """This process's resident memory (Linux), or None where it cannot be read cheaply."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def drop_cancelled_timers(loop: asyncio.AbstractEventLoop | None = None) -> int:
    """Take the cancelled timers out of the event loop's schedule now; how many.

    A cancelled timer (`TimerHandle.cancel`) stays in the loop's heap until it was due,
    and it keeps the context it was made in: a Textual app's tasks run in a context
    whose `active_app` is the app, so a cancelled `asyncio.sleep` (the AI's pace in a
    local game, a Textual timer) kept an ended session's app alive for as long as it
    had to wait. asyncio itself takes them out the same way, once more than half of the
    schedule is cancelled timers. Relies on CPython's `BaseEventLoop`: its `_scheduled`
    heap of `TimerHandle`s (with `_cancelled`, `_scheduled`) and
    `_timer_cancelled_count`; another loop (uvloop) has none and is left alone."""
    if loop is None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return 0
    scheduled = getattr(loop, "_scheduled", None)
    count = getattr(loop, "_timer_cancelled_count", None)
    if not isinstance(scheduled, list) or not isinstance(count, int):
        return 0
    kept = []
    for handle in scheduled:
        if getattr(handle, "_cancelled", False):
            handle._scheduled = False
        else:
            kept.append(handle)
    dropped = len(scheduled) - len(kept)
    if dropped:
        heapq.heapify(kept)
        scheduled[:] = kept
        loop._timer_cancelled_count = max(0, count - dropped)  # type: ignore[attr-defined]
    return dropped


def walks_text() -> str:
    """What `reclaim`'s walks came to since the last deep collection or scan (logged)."""
    return ", ".join(f"{what} {n}" for what, n in sorted(outcomes.items())) or "none"


@dataclass(eq=False)
class Dropped:
    """What a session dropped, waiting to be freed by `reclaim`."""

    when: float  # when it may be tried (`reclaim_after` after it was dropped, then later)
    roots: list[weakref.ref[Any]]  # weak references to it (the first: the screen or app)
    app: bool = False  # an ended session's app (a screen otherwise)
    tries: int = 0
    since: float = 0.0  # when it was dropped


@dataclass
class GcPolicy:
    """When to freeze and when to take a deep collection; `tick()` does what is due."""

    freeze_every: float = 0.5  # seconds between two freezes while sessions are open
    deep_share: float = 0.25  # ended sessions / open sessions that call for a deep one
    deep_min_ended: int = 4  # ... but never for fewer ended sessions than this
    deep_every: float = math.inf  # a deep collection at least this often with sessions open
    grow_share: float = 0.25  # memory blocks beyond what the open sessions explain ...
    grow_slack: int = 300_000  # ... and beyond this many, call for a deep one
    # what a session is expected to hold (learnt at each deep one), in memory blocks:
    # 31,000 tracked objects per session open under churn (tours of every screen and
    # tables, 11 open), some 3-4 blocks each, so that warming up (the first visit to
    # each screen) calls for no deep collection
    per_session: int = 120_000
    clock: Callable[[], float] = time.monotonic
    memory: Callable[[], int | None] = sys.getallocatedblocks  # what the process holds
    started: int = 0  # sessions started since the last freeze
    ended: int = 0  # sessions ended since the last deep collection
    last_freeze: float = 0.0
    last_deep: float = 0.0
    base: int | None = None  # what the process held when the policy started (no sessions)
    floor: int | None = None  # what it held after the last deep collection ...
    floor_sessions: int = 0  # ... with this many sessions open
    thresholds: tuple[int, int, int] | None = None  # Python's, while the policy runs
    reclaim_after: float = 0.5  # seconds between a screen's removal and freeing it
    # seconds of freeing per tick at most (the server ticks every 0.1 s, so a tenth of
    # the loop's time at most, in short slices; 30 ms a tick took a third of the server's
    # CPU under churn and the apps then took too long to end)
    reclaim_budget: float = 0.01
    reclaim_tries: int = 7  # tries while what was dropped is held, each wait twice the last
    removal_wait: float = 30.0  # seconds a widget may take to be removed before a try
    nodes_per_walk: int = 100  # removed nodes walked together at most
    # nodes handed to `nodes_removed` (those of a running app are not handed again)
    handed: weakref.WeakSet[DOMNode] = field(default_factory=weakref.WeakSet)
    dropped: list[Dropped] = field(default_factory=list)  # to free, oldest first
    reclaimed: int = 0  # objects freed that way since the last deep collection (logged)
    why: str = ""  # what called for the coming deep collection (logged)
    # with sessions open, a forked scan (scan.py) takes the deep collection's place
    scans: bool = field(default_factory=available)
    scan_share: float = 0.1  # `grow_share` and `grow_slack` when scans take deep
    scan_slack: int = 100_000  # collections' place (see `growth`)
    # ... and after this many sessions ended since the last, whatever the memory: the
    # memory a process holds at its worst stays with it (freed blocks are reused, seldom
    # given back), so garbage is best freed before it piles up (a 1,000-session churn
    # with the memory trigger alone: 161 MB after 100 sessions, 286 MB after 300)
    scan_every_ended: int = 40
    ended_since_scan: int = 0
    scan: Scan | None = None  # the scan under way
    scan_sessions: int = 0  # sessions open when it began
    scan_freed: int = 0  # objects of its groups emptied so far

    def __post_init__(self) -> None:
        self.last_freeze = self.last_deep = self.clock()

    def start(self) -> None:
        """Take over full collections from Python (young ones stay automatic), and
        freeze what start-up made (`gc.freeze()`'s documented use)."""
        if self.thresholds is None:
            self.thresholds = gc.get_threshold()
            young, middle, _full = self.thresholds
            gc.set_threshold(young, middle, FULL_NEVER)
        gc.collect()
        gc.freeze()
        self.base = self.floor = self.memory()
        self.floor_sessions = 0

    def session_started(self) -> None:
        self.started += 1

    def session_ended(self, app: object | None = None, nodes: Iterable[DOMNode] = ()) -> None:
        """A session ended; its `app`, when given, is freed like a dropped screen (and
        only an app that could not be freed counts towards a deep collection), with the
        screens it has not closed (an app stopped mid-way), every node it ever had that
        is still alive (`nodes`: widgets it removed from screens that stayed, whose own
        cycles were frozen since) and the match it saved (its own local game, which
        subscribed the saver)."""
        self.ended += 1
        self.ended_since_scan += 1
        if app is not None:
            roots: list[weakref.ref[Any]] = [weakref.ref(app)]
            if isinstance(app, App):  # the screens left open by an app that was stopped
                clear_query_cache(app)  # a ring of lists, which may hold removed widgets
                for screen in closing_screens(app):
                    roots.extend(loosen(screen))
            saver = getattr(app, "autosaver", None)  # its local game (reclaim never goes
            match = getattr(saver, "match", None)  # into a match: tables share theirs)
            if match is not None:
                roots.append(weakref.ref(match))
            now = self.clock()
            self.dropped.append(Dropped(now + self.reclaim_after, roots, app=True, since=now))
            # every node it had: those it removed from screens that stayed, and those of
            # screens it no longer leads to (an app stopped half-way through closing them
            # has forgotten its stacks, while each screen still holds the app)
            rooted = {id(ref()) for ref in roots}
            self.nodes_removed([n for n in nodes if id(n) not in rooted])

    def nodes_removed(self, nodes: list[DOMNode]) -> None:
        """Free these nodes, removed from the DOM (by an app that has ended, or widgets
        an app removed from a screen that stays), a few at a time: each removed widget
        is a small graph of its own, and one walk of them all could be too large. The
        list is emptied; each node is remembered as tried (`handed`)."""
        now = self.clock()
        for first in range(0, len(nodes), self.nodes_per_walk):
            some = nodes[first : first + self.nodes_per_walk]
            refs = [ref for node in some for ref in loosen(node)]
            self.dropped.append(Dropped(now + self.reclaim_after, refs, since=now))
        self.handed.update(nodes)
        nodes.clear()

    def expected(self, open_sessions: int) -> int | None:
        """What the open sessions explain (None when it cannot be told)."""
        if self.floor is None:
            return None
        return self.floor + self.per_session * max(0, open_sessions - self.floor_sessions)

    def due(self, open_sessions: int) -> str | None:
        """What is due now: DEEP, FREEZE or nothing."""
        now = self.clock()
        ended = self.ended - sum(1 for d in self.dropped if d.app)  # not yet tried
        if (
            self.scan is None
            and ended > 0
            and (
                open_sessions == 0
                or ended >= max(self.deep_min_ended, self.deep_share * open_sessions)
            )
        ):
            self.why = f"{ended} ended sessions' apps still held"
            return DEEP
        if open_sessions and self.scans and self.scan is None:
            if self.ended_since_scan >= self.scan_every_ended:
                self.why = f"{self.ended_since_scan} sessions ended since the last"
                return DEEP
        if open_sessions and self.scan is None:
            expected = self.expected(open_sessions)
            held = self.memory() if expected is not None else None
            if expected is not None and held is not None:
                share, slack = self.growth()
                beyond = held - expected * (1 + share) - slack
                # what waits to be freed holds memory too: while some is due, only a
                # growth twice as large calls for a deep one (freeing it catches up)
                margin = expected * share + slack
                if beyond > 0 and (not self.reclaim_due() or beyond > margin):
                    self.why = f"{held} memory blocks held, {expected} explained"
                    return DEEP
            if now - self.last_deep >= self.deep_every:
                self.why = f"{self.deep_every:.0f} s since the last"
                return DEEP
        if self.started or (open_sessions and now - self.last_freeze >= self.freeze_every):
            return FREEZE
        return None

    def growth(self) -> tuple[float, int]:
        """The memory beyond what the open sessions explain that calls for a deep
        collection (or a scan in its place): a share of it and a number of blocks. A
        scan costs the loop little, so it is called for sooner (`scan_share`,
        `scan_slack`), and garbage piles up less; `grow_share` infinite: never."""
        if self.scans and math.isfinite(self.grow_share):
            return min(self.scan_share, self.grow_share), min(self.scan_slack, self.grow_slack)
        return self.grow_share, self.grow_slack

    def screen_dropped(self, screen: Screen[Any]) -> None:
        """A session's app is about to remove `screen` (FootyApp.screen_dropped): free
        what it leaves once Textual is done with it."""
        now = self.clock()
        self.dropped.append(Dropped(now + self.reclaim_after, loosen(screen), since=now))

    def reclaim_dropped(self, collected: bool = False) -> int:
        """Free what was dropped `reclaim_after` seconds ago or more, oldest first, for at
        most `reclaim_budget` seconds (the rest at the next tick); how many objects were
        freed. What is still held (a closing connection may hold its app a little longer,
        a cancelled timer its context until it was due) is tried again later, each wait
        twice the last, `reclaim_tries` times in all, then left to a deep collection; what
        was dropped together (an app and its screens) is freed when all of it is.
        `collected`: what is not frozen was just collected (no collection first)."""
        due = self.reclaim_due()
        if not due:
            return 0
        now = self.clock()
        began = time.perf_counter()
        if not collected:  # what is not frozen: the layout's passing cycles
            gc.collect()
        drop_cancelled_timers()  # they keep their contexts, and so apps, until due
        freed = 0
        for item in due:
            self.dropped.remove(item)
            if self.being_removed(item, now):  # a walk now would go into its live screen
                item.when = now + self.reclaim_after
                self.dropped.append(item)
                continue
            freed += reclaim(item.roots)
            item.tries += 1
            if item.app and item.roots[0]() is None:
                item.app = False  # the app is freed: what is left of it is screens
                if self.ended:
                    self.ended -= 1  # no deep collection is needed for this one
            item.roots = [ref for ref in item.roots if ref() is not None]  # still to free
            if item.roots and item.tries < self.reclaim_tries:  # 0.5 s, 1 s, 2 s, ...
                item.when = now + self.reclaim_after * 2**item.tries
                self.dropped.append(item)
            elif item.roots:
                what = "an ended session's app" if item.app else "a closed screen"
                held = item.roots[0]()
                log.info(
                    "%s is still held (%s): left to a deep collection",
                    what,
                    type(held).__name__ if held is not None else "-",
                )
            if time.perf_counter() - began >= self.reclaim_budget:
                break
        self.reclaimed += freed
        return freed

    def being_removed(self, item: Dropped, now: float) -> bool:
        """Whether Textual is still removing what `item` holds (a widget or screen still
        has its parent: under load the removal can take seconds), for at most
        `removal_wait` seconds. Tried then, the walk would go through the parent into the
        whole screen that stays (thousands of objects, tens of milliseconds) and find it
        held; such tries counted, widgets were left to deep collections."""
        first = item.roots[0]() if item.roots else None
        if not isinstance(first, DOMNode) or isinstance(first, App):
            return False
        return first._parent is not None and now - item.since < self.removal_wait

    def reclaim_due(self) -> list[Dropped]:
        """What was dropped `reclaim_after` seconds ago or more, oldest first."""
        now = self.clock()
        return [d for d in self.dropped if now >= d.when]

    def tick(self, open_sessions: int) -> str | None:
        """Do what is due (see `due`), or free what was dropped; returns what was done.
        One collection at most: when something is to be freed and no freeze came for
        `freeze_every`, a freeze comes first (the garbage that is not frozen is gone then,
        as `reclaim` needs), and the freeing waits for the next tick (a collection and a
        walk in one turn of the loop would add up to one longer pause for every session).
        Between freezes (the server ticks more often than it freezes) what was dropped is
        freed without a collection first: what is not frozen then is at most one freeze
        old, and what it still holds is tried again later."""
        what = self.due(open_sessions)
        if what is None and self.reclaim_due():
            if self.clock() - self.last_freeze >= self.freeze_every:
                what = FREEZE
        if what == DEEP and open_sessions and self.scans:  # no pause for all of them:
            what = SCAN if self.start_scan(open_sessions) else DEEP  # a child looks
        if what in (FREEZE, DEEP):
            self.collect(what, open_sessions)
            return what  # what was dropped is freed at the next tick: one pause, not two
        if self.scan is not None:
            self.advance_scan(open_sessions)
        if self.scan is None or not self.scan.holding:  # nothing can be freed meanwhile
            self.reclaim_dropped(collected=True)
        return what

    def start_scan(self, open_sessions: int) -> bool:
        """Begin a forked scan (scan.py) instead of a deep collection; False if the
        process cannot fork (a deep collection is taken then)."""
        gc.collect()  # what is not frozen yet: the child need not look at that garbage
        self.scan = Scan.start()
        if self.scan is None:
            self.scans = False
            log.warning("cannot fork to look for garbage: deep collections instead")
            return False
        self.scan_sessions = open_sessions
        self.scan_freed = 0
        self.last_freeze = self.clock()
        self.started = 0
        return True

    def advance_scan(self, open_sessions: int) -> None:
        """One step of the scan under way: read the child's answer, let go of the list
        of every object, a slice a tick, then free the groups it found, for at most
        `reclaim_budget` seconds a tick (a group is freed whole, one at least)."""
        scan = self.scan
        assert scan is not None
        began = time.perf_counter()
        if not scan.done:
            scan.poll()
            return
        while scan.groups:
            self.scan_freed += free_objects(scan.groups.pop())
            if time.perf_counter() - began >= self.reclaim_budget:
                return
        self.finish_scan(open_sessions)

    def finish_scan(self, open_sessions: int) -> None:
        """The scan's groups are all freed (or it failed): log it, learn the new floor."""
        scan = self.scan
        assert scan is not None
        self.scan = None
        self.last_deep = self.clock()
        if scan.failed:
            log.warning("a scan for garbage came to nothing: %s", scan.failed)
        self.learn(open_sessions)
        resident = resident_bytes()
        log.info(
            "scan for garbage (%s; %d sessions open then, %d ended since the last): the "
            "loop waited %.0f ms to list %d objects and fork, the child took %.1f s; "
            "%d objects unreachable, %d freed; %d freed at once (reclaim) since the last "
            "(walks: %s); %s memory blocks held, resident memory %s MB",
            self.why or "asked",
            self.scan_sessions,
            self.ended,
            scan.paused * 1000,
            scan.listed,
            scan.child_seconds,
            scan.found,
            self.scan_freed,
            self.reclaimed,
            walks_text(),
            self.floor,
            "?" if resident is None else resident // MB,
        )
        self.counted_anew()

    def counted_anew(self) -> None:
        """After a deep collection or a scan: what calls for the next is counted anew."""
        self.ended = self.reclaimed = self.ended_since_scan = 0
        outcomes.clear()
        self.why = ""

    def collect(self, what: str, open_sessions: int) -> float:
        """Collect and freeze (FREEZE), or collect everything first (DEEP); the seconds
        the collector held the event loop."""
        began = time.perf_counter()
        if what == DEEP:
            gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        took = time.perf_counter() - began
        now = self.clock()
        self.last_freeze = now
        self.started = 0
        if what == DEEP:
            self.last_deep = now
            self.learn(open_sessions)
            resident = resident_bytes()
            log.info(
                "deep collection (%s; %d sessions open, %d ended since the last): "
                "%d objects freed in %.0f ms; %d freed at once (reclaim) since the last "
                "(walks: %s); %s memory blocks held, resident memory %s MB",
                self.why or "asked",
                open_sessions,
                self.ended,
                found,
                took * 1000,
                self.reclaimed,
                walks_text(),
                self.floor,
                "?" if resident is None else resident // MB,
            )
            self.counted_anew()
        return took

    def learn(self, open_sessions: int) -> None:
        """After a deep collection: the new floor, and what one session holds."""
        held = self.memory()
        if held is None:
            return
        self.floor, self.floor_sessions = held, open_sessions
        if open_sessions and self.base is not None and held > self.base:
            self.per_session = max(1000, (held - self.base) // open_sessions)

    def stop(self) -> None:
        """Give the frozen objects and full collections back to Python (the server stops)."""
        if self.scan is not None:
            self.scan.cancel("the server stops")
            self.scan = None
        gc.unfreeze()
        if self.thresholds is not None:
            gc.set_threshold(*self.thresholds)
            self.thresholds = None
