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


def test_world_wave_hints_give_reasons_from_the_view():
    """A four-player match played by hard's hints for every seat: the reasons are World
    Wave's own (shots with their chance against the Saves the defenders may hold, Fouls,
    Saves, the stamina an end keeps), each naming seats of the right side, and every one
    in words with the players' names as typed."""
    from footycards.tui.hint_words import hint_text

    names = ["[b]Li[/b]", "Bo", "Cy", "Di"]
    match = Match.start("worldwave", parse_players(",".join(names)), 3)
    codes: dict[str, int] = {}
    for number in range(400):
        if match.is_over:
            break
        seat = match.due
        view = match.view(seat)
        found = hint(
            "worldwave", view, match.legal_actions(), make_agent("worldwave", "hard"), number
        )
        codes[found.code] = codes.get(found.code, 0) + 1
        p = found.params
        foes = [s for s in range(4) if s % 2 != seat % 2]
        if found.code == "ww_shot":
            assert 0 <= p["percent"] <= 100 and p["savers"] and set(p["savers"]) <= set(foes)
        if found.code in ("ww_foul", "ww_tackle", "ww_event_on"):
            assert p["target"] in foes
        if found.code == "ww_save":
            assert p["shooter"] in foes and p["card"] in view["hand"]
        if found.code == "ww_end_keep":
            assert 0 < p["stamina"]
        text = hint_text(found, names)
        assert text and "{" not in text
        if found.code in ("ww_foul", "ww_save") and 0 in (p.get("target"), p.get("shooter")):
            assert "[b]Li[/b]" in text  # a typed name as it was typed
        match.apply(found.action)
    assert "play" not in codes, codes
    assert {"ww_pick", "ww_end"} & set(codes) and {"ww_shot", "ww_shot_clear"} & set(codes), codes
