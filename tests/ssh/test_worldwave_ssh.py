"""World Wave over SSH, end to end: two people at their own terminals (asyncssh clients
with a pty, screens emulated by pyte) answer their own response prompts, a third watches;
nobody's screen shows a card only another seat may see."""

from __future__ import annotations

import asyncio
from typing import Any

from conftest import Client, wait_until

from footycards.core.worldwave import DECK
from footycards.tables import TableHub
from footycards.tui.screens.worldwave import WorldWaveScreen
from footycards.tui.widgets.worldwave_cards import card_name

SIZE = (120, 40)
TOP = ["save", "controversy", "shoot", "foul", "longball"]


def card_words(match: Any, seat: int | None) -> set[str]:
    """The cards, as a hand shows them (`射門 Shoot`), that only other seats hold now."""
    mine = set(match.state.hands[seat]) if seat is not None else set()
    others = {c for s, hand in enumerate(match.state.hands) if s != seat for c in hand}
    return {card_name(c) for c in others - mine}


def cleo_words(match: Any) -> set[str]:
    """The cards the public view names (the discard pile, the table, equipped skills)."""
    view = match.public_view()
    cards = set(view["discard"]) | set(view["table"])
    for info in view["seats"]:
        cards |= {c for c in info["equipped"].values() if c} | set(info["pending"])
    return {card_name(c) for c in cards}


def app_of(st: Any, user: str) -> Any:
    for session in st.server.sessions:
        if session.user == user and session.app is not None:
            return session.app
    raise AssertionError(f"no session for {user}")


async def join(client: Client, code: str, watch: bool = False) -> None:
    client.send("\x1b[18~" if watch else "\x1b[17~")  # F7 / F6
    await client.wait_for("watch a table" if watch else "join a table")
    await asyncio.sleep(0.3)
    client.send(code.lower() + "\r")


async def test_each_player_answers_their_own_prompt_over_ssh(start_server, clients) -> None:
    st = start_server(hub=TableHub(ai_delay=0))
    rest = list(DECK)
    for card in TOP:
        rest.remove(card)
    options = {"characters": ["rooney", "terry"], "deal": [*TOP, *rest]}
    hub = st.server.hub
    table = st.call(lambda: hub.open_table("ann", "worldwave", [None, None], options))
    ann = await clients(st.port, user="ann", size=SIZE)
    bob = await clients(st.port, user="bob", size=SIZE)
    cleo = await clients(st.port, user="cleo", size=SIZE)
    for c in (ann, bob, cleo):
        await c.wait_for("pick a game")
    await join(ann, table.code)
    await join(bob, table.code)
    await wait_until(lambda: st.call(lambda: table.match is not None))
    match = table.match
    await join(cleo, table.code, watch=True)
    for user in ("ann", "bob", "cleo"):
        await wait_until(
            lambda user=user: st.call(lambda: isinstance(app_of(st, user).screen, WorldWaveScreen))
        )
    people = {0: ann, 1: bob}

    async def look() -> None:
        await asyncio.sleep(0.5)  # every screen redrawn and sent
        for seat, client in ((0, ann), (1, bob), (None, cleo)):
            hidden = st.call(lambda seat=seat: card_words(match, seat))
            shown = client.text()
            # a card held by another seat, shown as a hand shows it, unless it is also
            # in the public part of the screen (the feed, the discard pile)
            public = st.call(lambda: cleo_words(match))
            leaked = {w for w in hidden if w in shown and w not in public}
            assert not leaked, f"seat {seat} sees {leaked}:\n{shown}"

    async def play(seat: int, *keys: str) -> None:
        number = st.call(lambda: len(match.actions))
        assert st.call(lambda: match.due) == seat
        for key in keys:
            people[seat].send(key)
            await asyncio.sleep(0.15)
        await wait_until(lambda: st.call(lambda: len(match.actions) > number))
        await look()

    await look()
    await play(0, "x")  # Ann ends her first action phase
    await play(1, "1", "\r")  # Bob shoots: Ann is asked in her own terminal
    for client in (ann, bob, cleo):
        await client.wait_for("bob shoots (needs 1 Save)")
    await play(0, "1", "\r")  # her Save
    assert st.call(lambda: match.actions[-1]) == "save 1"
    await play(1, "p")  # Misjudgement window: Bob's team
    await play(0, "p")  # Whistle window: Ann
    await play(1, "1", "\r")  # the Foul on Ann
    await cleo.wait_for("bob plays 犯規 Foul on ann")
    await play(0, "1", "\r")  # Controversy
    await play(1, "p")
    log = st.call(lambda: list(match.state.log))
    assert any(e["event"] == "cancelled" and e["card"] == "foul" for e in log)
