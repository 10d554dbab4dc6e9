"""CPU time of one key press on the Stadium screen: cursor moves and flips on a 10×10 table.

Run: python benchmarks/bench_stands.py [--presses 50] [--size 120x40] [--profile]
The app runs headless under Textual's pilot; `time.process_time()` is read around the key
presses (each awaited until the screen has been redrawn), so the figure is the app's own
CPU per key, as a server with many sessions in one process pays it.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import tempfile
import time

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp


async def measure(presses: int, size: tuple[int, int], profile: bool) -> None:
    match = Match.start("stadium", parse_players("Ann,Bob"), 1, {"rows": 10, "cols": 10})
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        prof = cProfile.Profile() if profile else None
        for name, keys in (
            ("a key bound to nothing (x), for scale", ["x"] * presses),
            ("cursor move (→)", ["right"] * presses),
            ("cursor move (↑)", ["up"] * presses),
        ):
            await pilot.pause()
            if prof:
                prof.enable()
            start = time.process_time()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            spent = time.process_time() - start
            if prof:
                prof.disable()
            print(f"{name}: {spent / len(keys) * 1000:.1f} ms CPU per key")
        # flips: move to a face-down card and flip it, by turns (a pair or not)
        spent, flips = 0.0, 0
        for _i in range(min(presses, 20)):
            await pilot.press("right")
            await pilot.pause()
            if match.state.is_over or match.due is None:
                break
            if prof:
                prof.enable()
            start = time.process_time()
            await pilot.press("enter")
            await pilot.pause()
            spent += time.process_time() - start
            if prof:
                prof.disable()
            flips += 1
        if flips:
            print(f"flip (Enter): {spent / flips * 1000:.1f} ms CPU per key ({flips} flips)")
        if prof:
            pstats.Stats(prof).sort_stats("cumulative").print_stats(40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presses", type=int, default=50)
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    w, h = (int(n) for n in args.size.split("x"))
    os.environ.setdefault("FOOTYCARDS_HOME", tempfile.mkdtemp(prefix="bench-stands-"))
    asyncio.run(measure(args.presses, (w, h), args.profile))


if __name__ == "__main__":
    main()
