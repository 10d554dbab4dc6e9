"""Canary for Textual's private internals (footycards/tui/textual_internals.py).

Each test names one private name the project relies on and checks it still exists with
the expected shape: after a Textual upgrade, a failure here says which wrapper in
textual_internals.py (or which override) must be looked at again.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import inspect
import io
import weakref

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.cache import LRUCache
from textual.css.stylesheet import Stylesheet
from textual.notifications import Notifications
from textual.screen import Screen
from textual.widgets import Static

from footycards.tui import textual_internals as ti


class Tiny(App[None]):
    BINDINGS = [Binding("x", "nothing", "Nothing")]

    def compose(self) -> ComposeResult:
        yield Static("hi", id="hi")


def test_the_checked_version_is_the_installed_one():
    import textual

    assert textual.__version__ == ti.TEXTUAL_CHECKED, (
        "Textual changed: check every function of textual_internals.py and this test, "
        "then set TEXTUAL_CHECKED"
    )


def test_a_node_has_its_own_bindings_map():
    app = Tiny()
    assert isinstance(app._bindings, BindingsMap)
    table = ti.key_bindings(app)
    assert isinstance(table, dict)
    assert [b.action for b in table["x"]] == ["nothing"]
    ti.clear_bindings(app)
    assert ti.key_bindings(app) == {}


def test_active_app_is_a_context_variable_set_by_app_context():
    from textual._context import active_app

    assert isinstance(active_app, contextvars.ContextVar)
    assert ti.current_app() is None
    app = Tiny()
    assert inspect.isgeneratorfunction(inspect.unwrap(App._context))
    with app._context():
        assert ti.current_app() is app
    assert ti.current_app() is None


def test_closing_flags_are_bools_on_every_node():
    app = Tiny()
    static = Static()
    for node in (app, static):
        assert node._closing is False
        assert node._closed is False
        assert node._pruning is False
    assert ti.being_removed(static) is False
    assert ti.app_closing(app) is False
    static._pruning = True
    assert ti.being_removed(static) is True


def test_query_cache_component_styles_registry_and_tasks():
    async def main() -> None:
        app = Tiny()
        async with app.run_test():
            screen = app.screen
            assert isinstance(screen._query_one_cache, LRUCache)
            assert isinstance(screen._query_one_cache._cache, dict)
            screen.query_one("#hi")
            assert len(screen._query_one_cache) >= 1
            ti.clear_query_cache(screen)
            assert len(screen._query_one_cache) == 0
            assert isinstance(screen._component_styles, dict)
            assert isinstance(ti.component_style_nodes(screen), list)
            assert isinstance(app._registry, weakref.WeakSet)
            tasks = ti.node_tasks(app)
            assert tasks and all(isinstance(t, asyncio.Task) for t in tasks)

    asyncio.run(main())


def test_print_catchers_are_what_the_app_redirects_to():
    app = Tiny()
    assert hasattr(app, "_capture_stdout") and hasattr(app, "_capture_stderr")
    out, err = io.StringIO(), io.StringIO()
    ti.set_print_catchers(app, out, err)
    assert app._capture_stdout is out and app._capture_stderr is err
    source = inspect.getsource(App._process_messages)
    assert "redirect_stdout(self._capture_stdout)" in source
    assert "redirect_stderr(self._capture_stderr)" in source


def test_the_key_parser_caches_parse_extended_key_with_lru_cache():
    method = ti.XTermParser._parse_extended_key
    assert isinstance(method, functools._lru_cache_wrapper)
    assert list(inspect.signature(method.__wrapped__).parameters) == ["self", "sequence"]
    keys = ti.uncached_parse_extended_key(ti.XTermParser(), "\x1b[A")
    assert keys is not None and [k.key for k in keys] == ["up"]


def test_the_key_parser_runs_a_paused_generator_that_can_be_closed():
    parser = ti.XTermParser()
    assert inspect.isgenerator(parser._gen) and parser._gen.gi_frame is not None
    ti.close_parser(parser)
    assert parser._gen.gi_frame is None  # finished: no paused frame holds the parser
    ti.close_parser(parser)  # closing again does nothing


def test_stylesheet_internals():
    sheet = Stylesheet(variables={"a": "b"})
    assert ti.stylesheet_variables(sheet) == {"a": "b"}
    assert isinstance(sheet._invalid_css, set)
    assert sheet._rules_map is None and sheet._require_parse is False
    assert list(inspect.signature(Stylesheet._parse_rules).parameters) == [
        "self",
        "css",
        "read_from",
        "is_default_rules",
        "tie_breaker",
        "scope",
    ]
    fresh = Stylesheet()
    fresh.add_source("Static { color: red; }", read_from=("x", ""))
    fresh.parse()
    ti.adopt_rules(sheet, fresh)
    assert sheet.rules == fresh.rules and sheet.source == fresh.source
    rules, rules_map = ti.parsed_rules(fresh)
    assert rules == fresh.rules and rules_map["Static"] == rules
    other = Stylesheet()
    other.add_source("Static { color: red; }", read_from=("x", ""))
    ti.use_parsed(other, rules, rules_map)
    assert other._require_parse is False
    assert other.rules is rules and other.rules_map is rules_map
    bad = Stylesheet()
    bad._invalid_css.add("nonsense")
    ti.note_invalid_css(sheet, bad)
    assert "nonsense" in sheet._invalid_css


def test_close_all_is_the_step_that_closes_every_screen():
    """Overridden in footycards/tui/app.py (`screen_dropped` hears of the screens an
    ending app closes); `closing_screens` reads the stacks and installed screens."""
    assert inspect.iscoroutinefunction(App._close_all)
    assert list(inspect.signature(App._close_all).parameters) == ["self"]
    assert "_close_all" in inspect.getsource(App._shutdown)

    async def main() -> None:
        app = Tiny()
        async with app.run_test() as pilot:
            assert isinstance(app._screen_stacks, dict)
            assert isinstance(app._installed_screens, dict)
            app.push_screen(Screen())
            await pilot.pause()
            screens = ti.closing_screens(app)
            assert screens == app.screen_stack and len(screens) == 2

    asyncio.run(main())


def test_notifications_are_a_collection_on_the_app():
    async def main() -> None:
        app = Tiny()
        async with app.run_test() as pilot:
            assert isinstance(app._notifications, Notifications)
            app.notify("one")
            app.notify("two", title="T")
            await pilot.pause()
            assert [(n.title, n.message) for n in ti.notifications(app)] == [
                ("", "one"),
                ("T", "two"),
            ]
            app.clear_notifications()
            assert ti.notifications(app) == []

    asyncio.run(main())


def test_an_app_keeps_the_exception_that_ended_it():
    app = Tiny()
    assert app._exception is None and ti.app_exception(app) is None
    app._exception = ValueError("x")
    assert isinstance(ti.app_exception(app), ValueError)


def test_track_nodes_sees_every_node_and_query_caches_unlink_when_cleared():
    """`App._registry` is a WeakSet that only `add` fills (so a subclass sees every node
    mounted, removed ones too); `DOMNode._query_one_cache` is an `LRUCache` whose ring
    of links `clear` leaves whole: `track_nodes` makes it unlink them."""

    class Parts(Static):
        COMPONENT_CLASSES = {"bye--part"}

    class Two(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("hi", id="hi")
            yield Parts("bye", id="bye")

    async def main() -> None:
        app = Two()
        ever = ti.track_nodes(app)
        async with app.run_test() as pilot:
            bye = app.query_one("#bye")
            bye.get_component_styles("bye--part")  # a small node of its own, unregistered
            assert app.screen in ever and bye in ever and app._registry.ever is ever
            screen = app.screen
            screen.query_one("#hi")
            links = list(screen._query_one_cache._cache.values())
            assert links and all(isinstance(link, list) and len(link) == 4 for link in links)
            screen._query_one_cache.clear()  # as Textual clears a node's cache
            assert all(link == [] for link in links)  # no ring left holding a node
            styles_nodes = ti.component_style_nodes(bye)
            await bye.remove()
            await pilot.pause()
            assert bye not in app._registry and bye in ever
            assert bye._component_styles == {}  # Textual forgot them: `ever` has them
            assert styles_nodes and all(node in ever for node in styles_nodes)
            assert all(node.parent is None for node in styles_nodes)  # freed alone
            plain: LRUCache[str, object] = LRUCache(4)
            plain["a"] = bye
            ring = list(plain._cache.values())
            plain.clear()
            assert ring[0][3] is bye  # Textual's own clear: the link still holds it

    asyncio.run(main())


def test_closed_flag_registry_list_and_the_caches_that_hold_removed_widgets():
    """`has_closed` reads `MessagePump._closed`; `app_nodes` lists `App._registry`;
    `forget_found` empties `_query_one_cache`, `Widget._arrangement_cache` (a
    FIFOCache) and the `NodeList`'s `_displayed_nodes` / `_displayed_visible_nodes`
    pairs (updates count, widgets), which Textual makes again when the count differs."""
    from textual.cache import FIFOCache

    async def main() -> None:
        app = Tiny()
        async with app.run_test() as pilot:
            screen = app.screen
            hi = app.query_one("#hi")
            assert hi in ti.app_nodes(app) and screen in ti.app_nodes(app)
            assert ti.has_closed(hi) is False
            assert isinstance(screen._arrangement_cache, FIFOCache)
            children = screen._nodes
            updates, shown = children._displayed_nodes
            assert isinstance(updates, int) and isinstance(shown, list)
            assert isinstance(children._displayed_visible_nodes, tuple)
            screen.query_one("#hi")
            ti.forget_found(screen)
            assert len(screen._query_one_cache) == 0 and len(screen._arrangement_cache) == 0
            assert children._displayed_nodes == (-1, [])
            assert list(screen.displayed_children) == [hi]  # made again
            await hi.remove()
            await pilot.pause()
            assert ti.has_closed(hi) is True

    asyncio.run(main())


def test_screen_resized_lays_out_and_layout_required_is_a_pending_flag():
    """`Screen._screen_resized(size)` is overridden by footycards/tui/kept_layout.py: the
    Resize handler calls it on the screen and the screens under it; `layout_pending`
    reads `Screen._layout_required`, set by a refresh with layout and cleared once laid
    out."""
    assert list(inspect.signature(Screen._screen_resized).parameters) == ["self", "size"]
    assert "_refresh_layout" in inspect.getsource(Screen._screen_resized)
    source = inspect.getsource(Screen._on_resize)
    assert "self._screen_resized(" in source and "_background_screens" in source

    async def main() -> None:
        app = Tiny()
        async with app.run_test() as pilot:
            await pilot.pause()
            screen = app.screen
            assert ti.layout_pending(screen) is False
            screen.refresh(layout=True)
            assert ti.layout_pending(screen) is True
            await pilot.pause()
            await pilot.pause()
            assert ti.layout_pending(screen) is False

    asyncio.run(main())


def _cyclic_garbage(make) -> int:
    """How many objects only the cycle collector frees once `make()`'s result is dropped."""
    import gc

    gc.collect()
    gc.disable()
    try:
        make()
        return gc.collect()
    finally:
        gc.enable()


