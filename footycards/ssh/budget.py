"""Provides TokenBucket: a sustained rate with a burst allowance (what a client may send)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class TokenBucket:
    """`rate` tokens a second, at most `burst` saved up; `take` spends them."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    at: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.burst
        self.at = self.clock()

    def take(self, wanted: int) -> int:
        """Spend up to `wanted` tokens; how many were there to spend."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        granted = min(wanted, int(self.tokens))
        self.tokens -= granted
        return granted
