"""Provides GameRng, a small seeded random generator whose whole state is one integer.

A game's shuffles and dice come only from its GameRng, so a seed plus the list of
actions replays a game exactly, and the state survives a JSON round trip.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_BATCH_MAX = 1 << 60  # shuffle_batched: ranges multiplied up to this (rejects < 1/16)
_LIMITS = {n: (1 << 64) - ((1 << 64) % n) for n in range(1, 257)}  # rejection bounds


class GameRng:
    """SplitMix64: fast, good enough for games, and trivially serialisable."""

    __slots__ = ("state",)

    def __init__(self, seed: int | None = 0) -> None:
        self.state = (seed or 0) & _MASK

    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = _LIMITS.get(n) or (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """Return a uniform integer in [a, b]."""
        return a + self.randbelow(b - a + 1)

    def shuffle(self, items: list) -> None:
        """Shuffle `items` in place (Fisher–Yates); the same draws as `randbelow`, inlined."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS.get(n) or (1 << 64) - ((1 << 64) % n)
            while True:
                state = z = (state + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items):
        """Return one element of a non-empty sequence."""
        return items[self.randbelow(len(items))]

    def shuffle_batched(self, items: list) -> None:
        """Shuffle `items` in place (Fisher–Yates) with fewer draws than `shuffle`.

        Each 64-bit draw picks several swap positions at once: the draw is taken uniformly
        below the product of the next few ranges (rejecting the uneven top, as `randbelow`
        does) and split into one index per range by division. The permutation is as
        uniform as `shuffle`'s, but not the same one for a seed: a game uses one or the
        other for good, so that its seeds keep their deals.
        """
        i = len(items) - 1
        for bound, limit, ranges in _batch_plan(len(items)):
            x = self.next64()
            while x >= limit:
                x = self.next64()
            x %= bound
            for n in ranges:
                j = x % n
                x //= n
                items[i], items[j] = items[j], items[i]
                i -= 1


_PLANS: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}


def _batch_plan(size: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """For a list of `size`: the ranges size, size-1, … 2 grouped so that each group's
    product (`bound`) stays below _BATCH_MAX, with the rejection `limit` of each group."""
    plan = _PLANS.get(size)
    if plan is None:
        plan = []
        n = size
        while n > 1:
            bound, ranges = 1, []
            while n > 1 and bound * n <= _BATCH_MAX:
                bound *= n
                ranges.append(n)
                n -= 1
            plan.append((bound, (1 << 64) - ((1 << 64) % bound), tuple(ranges)))
        _PLANS[size] = plan
    return plan
