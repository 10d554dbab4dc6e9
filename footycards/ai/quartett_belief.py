"""Provides OpponentBelief: where the unseen cards of a two-player Quartett game (Q5) probably are.

Everything here is read from one seat's view: its hand, the counts and laid quartets of both
seats, and the public asks and answers. The cards the seat has never held (`unknown`) were
either dealt to the opponent, drawn by the opponent at one of its draws, or still lie in
the stack. Each such placement gives a whole history of the opponent's hand; it fits the
record when at every ask the opponent held a card of the quartet and not the card asked
for (Q4.3), every answer was true (Q4.4) and the same quartets were laid down (Q4.6).
`OpponentBelief` samples the placements that fit, all alike, with a Metropolis chain, and
counts how often the opponent holds each card now. Only what the rules force is read;
nothing is assumed about how the opponent chooses its asks.

The record falls apart by quartet: whether a placement fits depends, quartet by quartet,
only on where that quartet's cards lie. A step of the chain swaps two cards, so only their
quartets are checked again. The chain is kept between decisions of one game and continued
from where it stopped.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from footycards.core.quartett import QuartettView

PENALTY = 8.0  # log-weight lost per contradiction with the record (the chain may pass
# through placements that do not fit; only those that fit are counted)
SAME_QUARTET = 0.25
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
    # the raw history (asker, card, hit, drew), to recognise the same game later
    history: list[tuple[int, str | None, bool, bool]]


def read_record(view: QuartettView, catalog_ids: list[str]) -> Record | None:
    """The record of a two-player Quartett view, or None when the view does not add up."""
    me = view["seat"]
    if me is None:
        return None
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
        asked = h["card"]
        if asked is not None and asked not in index:
            return None
        if h["asker"] == opp:
            if asked is not None:
                ops.append((ASK, index[asked]))
                if h["hit"]:
                    ops.append((TAKE_CARD, index[asked]))
            if h["drew"]:
                ops.append((TAKE_SLOT, slot))
                slot += 1
        elif asked is not None:
            ops.append((GIVE if h["hit"] else LACK, index[asked]))
    laid = 0
    for q in view["seats"][opp]["quartets"]:
        if q not in qindex:
            return None
        laid |= 1 << qindex[q]
    raw = [(h["asker"], h["card"], h["hit"], h["drew"]) for h in history]
    cards = view["seats"][opp]["cards"]
    return Record(me, ids, unknown, dealt, draws, ops, laid, cards, raw)


def replay(record: Record, place: list[int]) -> tuple[int, list[bool]]:
    """Replay the whole record with the unknown cards placed as `place` (dealt cards first,
    then the opponent's draws in order, then the stack): the number of contradictions and
    the opponent's hand now (a flag per card). The chain checks quartet by quartet
    (`_Timelines`); this is the plain reading, kept for checking that one."""
    n = len(record.ids)
    has = [False] * n
    cnt = [0] * (n // 4)
    laid = bad = 0
    for kind, x in record.ops:
        if kind <= TAKE_CARD:  # a card comes into the opponent's hand
            c = place[x] if kind == TAKE_SLOT else x
            has[c] = True
            q = c >> 2
            cnt[q] += 1
            if cnt[q] == 4:  # Q4.6: laid down at once
                b = q << 2
                has[b] = has[b + 1] = has[b + 2] = has[b + 3] = False
                cnt[q] = 0
                laid |= 1 << q
        elif kind == ASK:  # Q4.3: it holds a card of the quartet, not this one
            if has[x] or not cnt[x >> 2]:
                bad += 1
        elif kind == GIVE:  # Q4.4: it had the card and handed it over
            if has[x]:
                has[x] = False
                cnt[x >> 2] -= 1
            else:
                bad += 1
        elif has[x]:  # LACK: it said it did not have the card
            bad += 1
    if laid != record.opp_laid:
        bad += 1
    if sum(has) != record.opp_cards:
        bad += 1
    return bad, has


class _Timelines:
    """The record split by quartet: for quartet q, its own steps (when each of its cards
    that the seat has seen came or went, and the asks and answers about it), and the time
    at which each slot of the placement brings a card (a dealt card at the start, a drawn
    card at its draw; the stack never)."""

    def __init__(self, record: Record) -> None:
        self.record = record
        nq = len(record.ids) // 4
        self.steps: list[list[tuple[int, int, int]]] = [[] for _q in range(nq)]
        self.slot_time = [0] * (record.dealt + record.draws)
        for t, (kind, x) in enumerate(record.ops):
            if kind == TAKE_SLOT:
                self.slot_time[x] = t
            else:
                self.steps[x >> 2].append((t, kind, x))

    def check(self, q: int, where: list[int]) -> tuple[int, tuple[int, ...]]:
        """Contradictions within quartet q, and the cards of q the opponent holds now."""
        slot_time = self.slot_time
        slots = len(slot_time)
        steps = self.steps[q]
        come = []
        for c in range(q << 2, (q << 2) + 4):
            k = where[c]
            if 0 <= k < slots:
                come.append((slot_time[k], TAKE_SLOT, c))
        if come:
            steps = sorted(steps + come)
        hold: set[int] = set()
        bad = 0
        laid = False
        for _t, kind, x in steps:
            if kind <= TAKE_CARD:
                hold.add(x)
                if len(hold) == 4:  # Q4.6
                    hold.clear()
                    laid = True
            elif kind == ASK:
                if x in hold or not hold:
                    bad += 1
            elif kind == GIVE:
                if x in hold:
                    hold.discard(x)
                else:
                    bad += 1
            elif x in hold:
                bad += 1
        if laid != bool(self.record.opp_laid >> q & 1):
            bad += 1
        return bad, tuple(hold)


@dataclass
class OpponentBelief:
    """A Metropolis chain over placements of the unknown cards, kept between decisions."""

    record: Record | None = None
    place: list[int] = field(default_factory=list)

    def chances(
        self, view: QuartettView, catalog_ids: list[str], rng: random.Random, steps: int
    ) -> dict[str, float] | None:
        """The chance the opponent holds each card now, from `steps` steps of the chain
        (None when the view cannot be read or no placement met fits the record)."""
        record = read_record(view, catalog_ids)
        if record is None:
            return None
        self._continue(record, rng)
        self.record = record
        place = self.place
        lines = _Timelines(record)
        moves = _Moves(record, place)
        where = moves.where
        nq = len(record.ids) // 4
        checked = [lines.check(q, where) for q in range(nq)]
        bad = sum(b for b, _h in checked)
        seen = [0] * len(record.ids)
        kept = 0  # steps spent in placements that fit the record
        run = 0  # steps spent in the current placement since the burn-in
        burn = steps // 4
        movable = moves.any()  # else every unknown card was dealt: one placement, counted once

        def count() -> None:
            nonlocal kept
            if run and not bad:
                kept += run
                for _b, hold in checked:
                    for c in hold:
                        seen[c] += run

        for step in range(steps if movable else 0):
            i, j = moves.propose(rng)
            if i == j:  # no swap proposed: a step spent
                if step >= burn:
                    run += 1
                continue
            moves.swap(i, j)
            qa, qb = place[i] >> 2, place[j] >> 2
            new_a = lines.check(qa, where)
            new_b = lines.check(qb, where) if qb != qa else new_a
            delta = new_a[0] - checked[qa][0]
            if qb != qa:
                delta += new_b[0] - checked[qb][0]
            if delta <= 0 or -PENALTY * delta > math.log(1.0 - rng.random()):
                count()  # the placement left: count the steps it stayed
                run = 0
                checked[qa], checked[qb] = new_a, new_b
                bad += delta
            else:
                moves.swap(i, j)
            if step >= burn:
                run += 1
        if not movable:
            run = 1
        count()
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
    holds): with chance 1 - SAME_QUARTET, swap a dealt or drawn card with a card of another
    group (dealt, one of the draws, the stack), every such pair of places alike; otherwise
    swap two cards of one quartet in different groups, every such pair alike (none: the
    step is spent) -- that keeps "the opponent held a card of this quartet" (Q4.3) true,
    and such a swap leaves the set of such pairs as it was."""

    def __init__(self, record: Record, place: list[int]) -> None:
        self.place = place
        slots = record.dealt + record.draws
        self.slots = slots
        self.group = [0] * record.dealt + list(range(1, record.draws + 1))
        self.group += [-1] * (len(place) - slots)  # 0 dealt, 1.. each draw, -1 the stack
        self.where = [-1] * len(record.ids)
        for k, c in enumerate(place):
            self.where[c] = k
        self.pairs: list[tuple[int, int]] | None = None  # worked out when needed

    def any(self) -> bool:
        """Whether any placement differs from this one."""
        return len(set(self.group)) > 1

    def _same_quartet_pairs(self) -> list[tuple[int, int]]:
        if self.pairs is None:
            where, group, slots = self.where, self.group, self.slots
            pairs = []
            for b in range(0, len(where), 4):
                ks = [where[c] for c in range(b, b + 4) if where[c] >= 0]
                for x, i in enumerate(ks):
                    for j in ks[x + 1 :]:
                        if group[i] != group[j] and (i < slots or j < slots):
                            pairs.append((i, j))
            self.pairs = pairs
        return self.pairs

    def propose(self, rng: random.Random) -> tuple[int, int]:
        """Two places whose cards to swap (the same place twice: stay)."""
        pick = rng.random
        if pick() < SAME_QUARTET:
            pairs = self._same_quartet_pairs()
            if not pairs:
                return 0, 0
            return pairs[int(pick() * len(pairs))]
        group = self.group
        i = int(pick() * self.slots)
        j = int(pick() * len(group))
        while group[j] == group[i]:
            j = int(pick() * len(group))
        return i, j

    def swap(self, i: int, j: int) -> None:
        place = self.place
        if place[i] >> 2 != place[j] >> 2:
            self.pairs = None  # quartets moved between groups
        place[i], place[j] = place[j], place[i]
        self.where[place[i]] = i
        self.where[place[j]] = j
