"""A dropped screen is freed at once by reference counts (reclaim.py), with every object
frozen as the server's collection policy leaves them: only what nothing else holds is
emptied, and the session goes on."""

from __future__ import annotations

import asyncio
import gc
import sys
import weakref
from collections.abc import Iterator
from typing import Any

import pytest
from textual.widgets import Static

from footycards.ssh import reclaim as reclaim_module
from footycards.ssh.memory import DEEP, GcPolicy
from footycards.ssh.reclaim import reclaim


@pytest.fixture
def frozen() -> Iterator[None]:
    """No collection at all while the test runs, and whatever exists frozen, as in the
    server between two deep collections."""
    gc.disable()
    hook, sys.unraisablehook = sys.unraisablehook, lambda _unraisable: None
    try:  # what earlier tests left (an event loop not closed) is not this test's business
        gc.collect()
    finally:
        sys.unraisablehook = hook
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.enable()


class Node:
    """An object with attributes, in a cycle with its children."""

    def __init__(self, parent: Node | None = None) -> None:
        self.parent = parent
        self.children: list[Node] = []
        self.cache = {"me": self}
        if parent is not None:
            parent.children.append(self)


class Slotted:
    __slots__ = ("other", "__weakref__")

    def __init__(self) -> None:
        self.other: object = None


def test_a_cycle_nothing_else_holds_is_freed(frozen):
    root = Node()
    kids = [Node(root) for _ in range(3)]
    grandchild = Node(kids[0])
    a, b = Slotted(), Slotted()  # a cycle through __slots__ only
    a.other, b.other = b, a
    grandchild.children.append(a)  # type: ignore[arg-type]
    refs = [weakref.ref(x) for x in (root, *kids, grandchild, a, b)]
    gc.freeze()  # frozen, as the server's policy leaves them
    roots = [weakref.ref(root)]
    del root, kids, grandchild, a, b
    assert all(r() is not None for r in refs)  # only cycles hold them
    assert reclaim(roots) > 0
    assert all(r() is None for r in refs)


def _fail(node: Node) -> None:
    raise ValueError("failed")  # its frame, kept by the traceback, holds `node`


def test_a_cycle_through_a_finished_frame_is_freed(frozen):
    """An exception kept by what it was raised about (a stopped app keeps the one that
    stopped a screen's mount): its traceback's frames are finished and are emptied."""
    root = Node()
    try:
        _fail(root)
    except ValueError as error:
        root.cache["error"] = error  # node -> exception -> traceback -> frame -> node
    ref = weakref.ref(root)
    gc.freeze()
    roots = [weakref.ref(root)]
    del root
    assert ref() is not None  # only the cycle holds it
    assert reclaim(roots) > 0
    assert ref() is None


def test_what_is_held_from_outside_is_kept_whole(frozen):
    root = Node()
    kid = Node(root)
    other = Node(kid)
    kept = Node(root)  # held by this test: it, and all it reaches, is in use
    gc.freeze()
    roots = [weakref.ref(root)]
    kid_ref, other_ref = weakref.ref(kid), weakref.ref(other)
    del root, kid, other
    reclaim(roots)
    assert kid_ref() is not None and other_ref() is not None  # reached through `kept`
    assert kept.parent is not None and kept.parent.children[0] is kid_ref()
    assert kept.cache == {"me": kept} and kid_ref().cache["me"] is kid_ref()  # type: ignore[union-attr]
    del kept


def test_a_root_still_in_use_is_left_alone(frozen):
    root = Node()
    Node(root)
    assert reclaim([weakref.ref(root)]) == 0
    assert len(root.children) == 1 and root.children[0].parent is root
    assert reclaim([weakref.ref(Slotted())]) == 0  # freed by its count alone: nothing to do


def test_a_launcher_left_for_a_table_is_freed_without_a_collection(footy_home, frozen):
    """The SSH server's case: a session goes from the launcher to a shared table. The
    launcher (its widgets, styles, caches) is freed by the policy's next tick, although
    it was frozen and no collection runs, and the table goes on working."""
    from footycards.tables import TableHub
    from footycards.tui.app import FootyApp
    from footycards.tui.screens.launcher import LauncherScreen
    from footycards.tui.screens.tables import TableRoomScreen, enter_table

    async def main() -> None:
        hub = TableHub()
        policy = GcPolicy(reclaim_after=0.0, reclaim_tries=1000)
        app = FootyApp(hub=hub, user="ann", speed="instant")
        app.screen_dropped = policy.screen_dropped
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LauncherScreen)
            await pilot.press("down", "down")  # the launcher in use: caches filled
            await pilot.pause()
            left = [weakref.ref(n) for n in app.screen.walk_children(with_self=True)]
            gc.collect()  # as the policy freezes: what is garbage by then is collected
            gc.freeze()
            table = hub.open_table("ann", "stadium", [None, None], {})
            enter_table(app, table)
            freed = 0
            for _ in range(200):  # Textual removes the launcher in the background
                await pilot.pause(0.05)
                freed += policy.reclaim_dropped()
                if all(r() is None for r in left):
                    break
            assert isinstance(app.screen, TableRoomScreen)
            assert freed > 0  # held by their own cycles until reclaim emptied them
            assert [r() for r in left if r() is not None] == []
            await pilot.press("l")  # leave the table: a new launcher, built as it was
            for _ in range(200):
                await pilot.pause(0.05)
                if isinstance(app.screen, LauncherScreen):
                    break
            assert isinstance(app.screen, LauncherScreen)
            await pilot.press("down")
            await pilot.pause()

    asyncio.run(main())


