"""Random key presses on every game screen never crash the app or corrupt the game."""

from __future__ import annotations

import json
import random

import pytest

from footycards.core import get_game
from footycards.match import Match
from footycards.registry import REGISTRY
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.game import GameScreen

KEYS = ["up", "down", "left", "right", "enter", "space", "v", "g", "y", "r", "a", "1", "2",
        "3", "4", "5", "escape", "n", "h", "j", "k", "l", "question_mark", "f1"]  # fmt: skip

FIXED = [
    ("stadium", "Ann,Bob,ai:hard", {"rows": 4, "cols": 4}),
    ("stadium", "Ann,ai:normal", {"rows": 5, "cols": 6}),
    ("quartett", "Ann,Bob,ai:normal", {"mode": "fussball"}),
    ("quartett", "Ann,Bob", {"mode": "abwehr-angriff"}),
    ("quartett", "Ann,Bob,ai:easy", {"mode": "quartett"}),
]


def registry_setups() -> list[tuple[str, str, dict]]:
    """Every game with a screen in every mode, with its default options: two people at
    the keys and an AI where the game seats three."""
    setups = []
    for spec in REGISTRY.with_screens():
        mode_spec = spec.option(spec.mode_option) if spec.mode_option else None
        modes = [value for value, _label in mode_spec.choices] if mode_spec else [None]
        seats = ",".join(["Ann", "Bob", "ai:normal"][: max(k for k in spec.counts() if k <= 3)])
        for mode in modes:
            given = {spec.mode_option: mode} if spec.mode_option else {}
            setups.append((spec.id, seats, spec.convert(given, spec.max_players, "play")))
    return setups


SETUPS = FIXED + [s for s in registry_setups() if s not in FIXED]


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
