"""Text mode: 'undo' against the AI takes back the person's move and the AI's replies, or
says why not and changes nothing."""

from __future__ import annotations

import io
import random

import pytest

from footycards.match import Match
from footycards.seats import parse_players
from footycards.textmode import TextFront, help_text


def against_ai(players: str = "Ann,ai:normal", seed: int = 1) -> Match:
    match = Match.start("stadium", parse_players(players), seed, {"rows": 4, "cols": 4})
    match.run_ai()
    return match


def undo_position() -> Match:
    """A Stadium game against the AI where Ann may take her last move back."""
    for seed in range(40):
        match = against_ai(seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
            match.run_ai()
            if not match.is_over and match.undo_refusal() is None:
                return match
    raise AssertionError("no position with an undo in 40 games")


def front(match: Match) -> tuple[TextFront, io.StringIO]:
    out = io.StringIO()
    return TextFront(match, io.StringIO(""), out), out


def test_undo_takes_the_move_back_and_says_so():
    match = undo_position()
    count = len(match.actions)
    text, out = front(match)
    assert text.answer(0, "undo")
    assert len(match.actions) < count and match.due == 0
    assert "Took back" in out.getvalue()


def test_undo_refused_says_why_and_changes_nothing():
    match = against_ai()  # nothing of Ann's to take back yet
    before = match.state.to_json()
    text, out = front(match)
    assert text.answer(0, "undo")
    assert match.state.to_json() == before
    assert "No undo: there is no move of yours to take back. Nothing changed." in out.getvalue()


def test_no_undo_between_people_and_help_says_when_it_is_there():
    two = Match.start("stadium", parse_players("Ann,Bob"), 1, {"rows": 4, "cols": 4})
    two.apply(str(two.legal_actions()[0]))
    before = two.state.to_json()
    text, out = front(two)
    text.answer(1, "undo")
    assert two.state.to_json() == before and "No undo" in out.getvalue()
    assert "'undo'" in help_text(True) and "'undo'" not in help_text(False)
    text, out = front(against_ai())
    text.answer(0, "help")
    assert "'undo'" in out.getvalue()


DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)


def flipped(answers: str) -> tuple[Match, TextFront, io.StringIO]:
    """Ann has turned A1 over against the AI; `answers` is what she types next."""
    options = {"rows": 4, "cols": 4, "deal": DEAL_4X4, "first": 0}
    match = Match.start("stadium", parse_players("Ann,ai:normal"), 1, options)
    match.apply("flip A1")
    out = io.StringIO()
    return match, TextFront(match, io.StringIO(answers), out), out


def test_undo_across_a_card_seen_asks_and_yes_makes_it_practice():
    """'undo' after a flip asks; 'yes' takes the move back and the game is practice."""
    match, text, out = flipped("yes\n")
    assert text.answer(0, "undo")
    said = out.getvalue()
    assert "You have seen a card that was turned over; undo anyway?" in said
    assert "This game then counts as practice. (yes/no)> " in said
    assert match.actions == [] and match.practice
    assert "Took back 1 move. This game counts as practice." in said


@pytest.mark.parametrize("answers", ["no\n", "\n", ""])
def test_undo_across_a_card_seen_anything_but_yes_changes_nothing(answers):
    """'no', an empty line or the end of input: nothing changes, the game stays a real one."""
    match, text, out = flipped(answers)
    assert text.answer(0, "undo")
    assert match.actions == ["flip A1"] and not match.practice
    assert out.getvalue().endswith("Nothing changed.\n")


def test_help_says_undo_asks_across_a_card_shown():
    assert "asks first: the game then counts as practice" in help_text(True)
