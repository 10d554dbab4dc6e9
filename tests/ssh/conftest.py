"""Fixtures for the SSH tests: a server on a free loopback port in a thread of its own, and
clients (asyncssh with a pty, or the real OpenSSH client) whose screens are emulated
with pyte so that a test reads what a person would see.
"""

from __future__ import annotations

import asyncio
import codecs
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import asyncssh
import pyte
import pytest

from footycards.ssh.server import FootyServer, ServerOptions
from footycards.ssh.session import AppFactory

SSH = shutil.which("ssh")


@pytest.fixture(autouse=True)
def footy_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("FOOTYCARDS_HOME", str(home))
    return home


class ServerThread:
    """A FootyServer running its own event loop in a background thread."""

    def __init__(self, options: ServerOptions, app_factory: AppFactory | None, hub: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self.options = options
        self.server: FootyServer | None = None
        self._factory = app_factory
        self._hub = hub
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def start(self) -> int:
        self.thread.start()

        async def start() -> int:
            self.server = FootyServer(self.options, self._factory, self._hub)
            return await self.server.start()

        return self.run(start())

    def run(self, coro: Any, timeout: float = 30) -> Any:
        """Run a coroutine on the server's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def call(self, fn: Callable[[], Any], timeout: float = 10) -> Any:
        """Call `fn` on the server's loop (server state is only touched there)."""
        future: Future[Any] = Future()

        def call() -> None:
            try:
                future.set_result(fn())
            except BaseException as exc:  # handed to the test
                future.set_exception(exc)

        self.loop.call_soon_threadsafe(call)
        return future.result(timeout)

    def sessions(self) -> list[Any]:
        assert self.server is not None
        return self.call(lambda: sorted(self.server.sessions, key=lambda s: s.number))

    def stop(self) -> None:
        if self.server is not None:
            self.run(self.server.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def start_server(footy_home: Path) -> Iterator[Callable[..., ServerThread]]:
    started: list[ServerThread] = []

    def start(app_factory: AppFactory | None = None, hub: Any = None, **opts: Any) -> ServerThread:
        opts.setdefault("port", 0)
        opts.setdefault("rate_limit", 1000)
        opts.setdefault("keepalive", 0)
        st = ServerThread(ServerOptions(**opts), app_factory, hub)
        started.append(st)
        st.port = st.start()  # type: ignore[attr-defined]
        return st

    yield start
    for st in started:
        st.stop()


class _Screen(asyncssh.SSHClientSession[bytes]):
    def __init__(self, client: Client) -> None:
        self.client = client

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.client.received(data)

    def exit_status_received(self, status: int) -> None:
        self.client.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.client.closed = True


class Client:
    """One person at an SSH terminal (asyncssh client with a pty, screen by pyte)."""

    def __init__(self, width: int = 100, height: int = 30) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.Stream(self.screen)
        self.decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self.raw = bytearray()
        self.exit_status: int | None = None
        self.closed = False
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    async def connect(
        self,
        port: int,
        user: str = "ann",
        term: str = "xterm-256color",
        env: dict[str, str] | None = None,
        keys: list[Any] | None = None,
    ) -> Client:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=user,
            known_hosts=None,
            client_keys=keys or None,
            agent_path=None,
            preferred_auth="publickey" if keys else "none,publickey",
        )
        self.chan, _session = await self.conn.create_session(
            lambda: _Screen(self),
            term_type=term,
            term_size=(self.screen.columns, self.screen.lines),
            env=env or {},
            encoding=None,
        )
        return self

    def received(self, data: bytes) -> None:
        self.raw += data
        self.stream.feed(self.decode(data))

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def send(self, data: str | bytes) -> None:
        assert self.chan is not None
        self.chan.write(data.encode() if isinstance(data, str) else data)

    async def wait_for(self, text: str, timeout: float = 15) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if text in self.text():
                return self.text()
            await asyncio.sleep(0.05)
        raise AssertionError(f"{text!r} never on screen:\n{self.text()}")

    async def wait_closed(self, timeout: float = 15) -> None:
        end = time.monotonic() + timeout
        while not self.closed and time.monotonic() < end:
            await asyncio.sleep(0.05)
        assert self.closed, "the session did not end"

    def resize(self, width: int, height: int) -> None:
        assert self.chan is not None
        self.screen.resize(height, width)
        self.chan.change_terminal_size(width, height)

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            await self.conn.wait_closed()


@pytest.fixture
async def clients() -> Any:
    made: list[Client] = []

    async def connect(port: int, **kw: Any) -> Client:
        size = kw.pop("size", (100, 30))
        client = Client(*size)
        made.append(client)
        return await client.connect(port, **kw)

    yield connect
    for client in made:
        try:
            await client.close()
        except Exception:
            pass


async def wait_until(check: Callable[[], bool], timeout: float = 15) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("condition never met")
