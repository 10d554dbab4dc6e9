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


def _sadikov_position():
    """Ann took 8♠ from column 1, Bob 6♥ from column 2; Ann to move: column 1 shows the
    twin 8♠ (a free kick), column 3 a 9♠ (an attack on her 8♠), column 2 a 7♥ (nothing
    for Ann, an attack for Bob), column 4 a K♦ (a pile of its own)."""
    from footycards.core import sadikov as sk
    from tests.core.test_sadikov import game

    state = game({1: ["8S", "8S"], 2: ["6H", "7H"], 3: ["9S"], 4: ["KD"]})
    state.apply(sk.parse("take 1"))
    state.apply(sk.parse("take 2"))
    assert state.to_move == 0
    return sk, state.view(0)


def test_sadikov_hints_say_what_the_take_does():
    """F4 for the seat to move, from its view: a free kick with its chance of a goal
    against the keeper cards unseen (F4.2, F4.6), an attack's extra move (F4.5), what a
    card left there would give the opponent, else the pile it builds."""
    from footycards.ai.hints import explain_sadikov
    from footycards.ai.sadikov import take_outcome

    sk, view = _sadikov_position()
    kick = take_outcome(view, 1)
    assert (kick.card, kick.effect, kick.extra) == ("8S", "free_kick", 0.0)
    # 18 keeper cards, none seen yet: 4 spades and 2 jokers save; two are turned
    assert kick.goals == pytest.approx(12 / 18 * 11 / 17)
    assert take_outcome(view, 3).effect == "attack"
    assert take_outcome(view, 4).effect == "pile"
    left = take_outcome(view, 2)
    assert (left.effect, left.goals, left.extra) == ("pile", 0.0, 0.0)
    assert left.their_extra == 1.0  # 7♥ on Bob's 6♥
    take = sk.parse
    assert explain_sadikov(view, take("take 1")) == (
        "take_free_kick", {"column": 1, "card": "8S", "percent": 43}
    )  # fmt: skip
    assert explain_sadikov(view, take("take 3")) == ("take_attack", {"column": 3, "card": "9S"})
    assert explain_sadikov(view, take("take 2")) == (
        "take_deny_attack", {"column": 2, "card": "7H", "seat": 1}
    )  # fmt: skip
    assert explain_sadikov(view, take("take 4")) == ("take_pile", {"column": 4, "card": "KD"})


def test_sadikov_hint_words_name_the_card_and_the_players():
    from footycards.ai.hints import Hint
    from footycards.tui.hint_words import hint_text

    names = ["Ann", "[b]Bob[/b]"]
    values = {"column": 2, "card": "QH", "percent": 43, "seat": 1}
    said = {
        code: hint_text(Hint(None, code, values), names)
        for code in (
            "take_long", "take_free_kick", "take_corner", "take_shot", "take_attack",
            "take_deny", "take_deny_attack", "take_removed", "take_pile",
        )
    }  # fmt: skip
    assert all(text.startswith("take column 2: ") and "Q♥H" in text for text in said.values())
    assert "43\u00a0% to score" in said["take_free_kick"]
    assert "[b]Bob[/b]" in said["take_deny"] and "[b]Bob[/b]" in said["take_deny_attack"]
    assert len(set(said.values())) == len(said)
