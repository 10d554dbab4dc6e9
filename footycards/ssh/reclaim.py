"""Provides reclaim(): free the reference cycles a dropped screen leaves, at once, without a
full garbage collection.

The server freezes its long-lived objects (memory.py), so Python's collector no longer
walks every session's objects; the price is that garbage which was frozen (a launcher a
player left for a table, a game screen after the game) waits for a deep collection. A
screen left behind is held only by its own cycles: a widget and its styles, the screen's
compositor and caches. `reclaim` does for that one object graph what the collector does
for the heap:

1. it gathers the objects reachable from the screen, not going into classes, modules,
   functions without a closure, apps, the event loop, tables or matches (they are
   shared and alive), the parsed CSS (shared by every app) or rendered lines (they
   hold no node, so no cycle of nodes goes through them);
2. it counts, for each, the references that come from inside that set; an object with
   more references than that is held from outside;
3. whatever is held from outside, and all it reaches, is in use; the rest is garbage,
   and emptying its containers (dicts, lists, sets, cells, instance attributes) breaks
   the cycles, so reference counting frees it.

Textual's removal of a screen also cuts some cycles loose from it (its caches): `loosen`,
called just before, unlinks them or keeps weak references to them for the walk.

Other threads (AI workers) do not run during the count: it holds the interpreter for the
few milliseconds it takes. An object it cannot prove unreachable is left alone, so a
mistake can only keep memory, never free what is in use. A cycle through a paused
generator or coroutine (a stopped app's tasks, still waiting) is broken as the collector
breaks it: an unreachable one is closed (its cleanup code runs; a task's coroutine in
the task's context), then the graph is counted again; one that goes on waiting in its
cleanup leaves the graph whole to the deep collection. A pending task and the future it
waits on, both unreachable, lose the future's callbacks. A finished frame (kept by an
exception's traceback: an app stopped half-way through mounting a screen keeps one) is
emptied with `frame.clear()`. `reclaim` returns how many objects it emptied; 0 when the screen is
still in use.

`reclaim` relies on CPython's reference counts and on holding the interpreter: it is off
(returns 0, leaving everything to the collector) on a free-threaded build and on Python
versions it was not tested on (`TESTED_PYTHONS`), and it switches itself off for the rest
of the process if a check after emptying fails (emptied nodes still alive).
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
import logging
import sys
import sysconfig
import types
import weakref
from collections import Counter, deque
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.css.model import RuleSet, Selector, SelectorSet
from textual.css.tokenizer import Token
from textual.dom import DOMNode
from textual.geometry import Offset, Region, Size, Spacing
from textual.strip import Strip

from ..match import Match
from ..tables import Table, TableHub
from ..tui.textual_internals import clear_query_cache, component_style_nodes

log = logging.getLogger("footycards.ssh")

TESTED_PYTHONS = ((3, 11), (3, 12), (3, 13))  # the versions reclaim was tested on
LIMIT = 50_000  # objects: a graph larger than this is left to the deep collection
FINALIZE_TRIES = 3  # closes of an unreachable paused generator whose cleanup waits again
# what the walks came to ("freed": the first root and more, "partly": not the first root,
# "in use": nothing, "paused", "too large", "unexplained"), logged with each deep
# collection (and counted again from there)
outcomes: Counter[str] = Counter()
# diagnostics only (benchmarks/churn_diagnostic.py): told of every walk's outcome, its
# objects and, for each, how many references come from outside the walk
observer: Callable[[str, list[object], list[int]], None] | None = None
_RUNNING = (types.FrameType, types.GeneratorType, types.CoroutineType, types.AsyncGeneratorType)
_LEFT_AS_THEY_ARE = (
    *_RUNNING,
    weakref.WeakKeyDictionary,
    weakref.WeakValueDictionary,
    weakref.WeakSet,
)
# Never entered: shared by every session and alive (a table leads to all who sit there;
# the parsed CSS, some 2,000 objects, is shared by every app: walked, it was a quarter of
# each ended app's walk, and none of it is ever in a cycle with an app's objects)
_SHARED = (
    type,
    types.ModuleType,
    types.CodeType,
    App,
    asyncio.AbstractEventLoop,
    Table,
    TableHub,
    Match,
    RuleSet,
    SelectorSet,
    Selector,
    Token,
    # rendered lines and what they are made of: they hold no node, so they are never in
    # a cycle with one, and they are freed with what holds them (more than half of an
    # ended app's walk was lines and their caches)
    Strip,
    Segment,
    Style,
    Size,
    Region,
    Offset,
    Spacing,
    Fraction,
)


def unsupported(
    version: tuple[int, int] = (sys.version_info.major, sys.version_info.minor),
    gil_disabled_build: bool = bool(sysconfig.get_config_var("Py_GIL_DISABLED")),
    gil_enabled: bool | None = None,
) -> str | None:
    """Why `reclaim` must not run on this interpreter, None when it may: its reference
    counting must be CPython's, with one thread running at a time (the GIL), as on the
    versions it was tested on. `gil_enabled` None: asked of the interpreter."""
    if gil_enabled is None:
        is_gil_enabled = getattr(sys, "_is_gil_enabled", None)  # Python 3.13 and later
        gil_enabled = True if is_gil_enabled is None else bool(is_gil_enabled())
    if sys.implementation.name != "cpython":
        return f"not CPython ({sys.implementation.name})"
    if gil_disabled_build or not gil_enabled:
        return "a free-threaded build (no GIL)"
    if version not in TESTED_PYTHONS:
        return f"Python {version[0]}.{version[1]} was not tested"
    return None


_off: str | None = unsupported()  # why reclaim is off in this process, None: it is on


def off() -> str | None:
    """Why `reclaim` is off in this process, None when it runs."""
    return _off


def switch_off(reason: str) -> None:
    """Switch `reclaim` off for the rest of the process (said once in the log)."""
    global _off
    if _off is None:
        _off = reason
        log.warning("reclaim switched off: %s; dropped screens wait for a collection", reason)


def switch_on_again() -> None:
    """Undo `switch_off` when the interpreter is one `reclaim` may run on (for tests)."""
    global _off
    _off = unsupported()


# how the walk treats objects of a type: not entered, entered, or a function (entered
# when it has a closure, and then only into it); found once per type
_SKIP, _ENTER, _FUNCTION = 0, 1, 2
_kinds: dict[type, int] = {}
_KINDS_KEPT = 20_000  # types remembered at most (classes made at run time come and go)


def _kind(cls: type) -> int:
    kind = _kinds.get(cls)
    if kind is None:
        if issubclass(cls, _SHARED):
            kind = _SKIP
        elif issubclass(cls, types.FunctionType):
            kind = _FUNCTION
        else:
            kind = _ENTER
        if len(_kinds) >= _KINDS_KEPT:
            _kinds.clear()
        _kinds[cls] = kind
    return kind


def loosen(screen: DOMNode) -> list[weakref.ref[Any]]:
    """Call just before Textual removes `screen` (or any widget): the weak references
    `reclaim` needs.

    Textual's removal cuts every node loose from the one removed before `reclaim` walks
    it (each child is taken out of its parent's list, and two caches of every node are
    emptied), so a walk from the screen alone no longer finds them: every node is a root
    of its own (left out, the widgets of each dropped screen stayed frozen until a deep
    collection: three in four objects that deep collections freed under churn), the
    query cache (a ring of linked lists holding widgets) is unlinked here first, and the
    nodes of the component styles (small nodes with their styles) are roots too.
    """
    roots: list[weakref.ref[Any]] = []
    for node in screen.walk_children(with_self=True):
        roots.append(weakref.ref(node))
        clear_query_cache(node)
        roots.extend(weakref.ref(styles_node) for styles_node in component_style_nodes(node))
    return roots


def untie_workers(app: App[Any]) -> None:
    """Make each of `app`'s workers forget its task once it is done.

    A worker and its task hold each other: the worker keeps its task, and the task's
    context (copied when Textual made it) holds the worker as `active_worker`, and the
    app as `active_app`. Textual lets go of a finished worker, so nothing in the app
    leads to that cycle any more, but the cycle still leads to the app: an app whose
    session ended while a worker was running (a local game's AI turn) was held from
    outside its own graph, and once frozen, only a deep collection freed it. Without the
    worker's reference to its task, reference counting frees the task, its context and
    then the worker as soon as it is done.

    Checked on Textual 8.2.8: `WorkerManager.add_worker` hands
    `self._remove_worker` (looked up on the manager, so an attribute of the instance
    takes the method's place) to `Worker._start` as the callback of the worker's task
    when it is done; `Worker._task` is that task, read again only to cancel or await it
    (a worker that is done needs neither)."""
    manager = app.workers
    remove = manager._remove_worker

    def remove_worker(worker: Any) -> None:
        remove(worker)
        worker._task = None

    manager._remove_worker = remove_worker  # type: ignore[method-assign]


def reclaim(roots: list[weakref.ref[Any]], limit: int = LIMIT) -> int:
    """Empty the unreachable objects of the graph the `roots` point to (weak references,
    so that the caller holds none); how many were emptied. 0 without looking when
    `reclaim` is off (see `off`). Paused generators and coroutines among them are
    closed first, as the collector closes those it finds unreachable, and the graph is
    counted again (their cleanup code may have changed it); one that will not close
    (its cleanup goes on waiting) leaves the graph whole."""
    if _off is not None:
        return 0
    return _free(lambda: _counted(roots, limit))


def free_objects(objects: list[object], limit: int = LIMIT) -> int:
    """Empty those of `objects` that nothing outside them holds now; how many were
    emptied. `objects` is a group the forked scan found unreachable (scan.py), held by
    this list alone besides its own references; the list is emptied. What something
    outside took hold of since the scan (a weak reference's object), and all it leads
    to, is left as it is; paused generators and coroutines are closed first, as in
    `reclaim`. 0 without looking when `reclaim` is off."""
    try:
        if _off is not None:
            return 0
        if len(objects) > limit:
            outcomes["too large"] += 1
            return 0
        return _free(lambda: _counted_among(objects), objects)
    finally:
        objects.clear()


def _free(count: Callable[[], list[object]], holder: list[object] | None = None) -> int:
    """Empty the garbage `count()` finds (closing paused generators first, then counting
    again); how many objects were emptied. `holder`, the caller's list of them, is
    emptied before the check that the emptied nodes are gone."""
    garbage = count()
    paused = [obj for obj in garbage if _suspended(obj)]
    if any(isinstance(obj, types.AsyncGeneratorType) for obj in paused):
        paused.clear()  # closed only by running its `aclose()` on the loop: left whole
        garbage.clear()
        outcomes["paused"] += 1
        return 0
    if paused:
        _finalize(paused, garbage)
        paused.clear()  # no reference of this function's may count in the next walk
        garbage.clear()
        garbage = count()
        paused = [obj for obj in garbage if _suspended(obj)]
        if paused:
            garbage.clear()
            _outcome("paused", paused, [0] * len(paused), [])
            return 0
    for obj in garbage:
        _empty(obj)
    watched = [weakref.ref(obj) for obj in garbage if isinstance(obj, DOMNode)]
    emptied = len(garbage)
    obj = None
    garbage.clear()  # the last references: the emptied objects are freed here
    if holder is not None:
        holder.clear()
    alive = sum(1 for ref in watched if ref() is not None)
    if alive:  # not expected: the method does not hold here, so it is not used again
        switch_off(f"{alive} emptied nodes are still alive")
    return emptied


def _counted(roots: list[weakref.ref[Any]], limit: int) -> list[object]:
    """`_unreachable`, with no other thread running meanwhile."""
    switch = sys.getswitchinterval()
    sys.setswitchinterval(60.0)  # no other thread changes references during the count
    try:
        return _unreachable(roots, limit)
    finally:
        sys.setswitchinterval(switch)


def _finalize(paused: list[object], garbage: list[object]) -> None:
    """Close unreachable paused generators and coroutines, as the collector does (it
    calls their finalizer, which closes them): each runs its `finally` blocks and ends.
    A task's coroutine is closed in the task's own context (Textual's cleanup resets
    context variables it set there), and the task, pending for ever now, is freed
    without asyncio's "Task was destroyed but it is pending" (it was garbage). One
    whose cleanup waits again (an `await` in a `finally`) is closed again there, a few
    times at most; an error in a cleanup is logged in one line (the collector reports
    it to `sys.unraisablehook`) and the generator has ended all the same.

    Relies on CPython's asyncio tasks: a task's context is among its referents
    (`gc.get_referents`), and `_log_destroy_pending` is the flag asyncio reads when a
    pending task is freed."""
    contexts = _task_contexts(garbage)
    paused = sorted(paused, key=lambda gen: id(gen) not in contexts)  # tasks' first
    for gen in paused:
        close = gen.close  # type: ignore[attr-defined]
        context = contexts.get(id(gen))
        for _attempt in range(FINALIZE_TRIES):
            try:
                if context is None:
                    close()
                else:
                    context.run(close)
            except RuntimeError as exc:  # waited again in its cleanup: closed there next
                if not _suspended(gen):
                    log.info("closing %r of a dropped screen or app: %r", gen, exc)
            except Exception as exc:
                log.info("closing %r of a dropped screen or app: %r", gen, exc)
            if not _suspended(gen):
                break


def _task_contexts(garbage: list[object]) -> dict[int, contextvars.Context]:
    """The context of each pending task in `garbage`, by the id of its coroutine; each
    such task is told not to report itself as destroyed while pending."""
    contexts: dict[int, contextvars.Context] = {}
    for task in garbage:
        if isinstance(task, asyncio.Task) and not task.done():
            coro = task.get_coro()
            context = next(
                (r for r in gc.get_referents(task) if isinstance(r, contextvars.Context)), None
            )
            if coro is not None and context is not None:
                contexts[id(coro)] = context
                if hasattr(task, "_log_destroy_pending"):
                    task._log_destroy_pending = False
    return contexts


def _counted_among(objects: list[object]) -> list[object]:
    """`_unreachable_among`, with no other thread running meanwhile."""
    switch = sys.getswitchinterval()
    sys.setswitchinterval(60.0)
    try:
        return _unreachable_among(objects)
    finally:
        sys.setswitchinterval(switch)


def _unreachable_among(objects: list[object]) -> list[object]:
    """The objects of `objects` (held by that list and by each other) that nothing else
    holds, nor anything held that way leads to: the count of `_unreachable`, over this
    set only (references out of it are not followed)."""
    if not objects:
        return []
    index = {id(obj): i for i, obj in enumerate(objects)}
    edges = [
        [j for child in gc.get_referents(obj) if (j := index.get(id(child))) is not None]
        for obj in objects
    ]
    return _garbage(objects, edges)


def _unreachable(roots: list[weakref.ref[Any]], limit: int) -> list[object]:
    """The objects of the roots' graph that nothing outside it holds, following the
    collector's own method (see the module's docstring)."""
    nodes: list[object] = []
    index: dict[int, int] = {}
    for ref in roots:
        root = ref()
        if root is not None and id(root) not in index:
            index[id(root)] = len(nodes)
            nodes.append(root)
    root = None
    if not nodes:
        return []
    edges: list[list[int]] = []  # for each node, the nodes it holds (once per reference)
    # `_enters` and `_children` written out: this loop is most of a walk's time
    find = index.get
    referents = gc.get_referents
    tracked = gc.is_tracked
    kinds = _kinds
    k = 0
    while k < len(nodes):
        obj = nodes[k]
        if _kind(type(obj)) == _FUNCTION:
            closure = obj.__closure__  # type: ignore[attr-defined]
            children: Any = (closure,) if closure else ()
        else:
            children = referents(obj)
        mine = []
        for child in children:
            j = find(id(child))
            if j is None:
                kind = kinds.get(type(child))
                if kind is None:
                    kind = _kind(type(child))
                if kind == _SKIP or not tracked(child):
                    continue
                if kind == _FUNCTION and child.__closure__ is None:
                    continue
                j = index[id(child)] = len(nodes)
                nodes.append(child)
            mine.append(j)
        edges.append(mine)
        k += 1
        if len(nodes) > limit:
            outcomes["too large"] += 1
            return []
    obj = child = children = closure = None  # no reference of this frame may count
    return _garbage(nodes, edges)


def _garbage(nodes: list[object], edges: list[list[int]]) -> list[object]:
    """Of `nodes` (held by that list, and by no other of the caller's) with the
    references among them (`edges`), those nothing outside holds, nor anything held
    from outside leads to."""
    # references from inside the graph (of a function, its closure only: what else it
    # holds counts as held from outside, which can only keep more)
    inside = [0] * len(nodes)
    for mine in edges:
        for j in mine:
            inside[j] += 1
    # sys.getrefcount counts its argument and the `nodes` list besides the real holders
    held = [sys.getrefcount(nodes[j]) - 2 - inside[j] for j in range(len(nodes))]
    if min(held) < 0:  # references the count cannot explain: do nothing
        return _outcome("unexplained", nodes, held, [])
    reached = [h > 0 for h in held]
    todo = [j for j, h in enumerate(held) if h > 0]
    while todo:
        for j in edges[todo.pop()]:
            if not reached[j]:
                reached[j] = True
                todo.append(j)
    garbage = [obj for obj, used in zip(nodes, reached, strict=True) if not used]
    if not garbage:
        return _outcome("in use", nodes, held, garbage)
    return _outcome("partly" if reached[0] else "freed", nodes, held, garbage)


def _outcome(
    what: str, nodes: list[object], held: list[int], garbage: list[object]
) -> list[object]:
    """Count what a walk came to (and tell the observer); `garbage` is returned."""
    outcomes[what] += 1
    if observer is not None:
        observer(what, nodes, held)
    return garbage


def _suspended(obj: object) -> bool:
    """Whether `obj` is a generator or coroutine that has not finished. (A frame in the
    garbage is not: a running one is held by its thread, and a paused generator holds
    its frame, so that frame is garbage only with its generator, which is suspended.)"""
    if isinstance(obj, types.GeneratorType):
        return obj.gi_frame is not None
    if isinstance(obj, types.CoroutineType):
        return obj.cr_frame is not None
    if isinstance(obj, types.AsyncGeneratorType):
        return obj.ag_frame is not None
    return False


# how `_empty` empties an object of a type (found once per type, in this order)
_CLEAR, _CELL, _FRAME, _FUTURE, _LEAVE, _ATTRIBUTES = range(6)
_emptying: dict[type, int] = {}


def _how_to_empty(cls: type) -> int:
    how = _emptying.get(cls)
    if how is None:
        if issubclass(cls, (dict, list, set, deque)):
            how = _CLEAR
        elif issubclass(cls, types.CellType):
            how = _CELL
        elif issubclass(cls, types.FrameType):
            how = _FRAME
        elif issubclass(cls, asyncio.Future):
            how = _FUTURE
        elif issubclass(cls, _LEFT_AS_THEY_ARE):
            how = _LEAVE
        else:
            how = _ATTRIBUTES
        if len(_emptying) >= _KINDS_KEPT:
            _emptying.clear()
        _emptying[cls] = how
    return how


def _empty(obj: object) -> None:
    """Drop what `obj` holds (it is garbage), so that its cycles are broken."""
    how = _how_to_empty(type(obj))
    if how == _CLEAR:
        obj.clear()  # type: ignore[attr-defined]
    elif how == _ATTRIBUTES:
        try:
            attributes = object.__getattribute__(obj, "__dict__")
        except AttributeError:
            attributes = None
        if type(attributes) is dict:
            attributes.clear()
        for name in _slots(type(obj)):
            try:
                object.__delattr__(obj, name)
            except (AttributeError, TypeError):
                pass
    elif how == _CELL:
        obj.cell_contents = None  # type: ignore[attr-defined]
    elif how == _FRAME:  # a finished frame (kept by a traceback)
        try:
            obj.clear()  # type: ignore[attr-defined]
        except RuntimeError:  # executing: cannot be garbage (see `_suspended`)
            pass
    elif how == _FUTURE:
        # a future or task (C objects, no attributes to empty): a pending task and the
        # future it waits on hold each other through the future's callback that would
        # wake the task; garbage, neither is ever done, so no callback of theirs runs
        for callback, _context in list(getattr(obj, "_callbacks", None) or ()):
            obj.remove_done_callback(callback)  # type: ignore[attr-defined]
    # _LEAVE: never run a coroutine's cleanup code; weak containers' callbacks need them


_slot_names: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    """The attribute names of `cls`'s and its bases' `__slots__` (names mangled as
    Python stores them); found once per type."""
    found = _slot_names.get(cls)
    if found is not None:
        return found
    names = []
    for base in cls.__mro__:
        slots = base.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{base.__name__.lstrip('_')}{name}"
            names.append(name)
    if len(_slot_names) >= _KINDS_KEPT:
        _slot_names.clear()
    found = _slot_names[cls] = tuple(names)
    return found
