"""Tests of the Quartett AI (footycards/ai/quartett.py): legal moves, memory, no cheating, strength.

Scenarios use fixed deals of the default deck (option `deal`: dealt one at a time from P1;
in the Quartett game the last cards form the stack, top first).
"""

from __future__ import annotations

import json
import random

import pytest

from footycards.ai.base import RandomAgent
from footycards.ai.hints import hint
from footycards.ai.quartett import ASKS, QuartettAgent, deck_catalog, hold_chances
from footycards.ai.quartett import LEVELS as LEVELS_CFG
from footycards.core import get_game
from footycards.core import quartett as q
from footycards.match import make_agent

game = get_game("quartett")
LEVELS = ("easy", "normal", "hard")


def deal_of(hands: list[list[str]], rest: list[str]) -> list[str]:
    return [h[i] for i in range(len(hands[0])) for h in hands] + rest


def choose(state, level: str = "normal", seed: int = 0):
    """The agent's choice for the seat to move (checked to be legal)."""
    legal = state.legal_actions()
    action = QuartettAgent(level).choose(state.view(state.to_move), legal, random.Random(seed))
    assert action in legal
    return action


def versus_random(mode: str, games: int, level: str = "normal") -> float:
    """Two-player games, seats alternated; a shared win counts half."""
    score = 0.0
    for g in range(games):
        seat = g % 2
        state = game.new_game(2, seed=1000 + g, options={"mode": mode, "round_limit": 2000})
        agents = [RandomAgent(), RandomAgent()]
        agents[seat] = QuartettAgent(level)
        rng = random.Random(g)
        while not state.is_over:
            m = state.to_move
            state.apply(agents[m].choose(state.view(m), state.legal_actions(), rng))
        winners = state.result()["winners"]
        score += 1 / len(winners) if seat in winners else 0.0
    return score / games


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("mode", "players"), [
    ("fussball", 2), ("fussball", 4), ("abwehr-angriff", 3), ("abwehr-angriff", 6),
    ("quartett", 2), ("quartett", 3), ("quartett", 5),
])  # fmt: skip
def test_agent_plays_legal_actions_through_whole_games(mode, players, level):
    """Every seat an agent: each choice is legal, from the first move to the end."""
    for g in range(2):
        state = game.new_game(players, seed=g, options={"mode": mode, "round_limit": 400})
        agents = [make_agent("quartett", level) for _ in range(players)]
        assert all(isinstance(a, QuartettAgent) for a in agents)
        rng = random.Random(g)
        while not state.is_over:
            legal = state.legal_actions()
            action = agents[state.to_move].choose(state.view(state.to_move), legal, rng)
            assert action in legal
            state.apply(action)


@pytest.mark.parametrize("mode", q.MODES)
def test_agent_needs_nothing_but_the_json_of_the_view(mode):
    """The agent reads only the view: a JSON copy of it gives the same choice."""
    state = game.new_game(3, seed=7, options={"mode": mode})
    rng = random.Random(3)
    for _ in range(12):
        if state.is_over:
            break
        view = state.view(state.to_move)
        legal = state.legal_actions()
        a = QuartettAgent("hard").choose(view, legal, random.Random(1))
        b = QuartettAgent("hard").choose(json.loads(json.dumps(view)), legal, random.Random(1))
        lean = state.view(state.to_move, log=False)  # QuartettAgent.uses_log is False
        c = QuartettAgent("hard").choose(lean, legal, random.Random(1))
        assert a == b == c
        state.apply(rng.choice(legal))


HANDS = [
    ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "E1", "F1", "G1"],
    ["A3", "B3", "C3", "D2", "D3", "E2", "E3", "F2", "G2", "H1"],
]
REST = ["H2", "A4", "B4", "C4", "D4", "E4", "F3", "F4", "G3", "G4", "H3", "H4"]


def test_agent_asks_back_a_card_it_saw_taken():
    """A card the opponent took in public is known to be there (Q4.4): ask for it."""
    state = game.new_game(2, options={"mode": "quartett", "deal": deal_of(HANDS, REST)})
    state.apply("ask P2 A4")  # a miss: P1 draws H2; P2 is on turn
    state.apply("ask P1 A1")  # P2 takes A1
    state.apply("ask P1 F3")  # a miss: P2 draws A4; P1 is on turn
    assert state.to_move == 0
    assert str(choose(state, "normal")) == "ask P2 A1"
    # `hard` also works out that P2 must hold A3: it asked for A1, so it held an A card
    # (Q4.3), and it lacked A4 then -- both asks are certain hits
    for seed in range(5):
        assert str(choose(state, "hard", seed)) in ("ask P2 A1", "ask P2 A3")
    assert hold_chances(state.view(0), {1: {"A1", "A3"}})[(1, "A1")] == 1.0


