"""Engine speed: random-play actions per second of each engine as a ratio to RLCard's Uno.

Run: python benchmarks/bench_engine.py [--seconds 2] [--rounds 3] [--only WORD] [--ai]
An action is `legal_actions()` + a random pick + `apply()`, new deals included (as in
RLCard's loop: `init_game`, `get_legal_actions`, `step`). Each row of `ROWS` plays
`--rounds` rounds; a round runs the engine and RLCard's Uno in alternating slices of
CPU time, `--seconds` each (benchmarks/peers.py), so the round's ratio holds from
machine to machine and on a busy one. A row prints the median ratio of its rounds, their
range and the row's target; the deal alone is timed too. `--ai` adds AI-against-AI games
per second through the match loop (Stadium, normal v normal).
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from peers import random_loop, side_by_side, uno_loop

from footycards.core import GAMES
from footycards.match import Match
from footycards.seats import parse_players


@dataclass(frozen=True)
class Row:
    """One row of the engine table: a game set-up and the ratio to Uno it should reach."""

    label: str
    game_id: str
    players: int
    target: float  # the ratio to Uno to reach (or keep)
    options: dict[str, Any] = field(default_factory=dict)


ROWS = [
    Row("Stadium 10×10", "stadium", 2, 2.0),
    Row("Stadium 10×10", "stadium", 4, 2.0),
    Row("Quartett (ask game)", "quartett", 2, 2.0, {"mode": "quartett"}),
    Row("Quartett (ask game)", "quartett", 4, 2.0, {"mode": "quartett"}),
    Row("Quartett Fußball", "quartett", 2, 2.0, {"mode": "fussball"}),
    Row("Quartett Fußball", "quartett", 6, 2.0, {"mode": "fussball"}),
    Row("Abwehr-Angriff", "quartett", 4, 2.0, {"mode": "abwehr-angriff"}),
    Row("Sadikov's Football", "sadikov", 2, 2.0),
    # World Wave's rows
    Row("World Wave", "worldwave", 2, 1.5),
    Row("World Wave", "worldwave", 4, 1.5),
]


def deal_time(row: Row, count: int = 200) -> float:
    """Microseconds of CPU time per `new_game` (the deal alone)."""
    game = GAMES[row.game_id]
    t0 = time.process_time()
    for seed in range(count):
        game.new_game(row.players, seed=seed, options=row.options)
    return 1e6 * (time.process_time() - t0) / count


def ratios(row: Row, seconds: float, rounds: int) -> tuple[list[float], float]:
    """The row's ratio to Uno in each round, and Uno's median actions per second."""
    game = GAMES[row.game_id]

    def deal(seed: int) -> Any:
        return game.new_game(row.players, seed=seed, options=row.options)

    mine, uno = random_loop(deal), uno_loop()
    if uno is None:
        raise SystemExit("RLCard is needed for the peer: pip install rlcard")
    found, uno_rates = [], []
    for _ in range(rounds):
        r = side_by_side({"engine": mine, "uno": uno}, seconds)
        found.append(r["engine"]["cpu"] / r["uno"]["cpu"])
        uno_rates.append(r["uno"]["cpu"])
    return found, statistics.median(uno_rates)


def ai_games(game_id: str, players: str, options: dict, seconds: float) -> float:
    """Return AI-vs-AI games per second (agents read views, as in real play)."""
    seats = parse_players(players)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table = Match.start(game_id, seats, games, options)
        while not table.state.is_over:
            table.play_ai()
        games += 1
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per row (median)")
    parser.add_argument("--only", default="", help="rows whose label or game id has this")
    parser.add_argument("--ai", action="store_true", help="also AI-v-AI games per second")
    args = parser.parse_args()
    print(f"{'engine, players':<26} {'ratio':>7}  {'rounds':<13} {'target':>7}  deal   Uno/s")
    missed = 0
    for row in ROWS:
        if row.game_id not in GAMES:
            continue
        want = args.only.lower()
        if want and want not in row.label.lower() and want not in row.game_id:
            continue
        found, uno = ratios(row, args.seconds, args.rounds)
        median = statistics.median(found)
        ok = median >= row.target
        missed += not ok
        spread = f"{min(found):.2f}–{max(found):.2f}"
        print(
            f"{row.label + ', ' + str(row.players):<26} {median:>6.2f}×  {spread:<13} "
            f"{'≥ ' + format(row.target, '.1f') + '×':>7} {'ok' if ok else '--'} "
            f"{deal_time(row):>4.0f} µs {uno:>8,.0f}",
            flush=True,
        )
    print(f"{missed} row(s) below target" if missed else "every row at or past its target")
    if args.ai:
        rate = ai_games("stadium", "ai:normal,ai:normal", {}, args.seconds)
        print(f"stadium AI normal v normal: {rate:,.2f} games/s")


if __name__ == "__main__":
    main()
