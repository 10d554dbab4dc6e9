"""Provides DuelSearch, `master`'s search in the two-player Quartett ask game (Q4, Q5).

A decision compares a few asks (the lead's and the next most likely hits by the lead's
belief, `QuartettAgent.held`) in the same samples of the hidden cards (the engine's
`determinize(view, rng)` hook, the opponent's hand then drawn by the belief: see
footycards/ai/quartett_master.py, `_Belief`): each ask is played, then both seats to the end
of the game by a quick, careful policy (`Rollout`), and scored 1 a win, ½ a shared win, 0
a loss, the same random source for every ask of a sample. The ask with the best mean
replaces the lead's when its mean gain, paired by sample, is `SWITCH_Z` standard errors
above 0.

`Rollout` plays as a careful player with a whole memory of the public record would:
it asks for a card it saw taken by the other seat first, never for one the other seat
said it lacked and has not drawn since, otherwise for the card most likely there, the
quartets the other seat asked for counting as held (Q4.3). Every seat of a rollout reads
only its own hand, the public record and the counts: what it knows in the sample.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

CANDIDATES = 5  # asks compared at most: the lead's and the next most likely hits
SWITCH_Z = 2.5  # standard errors of the paired gain before the lead's ask is replaced
MIN_SAMPLES = 8  # samples before anything but the lead's ask is played
MAX_ACTIONS = 400  # a rollout's cap (the game ends long before: 30 asks on average)


@dataclass
class Public:
    """What both seats know of each other from the public record: cards each holds (taken
    in public), cards each lacked (with its draws and the stack then) and quartets each
    asked for since it last gave a card of them away."""

    known: list[set[str]] = field(default_factory=lambda: [set(), set()])
    lacks: list[dict[str, tuple[int, int]]] = field(default_factory=lambda: [{}, {}])
    signals: list[set[str]] = field(default_factory=lambda: [set(), set()])
    draws: list[int] = field(default_factory=lambda: [0, 0])
    read: int = 0  # history entries read so far

    def copy(self) -> Public:
        return Public(
            [set(k) for k in self.known],
            [dict(x) for x in self.lacks],
            [set(s) for s in self.signals],
            list(self.draws),
            self.read,
        )

    def update(self, history: list[Any], stack: int) -> None:
        """Read the entries of `history` not yet read (`stack`: the cards left now)."""
        known, lacks, signals, draws = self.known, self.lacks, self.signals, self.draws
        entries = history[self.read :]
        stack += sum(1 for h in entries if h["drew"])  # the stack as it was then
        for h in entries:
            a, c = h["asker"], h["card"]
            if c is not None:
                o = 1 - a
                q = c[:-1]
                signals[a].add(q)  # Q4.3: a holds a card of q
                lacks[a][c] = (draws[a], stack)  # and not c
                if h["hit"]:
                    known[a].add(c)
                    known[o].discard(c)
                    lacks[a].pop(c, None)
                    signals[o].discard(q)  # what o held of q may have been this card
                else:
                    lacks[o][c] = (draws[o], stack)
            if h["drew"]:
                draws[h["asker"]] += 1
                stack -= 1
        self.read = len(history)


def hit_chance(
    pub: Public, me: int, hand: list[str], card: str, opp_cards: int, stack: int, laid: set[str]
) -> float:
    """The chance, as seat `me` sees it, that the other seat holds `card` (`hand`: its
    own; `opp_cards`: the other's hand size; `laid`: the quartets on the table)."""
    return hit_chances(pub, me, hand, [card], opp_cards, stack, laid)[0]


def hit_chances(
    pub: Public,
    me: int,
    hand: list[str],
    cards: list[str],
    opp_cards: int,
    stack: int,
    laid: set[str],
) -> list[float]:
    """`hit_chance` of each of `cards`, worked out together."""
    o = 1 - me
    known = pub.known[o]
    known_q = {c[:-1] for c in known if c[:-1] not in laid}
    h = opp_cards - sum(1 for c in known if c[:-1] not in laid)  # its cards nobody has seen
    unknown = h + stack
    base = h / unknown if h > 0 and unknown > 0 else 0.0
    lacks, draws, signals = pub.lacks[o], pub.draws[o], pub.signals[o]
    boost: dict[str, float] = {}
    out = []
    for card in cards:
        if card in known:
            out.append(1.0)
            continue
        p = base
        lack = lacks.get(card)
        if lack is not None and p:
            draws_then, stack_then = lack
            d = draws - draws_then
            p = p * min(1.0, d / max(1, stack_then)) if d > 0 else 0.0
        q = card[:-1]
        if p and q in signals and q not in known_q:
            # it holds a card of q: of q's cards unseen by `me`, at least one is there
            b = boost.get(q)
            if b is None:
                k = 4 - sum(1 for c in hand if c[:-1] == q)
                b = boost[q] = 1.0 / (1.0 - (1.0 - base) ** k) if 0 < k and base < 1 else 1.0
            p = min(1.0, p * b)
        out.append(p)
    return out


class Rollout:
    """The careful policy both seats play in a rollout (see the module)."""

    def __init__(self, pub: Public) -> None:
        self.pub = pub

    def choose(self, state: Any, legal: Any, rng: random.Random) -> Any:
        me = state.turn
        pub = self.pub
        pub.update(state.history, len(state.stock))
        hand = state.hands[me]
        opp_cards = len(state.hands[1 - me])
        stack = len(state.stock)
        laid = {q for qs in state.laid for q in qs}
        counts: dict[str, int] = {}
        for c in hand:
            counts[c[:-1]] = counts.get(c[:-1], 0) + 1
        best: list[Any] = []
        best_key = (-1.0, 0)
        chances = hit_chances(pub, me, hand, [a.card for a in legal], opp_cards, stack, laid)
        for a, p in zip(legal, chances, strict=True):
            key = (round(p, 9), counts.get(a.card[:-1], 0))
            if key > best_key:
                best, best_key = [a], key
            elif key == best_key:
                best.append(a)
        return best[int(rng.random() * len(best))]


def play_out(state: Any, pub: Public, rng: random.Random, seat: int) -> float:
    """Play `state` to the end by `Rollout`: 1 a win of `seat`, ½ shared, 0 a loss."""
    policy = Rollout(pub)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else policy.choose(state, legal, rng))
    if state.is_over:
        winners = state.result()["winners"]
    else:
        scores = state.scores()
        winners = [s for s in range(2) if scores[s] == max(scores)]
    if seat not in winners:
        return 0.0
    return 1.0 if len(winners) == 1 else 0.5


