"""Server processes sharing tables through one real redis-server, played by real OpenSSH
clients (each in a pseudo-terminal of its own, screens emulated by pyte): two players at
one table through two processes, a third watching through a third; the process running
the table (its owner) is killed with SIGKILL mid-game and the game goes on; Redis is
restarted mid-game and the sessions wait, then go on. The servers deal the table of the
killed-owner test with a seed the test chose (FOOTYCARDS_TABLE_SEED): a deal that has
the AI seat due soon."""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from typing import Any

import pyte
import pytest
from conftest import SSH

pytest.importorskip("redis")

from redis_server import free_port  # noqa: E402

from footycards.match import Match  # noqa: E402
from footycards.seats import SeatSpec, ai_label  # noqa: E402
from footycards.table import check_table  # noqa: E402
from footycards.tables_redis import RedisTableHub  # noqa: E402

pytestmark = pytest.mark.skipif(SSH is None, reason="no OpenSSH client")

LAUNCHER = "pick a game"
SSH_OPTS = [
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "LogLevel=ERROR",
    "-o",
    "BatchMode=yes",
    "-F",
    "/dev/null",
]


class ServerProcess:
    """`footycards serve --hub URL` as its own process, with a home of its own (and
    `extra` arguments, `env` added to its environment)."""

    def __init__(
        self, home: Path, url: str, *extra: str, env: dict[str, str] | None = None
    ) -> None:
        self.port = free_port()
        home.mkdir(parents=True, exist_ok=True)
        self.err = open(home / "stderr.txt", "wb")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "footycards.cli",
                "serve",
                "--port",
                str(self.port),
                "--hub",
                url,
                "--gc",
                "python",
                *extra,
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self.err,
            env={**os.environ, **(env or {}), "FOOTYCARDS_HOME": str(home)},
        )
        self.home = home

    def wait_ready(self, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise AssertionError((self.home / "stderr.txt").read_text())
            if "connect with" in (self.home / "stderr.txt").read_text(errors="replace"):
                return
            time.sleep(0.1)
        raise AssertionError("the server did not start")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.err.close()


class OpenSSH:
    """The real `ssh` in a pseudo-terminal of 120x40; what it shows, read by pyte."""

    def __init__(self, port: int, user: str) -> None:
        self.screen = pyte.Screen(120, 40)
        self.stream = pyte.ByteStream(self.screen)
        self.lock = threading.Lock()
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.process = subprocess.Popen(
            [SSH or "ssh", "-tt", *SSH_OPTS, "-p", str(port), f"{user}@127.0.0.1"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**os.environ, "TERM": "xterm-256color"},
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.stream.feed(data)

    def text(self) -> str:
        with self.lock:
            return "\n".join(self.screen.display)

    def send(self, data: str) -> None:
        os.write(self.master, data.encode())

    async def wait_for(self, text: str, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if text in self.text():
                return
            await asyncio.sleep(0.1)
        raise AssertionError(f"{text!r} never on screen:\n{self.text()}")

    async def join(self, code: str, watch: bool = False) -> None:
        self.send("\x1b[18~" if watch else "\x1b[17~")  # F7 / F6
        await self.wait_for("watch a table" if watch else "join a table")
        await asyncio.sleep(0.5)
        self.send(code.lower() + "\r")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(5)
        os.close(self.master)


async def wait_until(check, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        await asyncio.sleep(0.1)
    raise AssertionError("condition never met")


class Play:
    """The test's own replica of a table (never run by the test) and the clients of the
    people seated there, by seat: the position now, and one step of play."""

    def __init__(self, table: Any, people: dict[int, OpenSSH]) -> None:
        self.table = table
        self.people = people

    def position(self) -> Any:
        self.table.catch_up()
        return self.table.match

    async def step(self) -> None:
        """The person due (if one is) calls the first category, again every 10 s as a
        person would (a key pressed while the screen was busy on a loaded machine), until
        the next move."""
        match = self.position()
        number, due = len(match.actions), match.due

        def moved() -> bool:
            return self.position().is_over or len(self.position().actions) > number

        for _try in range(6):
            if due in self.people:
                await asyncio.sleep(0.5)
                if moved():
                    return
                self.people[due].send("1")
            try:
                await wait_until(moved, timeout=10)
                return
            except AssertionError:
                continue
        raise AssertionError(f"no move after action {number} in a minute")

    async def to_the_end(self) -> None:
        """Play on until the game is over and every person sees the result."""
        for _i in range(200):
            if self.position().is_over:
                break
            await self.step()
        assert self.position().is_over
        for client in self.people.values():
            await client.wait_for("Final whistle")


def stop_all(clients: list[OpenSSH], servers: list[ServerProcess]) -> None:
    for client in clients:
        client.close()
    for server in servers:
        server.stop()


PLAN = [None, None, "hard"]
OPTIONS = {"round_limit": 20}


def seed_with_the_ai_due_soon() -> int:
    """A seed whose deal, the people calling the first category, has the AI seat (P3)
    due after one to five calls: the servers deal the killed-owner test's table with it
    (FOOTYCARDS_TABLE_SEED), so its course of play never hangs on a lucky deal."""
    options = check_table("quartett", PLAN, OPTIONS)
    seats = [SeatSpec("ann"), SeatSpec("bob"), SeatSpec(ai_label("hard", 1), "hard")]
    for seed in range(1, 1000):
        match = Match.start("quartett", seats, seed, options)
        calls = 0
        while calls < 6 and not match.is_over and match.due != 2:
            assert match.due is not None
            match.apply(f"call {match.view(match.due)['categories'][0]}")
            calls += 1
        if match.due == 2 and not match.is_over and calls >= 1:
            return seed
    raise AssertionError("no deal has the AI seat due early")


async def test_the_owner_process_killed_mid_game_and_the_game_goes_on(
    redis_server, tmp_path: Path
) -> None:
    seed = {"FOOTYCARDS_TABLE_SEED": str(seed_with_the_ai_due_soon())}
    servers = [ServerProcess(tmp_path / f"server{i}", redis_server.url, env=seed) for i in range(3)]
    clients: list[OpenSSH] = []
    try:
        for server in servers:
            server.wait_ready()
        one, two, three = servers
        # The table is opened by a fourth process (this test) that never runs it: the
        # log and the lease decide who does.
        mine = RedisTableHub(redis_server.url)
        table = mine.open_table("ann", "quartett", PLAN, OPTIONS)
        code = table.code
        ann, bob, cleo = (
            OpenSSH(one.port, "ann"),
            OpenSSH(two.port, "bob"),
            OpenSSH(three.port, "cleo"),
        )
        clients += [ann, bob, cleo]
        for client in clients:
            await client.wait_for(LAUNCHER)
        # Cleo watches first: her process takes the lease (it is the only one there).
        await cleo.join(code, watch=True)
        owner_key = mine.owner_key(code)
        await wait_until(lambda: mine.client.get(owner_key) is not None)
        owner = mine.client.get(owner_key)
        assert f":{three.process.pid}:" in owner
        await ann.join(code)
        await bob.join(code)

        play = Play(table, {0: ann, 1: bob})
        position, step = play.position, play.step
        await wait_until(lambda: position() is not None)
        for client in (ann, bob, cleo):
            await client.wait_for("Bundesliga Quartett")

        # Play until the AI seat (run by the owner) is due (the deal has it so within
        # five calls); then kill the owner.
        for _i in range(6):
            match = position()
            if match.is_over or match.due == 2:
                break
            await step()
        match = position()
        assert not match.is_over and match.due == 2, "the AI seat was never due"
        before = list(match.actions)
        killed = time.monotonic()
        os.kill(three.process.pid, signal.SIGKILL)
        three.process.wait(10)
        # The AI seat moves again within a few seconds, from the same position.
        await wait_until(lambda: len(position().actions) > len(before), timeout=20)
        took = time.monotonic() - killed
        assert position().actions[: len(before)] == before
        assert took < 12, took
        new_owner = mine.client.get(owner_key)
        assert new_owner is not None and new_owner != owner
        assert table.seat_names()[:2] == ["ann", "bob"] and not table.is_away(0)
        assert not table.is_away(1)
        await play.to_the_end()  # ... the players through their own processes
    finally:
        stop_all(clients, servers)


async def test_redis_restarted_mid_game_and_the_sessions_wait_then_go_on(
    redis_server, tmp_path: Path
) -> None:
    """Redis stops mid-game (and comes back empty): both players' sessions, on two
    processes, say in words that the table waits; a key pressed meanwhile changes
    nothing; once Redis is back they say the table goes on, and the game goes on from
    the same position to its end."""
    servers = [ServerProcess(tmp_path / f"server{i}", redis_server.url) for i in range(2)]
    clients: list[OpenSSH] = []
    try:
        for server in servers:
            server.wait_ready()
        one, two = servers
        mine = RedisTableHub(redis_server.url)  # the test's own view; it never ticks
        table = mine.open_table("ann", "quartett", [None, None], {"round_limit": 20})
        code = table.code
        ann, bob = OpenSSH(one.port, "ann"), OpenSSH(two.port, "bob")
        clients += [ann, bob]
        for client in clients:
            await client.wait_for(LAUNCHER)
        await ann.join(code)
        await bob.join(code)

        play = Play(table, {0: ann, 1: bob})
        position, step = play.position, play.step
        await wait_until(lambda: position() is not None)
        for client in clients:
            await client.wait_for("Bundesliga Quartett")

        for _i in range(3):
            await step()
        match = position()
        assert not match.is_over
        before, due = list(match.actions), match.due
        redis_server.stop()
        for client in clients:
            await client.wait_for("The table waits", timeout=20)
        play.people[due].send("1")  # refused while the table waits: nothing is sent
        await asyncio.sleep(1.0)
        redis_server.start()  # the same port, nothing in it
        for client in clients:
            await client.wait_for("The table goes on", timeout=30)
        # the processes wrote the table again from their replicas: the same position
        await wait_until(lambda: mine.client.exists(mine.record_key(code)), timeout=20)
        await wait_until(lambda: position().actions == before, timeout=20)
        assert position().due == due and table.seat_names() == ["ann", "bob"]
        assert not table.is_away(0) and not table.is_away(1)
        await play.to_the_end()  # ... and the players go on to the end
        assert position().actions[: len(before)] == before
    finally:
        stop_all(clients, servers)
