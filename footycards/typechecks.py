"""Provides nothing at run time: here mypy checks each game's parts against their contracts.

Each engine module is assigned to `Engine` (its states, through `new_game`, to
`GameState`), each text renderer to `TextRenderer`, and each agent class to `Agent`: a
part that drifts from its contract fails `mypy`. `tests/core/test_contract.py` fails
when a game of the registry is missing here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .ai.base import Agent, RandomAgent
    from .ai.quartett import QuartettAgent
    from .ai.sadikov import SadikovAgent
    from .ai.stadium import StadiumAgent
    from .ai.worldwave import WorldWaveAgent
    from .core import quartett, sadikov, stadium, worldwave
    from .core.contract import Engine, HiddenCards, ReviewViews, UndoBarriers
    from .registry import PrivateNews, TextRenderer
    from .textmode import quartett as quartett_text
    from .textmode import sadikov as sadikov_text
    from .textmode import stadium as stadium_text
    from .textmode import worldwave as worldwave_text

    STADIUM: Engine = stadium
    QUARTETT: Engine = quartett
    SADIKOV: Engine = sadikov
    WORLDWAVE: Engine = worldwave
    UNDO: tuple[UndoBarriers, ...] = (stadium, quartett, sadikov, worldwave)
    REVIEW: tuple[type[ReviewViews], ...] = (stadium.StadiumState, sadikov.SadikovState)
    HIDDEN: tuple[type[HiddenCards], ...] = (
        stadium.StadiumState,
        quartett.QuartettState,
        sadikov.SadikovState,
    )
    STADIUM_TEXT: TextRenderer = stadium_text
    QUARTETT_TEXT: TextRenderer = quartett_text
    SADIKOV_TEXT: TextRenderer = sadikov_text
    WORLDWAVE_TEXT: TextRenderer = worldwave_text
    NEWS: tuple[PrivateNews, ...] = (quartett_text,)
    AGENTS: tuple[type[Agent[Any]], ...] = (
        RandomAgent,
        StadiumAgent,
        QuartettAgent,
        SadikovAgent,
        WorldWaveAgent,
    )
