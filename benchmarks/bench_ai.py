"""Provides the Stadium AI benchmark: win rates between levels and time per decision.

Usage: python benchmarks/bench_ai.py [--games N] [--rows R] [--cols C]

Plays two-player games (10×10 by default) for each pairing, with the seats alternated
(game i: the first-named agent sits in seat i % 2), and counts a shared win as half a win.
Time per decision is the time spent in `agent.choose` only (not building views or legal
action lists), over every decision of every game: wall clock (which includes the moments
the OS gives the CPU to another process) and the CPU time of this thread (which, in a
virtual machine, can still include time the host took away). The maximum is therefore noisy
on a busy machine; p99.9 and the count of decisions over 10 ms show whether it is an outlier.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from spread import percentile

from footycards.core import get_game
from footycards.match import make_agent

PAIRINGS = (("hard", "random"), ("hard", "easy"), ("normal", "easy"), ("hard", "normal"))


def play(
    a: str,
    b: str,
    game_no: int,
    rows: int,
    cols: int,
    times: dict[str, list[float]],
    cpu: dict[str, list[float]],
) -> float:
    """Play one game of level `a` against level `b`; return a's share of the win (1, 0.5, 0)."""
    state = get_game("stadium").new_game(2, seed=game_no, options={"rows": rows, "cols": cols})
    seat_a = game_no % 2
    levels = [a, b] if seat_a == 0 else [b, a]
    agents = [make_agent("stadium", level) for level in levels]
    rng = random.Random(game_no)
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        legal = state.legal_actions()
        t0, c0 = time.perf_counter(), time.thread_time()
        action = agents[seat].choose(view, legal, rng)
        times[levels[seat]].append(time.perf_counter() - t0)
        cpu[levels[seat]].append(time.thread_time() - c0)
        state.apply(action)
    winners = state.result()["winners"]
    return 1 / len(winners) if seat_a in winners else 0.0


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    parser.add_argument("--rows", type=int, default=10, help="table rows (default 10)")
    parser.add_argument("--cols", type=int, default=10, help="table seats per row (default 10)")
    args = parser.parse_args(argv)
    levels = ("random", "easy", "normal", "hard")
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    cpu: dict[str, list[float]] = {lv: [] for lv in levels}
    print(
        f"Stadium AI, {args.games} two-player {args.rows}×{args.cols} games per pairing, "
        "seats alternated"
    )
    for a, b in PAIRINGS:
        t0 = time.perf_counter()
        wins = sum(play(a, b, i, args.rows, args.cols, times, cpu) for i in range(args.games))
        rate = wins / args.games
        print(
            f"  {a:>6} vs {b:<6}  {a} wins {rate:6.1%}  ({wins:g}/{args.games}, "
            f"{time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    print("Time per decision (agent.choose only; wall clock, and CPU time of this thread):")
    for level, ts in times.items():
        if level == "random" or not ts:
            continue
        ts_sorted = sorted(ts)
        p99 = percentile(ts_sorted, 0.99)
        p999 = percentile(ts_sorted, 0.999)
        over = sum(1 for t in ts if t > 0.010)
        print(
            f"  {level:>6}: mean {1000 * statistics.fmean(ts):.3f} ms, "
            f"p99 {1000 * p99:.3f} ms, p99.9 {1000 * p999:.3f} ms, "
            f"max {1000 * ts_sorted[-1]:.3f} ms wall / {1000 * max(cpu[level]):.3f} ms CPU; "
            f"{over} of {len(ts)} decisions over 10 ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
