"""Provides every use of Textual's private internals, in one place.

Textual offers no public API for a few things the app and the SSH server need (a node's
own binding table, the query cache, the print catchers, the key parser's cache, ...).
Each is wrapped here by a small function whose docstring says what it relies on; all
were checked on Textual 8.2.8 (`TEXTUAL_CHECKED`). tests/tui/test_textual_internals.py
names each internal and checks that it still exists with the expected shape, so a
Textual upgrade that changes one fails there, in one obvious place.

Some internals are overridden by subclasses rather than called, so they cannot be
wrapped by a function: `App._close_all` and `App._context` (footycards/tui/app.py) and
`Stylesheet._parse_rules` (footycards/tui/stylesheet.py; it overrides the public `parse`
and `read` too), `Screen._screen_resized` (footycards/tui/kept_layout.py); `XTermParser`'s
cached `_parse_extended_key` is overridden by footycards/ssh/driver.py. The canary test checks
those names and signatures too. (`App._replace_screen` is no longer overridden: a screen
about to be removed is told of through the public `App.screen_change_signal`, see
footycards/tui/screen_watch.py.)
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any, TextIO
from weakref import WeakSet

from textual._context import active_app
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.binding import Binding, BindingsMap
from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.notifications import Notification
from textual.screen import Screen
from textual.signal import Signal
from textual.strip import Strip

__all__ = [
    "TEXTUAL_CHECKED",
    "XTermParser",
    "adopt_rules",
    "app_nodes",
    "app_closing",
    "app_exception",
    "being_removed",
    "clear_bindings",
    "clear_query_cache",
    "close_parser",
    "closing_screens",
    "component_style_nodes",
    "current_app",
    "detach_nodes",
    "forget_found",
    "has_closed",
    "key_bindings",
    "layout_pending",
    "node_tasks",
    "note_invalid_css",
    "notifications",
    "quiet_fatal_errors",
    "set_print_catchers",
    "stylesheet_variables",
    "track_nodes",
    "uncached_parse_extended_key",
    "unsubscribe_everywhere",
    "untie_strips",
]

TEXTUAL_CHECKED = "8.2.8"  # the Textual version every function here was checked on


def key_bindings(node: DOMNode) -> dict[str, list[Binding]]:
    """The node's own table of bindings, key -> bindings, to change in place.

    Checked on Textual 8.2.8: `DOMNode._bindings` is a `BindingsMap` copied for each
    node, and its `key_to_bindings` dict is what the key dispatch reads."""
    table: dict[str, list[Binding]] = node._bindings.key_to_bindings
    return table


def layout_pending(screen: Screen[Any]) -> bool:
    """Whether `screen` has a layout asked for and not yet done (by one of its widgets,
    or by a refresh of the screen).

    Checked on Textual 8.2.8: `Screen._layout_required` is a bool, set when a Layout
    message reaches the screen or the screen is refreshed with `layout=True`, and cleared
    by the screen's update timer once it has laid the screen out."""
    return bool(screen._layout_required)


def clear_bindings(node: DOMNode) -> None:
    """Take away every binding of `node` (its own keys no longer act).

    Checked on Textual 8.2.8: `DOMNode._bindings` may be replaced by an empty
    `BindingsMap`."""
    node._bindings = BindingsMap()


def current_app() -> App[Any] | None:
    """The app whose context the caller runs in, None outside any app's context.

    Checked on Textual 8.2.8: `textual._context.active_app` is the `ContextVar` that
    `App._context` sets (the public `DOMNode.app` raises outside a context instead)."""
    app: App[Any] | None = active_app.get(None)
    return app


def being_removed(node: DOMNode) -> bool:
    """Whether `node` is closing, closed or being pruned from the DOM.

    Checked on Textual 8.2.8: `MessagePump._closing` and `_closed`, `DOMNode._pruning`
    (bools; `DOMNode.is_attached` reads the same three)."""
    return bool(node._closing or node._closed or node._pruning)


def has_closed(node: DOMNode) -> bool:
    """Whether `node`'s message loop has ended (Textual is done removing it).

    Checked on Textual 8.2.8: `MessagePump._closed`, a bool set when the loop ends."""
    return bool(node._closed)


def app_closing(app: App[Any]) -> bool:
    """Whether `app` has begun to close.

    Checked on Textual 8.2.8: `MessagePump._closing` (a bool) is set when the app's
    shutdown starts."""
    return bool(app._closing)


def clear_query_cache(node: DOMNode) -> None:
    """Unlink and empty the node's cache of `query_one` results.

    Checked on Textual 8.2.8: `DOMNode._query_one_cache` is a `textual.cache.LRUCache`
    whose `_cache` dict maps keys to links (lists) of a ring; each link is cleared, then
    the cache itself."""
    cache = node._query_one_cache
    for link in cache._cache.values():
        link.clear()
    cache.clear()


