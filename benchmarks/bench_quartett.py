"""Provides the Bundesliga Quartett benchmark: engine speed, AI time per decision, AI strength.

Usage: python benchmarks/bench_quartett.py [--seconds S] [--games N] [--workers W]

1. Engine: uniformly random play (legal_actions() + apply() each step, new games included),
   actions per second for each mode, by wall clock and by this process's CPU time (the
   second is the fairer "one core" figure on a shared machine). Also the longest game seen
   (in actions; rounds or asks in brackets), default options, no round limit.
2. AI against the random agent (and `hard` against `normal`), two players, seats
   alternated (game i: the agent sits in seat i % 2), N games per setup, shared out
   between W processes (one per core by default; game g always has seed g, so the figures
   do not depend on W): sole wins, shared wins (Q2.7/Q4.8: equal counts share the win),
   the agent's score counting a shared win as half, and milliseconds per decision
   (agent.choose only), by wall clock and by the process's CPU time (the fairer figure on
   a busy machine). `--only hard` runs the setups whose "mode level v other" contains
   that text; `--seconds 0` leaves the engine part out.
3. `--against REV`: the `hard` sampler (`OpponentBelief.chances`, 12,000 steps, a fresh
   chain each time) on the positions of a few games, beside the sampler of git revision
   REV loaded in the same process, in turn: CPU ms per call of each, the ratio, and
   whether the two give the same chances (they should, when only speed changed).
"""

from __future__ import annotations

import argparse
import os
import random
import time

from spread import share_out, tally

from footycards.core import quartett
from footycards.match import make_agent

ENGINE_SETUPS = [
    ("fussball", 2),
    ("fussball", 4),
    ("fussball", 6),
    ("abwehr-angriff", 2),
    ("abwehr-angriff", 4),
    ("quartett", 2),
    ("quartett", 4),
    ("quartett", 6),
]
AI_SETUPS = [("quartett", "hard", "random"), ("quartett", "normal", "random"),
             ("quartett", "easy", "random"), ("fussball", "normal", "random"),
             ("abwehr-angriff", "normal", "random"), ("quartett", "hard", "normal")]  # fmt: skip


def engine(mode: str, players: int, seconds: float) -> dict:
    """Random play for `seconds` of CPU time; actions/s and the longest game."""
    rng = random.Random(1)
    actions = games = longest = 0
    longest_units = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while time.process_time() - c0 < seconds:
        state = quartett.new_game(players, seed=games, options={"mode": mode})
        n = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            n += 1
        actions += n
        games += 1
        if n > longest:
            longest, longest_units = n, state.asks if mode == "quartett" else state.round_no
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return {"cpu": actions / cpu, "wall": actions / wall, "games": games, "longest": longest,
            "units": longest_units}  # fmt: skip


def versus(mode: str, level: str, games: int, workers: int = 1, other: str = "random") -> dict:
    """The agent at `level` against one at `other` (default: the random agent), two
    players, seats alternated; the games are shared out between `workers` processes (each
    decision is timed in its own process)."""
    chunks = [(mode, level, other, range(w, games, workers)) for w in range(workers)]
    parts = share_out(_play_games, chunks, workers)
    figures = tally([p[:4] for p in parts], games)
    return {**figures, "shared": figures["draws"], "longest": max(p[4] for p in parts)}


def _play_games(
    mode: str, level: str, other: str, seeds: range
) -> tuple[int, int, list[float], list[float], int]:
    """Game g (seed g) seats the agent in seat g % 2: sole wins, shared wins, the agent's
    decision times (wall clock, CPU) and the longest game in actions."""
    sole = shared = longest = 0
    times: list[float] = []
    cpu: list[float] = []
    for g in seeds:
        seat = g % 2
        state = quartett.new_game(2, seed=g, options={"mode": mode})
        agents = [make_agent("quartett", other), make_agent("quartett", other)]
        agents[seat] = make_agent("quartett", level)
        rng = random.Random(g)
        n = 0
        while not state.is_over:
            m = state.to_move
            view, legal = state.view(m), state.legal_actions()
            t0, c0 = time.perf_counter(), time.process_time()
            action = agents[m].choose(view, legal, rng)
            if m == seat:
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            state.apply(action)
            n += 1
        longest = max(longest, n)
        winners = state.result()["winners"]
        if winners == [seat]:
            sole += 1
        elif seat in winners:
            shared += 1
    return sole, shared, times, cpu, longest


