"""The launcher's first frame is not laid out again when the launcher starts running: the
field help is built with the words of the game list, which is focused first."""

from __future__ import annotations

from textual.widgets import Static

from footycards.tui.app import FootyApp
from footycards.tui.screens.launcher import LauncherScreen

SIZE = (120, 40)


async def test_the_field_help_is_the_game_lists_from_the_first_frame():
    app = FootyApp(speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LauncherScreen)
        panel = screen.query_one("#fieldhelp", Static)
        assert app.focused is screen.query_one("#gamelist")
        assert panel.display
        assert str(panel.render()) == screen.field_help(app.focused)
        assert "pick a game" in str(panel.render())