def forget_found(node: DOMNode) -> None:
    """Empty the caches of `node` (still in use) that may hold widgets removed from under
    it, which are then not garbage: a `query_one` result stays in its cache under a key
    that is never asked again (the key counts the changes of the node's children), the
    last arrangements of its children stay, and so do the lists of its children on
    display. All are built again when needed.

    Checked on Textual 8.2.8: `DOMNode._query_one_cache` (see `clear_query_cache`),
    `Widget._arrangement_cache` a `FIFOCache` of `DockArrangeResult`s, whose placements
    hold the widgets, and `NodeList`'s `_displayed_nodes` and
    `_displayed_visible_nodes`, each a pair (the list's `_updates` when it was made, the
    widgets), made again when that count differs (-1 when the list is new)."""
    clear_query_cache(node)
    arrangements = getattr(node, "_arrangement_cache", None)
    if arrangements is not None:
        arrangements.clear()
    children = node._nodes
    children._displayed_nodes = (-1, [])
    children._displayed_visible_nodes = (-1, [])


def component_style_nodes(node: DOMNode) -> list[DOMNode]:
    """The small nodes that carry the node's component styles (`get_component_styles`).

    Checked on Textual 8.2.8: `DOMNode._component_styles` maps names to `RenderStyles`,
    whose `node` is such a node or None."""
    return [styles.node for styles in node._component_styles.values() if styles.node]


def detach_nodes(nodes: list[DOMNode]) -> None:
    """Take component-style nodes off the node they were attached to (Textual attaches
    each to its owner and never detaches it when it replaces or forgets them): a walk
    from one then stays inside its own small graph instead of going into the owner's
    screen. Checked on Textual 8.2.8: `MessagePump._detach` sets `_parent` to None."""
    for node in nodes:
        node._detach()


def app_nodes(app: App[Any]) -> list[DOMNode]:
    """The nodes (widgets, screens) mounted in `app` now.

    Checked on Textual 8.2.8: `App._registry` is a WeakSet of the app's nodes."""
    return list(app._registry)


def node_tasks(app: App[Any]) -> list[asyncio.Task[Any]]:
    """The tasks of `app`'s registered nodes (widgets, screens) and of its screen stack.

    Checked on Textual 8.2.8: `App._registry` is a WeakSet of the app's nodes and
    `MessagePump._task` a node's message-loop task, None before it starts."""
    tasks: list[asyncio.Task[Any]] = []
    for node in [*app._registry, *app.screen_stack]:
        task = node._task
        if task is not None:
            tasks.append(task)
    return tasks


class _UnlinkingCache(LRUCache[Any, Any]):
    """A node's cache of `query_one` results whose `clear` unlinks its ring first.

    `LRUCache.clear` forgets the ring of links (lists [prev, next, key, node]) without
    breaking it, and Textual clears a widget's cache when it removes the widget: each
    ring left so was a cycle of its own holding the nodes it had found, garbage that
    only a full collection frees, and that kept those nodes "held" from outside for
    the SSH server's `reclaim` (which walks from the nodes, never reaching the ring)."""

    __slots__ = ()

    def clear(self) -> None:
        for link in self._cache.values():
            link.clear()
        super().clear()


class _Registry(WeakSet[Any]):
    """An app's registry of mounted nodes that also keeps, weakly, every node it ever
    held (`ever`): a node removed from the app is taken out of the registry. Each node
    it is given gets a query cache that unlinks itself when cleared (`_UnlinkingCache`)."""

    def __init__(self, nodes: WeakSet[Any], ever: WeakSet[Any], app: App[Any]) -> None:
        super().__init__(nodes)
        self.ever = ever
        self.app = weakref.ref(app)

    def add(self, item: Any) -> None:
        super().add(item)
        self.ever.add(item)
        cache = getattr(item, "_query_one_cache", None)
        if type(cache) is LRUCache:
            cache.__class__ = _UnlinkingCache

    def discard(self, item: Any) -> None:
        # Textual forgets a removed node's component styles right after: their small
        # nodes (never registered) and styles are a cycle of their own from then on
        component_styles = getattr(item, "_component_styles", None)
        if isinstance(component_styles, dict):
            small = [s.node for s in component_styles.values() if s.node is not None]
            detach_nodes(small)  # off the removed widget, so that each is freed alone
            self.ever.update(small)
        app = self.app()
        if app is not None and item is not app:
            unsubscribe_everywhere(app, item)
        super().discard(item)


