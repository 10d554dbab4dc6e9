"""The hint explainers: the hinted action is the `hard` agent's choice; reasons from the view."""

from __future__ import annotations

import random

import pytest

from footycards.ai.hints import EXPLAINERS, hard_choice, hint
from footycards.match import Match, make_agent
from footycards.seats import parse_players


@pytest.mark.parametrize("game_id", ["stadium", "quartett", "sadikov", "worldwave"])
def test_the_hinted_action_is_the_hard_agents_choice(game_id):
    match = Match.start(game_id, parse_players("Ann,Bob"), 9)
    rng = random.Random(1)
    codes = set()
    for number in range(40):
        if match.is_over:
            break
        view = match.view(match.due)
        legal = match.legal_actions()
        found = hint(game_id, view, legal, make_agent(game_id, "hard"), number)
        assert str(found.action) == str(
            hard_choice(make_agent(game_id, "hard"), view, legal, number)
        )
        assert found.action in legal
        codes.add(found.code)
        match.apply(rng.choice(legal) if number % 2 else found.action)
    assert codes
    if game_id in EXPLAINERS:
        assert codes != {"play"}  # the game's own reasons, not only the fallback


def test_stadium_names_a_pair_seen_before():
    """Play hard's hints for both seats: sooner or later a known pair is the reason."""
    match = Match.start("stadium", parse_players("Ann,Bob"), 4)
    codes = []
    for number in range(200):
        if match.is_over:
            break
        hard = make_agent("stadium", "hard")
        found = hint("stadium", match.view(match.due), match.legal_actions(), hard, number)
        codes.append(found.code)
        if found.code == "pair":
            cells = {c["pos"]: c for c in match.view(match.due)["table"]}
            assert cells[found.params["cell"]]["state"] == "down"
            assert found.params["ago"] >= 0
        match.apply(found.action)
    assert "pair" in codes and "fresh" in codes