def test_agent_weighs_a_card_the_opponent_lacked():
    """After asking for A4 and missing, A4 is on the stack, not with P2, until P2 draws."""
    state = game.new_game(2, options={"mode": "quartett", "deal": deal_of(HANDS, REST)})
    state.apply("ask P2 A4")  # a miss: P1 draws H2; P2 is on turn
    assert hold_chances(state.view(1), {0: {"A4", "A1"}})[(0, "A4")] < 0.15  # P1 drew once
    state.apply("ask P1 D1")  # P2 takes D1 from P1 and goes on
    state.apply("ask P1 H2")  # P2 takes H2 (drawn by P1 but asked for by P2: a lucky guess)
    state.apply("ask P1 F3")  # a miss: F3 is on the stack; P2 draws A4
    assert state.to_move == 0
    chances = hold_chances(state.view(0), {1: {"A3", "A4", "B3", "B4"}})
    assert chances[(1, "A4")] > 0  # P2 has drawn since, so A4 may be there now
    assert chances[(1, "A4")] < chances[(1, "A3")]
    assert chances[(1, "A3")] == chances[(1, "B3")]


def test_agent_reads_who_must_hold_a_quartet():
    """Q4.3: an asker holds a card of the quartet, so its unseen cards are likelier there."""
    state = game.new_game(2, options={"mode": "quartett", "deal": deal_of(HANDS, REST)})
    state.apply("ask P2 A4")  # a miss: P2 is on turn
    state.apply("ask P1 G3")  # P2 (holding G2) asks for G3: a miss, P2 draws
    chances = hold_chances(state.view(0), {1: {"G2", "G4", "B3"}})
    assert chances[(1, "G2")] > chances[(1, "B3")]


def test_top_trumps_agent_calls_where_its_card_ranks_best():
    """Q2.3: C1 (401 games, Abwehr 92) is called on games or Abwehr, never on goals."""
    ids = ["C1"] + [c["id"] for c in q.catalog() if c["id"] != "C1"]
    state = game.new_game(2, options={"deal": ids})
    legal = state.legal_actions()
    agent = QuartettAgent("hard")
    picks = {str(agent.considered(state.view(0), legal, random.Random(s))) for s in range(20)}
    assert picks <= {"call games", "call abwehr"}  # its considered call: never careless
    state = game.new_game(2, options={"deal": ids, "mode": "abwehr-angriff"})
    assert str(agent.considered(state.view(0), state.legal_actions(), random.Random(0))) == (
        "call abwehr"
    )


def test_agent_beats_random_at_two_player_quartett():
    """Strength: the agent wins most two-player Quartett games against random play (normal
    recalls the latest 8 asks, issue 22: 71 % on these seeds)."""
    assert versus_random("quartett", 60) >= 0.6


def test_agent_beats_random_clearly_over_many_two_player_quartett_games():
    """Strength, a larger sample (Q5): since normal recalls only the latest 8 asks (issue
    22's ladder) about 78 % (shared wins half) is measured over 1,000 games, 77.5 % on these
    200 seeds; they must give at least 70 % (about 2.5 standard errors below, so a real
    loss of strength fails, not chance)."""
    assert versus_random("quartett", 200) >= 0.70


def test_hard_agent_beats_random_at_two_player_quartett():
    """Strength: `hard` weighs every history of the opponent's hand and wins most games."""
    assert versus_random("quartett", 24, "hard") >= 0.8


def test_agent_prefers_the_card_that_completes_a_quartet():
    """Equal chances: the card that completes a quartet (Q4.6) goes first."""
    hands = [
        ["A1", "A2", "A3", "B1", "C1", "D1", "E1", "F1", "G1", "H1"],
        ["B2", "C2", "D2", "E2", "F2", "G2", "H2", "B3", "C3", "D3"],
    ]
    rest = ["A4", "B4", "C4", "D4", "E3", "E4", "F3", "F4", "G3", "G4", "H3", "H4"]
    state = game.new_game(2, options={"mode": "quartett", "deal": deal_of(hands, rest)})
    view = state.view(0)
    chances = hold_chances(view, {1: {"A4", "E2"}})
    assert chances[(1, "A4")] == chances[(1, "E2")]  # nothing told them apart yet
    assert str(choose(state, "normal")) == "ask P2 A4"


@pytest.mark.parametrize("mode", ["fussball", "abwehr-angriff"])
def test_agent_beats_random_at_top_trumps(mode):
    """Strength: in two-player top trumps the agent, calling well, nearly always wins."""
    assert versus_random(mode, 30) >= 0.9


