"""Engine speed: random-play actions per second per engine, and AI-vs-AI games per second.

Run: python benchmarks/bench_engine.py [--seconds 5]
One process, one core. An action is `legal_actions()` + a random pick + `apply()`; the
deal (`new_game`) is timed on its own, since short games (4–6 player top trumps last a
dozen rounds) would otherwise measure mostly the deal.
"""

from __future__ import annotations

import argparse
import random
import time

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
}


def random_play(
    game_id: str, players: int, options: dict, seconds: float
) -> tuple[float, float, int]:
    """Return (actions per second, microseconds per deal, games) of uniformly random play."""
    game = GAMES[game_id]
    rng = random.Random(1)
    actions = games = 0
    playing = dealing = 0.0
    while playing + dealing < seconds:
        t0 = time.perf_counter()
        state = game.new_game(players, seed=games, options=options)
        t1 = time.perf_counter()
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        t2 = time.perf_counter()
        dealing += t1 - t0
        playing += t2 - t1
        games += 1
    return actions / playing, 1e6 * dealing / games, games


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
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    for game_id, setups in SETUPS.items():
        if game_id not in GAMES:
            continue
        for players, options in setups:
            rate, deal_us, games = random_play(game_id, players, options, args.seconds)
            label = f"{game_id} {options.get('mode', '')}".strip()
            print(
                f"{label} {players}p: {rate:,.0f} actions/s random play, "
                f"deal {deal_us:.0f} µs ({games} games)"
            )
    rate = ai_games("stadium", "ai:normal,ai:normal", {}, args.seconds)
    print(f"stadium AI normal v normal: {rate:,.2f} games/s")


if __name__ == "__main__":
    main()
