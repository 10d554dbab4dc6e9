"""Provides Stadium's `determinize(view, rng)`: a whole state built from one seat's view,
the face-down cards it cannot know dealt at random (the hook of `contract.Determinize`).

Cards never move on the table, and every card that left it was turned over first, so the
view tells, position by position, every card ever seen: those turned over in public
(`reveals`, S3.1) and the seat's own VAR look (`peeked`, S4.1). The cards of the game
(`deck`) less those seen are the ones under the positions never seen, in any order alike.
What a player remembers of the reveals is the agent's business: an agent that forgets
hands over a view with fewer reveals. The rest of the state (turn, window, match, marks,
reward cards) is public and copied; the reward cards used are the game's rewards less
those on the table and in hand. Dice to come and another seat's VAR look are not known:
the dice roll at random, and a look the view does not show is left out.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .contract import copy_data
from .rng import GameRng
from .stadium import ID, RED, REWARDS, WINDOW, YELLOW, StadiumState, _copy_log, parse_pos


def determinize(view: Any, rng: random.Random) -> StadiumState:
    """A state whose view for the view's seat is `view`, the face-down cards never seen
    dealt at random; ValueError for a view that is not of this game or does not add up."""
    if not isinstance(view, dict) or view.get("game") != ID:
        raise ValueError("not a view of Stadium")
    rows, cols = view["rows"], view["cols"]
    cards: dict[str, tuple[str, int]] = {}
    for cid, name, stars in view["deck"]:
        cards[cid] = (name, stars)
    deck = sorted(cid for cid, _name, _stars in view["deck"])
    if len(deck) != rows * cols:
        raise ValueError("the view's deck does not fit its table")

    def index(pos: str) -> int:
        r, c = parse_pos(pos)
        return r * cols + c

    known: dict[int, str] = {i: r["id"] for r in view["reveals"] for i in [index(r["pos"])]}
    for pos, info in view["peeked"].items():
        known[index(pos)] = info["id"]
    table: list[str | None] = [None] * (rows * cols)
    up: list[int] = []
    hidden_places: list[int] = []
    for i, cell in enumerate(view["table"]):
        if cell["state"] == "empty":
            continue
        if cell["state"] == "up":
            table[i] = known[i] = cell["id"]
            up.append(i)
        elif i in known:
            table[i] = known[i]
        else:
            hidden_places.append(i)
    unseen = Counter(deck)
    unseen.subtract(known.values())
    if min(unseen.values(), default=0) < 0:
        raise ValueError("the view shows more copies of a card than the game has")
    pool = sorted((+unseen).elements())
    if len(pool) != len(hidden_places):
        raise ValueError("the view's face-down cards do not add up")
    rng.shuffle(pool)
    for i, card in zip(hidden_places, pool, strict=True):
        table[i] = card
    areas = view["areas"]
    players = view["players"]
    held = Counter(c for a in areas for c in a["rewards"])
    on_table = Counter(c for c in table if c in REWARDS)
    used = Counter(c for c in deck if c in REWARDS)
    used.subtract(held)
    used.subtract(on_table)
    discarded = sorted((+used).elements())
    if len(discarded) != view["discarded"]:
        raise ValueError("the view's reward cards do not add up")
    turn = view["turn"]
    window: list[int] = []
    if view["phase"] == WINDOW and view["window"] is not None:
        # S4.6: the holders of YELLOW or RED after the mover, from the one asked now on
        after = [(turn + k) % players for k in range(1, players)]
        asking = view["window"]["asking"]
        window = [
            s
            for s in after[after.index(asking) :]
            if s == asking or YELLOW in areas[s]["rewards"] or RED in areas[s]["rewards"]
        ]
    match = view["match"]
    seat = view["seat"]
    peeks = [index(pos) for pos in view["peeked"]] if seat == turn else []
    return StadiumState(
        players=players,
        rows=rows,
        cols=cols,
        cards=cards,
        deck=deck,
        table=table,
        names=list(view["names"]),
        rng=GameRng(rng.getrandbits(63)),
        dice=[],
        pairs=[[p["id"] for p in a["pairs"]] for a in areas],
        rewards=[list(a["rewards"]) for a in areas],
        discarded=discarded,
        turn=turn,
        phase=view["phase"],
        up=up,
        window=window,
        window_kind=view["window"]["kind"] if view["window"] else "",
        cancelled=[a["cancelled"] for a in areas],
        yellows=[a["yellows"] for a in areas],
        var_used=view["var_used"],
        peeks=peeks,
        match=copy_data(match),
        turn_no=view["turn_no"],
        events=_copy_log(view["log"]),
        reveals=[(r["turn"], index(r["pos"]), r["id"]) for r in view["reveals"]],
    )