def test_deck_catalog_comes_from_the_deck_ids_of_the_view():
    """The agent finds the public card list by the view's deck ids (never a file path);
    for a deck this process never loaded it makes do with the cards in sight."""
    state = game.new_game(2, seed=4)
    view = state.view(0)
    assert [c["id"] for c in deck_catalog(view)] == [c["id"] for c in q.catalog()]
    state.apply("call goals")
    later = state.view(state.to_move)
    later["decks"] = [{"id": "UNKNOWN-DECK", "name": "?", "prefix": ""}]
    seen = {c["id"] for c in deck_catalog(later)}
    shown = {p["card"]["id"] for p in later["last_round"]["comparisons"][0]["plays"]}
    assert seen == shown | {later["top_card"]["id"]}
    assert QuartettAgent("normal").choose(later, state.legal_actions(), random.Random(1))


def test_levels_recall_the_latest_asks():
    """Issue 22: while the stack holds cards easy decides from the latest 4 asks only (the
    same choice as from a view that shows just those), which at times differs from what
    the whole record tells normal (its considered ask: no careless one)."""
    two = {lv: ASKS[lv][0] for lv in ("easy", "normal", "hard")}
    assert two["easy"].memory == 4
    assert two["normal"].memory is None and two["hard"].memory is None
    compared = differed = 0
    for seed in range(6):
        state = game.new_game(2, seed=seed, options={"mode": "quartett"})
        rng = random.Random(seed)
        while not state.is_over:
            view, legal = state.view(state.to_move), state.legal_actions()
            if len(view["history"]) > 4 and len(legal) > 1 and view["stack"] > 0:
                picks = [
                    QuartettAgent("easy").choose(
                        {**view, "history": view["history"][-k:]}, legal, random.Random(1)
                    )
                    for k in (len(view["history"]), 4)
                ]
                assert picks[0] == picks[1]
                whole = QuartettAgent("normal").considered(view, legal, random.Random(1))
                compared += 1
                differed += picks[1] != whole
            state.apply(rng.choice(legal))
    assert compared > 10 and differed > 0


def test_each_level_calls_carelessly_less_often_than_the_one_below():
    """Issue 22's top-trumps ladder: easy calls at random most often, hard least; a careless
    call is any category (all of them come up), the considered call never is one."""
    cfg = LEVELS_CFG
    assert 0 < cfg["hard"].careless < cfg["normal"].careless < cfg["easy"].careless < 1
    ids = ["C1"] + [c["id"] for c in q.catalog() if c["id"] != "C1"]
    state = game.new_game(2, options={"deal": ids})
    view, legal = state.view(0), state.legal_actions()
    for level in LEVELS:
        agent = QuartettAgent(level)
        calls = [str(agent.choose(view, legal, random.Random(s))) for s in range(400)]
        lapses = sum(c not in ("call games", "call abwehr") for c in calls) / len(calls)
        # a careless call lands on the three other categories 3 times in 5
        assert lapses == pytest.approx(cfg[level].careless * 3 / 5, abs=0.08), level
        assert set(calls) == {str(a) for a in legal}
        considered = {str(agent.considered(view, legal, random.Random(s))) for s in range(40)}
        assert considered <= {"call games", "call abwehr"}


@pytest.mark.parametrize("seed", [160, 161, 7])
def test_games_end_when_the_lower_levels_forget_asks(seed):
    """Once the stack is empty every ask since is recalled: before that rule two normal
    seats of a four-player game (seed 160) asked each other for cards they lacked for ever."""
    state = game.new_game(4, seed=seed, options={"mode": "quartett"})
    agents = [make_agent("quartett", lv) for lv in ("hard", "normal", "hard", "normal")]
    rng = random.Random(seed)
    for _ in range(600):
        if state.is_over:
            break
        m = state.to_move
        state.apply(agents[m].choose(state.view(m, log=False), state.legal_actions(), rng))
    assert state.is_over


def test_a_top_trumps_hint_is_hards_considered_call():
    """A hint shows hard's advice, not one of its careless calls (issue 22: hard calls at
    random at times, so that the ladder's steps stay 65–85 %)."""
    ids = ["C1"] + [c["id"] for c in q.catalog() if c["id"] != "C1"]
    state = game.new_game(2, options={"deal": ids})
    view, legal = state.view(0), state.legal_actions()
    for seed in range(40):
        found = hint("quartett", view, legal, make_agent("quartett", "hard"), seed)
        assert str(found.action) in ("call games", "call abwehr")
        assert found.code == "call"
