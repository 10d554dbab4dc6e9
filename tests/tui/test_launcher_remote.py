"""The launcher in a remote (SSH) session: P1 is the person who connected, and no option
lets them make the server read a file of their choice."""

from __future__ import annotations

from textual.widgets import Input

from footycards.registry import REGISTRY
from footycards.tables import TableHub
from footycards.tui.app import FootyApp
from footycards.tui.screens.launcher import LauncherScreen, widget_id


def file_options() -> list[tuple[str, str]]:
    return [(s.id, widget_id(s, o)) for s in REGISTRY.with_screens() for o in s.options
            if o.names_files and "launcher" in o.fronts]  # fmt: skip


async def test_a_remote_session_gets_no_file_options_and_its_own_name():
    assert file_options(), "no game has a file option: the test would prove nothing"
    app = FootyApp(hub=TableHub(), user="zoe")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        for game, wid in file_options():
            await app.screen.pick_game(game)
            assert not app.screen.query(f"#{wid}")
        assert app.screen.query_one("#name-0", Input).value == "zoe"


async def test_at_home_the_file_options_are_there():
    app = FootyApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        for game, wid in file_options():
            await launcher.pick_game(game)
            assert launcher.query(f"#{wid}")
