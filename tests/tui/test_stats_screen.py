"""Statistics in the terminal UI: games with people recorded when they end (every game),
the statistics screen from the launcher (F3), with each player's form as a Sparkline."""

from __future__ import annotations

import pytest
from textual.widgets import Label, OptionList, Sparkline, Static, TabbedContent

from footycards.match import Match, make_agent
from footycards.registry import REGISTRY
from footycards.seats import parse_players
from footycards.stats import LOST, WON, SeatResult, Stats, default_path
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
        told = [n for n in app._notifications if "statistics" in n.message]
        assert len(told) == 1
        assert app.stats_told
        assert type(app.screen).__name__ == "EndScreen"
        await app.screen_stack[-2].record_stats()  # another game failing: not told again
        await pilot.pause()
        assert len([n for n in app._notifications if "statistics" in n.message]) == 1


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
        lines = list(screen.query("#tab-sadikov Sparkline").results(Sparkline))
        assert [list(s.data or []) for s in lines] == [[3, 3, 0, 3], [0, 0, 3, 0]]
        assert all(s.region.width == 20 and s.region.right <= 80 for s in lines)
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


async def test_practice_games_are_named_under_the_table():
    """The statistics screen says who played practice games (no streak, form or best)."""
    stats = Stats()
    stats.record(
        "sadikov",
        [SeatResult("Ann", None, WON, 3), SeatResult("AI hard", "hard", LOST, 1)],
        practice=True,
    )
    app = FootyApp(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.pick_game("sadikov")
        await pilot.press("f3")
        await pilot.pause()
        note = app.screen.query_one("#tab-sadikov .practice", Static)
        assert "Practice games" in str(note.render()) and "Ann 1" in str(note.render())
