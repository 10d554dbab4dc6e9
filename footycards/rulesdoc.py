"""Provides the in-app rules texts (Markdown files shipped in assets/rules/).

Each game's registry entry names its rules file; the house rulings are part of it. A
translated text sits beside it as `<game>.<lang>.md` and is used when the session's
language has one.
"""

from __future__ import annotations

from pathlib import Path

from .i18n import current_language
from .registry import get_spec


def rules_path(game_id: str) -> Path:
    """The rules file of a game in this session's language (English when none exists)."""
    path = get_spec(game_id).rules_path()
    lang = current_language()
    if lang != "en":
        translated = path.with_name(f"{path.stem}.{lang}{path.suffix}")
        if translated.is_file():
            return translated
    return path


def rules_markdown(game_id: str) -> str:
    """Return the player-facing rules of a game, house rulings included."""
    return rules_path(game_id).read_text(encoding="utf-8")
