"""Provides `quartett_screen`, the screen of a Bundesliga Quartett match by its mode.

Top trumps (Fußball, Abwehr-Angriff) are played on `TopTrumpsScreen` (quartett_trumps.py),
collecting quartets on `QuartettAskScreen` (quartett_ask.py); both build on
`QuartettScreen` (quartett_base.py), which is importable from here too.
"""

from __future__ import annotations

from ...match import Match
from .quartett_ask import QuartettAskScreen
from .quartett_base import QuartettScreen, SeatList
from .quartett_trumps import TopTrumpsScreen

__all__ = ["QuartettScreen", "SeatList", "quartett_screen"]


def quartett_screen(
    match: Match, local: set[int] | None = None, drive_ai: bool = True
) -> QuartettScreen:
    """The screen of a Bundesliga Quartett match: top trumps or Quartett, by its mode."""
    if match.public_view()["mode"] == "quartett":
        return QuartettAskScreen(match, local, drive_ai)
    return TopTrumpsScreen(match, local, drive_ai)
