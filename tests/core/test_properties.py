"""Hypothesis properties of the Stadium engine over random games.

A game is set up from drawn options (2–6 players, tables from 2×2 to 6×6 and sometimes
10×10, a random seed) and driven by `Driver`: a seeded random chooser among the legal
actions that flips like a player with a perfect memory of every card shown, so games
always end. The properties check conservation of cards, rejection of illegal actions,
the JSON round trip, replay from seed and actions, hidden information and the end.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter, defaultdict
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from footycards.core import IllegalAction, get_game, stadium

GAME = get_game("stadium")
DECK = stadium.load_deck()
STARS = {i["id"]: i["stars"] for i in GAME.catalog()}

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------
# set-up and driver
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """The drawn options of one random game."""

    players: int
    rows: int
    cols: int
    seed: int
    first: int | str
    drive: int

    def start(self) -> stadium.StadiumState:
        options = {"rows": self.rows, "cols": self.cols, "first": self.first}
        return GAME.new_game(players=self.players, seed=self.seed, options=options)

    @property
    def cards(self) -> int:
        return self.rows * self.cols

    @property
    def max_actions(self) -> int:
        """A generous bound: each turn reveals a new card or takes one, and has few answers."""
        return (3 * self.cards + 20) * (2 * self.players + 4)


@st.composite
def setups(draw) -> Setup:
    players = draw(st.integers(2, 6))
    if draw(st.integers(0, 9)) == 0:
        rows, cols = 10, 10
    else:
        rows, cols = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    seed = draw(st.integers(0, 2**63 - 1))
    first = draw(st.sampled_from([0, players - 1, "random"]))
    drive = draw(st.integers(0, 2**32 - 1))
    return Setup(players, rows, cols, seed, first, drive)


def label(a: stadium.Action) -> str:
    return stadium.pos_label(a.row, a.col)


class Driver:
    """Picks a random legal action; flips like a player who remembers every card shown."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: stadium.StadiumState) -> stadium.Action:
        rng = self.rng
        by_kind: dict[str, list[stadium.Action]] = defaultdict(list)
        for a in state.legal_actions():
            by_kind[a.kind].append(a)
        view = state.public_view()
        others = [k for k in by_kind if k not in ("flip", "pass")]
        if view["phase"] == "window":
            if not others or rng.random() < 0.75:
                return stadium.PASS
            return rng.choice(by_kind[rng.choice(others)])
        if not by_kind["flip"] or (others and rng.random() < 0.2):
            return rng.choice(by_kind[rng.choice(others)])
        return self._flip(view, by_kind["flip"])

    def _flip(self, view: dict, flips: list[stadium.Action]) -> stadium.Action:
        rng = self.rng
        by_pos = {label(a): a for a in flips}
        down = {c["pos"] for c in view["table"] if c["state"] == "down"}
        known = {r["pos"]: r["id"] for r in view["reveals"] if r["pos"] in down}
        unknown = sorted(p for p in down if p not in known)
        up = [c["id"] for c in view["table"] if c["state"] == "up"]
        if up:  # second card: the twin if it was seen, else a new card
            twins = [p for p, cid in known.items() if cid == up[0]]
            if twins:
                return by_pos[twins[0]]
        else:  # first card: one of a pair already seen, else a new card
            seen: dict[str, list[str]] = defaultdict(list)
            for p, cid in known.items():
                seen[cid].append(p)
            pairs = [ps for ps in seen.values() if len(ps) >= 2]
            if pairs:
                return by_pos[rng.choice(pairs)[0]]
        if unknown:
            return by_pos[rng.choice(unknown)]
        return rng.choice(flips)


def play_out(state: stadium.StadiumState, driver: Driver, limit: int, each=None) -> list[str]:
    """Play to the end with `driver`, calling `each(state)` before every action."""
    actions: list[str] = []
    while not state.is_over:
        assert len(actions) < limit, f"no end after {limit} actions"
        if each:
            each(state)
        action = driver.choose(state)
        state.apply(action)
        actions.append(str(action))
    if each:
        each(state)
    return actions


# ---------------------------------------------------------------------------
# properties
# ---------------------------------------------------------------------------


def check_conservation(state: stadium.StadiumState, deck: Counter) -> None:
    saved = json.loads(state.to_json())
    view = state.public_view()
    held: Counter = Counter()
    for area in view["areas"]:
        for pair in area["pairs"]:
            held[pair["id"]] += 2
        held.update(area["rewards"])
    table = Counter(c for c in saved["table"] if c is not None)
    assert table + held + Counter(saved["discarded"]) == deck
    assert view["cards_left"] == sum(table.values())
    assert view["discarded"] == len(saved["discarded"])
    assert all(c in stadium.REWARDS for c in saved["discarded"])