def unsubscribe_everywhere(app: App[Any], node: Any) -> None:
    """Take `node` off every signal of `app`'s screens.

    A signal keeps its subscribers in a `WeakKeyDictionary` whose values (the callbacks)
    hold the subscriber: an `Input` subscribes a closure over itself to its screen's
    `text_selection_started_signal` and Textual never unsubscribes it, so every Input
    removed from a screen that stays (a launcher's fields built again) lived as long as
    the screen. Checked on Textual 8.2.8: `Signal.unsubscribe(node)` (public) drops the
    entry; the screens are those of `App._screen_stacks` (every mode) and
    `App._installed_screens` that are built."""
    screens: list[Any] = [screen for stack in app._screen_stacks.values() for screen in stack]
    screens += [s for s in app._installed_screens.values() if isinstance(s, DOMNode)]
    for screen in screens:
        for value in list(vars(screen).values()):
            if isinstance(value, Signal):
                value.unsubscribe(node)


def track_nodes(app: App[Any]) -> WeakSet[DOMNode]:
    """Every node (screen, widget) `app` registers from now on, and those it holds now,
    weakly: the nodes that belong to it, removed ones included. Their query caches
    unlink themselves when cleared (see `_UnlinkingCache`).

    Checked on Textual 8.2.8: `App._registry` is a `WeakSet` made in `App.__init__` and
    never replaced; nodes enter it only through its `add` (`App._register_child`,
    `App._start_widget`) and leave through `discard` (`App._unregister`, and
    `Widget._message_loop_exit` just before it empties the node's `_component_styles`,
    names to `RenderStyles` whose `node` is a small unregistered node), so a `WeakSet`
    subclass in its place sees every node the app mounts, and those small nodes.
    `DOMNode._query_one_cache` is a `textual.cache.LRUCache` (slots `_cache`, a dict of
    keys to ring links, and `_head`; `clear` empties the dict and starts a new ring)."""
    ever: WeakSet[DOMNode] = WeakSet(app._registry)
    app._registry = _Registry(app._registry, ever, app)
    for node in (app, *ever):
        cache = node._query_one_cache
        if type(cache) is LRUCache:
            cache.__class__ = _UnlinkingCache
    return ever


def set_print_catchers(app: App[Any], stdout: TextIO, stderr: TextIO) -> None:
    """Make `app` point sys.stdout and sys.stderr at these streams while it runs.

    Checked on Textual 8.2.8: `App._capture_stdout` and `_capture_stderr` are the file
    objects `App._process_messages` gives `redirect_stdout`/`redirect_stderr`."""
    app._capture_stdout = stdout  # type: ignore[assignment]
    app._capture_stderr = stderr  # type: ignore[assignment]


def quiet_fatal_errors(app: App[Any]) -> None:
    """Let an unhandled exception end `app` without drawing its traceback for printing at
    exit (an SSH session logs `App._exception` itself, without local variables). Drawing
    a Rich traceback with the locals of every frame took a tenth of the server's CPU
    under churn: apps whose client left mid-way through mounting a screen end that way.

    Checked on Textual 8.2.8: `App._handle_exception` keeps the exception in
    `_exception`, then calls `App._fatal_error()`, which renders the traceback into
    `_exit_renderables` and calls `_close_messages_no_wait()`; an attribute of the
    instance takes the method's place."""

    def fatal_error() -> None:
        app._close_messages_no_wait()

    app._fatal_error = fatal_error  # type: ignore[method-assign]


def uncached_parse_extended_key(parser: XTermParser, sequence: str) -> list[Any] | None:
    """`XTermParser._parse_extended_key` without its process-wide `lru_cache`.

    Checked on Textual 8.2.8: the method is wrapped by `functools.lru_cache`, whose
    `__wrapped__` is the plain function (parser, sequence) -> list of Key events or
    None."""
    result: list[Any] | None = XTermParser._parse_extended_key.__wrapped__(parser, sequence)
    return result


def closing_screens(app: App[Any]) -> list[Screen[Any]]:
    """The screens `app` closes when it ends: those of every mode's stack and the
    installed ones that were built, each once.

    Checked on Textual 8.2.8: `App._screen_stacks` maps modes to lists of screens and
    `App._installed_screens` names to screens or to callables not yet called; both are
    what `App._close_all` closes and clears."""
    screens: list[Screen[Any]] = []
    for stack in app._screen_stacks.values():
        screens.extend(stack)
    screens.extend(s for s in app._installed_screens.values() if isinstance(s, Screen))
    return list(dict.fromkeys(screens))


def close_parser(parser: XTermParser) -> None:
    """End the key parser's paused generator (a parser no longer fed).

    Checked on Textual 8.2.8: `Parser._gen` is the generator `Parser.__init__` starts
    from `parse`; its paused frame holds the parser, a cycle only the collector could free
    while the generator is paused (closing it runs no code: `parse` has no `finally`
    and catches only ParseEOF and ParseTimeout)."""
    parser._gen.close()


