"""A terminal too small for the game says so and what size is needed, then gets out of the way."""

from __future__ import annotations

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


async def test_resizes_in_a_row_show_one_notice_and_it_goes():
    """Two shrinking resizes push one notice, not two (the screen under it still counts
    as current); growing again removes it and the launcher is back."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.resize_terminal(62, 21)
        await pilot.pause()
        assert sum(isinstance(s, TooSmallScreen) for s in app.screen_stack) == 1
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


async def test_footer_keeps_leave_at_80_columns():
    """At 80×24 the game's footer still shows "q Leave"."""
    match = Match.start("stadium", parse_players("Ann,ai:easy"), 1)
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        picture = app.export_screenshot()  # only what is visible on the 80 columns
        assert "Leave" in picture.replace("&#160;", " ")
