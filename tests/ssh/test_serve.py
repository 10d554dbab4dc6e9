"""`footycards serve`: the launcher over SSH, and the rules that keep a server safe."""

from __future__ import annotations

import asyncio
import os
import random
import stat
import subprocess
from pathlib import Path

import asyncssh
import pyte
import pytest
from click.testing import CliRunner
from conftest import SSH, Client, wait_until
from textual.app import App, ComposeResult
from textual.widgets import Static

from footycards.cli import main
from footycards.i18n import translation
from footycards.ssh.server import ServeError, ServerOptions, check_options, is_loopback
from footycards.ssh.session import SessionInfo, client_language, colour_system, default_app

LAUNCHER = "pick a game"


async def test_connect_and_see_the_launcher(start_server, clients, footy_home) -> None:
    st = start_server()
    client = await clients(st.port, user="ann")
    await client.wait_for(LAUNCHER)
    assert "Stadium" in client.text()
    assert "palette" not in client.text()  # no command palette for remote users
    key = footy_home / "data" / "ssh_host_key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    log = (footy_home / "data" / "server.log").read_text()
    assert "login from 127.0.0.1 as 'ann'" in log
    assert "session started" in log


async def test_quit_restores_the_terminal(start_server, clients) -> None:
    st = start_server()
    client = await clients(st.port)
    await client.wait_for(LAUNCHER)
    assert b"\x1b[?1000h" in client.raw  # mouse on while the app runs
    client.send("\x11")  # Ctrl+Q
    await client.wait_closed()
    tail = bytes(client.raw[-200:])
    assert b"\x1b[?1000l" in tail and b"\x1b[?1006l" in tail  # mouse modes off
    assert b"\x1b[?1049l" in tail and b"\x1b[?25h" in tail  # main screen, cursor back
    assert client.exit_status == 0
    await wait_until(lambda: not st.sessions())


