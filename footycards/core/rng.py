"""Provides GameRng, a small seeded random generator whose whole state is one integer.

A game's shuffles and dice come only from its GameRng, so a seed plus the list of
actions replays a game exactly, and the state survives a JSON round trip.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class GameRng:
    """SplitMix64: fast, good enough for games, and trivially serialisable."""

    __slots__ = ("state",)

    def __init__(self, seed: int | None = 0) -> None:
        self.state = (seed or 0) & _MASK

    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """Return a uniform integer in [a, b]."""
        return a + self.randbelow(b - a + 1)

    def shuffle(self, items: list) -> None:
        """Shuffle `items` in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        """Return one element of a non-empty sequence."""
        return items[self.randbelow(len(items))]