def test_the_app_tells_of_each_screen_it_removes(footy_home):
    from textual.screen import Screen

    from footycards.tui.app import FootyApp
    from footycards.tui.screens.info import RulesScreen

    async def main() -> None:
        told: list[Screen] = []
        app = FootyApp(speed="instant")
        app.screen_dropped = told.append
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            launcher = app.screen
            app.push_screen(RulesScreen("stadium"))
            await pilot.pause()
            rules = app.screen
            app.pop_screen()
            await pilot.pause()
            assert told == [rules]  # popped and removed; the launcher stays
            assert app.screen is launcher

    asyncio.run(main())


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_an_ended_session_s_app_is_freed_and_calls_for_no_deep_collection(frozen):
    clock = Clock()
    policy = GcPolicy(clock=clock, memory=lambda: None, reclaim_after=0.5)
    apps = [Node() for _ in range(5)]
    for app in apps:
        Node(app)  # each app a cycle with its screens
    gc.freeze()
    refs = [weakref.ref(app) for app in apps]
    kept = apps[4]  # one app still held somewhere: it cannot be freed
    for app in apps:
        policy.session_ended(app)
    del apps, app
    assert policy.due(8) != DEEP  # waiting to be freed: not counted yet
    clock.now += 0.5
    policy.reclaim_dropped()
    assert [r() is None for r in refs] == [True, True, True, True, False]
    assert policy.ended == 1 and len(policy.dropped) == 1  # tried again later
    assert policy.due(0) != DEEP
    for tried in range(1, policy.reclaim_tries):  # each wait twice the last
        clock.now += 0.5 * 2**tried - 0.01
        policy.reclaim_dropped()
        assert len(policy.dropped) == 1  # not due yet
        clock.now += 0.01
        policy.reclaim_dropped()
    assert policy.dropped == [] and policy.ended == 1
    assert policy.due(0) == DEEP  # the one held app is left to a deep collection
    assert policy.due(8) != DEEP  # 1 of 8 open
    del kept


def test_an_app_let_go_a_little_later_is_freed_on_a_later_try(frozen):
    clock = Clock()
    policy = GcPolicy(clock=clock, memory=lambda: None, reclaim_after=0.5)
    app = Node()
    Node(app)
    holder = [app]  # the closing connection, still holding the app for a moment
    gc.freeze()
    ref = weakref.ref(app)
    policy.session_ended(app)
    del app
    clock.now += 0.5
    policy.reclaim_dropped()
    assert ref() is not None and policy.ended == 1
    holder.clear()  # the connection is closed
    clock.now += 0.5
    assert policy.reclaim_dropped() == 0  # the next try comes a second after the first
    clock.now += 0.5
    assert policy.reclaim_dropped() > 0
    assert ref() is None and policy.ended == 0 and policy.dropped == []


def test_a_cycle_through_a_paused_generator_is_closed_and_freed(frozen):
    """An unreachable paused generator is closed (its `finally` runs), as the collector
    closes one, and then its cycle is freed: a stopped app's paused coroutines went to
    deep collections before."""
    cleaned: list[str] = []

    def counting(owner: Node):
        try:
            while True:
                yield owner  # the generator's frame holds the node, the node the generator
        finally:
            cleaned.append("closed")

    root = Node()
    root.cache["steps"] = counting(root)  # type: ignore[assignment]
    next(root.cache["steps"])  # type: ignore[call-overload]
    gc.freeze()
    ref = weakref.ref(root)
    del root
    assert reclaim([ref]) > 0
    assert ref() is None and cleaned == ["closed"]


def test_a_paused_generator_still_in_use_is_not_closed(frozen):
    def counting(owner: Node):
        while True:
            yield owner

    root = Node()
    steps = counting(root)
    root.cache["steps"] = steps  # type: ignore[assignment]
    next(steps)
    gc.freeze()
    ref = weakref.ref(root)
    del root
    assert reclaim([ref]) == 0  # the generator is held from outside: all of it is in use
    assert next(steps) is ref()