def candidates(legal: list[Any], first: Any, held: dict[str, float] | None, hand: Any) -> list[Any]:
    """The lead's ask first, then the likeliest hits by the lead's chances (`held`), a
    quartet the seat holds more of first among equals, up to `CANDIDATES`."""
    counts: dict[str, int] = {}
    for c in hand or ():
        counts[c["id"][:-1]] = counts.get(c["id"][:-1], 0) + 1
    chance = held or {}
    rest = sorted(
        (a for a in legal if a is not first and str(a) != str(first)),
        key=lambda a: (-chance.get(a.card, 0.0), -counts.get(a.card[:-1], 0), str(a)),
    )
    return [first, *rest[: CANDIDATES - 1]]


class DuelSearch:
    """The search of one decision (see the module): `best` gives the ask to play."""

    def __init__(self, belief: Any, budget: Any) -> None:
        self.belief = belief  # quartett_master._Belief: its determinize places the cards
        self.budget = budget  # master.Budget
        self.samples = 0

    def best(self, view: Any, cands: list[Any], rng: random.Random) -> Any:
        seat = view["seat"]
        gains: list[list[float]] = [[] for _ in cands]
        limit = self.budget.samples
        cpu_end, wall_end = self.budget.ends()
        start = Public()
        start.update(view["history"], view["stack"])
        cpu0 = time.thread_time()
        while limit is None or self.samples < limit:
            seed = rng.getrandbits(64)
            try:
                base = self.belief.determinize(view, random.Random(seed))
            except ValueError:
                break
            values = []
            for i, action in enumerate(cands):
                state = base.clone() if i < len(cands) - 1 else base
                state.apply(action)
                values.append(play_out(state, start.copy(), random.Random(seed), seat))
            for g, v in zip(gains, values, strict=True):
                g.append(v - values[0])
            self.samples += 1
            if limit is None:
                now = time.thread_time()
                each = (now - cpu0) / self.samples
                if now + each > cpu_end or time.monotonic() > wall_end:
                    break  # another sample would likely pass the budget
        n = self.samples
        if n < MIN_SAMPLES:
            return cands[0]
        best = max(range(len(cands)), key=lambda i: (sum(gains[i]), i == 0))
        g = gains[best]
        mean = sum(g) / n
        var = sum((x - mean) ** 2 for x in g) / (n - 1)
        if mean <= 0 or mean <= SWITCH_Z * math.sqrt(var / n):
            return cands[0]
        return cands[best]
