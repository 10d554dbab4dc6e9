"""The `determinize(view, rng)` hook of every engine (contract.Determinize): a state built
from one seat's view has that view, plays on legally to the end, holds the same cards, and
never puts a card the seat knows somewhere else; what the seat cannot know is dealt alike.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from footycards.core import quartett, sadikov, stadium, worldwave
from footycards.core.contract import Determinize
from footycards.core.quartett_determinize import _replay
from footycards.registry import REGISTRY

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAY_ON_LIMIT = 60_000  # actions: random Stadium play on a big table takes thousands


def norm(view: Any) -> Any:
    """A view as JSON data (tuples as lists), the way views compare."""
    return json.loads(json.dumps(view))


def cards_of(state: Any) -> Counter:
    """Every card of a state wherever it lies (conservation)."""
    if isinstance(state, stadium.StadiumState):
        return Counter(
            [c for c in state.table if c is not None]
            + [p for ps in state.pairs for p in ps for _ in (0, 1)]
            + [r for rs in state.rewards for r in rs]
            + state.discarded
        )
    if isinstance(state, quartett.QuartettState):
        laid = [c for qs in state.laid for q in qs for c in state._members[q]]
        return Counter(
            [c for s in state.stacks for c in s]
            + state.middle
            + [c for h in state.hands for c in h]
            + state.stock
            + laid
        )
    if isinstance(state, sadikov.SadikovState):
        return Counter(
            [c for col in state.columns for c in col]
            + state.reserve
            + state.discard
            + [c for a in state.aktiv for pile in a.values() for c, _ in pile]
            + state.keeper
            + state.keeper_discard
        )
    assert isinstance(state, worldwave.WorldWaveState)
    return Counter(
        state.deck
        + state.discard
        + state.table
        + [c for h in state.hands for c in h]
        + [c for p in state.pending for c in p]
        + [c for e in state.equipped for c in e if c]
    )


def known_places(state: Any, seat: int) -> dict[Any, str]:
    """Where the true state has the cards `seat` knows the place of (place -> card)."""
    out: dict[Any, str] = {}
    if isinstance(state, stadium.StadiumState):
        seen = {i for _t, i, _c in state.reveals}
        if seat == state.turn and not state.is_over:
            seen |= set(state.peeks)
        out = {("table", i): state.table[i] for i in seen if state.table[i] is not None}
    elif isinstance(state, quartett.QuartettState):
        if state.mode == quartett.QUARTETT:
            held = {c: s for s, h in enumerate(state.hands) for c in h}
            for h in state.history:  # a card handed over is with the asker till asked again
                if h["hit"] and h["card"] in held:
                    out[("holder", h["card"])] = str(h["asker"])
            for c in state.hands[seat]:
                out[("holder", c)] = str(seat)
            last = {h["card"]: h["asker"] for h in state.history if h["hit"]}
            out = {k: v for k, v in out.items() if k[1] not in last or last[k[1]] == int(v)}
        else:
            replayed = _replay(state.view(seat))
            if replayed is not None:
                stacks, middle = replayed
                for s, pile in enumerate(stacks):
                    out.update({("stack", s, k): c for k, c in enumerate(pile) if c is not None})
                out.update({("middle", k): c for k, c in enumerate(middle) if c is not None})
            if state.stacks[seat]:
                out[("stack", seat, 0)] = state.stacks[seat][0]
    elif isinstance(state, worldwave.WorldWaveState):
        out = {("hand", seat, k): c for k, c in enumerate(state.hands[seat])}
    return out


def place_of(state: Any, place: tuple) -> str | None:
    kind = place[0]
    if kind == "table":
        return state.table[place[1]]
    if kind == "holder":
        for s, h in enumerate(state.hands):
            if place[1] in h:
                return str(s)
        return None
    if kind == "stack":
        pile = state.stacks[place[1]]
        return pile[place[2]] if place[2] < len(pile) else None
    if kind == "middle":
        return state.middle[place[1]] if place[1] < len(state.middle) else None
    return state.hands[place[1]][place[2]]


SETUPS = [
    pytest.param("stadium", 2, {"rows": 4, "cols": 5}, id="stadium-2-4x5"),
    pytest.param("stadium", 3, {"rows": 6, "cols": 6}, id="stadium-3-6x6"),
    pytest.param("stadium", 6, {"rows": 4, "cols": 6}, id="stadium-6-4x6"),
    pytest.param("quartett", 2, {"mode": "fussball"}, id="fussball-2"),
    pytest.param("quartett", 5, {"mode": "fussball"}, id="fussball-5"),
    pytest.param("quartett", 3, {"mode": "abwehr-angriff"}, id="abwehr-angriff-3"),
    pytest.param("quartett", 2, {"mode": "quartett"}, id="quartett-2"),
    pytest.param("quartett", 4, {"mode": "quartett"}, id="quartett-4"),
    pytest.param("sadikov", 2, {}, id="sadikov-2"),
    pytest.param("worldwave", 2, {}, id="worldwave-2"),
    pytest.param("worldwave", 6, {}, id="worldwave-6"),
]


def engine(game: str) -> Any:
    return REGISTRY.get(game).engine_module()


def positions(game: str, players: int, options: dict, seed: int, every: int) -> Any:
    """States reached by random play from a seeded deal, every `every` actions (copies)."""
    state = engine(game).new_game(players, seed, dict(options))
    rng = random.Random(seed)
    n = 0
    while not state.is_over:
        if n % every == 0:
            yield state.clone()
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    yield state.clone()


def check_built(eng: Any, state: Any, seat: int, rng: random.Random) -> Any | None:
    """Determinize `seat`'s view of `state` and check the built state (None: refused)."""
    view = state.view(seat)
    before = norm(view)
    try:
        built = eng.determinize(view, rng)
    except ValueError:
        assert isinstance(state, worldwave.WorldWaveState), "refused a view"
        assert state.phase not in ("action", "discard") or state.windows, "refused a view"
        return None
    assert norm(view) == before, "determinize changed the view it was given"
    assert norm(built.view(seat)) == before
    assert norm(built.view(seat, log=False)) == norm(state.view(seat, log=False))
    assert cards_of(built) == cards_of(state)
    assert built.to_move == state.to_move
    if seat == state.to_move:
        assert sorted(map(str, built.legal_actions())) == sorted(map(str, state.legal_actions()))
    for place, card in known_places(state, seat).items():
        assert place_of(built, place) == card, place
    return built


