"""The launcher builds only what is shown: the highlighted game's options and the seats
in use. What was typed elsewhere is kept as data and comes back with its widgets; a
shared table keeps no launcher under its room and gives it back as it was."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from footycards.registry import REGISTRY
from footycards.tables import TableHub
from footycards.tui.app import FootyApp
from footycards.tui.screens.launcher import LauncherScreen, widget_id
from footycards.tui.screens.tables import HostScreen, TableRoomScreen
from footycards.tui.widgets.choice import Choice

SIZE = (120, 40)


def option_ids(screen: LauncherScreen) -> set[str]:
    return {w.id for w in screen.query("Input, Choice") if w.id and w.id.startswith("opt-")}


async def test_only_the_highlighted_games_options_are_built():
    games = REGISTRY.with_screens()
    assert len(games) >= 2, "one game only: the test would prove nothing"
    app = FootyApp(speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        biggest = 0
        for index, spec in enumerate(games):
            launcher.query_one("#gamelist", OptionList).highlighted = index
            await pilot.pause()
            assert launcher.game_id == spec.id
            wanted = {widget_id(spec, opt) for opt in launcher.offered(spec)}
            assert option_ids(launcher) == wanted  # no other game's option widget
            assert len(launcher.query(".seat")) == launcher.seat_count()
            biggest = max(biggest, len(list(launcher.walk_children())))
        assert biggest < 100  # every game's options and every seat built: 146 widgets


async def test_values_typed_for_a_game_and_a_seat_come_back():
    """Rows 6 typed for Stadium survive a visit to another game; a third seat's name and
    AI level survive going down to two seats and up again."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        launcher.query_one("#opt-stadium-rows", Input).value = "6"
        launcher.query_one("#seatcount", Choice).value = 3
        await pilot.pause()
        launcher.query_one("#kind-2", Choice).value = "human"
        await pilot.pause()
        launcher.query_one("#name-2", Input).value = "Zoe"
        launcher.query_one("#seatcount", Choice).value = 2
        await pilot.pause()
        assert not launcher.query("#name-2")
        launcher.query_one("#gamelist", OptionList).highlighted = 1
        await pilot.pause()
        assert not launcher.query("#opt-stadium-rows")
        launcher.query_one("#gamelist", OptionList).highlighted = 0
        await pilot.pause()
        assert launcher.query_one("#opt-stadium-rows", Input).value == "6"
        launcher.query_one("#seatcount", Choice).value = 3
        await pilot.pause()
        assert launcher.query_one("#name-2", Input).value == "Zoe"
        assert launcher.query_one("#kind-2", Choice).value == "human"
        assert [s.name for s in launcher.seats()] == ["Ann", "AI normal", "Zoe"]


async def test_a_table_keeps_no_launcher_underneath_and_gives_it_back():
    hub = TableHub(ai_delay=0)
    app = FootyApp(hub=hub, user="Ann", speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        launcher.query_one("#opt-stadium-rows", Input).value = "6"
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, HostScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableRoomScreen)
        assert not any(isinstance(s, LauncherScreen) for s in app.screen_stack)
        for _ in range(50):  # the old launcher is closed, its widgets freed
            if not launcher.is_running:
                break
            await pilot.pause(0.02)
        assert not launcher.is_running
        await pilot.press("l")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, LauncherScreen) and again is not launcher
        assert len(app.screen_stack) == 2  # the default screen and the launcher
        assert again.query_one("#opt-stadium-rows", Input).value == "6"
        assert again.query_one("#name-0", Input).value == "Ann"
