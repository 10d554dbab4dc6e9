"""Provides the rule engines of footycards and the registry that finds them by id.

`footycards.core` is pure Python (standard library only): the TUI, the text mode,
the simulator, the AI and the tests all drive the engines through this contract.
"""

from __future__ import annotations

from types import ModuleType

from . import quartett, stadium
from .errors import DeckError, IllegalAction, OptionError

GAMES: dict[str, ModuleType] = {
    stadium.ID: stadium,
    quartett.ID: quartett,
}

ALL_GAME_IDS = ("stadium", "worldwave", "sadikov", "quartett")


def get_game(game_id: str) -> ModuleType:
    """Return the engine module of a game id (`stadium`, `quartett`, …)."""
    try:
        return GAMES[game_id]
    except KeyError:
        if game_id in ALL_GAME_IDS:
            raise KeyError(f"the game '{game_id}' is not playable yet") from None
        raise KeyError(f"unknown game '{game_id}'; games are: {', '.join(sorted(GAMES))}") from None


__all__ = ["GAMES", "get_game", "IllegalAction", "OptionError", "DeckError"]