def play_on(state: Any, rng: random.Random) -> None:
    for _ in range(PLAY_ON_LIMIT):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal, "no legal action although the game is on"
        state.apply(rng.choice(legal))
    assert state.is_over
    assert state.result()["winners"] is not None


@pytest.mark.parametrize("game,players,options", SETUPS)
def test_a_built_state_shows_the_view_it_came_from(game, players, options):
    """At many positions of seeded random games, for every seat: the built state's view
    is the view (log and all), the cards are the same cards, the mover's legal actions are
    the same, and every card the seat knows the place of is in that place."""
    eng = engine(game)
    assert isinstance(eng, Determinize)
    built_any = 0
    for seed in (1, 2):
        for k, state in enumerate(positions(game, players, options, seed, every=11)):
            for seat in range(players):
                built = check_built(eng, state, seat, random.Random(k * 10 + seat))
                built_any += built is not None
                if built is not None and k % 9 == 4 and seat == 0:
                    play_on(built, random.Random(k))
    assert built_any > 10


@pytest.mark.parametrize("game,players,options", SETUPS)
@given(seed=hs.integers(0, 2**40), steps=hs.integers(0, 300), pick=hs.integers(0, 2**32))
@SETTINGS
def test_any_position_determinizes_and_plays_on(game, players, options, seed, steps, pick):
    """Hypothesis: any seed, any number of random moves, any seat: the built state checks
    out and plays on legally to the end."""
    eng = engine(game)
    state = eng.new_game(players, seed, dict(options))
    rng = random.Random(pick)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    seat = rng.randrange(players)
    built = check_built(eng, state, seat, rng)
    if built is not None:
        play_on(built, rng)


def test_unseen_stadium_cards_are_dealt_alike():
    """The face-down cards never seen are dealt uniformly: over many samples each unseen
    card lands on a given unseen place about equally often (and the seen ones never move)."""
    state = stadium.new_game(2, 5, {"rows": 4, "cols": 4})
    rng = random.Random(5)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    hidden = [i for i, cell in enumerate(view["table"]) if cell["state"] == "down"]
    seen = {i for _t, i, _c in state.reveals}
    unseen_places = [i for i in hidden if i not in seen]
    assert len(unseen_places) >= 4
    place = unseen_places[0]
    counts: Counter = Counter()
    samples = 4000
    for k in range(samples):
        counts[stadium.determinize(view, random.Random(k)).table[place]] += 1
    pool = Counter(state.table[i] for i in unseen_places)
    for card, copies in pool.items():
        expected = samples * copies / len(unseen_places)
        assert abs(counts[card] - expected) < 5 * expected**0.5 + 5, (card, counts)
    assert set(counts) == set(pool)


def test_a_view_of_another_game_is_refused():
    """ValueError, not a crash, for a view of another game or of nothing."""
    views = [
        stadium.new_game(2, 1).view(0),
        quartett.new_game(2, 1).view(0),
        sadikov.new_game(2, 1).view(0),
        {"game": "worldwave"},
        None,
    ]
    for eng in (stadium, quartett, sadikov):
        for view in views:
            if view is None or view.get("game") != eng.ID:
                with pytest.raises(ValueError):
                    eng.determinize(view, random.Random(1))
    with pytest.raises(ValueError):
        worldwave.determinize(stadium.new_game(2, 1).view(0), random.Random(1))


def test_determinize_reads_only_the_view():
    """The same view from two states that differ only in what the seat cannot see gives
    the same built state with the same rng (nothing but the view is read)."""
    for eng, state in (
        (stadium, stadium.new_game(2, 3, {"rows": 4, "cols": 6})),
        (quartett, quartett.new_game(3, 3, {"mode": "quartett"})),
        (quartett, quartett.new_game(3, 3, {"mode": "fussball"})),
        (sadikov, sadikov.new_game(2, 3)),
    ):
        rng = random.Random(3)
        for _ in range(9):
            state.apply(rng.choice(state.legal_actions()))
        other = state.reshuffled(1, random.Random(4))
        assert other.to_json() != state.to_json()
        a = eng.determinize(state.view(1), random.Random(8))
        b = eng.determinize(other.view(1), random.Random(8))
        assert a.to_json() == b.to_json()
