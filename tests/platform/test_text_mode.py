"""Text mode's `moves`: every legal move, grouped so a long list stays readable."""

from __future__ import annotations

import io
from itertools import combinations

import pytest

from footycards.match import Match
from footycards.registry import REGISTRY
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


def board_count(text: str) -> int:
    return text.count("=======================================  pitch")


def test_the_board_is_printed_after_a_move_and_on_board_only():
    """`help`, `moves` and a refused move do not reprint the 10×10 table; a move and
    `board` do."""
    match = Match.start("stadium", parse_players("Ann,Bob"), 3)
    out = io.StringIO()
    front = TextFront(match, io.StringIO("help\nmoves\nflip Z99\n"), out)
    assert front.run() == 0
    assert board_count(out.getvalue()) == 1  # once, at the start
    out = io.StringIO()
    match = Match.start("stadium", parse_players("Ann,Bob"), 3)
    TextFront(match, io.StringIO("board\nflip A1\nmoves\n"), out).run()
    assert board_count(out.getvalue()) == 3  # start, `board`, after the flip


def test_quit_and_end_of_input_exit_cleanly():
    """Leaving a game is no error: `quit` and the end of input both give 0."""
    for lines in ("quit\n", "flip A1\nquit\n", "", "flip A1\n"):
        match = Match.start("stadium", parse_players("Ann,Bob"), 3)
        out = io.StringIO()
        assert TextFront(match, io.StringIO(lines), out).run() == 0
        assert "unfinished" in out.getvalue()


@pytest.mark.parametrize("spec", list(REGISTRY), ids=lambda s: s.id)
def test_help_shows_the_game_s_own_examples(spec):
    """`help` names example moves of the game being played (its text renderer's EXAMPLES),
    each one a move the game's notation reads, and no other game's."""
    examples = spec.text_module().EXAMPLES
    assert examples
    for move in examples:
        spec.engine_module().parse(move)
    match = Match.start(spec.id, parse_players("Ann,Bob"), 3)
    out = io.StringIO()
    TextFront(match, io.StringIO(), out).answer(0, "help")
    text = out.getvalue()
    for move in examples:
        assert f"'{move}'" in text
    for other in REGISTRY:
        for move in set(other.text_module().EXAMPLES) - set(examples):
            assert f"'{move}'" not in text, (spec.id, move)


@pytest.mark.parametrize("spec", list(REGISTRY), ids=lambda s: s.id)
def test_a_huge_number_is_refused_in_words(spec):
    """`take` (or any move word) followed by a 4,301-digit number is refused with a short
    message and changes nothing; it used to end text mode with a traceback (int's limit)."""
    match = Match.start(spec.id, parse_players("Ann,Bob"), 3)
    before = match.state.to_json()
    out = io.StringIO()
    for example in spec.text_module().EXAMPLES:
        verb = example.split()[0]
        assert TextFront(match, io.StringIO(), out).answer(match.due, f"{verb} {'9' * 4301}")
    assert match.state.to_json() == before
    lines = out.getvalue().splitlines()
    assert lines and all(len(line) < 400 for line in lines)  # not the 4,301 digits
