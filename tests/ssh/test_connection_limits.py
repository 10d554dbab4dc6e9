"""Limits on connections: refused ones are told why in words, one address cannot take
every session, and a connection without a session (`ssh -N`) does not stay for ever."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time

import asyncssh
import pytest
from conftest import SSH, wait_until
from textual.app import App, ComposeResult
from textual.widgets import Static

READY = "ready to play"


class Ready(App[None]):
    """A stand-in for the launcher: these tests are about connections."""

    BINDINGS = [("ctrl+q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static(READY)


class Told(asyncssh.SSHClient):
    def __init__(self) -> None:
        self.banners: list[str] = []

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)


async def connect(port: int, client: asyncssh.SSHClient | None = None, **kw):
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=kw.pop("username", "x"),
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        client_factory=(lambda: client) if client is not None else None,
        **kw,
    )


async def test_a_connection_over_the_rate_limit_is_told_why(start_server) -> None:
    st = start_server(rate_limit=2)
    for _i in range(2):
        (await connect(st.port)).close()
    told = Told()
    with pytest.raises(asyncssh.DisconnectError) as refused:
        await connect(st.port, told)
    assert "Too many connections from your address" in refused.value.reason
    assert "Too many connections from your address" in "".join(told.banners)
    for _i in range(3):  # beyond twice the limit: dropped without a key exchange
        with pytest.raises((asyncssh.Error, OSError)):
            await connect(st.port)


@pytest.mark.skipif(SSH is None, reason="no OpenSSH client")
def test_openssh_shows_the_rate_limit_in_words(start_server, tmp_path) -> None:
    st = start_server(rate_limit=1)
    opts = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
    opts += ["-o", "BatchMode=yes", "-F", "/dev/null", "-o", "ConnectTimeout=10"]

    def ssh() -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(  # a command: refused, so the first one ends at once
            [SSH, "-T", *opts, "-p", str(st.port), "ann@127.0.0.1", "true"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=30,
            env={**os.environ, "TERM": "xterm"},
        )

    ssh()  # the one connection this minute allows
    done = ssh()
    assert done.returncode == 255
    assert b"Too many connections from your address" in done.stderr
    assert b"invalid characters" not in done.stderr


async def test_one_address_cannot_take_every_session(start_server, clients) -> None:
    st = start_server(lambda info: Ready(), max_sessions=10, max_per_address=2)
    for user in ("a", "b"):
        client = await clients(st.port, user=user)
        await client.wait_for(READY)
    conn = await connect(st.port, username="c")
    try:
        with pytest.raises(asyncssh.ChannelOpenError) as refused:
            await conn.create_session(asyncssh.SSHClientSession, term_type="xterm")
        assert "2 sessions from your address are open already" in refused.value.reason
    finally:
        conn.close()


async def test_a_connection_without_a_session_is_closed(start_server, clients) -> None:
    st = start_server(lambda info: Ready(), login_timeout=1)
    started = time.monotonic()
    conn = await connect(st.port)  # ssh -N: logged in, no session
    await asyncio.wait_for(conn.wait_closed(), 10)
    assert time.monotonic() - started < 5
    client = await clients(st.port)  # one whose session ended, the connection kept
    await client.wait_for(READY)
    client.send("\x11")  # Ctrl+Q
    assert client.conn is not None
    await asyncio.wait_for(client.conn.wait_closed(), 10)
    await wait_until(lambda: not st.sessions())


def test_serve_offers_the_per_address_cap() -> None:
    from click.testing import CliRunner

    from footycards.cli import main
    from footycards.ssh.server import ServeError, ServerOptions, check_options

    result = CliRunner().invoke(main, ["serve", "--help"])
    assert "--max-per-address" in result.output
    assert ServerOptions().max_per_address == 10
    with pytest.raises(ServeError, match="max-per-address"):
        check_options(ServerOptions(max_per_address=0))
