"""Provides an in-process measure of a served session's memory: N FootyApps (as SSH
sessions: one hub, a user each) through `run_test`, at the launcher or seated in pairs at
shared Stadium tables with their game screens open, and the memory `tracemalloc` traces
per app, with the widget count of one app's screen; `--top K` lists where it goes
(grouped by source line).

Usage: python benchmarks/bench_app_memory.py [--where launcher|table] [--apps 1,10]
                                             [--size 80x24] [--top 0]

Nothing is written but a temporary FOOTYCARDS_HOME.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import tempfile
import tracemalloc

PLACES = {"launcher": "at the launcher", "table": "at Stadium tables"}


async def measure(n: int, where: str, size: tuple[int, int], top: int) -> tuple[float, int]:
    """MB traced per app with `n` apps `where` (launcher or table), and the widgets of
    one app's screen; prints the `top` source lines that hold the most of it."""
    from footycards.tables import TableHub
    from footycards.tui.app import FootyApp
    from footycards.tui.screens.tables import enter_table

    hub = TableHub()
    gc.collect()
    tracemalloc.start(1 if not top else 8)
    base = tracemalloc.take_snapshot() if top else None
    start = tracemalloc.get_traced_memory()[0]
    async with contextlib.AsyncExitStack() as stack:
        apps = []
        pilots = []
        table = None
        for i in range(n):
            app = FootyApp(hub=hub, user=f"user{i}", speed="instant")
            pilot = await stack.enter_async_context(app.run_test(size=size))
            await pilot.pause()
            if where == "table":
                if i % 2 == 0:
                    table = hub.open_table(f"user{i}", "stadium", [None, None], {})
                assert table is not None
                enter_table(app, table)
                await pilot.pause()
            apps.append(app)
            pilots.append(pilot)
        for pilot in pilots:
            await pilot.pause()
        gc.collect()
        used = tracemalloc.get_traced_memory()[0] - start
        widgets = len(list(apps[0].screen.walk_children()))
        if top and base is not None:
            snap = tracemalloc.take_snapshot()
            for stat in snap.compare_to(base, "lineno")[:top]:
                print(f"  {stat.size_diff / n / 1e3:8.1f} KB/app  {stat.traceback[0]}")
        print(f"  screen: {type(apps[0].screen).__name__}")
    tracemalloc.stop()
    return used / n / 1e6, widgets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--where", choices=sorted(PLACES), default="launcher")
    parser.add_argument("--apps", default="1,10")
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--top", type=int, default=0)
    args = parser.parse_args()
    os.environ["FOOTYCARDS_HOME"] = tempfile.mkdtemp()
    width, height = (int(part) for part in args.size.split("x"))
    for n in (int(part) for part in args.apps.split(",")):
        mb, widgets = asyncio.run(measure(n, args.where, (width, height), args.top))
        print(f"{n:4d} apps {PLACES[args.where]}: {mb:.2f} MB traced per app, {widgets} widgets")


if __name__ == "__main__":
    main()
