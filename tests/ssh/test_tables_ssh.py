"""Shared tables through SSH, end to end: people at their own terminals (asyncssh clients
with a pty, screens emulated by pyte) host, join, watch and play by key presses against one
server process; every screen is read as the person would see it."""

from __future__ import annotations

import asyncio
from typing import Any

from conftest import Client, wait_until

from footycards.match import Match
from footycards.tables import TableHub
from footycards.tui.screens.game import GameScreen

SIZE = (120, 40)
LAUNCHER = "pick a game"


def strings(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(set(), *(strings(v) for v in obj.values()))
    if isinstance(obj, list | tuple):
        return set().union(set(), *(strings(v) for v in obj))
    return set()


def hidden_from(match: Match, viewer: int | None) -> set[str]:
    """Words (card names...) that only another seat may see now."""
    seen = strings(match.public_view())
    if viewer is not None:
        seen |= strings(match.view(viewer))
    others: set[str] = set()
    for seat in range(len(match.seats)):
        if seat != viewer:
            others |= strings(match.view(seat))
    return {w for w in others - seen if len(w) >= 5 and not w.isdigit()}


def server_app(st: Any, user: str) -> Any:
    """The app of `user`'s session (call on the server's loop: inside st.call)."""
    for session in st.server.sessions:
        if session.user == user and session.app is not None:
            return session.app
    raise AssertionError(f"no session for {user}")


def screen_name(st: Any, user: str) -> str:
    return st.call(lambda: type(server_app(st, user).screen).__name__)


def in_game(st: Any, user: str) -> bool:
    return st.call(lambda: isinstance(server_app(st, user).screen, GameScreen))


async def host_quartett(st: Any, client: Client, user: str, rounds: int) -> Any:
    """From the launcher, by keys: F5, → to Quartett, the round limit, Ctrl+S.
    Returns the table."""
    client.send("\x1b[15~")  # F5
    await client.wait_for("host a table")
    await asyncio.sleep(0.3)
    client.send("\x1b[C")  # right: the next game, Bundesliga Quartett
    await client.wait_for("Bundesliga Quartett")
    for _i in range(100):  # a loaded machine: wait until Quartett's options are built
        if st.call(lambda: bool(server_app(st, user).screen.query("#opt-quartett-round_limit"))):
            break
        await asyncio.sleep(0.1)
    for _i in range(40):  # Tab to the round limit
        focused = st.call(lambda: getattr(server_app(st, user).focused, "id", None))
        if focused == "opt-quartett-round_limit":
            break
        client.send("\t")
        await asyncio.sleep(0.15)
    else:
        raise AssertionError("no round limit field")
    client.send("\x7f" * 6 + str(rounds))
    await asyncio.sleep(0.2)
    client.send("\x13")  # Ctrl+S
    hub = st.server.hub
    await wait_until(lambda: st.call(lambda: len(hub.tables)) == 1)
    return st.call(lambda: next(iter(hub.tables.values())))


async def join(client: Client, code: str, watch: bool = False) -> None:
    client.send("\x1b[18~" if watch else "\x1b[17~")  # F7 / F6
    await client.wait_for("watch a table" if watch else "join a table")
    await asyncio.sleep(0.3)
    client.send(code.lower() + "\r")


async def test_two_players_and_a_spectator_play_to_the_end(start_server, clients) -> None:
    st = start_server(hub=TableHub(ai_delay=0))
    ann = await clients(st.port, user="ann", size=SIZE)
    bob = await clients(st.port, user="bob", size=SIZE)
    cleo = await clients(st.port, user="cleo", size=SIZE)
    for c in (ann, bob, cleo):
        await c.wait_for(LAUNCHER)
        assert "Host a table" in c.text()
    table = await host_quartett(st, ann, "ann", rounds=3)
    code = table.code
    await ann.wait_for(code)  # the code to share is on the host's screen
    await join(bob, code)
    await wait_until(lambda: st.call(lambda: table.match is not None))
    match = table.match
    for user in ("ann", "bob"):
        await wait_until(lambda user=user: in_game(st, user))
    await join(cleo, code, watch=True)
    await wait_until(lambda: in_game(st, "cleo"))
    people = {0: ann, 1: bob}
    looks = 0
    while not st.call(lambda: match.is_over):
        number = st.call(lambda: len(match.actions))
        await asyncio.sleep(0.4)  # every screen has been redrawn and sent
        for seat, client in ((0, ann), (1, bob), (None, cleo)):
            secret = st.call(lambda seat=seat: hidden_from(match, seat))
            leaked = {w for w in secret if w in client.text()}
            assert not leaked, f"seat {seat} sees {leaked}:\n{client.text()}"
            looks += 1
        due = st.call(lambda: match.due)
        people[due].send("1")  # call the first category
        await wait_until(
            lambda number=number: st.call(lambda: len(match.actions) > number or match.is_over)
        )
    assert looks >= 6
    for client in (ann, bob, cleo):
        await client.wait_for("Final whistle")


async def test_reconnect_to_the_seat_and_ai_takeover(start_server, clients) -> None:
    st = start_server(hub=TableHub(ai_delay=0, takeover_wait=2.0))
    ann = await clients(st.port, user="ann", size=SIZE)
    bob = await clients(st.port, user="bob", size=SIZE)
    await ann.wait_for(LAUNCHER)
    await bob.wait_for(LAUNCHER)
    table = await host_quartett(st, ann, "ann", rounds=4)
    await join(bob, table.code)
    await wait_until(lambda: in_game(st, "bob"))
    # Bob's connection drops without a word: his seat is kept for him
    assert bob.conn is not None
    bob.conn.abort()
    await wait_until(lambda: st.call(lambda: table.is_away(1)))
    assert st.call(lambda: table.chairs[1].user) == "bob"
    # ... and he comes back with the same name and the code: his own seat, his own view
    bob2 = await clients(st.port, user="bob", size=SIZE)
    await bob2.wait_for(LAUNCHER)
    await join(bob2, table.code)
    await wait_until(lambda: in_game(st, "bob"))
    assert st.call(lambda: server_app(st, "bob").screen.local) == {1}
    assert not st.call(lambda: table.is_away(1))
    # he drops again and stays away: after the wait an AI plays his seat to the end
    assert bob2.conn is not None
    bob2.conn.abort()
    await wait_until(lambda: st.call(lambda: table.chairs[1].taken_over), timeout=10)
    match = table.match
    while not st.call(lambda: match.is_over):
        number = st.call(lambda: len(match.actions))
        if st.call(lambda: match.due) == 0:
            await asyncio.sleep(0.3)
            ann.send("1")
        await wait_until(
            lambda number=number: st.call(lambda: len(match.actions) > number or match.is_over)
        )
    await ann.wait_for("Final whistle")


async def test_chat_line_with_escapes_is_shown_cleaned(start_server, clients) -> None:
    st = start_server(hub=TableHub(ai_delay=0))
    ann = await clients(st.port, user="ann", size=SIZE)
    bob = await clients(st.port, user="bob", size=SIZE)
    await ann.wait_for(LAUNCHER)
    await bob.wait_for(LAUNCHER)
    table = await host_quartett(st, ann, "ann", rounds=3)
    await ann.wait_for(table.code)
    await wait_until(lambda: screen_name(st, "ann") == "TableRoomScreen")
    ann.send("c")
    await ann.wait_for("Table chat")
    await asyncio.sleep(0.2)
    # a bracketed paste carries the escape sequences into the input as text
    ann.send("\x1b[200~hi \x1b]0;owned\x07there\x1b[2J\x1b[201~\r")
    await wait_until(lambda: st.call(lambda: len(table.chat)) == 1)
    line = st.call(lambda: table.chat[-1])
    assert not any(ch in line.text for ch in "\x1b\x07\x9b\x9d")  # inert text at most
    await join(bob, table.code, watch=True)
    await bob.wait_for("hi")
    assert b"\x1b]0;" not in bob.raw and b"\x1b[2J" not in bob.raw
