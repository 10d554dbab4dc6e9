"""Provides the in-app rules texts (Markdown files shipped in assets/rules/).

Each game's registry entry names its rules file; the house rulings are part of it. A
translated text sits beside it as `<game>.<lang>.md` and is used when the session's
language has one.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

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


def rules_document(game_id: str) -> Any:
    """The rules as Rich Markdown, for a screen or a terminal. A table cell too wide for
    its column is folded onto the next line, never cut off with an ellipsis: a Chinese
    name has no spaces to wrap at, and Rich's own tables cut it ("奧 …")."""
    return _folding_markdown()(rules_markdown(game_id))


@lru_cache(maxsize=1)
def _folding_markdown() -> type:
    # Rich's Markdown is imported only when rules are shown (start-up time)
    from rich.markdown import Markdown, TableElement

    class FoldingTable(TableElement):
        def __rich_console__(self, console: Any, options: Any) -> Iterator[Any]:
            for table in super().__rich_console__(console, options):
                for column in getattr(table, "columns", ()):
                    column.overflow = "fold"
                yield table

    class RulesMarkdown(Markdown):
        elements = {**Markdown.elements, "table_open": FoldingTable}

    return RulesMarkdown
