"""Provides the measurement behind the decision on reclaim.py with worker recycling: the
churn soak against `footycards serve --workers 2 --hub ... --recycle-mb N`, with what
sessions drop freed at once (reclaim.py, the default) and without it.

Usage: python benchmarks/bench_recycle.py [--sessions 200] [--at-once 10]
           [--recycle-mb 64] [--modes on,deep,recycle] [--workers 2] [--keep DIR]

`--keep DIR` keeps each mode's server.log (and the servers' console) in DIR/MODE/ and
prints where; without it they go with the run's temporary folder.

Each mode is `serve`'s hidden `--reclaim` switch (for this measurement only):
- on: what a session drops (screens, its app when it ends) is freed half a second later
  by reclaim.py; deep collections only when that fails (today's server);
- deep: no reclaim: what sessions drop waits for deep collections (taken as memory.py
  says: a quarter as many ended sessions unfreed as open ones, or memory beyond what the
  open sessions explain);
- recycle: no reclaim and no deep collection while sessions are open: what sessions drop
  stays until the worker holds `--recycle-mb` more than its sessions explain, is
  recycled (stops accepting, exits with its last session) and a fresh one takes its
  place.

It starts a redis-server of its own and the server as a person would (`python -m
footycards.cli serve`, one mode after the other, each in a fresh FOOTYCARDS_HOME); the
clients are bench_ssh_churn.py's (every screen in turn, a local Stadium game, a shared
Quartett table with a rematch, a hang-up at a random moment), --at-once at a time, with
two probe sessions at the launcher pressing ↓/↑ every 0.25 s. Per mode: the resident
memory of the supervisor and every worker together (after the first 100 sessions, the
most, at the end), workers recycled, deep collections and their lengths (server.log),
the probes' key latencies (the pauses a person sees), and whether every session slot
is free afterwards (the session counts the workers publish in Redis). The clients run on
the same machine and cores as the server.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ssh_churn import LAUNCHER, Client, one_session, probe_keys, summary  # noqa: E402
from bench_workers import Server, start_redis  # noqa: E402


def sessions_open(url: str) -> int:
    """Sessions the workers say are open (their counts in Redis)."""
    import redis

    client = redis.Redis.from_url(url, decode_responses=True)
    try:
        keys = list(client.scan_iter(match="fc:sessions:*"))
        return sum(int(v) for v in (client.mget(keys) if keys else []) if v and v.isdigit())
    finally:
        client.close()


def log_figures(path: Path) -> tuple[list[int], int, int]:
    """Deep collections' lengths (ms), workers recycled and tracebacks in server.log."""
    text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
    deep = [int(ms) for ms in re.findall(r"deep collection .* in (\d+) ms", text)]
    return deep, text.count("is recycled:"), text.count("Traceback")


async def churn(mode: str, args: argparse.Namespace, url: str, home: Path) -> None:
    folder = home / f"mode-{mode}"
    server = Server(
        folder,
        "--workers",
        str(args.workers),
        "--hub",
        url,
        "--recycle-mb",
        str(args.recycle_mb),
        "--reclaim",
        mode,
        "--takeover-wait",
        "0",
    )
    try:
        await asyncio.sleep(2.0)
        start_rss = server.rss()
        probes = [await Client().connect(server.port, f"probe{i}") for i in range(2)]
        for probe in probes:
            await probe.wait_for(LAUNCHER)
        stop = asyncio.Event()
        waits: list[float] = []
        probing = [asyncio.create_task(probe_keys(p, stop, waits)) for p in probes]
        stats: dict[str, int] = dict.fromkeys(
            ("whole tours", "local games", "tables hosted", "tables joined", "rounds played"),
            0,
        )
        stats.update({"rematches asked": 0, "refused": 0, "dropped by the server": 0})
        rng = random.Random(args.seed)
        queue = list(range(args.sessions))
        done = 0
        rss_at_100: float | None = None
        most = start_rss
        began = time.monotonic()

        async def lane() -> None:
            nonlocal done, rss_at_100, most
            mine = random.Random(rng.random())
            while queue:
                await one_session(server.port, queue.pop(0), mine, stats)
                done += 1
                rss = server.rss()
                most = max(most, rss)
                if done == 100:
                    rss_at_100 = rss
                if done % 50 == 0:
                    print(
                        f"    {done:5} sessions: RSS {rss:6.1f} MB "
                        f"({len(server.pids()) - 1} workers), {time.monotonic() - began:4.0f} s",
                        flush=True,
                    )

        await asyncio.gather(*(lane() for _i in range(args.at_once)))
        ended = time.monotonic()
        while sessions_open(url) > len(probes) and time.monotonic() - ended < 60:
            await asyncio.sleep(0.2)
        freed = time.monotonic() - ended
        left = sessions_open(url) - len(probes)
        await asyncio.sleep(5.0)
        stop.set()
        await asyncio.gather(*probing)
        end_rss = server.rss()
        deep, recycled, tracebacks = log_figures(folder / "data" / "server.log")
        first = f"{rss_at_100:.0f}" if rss_at_100 is not None else "-"
        longest = max(deep) if deep else 0
        print(f"  --reclaim {mode}: {args.sessions} sessions, {time.monotonic() - began:.0f} s")
        print(
            f"    RSS (supervisor + workers): start {start_rss:.0f} MB, after 100 sessions "
            f"{first} MB, most {most:.0f} MB, end {end_rss:.0f} MB"
        )
        print(
            f"    workers recycled {recycled}; deep collections {len(deep)}"
            f"{f', longest {longest} ms, total {sum(deep)} ms' if deep else ''}; "
            f"tracebacks {tracebacks}"
        )
        print(f"    probe keys: {summary(waits)}")
        print(f"    every slot free {freed:.1f} s after the last hang-up ({left} left)")
        print("    " + ", ".join(f"{k} {v}" for k, v in stats.items()), flush=True)
        for probe in probes:
            probe.hang_up()
    finally:
        server.stop()
        if args.keep:
            kept = keep_logs(folder, Path(args.keep) / mode)
            print(f"    server.log of --reclaim {mode} kept in {kept}", flush=True)


def keep_logs(folder: Path, into: Path) -> Path:
    """Copy a mode's server.log (with its rotated copies) and console to `into`."""
    into.mkdir(parents=True, exist_ok=True)
    for path in [*sorted((folder / "data").glob("server.log*")), folder / "stderr.txt"]:
        if path.is_file():
            shutil.copy2(path, into / path.name)
    return into.resolve()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--at-once", type=int, default=10)
    parser.add_argument("--recycle-mb", type=float, default=64.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--modes", default="on,deep,recycle")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--keep", default="", help="keep each mode's server.log in DIR/MODE/")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        redis_proc, url = start_redis(home)
        try:
            print(
                f"== churn with --workers {args.workers} --recycle-mb {args.recycle_mb:g}, "
                f"{args.sessions} sessions, {args.at_once} at a time =="
            )
            for mode in args.modes.split(","):
                asyncio.run(churn(mode, args, url, home))
        finally:
            redis_proc.terminate()
            redis_proc.wait(10)


if __name__ == "__main__":
    main()
