"""Provides what the AI benchmarks share: games shared out over worker processes, and
percentiles of decision times."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def share_out(play: Callable[..., Any], chunks: list[tuple], workers: int) -> list[Any]:
    """`play(*chunk)` for every chunk, in `workers` processes (in this one when 1)."""
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(play, *zip(*chunks, strict=True)))
    return [play(*chunk) for chunk in chunks]


def percentile(ordered: Sequence[float], q: float) -> float:
    """The q-quantile (0–1) of an already sorted, non-empty sequence (nearest rank below)."""
    return ordered[int(q * (len(ordered) - 1))]
