"""Hypothesis invariants of World Wave: conservation, stamina, windows, legality, round
trips, determinism, secrecy and the end, over random games of 2-10 players."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from footycards.core import worldwave as ww
from footycards.core.errors import IllegalAction

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_ACTIONS = 20_000  # random games take under 2,000; each turn's draws empty the deck


@st.composite
def games(draw) -> tuple[ww.WorldWaveState, random.Random]:
    """A fresh match (any even table, with or without halves, drafted or not) and a
    source for its moves."""
    players = draw(st.sampled_from([2, 4, 6, 8, 10]))
    options: dict = {"halves": draw(st.booleans())}
    if draw(st.booleans()):
        pool = list(ww.ROSTER)
        random.Random(draw(st.integers(0, 999))).shuffle(pool)
        options["characters"] = pool[:players]
    state = ww.new_game(players, seed=draw(st.integers(0, 2**63 - 1)), options=options)
    return state, random.Random(draw(st.integers(0, 2**32)))


def play(state: ww.WorldWaveState, rng: random.Random, steps: int = MAX_ACTIONS) -> Iterator:
    """Yield the state after each random legal move."""
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))
        yield state


def steps(state: ww.WorldWaveState, rng: random.Random, n: int = MAX_ACTIONS) -> Iterator:
    """Yield the state as dealt, then after each random legal move (the same object)."""
    yield state
    yield from play(state, rng, n)


def everywhere(state: ww.WorldWaveState) -> Counter:
    """Every match card, wherever it lies."""
    cards = Counter(state.deck) + Counter(state.discard) + Counter(state.table)
    for s in range(state.players):
        cards.update(state.hands[s])
        cards.update(state.pending[s])
        cards.update(c for c in state.equipped[s] if c is not None)
    return cards


@SETTINGS
@given(games())
def test_cards_are_conserved_and_stamina_stays_in_range(game):
    """The 90 cards lie in the deck, discard, table, hands, equipment and pending zones
    at every step, and the public view's counts agree; stamina stays in [0, max]."""
    state, rng = game
    deck = Counter(ww.DECK)
    for s in steps(state, rng, 600):
        assert everywhere(s) == deck
        v = s.public_view()
        seats = v["seats"]
        counted = v["deck"] + len(v["discard"]) + len(v["table"])
        counted += sum(i["hand"] + len(i["pending"]) for i in seats)
        counted += sum(1 for i in seats for c in i["equipped"].values() if c)
        assert counted == 90
        if v["phase"] != "draft":
            for i in seats:
                assert 0 <= i["stamina"] <= i["max_stamina"], i


JUNK: list = [
    None, 3, 12345678901234567890, 2.5, b"pass", ["pass"], ("pass",),
    "", " ", "pass pass", "shoot 1", "save 0", "save 1000", "save " + "9" * 5000,
    "x" * 10_000, "end\x00", "pass\x1b[2J", "event 1 P0", "event 1 P99", "pick 0",
    "discard", "terry 1 1", "skill 1 2 3", "fly", ww.Action("pass", (1,)),
    ww.Action("save", ("1",)), ww.Action("event", (1,), True), ww.Action("end", (), -1),
    ww.Action("skill", (True,)), ww.Action(3),  # type: ignore[arg-type]
]  # fmt: skip
CANDIDATES = [
    "pass", "end", "shoot", "freekick", "penalty", "save 1", "save 2", "save 3", "equip 1",
    "equip 2", "event 1", "event 2", "event 1 P1", "event 1 P2", "event 2 P3", "skill",
    "skill 1", "skill P2", "skill 1 2", "terry 1 2", "anticipation 1 2", "discard 1",
    "discard 1 2", "pick 1", "pick 4", "pick 5",
]  # fmt: skip


