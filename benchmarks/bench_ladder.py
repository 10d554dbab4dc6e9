"""Provides the AI ladder benchmark: each level of each game against the level below it.

Usage: python benchmarks/bench_ladder.py [--games N] [--workers W] [--only GAME]
       [--pairs easy,normal]

For every game (each Quartett mode on its own) and every neighbour pair of levels the
registry has — easy v random, normal v easy, hard v normal, master v hard — N games
(default 1,000), game g on seed g, the upper level in seat g % 2. World Wave and the
four-player Quartett game: two seats each, A B A B, the upper level's seats A in even
games, B in odd ones. A win counts 1, a shared win or a draw ½ (in four-player Quartett:
a win shared by both levels' seats), a loss 0; the score is their mean with a 95 %
interval (benchmarks/spread.py).
The target (issue 22) is 65–85 % for every pair. Time per decision is the CPU time of the
thread in `agent.choose` only, per level over all its games in the run: mean, p99, max.
`--only` keeps the rows whose game label contains the text ("quartett", "fussball",
"stadium"; a whole label, e.g. "quartett ask game", that table only); `--pairs` keeps
the pairs whose upper level is named.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from spread import interval, percentile, share_out

from footycards.core import get_game
from footycards.match import make_agent
from footycards.registry import get_spec

LADDER = ("random", "easy", "normal", "hard", "master")
LOW, HIGH = 0.65, 0.85  # issue 22: each level beats the one below 65–85 %


@dataclass(frozen=True)
class Table:
    """One game (mode) of the ladder: its label, engine id, options and players."""

    label: str
    game: str
    options: tuple[tuple[str, Any], ...] = ()
    # 4: the levels take turns at the seats (A B A B), two seats each; in World Wave those
    # are its teams, elsewhere a game won by both levels' seats counts half
    players: int = 2


TABLES = (
    Table("stadium", "stadium"),
    Table("quartett fussball", "quartett", (("mode", "fussball"),)),
    Table("quartett abwehr-angriff", "quartett", (("mode", "abwehr-angriff"),)),
    Table("quartett ask game", "quartett", (("mode", "quartett"),)),
    Table("quartett ask game 4p", "quartett", (("mode", "quartett"),), players=4),
    Table("sadikov", "sadikov"),
    Table("worldwave 2v2", "worldwave", players=4),
)


def chosen(label: str, only: str) -> bool:
    """Whether `--only` keeps the table `label`: a label spelt out in full keeps that one
    ("quartett ask game": the two-player game only), other text every label holding it."""
    if any(t.label == only for t in TABLES):
        return label == only
    return only in label


def pairs(game: str) -> list[tuple[str, str]]:
    """The neighbour pairs (upper, lower) of the levels `game` has, bottom up."""
    have = [lv for lv in LADDER if lv in get_spec(game).agents]
    return list(zip(have[1:], have[:-1], strict=True))


def play(
    table: Table, upper: str, lower: str, seeds: range, samples: int | None = None
) -> tuple[list[float], dict[str, list[float]]]:
    """Play games `seeds` of `upper` against `lower`: upper's score in each game and the CPU
    time of every decision per level; `samples`: a master's counted budget (samples a
    decision, no clock: the load does not change its strength) instead of its think time."""
    engine = get_game(table.game)
    options = dict(table.options)
    scores: list[float] = []
    cpu: dict[str, list[float]] = {upper: [], lower: []}
    for g in seeds:
        side = g % 2
        levels = [upper if s % 2 == side else lower for s in range(table.players)]
        agents = [make_agent(table.game, lv) for lv in levels]
        for agent, lv in zip(agents, levels, strict=True):
            if lv == "master" and samples is not None:
                agent.samples = samples
        state = engine.new_game(table.players, seed=g, options=options)
        rng = random.Random(g)
        while not state.is_over:
            m = state.to_move
            agent = agents[m]
            view = state.view(m, log=agent.uses_log) if agent.uses_view else None
            legal = state.legal_actions()
            c0 = time.thread_time()
            action = agent.choose(view, legal, rng)
            cpu[levels[m]].append(time.thread_time() - c0)
            state.apply(action)
        sides = {w % 2 for w in state.result()["winners"]}
        scores.append(1.0 if sides == {side} else 0.0 if sides == {1 - side} else 0.5)
    return scores, cpu


def run_pair(
    table: Table,
    upper: str,
    lower: str,
    games: int,
    workers: int,
    samples: int | None = None,
    first: int = 0,
) -> tuple[list[float], dict[str, list[float]]]:
    """All games of one pair, shared out over `workers` processes (game g has seed g, so
    the figures do not depend on the number of workers); seeds from `first` on."""
    end = first + games
    chunks = [
        (table, upper, lower, range(first + w, end, workers), samples) for w in range(workers)
    ]
    scores: list[float] = []
    cpu: dict[str, list[float]] = {upper: [], lower: []}
    for part_scores, part_cpu in share_out(play, chunks, workers):
        scores += part_scores
        for lv, ts in part_cpu.items():
            cpu[lv] += ts
    return scores, cpu


def main(argv: list[str] | None = None) -> int:
    """Run the ladder and print one table per game."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pair (default 1000)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--only", default="", help='games whose label has this, e.g. "quartett"')
    parser.add_argument("--pairs", default="", help="upper levels to run, e.g. easy,hard")
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="the first game's seed (default 0): a long row run in parts plays the same games",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=None,
        help="master's budget as a count of samples a decision (default: its think time)",
    )
    args = parser.parse_args(argv)
    keep = {p for p in args.pairs.split(",") if p}
    for table in TABLES:
        if not chosen(table.label, args.only):
            continue
        seats = (
            "two seats each (A B A B), alternated"
            if table.players == 4
            else "two players, seats alternated"
        )
        print(f"\n{table.label}: {args.games} games per pair, {seats}, {args.workers} worker(s)")
        print(f"  {'pair':<18} {'wins':>6} {'shared':>6}  {'score (95 % interval)':<24} target")
        times: dict[str, list[float]] = {}
        for upper, lower in pairs(table.game):
            if keep and upper not in keep:
                continue
            t0 = time.perf_counter()
            scores, cpu = run_pair(
                table, upper, lower, args.games, args.workers, args.samples, args.first
            )
            for lv, ts in cpu.items():
                times.setdefault(lv, []).extend(ts)
            mean, lo, hi = interval(scores)
            wins = sum(1 for s in scores if s == 1.0) / len(scores)
            shared = sum(1 for s in scores if s == 0.5) / len(scores)
            mark = "ok" if LOW <= mean <= HIGH else "OUT"
            print(
                f"  {upper + ' v ' + lower:<18} {wins:6.1%} {shared:6.1%}  "
                f"{mean:6.1%} ({lo:.1%}–{hi:.1%}){'':<5} {mark}  "
                f"({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
        print("  time per decision, CPU ms (choose() only): mean / p99 / max")
        for lv in LADDER:
            ts = sorted(times.get(lv, ()))
            if ts:
                print(
                    f"    {lv:<7} {1000 * statistics.fmean(ts):8.3f} "
                    f"{1000 * percentile(ts, 0.99):8.3f} {1000 * ts[-1]:8.2f}  "
                    f"({len(ts):,} decisions)",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
