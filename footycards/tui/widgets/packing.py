"""Provides `pack`: short pieces of text put on lines so that no piece is split; and
`wrapped_lines`: text wrapped so that no line starts with closing Chinese punctuation.

Rich and Textual wrap at any space, the no-break space too, so a key hint "2 Bundesliga-
Tore" can lose its key to the line above. `pack` keeps each piece whole: pieces are
joined by `gap` spaces while they fit in `width` cells, and a piece that does not fit
starts the next line (one wider than the whole width stays alone on its line).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text


def pack(pieces: Sequence[Text | str], width: int, gap: int = 2) -> Text:
    """`pieces` on as few lines of `width` cells as fit them whole (0: one line)."""
    out = Text()
    used = 0
    for piece in pieces:
        text = piece if isinstance(piece, Text) else Text(piece)
        size = text.cell_len
        if used and (width <= 0 or used + gap + size <= width):
            out.append(" " * gap)
            used += gap
        elif used:
            out.append("\n")
            used = 0
        out.append_text(text)
        used += size
    return out


# Chinese punctuation a line must not start with (it goes with the character before it)
NO_LINE_START = set("，。、；：！？）」』】〉》")


def wrapped_lines(text: Text, console: Console, width: int) -> list[Text]:
    """`text` wrapped at `width` cells so that no line starts with closing Chinese
    punctuation: the character before it goes down with it and the rest is wrapped
    again."""
    out: list[Text] = []
    rest = text
    for _round in range(200):
        lines = list(rest.wrap(console, width))
        bad = next(
            (
                i
                for i in range(1, len(lines))
                if lines[i].plain[:1] in NO_LINE_START and len(lines[i - 1].plain.rstrip()) > 1
            ),
            None,
        )
        if bad is None:
            return out + lines
        end = 0
        for line in lines[:bad]:  # where line `bad - 1` ends in `rest`
            seg = line.plain.rstrip()
            found = rest.plain.find(seg, end)
            if found < 0:
                return out + lines
            end = found + len(seg)
        prev = lines[bad - 1]
        out += lines[: bad - 1] + [prev[: len(prev.plain.rstrip()) - 1]]
        rest = rest[end - 1 :]
    return out + list(rest.wrap(console, width))
