"""Provides HandsBelief: where the cards a seat cannot see are, in the Quartett game with
three to six players (Q4), sampled jointly over every opponent's hand and the stack.

It reads what `quartett.Memory` rebuilt from the public asks and answers of a view: the
cards whose place everybody saw (handed over in public, Q4.4), who lacked which card at
an ask (Q4.3, Q4.4; softened once that player has drawn from the stack), which quartets
each player must hold a card of because it asked for one (Q4.3), and that nobody holds a
whole quartet that is not on the table (Q4.6). Every other card is in one of the
opponents' hands (each as many as the view shows) or on the stack.

The per-seat count (`quartett.hold_chances`) weighs each seat's possible hands on their
own. The seats share one set of cards, though: a card that two of three opponents lack
is with the third, and a quartet one opponent must hold a card of takes a card from the
others. A Markov chain over whole placements (each unseen card in a hand or on the
stack, every hand its size) sees that: a step swaps two cards of different places and
is kept when the placement still fits (Metropolis, by the softened weights); the chances
are the share of steps, after a burn-in, in which a card was at a place. Each kept
placement is also a sample of the hidden hands, consistent with the view, for a search
(`samples`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

BURN_SHARE = 0.25  # the first quarter of the steps only mixes the chain


@dataclass
class Placement:
    """The problem the chain samples: the unseen cards, the places (opponent seats, then
    the stack), each place's size, the weight of each card at each place (0: it cannot be
    there), the quartets each place must hold an unseen card of, and the cards of each
    quartet each place is known to hold."""

    cards: list[str]
    places: list[int | None]  # seat numbers; None is the stack (always last)
    size: list[int]
    weight: list[list[float]]  # by card, by place
    quartet: list[int]  # the quartet index of each card
    need: list[set[int]]  # by place
    known: list[dict[int, int]]  # by place: quartet index -> cards of it known there
    stack: int = -1  # the index of the stack among the places, or -1 without one


@dataclass
class HandsBelief:
    """The chances that each seat holds each unseen card, and sampled placements."""

    chances: dict[tuple[int, str], float] = field(default_factory=dict)
    samples: list[dict[str, int | None]] = field(default_factory=list)  # card -> place


def _fits(p: Placement, c: int, place: int, counts: list[dict[int, int]]) -> bool:
    """Whether card c may join `place` given the quartet counts so far (Q4.6)."""
    if p.weight[c][place] <= 0.0:
        return False
    if place == p.stack:
        return True
    q = p.quartet[c]
    return counts[place].get(q, 0) + p.known[place].get(q, 0) < 3


def _start(p: Placement, rng: random.Random) -> list[int] | None:
    """A placement that fits, built at random: first a card for each quartet a place must
    hold, then the most constrained cards first; None when tries keep failing."""
    n, k = len(p.cards), len(p.places)
    by_q: dict[int, list[int]] = {}
    for c in range(n):
        by_q.setdefault(p.quartet[c], []).append(c)
    for _try in range(30):
        at = [-1] * n
        room = list(p.size)
        counts: list[dict[int, int]] = [{} for _ in range(k)]
        ok = True
        needs = [(place, q) for place in range(k) for q in p.need[place]]
        rng.shuffle(needs)
        for place, q in needs:
            if any(at[c] == place for c in by_q.get(q, ())):
                continue
            options = [c for c in by_q.get(q, ()) if at[c] < 0 and _fits(p, c, place, counts)]
            if not options or room[place] <= 0:
                ok = False
                break
            c = rng.choice(options)
            at[c] = place
            room[place] -= 1
            counts[place][q] = counts[place].get(q, 0) + 1
        if not ok:
            continue
        rest = [c for c in range(n) if at[c] < 0]
        rng.shuffle(rest)
        rest.sort(key=lambda c: sum(1 for w in p.weight[c] if w > 0.0))
        for c in rest:
            options = [pl for pl in range(k) if room[pl] > 0 and _fits(p, c, pl, counts)]
            if not options:
                ok = False
                break
            pl = rng.choices(options, [p.weight[c][o] for o in options])[0]
            at[c] = pl
            room[pl] -= 1
            q = p.quartet[c]
            counts[pl][q] = counts[pl].get(q, 0) + 1
        if ok:
            return at
    return None


def sample(p: Placement, rng: random.Random, steps: int, keep: int = 0) -> HandsBelief | None:
    """Run the chain `steps` steps: each (seat, card) chance, and `keep` placements spread
    over the steps after the burn-in; None when no placement that fits was found."""
    at = _start(p, rng)
    if at is None:
        return None
    n, k = len(p.cards), len(p.places)
    weight, quartet, need, known = p.weight, p.quartet, p.need, p.known
    stack = p.stack
    counts: list[dict[int, int]] = [{} for _ in range(k)]
    for c, pl in enumerate(at):
        counts[pl][quartet[c]] = counts[pl].get(quartet[c], 0) + 1
    burn = int(steps * BURN_SHARE)
    since = [burn] * n
    acc = [0] * (n * k)
    every = max(1, (steps - burn) // keep) if keep else 0
    kept: list[list[int]] = []
    rand, randrange = rng.random, rng.randrange
    if n > 1 and k > 1:
        for t in range(steps):
            if every and t >= burn and (t - burn) % every == every - 1 and len(kept) < keep:
                kept.append(list(at))
            u = randrange(n)
            v = randrange(n)
            pu, pv = at[u], at[v]
            if pu == pv:
                continue
            wu, wv = weight[u][pv], weight[v][pu]
            if wu <= 0.0 or wv <= 0.0:
                continue
            qu, qv = quartet[u], quartet[v]
            if qu != qv:
                cu, cv = counts[pu], counts[pv]
                if cu[qu] == 1 and qu in need[pu]:
                    continue  # pu would no longer hold a card of a quartet it must
                if cv[qv] == 1 and qv in need[pv]:
                    continue
                if pv != stack and cv.get(qu, 0) + known[pv].get(qu, 0) >= 3:
                    continue  # a whole quartet in one hand would lie on the table
                if pu != stack and cu.get(qv, 0) + known[pu].get(qv, 0) >= 3:
                    continue
            ratio = wu * wv / (weight[u][pu] * weight[v][pv])
            if ratio < 1.0 and rand() >= ratio:
                continue
            if qu != qv:
                cu, cv = counts[pu], counts[pv]
                cu[qu] -= 1
                cu[qv] = cu.get(qv, 0) + 1
                cv[qv] -= 1
                cv[qu] = cv.get(qu, 0) + 1
            if t >= burn:
                acc[u * k + pu] += t - since[u]
                acc[v * k + pv] += t - since[v]
                since[u] = since[v] = t
            at[u], at[v] = pv, pu
    for c in range(n):
        acc[c * k + at[c]] += steps - since[c]
    total = max(1, steps - burn)
    out = HandsBelief()
    for c, card in enumerate(p.cards):
        for pl, seat in enumerate(p.places):
            if seat is not None:
                out.chances[(seat, card)] = acc[c * k + pl] / total
    while keep and len(kept) < keep:
        kept.append(list(at))
    out.samples = [
        {card: p.places[pl] for card, pl in zip(p.cards, placed, strict=True)} for placed in kept
    ]
    return out


def placement(
    view: Any, mem: Any, unknown: list[str], weights: dict[tuple[str, int], float]
) -> Placement | None:
    """The chain's problem from a view, the `Memory` of its history, the cards nobody has
    seen (`unknown`) and the softened weights of cards a seat lacked (`weights`: (card,
    seat) -> weight; 0 for a card the seat cannot hold). None when the sizes do not add up
    (a view this reading does not fit)."""
    me = view["seat"]
    counts = [s["cards"] for s in view["seats"]]
    seats = [s for s in range(view["players"]) if s != me]
    places: list[int | None] = [*seats]
    size = [counts[s] - sum(1 for w in mem.known.values() if w == s) for s in seats]
    if view["stack"]:
        places.append(None)
        size.append(view["stack"])
    if min(size, default=0) < 0 or sum(size) != len(unknown):
        return None
    quartets: dict[str, int] = {}
    quartet = [quartets.setdefault(c[:-1], len(quartets)) for c in unknown]
    weight = [[1.0 if s is None else weights.get((c, s), 1.0) for s in places] for c in unknown]
    known: list[dict[int, int]] = [{} for _ in places]
    need: list[set[int]] = [set() for _ in places]
    for pl, s in enumerate(places):
        if s is None:
            continue
        for c, w in mem.known.items():
            if w == s and c[:-1] in quartets:
                qi = quartets[c[:-1]]
                known[pl][qi] = known[pl].get(qi, 0) + 1
        held = {c[:-1] for c, w in mem.known.items() if w == s}
        for q in mem.signals[s] - held:
            if q in quartets:
                need[pl].add(quartets[q])
            else:
                return None  # it must hold a card of q, and no unseen card is left
    return Placement(
        unknown,
        places,
        size,
        weight,
        quartet,
        need,
        known,
        stack=len(places) - 1 if view["stack"] else -1,
    )
