"""Hypothesis invariants of Sadikov's Football: conservation, legality, round trips, secrecy."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from footycards.core import sadikov as sk
from footycards.core.errors import IllegalAction

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_MOVES = 2 * (sk.DEALT + sk.MAX_ADDED)  # every move takes a card; at most 10 added a half


@st.composite
def games(draw) -> tuple[sk.SadikovState, random.Random]:
    """A fresh match (any seed, with or without a shoot-out) and a source for its moves."""
    options = {"shootout": draw(st.booleans())}
    state = sk.new_game(2, seed=draw(st.integers(0, 2**63 - 1)), options=options)
    return state, random.Random(draw(st.integers(0, 2**32)))


def play(state: sk.SadikovState, rng: random.Random, steps: int = MAX_MOVES) -> Iterator:
    """Yield the state after each random legal move."""
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))
        yield state


def steps(state: sk.SadikovState, rng: random.Random, n: int = MAX_MOVES) -> Iterator:
    """Yield the state as dealt, then after each random legal move (the same object)."""
    yield state
    yield from play(state, rng, n)


def main_cards(state: sk.SadikovState) -> Counter:
    """Every main card of the current half, wherever it lies."""
    cards = Counter(state.reserve) + Counter(state.discard)
    for col in state.columns:
        cards.update(col)
    for aktiv in state.aktiv:
        for pile in aktiv.values():
            cards.update(cid for cid, _attack in pile)
    return cards


@SETTINGS
@given(games())
def test_cards_are_conserved(game):
    """The 72 main cards (columns, reserve, aktivs, discard) and the 18 keeper cards (deck,
    discard) are all there at every step; the views' counts agree."""
    state, rng = game
    main, keeper = Counter(sk.MAIN_DECK), Counter(sk.KEEPER_DECK)
    for s in steps(state, rng):
        assert main_cards(s) == main
        assert Counter(s.keeper) + Counter(s.keeper_discard) == keeper
        view = s.public_view()
        in_columns = sum(c["size"] for c in view["columns"])
        in_aktivs = sum(len(p) for seat in view["seats"] for p in seat["aktiv"].values())
        assert in_columns + view["reserve"] + in_aktivs + len(view["discard"]) == 72
        assert view["keeper_deck"] + len(view["keeper_discard"]) == 18
        assert view["reserve"] == 27 - view["added"]  # F4.7; a shoot-out kick goes back under


CANDIDATES: list = [sk.Action("take", c) for c in range(-1, 8)] + [
    "", "take", "take 0", "take 6", "take 1 2", "pass", "take x", "take 3", "TAKE 5",
]  # fmt: skip
NEVER_LEGAL: list = [
    sk.Action("pass"), sk.Action("take", True), sk.Action("take", 2.0), sk.Action("take", "3"),
    3, None, ("take", 1),
]  # fmt: skip


def refused(state: sk.SadikovState, action: object) -> None:
    """The action raises IllegalAction, a refusal as data, and changes nothing."""
    before = state.to_json()
    try:
        state.apply(action)  # type: ignore[arg-type]
    except IllegalAction as exc:
        assert exc.code != "illegal"
        assert str(exc) == exc.template.format(**exc.params)
        json.dumps(exc.params)
    else:  # pragma: no cover - the failure message shows the action
        raise AssertionError(f"{action!r} was applied though not legal")
    assert state.to_json() == before


@SETTINGS
@given(games())
def test_illegal_actions_raise_and_change_nothing(game):
    """Anything outside legal_actions raises IllegalAction (a refusal as data) and leaves
    to_json() unchanged; every legal action applies."""
    state, rng = game
    for s in steps(state, rng):
        if s.is_over:
            assert s.to_move is None and s.legal_actions() == []
        else:
            assert s.to_move in (0, 1) and s.legal_actions()
        legal = set(s.legal_actions())
        before = s.to_json()
        for a in CANDIDATES:
            try:
                action = sk.parse(a) if isinstance(a, str) else a
            except IllegalAction:
                action = None
            if action in legal:
                s.clone().apply(a)
            else:
                refused(s, a)
        for a in NEVER_LEGAL:
            refused(s, a)
        assert s.to_json() == before


@SETTINGS
@given(games())
def test_json_round_trip_and_clone(game):
    """from_json(to_json()) and clone() give the same state, which plays on identically."""
    state, rng = game
    for s in play(state, rng, steps=50):
        text = s.to_json()
        assert sk.from_json(text).to_json() == text
        assert s.clone().to_json() == text
    copy, clone = sk.from_json(state.to_json()), state.clone()
    seed = rng.random()
    for s in (state, copy, clone):
        for _ in play(s, random.Random(seed)):
            pass
    assert state.to_json() == copy.to_json() == clone.to_json()


@SETTINGS
@given(st.integers(0, 2**63 - 1), st.booleans(), st.integers(0, 999))
def test_same_seed_same_moves_same_game(seed, shootout, moves_seed):
    """A seed plus the list of moves replays a match exactly."""
    runs = []
    for _ in range(2):
        s = sk.new_game(2, seed=seed, options={"shootout": shootout})
        moves: list[str] = []
        rng = random.Random(moves_seed)
        while not s.is_over:
            a = rng.choice(s.legal_actions())
            moves.append(str(a))
            s.apply(str(a))
        runs.append((s.to_json(), moves))
    assert runs[0] == runs[1]


