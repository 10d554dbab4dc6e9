"""Every first screen (a game opened by `footycards play`, a resumed game, a replay, a
game's set-up questions) is pushed once Textual's start-up is over, as the launcher is:
no frame is laid out and drawn for nothing while Textual holds its updates back."""

from __future__ import annotations

from typing import Any

import pytest
from textual._compositor import CompositorUpdate
from textual.app import App

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.host import PendingGame

SIZE = (120, 40)


def watch_frames(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, str]]:
    """Every update the app hands its terminal: whether Textual held it back (its start-up
    batch: the frame is dropped) and the screen it is of."""
    frames: list[tuple[bool, str]] = []
    real = App._display

    def display(self: App, screen: Any, renderable: Any) -> None:
        if isinstance(renderable, CompositorUpdate):
            frames.append((bool(self._batch_count), type(screen).__name__))
        real(self, screen, renderable)

    monkeypatch.setattr(App, "_display", display)
    return frames


@pytest.mark.parametrize("game_id", ["stadium", "quartett", "sadikov", "worldwave"])
async def test_a_game_opened_at_start_draws_no_frame_for_nothing(monkeypatch, game_id):
    frames = watch_frames(monkeypatch)
    match = Match.start(game_id, parse_players("Ann,ai:easy"), 3)
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert frames, "no frame drawn"
        assert [screen for held, screen in frames if held] == []
        shown = [type(screen).__name__ for screen in app.screen_stack]
        assert frames[0][1] in shown[1:]  # the game's own screens, from the first frame


async def test_set_up_questions_at_start_draw_no_frame_for_nothing(monkeypatch):
    frames = watch_frames(monkeypatch)
    seats = parse_players("Ann,ai:easy")
    app = FootyApp(pending=PendingGame("stadium", seats, 3, {}), speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert frames and [screen for held, screen in frames if held] == []
