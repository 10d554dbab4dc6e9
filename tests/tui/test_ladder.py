"""The AI ladder in words: strengths beside the levels in seat fields, and the end
screen's next level after three wins in a row against one level (issue 22)."""

from __future__ import annotations

import pytest

from footycards.match import Match
from footycards.seats import parse_players
from footycards.stats import LOST, WON, SeatResult, Stats
from footycards.tui.app import FootyApp
from footycards.tui.ladder import kind_text, next_level, suggestion
from footycards.tui.screens.end import EndScreen
from footycards.tui.screens.game import GameScreen
from footycards.tui.screens.launcher import LauncherScreen
from footycards.tui.widgets.choice import Choice


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path / "home"))


def test_each_level_has_its_strength_word():
    words = {v: kind_text("AI " + v, v) for v in ("random", "easy", "normal", "hard", "master")}
    assert words["easy"].endswith("beginner") and words["normal"].endswith("club")
    assert words["hard"].endswith("pro") and words["master"].endswith("legend")
    assert kind_text("Human", "human") == "Human"
    assert [next_level(x) for x in ("random", "easy", "hard", "master")] == [
        "easy",
        "normal",
        "master",
        None,
    ]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_launcher_seat_field_names_the_strength(size):
    app = FootyApp(speed="instant")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LauncherScreen)
        labels = [label for label, _value in screen.query_one("#kind-1", Choice)._choices]
        field = screen.query_one("#kind-1", Choice)
        field.value = "master"
        await pilot.pause()
        if size[0] >= 100:
            assert "AI hard · pro" in labels and "AI easy · beginner" in labels
            assert "AI master · legend ›" in str(field.render())  # whole, not cut short
        else:  # at 80 columns the word would cut the fields' values short: not shown
            assert "AI hard" in labels and not any("·" in label for label in labels)
            assert "AI master ›" in str(field.render())


def win(book: Stats, level: str, outcome: str = WON, **kw) -> None:
    other = LOST if outcome == WON else WON
    book.record(
        "sadikov",
        [SeatResult("Ann", None, outcome, 3), SeatResult(f"AI {level}", level, other, 1)],
        **kw,
    )


def test_a_run_of_three_wins_at_one_level(tmp_path):
    book = Stats(tmp_path / "s.sqlite3")
    win(book, "easy")
    win(book, "easy")
    assert book.level_run("sadikov", "Ann") is None  # two only
    win(book, "easy")
    assert book.level_run("sadikov", "Ann") == "easy"
    win(book, "normal")
    assert book.level_run("sadikov", "Ann") is None  # two levels in the last three
    win(book, "normal")
    win(book, "normal", hinted=True)
    assert book.level_run("sadikov", "Ann") is None  # a hinted win breaks the run
    win(book, "normal")
    win(book, "normal")
    win(book, "normal", outcome=LOST)
    assert book.level_run("sadikov", "Ann") is None


def finished() -> Match:
    match = Match.start("sadikov", parse_players("Ann,ai:easy"), 1)
    match.agents[0] = match.agents[1]
    match.run_ai()
    del match.agents[0]
    assert match.is_over
    return match


async def test_the_end_screen_suggests_the_next_level():
    match = finished()
    assert match.result()["winners"] == [0]  # Ann won (seed 1)
    book = Stats()
    for _ in range(2):
        win(book, "easy")
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, EndScreen):
                break
        end = app.screen
        assert isinstance(end, EndScreen)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await game.record_stats()  # this game is the third
        await pilot.pause()
        found = list(end.query("#ladder"))
        assert suggestion(match) == ("easy", "normal")
        assert len(found) == 1 and "AI normal" in str(found[0].render())
