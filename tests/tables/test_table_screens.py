"""Shared tables through the UI: several apps in one process on one hub, driven by keys."""

from __future__ import annotations

import asyncio
import html
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Input, OptionList

from footycards.match import Match
from footycards.registry import REGISTRY, get_spec
from footycards.tables import TableHub
from footycards.tui.app import FootyApp
from footycards.tui.screens.end import EndScreen
from footycards.tui.screens.game import GameScreen
from footycards.tui.screens.launcher import LauncherScreen
from footycards.tui.screens.tables import (
    ChatScreen,
    HostScreen,
    TableListScreen,
    TableRoomScreen,
    enter_table,
)
from footycards.tui.widgets.choice import Choice
from footycards.tui.widgets.dialogs import ConfirmScreen
from footycards.tui.widgets.pass_device import PassDeviceScreen

SIZE = (120, 40)


async def wait_for(condition: Callable[[], Any], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)


def screen_text(app: FootyApp) -> str:
    """What the app's terminal shows now, as plain text."""
    svg = app.export_screenshot()
    parts = re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)
    return html.unescape("".join(parts)).replace("\xa0", " ")


def strings(obj: Any) -> set[str]:
    """Every string in a view (keys' values, nested), but the kinds of events: a private
    event's kind (World Wave's "offered") is a name, not a secret."""
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        values = [v for k, v in obj.items() if k != "event"]
        return set().union(*(strings(v) for v in values)) if values else set()
    if isinstance(obj, list | tuple):
        return set().union(*(strings(v) for v in obj)) if obj else set()
    return set()


def secrets(match: Match, viewer: int | None) -> set[str]:
    """Words only another seat may see now (e.g. the name on their top card)."""
    seen = strings(match.public_view())
    if viewer is not None:
        seen |= strings(match.view(viewer))
    hidden: set[str] = set()
    for seat in range(len(match.seats)):
        if seat != viewer:
            hidden |= strings(match.view(seat)) - seen
    return {s for s in hidden if len(s) >= 5 and not s.isdigit()}


def own_secrets(match: Match, seat: int) -> set[str]:
    return {
        s
        for s in strings(match.view(seat)) - strings(match.public_view())
        if len(s) >= 5 and not s.isdigit()
    }


async def in_app(app: FootyApp, pilot, fn: Callable[[], Any]) -> None:
    """Run `fn` in the app's own context (widgets are changed from their app)."""
    app.call_later(fn)
    await pilot.pause()


async def host_quartett(app: FootyApp, pilot, seats: list[str], rounds: int) -> None:
    """From the launcher: F5, pick Quartett, seats and the round limit, Ctrl+S."""
    assert isinstance(app.screen, LauncherScreen)
    await pilot.press("f5")
    await wait_for(lambda: isinstance(app.screen, HostScreen))
    host = app.screen

    def pick_game() -> None:
        host.query_one("#game", Choice).value = "quartett"

    await in_app(app, pilot, pick_game)
    await wait_for(lambda: host.game_id == "quartett")

    def set_seats() -> None:
        host.query_one("#seatcount", Choice).value = len(seats)

    await in_app(app, pilot, set_seats)
    await wait_for(lambda: len(host.plan()) == len(seats))

    def set_kinds() -> None:
        for i, kind in enumerate(seats):
            host.query_one(f"#kind-{i}", Choice).value = kind
        host.query_one("#opt-quartett-round_limit", Input).value = str(rounds)

    await in_app(app, pilot, set_kinds)
    await pilot.press("ctrl+s")
    await wait_for(lambda: isinstance(app.screen, TableRoomScreen))


async def join_by_code(app: FootyApp, pilot, code: str, watch: bool = False) -> None:
    await pilot.press("f7" if watch else "f6")
    await wait_for(lambda: isinstance(app.screen, TableListScreen))
    await pilot.press(*code.lower(), "enter")