def test_strips_cached_in_themselves_are_cycles_and_untie_strips_keeps_them_out():
    """Textual's `Strip.divide` at the strip's own length caches `[self]` and
    `crop_extend` to its own extent caches `self` (in `_divide_cache` and
    `_crop_extend_cache`, FIFOCaches with a `_cache` dict): each such strip is a cycle.
    With `untie_strips` the calls return the same and the strip is freed at once."""
    from rich.segment import Segment
    from textual.cache import FIFOCache
    from textual.strip import Strip

    def divided(divide, crop_extend):
        def make() -> None:
            strip = Strip([Segment("abc"), Segment("de")])
            assert divide(strip, [5]) == [strip] and divide(strip, [5])[0] is strip
            assert crop_extend(strip, 0, 5, None) is strip
            other = Strip([Segment("xyz")])
            assert [s.text for s in divide(other, [1, 3])] == ["x", "yz"]
            assert crop_extend(other, 1, 3, None).text == "yz"
            assert isinstance(strip._divide_cache, FIFOCache)
            assert isinstance(strip._crop_extend_cache._cache, dict)

        return make

    assert _cyclic_garbage(divided(ti._STRIP_DIVIDE, ti._STRIP_CROP_EXTEND)) > 0
    ti.untie_strips()
    ti.untie_strips()  # once is enough: the second changes nothing
    assert Strip.divide is ti._divide and Strip.crop_extend is ti._crop_extend
    assert _cyclic_garbage(divided(Strip.divide, Strip.crop_extend)) == 0
