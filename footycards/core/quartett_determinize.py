"""Provides Quartett's `determinize(view, rng)`: a whole state built from one seat's view,
the cards it cannot know dealt at random (the hook of `contract.Determinize`).

Top trumps (Q2): a stack is the cards dealt to it, top first, then the cards it won, in
the order they went under it (Q2.4, Q2.6); the middle is the cards dealt over and those of
ties. The view's log tells every call (the top cards shown), tie and win, so replaying it
places each card shown since (until it is shown again) exactly; the seat's own top card is
known too. Only the cards never shown are dealt at random, among the places never shown.
A view without its log places only the seat's own top card.

The Quartett game (Q4): the laid quartets are out of play, and a card handed over (a hit
in the history) is in the asker's hand until handed over again. The other cards the seat
does not hold are dealt at random into the other hands (each as large as the view says)
and the stack, all alike among the deals in which no hand holds a whole quartet (it
would lie on the table, Q4.6). [decision] What a miss or an ask tells (the target lacked
the card; the asker held a card of its quartet, Q4.3) is not used: those are likelihoods,
for an agent's belief (`footycards.ai.quartett_belief`), not certainties.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .quartett import ID, QUARTETT, QuartettState, _copy_event, deck_catalog, quartet_of
from .rng import GameRng

_ROW_FIELDS = ("name", "club", "position", "games", "goals", "yellow", "yellow_red", "red")
_ROW_FIELDS2 = ("abwehr", "angriff")
TRIES = 200  # deals tried in the Quartett game before giving up (a hand with a whole
# quartet does not fit: it would have been laid down)


def _rotated(seats: list[int], cards: list[str], seat: int) -> list[str]:
    """The cards shown by `seats` (in seat order) from `seat` or the next seat on (Q2.4)."""
    for i, s in enumerate(seats):
        if s >= seat:
            return cards[i:] + cards[:i]
    return cards


def _replay(view: Any) -> tuple[list[list[str | None]], list[str | None]] | None:
    """Each stack and the middle, top first, with None for a card never shown since it
    came there, replayed from the log; None when the log is absent or does not add up."""
    log = view["log"]
    if not log or log[0]["event"] != "deal":
        return None
    deal = log[0]
    stacks: list[list[str | None]] = [[None] * deal["cards"] for _ in range(view["players"])]
    middle: list[str | None] = [None] * deal["rest"]
    seats: list[int] = []
    cards: list[str] = []
    for e in log[1:]:
        kind = e["event"]
        if kind == "call":
            seats = [p["seat"] for p in e["plays"]]
            cards = [p["card"] for p in e["plays"]]
            for s in seats:
                if not stacks[s]:
                    return None
                stacks[s].pop(0)
        elif kind == "tie":
            middle += _rotated(seats, cards, e["seat"])
        elif kind == "win":
            w = e["seat"]
            k = seats.index(w)
            stacks[w] += cards[k:] + cards[:k]
            stacks[w] += middle
            middle = []
    if [len(s) for s in stacks] != [info["cards"] for info in view["seats"]]:
        return None
    if len(middle) != view["middle"]:
        return None
    return stacks, middle


def _top_trumps(view: Any, ids: list[str], rng: random.Random) -> tuple[list[list[str]], list[str]]:
    me = view["seat"]
    replayed = _replay(view)
    if replayed is None:
        stacks: list[list[str | None]] = [[None] * info["cards"] for info in view["seats"]]
        middle: list[str | None] = [None] * view["middle"]
    else:
        stacks, middle = replayed
    if me is not None and view["top_card"] is not None and stacks[me]:
        stacks[me][0] = view["top_card"]["id"]
    pool = Counter(ids)
    pool.subtract(c for pile in (*stacks, middle) for c in pile if c is not None)
    if min(pool.values(), default=0) < 0:
        raise ValueError("the view places a card twice")
    unseen = sorted((+pool).elements())
    places = sum(c is None for pile in (*stacks, middle) for c in pile)
    if len(unseen) != places:
        raise ValueError("the view's hidden cards do not add up")
    rng.shuffle(unseen)
    it = iter(unseen)
    out = [[c if c is not None else next(it) for c in pile] for pile in (*stacks, middle)]
    return out[:-1], out[-1]


def _ask_game(
    view: Any, ids: list[str], rng: random.Random
) -> tuple[list[list[str]], list[str], list[list[str]]]:
    me = view["seat"]
    players = view["players"]
    laid = [list(info["quartets"]) for info in view["seats"]]
    out_of_play = {q for qs in laid for q in qs}
    where: dict[str, int] = {}
    for h in view["history"]:
        if h["hit"]:
            where[h["card"]] = h["asker"]
    mine = [c["id"] for c in view["hand"]] if me is not None and view["hand"] else []
    hands: list[list[str]] = [[] for _ in range(players)]
    sizes = [info["cards"] for info in view["seats"]]
    if me is not None:
        hands[me] = list(mine)
    for card, s in where.items():
        if quartet_of(card) in out_of_play or s == me or card in mine:
            continue
        if len(hands[s]) < sizes[s]:
            hands[s].append(card)
    placed = {c for h in hands for c in h}
    pool = [c for c in ids if quartet_of(c) not in out_of_play and c not in placed]
    if len(pool) != sum(sizes) - sum(map(len, hands)) + view["stack"]:
        raise ValueError("the view's hands and stack do not add up")
    for _try in range(TRIES):
        unseen = list(pool)
        rng.shuffle(unseen)
        dealt = [list(h) for h in hands]
        for s in range(players):
            if s != me:
                need = sizes[s] - len(dealt[s])
                if need < 0:
                    raise ValueError("the view's hands do not add up")
                dealt[s] += unseen[:need]
                del unseen[:need]
        if not any(_full_quartet(h) for h in dealt):
            return dealt, unseen, laid
    raise ValueError("no deal fits the view (a hand always holds a whole quartet)")


def _full_quartet(hand: list[str]) -> bool:
    """Whether `hand` holds a whole quartet, which Q4.6 would have laid down at once."""
    return any(k == 4 for k in Counter(map(quartet_of, hand)).values())


def _last_round(view: Any) -> dict[str, Any] | None:
    lr = view["last_round"]
    if lr is None:
        return None
    comps = []
    for c in lr["comparisons"]:
        comp: dict[str, Any] = {
            "category": c["category"],
            "caller": c["caller"],
            "stechen": c["stechen"],
            "seats": [p["seat"] for p in c["plays"]],
            "cards": [p["card"]["id"] for p in c["plays"]],
            "winner": c["winner"],
            "tied": list(c["tied"]),
        }
        for key in ("took", "gain"):
            if key in c:
                comp[key] = c[key]
        comps.append(comp)
    return {"round": lr["round"], "comparisons": comps}


def determinize(view: Any, rng: random.Random) -> QuartettState:
    """A state whose view for the view's seat is `view`, the cards it cannot know dealt
    at random; ValueError for a view that is not of this game or does not add up."""
    if not isinstance(view, dict) or view.get("game") != ID:
        raise ValueError("not a view of Bundesliga Quartett")
    try:
        catalog = deck_catalog([d["id"] for d in view["decks"]])
    except KeyError:
        raise ValueError("the view's decks are not loaded") from None
    rows = [
        [c["id"], *(c[k] for k in _ROW_FIELDS), *(c[k] for k in _ROW_FIELDS2)]  # type: ignore[literal-required]
        for c in catalog
    ]
    ids = [c["id"] for c in catalog]
    players = view["players"]
    if view["mode"] == QUARTETT:
        hands, stock, laid = _ask_game(view, ids, rng)
        stacks: list[list[str]] = [[] for _ in range(players)]
        middle: list[str] = []
    else:
        stacks, middle = _top_trumps(view, ids, rng)
        hands, stock, laid = [[] for _ in range(players)], [], [[] for _ in range(players)]
    result = view.get("result")
    return QuartettState(
        players=players,
        mode=view["mode"],
        names=list(view["names"]),
        decks=[[d["id"], d["name"], d["prefix"]] for d in view["decks"]],
        cards=rows,
        rng=GameRng(rng.getrandbits(63)),
        stacks=stacks,
        middle=middle,
        hands=hands,
        stock=stock,
        laid=laid,
        turn=view["turn"],
        phase=view["phase"],
        stechen=list(view["stechen"]),
        category=view["category"],
        round_no=view["round"],
        asks=view["asks"],
        round_limit=view["round_limit"],
        last_round=_last_round(view),  # type: ignore[arg-type]
        revealed=list(view["revealed"]),
        history=[dict(h) for h in view["history"]],  # type: ignore[misc]
        events=[_copy_event(e) for e in view["log"]],
        reason=dict(result["reason"]) if result and "reason" in result else None,  # type: ignore[arg-type]
    )
