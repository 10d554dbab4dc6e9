"""Provides the SSH soak benchmarks: churn (memory, pauses, slots), input floods, resize storms.

Usage: python benchmarks/bench_ssh_churn.py [--sessions 1000] [--at-once 10]
           [--phases churn,flood,resize] [--gc freeze|python] [--flood-seconds 10]

It starts `footycards serve`'s server (FootyServer, as `footycards serve` builds it) in a
subprocess on a free loopback port, then drives asyncssh clients with a pty from this
process. A probe session sits at the launcher throughout and presses ↓/↑ every 0.25 s;
its latency is from sending the key to the first byte of the redraw. The server also
times its own loop (a 50 ms sleep, how late it wakes) and reports the longest pause.

- churn: --sessions sessions, --at-once at a time; each visits every screen in turn
  (launcher, rules F1, keys F2, statistics F3, join list F6, host form F5, a local
  Stadium game, then a shared Quartett table, one round, hosted or joined from the list
  of open tables, and a rematch) and hangs up at a random moment (a random time within
  the tour: mid screen change included). Afterwards: how long until every slot is
  free, the server's RSS after the first 100 sessions and at the end, the longest loop
  pause and probe key, the deep collections server.log reports, and its tracebacks.
- flood: 3 sessions each write 20 KiB of `a` every 0.1 s for --flood-seconds while the
  probe times its keys.
- resize: one session changes its window 1x1 <-> 1000x1000 every 10 ms for
  --flood-seconds; the bytes it was sent, and the probe's keys meanwhile.

The clients run on the same machine (and cores) as the server. Figures go to stdout;
nothing is written but a temporary FOOTYCARDS_HOME.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_ssh import DOWN, HERE, LAUNCHER, UP, rss_mb  # noqa: E402

F1, F2, F3, F5, F6 = b"\x1bOP", b"\x1bOQ", b"\x1bOR", b"\x1b[15~", b"\x1b[17~"
ESC, TAB, ENTER, CTRL_S = b"\x1b", b"\t", b"\r", b"\x13"
PYTHON_GC = "BENCH_CHURN_PYTHON_GC"
STALLS = "BENCH_CHURN_STALLS"  # a file: what the loop ran when it was late (stall_sampler.py)
TURNS = "BENCH_CHURN_TURNS"  # a file: what each long turn of the loop ran (turn_sampler.py)
DIAGNOSTIC = "BENCH_CHURN_DIAG"  # a file: what deep collections free, and why (churn_diagnostic.py)
FREEZE_EVERY = "BENCH_CHURN_FREEZE_EVERY"  # seconds: the policy's freeze_every, to try
PROFILE = "BENCH_CHURN_PROFILE"  # a file: cProfile stats of the server (pstats format)
PAUSE_BOUNDS = (0.1, 0.15, 0.2)  # the loop pauses counted over each of these (seconds)


class Stuck(Exception):
    """A screen that never came (the session gave up and hung up)."""


# -- the server (in a subprocess: `bench_ssh_churn.py --serve`) -----------------------


def serve(max_sessions: int) -> None:
    """Run the server as `footycards serve` does (its own TableHub and store); print the
    port; on SIGUSR1 print the open sessions and the longest loop pause since the last."""
    from footycards.ssh.server import FootyServer, ServerOptions

    if os.environ.get(TURNS):
        from turn_sampler import install as time_turns

        time_turns(os.environ[TURNS])

    async def main() -> None:
        options = ServerOptions(
            port=0,
            max_sessions=max_sessions,
            rate_limit=1_000_000,
            idle_timeout=0,
            keepalive=0,
            takeover_wait=0.0,
            max_per_address=1_000_000,
            freeze_gc=not os.environ.get(PYTHON_GC),
        )
        server = FootyServer(options)
        port = await server.start()
        if os.environ.get(STALLS):
            from stall_sampler import install as sample_stalls

            sample_stalls(os.environ[STALLS])
        if os.environ.get(DIAGNOSTIC):
            from churn_diagnostic import install

            install(server, os.environ[DIAGNOSTIC])
        if os.environ.get(FREEZE_EVERY):  # a policy setting tried without a release
            server.gc.freeze_every = float(os.environ[FREEZE_EVERY])
        collects: list[float] = []
        collect = server.gc.collect

        def timed_collect(what: str, open_sessions: int) -> float:
            took = collect(what, open_sessions)
            collects.append(took)
            return took

        server.gc.collect = timed_collect  # type: ignore[method-assign]
        profile = None
        if os.environ.get(PROFILE):  # where the server's CPU goes (cProfile: slower)
            import cProfile

            profile = cProfile.Profile()
            profile.enable()
        out = sys.__stdout__
        assert out is not None
        out.write(f"{port}\n")
        out.flush()
        worst = [0.0]
        over = [0] * len(PAUSE_BOUNDS)  # pauses longer than each bound, since the start

        async def time_the_loop() -> None:
            while True:
                began = time.perf_counter()
                await asyncio.sleep(0.05)
                late = time.perf_counter() - began - 0.05
                worst[0] = max(worst[0], late)
                for i, bound in enumerate(PAUSE_BOUNDS):
                    if late > bound:
                        over[i] += 1

        def status() -> None:
            if profile is not None:  # written at every status: the last one is the run's
                profile.dump_stats(os.environ[PROFILE])
            longest = max(collects, default=0.0) * 1000
            out.write(
                f"{len(server.sessions)} {worst[0] * 1000:.0f} {len(collects)} {longest:.0f}"
                f" {' '.join(map(str, over))}\n"
            )
            out.flush()
            worst[0] = 0.0

        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGUSR1, status)
        await time_the_loop()

    asyncio.run(main())


class Server:
    def __init__(self, home: str, max_sessions: int) -> None:
        env = {**os.environ, "FOOTYCARDS_HOME": home, "PYTHONPATH": str(HERE)}
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", "--max-sessions", str(max_sessions)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            cwd=HERE,
        )
        assert self.proc.stdout is not None
        self.port = int(self.proc.stdout.readline())
        self.log = Path(home) / "data" / "server.log"
        self.worst_pause = 0.0
        self.collections = 0  # the policy's freezes and deep collections
        self.longest_collection = 0.0  # ms
        self.pauses_over: list[int] = []  # loop pauses over each of PAUSE_BOUNDS

    async def status(self) -> int:
        """Open sessions now (the longest loop pause is kept in `worst_pause`)."""
        self.proc.send_signal(signal.SIGUSR1)
        assert self.proc.stdout is not None
        line = (await asyncio.to_thread(self.proc.stdout.readline)).decode().split()
        self.worst_pause = max(self.worst_pause, float(line[1]) / 1000)
        self.collections, self.longest_collection = int(line[2]), float(line[3])
        self.pauses_over = [int(n) for n in line[4:]]
        return int(line[0])

    def rss(self) -> float:
        return rss_mb(self.proc.pid)

    def cpu(self) -> float:
        """The server's CPU seconds so far (user and system; Linux's /proc)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(20)