@pytest.mark.skipif(SSH is None, reason="no OpenSSH client")
def test_real_openssh_client_sees_the_launcher(start_server, tmp_path) -> None:
    st = start_server()
    proc = subprocess.Popen(
        [SSH, "-tt", *_ssh_opts(tmp_path), "-p", str(st.port), "bob@127.0.0.1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "TERM": "xterm-256color"},
    )
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    try:
        assert proc.stdout is not None and proc.stdin is not None
        os.set_blocking(proc.stdout.fileno(), False)
        seen = _read_until(proc, stream, screen, LAUNCHER)
        assert seen, "\n".join(screen.display)
        proc.stdin.write(b"\x11")  # Ctrl+Q
        proc.stdin.flush()
        assert proc.wait(15) == 0
    finally:
        proc.kill()


def _ssh_opts(tmp_path: Path, key: Path | None = None) -> list[str]:
    opts = [
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
    if key is not None:
        opts += ["-i", str(key), "-o", "IdentitiesOnly=yes"]
    return opts


def _read_until(proc, stream, screen, text: str, timeout: float = 20) -> bool:
    import time

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            data = proc.stdout.read(65536)
        except BlockingIOError:
            data = None
        if data:
            stream.feed(data)
            if text in "\n".join(screen.display):
                return True
        elif proc.poll() is not None:
            return False
        time.sleep(0.05)
    return False


async def test_exec_sftp_and_forwarding_refused(start_server, clients) -> None:
    st = start_server()
    conn = await asyncssh.connect(
        "127.0.0.1", st.port, username="eve", known_hosts=None, client_keys=None, agent_path=None
    )
    try:
        with pytest.raises(asyncssh.Error):
            result = await conn.run("id", check=True)
            raise AssertionError(f"exec ran: {result}")
        with pytest.raises(asyncssh.Error):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.Error):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", st.port)
        with pytest.raises((asyncssh.Error, asyncssh.ChannelListenError)):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
    finally:
        conn.close()
    log = (Path(os.environ["FOOTYCARDS_HOME"]) / "data" / "server.log").read_text()
    assert "exec refused" in log and "'sftp' refused" in log


async def test_no_pty_no_game(start_server) -> None:
    st = start_server()
    async with asyncssh.connect(
        "127.0.0.1", st.port, username="eve", known_hosts=None, client_keys=None, agent_path=None
    ) as conn:
        result = await conn.run(request_pty=False, term_type=None)
    assert result.exit_status == 1
    assert "needs a terminal" in str(result.stdout)


async def test_only_authorized_keys_get_in(start_server, clients, tmp_path) -> None:
    good = asyncssh.generate_private_key("ssh-ed25519")
    bad = asyncssh.generate_private_key("ssh-ed25519")
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(good.export_public_key())
    st = start_server(authorized_keys=auth)
    with pytest.raises(asyncssh.PermissionDenied):
        await Client().connect(st.port, keys=[bad])
    with pytest.raises(asyncssh.PermissionDenied):
        await Client().connect(st.port)  # no key at all: "none" is not enough
    client = await clients(st.port, keys=[good])
    await client.wait_for(LAUNCHER)


@pytest.mark.skipif(SSH is None, reason="no OpenSSH client")
def test_real_client_with_a_key_not_authorized_is_refused(start_server, tmp_path) -> None:
    good = asyncssh.generate_private_key("ssh-ed25519")
    bad = asyncssh.generate_private_key("ssh-ed25519")
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(good.export_public_key())
    bad_file = tmp_path / "id_bad"
    bad.write_private_key(str(bad_file))
    bad_file.chmod(0o600)
    st = start_server(authorized_keys=auth)
    done = subprocess.run(
        [SSH, "-tt", *_ssh_opts(tmp_path, bad_file), "-p", str(st.port), "eve@127.0.0.1"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=30,
    )
    assert done.returncode == 255
    assert b"Permission denied" in done.stderr


def test_non_loopback_needs_keys_or_open(tmp_path) -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("") and not is_loopback("10.1.2.3")
    with pytest.raises(ServeError, match="authorized-keys"):
        check_options(ServerOptions(host="0.0.0.0"))
    check_options(ServerOptions(host="0.0.0.0", open=True))
    auth = tmp_path / "keys"
    auth.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_public_key())
    check_options(ServerOptions(host="0.0.0.0", authorized_keys=auth))
    auth.write_text("not a key\n")
    with pytest.raises(ServeError, match="authorized keys"):
        check_options(ServerOptions(host="0.0.0.0", authorized_keys=auth))


def test_serve_command_refuses_a_public_address_without_keys() -> None:
    result = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--port", "0"])
    assert result.exit_code == 2
    assert "--authorized-keys" in result.output and "--open" in result.output
    result = CliRunner().invoke(main, ["serve", "--help"])
    for option in ("--host", "--port", "--host-key", "--authorized-keys", "--open"):
        assert option in result.output
    for option in ("--max-sessions", "--idle-timeout", "--takeover-wait", "--rate-limit"):
        assert option in result.output


def test_host_key_readable_by_others_is_refused(footy_home) -> None:
    from footycards.ssh.server import load_host_key

    key, path, created = load_host_key(None)
    assert created and path.exists()
    again, _path, created_again = load_host_key(None)
    assert not created_again and again.get_fingerprint() == key.get_fingerprint()
    path.chmod(0o644)
    with pytest.raises(ServeError, match="chmod 600"):
        load_host_key(None)
    with pytest.raises(ServeError, match="cannot read"):
        load_host_key(footy_home / "missing")


async def test_user_name_with_escapes_is_cleaned(start_server, clients, monkeypatch) -> None:
    # The SSH layer already refuses control characters in user names (SASLprep, RFC 4013);
    # switch that off to check that our own cleaning would still catch them.
    monkeypatch.setattr(asyncssh.connection, "saslprep", lambda text: text)
    st = start_server()
    client = await clients(st.port, user="\x1b[2J\x1b]0;owned\x07evil\x9b31m")
    await client.wait_for(LAUNCHER)
    (session,) = st.sessions()
    assert session.user == "evil"
    assert b"owned" not in client.raw and b"\x1b[2J\x1b]0;" not in client.raw
    log = (Path(os.environ["FOOTYCARDS_HOME"]) / "data" / "server.log").read_text()
    assert "\x1b" not in log.replace("\\x1b", "")


async def test_window_resize_reaches_the_app(start_server, clients) -> None:
    st = start_server()
    client = await clients(st.port, size=(100, 30))
    await client.wait_for(LAUNCHER)
    (session,) = st.sessions()
    assert st.call(lambda: tuple(session.app.size)) == (100, 30)
    client.resize(60, 20)
    await wait_until(lambda: st.call(lambda: tuple(session.app.size)) == (60, 20))
    await client.wait_for("too small: 60×20")  # the notice, drawn in the new size
    client.resize(120, 40)
    await wait_until(lambda: st.call(lambda: tuple(session.app.size)) == (120, 40))
    await wait_until(lambda: "too small" not in client.text())
    await client.wait_for(LAUNCHER)


async def test_garbage_bytes_do_not_crash(start_server, clients, footy_home) -> None:
    st = start_server()
    client = await clients(st.port)
    await client.wait_for(LAUNCHER)
    rng = random.Random(10)
    for _i in range(40):
        chunk = bytes(rng.randrange(256) for _j in range(rng.randrange(1, 600)))
        chunk = chunk.replace(b"\x11", b"").replace(b"\x03", b"")  # no Ctrl+Q / Ctrl+C
        client.send(b"\x1b[" + chunk if rng.random() < 0.3 else chunk)
        await asyncio.sleep(0.01)
    client.send(b"\x1b[<99999;99999;99999M\x1b[999999999999999999A\x1b]52;c;!!\x07\xff\xfe")
    await asyncio.sleep(1.0)
    assert not client.closed
    other = await clients(st.port, user="bob")
    await other.wait_for(LAUNCHER)
    assert "crash" not in (footy_home / "data" / "server.log").read_text()


async def test_fifty_abrupt_disconnects_and_it_still_serves(start_server, clients) -> None:
    st = start_server()
    rng = random.Random(5)
    for i in range(50):
        conn = await asyncssh.connect(
            "127.0.0.1",
            st.port,
            username=f"u{i}",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
        )
        if i % 5:
            chan, _s = await conn.create_session(
                asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24), encoding=None
            )
            await asyncio.sleep(rng.choice([0, 0.01, 0.05, 0.2]))
            if i % 3 == 0:
                chan.write(b"\x1b[A\x1b")
        conn.abort()
    client = await clients(st.port, user="last")
    await client.wait_for(LAUNCHER)
    await wait_until(lambda: len(st.sessions()) == 1)


