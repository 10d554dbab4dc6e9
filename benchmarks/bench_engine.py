"""Engine speed: random-play actions per second of each engine as a ratio to RLCard's Uno.

Run: python benchmarks/bench_engine.py [--seconds 5]
An action is `legal_actions()` + a random pick + `apply()`, new deals included (as in
RLCard's loop). Each engine set-up runs in alternating slices with RLCard's Uno game loop
in the same process (benchmarks/peers.py), so the ratio holds from machine to machine;
the deal alone is timed too, and AI-against-AI games per second through the match loop.
"""

from __future__ import annotations

import argparse
import time

from peers import random_loop, ratio_text, side_by_side, uno_loop

from footycards.core import GAMES
from footycards.match import Match
from footycards.seats import parse_players

SETUPS = {
    "stadium": [(2, {}), (4, {})],
    "quartett": [
        (2, {"mode": "fussball"}),
        (6, {"mode": "fussball"}),
        (4, {"mode": "abwehr-angriff"}),
        (2, {"mode": "quartett"}),
        (4, {"mode": "quartett"}),
    ],
    "sadikov": [(2, {})],
    "worldwave": [(2, {}), (4, {})],
}


def deal_time(game_id: str, players: int, options: dict, count: int = 200) -> float:
    """Microseconds per `new_game` (the deal alone)."""
    game = GAMES[game_id]
    t0 = time.process_time()
    for seed in range(count):
        game.new_game(players, seed=seed, options=options)
    return 1e6 * (time.process_time() - t0) / count


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
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per loop")
    args = parser.parse_args()
    for game_id, setups in SETUPS.items():
        if game_id not in GAMES:
            continue
        game = GAMES[game_id]
        for players, options in setups:

            def deal(seed: int, game=game, players=players, options=options):
                return game.new_game(players, seed=seed, options=options)

            r = side_by_side({"engine": random_loop(deal), "uno": uno_loop()}, args.seconds)
            mine, uno = r["engine"], r["uno"]
            label = f"{game_id} {options.get('mode', '')}".strip()
            uno_text = "" if uno is None else f", Uno {uno['cpu']:,.0f}/s"
            print(
                f"{label} {players}p: {mine['cpu']:,.0f} actions/s random play "
                f"({ratio_text(mine, uno)}{uno_text}), "
                f"deal {deal_time(game_id, players, options):.0f} µs",
                flush=True,
            )
    rate = ai_games("stadium", "ai:normal,ai:normal", {}, args.seconds)
    print(f"stadium AI normal v normal: {rate:,.2f} games/s")


if __name__ == "__main__":
    main()
