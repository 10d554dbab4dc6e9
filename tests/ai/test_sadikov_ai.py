"""Tests of the Sadikov's Football AI (footycards/ai/sadikov.py): legal takes from views,
easy's goal, normal's care for the opponent's next take and its careless share, hard's
depth, strength and hard's time.

Positions are fixed deals (option `deal`, rules F8) and saved games with some fields
changed (`from_json`), as in tests/core/test_sadikov.py.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from footycards.ai import sadikov as ai
from footycards.ai.base import RandomAgent
from footycards.ai.sadikov import SadikovAgent
from footycards.core import sadikov as sk

LEVELS = ("easy", "normal", "hard")


def make_deal(cols: Mapping[int, Sequence[str]]) -> list[str]:
    """A `deal` option: `cols` maps a column (1-5) to its top cards, the first taken first;
    every other place is filled with the rest of the deck."""
    pool = Counter(sk.MAIN_DECK)
    wanted: Counter[str] = Counter()
    for cards in cols.values():
        wanted.update(cards)
    assert not wanted - pool
    pool -= wanted
    filler = sorted(pool.elements(), key=lambda c: (sk.suit_of(c) or "", sk.rank_value(c)))
    out: list[str] = []
    for c in range(1, sk.COLUMNS + 1):
        tops = list(cols.get(c, ()))
        below = [filler.pop() for _ in range(sk.COLUMN_DEPTH - len(tops))]
        out += below + tops[::-1]
    return out + filler


def position(cols: Mapping[int, Sequence[str]], **changes: Any) -> sk.SadikovState:
    """A fixed deal, seat 0 to move, as a saved game with some fields changed."""
    state = sk.new_game(2, seed=1, options={"deal": make_deal(cols)})
    d = json.loads(state.to_json())
    d.update(changes)
    return sk.from_json(json.dumps(d))


def choose(state: sk.SadikovState, level: str, seed: int = 0, careful: bool = True) -> Any:
    """The level's take; `careful`: without its careless share (normal's `NORMAL_SLIP`)."""
    legal = state.legal_actions()
    agent = SadikovAgent(level)
    if careful:
        agent.slip = 0.0
    action = agent.choose(state.view(state.to_move), legal, random.Random(seed))
    assert action in legal
    return action


def versus(level: str, other: str, games: int, first_seed: int = 0) -> float:
    """Two-player games, seats alternated; a shared win (a draw) counts half."""
    score = 0.0
    for g in range(first_seed, first_seed + games):
        seat = g % 2
        state = sk.new_game(2, seed=g)
        agents: list[Any] = [
            RandomAgent() if other == "random" else SadikovAgent(other) for _ in range(2)
        ]
        agents[seat] = SadikovAgent(level)
        rng = random.Random(g)
        while not state.is_over:
            m = state.to_move
            assert m is not None
            state.apply(agents[m].choose(state.view(m, log=False), state.legal_actions(), rng))
        winners = state.result()["winners"]
        score += 1 / len(winners) if seat in winners else 0.0
    return score / games


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_picks_only_legal_takes_through_whole_games(level):
    """Both seats an agent of the level: every choice is one of the legal actions, from
    views only (with and without the log), through two whole matches."""
    for g in range(2):
        state = sk.new_game(2, seed=50 + g)
        agents = [SadikovAgent(level), SadikovAgent(level)]
        rng = random.Random(g)
        while not state.is_over:
            m = state.to_move
            assert m is not None
            legal = state.legal_actions()
            action = agents[m].choose(state.view(m, log=bool(g)), legal, rng)
            assert action in legal
            state.apply(action)
        assert state.result()["over"]


def test_agent_reads_no_log_and_refuses_an_unknown_level():
    assert SadikovAgent.uses_log is False
    assert SadikovAgent("hard").name == "sadikov-hard"
    with pytest.raises(ValueError):
        SadikovAgent("genius")


def test_a_single_legal_take_is_played():
    state = sk.new_game(2, seed=3)
    only = [state.legal_actions()[0]]
    for level in LEVELS:
        assert SadikovAgent(level).choose(state.view(0), only, random.Random(0)) is only[0]


@pytest.mark.parametrize("seed", range(5))
def test_easy_takes_the_column_that_scores(seed):
    """Easy: three spades in its aktiv; only column 3's KS is a fourth card (a shot, F4.4);
    no other top card does anything."""
    cols = {1: ["6H"], 2: ["7D"], 3: ["KS"], 4: ["8C"], 5: ["9H"]}
    aktiv = [
        {"S": [["6S", False], ["10S", False], ["QS", False]], "H": [], "D": [], "C": []},
        {s: [] for s in sk.SUITS},
    ]
    state = position(cols, aktiv=aktiv)
    assert choose(state, "easy", seed) == sk.TAKES[3]


@pytest.mark.parametrize("seed", range(5))
def test_easy_takes_a_long_shot_and_a_free_kick(seed):
    """Easy: a long shot (F4.1) is a sure goal; with none, the free kick (F4.2)."""
    aktiv = [
        {"S": [["9S", False]], "H": [["9H", False]], "D": [["9D", False]], "C": []},
        {s: [] for s in sk.SUITS},
    ]
    cols = {1: ["6H"], 2: ["9C"], 3: ["7D"], 4: ["9S"], 5: ["8C"]}
    assert choose(position(cols, aktiv=aktiv), "easy", seed) == sk.TAKES[2]
    cols = {1: ["6H"], 2: ["6C"], 3: ["7D"], 4: ["9S"], 5: ["8C"]}
    assert choose(position(cols, aktiv=aktiv), "easy", seed) == sk.TAKES[4]


@pytest.mark.parametrize("seed", range(5))
def test_normal_hands_the_opponent_no_free_kick_when_a_safe_take_exists(seed):
    """Normal: taking column 1 would turn up 9H for the opponent, who has 9H on top of
    their hearts (a free kick, F4.2, and penalty cards for us); the other takes are safe."""
    cols = {1: ["7C", "9H"], 2: ["7D", "6S"], 3: ["8C", "6D"], 4: ["8D", "7S"], 5: ["6C", "8S"]}
    aktiv = [
        {s: [] for s in sk.SUITS},
        {"S": [], "H": [["9H", False]], "D": [], "C": []},
    ]
    state = position(cols, aktiv=aktiv)
    assert choose(state, "normal", seed) != sk.TAKES[1]
    assert choose(state, "hard", seed) != sk.TAKES[1]


@pytest.mark.parametrize("seed", range(5))
def test_normal_hands_the_opponent_no_corner_when_a_safe_take_exists(seed):
    """Normal: taking column 2 would turn up KD for the opponent, whose diamonds are
    K, 10: a corner (F4.3)."""
    cols = {1: ["7C", "6S"], 2: ["7H", "KD"], 3: ["8C", "6H"], 4: ["8H", "7S"], 5: ["6C", "8S"]}
    aktiv = [
        {s: [] for s in sk.SUITS},
        {"S": [], "H": [], "D": [["KD", False], ["10D", False]], "C": []},
    ]
    state = position(cols, aktiv=aktiv)
    assert choose(state, "normal", seed) != sk.TAKES[2]


def test_normal_is_careless_at_its_share_of_decisions():
    """Normal (issue 22's ladder spacing): at about `NORMAL_SLIP` of its decisions any legal
    take, so over many seeds it sometimes hands the free kick over (column 1 of the test
    above, one take in five of a careless one) that it never takes when careful."""
    assert SadikovAgent("normal").slip == ai.NORMAL_SLIP > 0.0
    assert SadikovAgent("easy").slip == SadikovAgent("hard").slip == 0.0
    cols = {1: ["7C", "9H"], 2: ["7D", "6S"], 3: ["8C", "6D"], 4: ["8D", "7S"], 5: ["6C", "8S"]}
    aktiv = [
        {s: [] for s in sk.SUITS},
        {"S": [], "H": [["9H", False]], "D": [], "C": []},
    ]
    state = position(cols, aktiv=aktiv)
    seeds = range(2000)
    bad = sum(choose(state, "normal", seed, careful=False) == sk.TAKES[1] for seed in seeds)
    want = len(seeds) * ai.NORMAL_SLIP / len(state.legal_actions())
    assert 0.6 * want < bad < 1.4 * want, (bad, want)


def test_hard_searches_3_plies_and_deeper_only_late_in_a_half():
    """Hard (issue 22's spacing): `HARD_DEPTH` plies at the deal, where one ply more would
    pass its budget of `HARD_BUDGET` takes; with few cards left it searches deeper."""
    assert (ai.HARD_DEPTH, ai.HARD_BUDGET) == (3, 200)

    def takes(state: sk.SadikovState, depth: int) -> int:
        agent = SadikovAgent("hard")
        agent.depth, agent.budget, agent.max_depth = depth, 0, depth
        agent.choose(state.view(state.to_move), state.legal_actions(), random.Random(0))
        return agent.takes

    def hard_depth(state: sk.SadikovState) -> int:
        hard = SadikovAgent("hard")
        hard.choose(state.view(state.to_move), state.legal_actions(), random.Random(0))
        return next(d for d in range(3, 9) if takes(state, d) == hard.takes)

    opening = sk.new_game(2, seed=11)
    assert hard_depth(opening) == 3
    late = sk.new_game(2, seed=11)
    rng = random.Random(1)
    while not late.is_over:
        left = sum(len(col["cards"]) for col in late.view(0)["columns"])
        if left <= 6 and late.to_move is not None and len(late.legal_actions()) > 1:
            break
        late.apply(rng.choice(late.legal_actions()))
    assert hard_depth(late) > 3


def test_normal_beats_random_play():
    """60 games, seats alternated, fixed seeds: normal scores at least 65 %."""
    assert versus("normal", "random", 60, first_seed=7000) >= 0.65


def test_hard_decides_within_its_time_budget():
    """A small sample of hard's decisions (against normal): mean well under 50 ms, none
    anywhere near a human's patience. CPU time of this process, so other work on a loaded
    test machine does not count (the wall-clock figures are benchmarks/bench_sadikov.py's)."""
    times: list[float] = []
    for g in range(3):
        state = sk.new_game(2, seed=300 + g)
        agents = [SadikovAgent("hard"), SadikovAgent("normal")]
        rng = random.Random(g)
        while not state.is_over:
            m = state.to_move
            assert m is not None
            view, legal = state.view(m, log=False), state.legal_actions()
            t0 = time.process_time()
            action = agents[m].choose(view, legal, rng)
            if m == 0:
                times.append(time.process_time() - t0)
            state.apply(action)
    assert sum(times) / len(times) < 0.05
    assert max(times) < 0.5