def against(rev: str, games: int = 3, steps: int = 12000) -> None:
    """Time this checkout's sampler beside revision `rev`'s, alternating, same positions."""
    import importlib.util
    import pathlib
    import subprocess
    import sys
    import tempfile

    from footycards.ai import quartett_belief as ours
    from footycards.ai.quartett import deck_catalog

    path = "footycards/ai/quartett_belief.py"
    root = pathlib.Path(__file__).resolve().parent.parent
    source = subprocess.run(["git", "-C", str(root), "show", f"{rev}:{path}"], check=True,
                            capture_output=True, text=True).stdout  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        file = pathlib.Path(tmp) / "belief_then.py"
        file.write_text(source, encoding="utf-8")
        spec = importlib.util.spec_from_file_location("belief_then", file)
        assert spec is not None and spec.loader is not None
        then = importlib.util.module_from_spec(spec)
        sys.modules["belief_then"] = then
        spec.loader.exec_module(then)
    views = []
    for g in range(games):
        state = quartett.new_game(2, seed=g, options={"mode": "quartett"})
        agents = [make_agent("quartett", "normal"), make_agent("quartett", "random")]
        rng = random.Random(g)
        while not state.is_over:
            m = state.to_move
            view, legal = state.view(m, log=False), state.legal_actions()
            if len(legal) > 1:
                views.append(view)
            state.apply(agents[m].choose(view, legal, rng))
    ids = [c["id"] for c in deck_catalog(views[0])]
    spent = {"now": 0.0, "then": 0.0}
    same = 0
    for k, view in enumerate(views):
        got = {}
        for name in ("now", "then") if k % 2 else ("then", "now"):
            module = ours if name == "now" else then
            c0 = time.process_time()
            got[name] = module.OpponentBelief().chances(view, ids, random.Random(k), steps)
            spent[name] += time.process_time() - c0
        same += got["now"] == got["then"]
    now, was = (1000 * spent[n] / len(views) for n in ("now", "then"))
    print(f"hard sampler, {len(views)} positions of {games} games, {steps} steps, fresh chains: "
          f"{now:.1f} ms CPU per call, {rev} {was:.1f} ms: {was / now:.2f}x as fast; "
          f"the same chances at {same} of {len(views)}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per engine setup")
    parser.add_argument("--games", type=int, default=1000, help="games per AI setup")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes sharing the AI games (default: one per core)")  # fmt: skip
    parser.add_argument("--only", default="", help='setups containing this, e.g. "hard"')
    parser.add_argument("--against", metavar="REV", help="time the hard sampler beside REV's")
    args = parser.parse_args(argv)
    if args.against:
        against(args.against)
        return 0
    if args.seconds > 0:
        print(f"Quartett engine, random play, {args.seconds:g} s CPU per setup:")
    for mode, players in ENGINE_SETUPS if args.seconds > 0 else ():
        r = engine(mode, players, args.seconds)
        unit = "asks" if mode == "quartett" else "rounds"
        print(
            f"  {mode:>14} {players}p: {r['cpu']:>9,.0f} actions/s CPU, {r['wall']:>9,.0f} wall "
            f"({r['games']} games; longest {r['longest']} actions, {r['units']} {unit})",
            flush=True,
        )
    print(f"Quartett AI, {args.games} two-player games each, seats alternated:")
    for mode, level, other in AI_SETUPS:
        if args.only not in f"{mode} {level} v {other}":
            continue
        t0 = time.perf_counter()
        r = versus(mode, level, args.games, args.workers, other)
        print(
            f"  {mode:>14} {level:>6} v {other:<6}: sole wins {r['sole']:6.1%}, "
            f"shared {r['shared']:5.1%}, score {r['score']:6.1%} (shared = half); "
            f"{r['ms']:.3f} ms/decision (p99 {r['p99']:.2f}, max {r['max']:.1f}; CPU "
            f"{r['cpu_ms']:.3f}, p99 {r['cpu_p99']:.2f}, max {r['cpu_max']:.1f}); "
            f"longest {r['longest']} actions ({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
