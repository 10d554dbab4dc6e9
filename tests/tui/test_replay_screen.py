"""Replay mode on every game's own screen, Watch again from the end screen, and `u` (undo)."""

from __future__ import annotations

import json

import pytest
from notices import notifications

from footycards.match import Match
from footycards.record import GameRecord
from footycards.registry import REGISTRY
from footycards.replay import ALL, Replay
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.end import EndScreen
from footycards.tui.screens.game import GameScreen
from footycards.tui.screens.review import JumpScreen, ReviewBar
from footycards.tui.widgets.dialogs import ChoiceScreen

DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path / "home"))


def recorded(game_id: str) -> GameRecord:
    options = {"rows": 4, "cols": 4} if game_id == "stadium" else {}
    match = Match.start(game_id, parse_players("Ann,ai:normal"), 6, options)
    match.agents[0] = match.agents[1]  # both seats move by themselves; Ann stays a person
    match.run_ai()
    del match.agents[0]
    return GameRecord.of(match)


def bar_text(app: FootyApp) -> str:
    return str(app.screen.query_one(ReviewBar).render())


def notes(app: FootyApp) -> str:
    return " | ".join(n.message for n in notifications(app))


@pytest.mark.parametrize("game_id", REGISTRY.ids())
async def test_replay_steps_jumps_and_toggles(game_id):
    """→ ← Home End step, g jumps (a bad number is refused in the dialog), v cycles views."""
    replay = Replay(recorded(game_id))
    total = replay.total
    app = FootyApp(replay=replay, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.review is replay
        assert "move 0 / " in bar_text(app) or "the deal" in bar_text(app)
        await pilot.press("right", "right", "right", "left")
        await pilot.pause()
        assert replay.position == 2 and f"move 2 / {total}" in bar_text(app)
        assert replay.match.state.to_json() == replay.record.replay(upto=2).state.to_json()
        first = replay.moves[1]
        assert f"{first.action}" in bar_text(app)
        await pilot.press("end")
        await pilot.pause()
        assert replay.position == total and f"move {total} / {total}" in bar_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert replay.position == 0
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, JumpScreen)
        await pilot.press("9", "9", "9", "9", "enter")
        await pilot.pause()
        assert isinstance(app.screen, JumpScreen)  # refused, with a message; still asking
        assert "not a move number" in str(app.screen.query_one("#jump-error").render())
        await pilot.press("backspace", "backspace", "backspace", "backspace", "5", "enter")
        await pilot.pause()
        assert app.screen is screen and replay.position == 5
        points = replay.viewpoints()
        await pilot.press("v")
        await pilot.pause()
        if ALL in points:
            assert replay.viewpoint == ALL and "all cards" in bar_text(app)
            await pilot.press("v")
            await pilot.pause()
        assert replay.viewpoint == 0 and "cards of P1 Ann" in bar_text(app)
        await pilot.press("v", "v")
        await pilot.pause()
        assert replay.viewpoint is None and "public view" in bar_text(app)


@pytest.mark.parametrize("game_id", REGISTRY.ids())
async def test_replay_refuses_play_keys(game_id):
    """Keys that would play are refused with a message; nothing moves, no AI runs."""
    replay = Replay(recorded(game_id))
    app = FootyApp(replay=replay, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        before = replay.match.state.to_json()
        for key in ("enter", "space", "1", "u"):
            await pilot.press(key)
            await pilot.pause()
        assert replay.match.state.to_json() == before and replay.position == 1
        assert isinstance(app.screen, GameScreen)
        assert "This is a replay" in notes(app)
        await pilot.press("q")  # opened by `footycards replay`: leaving ends the app
        await pilot.pause()
    assert app.return_code is not None or not app.is_running


@pytest.mark.parametrize("game_id", REGISTRY.ids())
async def test_replay_status_and_keys_are_the_replays(game_id):
    """The status line tells the replay's keys, not the game's play hint, and the key bar
    shows no play key of the screen's widgets (Sadikov's "←→ Column")."""
    from textual.widgets import Static

    from footycards.tui.widgets.keybar import KeyBar

    app = FootyApp(replay=Replay(recorded(game_id)), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        status = str(app.screen.query_one("#status", Static).render())
        assert status.startswith("Replay:") and "click" not in status
        keys = str(app.screen.query_one(KeyBar).render())
        assert "Next" in keys and "Column" not in keys and "Call" not in keys


async def test_watch_again_from_the_end_screen():
    """At the final whistle `w` opens the replay of the game just finished, at its end."""
    match = Match.start("stadium", parse_players("ai:random,ai:random"), 2, {"rows": 2, "cols": 2})
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, EndScreen):
                break
        assert isinstance(app.screen, EndScreen)
        await pilot.press("w")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.review is not None
        assert screen.review.record.actions == match.actions
        assert screen.review.position == len(match.actions)
        await pilot.press("home")
        await pilot.pause()
        assert screen.review.position == 0
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)  # back to the launcher


async def test_u_takes_back_a_yellow_against_the_ai():
    """`u` after Ann's YELLOW puts the game back where she was asked (S4.3 logs no card)."""
    options = {"rows": 4, "cols": 4, "deal": DEAL_4X4, "first": 0}
    match = Match.start("stadium", parse_players("Ann,ai:normal"), 1, options)
    match.apply("flip A3")
    match.apply("flip A4")
    before = match.state.to_json()
    match.apply("yellow P2")
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("u")
        await pilot.pause()
        assert match.state.to_json() == before
        assert "Took back 1 move" in notes(app)
        assert isinstance(app.screen, ChoiceScreen)  # Ann is asked again at the AI's turn


async def test_u_explains_hot_seat():
    """`u` refused with two people at the keys (see test_undo_screen.py for a card shown)."""
    options = {"rows": 4, "cols": 4, "deal": DEAL_4X4, "first": 0}
    hot = Match.start("stadium", parse_players("Ann,Bob"), 1, options)
    hot.apply("flip A1")
    app = FootyApp(match=hot, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert "no undo with 2 people" in notes(app)
        assert hot.actions == ["flip A1"]


def screen_text(app: FootyApp) -> str:
    import html
    import re

    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


async def test_an_unfinished_two_person_game_is_replayed_public_only():
    """Ann and Bob left their Quartett game mid-way: in its replay, End then `v` shows no
    one's hand and says why."""
    match = Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": "quartett"})
    for _ in range(10):
        match.apply(match.legal_actions()[0])
    assert not match.is_over
    public = json.dumps(match.public_view()) + " ".join(map(str, match.state.log))
    hands = {c["name"] for seat in (0, 1) for c in match.view(seat)["hand"]}
    hands = {name for name in hands if name not in public}  # asked for and handed: public
    assert hands
    replay = Replay(GameRecord.of(match))
    for size in ((120, 40), (80, 24)):
        app = FootyApp(replay=replay, speed="instant")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("end")
            for _ in range(3):
                await pilot.press("v")
                await pilot.pause()
                shown = screen_text(app)
                assert not [name for name in hands if name in shown]
            assert "not finished" in notes(app) and "not finished" in bar_text(app)
