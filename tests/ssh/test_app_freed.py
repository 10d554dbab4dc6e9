"""An ended session's app is freed soon after, with the server's collection policy on and
no deep collection: nothing the server keeps (the session, its terminal, the policy)
leads back to it, and the key parser's paused generator is closed, so `reclaim` can
prove it unreachable. Ended apps piled up frozen before, and only deep collections,
pauses of seconds for every session, freed them."""

from __future__ import annotations

import asyncio
import time
import weakref
from typing import Any

import pytest
from conftest import wait_until
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Input, Static

LAUNCHER = "pick a game"
F1, F2, F3, ESC = "\x1bOP", "\x1bOQ", "\x1bOR", "\x1b"


def _apps(st: Any) -> list[weakref.ref[Any]]:
    return st.call(lambda: [weakref.ref(s.app) for s in st.server.sessions if s.app is not None])


async def _tour(client: Any) -> None:
    """Through a few screens and back to the launcher."""
    await client.wait_for(LAUNCHER)
    for key, words in ((F1, "The cards"), (F2, "What it does"), (F3, "statistics")):
        client.send(key)
        await client.wait_for(words)
        client.send(ESC)
        await wait_until(lambda w=words: w not in client.text(), 15)


async def test_an_ended_sessions_app_is_freed_without_a_deep_collection(
    start_server, clients
) -> None:
    st = start_server()
    policy = st.server.gc
    deep_before = policy.last_deep
    stay = await clients(st.port, user="stay")  # a session that goes on meanwhile
    await stay.wait_for(LAUNCHER)
    leaving = []
    for name in ("ann", "bob"):
        client = await clients(st.port, user=name)
        await _tour(client)
        leaving.append(client)
    refs = _apps(st)
    assert len(refs) == 3
    kept = [r for r in refs if r().user == "stay"]  # type: ignore[union-attr]
    gone = [r for r in refs if r not in kept]
    await wait_until(lambda: st.call(lambda: policy.last_freeze > policy.last_deep), 10)
    for client in leaving:
        client.conn.abort()  # as a dropped network link
    await wait_until(lambda: len(st.sessions()) == 1, 10)
    await wait_until(lambda: all(r() is None for r in gone), 15)
    assert st.call(lambda: policy.last_deep) == deep_before  # freed, not collected
    assert kept[0]() is not None
    stay.send("\x1b[B")  # the session left goes on
    await stay.wait_for(LAUNCHER)


def test_a_detached_terminal_leads_back_to_nothing() -> None:
    from textual.app import App

    from footycards.ssh.driver import Terminal, attach, detach

    class Owner:
        def __init__(self) -> None:
            self.sent: list[bytes] = []

        def send(self, data: bytes) -> None:
            self.sent.append(data)

        def interrupt(self) -> bool:
            return True

    owner = Owner()
    terminal = Terminal(send=owner.send, interrupt=owner.interrupt)
    app: App[None] = App()
    attach(app, terminal)
    detach(app, terminal)
    assert terminal.closed and terminal.driver is None and terminal.interrupt is None
    terminal.send(b"late output")
    assert owner.sent == []
    assert all(getattr(v, "__self__", None) is not owner for v in vars(terminal).values())


def test_cancelled_timers_are_taken_out_of_the_schedule() -> None:
    from footycards.ssh.memory import drop_cancelled_timers

    loop = asyncio.new_event_loop()
    try:
        kept = loop.call_later(60, lambda: None)
        gone = [loop.call_later(30 + i, lambda: None) for i in range(5)]
        for handle in gone:
            handle.cancel()
        assert drop_cancelled_timers(loop) == 5
        assert loop._scheduled == [kept]  # type: ignore[attr-defined]
        assert loop._timer_cancelled_count == 0  # type: ignore[attr-defined]
        assert drop_cancelled_timers(loop) == 0
    finally:
        kept.cancel()
        loop.close()


class ThinkingAgent:
    """Plays the first legal action after thinking `seconds` in its worker thread (as
    `hard` does, blocking)."""

    name = "thinking"
    uses_view = True  # the Agent contract (footycards.ai.base)
    uses_log = True

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def choose(self, view: Any, legal_actions: list[Any], rng: Any) -> Any:
        time.sleep(self.seconds)
        return legal_actions[0]


