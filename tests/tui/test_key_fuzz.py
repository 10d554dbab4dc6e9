"""Random key presses on every game screen never crash the app or corrupt the game."""

from __future__ import annotations

import json
import random

import pytest

from footycards.core import get_game
from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.game import GameScreen

KEYS = ["up", "down", "left", "right", "enter", "space", "v", "g", "y", "r", "a", "1", "2",
        "3", "4", "5", "escape", "n", "h", "j", "k", "l", "question_mark", "f1"]  # fmt: skip

SETUPS = [
    ("stadium", "Ann,Bob,ai:hard", {"rows": 4, "cols": 4}),
    ("stadium", "Ann,ai:normal", {"rows": 5, "cols": 6}),
    ("quartett", "Ann,Bob,ai:normal", {"mode": "fussball"}),
    ("quartett", "Ann,Bob", {"mode": "abwehr-angriff"}),
    ("quartett", "Ann,Bob,ai:easy", {"mode": "quartett"}),
]


@pytest.mark.parametrize("game,players,options", SETUPS)
async def test_random_keys_keep_the_game_consistent(game, players, options):
    """Random keys: the app stays up, and the state still round-trips through JSON."""
    rng = random.Random(f"{game}{players}")
    table = Match.start(game, parse_players(players), 11, options)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for _ in range(100):
            await pilot.press(rng.choice(KEYS))
            if app.return_code is not None:
                break
        await pilot.pause()
        # "play again" deals a new match: check the one on screen
        screens = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        state = (screens[-1].match if screens else table).state
        again = get_game(game).from_json(state.to_json())
        assert json.loads(again.to_json()) == json.loads(state.to_json())
