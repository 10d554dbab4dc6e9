"""A session whose client has gone always ends, whatever its app was doing, and frees its
place: an exit request went to the screen on top and could be lost with it, nothing
tried again, and Textual's shutdown can wait for ever on a screen being mounted (places
were never freed: "The server is full" with nobody connected); an app stopped half-way
through mounting a screen was logged as a crash."""

from __future__ import annotations

import asyncio
import random
import time

import asyncssh
from conftest import wait_until
from textual.app import App, ComposeResult
from textual.widgets import Static

from footycards.ssh import session as session_module

LAUNCHER = "pick a game"
F1, F3, F5, F6, ESC = "\x1bOP", "\x1bOR", "\x1b[15~", "\x1b[17~", "\x1b"


class Stubborn(App[None]):
    """An app that never ends when told to."""

    def compose(self) -> ComposeResult:
        yield Static("stubborn")

    def exit(self, *args: object, **kwargs: object) -> None:
        pass


async def test_an_app_that_does_not_end_is_stopped_and_its_place_freed(
    start_server, clients, footy_home, monkeypatch
) -> None:
    monkeypatch.setattr(session_module, "END_WAIT", 1.0)
    st = start_server(app_factory=lambda info: Stubborn(), max_sessions=1)
    client = await clients(st.port)
    await client.wait_for("stubborn")
    await client.close()
    began = time.monotonic()
    await wait_until(lambda: not st.sessions(), timeout=10)
    assert time.monotonic() - began < 5
    log = (footy_home / "data" / "server.log").read_text()
    assert "did not end when told: stopped" in log
    again = await clients(st.port, user="bob")  # the place is free
    await again.wait_for("stubborn")


async def test_a_stopped_app_leaves_its_table(
    start_server, clients, footy_home, monkeypatch
) -> None:
    from types import SimpleNamespace

    from footycards.tables import TableHub

    monkeypatch.setattr(session_module, "END_WAIT", 1.0)
    hub = TableHub()
    table = hub.open_table("ann", "stadium", [None, None], {})

    def factory(info):
        app = Stubborn()
        app.table_session = SimpleNamespace(presence=table.sit("ann", lambda change: None))
        return app

    st = start_server(app_factory=factory, hub=hub)
    client = await clients(st.port)
    await client.wait_for("stubborn")
    assert st.call(lambda: len(table.presences())) == 1
    await client.close()
    await wait_until(lambda: not st.sessions(), timeout=10)
    assert st.call(lambda: table.presences()) == []  # the seat is free: the game had not begun


async def _visit_and_hang_up(port: int, user: str, keys: list[str], gap: float) -> None:
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=user, known_hosts=None, client_keys=None, agent_path=None
    )
    seen = bytearray()

    class Watch(asyncssh.SSHClientSession[bytes]):
        def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
            seen.extend(data)

    chan, _session = await conn.create_session(
        Watch, term_type="xterm-256color", term_size=(100, 30), encoding=None
    )
    end = time.monotonic() + 20
    while LAUNCHER.encode() not in seen and time.monotonic() < end:
        await asyncio.sleep(0.05)
    for key in keys:
        chan.write(key.encode())
        await asyncio.sleep(gap)
    conn.abort()  # as a network drop: no goodbye


async def test_clients_hanging_up_on_any_screen_free_every_place(start_server, footy_home) -> None:
    st = start_server(max_sessions=4)
    rng = random.Random(17)
    tour = [F1, ESC, F3, ESC, F5, ESC, F6, ESC]
    rounds = []
    for i in range(8):
        if i % 2:  # mid screen change: a few keys, hanging up within 100 ms of the last
            rounds.append((tour[: rng.randrange(1, len(tour) + 1)], rng.uniform(0.0, 0.1)))
        else:  # the whole tour, hanging up right after the last Esc
            rounds.append((tour, 0.15))
    slowest = 0.0
    for group in range(0, len(rounds), 4):
        await asyncio.gather(
            *(
                _visit_and_hang_up(st.port, f"u{group + j}", keys, gap)
                for j, (keys, gap) in enumerate(rounds[group : group + 4])
            )
        )
        began = time.monotonic()
        await wait_until(lambda: not st.sessions(), timeout=8)  # every place free
        slowest = max(slowest, time.monotonic() - began)
    print(f"places free {slowest:.1f} s after the last hang-up at most")
    log = (footy_home / "data" / "server.log").read_text()
    assert "Traceback" not in log and "crash" not in log
    assert log.count("session started") == len(rounds)


class FailsAtTheTable(App[None]):
    """An app that sits at a table, then fails before its room could leave it."""

    def compose(self) -> ComposeResult:
        yield Static("at the table")

    def on_key(self) -> None:
        raise RuntimeError("failed at the table")


async def test_an_app_that_failed_at_a_table_leaves_it_and_is_freed(
    start_server, clients, footy_home
) -> None:
    """Its presence at the table (whose listener leads to the app) is ended by the
    session: the table held the ended app, so that only a deep collection freed it."""
    import weakref
    from types import SimpleNamespace

    from footycards.tables import TableHub

    hub = TableHub()
    table = hub.open_table("ann", "stadium", [None, None], {})

    def factory(info):
        app = FailsAtTheTable()
        app.table_session = SimpleNamespace(app=app)
        app.table_session.presence = table.sit("ann", lambda change, s=app.table_session: s)
        return app

    st = start_server(app_factory=factory, hub=hub)
    deep_before = st.call(lambda: st.server.gc.last_deep)
    client = await clients(st.port)
    await client.wait_for("at the table")
    gone = st.call(lambda: [weakref.ref(s.app) for s in st.server.sessions])
    client.send("x")  # the app fails
    await wait_until(lambda: not st.sessions(), timeout=10)
    assert st.call(lambda: table.presences()) == []
    began = time.monotonic()
    while gone[0]() is not None and time.monotonic() - began < 10:
        await asyncio.sleep(0.05)
    assert gone[0]() is None
    assert st.call(lambda: st.server.gc.last_deep) == deep_before
    log = (footy_home / "data" / "server.log").read_text()
    assert "the app crashed" in log  # a failure, told as one