def test_a_generator_that_will_not_end_leaves_its_cycle_whole(frozen):
    patience = ["wait"] * (reclaim_module.FINALIZE_TRIES + 1)

    def stubborn(owner: Node):
        while True:
            try:
                yield owner
            except GeneratorExit:
                if not patience:
                    return
                patience.pop()  # waits again in its cleanup, more often than it is closed

    root = Node()
    root.cache["steps"] = stubborn(root)  # type: ignore[assignment]
    next(root.cache["steps"])  # type: ignore[call-overload]
    gc.freeze()
    ref = weakref.ref(root)
    del root
    assert reclaim([ref]) == 0
    assert ref() is not None and ref().cache["me"] is ref()  # type: ignore[union-attr]
    patience.clear()
    ref().cache.pop("steps").close()  # type: ignore[union-attr]


def test_apps_ending_interleaved_leave_no_ended_app_behind(footy_home):
    """Textual points sys.stdout at each running app's catcher and restores what it found
    when the app ends: two sessions' apps that start A, B and end A, B left A's catcher in
    sys.stdout, and with it the whole of app A. The server's apps write to its streams."""
    import sys

    from footycards.ssh.server import FootyServer, ServerOptions
    from footycards.tui.app import FootyApp

    server = FootyServer(ServerOptions(port=0))
    before = (sys.stdout, sys.stderr)

    async def main() -> weakref.ref[FootyApp]:
        first, second = FootyApp(speed="instant"), FootyApp(speed="instant")
        for app in (first, second):
            server.adopt(app)
        run_first = asyncio.create_task(first.run_async(headless=True, size=(80, 24)))
        await asyncio.sleep(0.3)
        run_second = asyncio.create_task(second.run_async(headless=True, size=(80, 24)))
        await asyncio.sleep(0.3)
        first.exit()
        await run_first
        second.exit()
        await run_second
        return weakref.ref(first)

    first = asyncio.run(main())
    assert (sys.stdout, sys.stderr) == before
    gc.collect()
    assert first() is None  # nothing keeps the ended app


def test_the_table_list_a_guest_joined_from_is_freed(footy_home, frozen):
    """A screen started while another screen's handler runs keeps that screen for its
    whole life (Textual saves the active message pump): joining from the list of open
    tables kept the list alive under the room. The list is freed like the launcher."""
    from footycards.tables import TableHub
    from footycards.tui.app import FootyApp
    from footycards.tui.screens.tables import TableListScreen

    async def main() -> None:
        hub = TableHub()
        policy = GcPolicy(reclaim_after=0.0, reclaim_tries=1000)
        hub.open_table("ann", "stadium", [None, None], {})
        bob = FootyApp(hub=hub, user="bob", speed="instant")
        bob.screen_dropped = policy.screen_dropped
        async with bob.run_test(size=(80, 24)) as pilot:
            await pilot.press("f6")
            await pilot.pause()
            assert isinstance(bob.screen, TableListScreen)
            listing = weakref.ref(bob.screen)
            await pilot.press("tab", "enter")  # the first open table
            for _ in range(200):
                await pilot.pause(0.05)
                policy.reclaim_dropped()
                if listing() is None:
                    break
            assert listing() is None
            assert bob.table_session is not None  # seated at the table

    asyncio.run(main())


def test_only_a_tested_cpython_with_its_gil_may_reclaim():
    assert reclaim_module.unsupported() is None  # the interpreter these tests run on
    for version in reclaim_module.TESTED_PYTHONS:
        assert reclaim_module.unsupported(version, False, True) is None
    assert "3.10 was not tested" in str(reclaim_module.unsupported((3, 10), False, True))
    assert "3.14 was not tested" in str(reclaim_module.unsupported((3, 14), False, True))
    assert "free-threaded" in str(reclaim_module.unsupported((3, 13), True, True))
    assert "free-threaded" in str(reclaim_module.unsupported((3, 13), False, False))


def test_reclaim_switched_off_leaves_everything_alone(frozen, monkeypatch):
    monkeypatch.setattr(reclaim_module, "_off", "a free-threaded build (no GIL)")
    root = Node()
    Node(root)
    ref = weakref.ref(root)
    gc.freeze()
    del root
    assert reclaim([ref]) == 0
    assert ref() is not None and len(ref().children) == 1  # type: ignore[union-attr]


