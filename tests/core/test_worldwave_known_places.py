"""World Wave's `determinize(view, rng)` keeps every card whose place the view tells
(issue 22): a card of known holder is in that hand in every sample, and the built state's
view for the seat is the view it came from."""

from __future__ import annotations

import random
from collections import Counter

from footycards.core import worldwave as ww
from footycards.core.worldwave.determinize import determinize, known_cards
from footycards.match import make_agent


def positions(players: int, seed: int):
    """(state, seat, view) at every decision of a match of normal agents (whose Tackles,
    Hagen and Ricci make cards of known holder) that `determinize` accepts."""
    state = ww.new_game(players, seed=seed)
    agents = [make_agent("worldwave", "normal") for _ in range(players)]
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        for s in range(players):
            if state.phase in ("action", "discard") and not state.windows and not state.shot:
                yield state, s, state.view(s)
        agent = agents[seat]
        action = agent.choose(state.view(seat, log=agent.uses_log), state.legal_actions(), rng)
        state.apply(action)


def test_samples_keep_the_cards_of_known_place():
    checked = known_seen = 0
    for seed in range(10):
        for state, seat, view in positions(2 if seed % 2 else 4, 300 + seed):
            known = known_cards(view)
            for s, cards in enumerate(known):
                assert not cards - Counter(state.hands[s]), (s, cards)  # really there
            for k in range(3):
                built = determinize(view, random.Random(checked * 7 + k))
                assert built.view(seat) == view
                assert built.hands[seat] == state.hands[seat]
                for s, cards in enumerate(known):
                    assert not cards - Counter(built.hands[s]), (seed, s, cards, built.hands[s])
            known_seen += sum(sum(c.values()) for c in known)
            checked += 1
    assert checked > 300
    assert known_seen > 20
