"""Provides the rule engines of footycards and `get_game`, which finds one by id.

`footycards.core` is pure Python (standard library only): the TUI, the text mode,
the simulator, the AI and the tests all drive the engines through this contract. An
engine is the module `footycards.core.<id>` for one of `ALL_GAME_IDS`; it is imported
the first time it is asked for, and a game whose module does not exist yet is simply
not in `GAMES`.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, Mapping
from types import ModuleType

from .errors import DeckError, IllegalAction, OptionError

ALL_GAME_IDS = ("stadium", "worldwave", "sadikov", "quartett")


class _Engines(Mapping[str, ModuleType]):
    """The engines that exist, by game id, each imported on first use."""

    def _ids(self) -> list[str]:
        return [g for g in ALL_GAME_IDS if importlib.util.find_spec(f"{__name__}.{g}")]

    def __getitem__(self, game_id: str) -> ModuleType:
        if game_id not in ALL_GAME_IDS or not importlib.util.find_spec(f"{__name__}.{game_id}"):
            raise KeyError(game_id)
        return importlib.import_module(f"{__name__}.{game_id}")

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())

    def __len__(self) -> int:
        return len(self._ids())


GAMES: Mapping[str, ModuleType] = _Engines()


def get_game(game_id: str) -> ModuleType:
    """Return the engine module of a game id (`stadium`, `quartett`, …)."""
    try:
        return GAMES[game_id]
    except KeyError:
        if game_id in ALL_GAME_IDS:
            raise KeyError(f"the game '{game_id}' is not playable yet") from None
        raise KeyError(f"unknown game '{game_id}'; games are: {', '.join(sorted(GAMES))}") from None


__all__ = ["GAMES", "ALL_GAME_IDS", "get_game", "IllegalAction", "OptionError", "DeckError"]
