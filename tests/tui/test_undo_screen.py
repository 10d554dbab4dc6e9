"""`u` against the AI: in the key bar when an undo is possible, the keys help says when it
is not, and across a card seen it asks once and the game then counts as practice."""

from __future__ import annotations

import pytest
from notices import notifications

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.game import GameScreen
from footycards.tui.screens.info import KeysScreen
from footycards.tui.widgets.dialogs import ConfirmScreen
from footycards.tui.widgets.keybar import KeyBar

DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)
OPTIONS = {"rows": 4, "cols": 4, "deal": DEAL_4X4, "first": 0}


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path / "home"))


def notes(app: FootyApp) -> str:
    return " | ".join(n.message for n in notifications(app))


def bar_keys(app: FootyApp) -> set[str]:
    bar = app.screen.query_one(KeyBar)
    return {k.key for entry in bar.entries for k in entry.keys}


def help_rows(app: FootyApp) -> dict[str, str]:
    screen = app.screen
    assert isinstance(screen, KeysScreen)
    return {shown: what for _group, shown, what in screen.rows}


async def test_u_across_a_card_seen_asks_once_and_the_game_is_practice():
    """After Ann's flip `u` asks ("You have seen …"); No keeps the game as it is, Yes takes
    the move back and makes the game practice; the next undo does not ask again."""
    match = Match.start("stadium", parse_players("Ann,ai:normal"), 1, OPTIONS)
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        match.apply("flip A1")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert dialog.question == (
            "You have seen a card that was turned over; undo anyway? "
            "This game then counts as practice."
        )
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert match.actions == ["flip A1"] and not match.practice
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert match.actions == [] and match.practice
        assert "Took back 1 move. This game counts as practice." in notes(app)
        match.apply("flip A2")
        await pilot.pause()
        await pilot.press("u")  # asked once: a practice game is not asked again
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and match.actions == []


async def test_the_key_bar_shows_u_only_when_an_undo_is_possible():
    """No move of Ann's yet: no `u` in the bar, and the keys help says why; after her move
    `u` is in the bar."""
    match = Match.start("stadium", parse_players("Ann,ai:normal"), 1, OPTIONS)
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "u" not in bar_keys(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert help_rows(app)["u"] == (
            "Undo is not possible now: there is no move of yours to take back"
        )
        await pilot.press("escape")
        await pilot.pause()
        match.apply("flip A1")
        await pilot.pause()
        assert "u" in bar_keys(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert "asks first" in help_rows(app)["u"]


async def test_no_u_in_the_key_bar_with_two_people():
    """Hot-seat: never an undo, so never `u` in the bar; pressing it still says why."""
    hot = Match.start("stadium", parse_players("Ann,Bob"), 1, OPTIONS)
    hot.apply("flip A1")
    app = FootyApp(match=hot, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if not isinstance(app.screen, GameScreen):
            await pilot.press("enter")  # the pass-device screen
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "u" not in bar_keys(app)
        await pilot.press("u")
        await pilot.pause()
        assert "no undo with 2 people" in notes(app) and hot.actions == ["flip A1"]


async def test_a_game_undone_back_to_no_move_leaves_no_save_behind():
    """Every move undone: the save file goes (Continue would offer a game of 0 moves) and
    the leave question says there is nothing to save; the next move saves it again."""
    match = Match.start("stadium", parse_players("Ann,ai:normal"), 1, OPTIONS)
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        saver = app.autosaver
        assert saver is not None and saver.match is match
        match.apply("flip A1")
        await pilot.pause()
        assert [e.moves for e in app.store.list()] == [1]
        await pilot.press("u", "y")  # across the card seen: asked, and yes
        await pilot.pause()
        assert match.actions == [] and match.practice
        assert app.store.list() == [] and not saver.path.exists()
        await pilot.press("q")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert "No move has been made yet, so there is nothing to save." in dialog.question
        await pilot.press("n")
        await pilot.pause()
        match.apply("flip A2")
        await pilot.pause()
        [entry] = app.store.list()
        assert entry.moves == 1 and entry.id == saver.id