def refused(state: ww.WorldWaveState, action: object, check: bool = True) -> None:
    """The action raises IllegalAction, a refusal as data; with `check`, the state's
    save is compared too (callers refusing many compare once after them all)."""
    before = state.to_json() if check else ""
    try:
        state.apply(action)  # type: ignore[arg-type]
    except IllegalAction as exc:
        assert exc.code != "illegal"
        assert str(exc) == exc.form.format(**exc.params)
        assert len(str(exc)) < 400
        json.dumps(exc.params)
    else:  # pragma: no cover - the failure message shows the action
        raise AssertionError(f"{action!r} was applied though not legal")
    if check:
        assert state.to_json() == before


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_illegal_actions_raise_and_change_nothing(game):
    """Anything outside legal_actions raises IllegalAction (a refusal as data) and leaves
    to_json() unchanged; every legal action applies; `pass` is legal in every window."""
    state, rng = game
    for s in steps(state, rng, 250):
        if s.is_over:
            assert s.to_move is None and s.legal_actions() == []
            refused(s, "pass")
            continue
        before = s.to_json()
        legal = s.legal_actions()
        assert legal and len(set(map(str, legal))) == len(legal)
        if s.public_view()["windows"]:
            assert ww.Action("pass") in legal
        for a in JUNK:
            refused(s, a, check=False)
        for text in CANDIDATES:
            action = ww.parse(text)
            if action in legal:
                s.clone().apply(text)
            else:
                refused(s, text, check=False)
        assert s.to_json() == before
        refused(s, rng.choice(JUNK))  # and one compared on its own


@SETTINGS
@given(games())
def test_json_round_trip_and_clone(game):
    """from_json(to_json()) and clone() give the same state, which plays on identically."""
    state, rng = game
    for s in play(state, rng, steps=rng.randint(0, 400)):
        text = s.to_json()
        assert ww.from_json(text).to_json() == text
    copy, clone = ww.from_json(state.to_json()), state.clone()
    seed = rng.random()
    for s in (state, copy, clone):
        for _ in play(s, random.Random(seed)):
            pass
    assert state.to_json() == copy.to_json() == clone.to_json()
    assert state.is_over


@SETTINGS
@given(st.integers(0, 2**63 - 1), st.sampled_from([2, 4, 10]), st.integers(0, 999))
def test_same_seed_same_moves_same_game(seed, players, moves_seed):
    """A seed plus the list of moves replays a match exactly."""
    runs = []
    for _ in range(2):
        s = ww.new_game(players, seed=seed)
        moves: list[str] = []
        rng = random.Random(moves_seed)
        while not s.is_over:
            a = rng.choice(s.legal_actions())
            moves.append(str(a))
            s.apply(str(a))
        runs.append((s.to_json(), moves))
    assert runs[0] == runs[1]


def hidden_shuffled(state: ww.WorldWaveState, seat: int, rng: random.Random) -> ww.WorldWaveState:
    """The same position with what `seat` cannot see in another order: the deck, the
    other seats' hands (same sizes) and, for another seat's draft, its offer."""
    d = json.loads(state.to_json())
    rng.shuffle(d["deck"])
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in d["hands"][s]] + d["deck"]
    rng.shuffle(pool)
    for s in others:
        n = len(d["hands"][s])
        d["hands"][s], pool = pool[:n], pool[n:]
    d["deck"] = pool
    if d["phase"] == "draft" and d["draft_seat"] != seat:
        free = [c for c in ww.ROSTER if c not in d["characters"]]
        rng.shuffle(free)
        d["offer"] = free[: len(d["offer"])]
    return ww.from_json(json.dumps(d))


@SETTINGS
@given(games())
def test_views_leak_no_hidden_card(game):
    """A seat's view does not change when what it cannot see (the deck, other hands, the
    offer of another drafter) is in another order; a spectator's view shows no hand."""
    state, rng = game
    for s in steps(state, rng, 250):
        seat = rng.randrange(s.players)
        assert hidden_shuffled(s, seat, rng).view(seat) == s.view(seat)
        public = s.public_view()
        assert public["hand"] is None and public["private"] == []
        assert all(e["event"] not in ("drew", "took", "offered") for e in public["log"])
        if public["draft"] is not None:
            assert public["draft"]["offered"] is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_games_end_and_every_window_closes(game):
    """Random play ends (W6.1), with no window or step left open; the winners are the
    team with more goals, or everyone (W6.3)."""
    state, rng = game
    depth = 0
    for s in play(state, rng):
        depth = max(depth, len(s.windows))
    assert state.is_over and state.windows == [] and state.steps == [] and state.shot is None
    assert depth <= 3
    a, b = state.result()["goals"]
    winners = state.result()["winners"]
    if a == b:
        assert winners == list(range(state.players))
    else:
        assert winners == [s for s in range(state.players) if s % 2 == (0 if a > b else 1)]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games())
def test_views_share_no_object_with_the_state(game, view_is_detached):
    """Changing any list or dict of any view, at any moment, never changes the game."""
    state, rng = game
    for s in steps(state, rng, 80):
        for seat in (None, *range(s.players)):
            view_is_detached(s, seat)
