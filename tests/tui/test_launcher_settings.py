"""The launcher remembers: seats, game, options, theme and pace come back after a restart;
a damaged settings file is told once and set aside; values that no longer fit are skipped."""

from __future__ import annotations

import json

from notices import notifications
from textual.widgets import Input, OptionList

from footycards.settings import SeatSetting, Settings, load, save, settings_path
from footycards.tui.app import FootyApp
from footycards.tui.screens.game import GameScreen
from footycards.tui.screens.launcher import LauncherScreen
from footycards.tui.widgets.choice import Choice


async def test_seats_options_theme_and_pace_come_back_after_a_restart():
    """Set up Quartett for three (a renamed person, a hard AI), its Quartett mode with a
    round limit, a theme and a pace; start; a new app opens with all of it."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        launcher.query_one("#gamelist", OptionList).highlighted = 1
        await pilot.pause()
        assert launcher.game_id == "quartett"
        launcher.query_one("#seatcount", Choice).value = 3
        await pilot.pause()  # the third seat's row is built
        launcher.query_one("#name-0", Input).value = "Zed"
        launcher.query_one("#kind-1", Choice).value = "human"
        launcher.query_one("#kind-2", Choice).value = "hard"
        await pilot.pause()
        launcher.query_one("#name-1", Input).value = "Yan"
        launcher.query_one("#opt-quartett-mode", Choice).value = "quartett"
        launcher.query_one("#opt-quartett-round_limit", Input).value = "7"
        launcher.query_one("#speed", Choice).value = "fast"
        launcher.query_one("#theme", Choice).value = "nord"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert [s.name for s in game.match.seats] == ["Zed", "Yan", "AI hard"]

    again = FootyApp()
    assert again.theme == "nord"
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        launcher = again.screen
        assert isinstance(launcher, LauncherScreen)
        assert launcher.game_id == "quartett"
        assert launcher.query_one("#gamelist", OptionList).highlighted == 1
        assert launcher.query_one("#seatcount", Choice).value == 3
        assert launcher.query_one("#name-0", Input).value == "Zed"
        assert launcher.query_one("#name-1", Input).value == "Yan"
        assert launcher.query_one("#kind-2", Choice).value == "hard"
        assert launcher.query_one("#opt-quartett-mode", Choice).value == "quartett"
        assert launcher.query_one("#opt-quartett-round_limit", Input).value == "7"
        assert launcher.query_one("#speed", Choice).value == "fast"
        assert again.speed == "fast"
        assert [s.name for s in launcher.seats()] == ["Zed", "Yan", "AI hard"]


async def test_theme_is_remembered_when_changed():
    """Ctrl+T (or the theme list) keeps the theme for the next session at once."""
    app = FootyApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        chosen = app.theme
        assert app.screen.query_one("#theme", Choice).value == chosen  # the field follows
    assert load()[0].theme == chosen
    assert FootyApp().theme == chosen


async def test_a_damaged_settings_file_is_told_once_and_set_aside():
    """Not JSON: one notification, the file kept as settings.json.damaged, the launcher
    with its defaults; the next start says nothing."""
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("{ this is not json")
    app = FootyApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        notes = [n.message for n in notifications(app)]
        assert any("settings.json.damaged" in m for m in notes)
        assert app.screen.game_id == "stadium"
    assert (path.parent / "settings.json.damaged").read_text() == "{ this is not json"
    app = FootyApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not any("damaged" in n.message for n in notifications(app))


async def test_remembered_values_that_no_longer_fit_are_skipped():
    """Three seats for a two-player game, a seat that does not exist as who starts, a
    theme that is gone: each misfit is left out, the rest is used, nothing crashes."""
    save(
        Settings(
            game="sadikov",
            seat_count=3,
            seats=[SeatSetting("human", "Olga"), SeatSetting("easy", "Petro")],
            options={"stadium": {"first": "5", "rows": "6"}, "sadikov": {"letters": "uk"}},
            theme="no-such-theme",
            speed="slow",
        )
    )
    settings_path().write_text(
        json.dumps({**json.loads(settings_path().read_text()), "game": "no-such-game"})
    )
    app = FootyApp()
    assert app.theme != "no-such-theme"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        assert launcher.game_id == "stadium"  # a game no longer registered: the first game
        assert launcher.query_one("#name-0", Input).value == "Olga"
        assert launcher.query_one("#kind-1", Choice).value == "easy"
        assert launcher.query_one("#opt-stadium-rows", Input).value == "6"
        assert launcher.query_one("#opt-stadium-first", Choice).value != "5"
        assert app.speed == "slow"
        launcher.pick_game("sadikov")
        await pilot.pause()
        assert launcher.seat_count() == 2
        assert launcher.query_one("#opt-sadikov-letters", Choice).value == "uk"


async def test_a_language_given_with_lang_is_remembered_at_the_start():
    """`footycards --lang de`: starting a game keeps German for the next session; a
    language that only came from the locale is not written down."""
    app = FootyApp(lang="de", remember_lang="de")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert load()[0].language == "de"
    save(Settings())
    app = FootyApp(lang="pl")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert load()[0].language is None
