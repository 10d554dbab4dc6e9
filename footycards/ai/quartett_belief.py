"""Provides OpponentBelief: where the unseen cards of a two-player Quartett game (Q5) probably are.

Everything here is read from one seat's view: its hand, the counts and laid quartets of both
seats, and the public asks and answers. The cards the seat has never held (`unknown`) were
either dealt to the opponent, drawn by the opponent at one of its draws, or still lie in
the stack. `OpponentBelief` samples such placements with a Metropolis chain:

- placements that contradict the public record (the opponent asked for a card it held, or
  for a quartet it held nothing of, Q4.3; an answer that does not fit; a different set of
  laid quartets or hand size) are penalised so strongly that the samples kept fit it;
- among those that fit, a placement counts with the chance that a player picking uniformly
  among its legal asks would have asked what the opponent asked (`temper` softens that
  model for opponents who choose otherwise).

The chain is kept between decisions of one game and continued from where it stopped, so
each decision needs a few thousand steps, not tens of thousands.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

PENALTY = 8.0  # log-weight lost per contradiction with the public record
SAME_QUARTET = 0.5  # share of proposals that swap two cards of one quartet
TAKE_SLOT, TAKE_CARD, ASK, GIVE, LACK = range(5)  # the steps of `Record.ops`


@dataclass
class Record:
    """The public record of one game as seen from `seat`, in small integers."""

    seat: int
    ids: list[str]  # card ids sorted so that quartet q holds cards 4q .. 4q + 3
    unknown: list[int]  # cards the seat has never held
    dealt: int  # cards dealt to the opponent
    draws: int  # cards the opponent drew from the stack so far
    ops: list[tuple[int, int]]  # the record as steps of the opponent's hand (see `replay`)
    opp_laid: int  # bit mask of the quartets the opponent laid down
    opp_cards: int  # cards in the opponent's hand now
    history: list[tuple]  # the raw history, to recognise the same game later


def read_record(view: dict, catalog_ids: list[str]) -> Record | None:
    """The record of a two-player Quartett view, or None when the view does not add up."""
    me = view["seat"]
    opp = 1 - me
    groups: dict[str, list[str]] = {}
    for c in catalog_ids:
        groups.setdefault(c[:-1], []).append(c)
    if any(len(g) != 4 for g in groups.values()):
        return None
    ids = [c for q in sorted(groups) for c in sorted(groups[q])]
    index = {c: i for i, c in enumerate(ids)}
    qindex = {q: i for i, q in enumerate(sorted(groups))}
    history = view["history"]
    # the cards the seat ever held other than by a hit: its hand and laid quartets now,
    # with the hits undone from the last to the first
    held = {c["id"] for c in view["hand"] or ()}
    for q in view["seats"][me]["quartets"]:
        held.update(groups.get(q, ()))
    for h in reversed(history):
        if h["hit"] and h["card"] is not None:
            if h["asker"] == opp:
                held.add(h["card"])
            elif h["asker"] == me:
                held.discard(h["card"])
    if any(c not in index for c in held):
        return None
    unknown = [index[c] for c in ids if c not in held]
    draws = sum(1 for h in history if h["drew"] and h["asker"] == opp)
    dealt = len(unknown) - draws - view["stack"]
    if dealt < 0:
        return None
    ops = [(TAKE_SLOT, k) for k in range(dealt)]
    slot = dealt
    for h in history:
        c = h["card"]
        if c is not None and c not in index:
            return None
        if h["asker"] == opp:
            if c is not None:
                ops.append((ASK, index[c]))
                if h["hit"]:
                    ops.append((TAKE_CARD, index[c]))
            if h["drew"]:
                ops.append((TAKE_SLOT, slot))
                slot += 1
        elif c is not None:
            ops.append((GIVE if h["hit"] else LACK, index[c]))
    laid = 0
    for q in view["seats"][opp]["quartets"]:
        if q not in qindex:
            return None
        laid |= 1 << qindex[q]
    raw = [(h["asker"], h["card"], h["hit"], h["drew"]) for h in history]
    return Record(me, ids, unknown, dealt, draws, ops, laid, view["seats"][opp]["cards"], raw)


def replay(record: Record, place: list[int], log_l: list[float]):
    """Replay the record with the unknown cards placed as `place` (dealt cards first, then
    the opponent's draws in order, then the stack): the log-weight of the placement, the
    number of contradictions and the opponent's hand now (a list of flags per card).

    `log_l[n]` is the (tempered) log of n, the number of asks open to the opponent."""
    n = len(record.ids)
    has = [False] * n
    cnt = [0] * (n // 4)
    distinct = size = laid = bad = 0
    weight = 0.0
    for kind, x in record.ops:
        if kind <= TAKE_CARD:  # a card comes into the opponent's hand
            c = place[x] if kind == TAKE_SLOT else x
            has[c] = True
            q = c >> 2
            k = cnt[q] + 1
            size += 1
            if k == 1:
                distinct += 1
            elif k == 4:  # Q4.6: laid down at once
                b = q << 2
                has[b] = has[b + 1] = has[b + 2] = has[b + 3] = False
                k = 0
                size -= 4
                distinct -= 1
                laid |= 1 << q
            cnt[q] = k
        elif kind == ASK:  # Q4.3: it holds a card of the quartet, not this one
            if has[x] or not cnt[x >> 2]:
                bad += 1
            else:
                weight -= log_l[4 * distinct - size]
        elif kind == GIVE:  # Q4.4: it had the card and handed it over
            if has[x]:
                has[x] = False
                q = x >> 2
                cnt[q] -= 1
                size -= 1
                if not cnt[q]:
                    distinct -= 1
            else:
                bad += 1
        elif has[x]:  # LACK: it said it did not have the card
            bad += 1
    if laid != record.opp_laid:
        bad += 1
    if size != record.opp_cards:
        bad += 1
    return weight - PENALTY * bad, bad, has


@dataclass
class OpponentBelief:
    """A Metropolis chain over placements of the unknown cards, kept between decisions."""

    temper: float = 1.0
    record: Record | None = None
    place: list[int] = field(default_factory=list)

    def chances(
        self, view: dict, catalog_ids: list[str], rng: random.Random, steps: int
    ) -> dict[str, float] | None:
        """The chance the opponent holds each card now, from `steps` steps of the chain
        (None when the view cannot be read or no kept sample fits the record)."""
        record = read_record(view, catalog_ids)
        if record is None:
            return None
        self._continue(record, rng)
        self.record = record
        place = self.place
        log_l = [0.0] + [self.temper * math.log(x) for x in range(1, 4 * len(record.ids) + 1)]
        weight, bad, has = replay(record, place, log_l)
        seen = [0] * len(record.ids)
        kept = 0  # steps spent in placements that fit the record
        moves = _Moves(record, place)
        if moves.any():  # else every unknown card was dealt to the opponent
            burn = steps // 4
            run = 0  # steps spent in the current placement since the burn-in
            for step in range(steps):
                i, j, same = moves.propose(rng)
                moves.swap(i, j)
                w2, bad2, has2 = replay(record, place, log_l)
                if w2 >= weight or w2 - weight > math.log(1.0 - rng.random()):
                    if run and not bad:  # the placement left: count the steps it stayed
                        kept += run
                        for c, h in enumerate(has):
                            if h:
                                seen[c] += run
                    run = 0
                    weight, bad, has = w2, bad2, has2
                    moves.accepted(same)
                else:
                    moves.swap(i, j)
                if step >= burn:
                    run += 1
        else:
            run = 1
        if run and not bad:
            kept += run
            for c, h in enumerate(has):
                if h:
                    seen[c] += run
        if not kept:
            return None
        return {c: seen[k] / kept for k, c in enumerate(record.ids)}

    def _continue(self, record: Record, rng: random.Random) -> None:
        """Carry the chain over from the last decision when this is the same game, else
        start from a random placement."""
        old = self.record
        unknown = set(record.unknown)
        if (
            old is not None
            and old.seat == record.seat
            and old.ids == record.ids
            and old.dealt == record.dealt
            and record.history[: len(old.history)] == old.history
        ):
            # the dealt and drawn cards stay where they were; cards the seat has drawn
            # since leave the placement, and the opponent's new draws come from the stack
            slots = old.dealt + old.draws
            kept = [c if c in unknown else -1 for c in self.place[:slots]]
            spare = [c for c in self.place[slots:] if c in unknown]
            rng.shuffle(spare)
            place = [c if c >= 0 or not spare else spare.pop() for c in kept] + spare
            if sorted(place) != sorted(record.unknown):  # not the same deal after all
                place = list(record.unknown)
                rng.shuffle(place)
        else:
            place = list(record.unknown)
            rng.shuffle(place)
        self.place = place


class _Moves:
    """Proposals for the chain, two kinds, each symmetric (so the plain Metropolis rule
    holds): swap a dealt or drawn card with a card of another group (dealt, one of the
    draws, the stack), every such pair alike; or, with chance SAME_QUARTET, swap two cards
    of one quartet in different groups, every such pair alike -- that keeps "the opponent
    held a card of this quartet" (Q4.3) true, and the set of such pairs does not change
    with it."""

    def __init__(self, record: Record, place: list[int]) -> None:
        self.place = place
        slots = record.dealt + record.draws
        self.slots = slots
        self.group = [0] * record.dealt + list(range(1, record.draws + 1))
        self.group += [-1] * (len(place) - slots)  # 0 dealt, 1.. each draw, -1 the stack
        self.where = [-1] * len(record.ids)
        for k, c in enumerate(place):
            self.where[c] = k
        self.pairs: list[tuple[int, int]] | None = None

    def any(self) -> bool:
        """Whether any placement differs from this one."""
        return len(set(self.group)) > 1

    def _same_quartet_pairs(self) -> list[tuple[int, int]]:
        if self.pairs is None:
            where, group, slots = self.where, self.group, self.slots
            pairs = []
            for b in range(0, len(where), 4):
                ks = [where[c] for c in range(b, b + 4) if where[c] >= 0]
                for x in range(len(ks)):
                    for y in range(x + 1, len(ks)):
                        i, j = ks[x], ks[y]
                        if group[i] != group[j] and (i < slots or j < slots):
                            pairs.append((i, j))
            self.pairs = pairs
        return self.pairs

    def propose(self, rng: random.Random) -> tuple[int, int, bool]:
        """Two positions to swap, and whether they hold cards of one quartet."""
        if rng.random() < SAME_QUARTET:
            pairs = self._same_quartet_pairs()
            if pairs:
                i, j = pairs[rng.randrange(len(pairs))]
                return i, j, True
        group = self.group
        i = rng.randrange(self.slots)
        j = rng.randrange(len(group))
        while group[j] == group[i]:
            j = rng.randrange(len(group))
        return i, j, False

    def accepted(self, same: bool) -> None:
        """A swap was kept: one across quartets changes the same-quartet pairs."""
        if not same:
            self.pairs = None

    def swap(self, i: int, j: int) -> None:
        place = self.place
        place[i], place[j] = place[j], place[i]
        self.where[place[i]] = i
        self.where[place[j]] = j
