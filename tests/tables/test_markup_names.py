"""Names and chat that look like Textual/Rich markup (`[/]`, `[@click=app.quit]x`) are
shown as the plain text they are on every screen: launcher, each game's screens (set-up
question, pass-device, the game), the final whistle, statistics, a table's room and chat.
Markup there crashed the screens (MarkupError), and a saved name crashed every start."""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Input

from footycards.match import Match
from footycards.registry import REGISTRY
from footycards.seats import SeatSpec
from footycards.stats import LOST, WON, SeatResult, Stats
from footycards.tables import TableHub
from footycards.tui.app import FootyApp
from footycards.tui.screens.end import EndScreen
from footycards.tui.screens.launcher import LauncherScreen
from footycards.tui.screens.stats import StatsScreen
from footycards.tui.screens.tables import ChatScreen, TableRoomScreen, enter_table

ANN = "[/]ann"
BOB = "[@click=app.quit]bob"
SIZE = (140, 45)


def screen_text(app: FootyApp) -> str:
    svg = app.export_screenshot()
    parts = re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)
    return html.unescape("".join(parts)).replace("\xa0", " ")


async def wait_for(condition: Callable[[], Any], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)


def set_ups() -> list[tuple[str, dict[str, Any]]]:
    """Every game with a screen, in each of its modes, and Stadium's set-up question."""
    found: list[tuple[str, dict[str, Any]]] = [("stadium", {"first": "stadium"})]
    for spec in REGISTRY.with_screens():
        mode = next((o for o in spec.options if o.name == spec.mode_option), None)
        if mode is None:
            found.append((spec.id, {}))
        else:
            found += [(spec.id, {mode.name: value}) for value, _label in mode.choices]
    return found


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize(("game_id", "options"), set_ups())
async def test_people_with_markup_names_play_on_every_game_screen(game_id, options):
    """Two people at one keyboard: question, pass-device screen and the game show the
    names as typed; a few key presses later the app still runs."""
    match = Match.start(game_id, [SeatSpec(ANN), SeatSpec(BOB)], 3, options)
    app = FootyApp(match, speed="instant", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen = screen_text(app)
        for key in ("enter", "enter", "down", "enter", "enter", "tab", "enter"):
            await pilot.press(key)
            await pilot.pause()
            seen += screen_text(app)
        assert app.return_code is None and app.is_running
        assert ANN in seen or BOB in seen


@pytest.mark.parametrize(("game_id", "options"), set_ups()[1:])
async def test_markup_names_at_the_final_whistle(game_id, options):
    """AI seats under markup names play to the end: the game and the result say them."""
    seats = [SeatSpec(ANN, "random"), SeatSpec(BOB, "random")]
    if game_id == "stadium":
        options = {"rows": 2, "cols": 2, **options}
    if options.get("mode") in ("fussball", "abwehr-angriff"):
        options = {"round_limit": 3, **options}  # top trumps: three calls and it is over
    match = Match.start(game_id, seats, 4, options)
    app = FootyApp(match, speed="instant", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(lambda: isinstance(app.screen, EndScreen), 120)
        await pilot.pause()
        seen = screen_text(app)
        assert ANN in seen and BOB in seen
        assert app.return_code is None


async def test_a_saved_markup_name_starts_the_launcher_and_the_statistics(home):
    settings = home / "config" / "settings.json"
    settings.parent.mkdir(parents=True)
    seats = [{"kind": "human", "name": ANN}, {"kind": "human", "name": BOB}]
    settings.write_text(json.dumps({"seats": seats}))
    Stats().record("stadium", [SeatResult(ANN, None, WON, 3), SeatResult(BOB, None, LOST, 1)])
    app = FootyApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert ANN in [i.value for i in app.screen.query(Input)]
        await pilot.press("f3")
        await wait_for(lambda: isinstance(app.screen, StatsScreen))
        await pilot.pause()
        seen = screen_text(app)
        assert ANN in seen and BOB in seen
        assert app.return_code is None


async def test_a_table_room_and_its_chat_show_markup_as_typed():
    hub = TableHub(ai_delay=0)
    app = FootyApp(hub=hub, user=ANN, speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        table = hub.open_table(ANN, "quartett", [None, None], {})

        def sit() -> None:
            enter_table(app, table)

        app.call_later(sit)
        await wait_for(lambda: isinstance(app.screen, TableRoomScreen))
        await pilot.press("c")
        await wait_for(lambda: isinstance(app.screen, ChatScreen))
        await pilot.press(*"[/] [@click=app.quit]hi", "enter")
        await wait_for(lambda: isinstance(app.screen, TableRoomScreen))
        await pilot.pause()
        seen = screen_text(app)
        assert "[/] [@click=app.quit]hi" in seen
        assert "(/)ann" in seen  # brackets in a name at a table are made round
        assert app.return_code is None
