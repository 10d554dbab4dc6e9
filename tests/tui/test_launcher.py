"""The launcher: seat set-up, table options, who starts, and starting a game."""

from __future__ import annotations

from notices import notifications
from textual.widgets import Input

from footycards.tui.app import FootyApp
from footycards.tui.screens.launcher import LauncherScreen
from footycards.tui.screens.setup import SetupQuestionScreen
from footycards.tui.screens.stadium import StadiumScreen
from footycards.tui.widgets.choice import Choice


async def test_start_three_seats_with_ai_and_table_size():
    """Three seats (two people, one AI), a 4×6 table, P2 starts."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LauncherScreen)
        screen.query_one("#seatcount", Choice).value = 3
        await pilot.pause()
        screen.query_one("#kind-1", Choice).value = "human"
        screen.query_one("#kind-2", Choice).value = "hard"
        screen.query_one("#opt-stadium-rows", Input).value = "4"
        screen.query_one("#opt-stadium-cols", Input).value = "6"
        screen.query_one("#opt-stadium-first", Choice).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StadiumScreen)
        table = app.screen.match
        assert [s.name for s in table.seats] == ["Ann", "Bob", "AI hard"]
        assert table.seats[2].ai == "hard"
        view = table.state.public_view()
        assert (view["rows"], view["cols"]) == (4, 6)
        assert view["turn"] == 1


async def test_most_recently_at_a_stadium_starts():
    """S2.2: the human with the latest stadium date starts."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#kind-1", Choice).value = "human"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupQuestionScreen)
        app.screen.query_one("#answer-0-0", Input).value = "2024-03-01"
        app.screen.query_one("#answer-0-1", Input).value = "2026-10-11"
        await pilot.click("#decide")
        await pilot.pause()
        assert isinstance(app.screen, StadiumScreen)
        assert app.screen.match.state.public_view()["turn"] == 1


async def test_bad_date_and_bad_size_are_explained():
    """A date that is not a date, or a table too large, gets a message and no game."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        launcher = app.screen
        launcher.query_one("#opt-stadium-rows", Input).value = "20"
        launcher.query_one("#opt-stadium-first", Choice).value = "1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is launcher
        assert any("deck holds" in n.message for n in notifications(app))
        launcher.query_one("#opt-stadium-rows", Input).value = "4"
        launcher.query_one("#opt-stadium-first", Choice).value = "stadium"
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.screen.query_one("#answer-0-0", Input).value = "last tuesday"
        await pilot.click("#decide")
        await pilot.pause()
        assert isinstance(app.screen, SetupQuestionScreen)


async def test_theme_can_be_switched_to_ansi():
    """Themes are selectable, including an ANSI-only one."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#theme", Choice).value = "ansi-dark"
        await pilot.pause()
        assert app.theme == "ansi-dark"


async def test_launcher_starts_quartett_with_its_own_options():
    """Picking Bundesliga Quartett shows its options (mode, decks, round limit) instead of
    the Stadium table, and starts the chosen mode."""
    from textual.widgets import OptionList

    from footycards.tui.screens.quartett import QuartettScreen

    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        games = screen.query_one("#gamelist", OptionList)
        games.focus()
        await pilot.press("down")
        await pilot.pause()
        assert screen.game_id == "quartett"
        assert screen.query(".opts-quartett") and screen.query_one("#opt-quartett-mode").display
        assert not screen.query(".opts-stadium")  # only the highlighted game's are built
        screen.query_one("#seatcount", Choice).value = 3
        await pilot.pause()
        screen.query_one("#opt-quartett-mode", Choice).value = "quartett"
        screen.query_one("#opt-quartett-round_limit", Input).value = "20"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, QuartettScreen)
        match = app.screen.match
        assert match.public_view()["mode"] == "quartett"
        assert match.public_view()["round_limit"] == 20
        assert len(match.seats) == 3


async def test_launcher_refuses_a_broken_quartett_deck(tmp_path):
    """A broken deck file named in the launcher gets a message naming it; no game starts."""
    from textual.widgets import OptionList

    bad = tmp_path / "broken.toml"
    bad.write_text("this is not toml ===")
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#gamelist", OptionList).focus()
        await pilot.press("down")
        screen.query_one("#opt-quartett-deck", Input).value = str(bad)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert any("broken.toml" in n.message for n in notifications(app))


async def test_ai_seat_shows_its_name_and_keeps_the_typed_one():
    """A seat set to AI shows its AI name (greyed); set back to a person, the typed name
    returns."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        name = screen.query_one("#name-1", Input)
        assert name.value == "AI normal" and name.disabled
        screen.query_one("#kind-1", Choice).value = "human"
        await pilot.pause()
        assert name.value == "Bob" and not name.disabled
        name.value = "Zoe"
        await pilot.pause()
        screen.query_one("#kind-1", Choice).value = "hard"
        await pilot.pause()
        assert name.value == "AI hard" and name.disabled
        screen.query_one("#kind-1", Choice).value = "human"
        await pilot.pause()
        assert name.value == "Zoe"


async def test_two_seats_with_one_name_are_refused():
    """Two people called the same would make the pass-device screen ambiguous."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        launcher = app.screen
        launcher.query_one("#kind-1", Choice).value = "human"
        await pilot.pause()
        launcher.query_one("#name-1", Input).value = "ann"
        launcher.query_one("#opt-stadium-first", Choice).value = "1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is launcher
        assert any("two seats are called" in n.message for n in notifications(app))


