"""World Wave at a shared table: two people in their own terminals answer their own
prompts (no pass screen), a spectator sees the public view; a dropped player's seat is
taken by the AI after the takeover wait, and the match goes on."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from footycards.core.worldwave import DECK
from footycards.tables import TableHub
from footycards.tui.app import FootyApp
from footycards.tui.screens.tables import enter_table
from footycards.tui.screens.worldwave import WorldWaveScreen
from footycards.tui.widgets.pass_device import PassDeviceScreen
from footycards.tui.widgets.worldwave_cards import HandPanel

SIZE = (120, 40)
TOP = ["save", "controversy", "shoot", "foul", "longball"]


def options() -> dict[str, Any]:
    rest = list(DECK)
    for card in TOP:
        rest.remove(card)
    return {"characters": ["rooney", "terry"], "deal": [*TOP, *rest]}


async def wait_for(condition: Callable[[], Any], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)


async def sit(app: FootyApp, pilot, table, watch: bool = False) -> None:
    app.call_later(lambda: enter_table(app, table, watch=watch))
    await pilot.pause()


def game(app: FootyApp) -> WorldWaveScreen:
    screen = app.screen
    assert isinstance(screen, WorldWaveScreen), screen
    return screen


def prompt(app: FootyApp) -> str:
    widget = game(app).query_one("#prompt")
    return str(widget.render()) if widget.display else ""


async def test_two_remote_seats_answer_their_own_prompts_and_a_spectator_watches(tmp_path):
    hub = TableHub(ai_delay=0)
    ann = FootyApp(hub=hub, user="Ann", speed="instant", home=tmp_path / "ann")
    bob = FootyApp(hub=hub, user="Bob", speed="instant", home=tmp_path / "bob")
    cleo = FootyApp(hub=hub, user="Cleo", speed="instant", home=tmp_path / "cleo")
    table = hub.open_table("Ann", "worldwave", [None, None], options())
    async with (
        ann.run_test(size=SIZE) as ann_keys,
        bob.run_test(size=SIZE) as bob_keys,
        cleo.run_test(size=SIZE) as cleo_keys,
    ):
        await sit(ann, ann_keys, table)
        await sit(bob, bob_keys, table)
        await wait_for(lambda: table.match is not None)
        match = table.match
        assert match is not None
        await sit(cleo, cleo_keys, table, watch=True)
        for app in (ann, bob, cleo):
            await wait_for(lambda app=app: isinstance(app.screen, WorldWaveScreen))
        assert game(ann).local == {0} and game(bob).local == {1} and game(cleo).local == set()

        def hands_private() -> None:
            assert game(ann).query_one(HandPanel).cards == match.state.hands[0]
            assert game(bob).query_one(HandPanel).cards == match.state.hands[1]
            assert game(cleo).query_one(HandPanel).cards is None
            for app in (ann, bob, cleo):
                assert not isinstance(app.screen, PassDeviceScreen)

        async def step(app: FootyApp, keys, *press: str) -> None:
            number = len(match.actions)
            await wait_for(lambda: game(app).can_act())
            await keys.press(*press)
            await wait_for(lambda: len(match.actions) > number)
            for other in (ann, bob, cleo):
                await wait_for(lambda other=other: game(other).moves == len(match.actions))
            hands_private()

        hands_private()
        await step(ann, ann_keys, "x")  # Ann ends her first action phase
        await step(bob, bob_keys, "1", "enter")  # Bob shoots: Ann is asked, in her terminal
        for app in (ann, bob, cleo):
            text = prompt(app)
            assert "Asked: Ann" in text and "Bob shoots (needs 1 Save)" in text
        await bob_keys.press("p")  # not Bob's decision: nothing happens
        await bob_keys.pause()
        assert match.actions[-1] == "shoot"
        await step(ann, ann_keys, "1", "enter")  # her Save
        assert match.actions[-1] == "save 1"
        await step(bob, bob_keys, "p")  # Misjudgement window: Bob's team
        await step(ann, ann_keys, "p")  # Whistle window: Ann
        await step(bob, bob_keys, "1", "enter")  # Foul on Ann
        assert "Bob plays 犯規 Foul on Ann" in prompt(cleo)
        await step(ann, ann_keys, "1", "enter")  # Controversy
        await step(bob, bob_keys, "p")
        assert any(e["event"] == "cancelled" and e["card"] == "foul" for e in match.state.log)


async def test_a_dropped_player_is_replaced_by_the_ai_and_the_match_goes_on(tmp_path):
    hub = TableHub(ai_delay=0, takeover_wait=0.2)
    ann = FootyApp(hub=hub, user="Ann", speed="instant", home=tmp_path / "ann")
    bob = FootyApp(hub=hub, user="Bob", speed="instant", home=tmp_path / "bob")
    table = hub.open_table("Ann", "worldwave", [None, None], options())
    async with ann.run_test(size=SIZE) as ann_keys:
        await sit(ann, ann_keys, table)
        async with bob.run_test(size=SIZE) as bob_keys:
            await sit(bob, bob_keys, table)
            await wait_for(lambda: isinstance(bob.screen, WorldWaveScreen))
        match = table.match
        assert match is not None
        await wait_for(lambda: table.chairs[1].taken_over, seconds=5)
        await wait_for(lambda: isinstance(ann.screen, WorldWaveScreen))
        await wait_for(lambda: game(ann).can_act())
        await ann_keys.press("x")  # Ann ends; the AI plays Bob's turn
        while match.state.turn_number < 3:  # Ann passes whenever the AI's plays ask her
            await wait_for(lambda: match.due == 0 or match.state.turn_number >= 3, seconds=10)
            if match.state.turn_number < 3:
                await wait_for(lambda: game(ann).can_act())
                await ann_keys.press("p")
                await ann_keys.pause()
        assert any(e["event"] == "turn" and e["seat"] == 1 for e in match.state.log)
        assert match.is_ai(1)


async def test_the_host_form_and_the_room_show_each_seats_team(tmp_path):
    """Hosting World Wave: even seat counts only, each seat with its team; the room
    lists the seats with their teams too."""
    from footycards.tui.screens.tables import HostScreen, TableRoomScreen
    from footycards.tui.widgets.choice import Choice

    hub = TableHub(ai_delay=0)
    ann = FootyApp(hub=hub, user="Ann", speed="instant", home=tmp_path / "ann")
    async with ann.run_test(size=SIZE) as keys:
        await keys.pause()
        await keys.press("f5")
        await wait_for(lambda: isinstance(ann.screen, HostScreen))
        host = ann.screen

        def pick() -> None:
            host.query_one("#game", Choice).value = "worldwave"

        ann.call_later(pick)
        await wait_for(lambda: host.game_id == "worldwave")
        await keys.pause()
        count = host.query_one("#seatcount", Choice)
        assert [v for _label, v in count.choices] == [2, 4, 6, 8, 10]
        labels = [host.query_one(f"#kind-{i}", Choice).label for i in range(2)]
        assert labels == ["P1 Team A", "P2 Team B"]
        table = hub.open_table("Ann", "worldwave", [None, "easy"], options())
        await sit(ann, keys, table)
        await wait_for(lambda: isinstance(ann.screen, (TableRoomScreen, WorldWaveScreen)))
        room = next(s for s in ann.screen_stack if isinstance(s, TableRoomScreen))
        text = room.seats_text().plain
        assert "P1 Team A Ann" in text and "P2 Team B" in text