def _stadium_against_the_ai(think: float, speed: str) -> Any:
    """An app factory: each session opens a local Stadium game whose AI seat moves first."""
    from footycards.match import Match
    from footycards.seats import parse_players
    from footycards.ssh.session import player_home
    from footycards.tui.app import FootyApp

    def factory(info: Any) -> Any:
        match = Match.start("stadium", parse_players(f"ai:hard,{info.user}"), 5)
        match.agents[0] = ThinkingAgent(think)
        return FootyApp(match, speed=speed, lang=info.lang, home=player_home(info.user))

    return factory


def _ann(st: Any) -> list[weakref.ref[Any]]:
    return st.call(
        lambda: [weakref.ref(s.app) for s in st.server.sessions if s.user == "ann" and s.app]
    )


async def _freed_without_a_deep_collection(st: Any, gone: weakref.ref[Any], before: float) -> None:
    """`gone`'s app is freed within 10 s of its session's end, by `reclaim`."""
    await wait_until(lambda: len(st.sessions()) == 1, 10)
    began = time.monotonic()
    while gone() is not None and time.monotonic() - began < 10:
        await asyncio.sleep(0.05)
    assert gone() is None, "the app was not freed within 10 s"
    assert st.call(lambda: st.server.gc.last_deep) == before  # freed, not collected


@pytest.mark.parametrize(
    ("think", "speed"),
    [(1.5, "instant"), (0.0, "slow")],
    ids=["while-the-ai-thinks", "while-its-move-waits-for-the-pace"],
)
async def test_an_app_hung_up_during_an_ai_turn_is_freed(start_server, clients, think, speed):
    """The finished AI worker and its task held each other, and the task's context held
    the app (`active_app`) from outside the app's own objects."""
    st = start_server(app_factory=_stadium_against_the_ai(think, speed))
    deep_before = st.call(lambda: st.server.gc.last_deep)
    stay = await clients(st.port, user="stay")  # a session that goes on meanwhile
    await stay.wait_for("Thinking")
    client = await clients(st.port, user="ann")
    await client.wait_for("Thinking")  # the AI's turn is in progress
    gone = _ann(st)
    assert len(gone) == 1
    client.conn.abort()  # as a dropped network link, mid turn
    await _freed_without_a_deep_collection(st, gone[0], deep_before)


async def test_a_local_game_left_during_the_ai_s_turn_frees_its_app(start_server, clients):
    """The same from the launcher: Ctrl+S (Stadium against the AI at the default pace),
    cards flipped until the AI is to move, then the link drops."""
    st = start_server()
    deep_before = st.call(lambda: st.server.gc.last_deep)
    stay = await clients(st.port, user="stay")
    await stay.wait_for(LAUNCHER)
    client = await clients(st.port, user="ann")
    await client.wait_for(LAUNCHER)
    client.send("\x13")
    await client.wait_for("Decide")  # who starts
    await asyncio.sleep(0.2)
    client.send("\r")
    await client.wait_for("flip a card")
    for _turn in range(6):  # two cards a turn; a pair found goes on
        if "Thinking" in client.text():
            break
        for key in ("\r", "\x1b[C", "\r"):
            client.send(key)
            await asyncio.sleep(0.2)
        if "Thinking" not in client.text():
            await asyncio.sleep(1.0)
    await client.wait_for("Thinking", 10)
    gone = _ann(st)
    client.conn.abort()
    await _freed_without_a_deep_collection(st, gone[0], deep_before)


class Stubborn(App[None]):
    """An app that never ends when told to, with a task of its own paused mid-way."""

    def compose(self) -> ComposeResult:
        yield Static("stubborn")

    def on_mount(self) -> None:
        self.run_worker(self.forever(), group="stubborn")

    async def forever(self) -> None:
        await asyncio.sleep(3600)

    def exit(self, *args: object, **kwargs: object) -> None:
        pass


