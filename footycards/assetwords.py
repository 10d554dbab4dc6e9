"""Provides the Babel extractor of the words in the game data files (assets/**/*.toml).

World Wave's card names and texts, its characters' skill texts, Quartett's positions and
the deck titles are English in the data files; front ends show them through `_()`, and
`make pot` takes them into the catalogue with this extractor (babel.cfg names, per file,
the keys it takes: `keys` inside the `[[tables]]`, `top` before the first table). Each
message carries the entry's id and, where the file has one, its Chinese text
(`name_zh`, `text_zh`) as a comment for the translators.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from typing import IO, Any

_LINE = re.compile(r'^\s*([A-Za-z_]+)\s*=\s*(".*")\s*(#.*)?$')
_TABLE = re.compile(r"^\s*\[\[?([A-Za-z_.]+)\]\]?")


def _value(literal: str) -> str:
    """The string a TOML basic string literal stands for."""
    value = tomllib.loads(f"v = {literal}")["v"]
    return str(value)


def extract_toml(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, str]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor protocol: (line, function name, message, comments) per message."""
    keys = set(options.get("keys", "").split())
    top = set(options.get("top", "").split())
    lines = fileobj.read().decode("utf-8").splitlines()
    in_table = False
    entry: dict[str, str] = {}
    pending: list[tuple[int, str, str]] = []

    def flush() -> Iterator[tuple[int, str | None, str, list[str]]]:
        for lineno, key, text in pending:
            note = [f"{key} of {entry['id']}"] if "id" in entry else [key]
            chinese = entry.get(f"{key}_zh")
            if chinese:
                note.append(f"Chinese: {chinese}")
            yield lineno, None, text, ["; ".join(note)]
        pending.clear()
        entry.clear()

    for lineno, line in enumerate(lines, 1):
        if _TABLE.match(line):
            yield from flush()
            in_table = True
            continue
        match = _LINE.match(line)
        if not match:
            continue
        key, text = match.group(1), _value(match.group(2))
        entry[key] = text
        if (key in keys and in_table) or (key in top and not in_table):
            pending.append((lineno, key, text))
    yield from flush()