def stylesheet_variables(stylesheet: Stylesheet) -> dict[str, str]:
    """The CSS variables `stylesheet` parses with.

    Checked on Textual 8.2.8: `Stylesheet._variables`, a dict set by the constructor and
    `set_variables`."""
    variables: dict[str, str] = stylesheet._variables
    return variables


def note_invalid_css(stylesheet: Stylesheet, other: Stylesheet) -> None:
    """Add the sources `other` found invalid to those of `stylesheet` (not parsed again).

    Checked on Textual 8.2.8: `Stylesheet._invalid_css`, a set of CSS texts."""
    stylesheet._invalid_css.update(other._invalid_css)


def adopt_rules(stylesheet: Stylesheet, fresh: Stylesheet) -> None:
    """Make `stylesheet` use the rules and sources `fresh` parsed (no parse pending).

    Checked on Textual 8.2.8: `Stylesheet._rules` (the parsed list, read by `rules`),
    `_rules_map` (a cache built from it, None to rebuild), `_require_parse` (a bool)."""
    rules: list[RuleSet] = fresh.rules
    stylesheet._rules = rules
    stylesheet._rules_map = None
    stylesheet.source = fresh.source
    stylesheet._require_parse = False


def parsed_rules(stylesheet: Stylesheet) -> tuple[list[RuleSet], dict[str, list[RuleSet]]]:
    """The rules `stylesheet` parsed and its map of selector names to them (built now if
    not yet).

    Checked on Textual 8.2.8: `Stylesheet.rules` and `rules_map` are public properties
    (parsing when a parse is pending); they are read, never changed, by `apply`."""
    return stylesheet.rules, stylesheet.rules_map


def use_parsed(
    stylesheet: Stylesheet, rules: list[RuleSet], rules_map: dict[str, list[RuleSet]]
) -> None:
    """Make `stylesheet` use `rules` and `rules_map`, parsed from the very sources it
    holds (by another stylesheet): no parse pending.

    Checked on Textual 8.2.8: `Stylesheet._rules` (read by `rules`), `_rules_map` (read
    by `rules_map`, built from `_rules` when None), `_require_parse` (a bool)."""
    stylesheet._rules = rules
    stylesheet._rules_map = rules_map
    stylesheet._require_parse = False


def notifications(app: App[Any]) -> list[Notification]:
    """The notifications `app` shows now, oldest first (`App.notify` adds them; the
    public `App.clear_notifications` removes them all).

    Checked on Textual 8.2.8: `App._notifications` is a `Notifications` collection,
    iterable over its `Notification`s in the order they came."""
    return list(app._notifications)


def app_exception(app: App[Any]) -> Exception | None:
    """The exception that ended `app`'s run, None if none did.

    Checked on Textual 8.2.8: `App._exception` is set by `App._handle_exception` and
    raised again by `run_async`'s callers."""
    exception: Exception | None = app._exception
    return exception


_STRIP_DIVIDE = Strip.divide
_STRIP_CROP_EXTEND = Strip.crop_extend


def _divide(self: Strip, cuts: Any) -> Any:
    strips = _STRIP_DIVIDE(self, cuts)
    if len(strips) == 1 and strips[0] is self:  # cached as [self]: a cycle of its own
        cache = self._divide_cache._cache
        for key in [k for k, v in cache.items() if v is strips]:
            del cache[key]
    return strips


def _crop_extend(self: Strip, start: int, end: int, style: Any) -> Strip:
    strip = _STRIP_CROP_EXTEND(self, start, end, style)
    if strip is self:  # cached as itself: a cycle of its own
        self._crop_extend_cache._cache.pop((start, end, style), None)
    return strip


def untie_strips() -> None:
    """Keep every `Strip` out of its own caches (once per process; idempotent).

    Textual caches a strip's results in the strip (`FIFOCache`s): `divide` at its own
    length caches `[self]` and `crop_extend` to its own extent caches `self`, so such a
    strip is a cycle of its own and outlives its last use until a collection finds it.
    Most lines Textual draws go through one of the two: a server's freezes (ssh/memory.py)
    then froze the strips the widgets and the compositor still held, and once those let
    go of them only a deep collection of every session's objects freed them (three in
    four objects such collections freed under churn). With the result not cached when it
    is the strip itself, a strip is freed the moment it is no longer used; nothing else
    changes (the two calls return what they did, and a cached `[self]` or `self` saved
    only a comparison). Checked on Textual 8.2.8: `Strip.divide` and `Strip.crop_extend`
    keep their results in `_divide_cache` and `_crop_extend_cache`, `FIFOCache`s whose
    `_cache` is a dict keyed by `tuple(cuts)` and `(start, end, style)`."""
    if Strip.divide is not _divide:
        Strip.divide = _divide  # type: ignore[method-assign]
        Strip.crop_extend = _crop_extend  # type: ignore[method-assign]
