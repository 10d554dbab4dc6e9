"""Provides the in-app rules texts (Markdown files shipped in assets/rules/)."""

from __future__ import annotations

from .core.assets import assets_dir


def rules_markdown(game_id: str) -> str:
    """Return the player-facing rules of a game, house rulings included."""
    path = assets_dir() / "rules" / f"{game_id}.md"
    return path.read_text(encoding="utf-8")
