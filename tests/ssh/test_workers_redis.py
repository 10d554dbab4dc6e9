"""Server processes sharing tables through one real redis-server, played by real OpenSSH
clients (each in a pseudo-terminal of its own, screens emulated by pyte): two players at
one table through two processes, a third watching through a third; the process running
the table (its owner) is killed with SIGKILL mid-game and the game goes on."""

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

import pyte
import pytest
from conftest import SSH

pytest.importorskip("redis")

from redis_server import free_port  # noqa: E402

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
    """`footycards serve --hub URL` as its own process, with a home of its own."""

    def __init__(self, home: Path, url: str) -> None:
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
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self.err,
            env={**os.environ, "FOOTYCARDS_HOME": str(home)},
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


async def test_the_owner_process_killed_mid_game_and_the_game_goes_on(
    redis_server, tmp_path: Path
) -> None:
    servers = [ServerProcess(tmp_path / f"server{i}", redis_server.url) for i in range(3)]
    clients: list[OpenSSH] = []
    try:
        for server in servers:
            server.wait_ready()
        one, two, three = servers
        # The table is opened by a fourth process (this test) that never runs it: the
        # log and the lease decide who does.
        mine = RedisTableHub(redis_server.url)
        table = mine.open_table("ann", "quartett", [None, None, "easy"], {"round_limit": 20})
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

        def position():
            table.catch_up()
            return table.match

        await wait_until(lambda: position() is not None)
        for client in (ann, bob, cleo):
            await client.wait_for("Bundesliga Quartett")
        people = {0: ann, 1: bob}

        async def step() -> None:
            match = position()
            number = len(match.actions)
            if match.due in people:
                await asyncio.sleep(0.5)
                people[match.due].send("1")  # call the first category
            await wait_until(lambda: position().is_over or len(position().actions) > number)

        # Play until the AI seat (run by the owner) is due; then kill the owner.
        for _i in range(60):
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
        # ... and the players go on to the end through their own processes.
        for _i in range(200):
            if position().is_over:
                break
            await step()
        assert position().is_over
        for client in (ann, bob):
            await client.wait_for("Final whistle")
    finally:
        for client in clients:
            client.close()
        for server in servers:
            server.stop()