async def test_an_app_stopped_after_it_did_not_end_is_freed(start_server, clients, monkeypatch):
    """An app that does not end when told is stopped after END_WAIT: what it leaves (its
    cancelled tasks, a worker that was waiting) is freed by `reclaim` too."""
    from footycards.ssh import session as session_module

    monkeypatch.setattr(session_module, "END_WAIT", 1.0)
    st = start_server(app_factory=lambda info: Stubborn())
    deep_before = st.call(lambda: st.server.gc.last_deep)
    stay = await clients(st.port, user="stay")
    await stay.wait_for("stubborn")
    client = await clients(st.port, user="ann")
    await client.wait_for("stubborn")
    gone = _ann(st)
    client.conn.abort()
    await _freed_without_a_deep_collection(st, gone[0], deep_before)


async def test_a_finished_worker_is_freed_by_reference_counts() -> None:
    """`untie_workers`: a done worker no longer holds its task (whose context holds the
    worker and the app), so no collection is needed to free either."""
    import gc

    from footycards.ssh.reclaim import untie_workers

    async def work() -> int:
        await asyncio.sleep(0)
        return 1

    for untie in (False, True):
        app: App[None] = App()
        if untie:
            untie_workers(app)
        gc.disable()
        try:
            async with app.run_test():
                worker = app.run_worker(work())
                await worker.wait()
                ref = weakref.ref(worker)
                del worker
            await asyncio.sleep(0.05)  # the app's loop (its last message) is gone too
            assert (ref() is None) is untie  # without it: only a collection frees it
        finally:
            gc.enable()


class Plain(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("stubborn")  # the same words as the others


class Clinging(Stubborn):
    """A stubborn app whose task, cancelled when the app is stopped, goes on waiting on
    a future nobody holds: a paused coroutine in a cycle with the app."""

    async def forever(self) -> None:
        while True:
            try:
                await asyncio.get_running_loop().create_future()  # never set
            except asyncio.CancelledError:
                continue  # told to stop: waits again


async def test_a_stopped_app_whose_task_waits_for_ever_is_freed(start_server, clients, monkeypatch):
    """The paused coroutine of a stopped app is closed by `reclaim` (as the collector
    closes an unreachable one) once it is known to be garbage; it left the app to a
    deep collection before. A session next to it goes on."""
    from footycards.ssh import session as session_module

    monkeypatch.setattr(session_module, "END_WAIT", 1.0)
    st = start_server(app_factory=lambda info: Clinging() if info.user == "ann" else Plain())
    deep_before = st.call(lambda: st.server.gc.last_deep)
    stay = await clients(st.port, user="stay")
    await stay.wait_for("stubborn")
    client = await clients(st.port, user="ann")
    await client.wait_for("stubborn")
    gone = _ann(st)
    client.conn.abort()
    await _freed_without_a_deep_collection(st, gone[0], deep_before)
    assert st.call(lambda: len(st.server.sessions)) == 1
    assert not stay.closed and "stubborn" in stay.text()


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        ("\x13", "Decide"),  # a local game's set-up question open (a dialog)
        ("\x1b[15~", "host a table"),  # the host form, after the rules and back
        ("\x1bOP", None),  # hung up at once: mid screen change
    ],
    ids=["a-dialog-open", "at-the-host-form", "mid-screen-change"],
)
async def test_an_app_left_in_an_awkward_place_is_freed(start_server, clients, keys, words):
    """Wherever the client leaves (a question open, a form, half-way through changing
    screens), its app and every node it had are freed by `reclaim`, with no deep
    collection, and the session next to it goes on."""
    st = start_server()
    deep_before = st.call(lambda: st.server.gc.last_deep)
    stay = await clients(st.port, user="stay")
    await stay.wait_for(LAUNCHER)
    client = await clients(st.port, user="ann")
    await client.wait_for(LAUNCHER)
    if words == "host a table":
        client.send(F1)
        await client.wait_for("The cards")
        client.send(ESC)
        await wait_until(lambda: "The cards" not in client.text(), 15)
    gone = _ann(st)
    nodes = st.call(lambda: [weakref.ref(n) for n in st.server.nodes[gone[0]()]])
    client.send(keys)
    if words is not None:
        await client.wait_for(words)
    client.conn.abort()
    await _freed_without_a_deep_collection(st, gone[0], deep_before)
    await wait_until(lambda: all(r() is None for r in nodes), 10)
    stay.send("\x1b[B")
    await asyncio.sleep(0.3)
    assert not stay.closed and LAUNCHER in stay.text()