# -- clients -------------------------------------------------------------------------


class Client(asyncssh.SSHClientSession[bytes]):
    """One person at a terminal: the bytes the screen got (the last 64 KiB)."""

    def __init__(self) -> None:
        self.raw = bytearray()
        self.total = 0
        self.arrived = asyncio.Event()
        self.closed = False
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: Any = None

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.raw += data
        self.total += len(data)
        if len(self.raw) > 65536:
            del self.raw[:-32768]
        self.arrived.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.arrived.set()

    async def connect(self, port: int, user: str, size: tuple[int, int] = (100, 30)) -> Client:
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=user, known_hosts=None, client_keys=None, agent_path=None
        )
        self.chan, _s = await self.conn.create_session(
            lambda: self, term_type="xterm-256color", term_size=size, encoding=None
        )
        return self

    def send(self, data: bytes) -> None:
        if not self.closed:
            self.chan.write(data)

    async def wait_for(self, marker: bytes, timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        while marker not in self.raw:
            if self.closed or time.monotonic() > end:
                raise Stuck(marker.decode())
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), 0.5)
            except TimeoutError:
                pass

    async def first_byte(self, key: bytes, timeout: float = 30) -> float | None:
        """Seconds from sending `key` to the first byte of what it causes."""
        await asyncio.sleep(0.05)
        self.arrived.clear()
        began = time.perf_counter()
        self.send(key)
        try:
            await asyncio.wait_for(self.arrived.wait(), timeout)
        except TimeoutError:
            return None
        return time.perf_counter() - began

    def hang_up(self) -> None:
        if self.conn is not None:
            self.conn.abort()  # as a network drop


