"""Provides the peers our figures are measured against, side by side in the same run.

Absolute figures change from machine to machine, so each engine's speed is stated as a
ratio against RLCard's Uno game loop measured in alternating slices of CPU time in the
same process (a busy machine slows both alike). `random_loop` and `uno_loop` return
loops that play for a given number of CPU seconds and say how many actions and deals
they made; `side_by_side` runs several loops in turn and gives actions per second.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

Loop = Callable[[float], tuple[int, int]]  # play for `seconds` of CPU time -> (actions, deals)
SLICE = 0.25  # CPU seconds of one loop before the next one runs


def random_loop(new_game: Callable[[int], Any]) -> Loop:
    """Uniformly random play (legal_actions() + a random pick + apply(), new deals included)
    of the games `new_game(seed)` deals."""
    rng = random.Random(1)
    games = [0]
    state = [new_game(0)]

    def run(seconds: float) -> tuple[int, int]:
        actions = deals = 0
        c0 = time.process_time()
        while time.process_time() - c0 < seconds:
            for _ in range(200):
                s = state[0]
                if s.is_over:
                    games[0] += 1
                    s = state[0] = new_game(games[0])
                    deals += 1
                s.apply(rng.choice(s.legal_actions()))
                actions += 1
        return actions, deals

    return run


def uno_loop() -> Loop | None:
    """RLCard's Uno game loop with random legal actions, or None without RLCard."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame  # type: ignore[import-untyped]
    except ImportError:
        return None
    game = UnoGame(num_players=2)
    game.np_random = np.random.RandomState(1)
    game.init_game()
    rng = random.Random(1)

    def run(seconds: float) -> tuple[int, int]:
        actions = deals = 0
        c0 = time.process_time()
        while time.process_time() - c0 < seconds:
            for _ in range(200):
                if game.is_over():
                    game.init_game()
                    deals += 1
                game.step(rng.choice(game.get_legal_actions()))
                actions += 1
        return actions, deals

    return run


def side_by_side(loops: dict[str, Loop | None], seconds: float) -> dict[str, Any]:
    """Run the loops in alternating slices, `seconds` of CPU time each.

    Returns per loop {"cpu": actions/s by CPU time, "wall": by wall clock, "deals": n},
    or None for a loop that could not run (RLCard missing).
    """
    totals: dict[str, list[float]] = {k: [0, 0, 0.0, 0.0] for k in loops}
    spent = 0.0
    while spent < seconds:
        for name, loop in loops.items():
            if loop is None:
                continue
            c0, w0 = time.process_time(), time.perf_counter()
            actions, deals = loop(SLICE)
            t = totals[name]
            t[0] += actions
            t[1] += deals
            t[2] += time.process_time() - c0
            t[3] += time.perf_counter() - w0
        spent += SLICE
    out: dict[str, Any] = {}
    for name, (n, new, cpu, wall) in totals.items():
        out[name] = None if loops[name] is None else {
            "cpu": n / cpu, "wall": n / wall, "deals": int(new)
        }  # fmt: skip
    return out


def ratio_text(mine: dict[str, Any], uno: dict[str, Any] | None) -> str:
    """`1.97× Uno` (by CPU time), or a note that RLCard is missing."""
    if uno is None:
        return "Uno not measured (pip install rlcard)"
    return f"{mine['cpu'] / uno['cpu']:.2f}× Uno"
