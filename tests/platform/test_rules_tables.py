"""The rules' tables in a narrow terminal: a cell is folded, never cut (issue 21)."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from footycards.i18n import language
from footycards.rulesdoc import rules_document, rules_markdown


@pytest.mark.parametrize("lang", ["zh_Hant", "en", "uk"])
@pytest.mark.parametrize("width", [40, 56, 80])
def test_every_cell_of_the_roster_table_is_shown_whole(lang: str, width: int) -> None:
    with language(lang):
        text = rules_markdown("worldwave")
        doc = rules_document("worldwave")
    cells = [
        c.strip()
        for line in text.splitlines()
        if line.startswith("|") and not line.startswith("|---")
        for c in line.strip("|").split("|")
    ]
    assert len(cells) > 20
    console = Console(width=width, color_system=None, legacy_windows=False)
    with console.capture() as capture:
        console.print(doc)
    shown = capture.get()
    # Rich cuts a cell that does not fit with "…": none more than the text has itself
    assert shown.count("…") == text.count("…"), (lang, width)
    flat = re.sub(r"\s+", "", shown)
    for cell in cells:  # a folded cell's first and last characters are on screen
        assert cell[0] in flat and cell[-1] in flat, (lang, width, cell)
