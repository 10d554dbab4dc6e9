"""A terminal too small for the game says so and what size is needed, then gets out of the way."""

from __future__ import annotations

from textual.events import Resize
from textual.geometry import Size

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.launcher import LauncherScreen
from footycards.tui.screens.stadium import StadiumScreen
from footycards.tui.screens.too_small import TooSmallScreen


async def test_game_in_a_small_terminal_asks_for_room():
    """70×20: a notice naming 80×24 covers the game; enlarged, the game is back."""
    match = Match.start("stadium", parse_players("Ann,ai:easy"), 1, {"rows": 4, "cols": 4})
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#need").render())
        assert "70×20" in text and "80×24" in text
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, StadiumScreen)


async def test_launcher_in_a_small_terminal():
    """The launcher too; at 80×24 there is no notice."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


async def test_two_resizes_in_a_row_dismiss_the_notice_once():
    """Two enlarging resizes arrive before the notice has gone: it goes once, no error."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        notice = app.screen
        assert isinstance(notice, TooSmallScreen)
        dismissed = []
        real_dismiss = notice.dismiss
        notice.dismiss = lambda result=None: dismissed.append(result) or real_dismiss(result)
        big = Resize(Size(100, 32), Size(100, 32))
        notice.on_resize(big)
        notice.on_resize(big)  # the second arrives before the first dismissal is done
        await pilot.pause()
        await pilot.pause()
        assert dismissed == [None]  # once (a second pop took the screen below: an error)
        # the terminal is still 60×20, so the launcher asks again: one notice, no error
        assert app._exception is None
        assert sum(isinstance(s, TooSmallScreen) for s in app.screen_stack) == 1


async def test_footer_keeps_leave_at_80_columns():
    """At 80×24 the game's footer still shows "q Leave"."""
    match = Match.start("stadium", parse_players("Ann,ai:easy"), 1)
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        picture = app.export_screenshot()  # only what is visible on the 80 columns
        assert "Leave" in picture.replace("&#160;", " ")
