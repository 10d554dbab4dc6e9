"""Text mode's `moves`: every legal move, grouped so a long list stays readable."""

from __future__ import annotations

import io
from itertools import combinations

from footycards.match import Match
from footycards.seats import parse_players
from footycards.textmode import TextFront, move_lines


def test_every_flip_is_listed():
    """A 10×10 table: all 100 flips are named, none elided with "… and N more"."""
    match = Match.start("stadium", parse_players("Ann,Bob"), 3)
    out = io.StringIO()
    front = TextFront(match, io.StringIO(), out)
    front.answer(0, "moves")
    text = out.getvalue()
    assert "more" not in text
    for move in match.legal_actions():
        assert str(move).split()[1] in text


def test_any_two_of_is_said_once():
    """Stadium's VAR takes any two different face-down cards: said once, values listed."""
    cells = [f"A{i}" for i in range(1, 13)]
    moves = [f"var {a} {b}" for a, b in combinations(cells, 2)] + ["flip A1"]
    lines = move_lines(moves)
    assert any("var X Y — any two different of:" in line for line in lines)
    assert " ".join(lines).count("A12") == 1  # the values, once
    assert any(line.strip().startswith("flip:") for line in lines)


def test_asks_grouped_by_player():
    """Quartett asks: one line per player asked, with the cards."""
    moves = ["ask P2 A1", "ask P2 B3", "ask P3 A1"]
    assert move_lines(moves) == ["  ask P2: A1 B3", "  ask P3: A1"]