async def test_launcher_says_which_games_can_be_played():
    """Under the game list, the launcher says which games are playable now."""
    from textual.widgets import OptionList

    from footycards.registry import playable_now

    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#gamelist", OptionList)
        note = menu.get_option("playable")
        assert str(note.prompt) == playable_now() and "Stadium" in str(note.prompt)
        assert note.disabled  # a note, not something to pick


async def test_everything_is_checked_before_the_dates_are_asked():
    """A table too large is refused before anyone is asked for a date."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        launcher = app.screen
        launcher.query_one("#kind-1", Choice).value = "human"
        launcher.query_one("#opt-stadium-rows", Input).value = "20"
        launcher.query_one("#opt-stadium-first", Choice).value = "stadium"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is launcher  # no date question
        assert any("deck holds" in n.message for n in notifications(app))


async def test_a_date_in_the_future_is_refused():
    """S2.2: a match at a stadium cannot have happened in the future."""
    import datetime as dt

    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#kind-1", Choice).value = "human"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupQuestionScreen)
        later = (dt.date.today() + dt.timedelta(days=3)).isoformat()
        app.screen.query_one("#answer-0-0", Input).value = later
        await pilot.click("#decide")
        await pilot.pause()
        assert isinstance(app.screen, SetupQuestionScreen)
        assert any("in the future" in n.message for n in notifications(app))


async def test_a_focused_field_looks_focused_and_esc_on_who_starts_goes_back_to_it():
    """A focused name or number field has the block cursor's colours (as a focused choice),
    never those of the game list's highlight when the list is not focused; Esc on the
    "who was most recently at a stadium?" question puts the focus back where it was."""
    from textual.color import Color

    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        variables = app.get_css_variables()
        cursor = Color.parse(variables["block-cursor-background"])
        blurred = Color.parse(variables["block-cursor-blurred-background"])
        name = screen.query_one("#name-0", Input)
        for _ in range(3):
            await pilot.press("tab")  # Seats, P1's kind, P1's name
        await pilot.pause()
        assert app.focused is name
        assert name.styles.background == cursor != blurred
        assert name.styles.background != screen.query_one("#name-1", Input).styles.background
        first = screen.query_one("#opt-stadium-first", Choice)
        assert first.value == "stadium"
        first.focus()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupQuestionScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and app.focused is first


async def test_the_ai_levels_go_by_strength_and_the_seats_do_not_wrap():
    """P2's kinds: Human, AI random, easy, normal, hard, master. Seats stop at the game's limits
    and say why (Stadium 2–6; Sadikov's Football exactly 2) instead of wrapping round."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        kinds = [value for _text, value in screen.query_one("#kind-1", Choice).choices]
        assert kinds == ["human", "random", "easy", "normal", "hard", "master"]
        seats = screen.query_one("#seatcount", Choice)
        seats.focus()
        seats.value = 6
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        assert seats.value == 6
        assert "Stadium is played by 6 players at most." in [n.message for n in notifications(app)]
        seats.value = 2
        await pilot.pause()
        await pilot.press("left")
        await pilot.pause()
        assert seats.value == 2
        assert "Stadium needs at least 2 players." in [n.message for n in notifications(app)]
        await screen.pick_game("sadikov")
        await pilot.pause()
        seats.focus()
        await pilot.press("right")
        await pilot.pause()
        assert seats.value == 2
        assert "Sadikov's Football is played by 2 players, no more and no fewer." in [
            n.message for n in notifications(app)
        ]


async def test_the_field_help_says_what_the_focused_field_is_for():
    """Under the set-up: the focused field's purpose and its whole value (at 80 columns a
    long choice is cut in its field), following the focus and the value."""
    from textual.widgets import Static

    app = FootyApp(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        help_panel = screen.query_one("#fieldhelp", Static)
        assert "pick a game" in str(help_panel.render())
        await screen.pick_game("quartett")
        await pilot.pause()
        mode = screen.query_one("#opt-quartett-mode", Choice)
        mode.focus()
        await pilot.pause()
        mode.value = "abwehr-angriff"
        await pilot.pause()
        words = " ".join(str(help_panel.render()).split())
        full = next(text for text, value in mode.choices if value == "abwehr-angriff")
        assert f"Now: {full}" in words, words
        assert help_panel.region.bottom <= 23 and help_panel.region.height >= 3
        screen.query_one("#name-0", Input).focus()
        await pilot.pause()
        assert "P1's name at the table" in str(help_panel.render())


async def test_a_tall_terminal_describes_every_game_and_a_low_one_keeps_the_menu_whole():
    """At 120×40 the menu describes every game (the space is used); at 80×24 only the
    highlighted one, so Continue and Statistics stay in view — after a resize too."""
    from textual.widgets import OptionList

    from footycards.registry import REGISTRY

    def menu_text(app: FootyApp) -> str:
        menu = app.screen.query_one("#gamelist", OptionList)
        return "\n".join(str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count))

    games = REGISTRY.with_screens()
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = menu_text(app)
        assert all(g.description.split()[0] in text for g in games)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        text = menu_text(app)
        described = [g for g in games if g.description in text]
        assert [g.id for g in described] == [app.screen.game_id]
        menu = app.screen.query_one("#gamelist", OptionList)
        assert menu.max_scroll_y == 0  # every line in view: nothing to scroll