async def tour(client: Client, rng: random.Random, stats: dict[str, int]) -> None:
    """Every screen in turn (see the module's docstring); each step waits for its screen."""

    async def visit(key: bytes) -> None:
        client.raw.clear()
        client.send(key)
        await asyncio.sleep(rng.uniform(0.4, 1.2))  # a person reads the screen
        client.send(ESC)
        await asyncio.sleep(rng.uniform(0.3, 0.8))

    await client.wait_for(LAUNCHER)
    for key in (F1, F2, F3, F6, F5):
        await visit(key)
    client.raw.clear()
    client.send(CTRL_S)  # a local Stadium game against the AI
    await client.wait_for(b"Decide")  # who starts: the date question
    await asyncio.sleep(0.2)
    client.send(ENTER)
    await client.wait_for(b"flip a card")
    for key in (b"\x1b[C", b"\x1b[D", b"\x1b[B"):
        await asyncio.sleep(rng.uniform(0.3, 0.8))
        client.send(key)
    await asyncio.sleep(0.3)
    client.raw.clear()
    client.send(b"q")
    await client.wait_for(b"Leave this game?")
    client.raw.clear()
    client.send(b"y")
    await client.wait_for(LAUNCHER)
    stats["local games"] += 1
    await asyncio.sleep(0.3)
    if rng.random() < 0.5:
        await host(client, rng, stats)
    else:
        await guest(client, rng, stats)


async def host(client: Client, rng: random.Random, stats: dict[str, int]) -> None:
    """Host a Quartett table of one round, play it, and start a rematch."""
    client.raw.clear()
    client.send(F5)
    await client.wait_for(b"host a table")
    await asyncio.sleep(0.3)
    client.send(ENTER)  # the list of games
    await asyncio.sleep(0.3)
    client.send(DOWN)  # Bundesliga Quartett
    await asyncio.sleep(0.2)
    client.send(ENTER)
    await client.wait_for(b"Bundesliga Quartett")
    for _i in range(5):  # to the round limit
        await asyncio.sleep(0.15)
        client.send(TAB)
    await asyncio.sleep(0.15)
    client.send(b"\x7f" * 6 + b"1")
    await asyncio.sleep(0.2)
    client.raw.clear()
    client.send(CTRL_S)
    await client.wait_for(b"Leave table")
    stats["tables hosted"] += 1
    await play_round(client, stats, timeout=15)
    client.raw.clear()
    client.send(b"a")  # the host starts a rematch
    await asyncio.sleep(0.5)
    stats["rematches asked"] += 1
    await play_round(client, stats, timeout=10)


async def guest(client: Client, rng: random.Random, stats: dict[str, int]) -> None:
    """Join the first open table from the list and play."""
    client.raw.clear()
    client.send(F6)
    await client.wait_for(b"join a table")
    await asyncio.sleep(0.5)
    client.send(TAB)  # to the list of open tables
    await asyncio.sleep(0.3)
    client.raw.clear()
    client.send(ENTER)
    await client.wait_for(b"Quartett", timeout=5)
    stats["tables joined"] += 1
    await play_round(client, stats, timeout=15)
    await play_round(client, stats, timeout=10)  # the rematch, if the host asks


async def play_round(client: Client, stats: dict[str, int], timeout: float) -> None:
    """Call the first category whenever it may be our turn, until the final whistle."""
    client.raw.clear()
    end = time.monotonic() + timeout
    while b"Final whistle" not in client.raw:
        if client.closed or time.monotonic() > end:
            raise Stuck("Final whistle")
        client.send(b"1")
        await asyncio.sleep(0.3)
    stats["rounds played"] += 1


async def one_session(port: int, number: int, rng: random.Random, stats: dict[str, int]) -> None:
    """A session that tours the screens and hangs up at a random moment."""
    client = Client()
    try:
        await client.connect(port, f"c{number}")
    except (OSError, asyncssh.Error):
        stats["refused"] += 1
        return
    try:
        await asyncio.wait_for(tour(client, rng, stats), rng.uniform(0.5, 45.0))
        stats["whole tours"] += 1
    except TimeoutError:
        pass  # the random moment came
    except Stuck as stuck:
        key = f"stuck at {stuck}"
        stats[key] = stats.get(key, 0) + 1
    except (OSError, asyncssh.Error):
        stats["dropped by the server"] += 1
    client.hang_up()


