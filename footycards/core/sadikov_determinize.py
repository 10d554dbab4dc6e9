"""Provides Sadikov's `determinize(view, rng)`: a whole state built from one seat's view,
the cards nobody sees dealt at random (the engine hook of `contract.Determinize`).

Every seat sees the same (both aktivs lie face up), and a face-up column card never turns
face down again, so the hidden cards are exactly the main cards not in sight this half
(the face-down column cards and the reserve, in any order alike) and the keeper deck (the
keeper cards not in its discard). The turn's bookkeeping of F3.3 (the columns of the last
turn and of this one) is replayed from the view's log; a view without its log gives only
the closed columns, which then count as the last turn's.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .rng import GameRng
from .sadikov import FACE_UP, ID, KEEPER_DECK, MAIN_DECK, SUITS, SadikovState, _copy_event


def _turn_columns(view: Any) -> tuple[list[list[int]], list[list[int]]]:
    """F3.3's columns per seat (of its last turn, of this one), replayed from the log of
    this half; without a log (or one that does not add up), the closed columns as the last
    turn's."""
    previous: list[list[int]] = [[], []]
    current: list[list[int]] = [[], []]
    log = view["log"]
    start = max((i for i, e in enumerate(log) if e["event"] == "half"), default=-1)
    if start >= 0:
        for e in log[start + 1 :]:
            if e["event"] == "take":
                s = e["seat"]
                current[s].append(e["column"])
                if not e.get("extra"):
                    previous[s], current[s] = current[s], []
        closed = [sorted(set(previous[s]) | set(current[s])) for s in (0, 1)]
        if all(closed[s] == view["seats"][s]["closed"] for s in (0, 1)):
            return previous, current
    return [list(info["closed"]) for info in view["seats"]], [[], []]


def determinize(view: Any, rng: random.Random) -> SadikovState:
    """A state whose view for the view's seat is `view`: the face-down column cards, the
    reserve and the keeper deck dealt at random from the cards not in sight; ValueError
    for a view that is not of this game or does not add up."""
    if not isinstance(view, dict) or view.get("game") != ID:
        raise ValueError("not a view of Sadikov's Football")
    main = Counter(MAIN_DECK)
    seen: list[str] = list(view["discard"])
    for col in view["columns"]:
        seen += [c["id"] for c in col["cards"] if c["up"]]
    for info in view["seats"]:
        for pile in info["aktiv"].values():
            seen += [p["id"] for p in pile]
    main.subtract(seen)
    if min(main.values(), default=0) < 0:
        raise ValueError("the view shows more copies of a card than the game has")
    hidden = sorted(main.elements())
    places = sum(max(0, col["size"] - FACE_UP) for col in view["columns"])
    if len(hidden) != places + view["reserve"]:
        raise ValueError("the view's hidden cards do not add up")
    keeper = Counter(KEEPER_DECK)
    keeper.subtract(view["keeper_discard"])
    keeper_deck = sorted((+keeper).elements())
    if len(keeper_deck) != view["keeper_deck"] or min(keeper.values()) < 0:
        raise ValueError("the view's keeper cards do not add up")
    rng.shuffle(hidden)
    rng.shuffle(keeper_deck)
    columns: list[list[str]] = []
    k = 0
    for col in view["columns"]:
        cards: list[str] = []
        for c in col["cards"]:
            if c["up"]:
                cards.append(c["id"])
            else:
                cards.append(hidden[k])
                k += 1
        columns.append(cards)
    previous, current = _turn_columns(view)
    seats = view["seats"]
    return SadikovState(
        names=list(view["names"]),
        rng=GameRng(rng.getrandbits(63)),
        deal2=None,  # a fixed second-half deal is not public: the half is dealt at random
        shootout_option=bool(view["shootout_option"]),
        letters=view["letters"],
        half=view["half"],
        turn=view["turn"],
        extra=view["extra"],
        columns=columns,
        reserve=hidden[k:],
        added=view["added"],
        keeper=keeper_deck,
        keeper_discard=list(view["keeper_discard"]),
        discard=list(view["discard"]),
        aktiv=[
            {suit: [(p["id"], p["attack"]) for p in info["aktiv"][suit]] for suit in SUITS}
            for info in seats
        ],
        penalties=[dict(info["penalties"]) for info in seats],
        removed=[list(info["removed"]) for info in seats],
        previous=previous,
        this_turn=current,
        goals=[info["goals"] for info in seats],
        shootout=list(view["shootout"]) if view["shootout"] is not None else None,
        is_over=view["is_over"],
        events=[_copy_event(e) for e in view["log"]],
    )
