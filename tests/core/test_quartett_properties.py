"""Hypothesis invariants of the Quartett engine: conservation, legality, round trips, secrecy."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from footycards.core import quartett as q
from footycards.core.errors import IllegalAction

ALL_IDS = [c["id"] for c in q.catalog()]
NAMES = {c["id"]: c["name"] for c in q.catalog()}
CARD_ID = re.compile(r"\b[A-H][1-4]\b")
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw, limit: bool = True):
    """A fresh game (any mode, 2-6 players, any seed) and a random source for its moves."""
    mode = draw(st.sampled_from(q.MODES))
    players = draw(st.integers(q.MIN_PLAYERS, q.MAX_PLAYERS))
    options = {"mode": mode}
    if limit:
        options["round_limit"] = draw(st.integers(1, 80))
    state = q.new_game(players, seed=draw(st.integers(0, 2**40)), options=options)
    return state, random.Random(draw(st.integers(0, 2**32)))


def play(state, rng, steps=400):
    """Yield the state after each random legal move."""
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))
        yield state


def all_cards(state) -> Counter:
    cards = Counter(state.middle) + Counter(state.stock)
    for pile in state.stacks + state.hands:
        cards.update(pile)
    for quartets in state.laid:
        for key in quartets:
            cards.update(f"{key}{n}" for n in "1234")
    return cards


@SETTINGS
@given(games())
def test_cards_are_conserved(game):
    """Every card is in exactly one place (stack, middle, hand, stock, table) at every step."""
    state, rng = game
    want = Counter(ALL_IDS)
    assert all_cards(state) == want
    for s in play(state, rng):
        assert all_cards(s) == want
        assert sum(s.scores()) <= (32 if s.mode != q.QUARTETT else 8)


def candidate_actions(state, rng) -> list:
    """Legal and illegal actions alike: every call, asks of every seat for random cards."""
    acts = list(q.CALLS.values())
    for _ in range(12):
        acts.append(q.Action("ask", seat=rng.randrange(-1, 7), card=rng.choice(ALL_IDS + ["Z9"])))
    acts += [q.Action("pass"), q.Action("call", category="tore")]
    return acts


@SETTINGS
@given(games())
def test_illegal_actions_raise_and_change_nothing(game):
    """An action outside legal_actions raises IllegalAction and leaves to_json() unchanged;
    every legal action applies (on a clone)."""
    state, rng = game
    for s in play(state, rng, steps=60):
        if s.is_over:
            assert s.to_move is None and s.legal_actions() == []
        else:
            assert s.to_move is not None and s.legal_actions()
        legal = set(s.legal_actions())
        before = s.to_json()
        for a in candidate_actions(s, rng):
            if a in legal:
                s.clone().apply(a)
                continue
            try:
                s.apply(a)
            except IllegalAction:
                pass
            else:  # pragma: no cover - the failure message shows the action
                raise AssertionError(f"{a!r} was applied though not legal")
            assert s.to_json() == before
        for text in ("", "call", "ask P2", "flip A1", "ask P9 A1"):
            try:
                s.apply(text)
            except IllegalAction:
                pass
            assert s.to_json() == before


@SETTINGS
@given(games())
def test_legal_actions_kept_between_moves_match_a_fresh_state(game):
    """The legal actions at every step, in order, are those of the same position loaded
    from its JSON (which finds them afresh): what the state keeps between moves (the
    cards each seat may ask for) stays true; the listed action then applies in short."""
    state, rng = game
    for s in play(state, rng, steps=60):
        assert list(s.legal_actions()) == list(q.from_json(s.to_json()).legal_actions())


@SETTINGS
@given(games())
def test_json_round_trip_and_clone(game):
    """from_json(to_json()) and clone() give the same state, which plays on identically."""
    state, rng = game
    for s in play(state, rng, steps=80):
        text = s.to_json()
        assert q.from_json(text).to_json() == text
        assert s.clone().to_json() == text
    copy, clone = q.from_json(state.to_json()), state.clone()
    seed = rng.random()
    for s in (state, copy, clone):
        for _ in play(s, random.Random(seed), steps=50):
            pass
    assert state.to_json() == copy.to_json() == clone.to_json()


@SETTINGS
@given(st.sampled_from(q.MODES), st.integers(2, 6), st.integers(0, 2**40), st.integers(0, 999))
def test_same_seed_same_moves_same_game(mode, players, seed, moves_seed):
    """A seed plus the list of moves replays a game exactly."""
    runs = []
    for _ in range(2):
        s = q.new_game(players, seed=seed, options={"mode": mode, "round_limit": 60})
        for _s in play(s, random.Random(moves_seed)):
            pass
        runs.append(s.to_json())
    assert runs[0] == runs[1]


def visible_ids(text: str) -> set[str]:
    return set(CARD_ID.findall(text))


@SETTINGS
@given(games())
def test_views_leak_no_hidden_card(game):
    """A view shows its seat's own top card or hand, and cards made public; nothing else."""
    state, rng = game
    public: set[str] = set()

    def check(s):
        tt = s.mode != q.QUARTETT
        pv = s.public_view()
        if tt:
            for comp in (pv["last_round"] or {}).get("comparisons", ()):
                public.update(p["card"]["id"] for p in comp["plays"])
        else:
            public.update(h["card"] for h in pv["history"] if h["card"])
            for seat in pv["seats"]:
                public.update(f"{k}{n}" for k in seat["quartets"] for n in "1234")
        for seat in [None, *range(s.players)]:
            v = s.view(seat)
            if seat is None:
                own = set()
                assert v["top_card"] is None and v["hand"] is None
            elif tt:
                own = {s.stacks[seat][0]} if s.stacks[seat] else set()
                assert (v["top_card"] or {}).get("id") == next(iter(own), None)
                assert v["hand"] is None
            else:
                own = set(s.hands[seat])
                assert {c["id"] for c in v["hand"]} == own and v["top_card"] is None
            text = json.dumps({k: x for k, x in v.items() if k != "decks"}, ensure_ascii=False)
            allowed = public | own
            assert visible_ids(text) <= allowed, (seat, visible_ids(text) - allowed)
            for cid in set(ALL_IDS) - allowed:
                assert NAMES[cid] not in text

    check(state)
    for s in play(state, rng, steps=120):
        check(s)


