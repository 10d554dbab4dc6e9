"""Text mode: 'undo' against the AI takes back the person's move and the AI's replies, or
says why not and changes nothing."""

from __future__ import annotations

import io
import random

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
