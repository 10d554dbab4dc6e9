"""The launcher builds only what is shown: the highlighted game's options and the seats
in use. What was typed elsewhere is kept as data and comes back with its widgets; a
shared table keeps no launcher under its room and gives it back as it was."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Select

from footycards.registry import REGISTRY
from footycards.tables import TableHub
from footycards.tui.app import FootyApp
from footycards.tui.screens.launcher import LauncherScreen, widget_id
from footycards.tui.screens.resume import ResumeScreen
from footycards.tui.screens.stadium import StadiumScreen
from footycards.tui.screens.stats import StatsScreen
from footycards.tui.screens.tables import HostScreen, TableListScreen, TableRoomScreen
from footycards.tui.widgets.choice import Choice
from footycards.tui.widgets.keybar import KeyBar
from footycards.tui.widgets.titlebar import TitleBar

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
        assert biggest < 60  # every game's options and every seat built: 146 widgets


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


def own_widgets(screen: LauncherScreen) -> list[Widget]:
    """The launcher's widgets but the title and key bars."""
    return [w for w in screen.walk_children() if not isinstance(w, TitleBar | KeyBar)]


async def test_a_served_launcher_is_one_widget_per_field():
    """Issue 10: a session at the launcher costs ≤ 2 MB. Each widget costs tens of KB (a
    Select was five, a Button several times a line): the menu, the set-up grid, one
    widget per seat kind, name and choice, a label and an Input per number or file."""
    app = FootyApp(hub=TableHub(), user="Ann", speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        for spec in REGISTRY.with_screens():
            await launcher.pick_game(spec.id)
            await pilot.pause()
            fields = sum(
                1 if opt.offers(launcher.seat_count()) is not None else 2
                for opt in launcher.offered(spec)
            )
            seats = 2 * launcher.seat_count()
            # the menu, the set-up's column (the set-up, the field help), seats, speed,
            # theme, language, Start
            assert len(own_widgets(launcher)) == 9 + seats + fields
        assert not launcher.query(Select) and not launcher.query(Button)


async def menu_line(menu: OptionList, option_id: str) -> int:
    """The screen row of an option in the menu (to click it)."""
    menu.scroll_to_highlight()
    for y in range(menu.content_region.height):
        line = menu.render_line(y).text
        if line.strip() and line.strip() in str(menu.get_option(option_id).prompt):
            return menu.content_region.y + y
    raise AssertionError(f"{option_id} is not shown")


async def test_the_menus_actions_open_with_a_click_enter_or_their_key():
    app = FootyApp(hub=TableHub(), user="Ann", speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        menu = launcher.query_one("#gamelist", OptionList)
        y = await menu_line(menu, "do-continue")
        await pilot.click(offset=(menu.content_region.x + 2, y))
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is launcher
        menu.focus()
        menu.highlighted = menu.get_option_index("do-table-watch")
        await pilot.pause()
        assert launcher.game_id == "stadium"  # an action is no game: the options stay
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableListScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


async def test_every_field_is_reached_with_tab_and_the_arrows_in_order():
    """Tab goes from the menu through every field to Start; ↓ and ↑ walk the set-up
    fields too (← and → change a Choice)."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        assert app.focused is launcher.query_one("#gamelist")
        order = []
        for _ in range(13):
            await pilot.press("tab")
            order.append(app.focused.id if app.focused else None)
        expected = ["seatcount", "kind-0", "name-0", "kind-1"]  # an AI's name: greyed
        expected += [widget_id(launcher.spec, opt) for opt in launcher.offered(launcher.spec)]
        expected += ["speed", "theme", "language", "start"]
        assert order[: len(expected)] == expected
        launcher.query_one("#seatcount").focus()
        walked = []
        for _ in range(len(expected) - 1):
            await pilot.press("down")
            walked.append(app.focused.id if app.focused else None)
        assert walked == expected[1:]
        for _ in range(len(expected) - 1):
            await pilot.press("up")
        assert app.focused is launcher.query_one("#seatcount")
        await pilot.press("right")
        await pilot.pause()
        assert launcher.seat_count() == 3 and launcher.query("#name-2")


async def test_start_runs_with_enter_on_its_line():
    app = FootyApp(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        launcher.query_one("#kind-1", Choice).value = "human"
        launcher.query_one("#opt-stadium-first", Choice).value = "1"
        launcher.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StadiumScreen)


async def test_the_key_bar_fits_80_columns_and_the_table_keys_stay_listed():
    """At 80 columns the key bar shows its keys whole (the table keys F5–F7 are in the
    menu, so not in the bar); the keys help still lists them."""
    from footycards.tui.screens.info import KeysScreen

    app = FootyApp(hub=TableHub(), user="Ann", speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = str(app.screen.query_one(KeyBar).render())
        for words in ("Start", "Continue", "Rules", "Keys", "Statistics"):
            assert words in bar
        assert "Host a table" not in bar and "Host a table (F5)" in str(
            app.screen.query_one("#gamelist", OptionList).get_option("do-table-host").prompt
        )
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        listed = " ".join(what for _group, _keys, what in app.screen.rows)
        assert "Host a table" in listed and "Watch a table" in listed