@SETTINGS
@given(st.integers(0, 2**63 - 1), st.booleans(), st.integers(0, 999), st.floats(0.0, 1.0))
def test_the_log_is_the_same_however_often_it_is_read(seed, shootout, moves_seed, often):
    """The engine builds its event dicts when the log is read: a log read after some moves
    (at random, with probability `often`) and one read only at the end are the same list of
    the same events, every event a dict of the documented kinds, and so are the saves."""
    runs = []
    for reads in (often, 0.0):
        s = sk.new_game(2, seed=seed, options={"shootout": shootout})
        rng, when = random.Random(moves_seed), random.Random(seed)
        seen: list[dict] = []
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
            if when.random() < reads:
                seen = [dict(e) for e in s.log]
                assert json.loads(s.to_json())["log"] == seen
        assert s.log[: len(seen)] == seen  # events already read never change
        assert all(type(e) is dict and e["event"] in EVENT_KINDS for e in s.log)
        runs.append((s.log, s.to_json()))
    assert runs[0] == runs[1]


EVENT_KINDS = set(
    "half take shot keeper reshuffle goal save penalty removed discard add half_time "
    "shootout end".split()
)


def hidden_shuffled(state: sk.SadikovState, rng: random.Random) -> sk.SadikovState:
    """The same position with its hidden cards (face-down column cards, reserve, keeper
    deck) in another order."""
    d = json.loads(state.to_json())
    slots = [(i, k) for i, col in enumerate(d["columns"]) for k in range(len(col) - sk.FACE_UP)]
    hidden = [d["columns"][i][k] for i, k in slots] + d["reserve"]
    rng.shuffle(hidden)
    for (i, k), card in zip(slots, hidden, strict=False):
        d["columns"][i][k] = card
    d["reserve"] = hidden[len(slots) :]
    rng.shuffle(d["keeper"])
    return sk.from_json(json.dumps(d))


def public_cards(view: dict) -> set[str]:
    """Card ids lying face up in a view."""
    cards = {c["id"] for col in view["columns"] for c in col["cards"] if c["up"]}
    cards |= {c["id"] for seat in view["seats"] for p in seat["aktiv"].values() for c in p}
    return cards | set(view["discard"]) | set(view["keeper_discard"])


def mentioned(event: dict) -> set[str]:
    cards = set(event.get("cards") or ()) if isinstance(event.get("cards"), list) else set()
    for key in ("card", "revealed"):
        if event.get(key):
            cards.add(event[key])
    return cards


@SETTINGS
@given(games())
def test_views_leak_no_face_down_card(game):
    """A view never depends on a face-down card: with the hidden cards in another order the
    views are the same; face-down column cards show no id; each new event names only cards
    that are face up before or after the move (or were turned or kicked in it)."""
    state, rng = game
    for s in steps(state, rng):
        twin = hidden_shuffled(s, rng)
        for seat in (None, 0, 1):
            view = s.view(seat)
            assert twin.view(seat) == view
            for col, real in zip(view["columns"], s.columns, strict=True):
                assert [c["up"] for c in col["cards"]] == [
                    k >= len(real) - sk.FACE_UP for k in range(len(real))
                ]
                assert all(c["id"] is None for c in col["cards"] if not c["up"])
        if s.is_over:
            continue
        n = len(s.log)
        seen = public_cards(s.public_view())  # the taken card was face up before the move
        after = s.clone()
        after.apply(rng.choice(after.legal_actions()))
        shown = public_cards(after.public_view())
        new = after.log[n:]
        turned = {e["card"] for e in new if e["event"] == "keeper"}
        kicked = {e["card"] for e in new if e["event"] == "shot" and e["kind"] == "kick"}
        for e in new:
            assert mentioned(e) <= seen | shown | turned | kicked, e


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**63 - 1), st.booleans())
def test_random_games_end(seed, shootout):
    """Random play ends within 2 × (45 + 10) moves: each move takes a card, and at most
    10 cards are added a half (F2.4, F4.7); the result names the winners (F6)."""
    state = sk.new_game(2, seed=seed, options={"shootout": shootout})
    moves = sum(1 for _ in play(state, random.Random(seed), steps=MAX_MOVES + 1))
    assert state.is_over and moves <= MAX_MOVES
    result = state.result()
    goals = result["scores"]
    if goals[0] != goals[1]:
        assert result["winners"] == [goals.index(max(goals))]
    elif shootout:
        kicks = result["shootout"]
        assert kicks[0] != kicks[1] and result["winners"] == [kicks.index(max(kicks))]
    else:
        assert result["winners"] == [0, 1]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games())
def test_views_share_no_object_with_the_state(game, view_is_detached):
    """Changing any list or dict of any view, at any moment, never changes the game."""
    state, rng = game
    for s in steps(state, rng, 60):
        for seat in (None, 0, 1):
            view_is_detached(s, seat)
