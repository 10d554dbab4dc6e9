"""Statistics in the terminal UI: games with people recorded when they end (every game),
the statistics screen from the launcher (F3), with each player's form as W/D/L letters."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from notices import notifications
from textual.widgets import Label, OptionList, Static, TabbedContent

from footycards.match import Match, make_agent
from footycards.registry import REGISTRY
from footycards.seats import parse_players
from footycards.stats import DRAWN, LOST, WON, SeatResult, Stats, default_path
from footycards.tui.app import FootyApp
from footycards.tui.screens.launcher import LauncherScreen
from footycards.tui.screens.stats import StatsScreen

QUICK = {"stadium": {"rows": 2, "cols": 2, "first": 0}}


def near_the_end(game_id: str, seed: int) -> Match:
    """Ann against an AI, dealt and played (an agent moving for Ann) up to the last few
    moves, so the screen sees the final whistle without a long game in the test."""
    seats = parse_players("Ann,ai:random")
    whole = Match.start(game_id, seats, seed, QUICK.get(game_id))
    whole.agents[0] = make_agent(game_id, "random")
    whole.run_ai()
    match = Match.start(game_id, seats, seed, QUICK.get(game_id))
    for action in whole.actions[:-3]:
        match.apply(action)
    return match


async def play_out(app: FootyApp, pilot, match: Match) -> None:
    """Play Ann's remaining moves for her (an agent chooses) until the game ends."""
    helper = make_agent(match.game_id, "random")
    for _ in range(300):
        if match.is_over:
            break
        if match.due == 0:
            match.apply(helper.choose(match.view(0), match.legal_actions(), match.rng))
        await pilot.pause(0.05)
    assert match.is_over
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("game_id", [s.id for s in REGISTRY.with_screens()])
async def test_a_finished_game_with_a_person_is_recorded(game_id):
    """Whatever the game: when it ends on screen, every seat is in the statistics."""
    match = near_the_end(game_id, 5)
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await play_out(app, pilot, match)
        rows = Stats().players(game_id)
        assert sorted(r.player for r in rows) == ["AI random", "Ann"]
        res = match.result()
        ann = next(r for r in rows if r.player == "Ann")
        assert ann.played == 1
        assert ann.won == (res["winners"] == [0])
        assert ann.best == res["scores"][0]


async def test_a_game_of_ai_players_only_is_not_recorded():
    """Watching AI against AI adds nothing to the statistics."""
    whole = Match.start("sadikov", parse_players("ai:random,ai:easy"), 3)
    whole.run_ai()
    match = Match.start("sadikov", parse_players("ai:random,ai:easy"), 3)
    for action in whole.actions[:-2]:
        match.apply(action)
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(300):
            if match.is_over:
                break
            await pilot.pause(0.05)
        assert match.is_over
        await app.workers.wait_for_complete()
    assert not default_path().exists() or Stats().count() == 0


async def test_a_failure_to_record_is_told_once_and_the_game_goes_on():
    """Statistics that cannot be written: one notice, the end screen as always."""
    default_path().parent.mkdir(parents=True)
    default_path().mkdir()  # a folder where the database should be
    match = near_the_end("sadikov", 5)
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await play_out(app, pilot, match)
        told = [n for n in notifications(app) if "statistics" in n.message]
        assert len(told) == 1
        assert app.stats_told
        assert type(app.screen).__name__ == "EndScreen"
        await app.screen_stack[-2].record_stats()  # another game failing: not told again
        await pilot.pause()
        assert len([n for n in notifications(app) if "statistics" in n.message]) == 1


def some_games() -> None:
    stats = Stats()
    for mark in (WON, WON, LOST, WON):
        other = LOST if mark == WON else WON
        stats.record(
            "sadikov", [SeatResult("Ann", None, mark, 3), SeatResult("AI hard", "hard", other, 1)]
        )