@FAST
@given(setups())
def test_cards_are_conserved(setup):
    """Table + pairs ×2 + held rewards + discarded is always the game's deck."""
    state = setup.start()
    deck = Counter(stadium.table_cards(DECK, setup.rows, setup.cols))
    assert Counter(state.deck) == deck
    play_out(state, Driver(setup.drive), setup.max_actions, lambda s: check_conservation(s, deck))


VERBS = ["flip", "var", "match", "yellow", "red", "steal", "pass"]
ARGS = st.one_of(
    st.sampled_from(["P0", "P1", "P7", "F01", "F44", "F99", "YELLOW", "A1", "J10", "K1", "Z0"]),
    st.from_regex(r"[A-Za-z]{1,2}[0-9]{0,3}", fullmatch=True),
    *[
        st.builds(  # positions and seats written with other digits, e.g. A², P①, B٣
            str.__add__,
            st.sampled_from("ABCJPpa"),
            st.text(st.characters(categories=[category]), min_size=1, max_size=2),
        )
        for category in ("Nd", "No", "No")
    ],
    st.text(max_size=4),
)
NOTATION_LIKE = st.one_of(
    st.builds("flip {}".format, ARGS),
    st.builds("var {} {}".format, ARGS, ARGS),
    st.builds("{} {}".format, st.sampled_from(["match", "yellow", "steal"]), ARGS),
    st.builds(
        lambda verb, args: " ".join([verb, *args]),
        st.one_of(st.sampled_from(VERBS), st.text(max_size=5)),
        st.lists(ARGS, max_size=3),
    ),
)


def canonical(a: stadium.Action) -> stadium.Action:
    """A VAR names its two cards in either order; legal_actions lists them in table order."""
    if a.kind == "var" and (a.row2, a.col2) < (a.row, a.col):
        return stadium.Action("var", a.row2, a.col2, a.row, a.col)
    return a


def legal_looking(state: stadium.StadiumState, rng: random.Random) -> stadium.Action:
    """An action of any kind with plausible (not always legal) arguments."""
    r, c, n = state.rows, state.cols, state.players
    kind = rng.choice(["flip", "var", "match", "yellow", "red", "pass", "steal"])
    if kind == "flip":
        return stadium.Action("flip", rng.randint(0, r), rng.randint(0, c))
    if kind == "var":
        return stadium.Action(
            "var", rng.randint(0, r), rng.randint(0, c), rng.randint(0, r), rng.randint(0, c)
        )
    if kind in ("match", "yellow"):
        return stadium.Action(kind, seat=rng.randint(-1, n))
    if kind == "steal":
        return stadium.Action("steal", card=rng.choice(sorted(STARS) + ["F99"]))
    return stadium.Action(kind)


def check_attempt(state: stadium.StadiumState, attempt: str | stadium.Action) -> None:
    """A legal attempt works on a copy; anything else raises IllegalAction and changes nothing."""
    before = state.to_json()
    try:
        action = GAME.parse(attempt) if isinstance(attempt, str) else attempt
    except IllegalAction:
        action = None
    if action is not None and canonical(action) in set(state.legal_actions()):
        copy = state.clone()
        copy.apply(attempt)
        assert copy.to_json() != before
    else:
        with pytest.raises(IllegalAction):
            state.apply(attempt)
    assert state.to_json() == before


@settings(FAST, max_examples=30)
@given(setups(), st.lists(st.one_of(st.text(max_size=12), NOTATION_LIKE), min_size=4))
def test_illegal_actions_raise_and_change_nothing(setup, junk):
    """Random text and legal-looking actions: IllegalAction unless legal, state unchanged."""
    state = setup.start()
    rng = random.Random(setup.drive ^ 0x5EED)
    texts = itertools.cycle(junk)

    def each(s: stadium.StadiumState) -> None:
        check_attempt(s, next(texts))
        check_attempt(s, legal_looking(s, rng))
        if not s.is_over:  # and every legal action survives its notation
            action = rng.choice(s.legal_actions())
            assert GAME.parse(str(action)) == action

    play_out(state, Driver(setup.drive), setup.max_actions, each)


@FAST
@given(setups(), st.floats(0, 1))
def test_json_round_trip_and_same_future(setup, when):
    """from_json(to_json()) gives the same JSON, views and future play (dice included)."""
    state = setup.start()
    full = play_out(setup.start(), Driver(setup.drive), setup.max_actions)
    cut = int(when * len(full))
    for move in full[:cut]:
        state.apply(move)
    saved = state.to_json()
    restored = GAME.from_json(saved)
    assert restored.to_json() == saved
    assert state.clone().to_json() == saved
    for seat in [None, *range(setup.players)]:
        assert restored.view(seat) == state.view(seat)
    driver = Driver(setup.drive + 1)
    while not state.is_over:
        action = driver.choose(state)
        state.apply(action)
        restored.apply(str(action))
        assert restored.to_move == state.to_move
    assert restored.to_json() == state.to_json()
    assert restored.result() == state.result()


