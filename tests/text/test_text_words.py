"""Words in the text mode (issue 16's list): plural forms where a count may be one."""

from __future__ import annotations

from footycards.match import Match
from footycards.seats import parse_players
from footycards.textmode.stadium import render


def test_one_star_is_one_star():
    """A player with one star: "1 star;", not "1 stars;"."""
    match = Match.start("stadium", parse_players("Ann,Bob"), 3, {"rows": 2, "cols": 2})
    view = match.view(0)
    view["areas"][0]["score"] = 1
    view["areas"][1]["score"] = 2
    text = render(view)
    assert "Ann: 1 star;" in text and "Bob: 2 stars;" in text


def test_a_won_two_player_round_says_plus_1_card():
    """The text mode tells the stack's growth: two players, +1 card."""
    import io

    from footycards.textmode import run

    match = Match.start("quartett", parse_players("Ann,ai:random"), 3, {})
    out = io.StringIO()
    run(match, io.StringIO("call games\n"), out)
    assert "Round won by Ann: +1 card" in out.getvalue()
    assert "Round won by Ann: +2 cards" not in out.getvalue()
