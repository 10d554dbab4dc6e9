"""Provides the in-app rules texts (Markdown files shipped in assets/rules/).

A game's engine may list further house rulings in `HOUSE_RULINGS`; they are appended,
so the rules screen always shows every ruling the engine applies.
"""

from __future__ import annotations

from .core import GAMES
from .core.assets import assets_dir
from .i18n import _


def rules_markdown(game_id: str) -> str:
    """Return the player-facing rules of a game, house rulings included."""
    path = assets_dir() / "rules" / f"{game_id}.md"
    text = path.read_text(encoding="utf-8")
    rulings = getattr(GAMES.get(game_id), "HOUSE_RULINGS", None)
    if rulings:
        text += "\n\n## " + _("House rulings in detail") + "\n"
        text += "".join(f"- {r}\n" for r in rulings)
    return text
