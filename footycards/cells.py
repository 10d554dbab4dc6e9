"""Provides text measured in terminal cells: padded, centred and cut by the cells it takes.

Chinese characters take two cells, so `len()` misplaces them: a label padded with
`str.ljust` leaves its column too wide, and `text[:n]` can leave a character half shown.
These helpers measure with Rich's `cell_len` and cut with `set_cell_size`, which never
splits a character (a wide character that does not fit becomes a space).
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size

__all__ = ["cell_len", "center", "cut", "pad"]


def cut(text: str, width: int, ellipsis: str = "…") -> str:
    """`text` in at most `width` cells: whole when it fits, else cut with `ellipsis`."""
    if cell_len(text) <= width:
        return text
    if width <= cell_len(ellipsis):
        return set_cell_size(text, max(0, width)).rstrip()
    return set_cell_size(text, width - cell_len(ellipsis)).rstrip() + ellipsis


def pad(text: str, width: int) -> str:
    """`text` filled with spaces to `width` cells (cut with "…" when longer)."""
    text = cut(text, width)
    return text + " " * (width - cell_len(text))


def center(text: str, width: int, fill: str = " ") -> str:
    """`text` centred in `width` cells (cut with "…" when longer)."""
    text = cut(text, width)
    room = width - cell_len(text)
    left = room // 2
    return fill * left + text + fill * (room - left)
