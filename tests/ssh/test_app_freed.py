"""An ended session's app is freed soon after, with the server's collection policy on and
no deep collection: nothing the server keeps (the session, its terminal, the policy)
leads back to it, and the key parser's paused generator is closed, so `reclaim` can
prove it unreachable. Ended apps piled up frozen before, and only deep collections,
pauses of seconds for every session, freed them."""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

from conftest import wait_until

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
