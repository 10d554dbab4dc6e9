"""Provides `pack`: short pieces of text put on lines so that no piece is split.

Rich and Textual wrap at any space, the no-break space too, so a key hint "2 Bundesliga-
Tore" can lose its key to the line above. `pack` keeps each piece whole: pieces are
joined by `gap` spaces while they fit in `width` cells, and a piece that does not fit
starts the next line (one wider than the whole width stays alone on its line).
"""

from __future__ import annotations

from collections.abc import Sequence

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
