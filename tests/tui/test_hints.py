"""`h` in every game: the hint of the pro (`hard`) AI on the status line; off at a shared table."""

from __future__ import annotations

import asyncio
import time

import pytest

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.textual_internals import notifications
from footycards.tui.widgets.keybar import KeyBar

GAMES = {
    "stadium": {},
    "quartett": {"round_limit": 3},
    "sadikov": {},
    "worldwave": {},
}


async def until(check, seconds: float = 20.0) -> bool:
    started = time.monotonic()
    while not check() and time.monotonic() - started < seconds:
        await asyncio.sleep(0.02)
    return bool(check())


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("shared", [False, True])
async def test_h_shows_the_hint_line_and_not_at_a_shared_table(game_id, shared):
    match = Match.start(game_id, parse_players("Ann,ai:normal"), 5, dict(GAMES[game_id]))
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert await until(lambda: screen.can_act())
        bar = screen.query_one(KeyBar)
        assert "Hint" in str(bar.render())
        if shared:
            screen.ends_here = False  # as a shared table's session sets it (tables.py)
            screen.refresh_bindings()
            await pilot.pause()
            assert "Hint" not in str(bar.render())  # never given there: not offered
        await pilot.press("h")
        await until(lambda: bool(screen.last_hint), 2.0 if shared else 20.0)
        await pilot.pause()
        if shared:
            assert screen.last_hint == "" and not match.hinted
            said = [n.message for n in notifications(app)]
            assert any("hints are off at a shared table" in m for m in said)  # h says why
        else:
            assert screen.last_hint.startswith("Hint: ")
            assert match.hinted
            status = str(screen.query_one("#status").render())
            assert "Hint: " in status
