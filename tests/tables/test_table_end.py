"""The end of a game at a shared table: `q` on the result goes back to the room (as `q`
in the game does), and the finished game reaches the statistics, every seat by name."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from footycards.stats import Stats
from footycards.tables import TableHub
from footycards.tui.app import FootyApp
from footycards.tui.screens.end import EndScreen
from footycards.tui.screens.tables import TableRoomScreen, enter_table

SIZE = (120, 40)


async def wait_for(condition: Callable[[], Any], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)


async def test_q_on_the_result_goes_to_the_room_and_the_game_is_in_the_statistics():
    hub = TableHub(ai_delay=0)
    ann = FootyApp(hub=hub, user="Ann", speed="instant")
    async with ann.run_test(size=SIZE) as keys:
        await keys.pause()
        table = hub.open_table("Ann", "quartett", [None, "random"], {"round_limit": 3})
        ann.call_later(lambda: enter_table(ann, table))
        await wait_for(lambda: table.match is not None)
        match = table.match
        assert match is not None
        while not match.is_over:
            number = len(match.actions)
            if match.due == 0:
                await keys.press("1")  # call the first category
            await wait_for(lambda n=number: len(match.actions) > n or match.is_over)
        await wait_for(lambda: isinstance(ann.screen, EndScreen))
        assert not ann.screen.query("#quit")  # no Quit button at a table: q is the room
        await keys.press("q")
        await wait_for(lambda: isinstance(ann.screen, TableRoomScreen))
        assert ann.is_running and ann.return_code is None
        await wait_for(lambda: not hub.recording)
        rows = Stats().players("quartett")
        assert sorted(r.player for r in rows) == ["AI random", "Ann"]
        assert all(r.played == 1 for r in rows)