async def test_host_join_and_play_to_the_end_each_seeing_only_their_own_cards():
    """Ann hosts Quartett top trumps, Bob joins by code, Cleo watches; they play to the
    end by keys; no screen ever shows a card only another seat may see; Bob's bell rings
    when his turn starts; the result reaches everyone and the host starts a rematch."""
    hub = TableHub(ai_delay=0)
    ann = FootyApp(hub=hub, user="Ann", speed="instant")
    bob = FootyApp(hub=hub, user="Bob", speed="instant")
    cleo = FootyApp(hub=hub, user="Cleo", speed="instant")
    rings: list[float] = []
    bob.bell = lambda: rings.append(time.monotonic())  # type: ignore[method-assign]
    async with (
        ann.run_test(size=SIZE) as ann_keys,
        bob.run_test(size=SIZE) as bob_keys,
        cleo.run_test(size=SIZE) as cleo_keys,
    ):
        await host_quartett(ann, ann_keys, ["people", "people"], rounds=6)
        (table,) = hub.tables.values()
        assert table.code in screen_text(ann)  # the code to share
        assert hub.open_tables() == [table]
        await join_by_code(bob, bob_keys, table.code)
        await wait_for(lambda: table.match is not None)
        match = table.match
        assert match is not None and match.names() == ["Ann", "Bob"]
        for app in (ann, bob):
            await wait_for(lambda app=app: isinstance(app.screen, GameScreen))
        await join_by_code(cleo, cleo_keys, table.code, watch=True)
        await wait_for(lambda: isinstance(cleo.screen, GameScreen))
        screens = {app: app.screen for app in (ann, bob, cleo)}
        assert screens[ann].local == {0} and screens[bob].local == {1}
        assert screens[cleo].local == set() and screens[cleo].viewer is None
        assert not any(s.drive_ai for s in screens.values())

        apps = {0: (ann, ann_keys), 1: (bob, bob_keys)}
        checked = 0
        while not match.is_over:
            number = len(match.actions)
            for seat, app in ((0, ann), (1, bob), (None, cleo)):
                await wait_for(lambda app=app, n=number: screens[app].moves == n)
                shown = screen_text(app)
                leaked = {s for s in secrets(match, seat) if s in shown}
                assert not leaked, f"{app.user} sees {leaked}"
                if seat is not None and seat == match.due:
                    mine = own_secrets(match, seat)
                    assert any(s in shown for s in mine), "the caller sees their own top card"
                checked += 1
            due = match.due
            assert due is not None
            app, keys = apps[due]
            await keys.press("1")  # call the first category
            await wait_for(lambda number=number: len(match.actions) > number)
        assert checked >= 6
        # Bob's bell rang when a round handed him the call
        handed = sum(
            1
            for i, seat in enumerate(match_seats(match))
            if i > 0 and seat == 1 and match_seats(match)[i - 1] == 0
        )
        await wait_for(lambda: len(rings) >= handed)
        for app in (ann, bob, cleo):
            await wait_for(lambda app=app: isinstance(app.screen, EndScreen))
            assert "Final whistle" in screen_text(app)
        first = match
        await ann_keys.press("a")  # the host asks for a rematch: it starts at once
        await wait_for(lambda: table.match is not first)
        for app in (ann, bob):
            await wait_for(
                lambda app=app: (
                    isinstance(app.screen, GameScreen) and app.screen.match is table.match
                )
            )
        assert table.games == 2


def match_seats(match: Match) -> list[int]:
    """Who was due before each action, in order (replayed from the record)."""
    replay = Match.start(match.game_id, match.seats, match.seed, match.options)
    due: list[int] = []
    for action in match.actions:
        assert replay.due is not None
        due.append(replay.due)
        replay.apply(action)
    return due


async def test_reconnect_puts_a_player_back_in_their_seat():
    """Bob's session ends mid-game; a new session called Bob joins with the code and
    is back in seat 2 with his own view; another name may not take the seat."""
    hub = TableHub(ai_delay=0, takeover_wait=30)
    ann = FootyApp(hub=hub, user="Ann", speed="instant")
    bob = FootyApp(hub=hub, user="Bob", speed="instant")
    async with ann.run_test(size=SIZE) as ann_keys:
        await host_quartett(ann, ann_keys, ["people", "people"], rounds=20)
        (table,) = hub.tables.values()
        async with bob.run_test(size=SIZE) as bob_keys:
            await join_by_code(bob, bob_keys, table.code)
            await wait_for(lambda: isinstance(bob.screen, GameScreen))
        await wait_for(lambda: table.is_away(1))  # the app closed: Bob is away, seat kept
        assert table.chairs[1].user == "Bob" and table.chairs[1].timer is not None
        eve = FootyApp(hub=hub, user="Eve", speed="instant")
        async with eve.run_test(size=SIZE) as eve_keys:
            await join_by_code(eve, eve_keys, table.code)
            await eve_keys.pause()
            assert isinstance(eve.screen, TableListScreen)  # refused: the table has started
        bob2 = FootyApp(hub=hub, user="Bob", speed="instant")
        async with bob2.run_test(size=SIZE) as bob2_keys:
            await join_by_code(bob2, bob2_keys, table.code)
            await wait_for(lambda: isinstance(bob2.screen, GameScreen))
            assert bob2.screen.local == {1} and not table.is_away(1)
            assert not isinstance(bob2.screen, PassDeviceScreen)


