"""Provides World Wave's `determinize(view, rng)`: a whole match built from one seat's
view, the cards it cannot see dealt at random (the hook of `contract.Determinize`).

The view shows every public fact: characters, stamina, injuries, equipment, pending
cards, hand sizes, the deck's size, the discard pile, the table, the goals and the log.
Hidden are the other hands and the deck's order; their cards together are the match
deck's copies less every card in sight, dealt at random (each hand as large as the view
says, the rest into the deck). The turn's bookkeeping is replayed from the log: the
once-per-turn skills used (W5.4), "until his next turn" skills, turns taken, whose team
conceded since their turn, the half's big first draw (W3.5), whether a card was played.

[decision] A state is built in the action and discard phases with no response window
open, where a seat plans; in the draft and inside a window (whose pending steps the view
does not carry) `determinize` raises ValueError and an agent decides without it. Cards
whose holder the seat knows (`known_cards`: retrieved from the discard pile, or taken
from this seat's hand) are dealt to that holder, not at random (issue 22).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..rng import GameRng
from .state import DECK, ID, MARKS, WorldWaveState, _copy_event

ONCE_SKILLS = ("pickpocket", "recycle", "outside_foot", "lucky_hands", "pressure")


LEAVES_HAND = {"play": "card", "equip": "card", "shot": "card", "save": "card"}


def known_cards(view: dict[str, Any]) -> list[Counter[str]]:
    """The hidden cards `view`'s seat knows the holder of, per seat (its own hand empty):
    a card taken back from the discard pile (Ricci, public), a card taken from this seat's
    hand (Tackle, Hagen: the seat saw which), each kept until that seat plays, equips,
    shoots, saves with or discards a card like it; a hand that loses a card at random
    forgets what was known of it, and half time forgets everything (all cards shuffled)."""
    me = view["seat"]
    known: list[Counter[str]] = [Counter() for _ in range(view["players"])]
    private = iter(
        [e for e in view.get("private") or [] if e["event"] == "took" and e["target"] == me]
    )
    for e in view["log"]:
        kind = e["event"]
        if kind in LEAVES_HAND:
            card = e.get(LEAVES_HAND[kind])
            if card is not None and known[e["seat"]][card] > 0:
                known[e["seat"]][card] -= 1
        elif kind == "discard":
            for card in e["cards"]:
                if known[e["seat"]][card] > 0:
                    known[e["seat"]][card] -= 1
        elif kind == "retrieve":
            known[e["seat"]][e["card"]] += 1
        elif kind == "take" and e["took"]:
            known[e["target"]].clear()
            if e["target"] == me:
                seen = next(private, None)
                if seen is not None and seen["seat"] == e["seat"]:
                    known[e["seat"]][seen["card"]] += 1
        elif kind == "half" and e["half"] == 2:
            for k in known:
                k.clear()
    known[me].clear()
    return [+k for k in known]


def _this_turn(log: list[dict]) -> list[dict]:
    """The events since the latest turn began."""
    for i in range(len(log) - 1, -1, -1):
        if log[i]["event"] == "turn":
            return log[i + 1 :]
    return []


def bookkeeping(view: dict[str, Any]) -> dict[str, Any]:
    """The turn's bookkeeping the log tells: once-per-turn tokens used, "until next turn"
    tokens, turns taken, conceded since the last turn, the big first draw, a card played."""
    log = view["log"]
    n = view["players"]
    turns_taken = [0] * n
    last_turn = [-1] * n
    half_at = 0
    for i, e in enumerate(log):
        if e["event"] == "turn":
            turns_taken[e["seat"]] += 1
            last_turn[e["seat"]] = i
        elif e["event"] == "half":
            half_at = i
    conceded = [False] * n
    until_next: list[list[str]] = [[] for _ in range(n)]
    for i, e in enumerate(log):
        kind = e["event"]
        if kind == "goal":
            for s in range(n):
                if s % 2 != e["team"] and i > last_turn[s]:
                    conceded[s] = True
        elif kind == "skill" and e["skill"] == "quick_release" and i > last_turn[e["seat"]]:
            if i > half_at or view["half"] == 1:
                until_next[e["seat"]] = ["quick_release"]
    used: list[str] = []
    active = False
    for e in _this_turn(log):
        kind = e["event"]
        if kind == "skill" and e["skill"] in ONCE_SKILLS:
            used.append(f"{e['skill']}:{e['seat']}")
        elif kind == "retrieve" and e["why"] == "rebound":
            used.append(f"rebound:{e['seat']}")
        elif kind == "save" and e["how"] in ("anticipation", "last_ditch"):
            used.append(f"{e['how']}:{e['seat']}")
        if kind in ("play", "equip", "shot", "save") or (kind == "discard" and e["why"] != "limit"):
            active = True
    big = 1 if view["half"] == 1 else 0
    had_turn = any(e["event"] == "turn" and e["seat"] == big for e in log[half_at:])
    return {
        "turns_taken": turns_taken,
        "conceded": conceded,
        "until_next": until_next,
        "used": used,
        "active": active,
        "big_draw": None if had_turn else big,
    }


def unseen_cards(view: dict[str, Any]) -> list[str]:
    """The match deck's cards this seat does not see (sorted): the deck's copies less its
    hand, the discard pile, the table and every equipped and pending card."""
    seen = Counter(view["hand"] or [])
    seen.update(view["discard"])
    seen.update(view["table"])
    for info in view["seats"]:
        seen.update(c for c in info["equipped"].values() if c)
        seen.update(info["pending"])
    rest = Counter(DECK)
    rest.subtract(seen)
    if min(rest.values(), default=0) < 0:
        raise ValueError("the view shows more copies of a card than the deck has")
    return sorted((+rest).elements())


def determinize(view: Any, rng: random.Random) -> WorldWaveState:
    """A match whose view for the view's seat is `view` (an action or discard phase, no
    window open): the cards of known holder (`known_cards`) in their holders' hands, the
    other unseen cards dealt at random into the other hands and the deck; ValueError for
    another view."""
    if not isinstance(view, dict) or view.get("game") != ID:
        raise ValueError("not a view of World Wave")
    if view["phase"] not in ("action", "discard") or view["windows"] or view["shot"]:
        raise ValueError("World Wave is determinized in an action or discard phase only")
    me = view["seat"]
    if me is None:
        raise ValueError("a spectator's view has no hand")
    cards = unseen_cards(view)
    seats = view["seats"]
    if len(cards) != view["deck"] + sum(i["hand"] for i in seats if i["seat"] != me):
        raise ValueError("the view's hidden cards do not add up")
    known = known_cards(view)
    pool = Counter(cards)
    fixed: list[list[str]] = []
    for info in seats:
        mine: list[str] = []
        if info["seat"] != me:
            for card, n in sorted(known[info["seat"]].items()):
                n = max(0, min(n, pool[card], info["hand"] - len(mine)))
                mine += [card] * n
                pool[card] -= n
        fixed.append(mine)
    cards = sorted((+pool).elements())
    rng.shuffle(cards)
    hands: list[list[str]] = []
    for info, mine in zip(seats, fixed, strict=True):
        if info["seat"] == me:
            hands.append(list(view["hand"]))
        else:
            k = info["hand"] - len(mine)
            hand = mine + cards[:k]
            del cards[:k]
            rng.shuffle(hand)
            hands.append(hand)
    book = bookkeeping(view)
    return WorldWaveState(
        players=view["players"],
        names=list(view["names"]),
        rng=GameRng(rng.getrandbits(62)),
        halves=view["halves"],
        characters=[info["character"] for info in seats],
        deck=cards,
        stamina=[info["stamina"] for info in seats],
        injured=[info["injured"] for info in seats],
        hands=hands,
        equipped=[[info["equipped"][m] for m in MARKS] for info in seats],
        pending=[list(info["pending"]) for info in seats],
        discard=list(view["discard"]),
        table=list(view["table"]),
        goals=list(view["goals"]),
        half=view["half"],
        turn=view["turn"],
        turn_number=view["turn_number"],
        phase=view["phase"],
        big_draw=book["big_draw"],
        turns_taken=book["turns_taken"],
        conceded=book["conceded"],
        used=book["used"],
        until_next=book["until_next"],
        exhausted=view["exhausted"],
        quiet=view["quiet_turns"],
        active=book["active"],
        is_over=view["is_over"],
        events=[_copy_event(e) for e in view["log"]],
        secret=[[[me], _copy_event(e)] for e in view["private"]],
    )