class Rebuilding(App[None]):
    """An app that builds a list again now and then (as the join list does), with a
    field among it (an Input subscribes to its screen's signal, which holds it)."""

    def compose(self) -> ComposeResult:
        yield Vertical(id="box")

    async def on_mount(self) -> None:
        await self.rebuild()

    async def rebuild(self) -> None:
        box = self.query_one("#box")
        await box.remove_children()
        await box.mount(Static("one", id="one"), Input("two"))
        self.query_one("#one")  # found once: in the app's query cache


async def _one_app_served(
    start_server: Any, clients: Any, monkeypatch: Any, make: Any, shown: str
) -> tuple[Any, Any, float, Any, weakref.ref[Any]]:
    """A server whose sessions run `make()`, handing removed widgets on every 0.2 s, and
    ann's session on it showing `shown`: the server, its policy, when its last deep
    collection was, the client and ann's app."""
    from footycards.ssh import server as server_module

    monkeypatch.setattr(server_module, "REMOVED_EVERY", 0.2)
    st = start_server(app_factory=lambda info: make())
    policy = st.server.gc
    deep_before = st.call(lambda: policy.last_deep)
    client = await clients(st.port, user="ann")
    await client.wait_for(shown)
    return st, policy, deep_before, client, _ann(st)[0]


async def test_widgets_a_running_app_removed_are_freed_while_it_runs(
    start_server, clients, monkeypatch
):
    """Widgets removed from a screen that stays, frozen meanwhile, are handed to
    `reclaim` a little later (`hand_removed`) and freed while the session goes on,
    with no deep collection; they piled up until the session ended before."""
    st, policy, deep_before, client, app = await _one_app_served(
        start_server, clients, monkeypatch, Rebuilding, "one"
    )
    old = st.call(lambda: [weakref.ref(n) for n in app().query("#box > *")])  # type: ignore[union-attr]
    assert len(old) == 2
    mounted = time.monotonic()
    await wait_until(lambda: st.call(lambda: policy.clock() > mounted + 1.0), 5)
    await wait_until(lambda: st.call(lambda: policy.last_freeze > mounted + 0.5), 5)  # frozen
    st.call(lambda: app().call_later(app().rebuild))  # type: ignore[union-attr]
    await wait_until(lambda: all(r() is None for r in old), 10)
    assert app() is not None and st.call(lambda: policy.last_deep) == deep_before
    assert not client.closed and "one" in client.text()


class Focusing(App[None]):
    """An app whose field gains and loses focus (a restyle of its component classes)."""

    def __init__(self) -> None:
        from footycards.tui.stylesheet import SharedStylesheet

        super().__init__()
        self.stylesheet = SharedStylesheet(variables=self.get_css_variables())

    def compose(self) -> ComposeResult:
        yield Input(id="name")
        yield Button("OK", id="ok")


async def test_component_style_nodes_a_restyle_replaced_are_freed_while_the_app_runs(
    start_server, clients, monkeypatch
):
    """Each focus change restyles a field's component classes with small nodes made
    anew; those it replaced, frozen meanwhile, are freed while the session goes on, with
    no deep collection (they were left for one: in a churn run, most of the nodes such
    collections freed)."""
    from footycards.tui.textual_internals import component_style_nodes

    st, policy, deep_before, client, app = await _one_app_served(
        start_server, clients, monkeypatch, Focusing, "OK"
    )
    field = st.call(lambda: app().query_one("#name"))  # type: ignore[union-attr]
    old = st.call(lambda: [weakref.ref(n) for n in component_style_nodes(field)])
    assert old
    field = None
    mounted = time.monotonic()
    await wait_until(lambda: st.call(lambda: policy.last_freeze > mounted + 0.5), 5)  # frozen
    st.call(lambda: app().query_one("#ok").focus())  # type: ignore[union-attr]
    await wait_until(lambda: all(r() is None for r in old), 10)
    assert app() is not None and st.call(lambda: policy.last_deep) == deep_before
    assert not client.closed
