"""`pack`: key hints and reward badges on lines, never split from their labels."""

from __future__ import annotations

from rich.text import Text

from footycards.tui.widgets.packing import pack

HINTS = ["1 Bundesliga-Spiele", "2 Bundesliga-Tore", "3 Fairness-Punkte", "4 Abwehr"]


def test_each_piece_stays_whole_on_its_line():
    lines = pack(HINTS, 40).plain.split("\n")
    assert lines == ["1 Bundesliga-Spiele  2 Bundesliga-Tore", "3 Fairness-Punkte  4 Abwehr"]
    assert all(len(line) <= 40 for line in lines)


def test_one_line_when_it_fits_or_the_width_is_not_known():
    assert pack(HINTS, 200).plain == "  ".join(HINTS)
    assert pack(HINTS, 0).plain == "  ".join(HINTS)


def test_a_piece_wider_than_the_line_stands_alone_and_styles_are_kept():
    text = pack([Text("Y", style="bold"), "a-very-long-piece", "b"], 6, gap=1)
    assert text.plain.split("\n") == ["Y", "a-very-long-piece", "b"]
    assert any(span.style == "bold" for span in text.spans)
