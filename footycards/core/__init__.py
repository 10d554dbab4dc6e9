"""Provides the rule engines of footycards and `get_game`, which finds one by id.

`footycards.core` is pure Python (standard library only): the TUI, the text mode,
the simulator, the AI and the tests all drive the engines through this contract. An
engine is a module (or package) `footycards.core.<id>` whose `ID` is `<id>` and which
has `new_game` (the contract of `footycards.core.contract`); there is no list of games
here to keep up to date: every such module is found, imported the first time it is
asked for. The shared modules (`SHARED`) and helper modules without an `ID` are not
games.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Iterator, Mapping
from types import ModuleType

from .errors import DeckError, IllegalAction, OptionError

# Modules every engine may use; they are not games.
SHARED = frozenset({"assets", "contract", "errors", "rng"})


def _engine(game_id: str) -> ModuleType | None:
    """The engine module of `game_id`, or None when no such engine exists."""
    if not game_id.isidentifier() or game_id.startswith("_") or game_id in SHARED:
        return None
    if importlib.util.find_spec(f"{__name__}.{game_id}") is None:
        return None
    module = importlib.import_module(f"{__name__}.{game_id}")
    if getattr(module, "ID", None) != game_id or not callable(getattr(module, "new_game", None)):
        return None  # a helper module of an engine, not a game
    return module


def game_ids() -> list[str]:
    """The ids of every engine in `footycards.core`, sorted."""
    names = sorted(m.name for m in pkgutil.iter_modules(__path__))
    return [name for name in names if _engine(name) is not None]


class _Engines(Mapping[str, ModuleType]):
    """The engines that exist, by game id, each imported on first use."""

    def __getitem__(self, game_id: str) -> ModuleType:
        module = _engine(game_id) if isinstance(game_id, str) else None
        if module is None:
            raise KeyError(game_id)
        return module

    def __iter__(self) -> Iterator[str]:
        return iter(game_ids())

    def __len__(self) -> int:
        return len(game_ids())


GAMES: Mapping[str, ModuleType] = _Engines()


def get_game(game_id: str) -> ModuleType:
    """Return the engine module of a game id (`stadium`, `quartett`, …)."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game '{game_id}'; games are: {', '.join(game_ids())}") from None


__all__ = ["GAMES", "SHARED", "game_ids", "get_game", "IllegalAction", "OptionError", "DeckError"]
