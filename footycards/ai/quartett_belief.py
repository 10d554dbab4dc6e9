"""Provides OpponentBelief: where the unseen cards of a two-player Quartett game (Q5) probably are.

Everything here is read from one seat's view: its hand, the counts and laid quartets of both
seats, and the public asks and answers. The cards the seat has never held (`unknown`) were
either dealt to the opponent, drawn by the opponent at one of its draws, or still lie in
the stack. Each such placement gives a whole history of the opponent's hand; it fits the
record when at every ask the opponent held a card of the quartet and not the card asked
for (Q4.3), every answer was true (Q4.4) and the same quartets were laid down (Q4.6).
`OpponentBelief` samples the placements that fit with a Metropolis chain, and counts how
often the opponent holds each card now. Without an `AskModel` every placement that fits
counts alike: only what the rules force is read. With one, each placement is weighed by
how likely the opponent's asks were, had it held what the placement says: a player asks
for a quartet it holds more of sooner (its fullest quartet first), and holds few cards of
the quartets it did not ask for. The weight is a product over the opponent's asks of a
factor per quartet (`AskModel`), so it falls apart by quartet as the fit does (below).

The record falls apart by quartet: whether a placement fits depends, quartet by quartet,
only on where that quartet's cards lie, and so does its factor of the weight. A step of the
chain swaps two cards, so only their quartets are checked (and weighed) again, and the
step is kept by the Metropolis rule on the ratio of the weights. The chain is kept between
decisions of one game and continued from where it stopped.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from footycards.core.quartett import QuartettView

PENALTY = 8.0  # log-weight lost per contradiction with the record (the chain may pass
# through placements that do not fit; only those that fit are counted)
SAME_QUARTET = 0.25
TAKE_SLOT, TAKE_CARD, ASK, GIVE, LACK, SURE, SHOWN = range(7)  # the steps of `Record.ops`
OTHER, OTHER_SHOWN = 7, 8  # steps of a quartet's timeline: an ask (ASK, SHOWN) for another
DEALT, DRAWN, STACK, SEEN = range(4)  # the kinds of place of a card (see `_Moves`)


@dataclass(frozen=True)
class AskModel:
    """How likely an ask of the opponent's is, by what it holds (log weights).

    At an ask for a card of quartet q, a placement in which the opponent then held n cards
    of q gets `asked[n]`, and `other[m]` for each other quartet it held m cards of and
    could have asked for a card of as likely to be a hit (`Record.tiers`); `passed` for
    each quartet (q too) it could have asked for a likelier hit of. An ask
    for a card the opponent had seen the seat take from it (`SURE`: it knows where that
    card is, any level asks for it first) weighs nothing; one for a card of a quartet the
    seat had shown it holds, by asking for a card of it (`SHOWN`: the levels ask where a
    hit is likelier), weighs `shown` times as much. All zeros: every placement that fits
    alike."""

    asked: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    other: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    shown: float = 1.0
    # per quartet at an ask: the opponent held cards of it but not a card of it the seat
    # was likelier to hold, as the public record shows the seat (`Record.tiers`), than the
    # card it asked for -- the levels ask for the likeliest hit first
    passed: float = 0.0

    def weighs(self) -> bool:
        """Whether any placement weighs more than another."""
        return any(self.asked[1:]) or any(self.other) or bool(self.passed)


@dataclass
class Record:
    """The public record of one game as seen from `seat`, in small integers."""

    seat: int
    ids: list[str]  # card ids sorted so that quartet q holds cards 4q .. 4q + 3
    unknown: list[int]  # cards the seat has never held
    dealt: int  # cards dealt to the opponent
    draws: int  # cards the opponent drew from the stack so far
    ops: list[tuple[int, int]]  # the record as steps of the opponent's hand (see `replay`)
    # SURE: an ask for a card the opponent saw the seat take from it, still in its hand;
    # SHOWN: an ask for a card of a quartet the seat asked for since it last gave one away
    opp_laid: int  # bit mask of the quartets the opponent laid down
    opp_cards: int  # cards in the opponent's hand now
    # at each ask of the opponent's (by its step in `ops`), how likely the public record
    # made it that the seat held each card: 3 taken from the opponent in public, 2 of a
    # quartet the seat showed (asked for), 1 nothing known, 0 the seat said it lacked it
    tiers: dict[int, list[int]]
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
    taken: set[int] = set()  # cards the seat took from the opponent and still holds
    shown: set[int] = set()  # quartets the seat asked for since it last gave a card of one
    lacked: set[int] = set()  # cards the seat said it lacked (asked for, or asked for them)
    tiers: dict[int, list[int]] = {}
    for h in history:
        asked = h["card"]
        if asked is not None and asked not in index:
            return None
        if h["asker"] == opp:
            if asked is not None:
                x = index[asked]
                tiers[len(ops)] = [
                    3 if c in taken else 0 if c in lacked else 2 if c >> 2 in shown else 1
                    for c in range(len(ids))
                ]
                ops.append((SURE if x in taken else SHOWN if x >> 2 in shown else ASK, x))
                if h["hit"]:
                    ops.append((TAKE_CARD, x))
                    taken.discard(x)
                    shown.discard(x >> 2)
                else:
                    lacked.add(x)
            if h["drew"]:
                ops.append((TAKE_SLOT, slot))
                slot += 1
        elif asked is not None:
            x = index[asked]
            ops.append((GIVE if h["hit"] else LACK, x))
            shown.add(x >> 2)
            if h["hit"]:
                taken.add(x)  # (once laid down, the opponent holds none of its quartet)
                lacked.discard(x)
            else:
                lacked.add(x)
    laid = 0
    for q in view["seats"][opp]["quartets"]:
        if q not in qindex:
            return None
        laid |= 1 << qindex[q]
    raw = [(h["asker"], h["card"], h["hit"], h["drew"]) for h in history]
    cards = view["seats"][opp]["cards"]
    return Record(me, ids, unknown, dealt, draws, ops, laid, cards, tiers, raw)


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
        elif kind in (ASK, SURE, SHOWN):  # Q4.3: it holds a card of the quartet, not this one
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


def log_weight(record: Record, place: list[int], model: AskModel) -> float:
    """The log weight `model` gives the placement `place` (see `replay`): the plain reading
    of the opponent's asks, kept for checking the chain's, which weighs quartet by quartet."""
    n = len(record.ids)
    has = [False] * n
    total = 0.0
    for t, (kind, x) in enumerate(record.ops):
        if kind <= TAKE_CARD:
            c = place[x] if kind == TAKE_SLOT else x
            has[c] = True
            b = c >> 2 << 2
            if all(has[b : b + 4]):  # Q4.6: laid down at once
                has[b] = has[b + 1] = has[b + 2] = has[b + 3] = False
        elif kind == GIVE:
            has[x] = False
        elif kind == ASK or kind == SHOWN:
            scale = 1.0 if kind == ASK else model.shown
            tier = record.tiers[t]
            for r in range(n // 4):
                cards = range(r << 2, (r << 2) + 4)
                held = sum(1 for c in cards if has[c])
                if not held:
                    continue
                free = [tier[c] for c in cards if not has[c] and c != x]
                if any(v > tier[x] for v in free):
                    total += model.passed
                if r == x >> 2:
                    total += scale * model.asked[held]
                elif not any(v > tier[x] for v in free) and tier[x] in free:
                    total += scale * model.other[held]
    return total


class _Timelines:
    """The record split by quartet: for quartet q, its own steps (when each of its cards
    that the seat has seen came or went, and the asks and answers about it), and the time
    at which each slot of the placement brings a card (a dealt card at the start, a drawn
    card at its draw; the stack never).

    A quartet's check depends only on where each of its four cards arrives: with the
    deal (all at the start: the deal comes before every other step, in any order the
    same), at one of the opponent's draws, or never (in the stack, or seen by the seat).
    Those four are one number in base `base` (`code`), and each result is kept (`memo`,
    by quartet and code): the chain comes back to the same few arrangements of a quartet
    again and again. With a `model` that weighs, every quartet's timeline also holds the
    opponent's asks for other quartets (`OTHER`), and a check gives the quartet's factor
    of the weight too."""

    def __init__(self, record: Record, model: AskModel | None = None) -> None:
        self.record = record
        self.model = model if model is not None and model.weighs() else None
        self.passing: dict[int, int] = {}  # by ask: the cards of its own quartet likelier hits
        nq = len(record.ids) // 4
        self.steps: list[list[tuple[int, int, int]]] = [[] for _q in range(nq)]
        self.slot_time = [0] * (record.dealt + record.draws)
        for t, (kind, x) in enumerate(record.ops):
            if kind == TAKE_SLOT:
                self.slot_time[x] = t
            else:
                self.steps[x >> 2].append((t, kind, x))
                if self.model is not None and (kind == ASK or kind == SHOWN):
                    # for each other quartet, as bits of its four cards: those likelier
                    # hits than x (low four bits) and those as likely (the next four)
                    tier = record.tiers[t]
                    other = OTHER if kind == ASK else OTHER_SHOWN
                    for q in range(nq):
                        b = q << 2
                        over = sum(1 << k for k in range(4) if tier[b + k] > tier[x])
                        if q == x >> 2:
                            self.passing[t] = over
                            continue
                        same = sum(1 << k for k in range(4) if tier[b + k] == tier[x])
                        self.steps[q].append((t, other, over | same << 4))
        for steps in self.steps:
            steps.sort()
        # a card's digit: 0 never arrives, 1 dealt, 2 + k at the opponent's draw k; by the
        # place of the placement, the extra last entry for a seen card (`where` -1)
        self.base = record.draws + 2
        self.powers = [1, self.base, self.base**2, self.base**3]
        digits = [1] * record.dealt + [2 + k for k in range(record.draws)]
        self.digit = digits + [0] * (len(record.unknown) - len(digits) + 1)
        self.arrival = [-1, 0] + self.slot_time[record.dealt :]  # the time of each digit
        self.memo: list[dict[int, tuple[int, tuple[int, ...], float]]] = [{} for _q in range(nq)]

    def code(self, q: int, where: list[int]) -> int:
        """Where quartet q's four cards arrive, as one number (see the class)."""
        digit, b = self.digit, q << 2
        return sum(digit[where[b + k]] * p for k, p in enumerate(self.powers))

    def check(self, q: int, where: list[int]) -> tuple[int, tuple[int, ...]]:
        """Contradictions within quartet q, and the cards of q the opponent holds now."""
        bad, hold, _w = self.check_code(q, self.code(q, where))
        return bad, hold

    def factor(self, q: int, where: list[int]) -> float:
        """Quartet q's factor of the placement's log weight (0 without a model)."""
        return self.check_code(q, self.code(q, where))[2]

    def check_code(self, q: int, code: int) -> tuple[int, tuple[int, ...], float]:
        """`check` for quartet q's cards arriving as `code` says, and q's log weight."""
        memo = self.memo[q]
        found = memo.get(code)
        if found is None:
            times = [self.arrival[code // p % self.base] for p in self.powers]
            found = memo[code] = self._check(q, times)
        return found

    def _check(self, q: int, times: list[int]) -> tuple[int, tuple[int, ...], float]:
        """`check_code` worked out: the quartet's steps with its cards' arrival times merged
        in (-1: never)."""
        steps = self.steps[q]
        come = [(t, TAKE_SLOT, (q << 2) + k) for k, t in enumerate(times) if t >= 0]
        if come:
            steps = sorted(steps + come)
        hold: set[int] = set()
        bad = 0
        laid = False
        model = self.model or AskModel()
        asked, other, shown, passed = model.asked, model.other, model.shown, model.passed
        passing = self.passing
        logw = 0.0
        for t, kind, x in steps:
            if kind <= TAKE_CARD:
                hold.add(x)
                if len(hold) == 4:  # Q4.6
                    hold.clear()
                    laid = True
            elif kind == GIVE:
                if x in hold:
                    hold.discard(x)
                else:
                    bad += 1
            elif kind == LACK:
                if x in hold:
                    bad += 1
            elif kind >= OTHER:  # OTHER, OTHER_SHOWN: x the bits of likelier, as likely
                if hold:
                    free = 15 & ~sum(1 << (c & 3) for c in hold)
                    if x & free:
                        logw += passed
                    elif x >> 4 & free:
                        logw += (1.0 if kind == OTHER else shown) * other[len(hold)]
            elif x in hold or not hold:  # ASK, SURE, SHOWN
                bad += 1
            elif kind != SURE:
                logw += (1.0 if kind == ASK else shown) * asked[len(hold)]
                if passing.get(t, 0) & 15 & ~sum(1 << (c & 3) for c in hold):
                    logw += passed
        if laid != bool(self.record.opp_laid >> q & 1):
            bad += 1
        return bad, tuple(sorted(hold)), logw


@dataclass
class OpponentBelief:
    """A Metropolis chain over placements of the unknown cards, kept between decisions;
    `model`: how the placements are weighed by the opponent's asks (None: alike)."""

    record: Record | None = None
    place: list[int] = field(default_factory=list)
    model: AskModel | None = None
    keep: int = 0  # the opponent's hands to keep from a decision's chain (`hands`)
    hands: list[list[str]] = field(default_factory=list)  # the latest decision's

    def chances(
        self, view: QuartettView, catalog_ids: list[str], rng: random.Random, steps: int
    ) -> dict[str, float] | None:
        """The chance the opponent holds each card now, from `steps` steps of the chain
        (None when the view cannot be read or no placement met fits the record). With
        `keep`, up to that many of the opponent's whole hands met in placements that fit,
        spread evenly over the steps after the burn-in, are kept in `hands`."""
        self.hands = []
        record = read_record(view, catalog_ids)
        if record is None:
            return None
        self._continue(record, rng)
        self.record = record
        kept, seen, hands = _sample(record, self.place, rng, steps, self.model, self.keep)
        if not kept:
            return None
        self.hands = [[record.ids[c] for c in hand] for hand in hands]
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


def _sample(
    record: Record,
    place: list[int],
    rng: random.Random,
    steps: int,
    model: AskModel | None = None,
    keep: int = 0,
) -> tuple[int, list[int], list[list[int]]]:
    """Run the chain `steps` steps from `place` (changed in place): the steps spent after
    the burn-in (the first quarter) in placements that fit the record, and for each card how
    many of those the opponent held it in. With a `model`, the chain stays in each
    placement in proportion to its weight (`AskModel`): the Metropolis rule on the ratio.
    `keep`: also the opponent's hand (card numbers) at up to that many evenly spaced steps
    after the burn-in (or the first step after that in a placement that fits).

    One loop with everything in local names (it is the `hard` AI's whole cost): a step
    proposes a swap (see `_Moves`), checks the one or two quartets it would touch
    (`_Timelines.check_code`, mostly found in its memo) and makes the swap if the
    Metropolis rule keeps it; a swap not kept leaves the marks of `_Moves` as a swap made
    and undone would. A quartet's cards are counted when its hand changes
    (each card of the old hand gets the kept steps since the last change), not at every
    step."""
    lines = _Timelines(record, model)
    moves = _Moves(record, place)
    where, group, slots = moves.where, moves.group, moves.slots
    qat, qoffsets, count = moves.qat, moves.offsets, moves.count
    relist, reorder = moves.relist, moves.reorder
    check, digit, powers = lines.check_code, lines.digit, lines.powers
    found = [m.get for m in lines.memo]  # per quartet: its memo's look-up
    n = len(group)
    nq = len(record.ids) // 4
    codes = [lines.code(q, where) for q in range(nq)]  # where each quartet's cards arrive
    checked = [lines.check_code(q, code) for q, code in enumerate(codes)]
    bad = sum(b for b, _h, _w in checked)
    seen = [0] * len(record.ids)
    since = [0] * nq  # `kept` when each quartet's hand was last counted
    kept = 0  # steps spent in placements that fit the record
    entered = 0  # the step the chain came to the current placement at
    burn = steps // 4
    pick, log = rng.random, math.log
    same, weight = SAME_QUARTET, -PENALTY
    listed = False
    hands: list[list[int]] = []
    every = max(1, (steps - burn) // keep) if keep else steps + 1
    snap = burn + every if keep else steps + 1  # the next step a hand is kept at
    for step in range(steps if moves.any() else 0):
        if step >= snap and not bad:  # (in a placement that does not fit: the next that does)
            snap = step + every
            hands.append([c for _b, hold, _w in checked for c in hold])
        # propose (see _Moves)
        if pick() < same:
            if relist:
                moves.list_pairs()
            listed = True  # the pairs are listed: a swap within a quartet keeps them
            if not moves.npairs:
                continue  # no swap proposed: a step spent
            k = int(pick() * moves.npairs)
            for q, m in enumerate(count):
                if k < m:
                    x, y = qoffsets[q][k]  # the k-th pair of the quartet's cards, and
                    at = qat[q] or moves.places_of(q)  # where they lay when listed
                    i, j = at[x], at[y]
                    break
                k -= m
        else:
            i = int(pick() * slots)
            j = int(pick() * n)
            gi = group[i]
            while group[j] == gi:
                j = int(pick() * n)
        # the codes of the quartets touched once the swap is made, and their checks
        # (see _Timelines); nothing changes before the swap is kept
        ci, cj = place[i], place[j]
        qa, qb = ci >> 2, cj >> 2
        move = digit[j] - digit[i]  # card ci would arrive as place j says, cj as i says
        code_a = codes[qa] + move * powers[ci & 3]
        if qa != qb:
            code_b = codes[qb] - move * powers[cj & 3]
            new_a = found[qa](code_a) or check(qa, code_a)
            new_b = found[qb](code_b) or check(qb, code_b)
            old_a, old_b = checked[qa], checked[qb]
            delta = new_a[0] - old_a[0] + new_b[0] - old_b[0]
            ratio = weight * delta + new_a[2] - old_a[2] + new_b[2] - old_b[2]
        else:
            code_a -= move * powers[cj & 3]
            new_a = new_b = found[qa](code_a) or check(qa, code_a)
            old_a = checked[qa]
            delta = new_a[0] - old_a[0]
            ratio = weight * delta + new_a[2] - old_a[2]
        # without a model `ratio` is 0 exactly when `delta` is: the same steps kept
        if ratio >= 0.0 or ratio > log(1.0 - pick()):
            # swap, marking the quartets whose pairs to list again (see _Moves)
            if qa != qb:
                relist.add(qa)
                relist.add(qb)
                if reorder:
                    relist.update(reorder)
                    reorder.clear()
                listed = False
            elif listed:
                reorder.add(qa)
                if qat[qa] is None:  # its pairs as listed, before its cards move
                    moves.places_of(qa)
            else:
                relist.add(qa)
            place[i], place[j] = cj, ci
            where[cj], where[ci] = i, j
            codes[qa] = code_a
            if not bad:  # the placement left: count the steps it stayed after the burn-in
                stay = step - (entered if entered > burn else burn)
                if stay > 0:
                    kept += stay
            entered = step
            old = checked[qa]
            if old[1] != new_a[1]:  # quartet qa's hand changes: count the old one
                for c in old[1]:
                    seen[c] += kept - since[qa]
                since[qa] = kept
            checked[qa] = new_a
            if qb != qa:
                codes[qb] = code_b
                old = checked[qb]
                if old[1] != new_b[1]:
                    for c in old[1]:
                        seen[c] += kept - since[qb]
                    since[qb] = kept
                checked[qb] = new_b
            bad += delta
        elif qa != qb:  # not swapped: the marks as a swap made and undone leaves them
            if reorder:
                relist.update(reorder)
                reorder.clear()
            listed = False
        elif qa in relist or qa in reorder:
            if listed:
                reorder.add(qa)
            else:
                relist.add(qa)
    # the last placement's steps; when every unknown card was dealt, the one placement,
    # counted once
    run = steps - (entered if entered > burn else burn) if moves.any() else 1
    if run > 0 and not bad:
        kept += run
    for q, (_b, hold, _w) in enumerate(checked):
        for c in hold:
            seen[c] += kept - since[q]
    if keep and not bad and (not hands or not moves.any()):
        hands.append([c for _b, hold, _w in checked for c in hold])  # the last placement
    return kept, seen, hands[:keep]


class _Moves:
    """The chain's proposals (made in `_sample`), two kinds, each symmetric (so the plain
    Metropolis rule holds): with chance 1 - SAME_QUARTET, swap a dealt or drawn card with a
    card of another group (dealt, one of the draws, the stack), every such pair of places
    alike; otherwise swap two cards of one quartet in different groups, every such pair
    alike (none: the step is spent) -- that keeps "the opponent held a card of this
    quartet" (Q4.3) true, and such a swap leaves the set of such pairs as it was.

    This holds the placement's groups and, for the second kind, the same-quartet pairs,
    listed quartet by quartet (`pairs_of`, in quartet order). A swap marks the quartets to
    list again when the pairs are next needed (`relist`): a swap between two quartets, or
    any swap while the pairs are not needed since the last such swap, lists its quartets
    anew; a swap within one quartet after the pairs were listed keeps that quartet's list
    as it stands (the set is the same, only the order would change) until the next swap
    between quartets (`reorder`). Listing a quartet again only counts its pairs (`count`,
    by its shape: `offsets`, pairs of its four cards); the places of its cards are noted
    when one of its pairs is drawn, or before a swap within the quartet would move its
    cards (`places_of`), as they lie while listed."""

    def __init__(self, record: Record, place: list[int]) -> None:
        slots = record.dealt + record.draws
        self.slots = slots
        self.group = [0] * record.dealt + list(range(1, record.draws + 1))
        self.group += [-1] * (len(place) - slots)  # 0 dealt, 1.. each draw, -1 the stack
        self.where = [-1] * len(record.ids)
        for k, c in enumerate(place):
            self.where[c] = k
        nq = len(record.ids) // 4
        # per quartet: the places of its cards while listed, once noted, else None; the
        # shape's pairs it was listed by; how many pairs it has
        self.qat: list[list[int] | None] = [None] * nq
        self.offsets: list[list[tuple[int, int]]] = [[] for _q in range(nq)]
        self.count = [0] * nq
        self.npairs = 0  # all quartets' pairs
        self.relist: set[int] = set(range(nq))  # to list before the pairs are used
        self.reorder: set[int] = set()  # swapped within since listed: list at the next relist
        # the kind of each place (the extra last entry for a seen card, `where` -1), and
        # shifted to the first, second and third card's bits of a shape (see `_pairs`)
        self.kind = [DEALT] * record.dealt + [DRAWN] * record.draws
        self.kind += [STACK] * (len(place) - slots) + [SEEN]
        self.kinds = [[k << shift for k in self.kind] for shift in (6, 4, 2)]

    def any(self) -> bool:
        """Whether any placement differs from this one."""
        return len(set(self.group)) > 1

    def list_pairs(self) -> None:
        """List the quartets marked in `relist` again: their shapes and counts of pairs."""
        where, qat, kind, (k6, k4, k2) = self.where, self.qat, self.kind, self.kinds
        count, qoffsets = self.count, self.offsets
        npairs = self.npairs
        for q in self.relist:
            b = q << 2
            shape = k6[where[b]] | k4[where[b + 1]] | k2[where[b + 2]] | kind[where[b + 3]]
            m = _SHAPE_SIZES[shape]
            npairs += m - count[q]
            count[q] = m
            qoffsets[q] = _SHAPE_PAIRS[shape]
            qat[q] = None
        self.npairs = npairs
        self.relist.clear()

    def places_of(self, q: int) -> list[int]:
        """The places of quartet q's cards as listed (noted now if not yet: its cards lie
        where they lay when it was listed)."""
        at = self.qat[q]
        if at is None:
            b = q << 2
            at = self.qat[q] = self.where[b : b + 4]
        return at

    def pairs_of(self, q: int) -> list[tuple[int, int]]:
        """Quartet q's pairs of places, as listed."""
        at = self.places_of(q)
        return [(at[x], at[y]) for x, y in self.offsets[q]]

    @staticmethod
    def _pairs(shape: int) -> list[tuple[int, int]]:
        """The same-quartet pairs, as two of the quartet's four cards (0-3), for cards
        whose kinds of place are `shape` (two bits each, the first card highest): two cards
        make a pair unless both were dealt or both lie in the stack (a draw is a group of
        its own), and neither may be a card the seat has seen."""
        kinds = [shape >> 6, shape >> 4 & 3, shape >> 2 & 3, shape & 3]
        pairs = []
        for x in range(4):
            for y in range(x + 1, 4):
                a, b = kinds[x], kinds[y]
                if SEEN not in (a, b) and not (a == b and a in (DEALT, STACK)):
                    pairs.append((x, y))
        return pairs


_SHAPE_PAIRS = [_Moves._pairs(shape) for shape in range(256)]  # by shape (see `_pairs`)
_SHAPE_SIZES = [len(pairs) for pairs in _SHAPE_PAIRS]
