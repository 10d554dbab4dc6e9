"""World Wave AI (footycards/ai/worldwave.py): legal moves only, views only (the hidden cards
do not change a choice), the hard level's states built from a view match the real one,
and a normal team beats a random team."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from footycards.ai import worldwave_search
from footycards.ai.worldwave import EASY_SLIP, WorldWaveAgent
from footycards.ai.worldwave_search import (
    Search,
    bookkeeping,
    determinize,
    known_cards,
    searchable,
)
from footycards.core import worldwave as ww
from footycards.match import make_agent


def play(levels: list[str], seed: int, check=None) -> ww.WorldWaveState:
    """A match of these levels (one per seat); `check(state, seat, view, action)` is
    called at every decision."""
    state = ww.new_game(len(levels), seed=seed)
    agents = [make_agent("worldwave", lv) for lv in levels]
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        agent = agents[seat]
        view = state.view(seat, log=agent.uses_log)
        legal = state.legal_actions()
        action = agent.choose(view, legal, rng)
        assert action in legal, (action, legal)
        if check is not None:
            check(state, seat, view, action)
        state.apply(action)
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_easy_and_normal_play_only_legal_moves(players):
    """Every decision of many matches is one of the legal actions (asserted in play)."""
    for seed in range(8):
        levels = ["normal", "easy"] * (players // 2)
        play(levels if seed % 2 else levels[::-1], seed)


def test_hard_plays_only_legal_moves():
    play(["hard", "normal"], 3)


@pytest.mark.parametrize("cap", ["CPU_CAP", "WALL_CAP"])
def test_hard_search_gives_the_normal_choice_past_its_safety_caps(monkeypatch, cap):
    """With no time at all (a safety cap already passed) no sample completes, and hard
    plays the normal policy's choice in every action phase (normal's own careless moves
    aside)."""
    monkeypatch.setattr(worldwave_search, cap, -1.0)
    hard, normal = WorldWaveAgent("hard"), WorldWaveAgent("normal")
    checked = 0

    def check(state, seat, view, action):
        nonlocal checked
        if seat == 0 and state.phase == "action" and not state.windows:
            legal = state.legal_actions()
            assert hard.choose(state.view(seat), legal, random.Random(1)) == normal.policy(
                state.view(seat), legal, random.Random(1)
            )
            checked += 1

    play(["hard", "normal"], 5, check)
    assert checked > 10


def test_hard_search_budget_is_counted_not_timed(monkeypatch):
    """The search's budget is a count of simulated actions: the same view and RNG give the
    same choice however slow the machine (a clock that jumps a millisecond at every read
    changes nothing), and a decision stops within one sample of the step budget."""
    monkeypatch.setattr(worldwave_search, "STEP_BUDGET", 1500)
    decisions = 0

    def check(state, seat, view, action):
        nonlocal decisions
        if not searchable(view) or seat % 2:
            return
        search = Search(WorldWaveAgent("normal"))
        legal = state.legal_actions()
        first = search.choose(view, legal, random.Random(decisions))
        steps = search.steps
        ticks = iter(range(10**9))
        with monkeypatch.context() as m:
            m.setattr(worldwave_search.time, "perf_counter", lambda: next(ticks) / 1000)
            assert search.choose(view, legal, random.Random(decisions)) == first
        assert search.steps == steps
        assert steps <= 2 * 1500
        decisions += 1

    play(["hard", "normal", "hard", "normal"], 11, check)
    assert decisions > 20


def test_rollout_view_gives_the_normal_choice_of_the_full_view():
    """The search's cheap view of its simulated states: every value the normal policy
    reads is the full view's, so its choice is the same, in every phase and window."""
    agent = WorldWaveAgent("normal")
    checked = 0

    def check(state, seat, view, action):
        nonlocal checked
        legal = state.legal_actions()
        if state.phase == "draft" or len(legal) < 2:
            return
        fast = worldwave_search.rollout_view(state, seat)
        full = state.view(seat, log=False)
        for key, value in fast.items():
            if key == "windows":
                assert value == full["windows"][-1:]
            elif key == "seats":
                assert value == [{k: info[k] for k in value[0]} for info in full["seats"]]
            elif key != "shot" or full["windows"]:
                assert value == full[key], key
        assert agent.policy(fast, legal, random.Random(1)) == agent.policy(
            full, legal, random.Random(1)
        )
        checked += 1

    for seed in range(4):
        play(["normal"] * (2 if seed % 2 else 4), 60 + seed, check)
    assert checked > 300


