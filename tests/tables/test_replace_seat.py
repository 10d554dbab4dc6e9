"""A player whose session froze (a stopped client, a dead link) sits down again from a
new session of their own (the same SSH key): the new one takes the seat at once, the
old one is told and sent back to the launcher. Anyone else is still refused."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest

from footycards.tables import Change, TableError, TableHub
from footycards.tui.app import FootyApp
from footycards.tui.screens.game import GameScreen
from footycards.tui.screens.launcher import LauncherScreen
from footycards.tui.screens.tables import enter_table

TRUMPS = {"round_limit": 3}
SIZE = (120, 40)


async def wait_for(condition: Callable[[], Any], seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)


def test_the_same_owner_replaces_a_live_session_and_nobody_else_does():
    hub = TableHub()
    table = hub.open_table("Ann", "quartett", [None, None], TRUMPS)
    heard: list[Change] = []
    frozen = table.sit("Ann", heard.append, owner="SHA256:ann")
    table.sit("Bob", lambda change: None, owner="SHA256:bob")
    assert table.match is not None
    with pytest.raises(TableError, match="already playing"):
        table.sit("ann", lambda change: None, owner="SHA256:eve")
    with pytest.raises(TableError, match="already playing"):
        table.sit("Ann", lambda change: None)  # nobody knows who that is
    again = table.sit("Ann", lambda change: None, owner="SHA256:ann")
    assert again.seat == frozen.seat == 0 and again.live and not frozen.live
    assert table.chairs[0].presence is again
    assert [c.kind for c in heard][-1] == "replaced"
    frozen.leave()  # the old session ends later: the seat stays with the new one
    assert table.chairs[0].presence is again and not table.is_away(0)


async def test_the_old_app_goes_back_to_the_launcher_and_the_new_one_plays():
    hub = TableHub(ai_delay=0)
    old = FootyApp(hub=hub, user="Ann", owner="SHA256:ann", speed="instant")
    new = FootyApp(hub=hub, user="Ann", owner="SHA256:ann", speed="instant")
    async with old.run_test(size=SIZE) as old_keys, new.run_test(size=SIZE) as new_keys:
        await old_keys.pause()
        await new_keys.pause()
        table = hub.open_table("Ann", "quartett", [None, "random"], TRUMPS)
        old.call_later(lambda: enter_table(old, table))
        await wait_for(lambda: isinstance(old.screen, GameScreen))
        new.call_later(lambda: enter_table(new, table))
        await wait_for(lambda: isinstance(new.screen, GameScreen))
        await wait_for(lambda: isinstance(old.screen, LauncherScreen))
        assert table.chairs[0].presence is not None
        assert table.chairs[0].presence.live and new.table_session is not None
        assert old.table_session is None
        assert new.screen.local == {0}
