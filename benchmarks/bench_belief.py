"""Provides the belief benchmark: how well `hard`'s reading of the two-player ask game guesses.

Usage: python benchmarks/bench_belief.py [--games N] [--first SEED] [--against LEVEL]
       [--model "a1,a2,a3/o1,o2,o3[/s[/p]]" ...] [--steps S]

Plays N two-player Quartett games (the ask game; game g on seed g, `hard` in seat g % 2)
of `hard` against LEVEL (default `normal`), keeping at each of hard's decisions its view,
its legal asks and the opponent's real hand. Then for each model given (`--model`: the log
weights `AskModel.asked[1..3]` and `AskModel.other[1..3]`, its `shown` and `passed`; "none": every
fitting history alike) a fresh `OpponentBelief` per game reads those views in order (S
chain steps each, default hard's), and this prints, over every card the seat cannot place
(neither its own, nor known by a hit, nor on the table):

- the log loss of the chance that the opponent holds it (lower is better), and the Brier
  score;
- how often the likeliest of the legal asks (by the chances alone) was a hit, against how
  often a hit was there to be had at all;
- CPU ms per read (mean, max).

The positions are those the current `hard` met, so every model is scored on the same ones.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from typing import Any

from footycards.ai.quartett import BELIEF_STEPS, belief_known, deck_catalog
from footycards.ai.quartett_belief import AskModel, OpponentBelief
from footycards.core import get_game
from footycards.match import make_agent


def positions(games: range, against: str) -> list[list[tuple[Any, list[str], set[str]]]]:
    """Per game, hard's decisions: (view, the cards it may ask for, the opponent's hand)."""
    engine = get_game("quartett")
    out = []
    for g in games:
        side = g % 2
        agents = [make_agent("quartett", "hard" if s == side else against) for s in range(2)]
        state = engine.new_game(2, seed=g, options={"mode": "quartett"})
        rng = random.Random(g)
        game = []
        while not state.is_over:
            m = state.to_move
            view = state.view(m, log=False)
            legal = state.legal_actions()
            if m == side and len(legal) > 1:
                game.append(
                    (json.loads(json.dumps(view)), [a.card for a in legal], set(state.hands[1 - m]))
                )
            state.apply(agents[m].choose(view, legal, rng))
        out.append(game)
    return out


def parse_model(text: str) -> AskModel | None:
    """ "a1,a2,a3/o1,o2,o3[/shown[/passed]]" as an AskModel; "none": None."""
    if text == "none":
        return None
    parts = text.split("/")
    asked, other = (tuple(float(x) for x in part.split(",")) for part in parts[:2])
    shown = float(parts[2]) if len(parts) > 2 else 1.0
    passed = float(parts[3]) if len(parts) > 3 else 0.0
    return AskModel((0.0, *asked), (0.0, *other), shown, passed)  # type: ignore[arg-type]


def score(
    games: list[list[tuple[Any, list[str], set[str]]]], model: AskModel | None, steps: int
) -> dict[str, float]:
    """The figures of the module's docstring for one model."""
    loss = brier = 0.0
    cards = hits = chances = reads = 0
    cpu: list[float] = []
    for k, game in enumerate(games):
        belief = OpponentBelief(model=model)
        rng = random.Random(k)
        for view, legal, truth in game:
            ids = [c["id"] for c in deck_catalog(view)]
            c0 = time.thread_time()
            held = belief.chances(view, ids, rng, steps)
            cpu.append(time.thread_time() - c0)
            if held is None:
                continue
            reads += 1
            known = belief_known(view)
            for c in ids:
                if c in known:
                    continue
                p = min(1 - 1e-6, max(1e-6, held[c]))
                y = c in truth
                loss -= math.log(p if y else 1 - p)
                brier += (p - y) ** 2
                cards += 1
            best = max(legal, key=lambda c: (held.get(c, 0.0), c))
            hits += best in truth
            chances += any(c in truth for c in legal)
    return {
        "log loss": loss / max(1, cards),
        "brier": brier / max(1, cards),
        "best hits": hits / max(1, reads),
        "hit there": chances / max(1, reads),
        "reads": reads,
        "cpu ms": 1000 * statistics.fmean(cpu) if cpu else 0.0,
        "cpu max": 1000 * max(cpu, default=0.0),
    }


def main(argv: list[str] | None = None) -> int:
    """Collect the positions once, then score every model on them."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games (default 60)")
    parser.add_argument("--first", type=int, default=5000, help="the first seed (default 5000)")
    parser.add_argument("--against", default="normal", help="hard's opponent (default normal)")
    parser.add_argument("--steps", type=int, default=BELIEF_STEPS, help="chain steps a read")
    parser.add_argument("--model", action="append", default=[], help='"a1,a2,a3/o1,o2,o3"')
    args = parser.parse_args(argv)
    games = positions(range(args.first, args.first + args.games), args.against)
    n = sum(len(g) for g in games)
    print(f"{args.games} games v {args.against} from seed {args.first}: {n} decisions")
    for text in args.model or ["none"]:
        got = score(games, parse_model(text), args.steps)
        print(
            f"  {text:<28} log loss {got['log loss']:.4f}  brier {got['brier']:.4f}  "
            f"best ask hit {got['best hits']:.1%} (a hit there {got['hit there']:.1%})  "
            f"cpu {got['cpu ms']:.1f} ms (max {got['cpu max']:.1f})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
