"""Text mode, Quartett game: after a miss the asker is told, privately, which card was drawn."""

from __future__ import annotations

import io

from footycards.match import Match
from footycards.seats import parse_players
from footycards.textmode import TextFront


def a_missing_ask(match: Match) -> str:
    """An ask of the seat due that misses (found on a copy of the state)."""
    for action in match.legal_actions():
        trial = match.state.clone()
        trial.apply(action)
        if not trial.view(None)["history"][-1]["hit"]:
            return str(action)
    raise AssertionError("every ask hits")


def test_drawn_card_told_to_the_asker():
    """Q5.2: the card drawn after a miss is named to the asker right after their move."""
    match = Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": "quartett"})
    before = {c["id"] for c in match.view(0)["hand"]}
    out = io.StringIO()
    front = TextFront(match, io.StringIO(), out)
    front.answer(0, a_missing_ask(match))
    after = match.view(0)
    drawn = [c["id"] for c in after["hand"] if c["id"] not in before]
    laid = after["seats"][0]["quartets"]
    assert drawn or laid
    text = out.getvalue()
    assert "Your card from the stack:" in text
    for cid in drawn:
        assert f"Your card from the stack: {cid}" in text


def test_nothing_told_after_a_hit():
    """A card handed over is public: no private line."""
    match = Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": "quartett"})
    for action in match.legal_actions():
        trial = match.state.clone()
        trial.apply(action)
        if trial.view(None)["history"][-1]["hit"]:
            out = io.StringIO()
            TextFront(match, io.StringIO(), out).answer(0, str(action))
            assert "from the stack" not in out.getvalue()
            return
    raise AssertionError("no hitting ask in this deal")