async def probe_keys(client: Client, stop: asyncio.Event, waits: list[float]) -> None:
    """Press ↓/↑ at the launcher every 0.25 s until `stop`; add each latency."""
    turn = 0
    while not stop.is_set():
        took = await client.first_byte(DOWN if turn % 2 == 0 else UP)
        turn += 1
        waits.append(took if took is not None else float("inf"))
        await asyncio.sleep(0.2)


def summary(waits: list[float]) -> str:
    if not waits:
        return "no keys"
    ordered = sorted(waits)
    p50 = ordered[len(ordered) // 2] * 1000
    p95 = ordered[int(len(ordered) * 0.95)] * 1000
    worst = ordered[-1] * 1000
    return f"p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {worst:.0f} ms ({len(waits)} keys)"


def log_report(path: Path) -> tuple[int, int, list[int], str]:
    """Tracebacks, crashes and deep-collection lengths (ms) in server.log, and the count
    of a few other lines worth knowing."""
    text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
    deep = [int(ms) for ms in re.findall(r"deep collection .* in (\d+) ms", text)]
    scans = re.findall(
        r"the loop waited (\d+) ms to list (\d+) objects and fork, the child took "
        r"([\d.]+) s; (\d+) objects unreachable, (\d+) freed",
        text,
    )
    if scans:
        waits = [int(s[0]) for s in scans]
        child = [float(s[2]) for s in scans]
        found = sum(int(s[3]) for s in scans)
        freed = sum(int(s[4]) for s in scans)
        scan_line = (
            f"scans {len(scans)} (the loop waited up to {max(waits)} ms, children "
            f"{min(child):.1f}-{max(child):.1f} s, {found} objects found, {freed} freed)"
        )
    else:
        scan_line = "scans 0"
    others = {
        "apps stopped": text.count("did not end when told"),
        "left to a deep collection": text.count("left to a deep collection"),
        "stopped after the client left": text.count("stopped after its client left"),
    }
    told = ", ".join([scan_line] + [f"{k} {v}" for k, v in others.items()])
    return text.count("Traceback"), text.count("the app crashed"), deep, told


async def churn(server: Server, sessions: int, at_once: int, seed: int) -> None:
    print(f"== churn: {sessions} sessions, {at_once} at a time ==", flush=True)
    probe = await Client().connect(server.port, "probe")
    await probe.wait_for(LAUNCHER)
    stop = asyncio.Event()
    waits: list[float] = []
    probing = asyncio.create_task(probe_keys(probe, stop, waits))
    stats: dict[str, int] = dict.fromkeys(
        (
            "whole tours",
            "local games",
            "tables hosted",
            "tables joined",
            "rounds played",
            "rematches asked",
            "refused",
            "dropped by the server",
        ),
        0,
    )
    rng = random.Random(seed)
    done = 0
    rss_at_100: float | None = None
    began = time.monotonic()
    queue = list(range(sessions))

    async def worker(lane: int) -> None:
        nonlocal done, rss_at_100
        mine = random.Random(rng.random())
        while queue:
            await one_session(server.port, queue.pop(0), mine, stats)
            done += 1
            if done % 100 == 0:
                open_now = await server.status()
                rss = server.rss()
                if rss_at_100 is None:
                    rss_at_100 = rss
                print(
                    f"  {done:5} sessions: RSS {rss:6.1f} MB, {open_now} open, "
                    f"{time.monotonic() - began:5.0f} s",
                    flush=True,
                )

    await asyncio.gather(*(worker(lane) for lane in range(at_once)))
    ended = time.monotonic()
    while await server.status() > 1:  # the probe's is the one left
        await asyncio.sleep(0.1)
        if time.monotonic() - ended > 60:
            break
    freed = time.monotonic() - ended
    open_now = await server.status()
    await asyncio.sleep(5.0)
    stop.set()
    await probing
    print(f"  every slot free {freed:.1f} s after the last hang-up ({open_now - 1} left)")
    first = f"{rss_at_100:.1f} MB" if rss_at_100 else "-"
    print(f"  RSS after the first 100 sessions {first}, at the end {server.rss():.1f} MB")
    print(f"  longest loop pause (the server's own timer): {server.worst_pause * 1000:.0f} ms")
    pairs = zip(server.pauses_over, PAUSE_BOUNDS, strict=True)
    counts = ", ".join(f"{n} over {bound * 1000:.0f} ms" for n, bound in pairs)
    print(f"  loop pauses: {counts}")
    print(
        f"  collections before freezing: {server.collections}, the longest"
        f" {server.longest_collection:.0f} ms"
    )
    print(f"  server CPU {server.cpu():.1f} s ({server.cpu() / sessions * 1000:.0f} ms a session)")
    print(f"  probe keys throughout: {summary(waits)}")
    tracebacks, crashes, deep, told = log_report(server.log)
    longest = f", the longest {max(deep)} ms" if deep else ""
    print(
        f"  server.log: {tracebacks} tracebacks, {crashes} crashes, "
        f"{len(deep)} deep collections{longest}; {told}"
    )
    print("  " + ", ".join(f"{k} {v}" for k, v in stats.items()), flush=True)
    probe.hang_up()


async def flood(server: Server, seconds: float) -> None:
    print(f"== input flood: 3 sessions writing 20 KiB of 'a' every 0.1 s for {seconds:.0f} s ==")
    probe = await Client().connect(server.port, "probe2")
    floods = [await Client().connect(server.port, f"flood{i}") for i in range(3)]
    for client in (probe, *floods):
        await client.wait_for(LAUNCHER)
    stop = asyncio.Event()
    waits: list[float] = []
    probing = asyncio.create_task(probe_keys(probe, stop, waits))
    end = time.monotonic() + seconds
    sent = 0
    while time.monotonic() < end:
        for client in floods:
            if not client.closed:
                client.send(b"a" * 20 * 1024)
                sent += 20 * 1024
        await asyncio.sleep(0.1)
    stop.set()
    await probing
    await server.status()
    closed = sum(1 for c in floods if c.closed)
    told = sum(1 for c in floods if b"Too much input" in c.raw)
    print(f"  probe keys: {summary(waits)}; longest loop pause {server.worst_pause * 1000:.0f} ms")
    print(f"  {sent // 1024} KiB sent; flooding sessions closed: {closed} of 3 ({told} told why)")
    for client in (probe, *floods):
        client.hang_up()


async def resize_storm(server: Server, seconds: float) -> None:
    print(f"== resize storm: 1x1 <-> 1000x1000 every 10 ms for {seconds:.0f} s ==")
    probe = await Client().connect(server.port, "probe3")
    storm = await Client().connect(server.port, "storm")
    for client in (probe, storm):
        await client.wait_for(LAUNCHER)
    stop = asyncio.Event()
    waits: list[float] = []
    probing = asyncio.create_task(probe_keys(probe, stop, waits))
    before = storm.total
    end = time.monotonic() + seconds
    turn = 0
    while time.monotonic() < end and not storm.closed:
        side = 1 if turn % 2 else 1000
        storm.chan.change_terminal_size(side, side)
        turn += 1
        await asyncio.sleep(0.01)
    await asyncio.sleep(1.0)
    stop.set()
    await probing
    await server.status()
    mb = (storm.total - before) / 1e6
    print(f"  {turn} size changes: {mb:.1f} MB sent to that client ({mb / seconds:.2f} MB/s)")
    print(f"  probe keys: {summary(waits)}; longest loop pause {server.worst_pause * 1000:.0f} ms")
    for client in (probe, storm):
        client.hang_up()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--at-once", type=int, default=10)
    parser.add_argument("--max-sessions", type=int, default=20)
    parser.add_argument("--phases", default="churn,flood,resize")
    parser.add_argument("--flood-seconds", type=float, default=10.0)
    parser.add_argument("--gc", choices=("freeze", "python"), default="freeze")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--keep-log", type=Path, help="copy the server's server.log here")
    args = parser.parse_args()
    if args.serve:
        serve(args.max_sessions)
        return
    if args.gc == "python":
        os.environ[PYTHON_GC] = "1"
    phases = args.phases.split(",")
    with tempfile.TemporaryDirectory() as home:
        server = Server(home, args.max_sessions)
        try:
            print(f"server RSS at the start {server.rss():.1f} MB (--gc {args.gc})")
            if "churn" in phases:
                asyncio.run(churn(server, args.sessions, args.at_once, args.seed))
            if "flood" in phases:
                asyncio.run(flood(server, args.flood_seconds))
            if "resize" in phases:
                asyncio.run(resize_storm(server, args.flood_seconds))
        finally:
            server.stop()
            if args.keep_log is not None and server.log.exists():
                shutil.copy(server.log, args.keep_log)


if __name__ == "__main__":
    main()
