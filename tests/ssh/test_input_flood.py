"""Input that could freeze everyone: a client flooding bytes (three writing 200 KiB/s
each once made another session's key take 19.6 s: the key parser ran on the loop every
session shares) and a resize storm (one client was sent 126 MB in 12 s). Each session
has a byte budget, its input is parsed a slice at a time, and resizes are coalesced and
clamped; a paste of a few KiB still arrives whole."""

from __future__ import annotations

import asyncio
import time

import asyncssh
from conftest import wait_until
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from footycards.ssh.driver import MAX_HEIGHT, MAX_WIDTH, RESIZE_EVERY
from footycards.ssh.session import default_app


class Echo(App[None]):
    """Shows the last key, the length of the last paste and how many resizes it had."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []
        self.pastes: list[str] = []
        self.resizes = 0

    def compose(self) -> ComposeResult:
        yield Static("ready", id="out")

    def show(self) -> None:
        last = self.keys[-1] if self.keys else "-"
        text = f"key {last} #{len(self.keys)} paste {len(self.pastes[-1]) if self.pastes else 0}"
        self.query_one("#out", Static).update(text)

    def on_key(self, event: events.Key) -> None:
        self.keys.append(event.key)
        self.show()

    def on_paste(self, event: events.Paste) -> None:
        self.pastes.append(event.text)
        self.show()

    def on_resize(self, event: events.Resize) -> None:
        self.resizes += 1


async def test_flooding_clients_do_not_hold_up_another_session(start_server, clients) -> None:
    st = start_server(
        app_factory=lambda info: Echo() if info.user == "probe" else default_app(info)
    )
    probe = await clients(st.port, user="probe")
    floods = [await clients(st.port, user=f"flood{i}") for i in range(3)]
    await probe.wait_for("ready")
    for client in floods:  # at the launcher
        await client.wait_for("pick a game")
    waits: list[float] = []

    async def flood(client) -> None:
        for _i in range(30):  # 20 KiB every 0.1 s: 200 KiB a second
            if client.closed:
                return
            client.send(b"a" * 20 * 1024)
            await asyncio.sleep(0.1)

    async def keys() -> None:
        for i in range(12):
            key = "xyz"[i % 3]
            began = time.monotonic()
            probe.send(key)
            await probe.wait_for(f"key {key} #{i + 1} ", timeout=30)
            waits.append(time.monotonic() - began)
            await asyncio.sleep(0.2)

    await asyncio.gather(keys(), *(flood(c) for c in floods))
    assert max(waits) < 1.5, waits
    for client in floods:  # beyond the budget for long: closed, and told so
        await client.wait_closed(timeout=10)
        assert "Too much input" in client.text()
    assert not probe.closed


async def test_a_paste_of_a_few_kib_arrives_whole(start_server, clients) -> None:
    st = start_server(app_factory=lambda info: Echo())
    client = await clients(st.port)
    await client.wait_for("ready")
    client.send("\x1b[200~" + "p" * 6000 + "\x1b[201~")
    await client.wait_for("paste 6000")
    client.send("k")
    await client.wait_for("key k")


async def test_a_resize_storm_is_coalesced_and_clamped(start_server) -> None:
    st = start_server(app_factory=lambda info: Echo())
    conn = await asyncssh.connect(
        "127.0.0.1", st.port, username="ann", known_hosts=None, client_keys=None, agent_path=None
    )
    received = bytearray()

    class Count(asyncssh.SSHClientSession[bytes]):
        def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
            received.extend(data)
            del received[:-65536]
            sizes.append(len(data))

    sizes: list[int] = []
    chan, _session = await conn.create_session(
        Count, term_type="xterm-256color", term_size=(80, 24), encoding=None
    )
    try:
        await wait_until(lambda: b"ready" in received)
        (session,) = st.sessions()
        before = st.call(lambda: session.app.resizes)
        sizes.clear()
        began = time.monotonic()
        for i in range(100):  # 1x1 <-> 1000x1000 every 10 ms
            side = 1 if i % 2 else 1000
            chan.change_terminal_size(side, side)
            await asyncio.sleep(0.01)
        chan.change_terminal_size(1000, 1000)
        storm = time.monotonic() - began
        await wait_until(
            lambda: st.call(lambda: tuple(session.app.size)) == (MAX_WIDTH, MAX_HEIGHT)
        )
        await asyncio.sleep(0.3)
        resizes = st.call(lambda: session.app.resizes) - before
        assert resizes <= storm / RESIZE_EVERY + 3, (resizes, storm)  # of 101 changes
        assert sum(sizes) < 3_000_000 * (storm + 1), (sum(sizes), storm)
    finally:
        conn.close()
