"""Provides a quick in-process measure of the launcher's memory: N FootyApps (as served
sessions: a hub and a user each) open at the launcher at once through `run_test`, and the
memory `tracemalloc` traces per app, with the widget count of one launcher.

Usage: python benchmarks/bench_launcher_memory.py [--apps 1,10] [--size 80x24]

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


async def measure(n: int, size: tuple[int, int]) -> tuple[float, int]:
    """MB traced per app with `n` apps at the launcher, and one launcher's widgets."""
    from footycards.tables import TableHub
    from footycards.tui.app import FootyApp

    hub = TableHub()
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    async with contextlib.AsyncExitStack() as stack:
        apps = []
        for i in range(n):
            app = FootyApp(hub=hub, user=f"user{i}", speed="instant")
            pilot = await stack.enter_async_context(app.run_test(size=size))
            await pilot.pause()
            apps.append(app)
        gc.collect()
        used = tracemalloc.get_traced_memory()[0] - base
        widgets = len(list(apps[0].screen.walk_children()))
    tracemalloc.stop()
    return used / n / 1e6, widgets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", default="1,10")
    parser.add_argument("--size", default="80x24")
    args = parser.parse_args()
    os.environ["FOOTYCARDS_HOME"] = tempfile.mkdtemp()
    width, height = (int(part) for part in args.size.split("x"))
    for n in (int(part) for part in args.apps.split(",")):
        mb, widgets = asyncio.run(measure(n, (width, height)))
        print(f"{n:4d} apps at the launcher: {mb:.2f} MB traced per app, {widgets} widgets")


if __name__ == "__main__":
    main()