@FAST
@given(setups())
def test_same_seed_and_actions_replay_the_game(setup):
    """A seed and the list of actions (as notation) replay the game exactly."""
    original = setup.start()
    actions = play_out(original, Driver(setup.drive), setup.max_actions)
    replay = setup.start()
    for move in actions:
        replay.apply(move)
    assert replay.to_json() == original.to_json()
    assert replay.log == original.log
    assert replay.result() == original.result()


def check_views(state: stadium.StadiumState, var: dict) -> None:
    truth = json.loads(state.to_json())["table"]
    cols = state.cols
    public = state.public_view()
    assert public == state.view(None)
    for seat in [None, *range(state.players)]:
        view = public if seat is None else state.view(seat)
        if seat == state.to_move:
            json.dumps(view)  # JSON-ready
        for i, c in enumerate(view["table"]):
            if c["state"] == "down":
                assert set(c) == {"pos", "state"}, c
            elif c["state"] == "up":
                assert c["id"] == truth[i]
            else:
                assert truth[i] is None
        peeked = view["peeked"]
        if seat is None or seat != view["turn"] or view["is_over"]:
            assert peeked == {}
        elif peeked:  # only the mover's own VAR, while no one else has moved since
            assert var["seat"] == view["turn"] and not var["passed"]
            assert set(peeked) <= var["pos"]
            for pos, info in peeked.items():
                row, col = stadium.parse_pos(pos)
                assert info["id"] == truth[row * cols + col]


@FAST
@given(setups())
def test_views_never_show_face_down_cards(setup):
    """No view names a face-down card, except the mover's own VAR peek (S4.1) while the
    same player keeps moving."""
    state = setup.start()
    driver = Driver(setup.drive)
    var = {"seat": None, "passed": False, "pos": set()}
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps <= setup.max_actions
        check_views(state, var)
        action = driver.choose(state)
        if action.kind == "var":
            var = {
                "seat": state.public_view()["turn"],
                "passed": False,
                "pos": {label(action), stadium.pos_label(action.row2, action.col2)},
            }
        state.apply(action)
        if state.public_view()["turn"] != var["seat"]:
            var["passed"] = True
    check_views(state, var)


@FAST
@given(setups())
def test_every_game_ends_and_is_scored(setup):
    """Every game ends within a bound of actions; all stars are handed out; S5 picks winners."""
    state = setup.start()
    actions = play_out(state, Driver(setup.drive), setup.max_actions)
    assert len(actions) <= setup.max_actions
    assert state.is_over and state.to_move is None and state.legal_actions() == []
    view = state.public_view()
    assert view["cards_left"] == 0
    scores = state.scores()
    assert sum(scores) == sum(STARS[c] for c in set(state.deck) if c not in stadium.REWARDS)
    result = state.result()
    assert result["scores"] == scores == [a["score"] for a in view["areas"]]
    best = max(scores)
    tied = [s for s in range(setup.players) if scores[s] == best]
    most = max(view["areas"][s]["cards"] for s in tied)
    assert result["winners"] == [s for s in tied if view["areas"][s]["cards"] == most]


@FAST
@given(setup=setups())
def test_views_share_no_object_with_the_state(setup, view_is_detached):
    """S7: changing any list or dict of any view, at any moment, never changes the game."""
    state = setup.start()

    def each(s: stadium.StadiumState) -> None:
        for seat in [None, *range(s.players)]:
            view_is_detached(s, seat)

    play_out(state, Driver(setup.drive), setup.max_actions, each)


@FAST
@given(setups(), st.lists(st.one_of(st.text(max_size=12), NOTATION_LIKE), min_size=1))
def test_refusals_are_data(setup, junk):
    """S6: every refusal has a code and its English sentence is its template filled in."""
    state = setup.start()
    rng = random.Random(setup.drive)
    texts = itertools.cycle(junk)

    def each(s: stadium.StadiumState) -> None:
        for attempt in (next(texts), legal_looking(s, rng)):
            try:
                s.clone().apply(attempt)
            except IllegalAction as exc:
                assert exc.code and exc.code != "illegal"
                assert str(exc) == exc.form.format(**exc.params)
                json.dumps(exc.params)

    play_out(state, Driver(setup.drive), setup.max_actions, each)
