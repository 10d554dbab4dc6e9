"""Provides the World Wave benchmark: the AI levels' win rates (teams of two), AI time per
decision, and the engine beside RLCard's Uno.

Usage: python benchmarks/bench_worldwave.py [--seconds S] [--games N] [--hard-games H]
       [--workers W] [--only LEVEL:OTHER,...] [--log FILE]

1. Engine: uniformly random play (legal_actions() + apply() each step, new deals and the
   draft included) with 2 and 4 players, actions per second by CPU time, in alternating
   slices with RLCard's Uno game loop (benchmarks/peers.py); the ratio World Wave / Uno.
2. AI: 2v2 matches (four players, teams A B A B), one level per team, the teams
   alternated (game g has seed g; the first-named level is team A in even games, team B in
   odd ones): the team's sole wins, draws and score (a draw counts half), and milliseconds
   per decision of the first-named level (choose() only: mean, p99, max; wall clock and
   the thread's CPU time, the fairer figure on a busy machine), the score's 95 %
   interval. `hard` plays H games (its search makes a match take seconds); `--only`
   plays some pairings, `--log` notes each match as it ends (a long run's progress).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

from peers import random_loop, side_by_side, uno_loop
from spread import interval, share_out, tally

from footycards.ai.base import RandomAgent
from footycards.ai.worldwave import WorldWaveAgent
from footycards.core import worldwave

AI_SETUPS = [("normal", "random"), ("easy", "random"), ("normal", "easy"), ("hard", "normal")]


def engines(seconds: float) -> dict[str, Any]:
    """World Wave's random play (2 and 4 players) and RLCard's Uno loop, side by side."""
    loops = {
        "worldwave 2p": random_loop(lambda seed: worldwave.new_game(2, seed=seed)),
        "worldwave 4p": random_loop(lambda seed: worldwave.new_game(4, seed=seed)),
        "uno": uno_loop(),
    }
    return side_by_side(loops, seconds)


def _agent(level: str) -> Any:
    return RandomAgent() if level == "random" else WorldWaveAgent(level)


def _play_games(
    level: str, other: str, seeds: range, log: str | None = None
) -> tuple[int, int, list[float], list[float], list[float]]:
    """Game g seats `level` as team g % 2 of a 2v2 match: sole wins, draws, its times, and
    each game's score (1, ½, 0); with `log`, a line per game appended to that file (game,
    score, decisions, the CPU milliseconds of the slowest, searches a safety cap stopped)
    as it ends."""
    sole = draws = 0
    times: list[float] = []
    cpu: list[float] = []
    scores: list[float] = []
    for g in seeds:
        before = len(cpu)
        team = g % 2
        state = worldwave.new_game(4, seed=g)
        agents = [_agent(level if s % 2 == team else other) for s in range(4)]
        rng = random.Random(g)
        while not state.is_over:
            m = state.to_move
            assert m is not None
            agent = agents[m]
            view = state.view(m, log=agent.uses_log) if agent.uses_view else None
            legal = state.legal_actions()
            c0, t0 = time.thread_time(), time.perf_counter()
            action = agent.choose(view, legal, rng)
            if m % 2 == team:
                times.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
            state.apply(action)
        winning = {w % 2 for w in state.result()["winners"]}
        score = 1.0 if winning == {team} else 0.5 if len(winning) == 2 else 0.0
        sole += score == 1.0
        draws += score == 0.5
        scores.append(score)
        if log is not None:
            mine = cpu[before:]
            capped = sum(getattr(getattr(a, "search", None), "capped", 0) for a in agents)
            with open(log, "a", encoding="utf-8") as f:
                f.write(f"{level} {other} {g} {score} {len(mine)} {1000 * max(mine):.1f} "
                        f"{capped}\n")  # fmt: skip
    return sole, draws, times, cpu, scores


def versus(
    level: str, other: str, games: int, workers: int = 1, log: str | None = None
) -> dict[str, float]:
    """`level`'s team against `other`'s, alternated, shared out between `workers`; the
    score's 95 % interval as `low` and `high`."""
    chunks = [(level, other, range(w, games, workers), log) for w in range(workers)]
    parts = share_out(_play_games, chunks, workers)
    out = tally(parts, games)
    _, out["low"], out["high"] = interval([x for p in parts for x in p[4]])
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--seconds",
        type=float,
        default=5.0,
        help="CPU seconds of each engine loop (in alternating slices)",
    )
    parser.add_argument("--games", type=int, default=1000, help="2v2 matches per AI setup")
    parser.add_argument(
        "--hard-games",
        type=int,
        default=200,
        help="2v2 matches of the setups with hard (default 200)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="processes sharing the AI games (default: one per core)",
    )
    parser.add_argument(
        "--only",
        default=None,
        help="the pairings to play, e.g. hard:normal (default: all; comma-separated)",
    )
    parser.add_argument(
        "--log",
        default=None,
        help="append a line per finished AI match to this file (a long run's progress)",
    )
    args = parser.parse_args(argv)  # fmt: skip
    if args.seconds > 0:
        print(f"Engine, random play with new deals, {args.seconds:g} s CPU each, side by side:")
        r = engines(args.seconds)
        uno = r["uno"]
        for name in ("worldwave 2p", "worldwave 4p"):
            mine = r[name]
            ratio = f", {mine['cpu'] / uno['cpu']:.2f}x Uno" if uno else ""
            print(f"  {name}: {mine['cpu']:>9,.0f} actions/s CPU ({mine['deals']} new games)"
                  f"{ratio}", flush=True)  # fmt: skip
        if uno is None:
            print("  RLCard Uno: not measured (rlcard is not installed: pip install rlcard)")
        else:
            print(
                f"  RLCard Uno game: {uno['cpu']:>9,.0f} actions/s CPU ({uno['deals']} new games)"
            )
    if args.games <= 0 and args.hard_games <= 0:
        return 0
    print(f"AI, 2v2 matches, teams alternated, {args.workers} process(es):")
    only = {tuple(x.split(":")) for x in args.only.split(",")} if args.only else None
    for level, other in AI_SETUPS:
        games = args.hard_games if "hard" in (level, other) else args.games
        if games <= 0 or (only is not None and (level, other) not in only):
            continue
        t0 = time.perf_counter()
        v = versus(level, other, games, args.workers, args.log)
        print(f"  {level:>6} v {other:<6} ({games} matches): wins {v['sole']:6.1%}, draws "
              f"{v['draws']:5.1%}, score {v['score']:6.1%} ({v['low']:.1%}-{v['high']:.1%}, "
              f"95 %; draw = half); {level} "
              f"{v['ms']:.2f} ms/decision wall (p99 {v['p99']:.2f}, max {v['max']:.1f}); "
              f"{v['cpu_ms']:.2f} CPU (p99 {v['cpu_p99']:.2f}, max {v['cpu_max']:.1f}) "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