async def test_session_cap(start_server, clients) -> None:
    st = start_server(max_sessions=1)
    first = await clients(st.port, user="a")
    await first.wait_for(LAUNCHER)
    second = await clients(st.port, user="b")
    await second.wait_for("server is full")
    await second.wait_closed()
    assert second.exit_status == 1


async def test_rate_limit_per_address(start_server, clients) -> None:
    st = start_server(rate_limit=2)
    for _i in range(2):
        conn = await asyncssh.connect(
            "127.0.0.1",
            st.port,
            username="x",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
        )
        conn.close()
    with pytest.raises((asyncssh.Error, OSError)):
        await asyncssh.connect(
            "127.0.0.1",
            st.port,
            username="x",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
        )


async def test_idle_timeout_closes_with_a_message(start_server, clients) -> None:
    st = start_server(idle_timeout=0.05)  # 3 s
    client = await clients(st.port)
    await client.wait_closed(timeout=20)
    assert "No key pressed" in client.text()
    assert b"\x1b[?1000l" in client.raw


class KeyLog(App[None]):
    """An app that shows every key it gets (tests of the input path)."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("keys:", id="keys")

    def on_key(self, event) -> None:
        self.keys.append(event.key)
        self.query_one("#keys", Static).update("keys: " + " ".join(self.keys))
        if event.key == "x":
            raise RuntimeError("boom")


async def test_early_input_and_lone_escape_arrive(start_server, clients) -> None:
    st = start_server(app_factory=lambda info: KeyLog())
    client = await clients(st.port)
    client.send("ab")  # before the app is up: kept, not dropped
    await client.wait_for("keys: a b")
    client.send("\x1b")
    await client.wait_for("keys: a b escape", timeout=3)
    client.send("\x1b[A")
    await client.wait_for("escape up")


async def test_a_crash_ends_only_that_session(start_server, clients, footy_home) -> None:
    st = start_server(
        app_factory=lambda info: KeyLog() if info.user == "crash" else default_app(info)
    )
    crasher = await clients(st.port, user="crash")
    other = await clients(st.port, user="calm")
    await crasher.wait_for("keys:")
    await other.wait_for(LAUNCHER)
    crasher.send("x")
    await crasher.wait_closed()
    assert crasher.exit_status == 1
    assert "error" in crasher.text() and "connect again" in crasher.text()
    assert b"\x1b[?1049l" in crasher.raw[-400:]
    log = (footy_home / "data" / "server.log").read_text()
    assert "crashed" in log and "RuntimeError: boom" in log
    other.resize(90, 28)
    await wait_until(lambda: any(tuple(s.app.size) == (90, 28) for s in st.sessions() if s.app))
    assert not other.closed
    third = await clients(st.port, user="later")
    await third.wait_for(LAUNCHER)


async def test_ctrl_c_leaves_the_game_not_the_server(start_server, clients) -> None:
    from footycards.match import Match
    from footycards.seats import parse_players
    from footycards.tui.app import FootyApp

    def factory(info: SessionInfo) -> App:
        match = Match.start("sadikov", parse_players("ann,ai:random"), 3, {})
        return FootyApp(match=match, speed="instant", lang=info.lang)

    st = start_server(app_factory=factory)
    client = await clients(st.port)
    await client.wait_for("Sadikov")
    client.send("\x03")
    await client.wait_for("Leave this game?")
    client.send("y")
    await client.wait_for(LAUNCHER)
    assert not client.closed


def test_colour_system_and_language_from_the_client() -> None:
    assert colour_system("xterm-256color", {}) == "256"
    assert colour_system("xterm", {}) == "standard"
    assert colour_system("xterm", {"COLORTERM": "truecolor"}) == "truecolor"
    assert colour_system("vt100", {}) == "standard"
    assert client_language({"LANG": "de_DE.UTF-8"}, "en") == "de_DE"
    assert client_language({"LC_ALL": "pl_PL.UTF-8", "LANG": "de_DE.UTF-8"}, None) == "pl_PL"
    assert client_language({"LANG": "C.UTF-8"}, "en") == "en"
    assert client_language({"LANG": "../../../etc/passwd"}, "en") == "en"
    assert client_language({}, None) is None


async def test_each_session_its_own_colours_and_language(start_server, clients) -> None:
    st = start_server()
    de = await clients(st.port, user="de", term="xterm", env={"LANG": "de_DE.UTF-8"})
    en = await clients(st.port, user="en", term="xterm-256color", env={"LANG": "en_GB.UTF-8"})
    await de.wait_for(translation("de").gettext("pick a game and your seats"))  # in German
    await en.wait_for(LAUNCHER)
    by_user = {s.user: s for s in st.sessions()}
    assert st.call(lambda: by_user["de"].app.console.color_system) == "standard"
    assert st.call(lambda: by_user["en"].app.console.color_system) == "256"
    assert st.call(lambda: by_user["de"].app.lang) == "de"


async def test_stopping_the_server_tells_every_session(start_server, clients) -> None:
    st = start_server()
    ann = await clients(st.port, user="ann")
    bob = await clients(st.port, user="bob")
    await ann.wait_for(LAUNCHER)
    await bob.wait_for(LAUNCHER)
    assert st.server is not None
    await asyncio.get_running_loop().run_in_executor(None, st.run, st.server.stop())
    for client in (ann, bob):
        await client.wait_closed()
        assert "shutting down" in client.text()
        assert b"\x1b[?1049l" in client.raw[-400:]
