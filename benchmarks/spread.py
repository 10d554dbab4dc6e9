"""Provides what the AI benchmarks share: games shared out over worker processes, and
percentiles of decision times."""

from __future__ import annotations

import statistics
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


def tally(parts: list[Any], games: int) -> dict[str, float]:
    """Pool the workers' (sole wins, draws, wall times, CPU times) of one pairing: its
    win and draw shares, score (a draw counts half) and time per decision in ms."""
    sole = sum(p[0] for p in parts)
    draws = sum(p[1] for p in parts)
    times = sorted(t for p in parts for t in p[2])
    cpu = sorted(t for p in parts for t in p[3])
    return {
        "sole": sole / games,
        "draws": draws / games,
        "score": (sole + draws / 2) / games,
        "ms": 1000 * statistics.fmean(times),
        "p99": 1000 * percentile(times, 0.99),
        "max": 1000 * times[-1],
        "cpu_ms": 1000 * statistics.fmean(cpu),
        "cpu_p99": 1000 * percentile(cpu, 0.99),
        "cpu_max": 1000 * cpu[-1],
    }


def interval(scores: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of per-game scores (1, ½, 0) and its 95 % interval (normal approximation,
    the spread of the scores themselves, so shared wins narrow it as they should)."""
    n = len(scores)
    mean = statistics.fmean(scores)
    half = z * statistics.pstdev(scores) / n**0.5 if n > 1 else 0.0
    return mean, max(0.0, mean - half), min(1.0, mean + half)