@SETTINGS
@given(games())
def test_round_limit_ends_every_game(game):
    """With a round limit every game ends: rounds (top trumps) or asks (Quartett) are capped."""
    state, rng = game
    limit = state.round_limit
    steps = 0
    for s in play(state, rng, steps=100_000):
        steps += 1
        assert s.round_no <= limit and s.asks <= limit
    assert state.is_over
    # a Stechen chain can add calls to a round, but each one spends cards
    assert steps <= limit * (1 + 32)
    result = state.result()
    best = max(result["scores"])
    assert result["winners"] == [i for i, x in enumerate(result["scores"]) if x == best]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(q.MODES), st.integers(2, 6), st.integers(0, 2**40))
def test_default_games_end_under_random_play(mode, players, seed):
    """Without a round limit random play still ends (Q2.7, Q4.7) within generous bounds."""
    state = q.new_game(players, seed=seed, options={"mode": mode})
    steps = sum(1 for _ in play(state, random.Random(seed), steps=200_000))
    assert state.is_over, steps


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games())
def test_views_share_no_object_with_the_state(game, view_is_detached):
    """Q2.8: changing any list or dict of any view, at any moment, never changes the game."""
    state, rng = game
    for seat in [None, *range(state.players)]:
        view_is_detached(state, seat)
    for s in play(state, rng, steps=60):
        for seat in [None, *range(s.players)]:
            view_is_detached(s, seat)


@SETTINGS
@given(games())
def test_refusals_are_data(game):
    """Q7: every refusal has a code and its English sentence is its template filled in."""
    state, rng = game
    for s in play(state, rng, steps=40):
        for a in candidate_actions(s, rng):
            try:
                s.clone().apply(a)
            except IllegalAction as exc:
                assert exc.code and exc.code != "illegal"
                assert str(exc) == exc.template.format(**exc.params)
                json.dumps(exc.params)