def _hidden(state, seat):
    """The cards `seat` cannot see: the other hands and the deck."""
    cards = Counter(state.deck)
    for s in range(state.players):
        if s != seat:
            cards.update(state.hands[s])
    return cards


def test_hard_samples_hold_only_cards_the_seat_may_place():
    """The determinizations deal exactly the cards hidden from the seat (the other hands
    and the deck together, each hand as large as it is), the seat's own hand and every
    public zone as they are; a card the seat knows a hand holds (taken back by Ricci,
    taken from it by a Tackle or Hagen) is really there; and the sample depends on the
    view alone: the hidden cards dealt otherwise give the same sample."""
    checked = known_seen = 0

    def check(state, seat, view, action):
        nonlocal checked, known_seen
        full = state.view(seat)
        if not searchable(full):
            return
        known = known_cards(full)
        for s, cards in enumerate(known):
            assert not cards - Counter(state.hands[s]), (s, cards, state.hands[s])
            known_seen += sum(cards.values())
        built = determinize(full, random.Random(checked), bookkeeping(full))
        assert _hidden(built, seat) == _hidden(state, seat)
        assert built.hands[seat] == state.hands[seat]
        assert [len(h) for h in built.hands] == [len(h) for h in state.hands]
        for s, cards in enumerate(known):
            assert not cards - Counter(built.hands[s])
        assert (built.discard, built.table, built.pending, built.equipped) == (
            state.discard, state.table, state.pending, state.equipped
        )  # fmt: skip
        other = state.clone()
        hidden = list(_hidden(state, seat).elements())
        random.Random(checked).shuffle(hidden)
        for s in range(other.players):
            if s != seat:
                k = len(other.hands[s])
                other.hands[s], hidden = hidden[:k], hidden[k:]
        other.deck = hidden
        again = determinize(other.view(seat), random.Random(checked), bookkeeping(full))
        assert (again.hands, again.deck) == (built.hands, built.deck)
        checked += 1

    for seed in range(8):
        play(["normal"] * (2 if seed % 2 else 4), 40 + seed, check)
    assert checked > 100
    assert known_seen > 0


def test_normal_reads_the_view_only():
    """The agent gets plain view data (a JSON round trip is the same to it), leaves it as it
    was, and its choice does not change when the cards it cannot see are dealt otherwise."""
    agent = WorldWaveAgent("normal")
    decisions = 0

    def check(state, seat, view, action):
        nonlocal decisions
        if len(state.legal_actions()) < 2:
            return
        decisions += 1
        kept = copy.deepcopy(view)
        data = json.loads(json.dumps(view))
        assert agent.choose(data, state.legal_actions(), random.Random(1)) == agent.choose(
            view, state.legal_actions(), random.Random(1)
        )
        assert view == kept
        other = state.clone()
        hidden = list(other.deck)
        for s in range(other.players):
            if s != seat:
                hidden += other.hands[s]
        random.Random(decisions).shuffle(hidden)
        for s in range(other.players):
            if s != seat:
                k = len(other.hands[s])
                other.hands[s], hidden = hidden[:k], hidden[k:]
        other.deck = hidden
        assert agent.choose(other.view(seat, log=False), other.legal_actions(),
                            random.Random(1)) == agent.choose(view, state.legal_actions(),
                                                              random.Random(1))  # fmt: skip

    for seed in range(3):
        play(["normal", "normal", "normal", "normal"], seed, check)
    assert decisions > 100


