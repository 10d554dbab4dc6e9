"""Provides the Sadikov's Football benchmark: engine speed beside RLCard's Uno, AI time per
decision, AI strength.

Usage: python benchmarks/bench_sadikov.py [--seconds S] [--games N] [--workers W]

1. Engine: uniformly random play (legal_actions() + apply() each step, new deals included),
   actions per second by this process's CPU time and by wall clock, measured in the same
   run as RLCard's Uno game loop (`UnoGame`: init_game(), get_legal_actions(), step()
   with a random legal action), alternating slices of each so that a busy machine slows
   both alike; the ratio Sadikov / Uno. RLCard is optional (`pip install rlcard`): without
   it the Uno line says so.
2. AI: normal v random, hard v normal, easy v random (and hard v random), two players,
   seats alternated (game g has seed g and seats the agent in seat g % 2), N games per
   setup shared out between W processes (the figures do not depend on W): sole wins,
   draws, the agent's score counting a draw (a shared win) as half, and milliseconds per
   decision of the agent (choose() only; mean, p99, max), by wall clock and by the
   thread's CPU time (the second is the fairer figure on a busy, shared machine, where the
   wall clock's p99 and max mostly measure waiting for a core).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

from peers import random_loop, side_by_side, uno_loop
from spread import share_out, tally

from footycards.ai.base import RandomAgent
from footycards.ai.sadikov import SadikovAgent
from footycards.core import sadikov

AI_SETUPS = [("normal", "random"), ("hard", "normal"), ("easy", "random"), ("hard", "random")]


def engines(seconds: float) -> dict[str, Any]:
    """Sadikov's random play and RLCard's Uno loop in alternating slices (peers.py)."""
    loops = {
        "sadikov": random_loop(lambda seed: sadikov.new_game(2, seed=seed)),
        "uno": uno_loop(),
    }
    return side_by_side(loops, seconds)


def _agent(level: str) -> Any:
    return RandomAgent() if level == "random" else SadikovAgent(level)


def _play_games(level: str, other: str, seeds: range) -> tuple[int, int, list[float], list[float]]:
    """Game g (seed g) seats `level` in seat g % 2: sole wins, draws, decision times by
    wall clock and by CPU time."""
    sole = draws = 0
    times: list[float] = []
    cpu: list[float] = []
    for g in seeds:
        seat = g % 2
        state = sadikov.new_game(2, seed=g)
        agents = [_agent(other), _agent(other)]
        agents[seat] = _agent(level)
        rng = random.Random(g)
        while not state.is_over:
            m = state.to_move
            assert m is not None
            view, legal = state.view(m, log=False), state.legal_actions()
            c0, t0 = time.thread_time(), time.perf_counter()
            action = agents[m].choose(view, legal, rng)
            if m == seat:
                times.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
            state.apply(action)
        winners = state.result()["winners"]
        if winners == [seat]:
            sole += 1
        elif seat in winners:
            draws += 1
    return sole, draws, times, cpu


def versus(level: str, other: str, games: int, workers: int = 1) -> dict[str, float]:
    """`level` against `other`, seats alternated, shared out between `workers` processes."""
    chunks = [(level, other, range(w, games, workers)) for w in range(workers)]
    return tally(share_out(_play_games, chunks, workers), games)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--seconds",
        type=float,
        default=5.0,
        help="CPU seconds of each engine (in alternating slices)",
    )
    parser.add_argument("--games", type=int, default=1000, help="games per AI setup")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes sharing the AI games (default: one per core)")  # fmt: skip
    args = parser.parse_args(argv)
    print(f"Engine, random play with new deals, {args.seconds:g} s CPU each, side by side:")
    r = engines(args.seconds)
    sk = r["sadikov"]
    print(f"  Sadikov's Football: {sk['cpu']:>9,.0f} actions/s CPU, {sk['wall']:>9,.0f} wall "
          f"({sk['deals']} new games)", flush=True)  # fmt: skip
    uno = r["uno"]
    if uno is None:
        print("  RLCard Uno: not measured (rlcard is not installed: pip install rlcard)")
    else:
        print(f"  RLCard Uno game:    {uno['cpu']:>9,.0f} actions/s CPU, {uno['wall']:>9,.0f} "
              f"wall ({uno['deals']} new games)")  # fmt: skip
        print(f"  ratio Sadikov / Uno: {sk['cpu'] / uno['cpu']:.2f}x (CPU), "
              f"{sk['wall'] / uno['wall']:.2f}x (wall)", flush=True)  # fmt: skip
    if args.games <= 0:
        return 0  # --games 0: the engine figure only
    print(f"AI, {args.games} two-player games per setup, seats alternated, "
          f"{args.workers} process(es):")  # fmt: skip
    for level, other in AI_SETUPS:
        t0 = time.perf_counter()
        v = versus(level, other, args.games, args.workers)
        print(f"  {level:>6} v {other:<6}: wins {v['sole']:6.1%}, draws {v['draws']:5.1%}, "
              f"score {v['score']:6.1%} (draw = half); {level} {v['ms']:.2f} ms/decision "
              f"wall (p99 {v['p99']:.2f}, max {v['max']:.1f}); {v['cpu_ms']:.2f} CPU "
              f"(p99 {v['cpu_p99']:.2f}, max {v['cpu_max']:.1f}) "
              f"({time.perf_counter() - t0:.0f} s)",
              flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