def test_emptied_nodes_still_alive_switch_reclaim_off(frozen, monkeypatch, caplog):
    monkeypatch.setattr(reclaim_module, "_off", None)
    empty = reclaim_module._empty
    monkeypatch.setattr(reclaim_module, "_empty", lambda obj: None)  # a method that fails

    def dropped() -> list[weakref.ref[object]]:
        widget = Static()
        widget.me = widget  # type: ignore[attr-defined]  # a cycle nothing else holds
        gc.freeze()
        return [weakref.ref(widget)]

    first = dropped()
    assert reclaim(first) > 0
    assert first[0]() is not None  # not emptied: still alive, so the check fails
    assert reclaim_module.off() == "1 emptied nodes are still alive"
    assert "reclaim switched off" in caplog.text
    monkeypatch.setattr(reclaim_module, "_empty", empty)
    second = dropped()
    assert reclaim(second) == 0  # off for the rest of the process
    assert second[0]() is not None


def test_what_was_dropped_with_an_app_is_tried_again_until_all_is_freed(frozen):
    """An app freed while one of its screens is still held a moment (a cancelled timer
    keeps its context): the screen is tried again, not forgotten among frozen objects."""
    clock = Clock()
    policy = GcPolicy(clock=clock, memory=lambda: None, reclaim_after=0.5)
    app, screen = Node(), Node()
    Node(app)
    Node(screen)
    holder = [screen]  # held for a moment
    gc.freeze()
    app_ref, screen_ref = weakref.ref(app), weakref.ref(screen)
    policy.session_ended(app)
    policy.dropped[0].roots.append(weakref.ref(screen))  # dropped with the app
    del app, screen
    clock.now += 0.5
    policy.reclaim_dropped()
    assert app_ref() is None and screen_ref() is not None
    assert policy.ended == 0 and len(policy.dropped) == 1  # the screen waits for a retry
    assert policy.due(0) != DEEP
    holder.clear()
    clock.now += 1.0
    assert policy.reclaim_dropped() > 0
    assert screen_ref() is None and policy.dropped == []


def test_an_ended_apps_removed_widgets_are_freed_with_it(frozen):
    """Widgets an app removed from a screen that stayed are in cycles of their own that
    were frozen meanwhile; nothing leads to them from the app any more. Once the app has
    ended, every node it ever had (`track_nodes`) is handed to `reclaim` with it, so
    they are freed without a deep collection; told only of the app, they stayed. The
    query cache Textual empties when it removes a widget left its ring of links, a
    cycle holding what the widget had found: with `track_nodes` the ring is unlinked."""
    from textual.app import App, ComposeResult
    from textual.containers import Vertical

    from footycards.tui.textual_internals import track_nodes

    class Boxes(App[None]):
        def compose(self) -> ComposeResult:
            for name in ("gone", "stays"):
                with Vertical(id=name):
                    yield Static(f"{name} 1", id=f"{name}-1")
                    yield Static(f"{name} 2")

    async def run(tracked: bool) -> tuple[list[weakref.ref[Any]], GcPolicy]:
        policy = GcPolicy(clock=Clock(), memory=lambda: None, reclaim_after=0.5)
        app = Boxes()
        nodes = track_nodes(app) if tracked else ()
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.pause()
            box = app.query_one("#gone")
            box.query_one("#gone-1")  # now in the box's query cache
            gone = [weakref.ref(n) for n in box.walk_children(with_self=True)]
            del box
            gc.collect()  # as the policy freezes
            gc.freeze()
            await app.query_one("#gone").remove()
            await pilot.pause()
        policy.session_ended(app, nodes)
        del app, pilot
        return gone, policy

    for tracked in (False, True):
        gone, policy = asyncio.run(run(tracked))
        while policy.dropped:  # every try, each wait twice the last
            policy.clock.now += 0.5 * 2 ** policy.dropped[0].tries  # type: ignore[attr-defined]
            policy.reclaim_dropped()
        left = sum(1 for r in gone if r() is not None)
        assert left == (0 if tracked else len(gone))
        assert policy.ended == 0  # the app itself was freed either way


def test_the_walks_remember_each_type_once_and_a_bounded_number_of_them():
    """The walk and the emptying look a type up once (not an isinstance chain per
    object); classes made at run time cannot grow those tables without end."""
    from footycards.ssh import reclaim as walk

    made = [type(f"Made{n}", (), {"__slots__": ("x",)}) for n in range(walk._KINDS_KEPT + 5)]
    for cls in made:
        assert walk._kind(cls) == walk._ENTER
        assert walk._how_to_empty(cls) == walk._ATTRIBUTES
        assert walk._slots(cls) == ("x",)
    assert len(walk._kinds) <= walk._KINDS_KEPT
    assert len(walk._emptying) <= walk._KINDS_KEPT
    assert len(walk._slot_names) <= walk._KINDS_KEPT
    assert walk._kind(type(lambda: None)) == walk._FUNCTION
    from rich.style import Style

    assert walk._kind(Style) == walk._SKIP