def test_hard_builds_states_that_match_the_view():
    """The hard level's determinized states: same legal actions and same view for its seat
    as the real match, in every action phase of several matches."""
    checked = windows = 0

    def check(state, seat, view, action):
        nonlocal checked, windows
        full = state.view(seat)
        if not searchable(full):
            return
        built = determinize(full, random.Random(checked), bookkeeping(full))
        assert sorted(map(str, built.legal_actions())) == sorted(map(str, state.legal_actions()))
        assert built.view(seat, log=False) == state.view(seat, log=False)
        assert (built.windows, built.steps, built.shot) == (state.windows, state.steps, state.shot)
        windows += bool(state.windows)
        assert sorted(built.used) == sorted(state.used)
        assert (built.big_draw, built.active, built.turns_taken, built.conceded) == (
            state.big_draw, state.active, state.turns_taken, state.conceded
        )  # fmt: skip
        checked += 1

    for seed in range(6):
        play(["normal"] * (2 if seed % 2 else 4), seed, check)
    assert checked > 100
    assert windows > 20


def test_normal_team_beats_random_team():
    """Issue 19's target is 90 % over 1,000 2v2 matches (benchmarks/bench_worldwave.py);
    here 80 % of 60, seats alternated, a draw counting half."""
    score = 0.0
    for seed in range(60):
        first = seed % 2
        levels = ["normal" if s % 2 == first else "random" for s in range(4)]
        winners = play(levels, 1000 + seed).result()["winners"]
        score += sum(1 for w in winners if w % 2 == first) / len(winners)
    assert score >= 48, score


class Careful(random.Random):
    """An rng whose `random()` is never below easy's `EASY_SLIP` (no careless move)."""

    def random(self) -> float:
        return 0.999


def test_easy_is_careless_now_and_then():
    """easy's careless moves: over many decisions some are not its own first choice."""
    state = ww.new_game(4, seed=3)
    agent = WorldWaveAgent("easy")
    view, legal = state.view(state.to_move), state.legal_actions()
    assert len(legal) > 1
    mine = agent.choose(view, legal, Careful(0))
    picks = [agent.choose(view, legal, random.Random(g)) for g in range(200)]
    other = sum(1 for a in picks if a != mine)
    assert 0 < other < 200 * EASY_SLIP


def test_easy_shoots_and_saves_when_it_can():
    """easy plays what it can: a shot it holds, a Save when asked (when it is not careless:
    the rng below never asks for a careless move, `EASY_SLIP`)."""
    agent = WorldWaveAgent("easy")
    top = ["save", "penalty", "foul", "shoot", "tackle"]
    rest = list(ww.DECK)
    for card in top:
        rest.remove(card)
    state = ww.new_game(2, seed=1, options={"characters": ["rooney", "dubois"], "deal": top + rest})
    state.apply("end")  # P1 keeps Save and Penalty; P2 draws Foul, Shoot, Tackle
    assert str(agent.choose(state.view(1), state.legal_actions(), Careful(1))) == "shoot"
    state.apply("shoot")
    assert str(agent.choose(state.view(0), state.legal_actions(), Careful(1))) == "save 1"


def test_normal_slips_now_and_then_but_hards_rollouts_never_do():
    """normal's own decisions are now and then any legal move (NORMAL_SLIP), never in the
    draft; the policy (hard's rollouts and its unsearched decisions) never slips."""
    from footycards.ai import worldwave as wwai

    normal = WorldWaveAgent("normal")
    slips = decisions = 0

    def check(state, seat, view, action):
        nonlocal slips, decisions
        legal = state.legal_actions()
        if len(legal) < 3 or state.phase == "draft":
            return
        decisions += 1
        rng = random.Random(decisions)
        full = state.view(seat)
        chosen = normal.choose(full, legal, rng)
        careful = normal.policy(full, legal, random.Random(decisions))
        slips += chosen != careful
        assert normal.policy(full, legal, random.Random(decisions)) == careful

    for seed in (7, 8, 9):
        play(["normal", "normal", "normal", "normal"], seed, check)
    assert decisions > 100
    assert 0 < slips / decisions < 2 * wwai.NORMAL_SLIP, (slips, decisions)
