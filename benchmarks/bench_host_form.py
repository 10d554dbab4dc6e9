"""Measures the CPU time of building the Host-a-table form (every SSH session that hosts
a table builds one): F5 from the launcher until the form is mounted and drawn.

Run: python benchmarks/bench_host_form.py [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from footycards.tables import TableHub
from footycards.tui.app import FootyApp
from footycards.tui.screens.tables import HostScreen


async def one_build(home: Path) -> float:
    """The process CPU seconds from F5 to the drawn host form."""
    app = FootyApp(hub=TableHub(ai_delay=0), user="Ann", speed="instant", home=home)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        start = time.process_time()
        await pilot.press("f5")
        while not isinstance(app.screen, HostScreen):
            await pilot.pause()
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        asyncio.run(one_build(home))  # warm: modules imported, CSS parsed once
        times = [asyncio.run(one_build(home)) for _ in range(args.runs)]
    print(
        f"host form build: median {statistics.median(times) * 1000:.0f} ms CPU "
        f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}, {args.runs} runs)"
    )


if __name__ == "__main__":
    main()