async def test_stats_screen_from_the_launcher_at_80x24():
    """F3 opens the statistics on the highlighted game's tab: a row per player with the
    figures and a Sparkline of the form; Esc goes back to the launcher."""
    some_games()
    app = FootyApp(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        launcher.pick_game("sadikov")
        await pilot.press("f3")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert screen.query_one(TabbedContent).active == "tab-sadikov"
        rows = list(screen.query("#tab-sadikov .row"))
        texts = [[str(label.render()) for label in row.query(Label)] for row in rows[1:]]
        ann = next(t for t in texts if t[0] == "Ann")
        assert ann[1:6] == ["4", "3", "0", "1", "3"] and ann[6] == "1 won"
        forms = [row.query_one(".form", Label) for row in rows[1:]]
        assert [str(f.render()) for f in forms] == ["WWLW", "LLWL"]  # oldest first
        assert all(f.region.width == 20 and f.region.right <= 80 for f in forms)
        assert_coloured(forms[0])
        await pilot.press("l")
        await pilot.pause()
        assert screen.query_one(TabbedContent).active != "tab-sadikov"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is launcher


async def test_stats_screen_button_and_an_empty_game():
    """The launcher's menu entry opens it too; a game nobody played says so."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#gamelist", OptionList)
        menu.focus()
        menu.highlighted = menu.get_option_index("do-stats")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert "No games recorded yet" in str(screen.query_one(".empty").render())


@asynccontextmanager
async def sadikov_stats(size: tuple[int, int]) -> AsyncIterator[FootyApp]:
    """The app at `size` with the statistics open (F3) on Sadikov's Football's tab."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.screen.pick_game("sadikov")
        await pilot.press("f3")
        await pilot.pause()
        yield app


async def test_practice_games_are_named_under_the_table():
    """The statistics screen says who played practice games (no streak, form or best)."""
    stats = Stats()
    stats.record(
        "sadikov",
        [SeatResult("Ann", None, WON, 3), SeatResult("AI hard", "hard", LOST, 1)],
        practice=True,
    )
    async with sadikov_stats((80, 24)) as app:
        note = app.screen.query_one("#tab-sadikov .practice", Static)
        assert "Practice games" in str(note.render()) and "Ann 1" in str(note.render())


def assert_coloured(form: Label) -> None:
    """Each letter of a form is drawn, and W, D and L each in a colour of its own."""
    colours: dict[str, set] = {}
    for segment in form.render_line(0):
        for char in segment.text.strip():
            colours.setdefault(char, set()).add(segment.style.color if segment.style else None)
    assert set(colours) <= {"W", "D", "L"}
    firsts = [next(iter(c)) for c in colours.values()]
    assert all(len(c) == 1 for c in colours.values()) and len(set(firsts)) == len(firsts)


async def test_form_is_letters_and_quartett_has_a_table_per_mode():
    """A first game shows "W" for the winner and "L" for the loser (not two full bars);
    each Quartett game gets its own table, so a best of 32 cards is not a best of quartets."""
    stats = Stats()
    for mark, other in ((WON, LOST), (DRAWN, DRAWN), (LOST, WON)):
        stats.record(
            "quartett",
            [SeatResult("Ann", None, mark, 32), SeatResult("Bob", None, other, 0)],
            mode="fussball",
        )
    stats.record(
        "quartett",
        [SeatResult("Ann", None, LOST, 2), SeatResult("Bob", None, WON, 6)],
        mode="quartett",
    )
    for size in ((120, 40), (80, 24)):
        app = FootyApp(speed="instant")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.push_screen(StatsScreen("quartett"))
            await pilot.pause()
            screen = app.screen
            titles = [str(t.render()) for t in screen.query("#tab-quartett .mode")]
            assert titles == ["Bundesliga Quartett — Fußball", "Bundesliga Quartett — Quartett"]
            rows = [
                [str(label.render()) for label in row.query(Label)]
                for row in screen.query("#tab-quartett .row")
                if "head" not in row.classes
            ]
            assert ["Ann", "3", "1", "1", "1", "32"] == rows[0][:6] and rows[0][7] == "WDL"
            assert rows[1][0] == "Bob" and rows[1][7] == "LDW"
            assert ["Bob", "1", "1", "0", "0", "6"] == rows[2][:6] and rows[2][7] == "W"
            assert ["Ann", "1", "0", "0", "1", "2"] == rows[3][:6] and rows[3][7] == "L"
            form = screen.query("#tab-quartett .row .form").results(Label)
            assert_coloured(next(f for f in form if str(f.render()) == "WDL"))


async def test_games_with_hints_are_marked_with_a_legend():
    """A game with hints: its form letter small, a legend under the table naming who, and
    a name typed with markup shown as typed."""
    stats = Stats()
    for hinted in (False, True):
        stats.record(
            "sadikov",
            [SeatResult("[b]Ann[/b]", None, WON, 3), SeatResult("AI hard", "hard", LOST, 1)],
            hinted=hinted,
        )
    async with sadikov_stats((80, 24)) as app:
        note = str(app.screen.query_one("#tab-sadikov .hinted", Static).render())
        assert "Games with hints" in note and "[b]Ann[/b] 1" in note and "w, d, l" in note
        forms = [str(f.render()).strip() for f in app.screen.query("#tab-sadikov Label.form")]
        assert "Ww" in forms and "Ll" in forms, forms
        assert not app.screen.query("#tab-stadium .hinted")


async def test_a_table_shows_the_players_with_most_wins_and_counts_the_rest():
    """A public server's statistics hold every player who ever finished a game there: a
    table shows the 30 with most games won (nine widgets each) and says how many more."""
    from footycards.tui.screens.stats import TABLE_ROWS

    stats = Stats()
    for i in range(TABLE_ROWS + 5):
        for _ in range(1 + i % 3):  # some win more often than others
            stats.record("sadikov", [SeatResult(f"p{i:02d}", None, WON, 3)])
    async with sadikov_stats((120, 40)) as app:
        rows = app.screen.query("#tab-sadikov .row").exclude(".head")
        assert len(rows) == TABLE_ROWS
        names = [str(row.query_one(".name", Label).render()) for row in rows]
        winners = {f"p{i:02d}" for i in range(TABLE_ROWS + 5) if i % 3 == 2}
        assert winners <= set(names)  # those with most wins are all there
        more = app.screen.query_one("#tab-sadikov .more", Static)
        assert "and 5 more players" in str(more.render())
