"""Provides the SSH server benchmark: memory per session and keystroke latency under load.

Usage: python benchmarks/bench_ssh.py [--sessions 1,50,200] [--typing 25,50,100]
                                      [--ai-tables 10] [--solo 10] [--seconds 8]

It starts `footycards serve`'s server (FootyServer, one TableHub) in a subprocess on a free
loopback port, then connects asyncssh clients with a pty from this process:

1. Memory: the server's RSS with 1, 50 and 200 sessions at the launcher, then with the
   same number of sessions seated in pairs at Stadium tables (host with F5 Ctrl+S, join
   with F6 Tab Enter, by keys). In the same run the same sessions served one process per
   session (`footycards` in a pty of its own, --solo of them measured, the mean scaled to
   the session count) give the ratio. Each row also says how long a deep collection
   (footycards/ssh/memory.py) holds the server's loop with that many sessions, and the
   RSS after it (what the launcher left by players who went to a table held till then).
2. Latency: while --ai-tables tables play `hard` AI Stadium games in the server (a seat
   left by a bot is taken over by the AI at once: both seats AI, decisions in worker
   threads as at any table), N sessions each in a Stadium game of their own press → / ←
   every 0.3-0.7 s (`--where launcher`: ↓/↑ over the launcher's games, which redraws
   the whole options panel); the latency is from sending the key to the last byte of
   the redraw it causes (no byte for 50 ms after it), reported as
   p50/p95 for each N in --typing, to find where p95 passes 150 ms.

The clients run on the same machine (and cores) as the server: their SSH work is part
of the load. Figures go to stdout; nothing is written but a temporary FOOTYCARDS_HOME.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import pty
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

HERE = Path(__file__).resolve().parent.parent
LAUNCHER = b"pick a game"
DOWN, UP = b"\x1b[B", b"\x1b[A"
RIGHT, LEFT = b"\x1b[C", b"\x1b[D"
QUIET = 0.05  # a redraw is over when no byte has come for this long
PYTHON_GC = "BENCH_SSH_PYTHON_GC"  # set (by --python-gc): the server keeps Python's collection


# -- the server (in a subprocess: `bench_ssh.py --serve`) ------------------------------


def serve(ai_tables: int) -> None:
    """Run the server with `ai_tables` AI-only Stadium tables; print the port."""
    from footycards.ssh.memory import DEEP
    from footycards.ssh.server import FootyServer, ServerOptions
    from footycards.tables import TableHub

    async def keep_playing(hub: TableHub, n: int) -> None:
        while True:
            playing = [t for t in hub.tables.values() if t.match and not t.match.is_over]
            for _i in range(n - len(playing)):
                table = hub.open_table("bot", "stadium", [None, "hard"], {})
                presence = table.sit("bot", lambda change: None)
                table.leave(presence)  # takeover_wait 0: the AI takes the bot's seat
            await asyncio.sleep(1.0)

    async def main() -> None:
        hub = TableHub(takeover_wait=0.0)
        freeze = not os.environ.get(PYTHON_GC)  # --python-gc: Python's own collection
        options = ServerOptions(
            port=0,
            max_sessions=5000,
            max_per_address=5000,  # every client is on this machine
            rate_limit=1_000_000,
            idle_timeout=0,
            keepalive=0,
            freeze_gc=freeze,
        )
        server = FootyServer(options, hub=hub)
        port = await server.start()
        sys.__stdout__.write(f"{port}\n")  # type: ignore[union-attr]
        sys.__stdout__.flush()  # type: ignore[union-attr]

        def deep() -> None:  # SIGUSR1: a deep collection now; print how long it held the loop
            if freeze:
                took = server.gc.collect(DEEP, len(server.sessions))
            else:
                began = time.perf_counter()
                gc.collect()  # what Python's own full collection costs
                took = time.perf_counter() - began
            sys.__stdout__.write(f"{took * 1000:.0f}\n")  # type: ignore[union-attr]
            sys.__stdout__.flush()  # type: ignore[union-attr]

        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, deep)
        if ai_tables:
            await keep_playing(hub, ai_tables)
        await asyncio.Event().wait()

    asyncio.run(main())


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def pss_mb(pid: int) -> float:
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    for line in text.splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return 0.0


# -- clients -----------------------------------------------------------------------------


class Watch(asyncssh.SSHClientSession[bytes]):
    def __init__(self, client: Client) -> None:
        self.client = client

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.client.got(data)


class Client:
    def __init__(self, user: str) -> None:
        self.user = user
        self.raw = bytearray()
        self.arrived = asyncio.Event()
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: Any = None

    async def connect(self, port: int) -> Client:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.user,
            known_hosts=None,
            client_keys=None,
            agent_path=None,
        )
        self.chan, _s = await self.conn.create_session(
            lambda: Watch(self), term_type="xterm-256color", term_size=(120, 40), encoding=None
        )
        return self

    def got(self, data: bytes) -> None:
        self.raw += data
        if len(self.raw) > 200_000:
            del self.raw[:100_000]
        self.arrived.set()

    def send(self, data: bytes) -> None:
        self.chan.write(data)

    async def wait_for(self, marker: bytes, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while marker not in self.raw:
            if time.monotonic() > end:
                raise TimeoutError(f"{marker!r} never arrived for {self.user}")
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), 1.0)
            except TimeoutError:
                pass

    async def key_latency(self, key: bytes, timeout: float = 5.0) -> float | None:
        """Seconds from sending `key` to the last byte of the redraw it causes (the
        output has then been quiet for QUIET seconds)."""
        await asyncio.sleep(QUIET)  # let earlier output finish
        self.arrived.clear()
        start = time.perf_counter()
        self.send(key)
        try:
            await asyncio.wait_for(self.arrived.wait(), timeout)
        except TimeoutError:
            return None
        last = time.perf_counter()
        while True:
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), QUIET)
            except TimeoutError:
                return last - start
            last = time.perf_counter()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


async def connect_many(port: int, n: int, first: int) -> list[Client]:
    clients: list[Client] = []
    for i in range(n):  # in small groups: the handshakes are CPU work for the server
        clients.append(await Client(f"p{first + i}").connect(port))
        if len(clients) % 10 == 0:
            await asyncio.gather(*(c.wait_for(LAUNCHER) for c in clients[-10:]))
    await asyncio.gather(*(c.wait_for(LAUNCHER) for c in clients))
    return clients


async def seat_in_pairs(clients: list[Client]) -> None:
    """Host a Stadium table with one client, join it with the next, by keys."""
    for host, guest in zip(clients[::2], clients[1::2], strict=False):
        host.send(b"\x1b[15~")  # F5: host a table
        await host.wait_for(b"host a table")
        await asyncio.sleep(0.3)
        host.raw.clear()
        host.send(b"\x13")  # Ctrl+S: open it (Stadium, two seats for people)
        await host.wait_for(b"Leave table", timeout=30)
        guest.send(b"\x1b[17~")  # F6: join a table
        await guest.wait_for(b"join a table")
        await asyncio.sleep(0.5)
        guest.send(b"\t")  # to the list of open tables
        await asyncio.sleep(0.3)
        guest.raw.clear()
        guest.send(b"\r")
        await guest.wait_for(b"Stadium", timeout=30)
    await asyncio.sleep(2.0)


def solo_processes(n: int) -> tuple[float, float]:
    """Mean RSS and PSS (MB) of a footycards process alone at the launcher in a pty."""
    procs: list[tuple[subprocess.Popen[bytes], int]] = []
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(HERE)}
    for _i in range(n):
        master, slave = pty.openpty()
        os.set_blocking(master, False)
        proc = subprocess.Popen(
            [sys.executable, "-c", "from footycards.cli import main; main()"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=HERE,
            start_new_session=True,
        )
        os.close(slave)
        procs.append((proc, master))
    end = time.monotonic() + 60
    seen = {master: b"" for _p, master in procs}
    while time.monotonic() < end and not all(LAUNCHER in s for s in seen.values()):
        for _p, master in procs:
            try:
                seen[master] = (seen[master] + os.read(master, 65536))[-4096:]
            except (BlockingIOError, OSError):
                pass
        time.sleep(0.05)
    time.sleep(1.0)
    rss = [rss_mb(p.pid) for p, _m in procs]
    pss = [pss_mb(p.pid) for p, _m in procs]
    for proc, master in procs:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        os.close(master)
    return statistics.mean(rss), statistics.mean(pss)


def start_server(home: str, ai_tables: int) -> tuple[subprocess.Popen[bytes], int]:
    env = {**os.environ, "FOOTYCARDS_HOME": home, "PYTHONPATH": str(HERE)}
    proc = subprocess.Popen(
        [sys.executable, __file__, "--serve", "--ai-tables", str(ai_tables)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=HERE,
    )
    assert proc.stdout is not None
    port = int(proc.stdout.readline())
    return proc, port


async def memory(counts: list[int], solo: int, home: str) -> None:
    print("== memory (server RSS, MB) ==")
    rows: list[tuple[str, int, float]] = []
    for where in ("launcher", "Stadium table"):
        for n in counts:
            proc, port = start_server(home, 0)
            base = rss_mb(proc.pid)
            clients = await connect_many(port, n, 0)
            if where != "launcher":
                await seat_in_pairs(clients)
            await asyncio.sleep(1.0)
            rows.append((where, n, rss_mb(proc.pid)))
            proc.send_signal(signal.SIGUSR1)  # how long a deep collection holds the loop
            assert proc.stdout is not None
            deep_ms = (await asyncio.to_thread(proc.stdout.readline)).decode().strip()
            await asyncio.sleep(0.5)
            print(
                f"  {where:14} {n:4} sessions: {rows[-1][2]:7.1f} MB (idle server {base:.1f}); "
                f"a deep collection holds the loop {deep_ms} ms, then {rss_mb(proc.pid):.1f} MB"
            )
            for c in clients:
                c.close()
            proc.terminate()
            proc.wait(20)
    per: dict[str, float] = {}
    for where in ("launcher", "Stadium table"):
        mine = {n: mb for w, n, mb in rows if w == where}
        if len(mine) > 1:
            lo, hi = min(mine), max(mine)
            per[where] = (mine[hi] - mine[lo]) / (hi - lo)
            print(f"  per extra session at the {where}: {per[where]:.2f} MB")
    rss, pss = solo_processes(solo)
    print(f"  one process per session: {rss:.1f} MB RSS, {pss:.1f} MB PSS each (of {solo})")
    for where, n, mb in rows:
        if where == "launcher" and n > 1:
            print(
                f"  {n} sessions one process each: {n * rss:.0f} MB RSS "
                f"({n * pss:.0f} MB PSS) vs {mb:.0f} MB in one server: "
                f"ratio {n * rss / mb:.1f}x ({n * pss / mb:.1f}x by PSS)"
            )


async def into_game(client: Client) -> None:
    """From the launcher into a Stadium game against the AI (Ctrl+S, no date given)."""
    client.send(b"\x13")
    await client.wait_for(b"YYYY-MM-DD")
    await asyncio.sleep(0.2)
    client.send(b"\r")
    await client.wait_for(b"flip a card")


async def type_keys(
    client: Client, rng: random.Random, stop: float, samples: list[float], keys: tuple[bytes, ...]
) -> int:
    """Press `keys` in turn every 0.3-0.7 s until `stop`; add each latency; return the
    number of keys never answered."""
    lost = 0
    turn = 0
    while time.monotonic() < stop:
        await asyncio.sleep(rng.uniform(0.3, 0.7))
        took = await client.key_latency(keys[turn % len(keys)])
        turn += 1
        if took is None:
            lost += 1
        else:
            samples.append(took)
    return lost


async def latency(counts: list[int], ai_tables: int, seconds: float, home: str, where: str) -> None:
    print(
        f"== keystroke latency ({where}) with {ai_tables} tables playing hard AI Stadium games =="
    )
    keys = (RIGHT, LEFT) if where == "game" else (DOWN, UP)
    passed = False
    for n in counts:
        proc, port = start_server(home, ai_tables)
        clients = await connect_many(port, n, 0)
        if where == "game":
            for group in range(0, n, 10):
                await asyncio.gather(*(into_game(c) for c in clients[group : group + 10]))
        await asyncio.sleep(2.0)
        samples: list[float] = []
        stop = time.monotonic() + seconds
        lost = sum(
            await asyncio.gather(
                *(
                    type_keys(c, random.Random(i), stop, samples, keys)
                    for i, c in enumerate(clients)
                )
            )
        )
        samples.sort()
        p50 = samples[len(samples) // 2] * 1000 if samples else float("nan")
        p95 = samples[int(len(samples) * 0.95)] * 1000 if samples else float("nan")
        print(
            f"  {n:4} sessions typing: p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  "
            f"({len(samples)} keys, {lost} without a redraw in 5 s), server RSS "
            f"{rss_mb(proc.pid):.0f} MB"
        )
        for c in clients:
            c.close()
        proc.terminate()
        proc.wait(20)
        if p95 > 150 and not passed:
            passed = True
            print(f"  p95 passes 150 ms at {n} sessions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sessions", default="1,50,200")
    parser.add_argument("--typing", default="25,50,100,150,200")
    parser.add_argument("--ai-tables", type=int, default=10)
    parser.add_argument("--solo", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument(
        "--where",
        choices=("game", "launcher"),
        default="game",
        help="type arrows in a Stadium game (default) or ↓/↑ over the launcher's games",
    )
    parser.add_argument(
        "--python-gc",
        action="store_true",
        help="serve with Python's own garbage collection (not memory.py's), to compare",
    )
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--skip-latency", action="store_true")
    args = parser.parse_args()
    if args.serve:
        serve(args.ai_tables)
        return
    if args.python_gc:
        os.environ[PYTHON_GC] = "1"  # for the server subprocesses
    with tempfile.TemporaryDirectory() as home:
        if not args.skip_memory:
            counts = [int(x) for x in args.sessions.split(",")]
            asyncio.run(memory(counts, args.solo, home))
        if not args.skip_latency:
            counts = [int(x) for x in args.typing.split(",")]
            asyncio.run(latency(counts, args.ai_tables, args.seconds, home, args.where))


if __name__ == "__main__":
    main()