async def test_ai_takes_a_dropped_seat_so_the_others_can_finish():
    """Bob drops; after the (short) wait an AI calls for him until the game ends."""
    hub = TableHub(ai_delay=0, takeover_wait=0.2)
    ann = FootyApp(hub=hub, user="Ann", speed="instant")
    bob = FootyApp(hub=hub, user="Bob", speed="instant")
    async with ann.run_test(size=SIZE) as ann_keys:
        await host_quartett(ann, ann_keys, ["people", "people"], rounds=8)
        (table,) = hub.tables.values()
        async with bob.run_test(size=SIZE) as bob_keys:
            await join_by_code(bob, bob_keys, table.code)
            await wait_for(lambda: isinstance(bob.screen, GameScreen))
        match = table.match
        assert match is not None
        await wait_for(lambda: table.chairs[1].taken_over, seconds=5)
        await wait_for(lambda: isinstance(ann.screen, GameScreen))
        while not match.is_over:
            number = len(match.actions)
            if match.due == 0:
                await wait_for(lambda: ann.screen.can_act())
                await ann_keys.press("1")
            await wait_for(lambda number=number: len(match.actions) > number or match.is_over)
        await wait_for(lambda: isinstance(ann.screen, EndScreen))


async def test_chat_line_reaches_the_table_cleaned():
    hub = TableHub(ai_delay=0)
    ann = FootyApp(hub=hub, user="Ann", speed="instant")
    async with ann.run_test(size=SIZE) as keys:
        await host_quartett(ann, keys, ["people", "people"], rounds=3)
        (table,) = hub.tables.values()
        await keys.press("c")
        await wait_for(lambda: isinstance(ann.screen, ChatScreen))
        await keys.press(*"hi all", "enter")
        await wait_for(lambda: isinstance(ann.screen, TableRoomScreen))
        assert [(c.who, c.text) for c in table.chat] == [("Ann", "hi all")]
        assert "Ann: hi all" in screen_text(ann)
        await keys.press("l")  # leave the table: nobody is left, it closes
        await wait_for(lambda: isinstance(ann.screen, LauncherScreen))
        assert table.closed and not hub.tables


async def test_launcher_offers_tables_only_with_a_hub():
    def menu_ids(app: FootyApp) -> list[str | None]:
        return [option.id for option in app.screen.query_one("#gamelist", OptionList).options]

    plain = FootyApp(speed="instant")
    async with plain.run_test(size=SIZE) as keys:
        assert "do-stats" in menu_ids(plain) and "do-table-host" not in menu_ids(plain)
        await keys.press("f5")
        assert isinstance(plain.screen, LauncherScreen)
    served = FootyApp(hub=TableHub(), user="Ann", speed="instant")
    async with served.run_test(size=SIZE):
        assert {"do-table-host", "do-table-join", "do-table-watch"} <= set(menu_ids(served))


@pytest.mark.parametrize("game_id", [spec.id for spec in REGISTRY.with_screens()])
async def test_every_game_can_be_played_at_a_table(game_id: str):
    """Each registered game: two players and a spectator at one table, each on the game's
    own screen with their own view (no pass-device screen); moves reach everyone."""
    spec = get_spec(game_id)
    hub = TableHub(ai_delay=0)
    plan: list[str | None] = [None, None] + ["random"] * (spec.min_players - 2)
    table = hub.open_table("Ann", game_id, plan)
    apps = [FootyApp(hub=hub, user=name, speed="instant") for name in ("Ann", "Bob", "Eve")]
    async with (
        apps[0].run_test(size=SIZE) as p0,
        apps[1].run_test(size=SIZE) as p1,
        apps[2].run_test(size=SIZE) as p2,
    ):
        pilots = dict(zip(apps, (p0, p1, p2), strict=True))
        for app, watch in ((apps[0], False), (apps[1], False), (apps[2], True)):
            await in_app(app, pilots[app], lambda app=app, w=watch: enter_table(app, table, w))
        for app in apps:
            await wait_for(lambda app=app: isinstance(app.screen, GameScreen))
        match = table.match
        assert match is not None
        screens = [app.screen for app in apps]
        assert [s.local for s in screens] == [{0}, {1}, set()]
        for _move in range(6):
            if match.is_over:
                break
            number = len(match.actions)
            for seat, app, game in zip((0, 1, None), apps, screens, strict=True):
                await wait_for(lambda game=game, n=number: game.moves >= n)
                assert not isinstance(app.screen, PassDeviceScreen)
                shown = screen_text(app)
                leaked = {s for s in secrets(match, seat) if s in shown}
                assert not leaked, f"{app.user} sees {leaked}"
            due = match.due
            assert due in (0, 1)
            screen = screens[due]
            action = str(match.legal_actions()[0])
            await in_app(apps[due], pilots[apps[due]], lambda s=screen, a=action: s.send(a))
            await wait_for(lambda n=number: len(match.actions) > n)


