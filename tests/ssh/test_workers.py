"""`footycards serve --workers N`: a supervisor and worker processes on one port.

The workers are real processes (`python -m footycards.ssh.supervisor`); the clients are
asyncssh clients with a pty, and the real OpenSSH client where it is installed.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import wait_until

from footycards.cli import main as cli_main
from footycards.ssh.recycle import Recycler
from footycards.ssh.server import ServerOptions
from footycards.ssh.supervisor import Supervisor, worker_count

LAUNCHER = "pick a game"


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def records() -> object:
    handler = Records()
    logger = logging.getLogger("footycards.ssh.supervisor")
    logger.addHandler(handler)
    yield handler
    logger.removeHandler(handler)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_worker_count() -> None:
    assert worker_count("3") == 3
    assert worker_count("auto") >= 1
    with pytest.raises(ValueError):
        worker_count("0")


def test_more_than_one_worker_needs_a_hub() -> None:
    result = CliRunner().invoke(cli_main, ["serve", "--workers", "2"])
    assert result.exit_code == 2
    assert "--hub" in result.output
    result = CliRunner().invoke(cli_main, ["serve", "--workers", "none"])
    assert result.exit_code == 2 and "--workers" in result.output


def test_workers_free_what_sessions_drop_by_recycling_one_process_by_reclaim(
    monkeypatch,
) -> None:
    """The figures of bench_recycle.py (README) favour recycling alone for --workers: no
    reclaim.py there unless asked; one process, which is never recycled, keeps it."""
    import footycards.ssh.server as server_module
    import footycards.ssh.supervisor as supervisor_module

    got: list[tuple[int, str]] = []
    monkeypatch.setattr(
        supervisor_module, "supervise", lambda options, n: got.append((n, options.reclaim))
    )
    monkeypatch.setattr(server_module, "serve", lambda options: got.append((1, options.reclaim)))
    hub = ["--hub", "redis://127.0.0.1:6379/0"]
    for args in (["--workers", "2", *hub], [], ["--workers", "2", *hub, "--reclaim", "on"]):
        result = CliRunner().invoke(cli_main, ["serve", *args])
        assert result.exit_code == 0, result.output
    assert got == [(2, "recycle"), (1, "on"), (2, "on")]


async def test_two_workers_share_the_port_and_one_that_dies_comes_back(
    clients, records, footy_home: Path
) -> None:
    supervisor = Supervisor(ServerOptions(port=0, rate_limit=1000, keepalive=0), 2)
    port = await supervisor.start()
    try:
        first = [w.pids[-1] for w in supervisor.workers]
        assert len(set(first)) == 2 and all(alive(p) for p in first)
        assert all(w.port == port for w in supervisor.workers)
        # The supervisor passes each connection to the worker with the fewest open ones:
        # twelve sessions are six and six (the kernel's SO_REUSEPORT hashing gave 91 : 71
        # of 160), and each worker says when its connections end.
        people = [await clients(port, user=f"p{i}") for i in range(12)]
        for person in people:
            await person.wait_for(LAUNCHER)
        assert [w.open_connections() for w in supervisor.workers] == [6, 6]
        await wait_until(
            lambda: (
                sum(1 for line in records.lines if "session" in line and "w1:" in line) > 0
                and sum(1 for line in records.lines if "session" in line and "w2:" in line) > 0
            )
        )
        # One host key for all: made once by the supervisor, shown by every worker.
        assert supervisor.host_key_path == footy_home / "data" / "ssh_host_key"
        for person in people:
            assert person.conn.get_server_host_key().get_fingerprint() == supervisor.fingerprint
            await person.close()
        await wait_until(lambda: all(w.open_connections() == 0 for w in supervisor.workers))
        # A worker killed outright is started again (a new process), and serves.
        os.kill(first[0], signal.SIGKILL)
        await wait_until(lambda: len(supervisor.workers[0].pids) == 2, timeout=20)
        assert supervisor.workers[0].pids[-1] != first[0]
        assert any("worker 1 ended" in line for line in records.lines)
        for i in range(4):
            late = await clients(port, user=f"late{i}")
            await late.wait_for(LAUNCHER)
            await late.close()
        # The log is one: the supervisor's server.log holds the workers' lines.
        log_text = (footy_home / "data" / "server.log").read_text(encoding="utf-8")
        assert "w1: " in log_text and "w2: " in log_text
    finally:
        await supervisor.stop()
    every = [pid for w in supervisor.workers for pid in w.pids]
    await wait_until(lambda: not any(alive(p) for p in every), timeout=15)


async def test_stopping_tells_the_sessions_of_every_worker(clients, footy_home: Path) -> None:
    supervisor = Supervisor(ServerOptions(port=0, rate_limit=1000, keepalive=0), 2)
    port = await supervisor.start()
    people = [await clients(port, user=f"p{i}") for i in range(6)]
    try:
        for person in people:
            await person.wait_for(LAUNCHER)
    finally:
        await supervisor.stop()
    for person in people:
        await person.wait_closed()
        assert "shutting down" in person.text()


async def test_sigterm_to_the_supervisor_process_stops_its_workers(
    tmp_path: Path, footy_home: Path
) -> None:
    """The supervisor as its own process (sessions of their own need no hub): SIGTERM
    to it, and no worker is left."""
    code = (
        "from footycards.ssh.server import ServerOptions;"
        "from footycards.ssh.supervisor import supervise;"
        "supervise(ServerOptions(port=0), 2)"
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        code,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ},
    )
    assert proc.stderr is not None
    text = ""
    while "connect with" not in text:
        line = await asyncio.wait_for(proc.stderr.readline(), 60)
        assert line, text
        text += line.decode()
    log_text = (footy_home / "data" / "server.log").read_text(encoding="utf-8")
    pids = [
        int(w.split("pid ")[1].rstrip(")")) for w in log_text.splitlines() if "started (pid" in w
    ]
    assert len(pids) == 2 and all(alive(p) for p in pids)
    proc.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(proc.wait(), 30) == 0
    await wait_until(lambda: not any(alive(p) for p in pids), timeout=15)


def test_recycler_counts_what_sessions_explain() -> None:
    recycler = Recycler(limit_mb=100, per_session_mb=10)
    assert not recycler.due(0, held_mb=60)  # the first look: the worker's own memory
    assert recycler.base_mb == 60
    assert not recycler.due(5, held_mb=200)  # 60 + 5 x 10 + 100 = 210: still explained
    assert recycler.due(5, held_mb=220)
    assert not recycler.due(20, held_mb=220)


async def test_a_worker_past_its_memory_drains_and_a_fresh_one_takes_its_place(
    clients, records, footy_home: Path
) -> None:
    """Recycling with a limit any session passes: the worker stops taking connections
    (its session goes on), a fresh one takes new ones, and the old one exits with its
    last session."""
    options = ServerOptions(
        port=0, rate_limit=1000, keepalive=0, recycle_mb=1, recycle_per_session_mb=0
    )
    supervisor = Supervisor(options, 1)
    port = await supervisor.start()
    try:
        first = supervisor.workers[0]
        old_pid = first.pids[-1]
        ann = await clients(port, user="ann")
        await ann.wait_for(LAUNCHER)
        await wait_until(lambda: len(supervisor.workers) == 2, timeout=45)
        fresh = supervisor.workers[1]
        await asyncio.wait_for(fresh.ready.wait(), 60)
        assert first.retiring and any("drains" in line for line in records.lines)
        # the old worker's session goes on; new connections reach the fresh worker
        ann.send("\t")
        await asyncio.sleep(0.5)
        assert not ann.closed and LAUNCHER in ann.text() and alive(old_pid)
        bob = await clients(port, user="bob")
        await bob.wait_for(LAUNCHER)
        await wait_until(
            lambda: any("w2: " in line and "'bob'" in line for line in records.lines), timeout=45
        )
        await ann.close()
        await wait_until(lambda: not alive(old_pid), timeout=45)
        assert any("worker 1 recycled" in line for line in records.lines)
        assert first.pids == [old_pid]  # not started again: worker 2 has its place
    finally:
        await supervisor.stop()


def test_workers_with_a_hub_that_does_not_answer_are_refused_in_words(footy_home) -> None:
    pytest.importorskip("redis")
    result = CliRunner().invoke(
        cli_main, ["serve", "--workers", "2", "--hub", "redis://127.0.0.1:1/0"]
    )
    assert result.exit_code == 2, result.output
    assert "cannot reach the shared tables at redis://127.0.0.1:1/0" in result.output
    result = CliRunner().invoke(cli_main, ["serve", "--workers", "2", "--hub", "http://x"])
    assert result.exit_code == 2 and "redis://" in result.output