class SlowAgent:
    """Thinks for 2 s (in the table's worker thread)."""

    uses_view = False

    def choose(self, view, legal, rng):
        time.sleep(2.0)
        return legal[0]


async def test_a_slow_ai_at_one_table_does_not_delay_keys_at_another():
    hub = TableHub(ai_delay=0)
    slow = hub.open_table("Ann", "quartett", ["easy", None], {"round_limit": 50})
    fast = hub.open_table("Bob", "quartett", [None, None], {"round_limit": 50})
    bob = FootyApp(hub=hub, user="Bob", speed="instant")
    async with bob.run_test(size=SIZE) as keys:
        await in_app(bob, keys, lambda: enter_table(bob, fast))
        fast.sit("Cleo", lambda change: None)
        await wait_for(lambda: isinstance(bob.screen, GameScreen))
        slow.sit("Ann", lambda change: None)  # the slow AI starts thinking at once
        match = slow.match
        assert match is not None
        match.agents[0] = SlowAgent()
        await asyncio.sleep(0.05)
        started = time.monotonic()
        await keys.press("1")  # Bob calls at his table while the slow AI thinks
        await wait_for(lambda: fast.match is not None and len(fast.match.actions) == 1)
        assert not match.actions  # the key was answered while the slow AI still thinks
        assert time.monotonic() - started < 1.5  # (generous: the test machine is shared)
        await wait_for(lambda: len(match.actions) == 1)


async def test_join_from_the_list_and_take_the_seat_back_from_the_ai():
    """Bob joins from the list of open tables; he drops, an AI takes his seat after the
    wait, and joining again with his name and the code gives it back to him."""
    hub = TableHub(ai_delay=0, takeover_wait=0.1)
    table = hub.open_table("Ann", "quartett", [None, None], {"round_limit": 40})
    table.sit("Ann", lambda change: None)  # Ann calls first and does not, meanwhile
    bob = FootyApp(hub=hub, user="Bob", speed="instant")
    async with bob.run_test(size=SIZE) as keys:
        await keys.press("f6")
        await wait_for(lambda: isinstance(bob.screen, TableListScreen))
        await wait_for(lambda: bool(bob.screen.query_one("#list").option_count))
        assert table.code in screen_text(bob) and "host: Ann" in screen_text(bob)
        await keys.press("tab", "enter")  # to the list; Enter takes the highlighted table
        await wait_for(lambda: isinstance(bob.screen, GameScreen))
        assert table.seat_of("Bob") == 1
    match = table.match
    assert match is not None
    await wait_for(lambda: table.chairs[1].taken_over)
    assert match.is_ai(1)
    bob2 = FootyApp(hub=hub, user="Bob", speed="instant")
    async with bob2.run_test(size=SIZE) as keys:
        await join_by_code(bob2, keys, table.code)
        await wait_for(lambda: isinstance(bob2.screen, GameScreen))
        assert not match.is_ai(1) and not table.chairs[1].taken_over
        assert bob2.screen.local == {1}


async def test_back_to_the_game_from_the_room_after_leaving_it():
    """q (asked first) takes a player from a game in progress to the room, where the
    game goes on; g brings the player back to it, as often as they like."""
    hub = TableHub(ai_delay=0)
    ann = FootyApp(hub=hub, user="Ann", speed="instant")
    bob = FootyApp(hub=hub, user="Bob", speed="instant")
    async with ann.run_test(size=SIZE) as a_keys, bob.run_test(size=SIZE) as b_keys:
        table = hub.open_table("Ann", "stadium", [None, None], {})
        enter_table(ann, table)
        enter_table(bob, table)
        await wait_for(lambda: isinstance(ann.screen, GameScreen))
        await wait_for(lambda: isinstance(bob.screen, GameScreen))
        for _ in range(2):
            first = bob.screen
            await b_keys.press("q")
            await wait_for(lambda: isinstance(bob.screen, ConfirmScreen))
            question = bob.screen.question  # type: ignore[attr-defined]
            assert "goes on at the table" in question and "lost" not in question
            await b_keys.press("y")
            await wait_for(lambda: isinstance(bob.screen, TableRoomScreen))
            assert table.match is not None and not table.match.is_over
            await b_keys.press("g")
            await wait_for(lambda: isinstance(bob.screen, GameScreen))
            assert bob.screen is not first
        await a_keys.pause()
