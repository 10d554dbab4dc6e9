"""The server's files are its own: data/, tables/ and players/ are 0700, server.log 0600
and rotated by size, and a crashed session's traceback logs no local values (a seat's
cards were among them)."""

from __future__ import annotations

import logging
import stat

from conftest import wait_until
from textual.app import App, ComposeResult
from textual.widgets import Static

from footycards.ssh import server as server_module

SECRET = "ACE-OF-HEARTS-F07"


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_server_folders_and_log_are_private(start_server, footy_home) -> None:
    data = footy_home / "data"
    (data / "players").mkdir(parents=True)
    (data / "players").chmod(0o755)  # made by an older server
    start_server()
    for folder in (data, data / "tables", data / "players"):
        assert mode(folder) == 0o700, folder
    assert mode(data / "server.log") == 0o600


async def test_server_log_is_rotated_by_size(start_server, footy_home, monkeypatch) -> None:
    monkeypatch.setattr(server_module, "LOG_BYTES", 4000)
    start_server()
    log = logging.getLogger("footycards.ssh")
    for i in range(200):
        log.info("line %d of a busy day %s", i, "x" * 40)
    data = footy_home / "data"
    assert (data / "server.log.1").exists()
    assert mode(data / "server.log.1") == 0o600 and mode(data / "server.log") == 0o600
    assert (data / "server.log").stat().st_size <= 4000
    assert len(list(data.glob("server.log.*"))) <= server_module.LOG_COPIES


class Crasher(App[None]):
    """An app that crashes on a key while a local variable holds a seat's card."""

    def compose(self) -> ComposeResult:
        yield Static("ready", id="ready")

    def on_key(self, event) -> None:
        view = {"hand": [SECRET]}
        raise RuntimeError(f"boom with {len(view['hand'])} cards")


async def test_a_crash_logs_no_local_values(start_server, clients, footy_home) -> None:
    st = start_server(app_factory=lambda info: Crasher())
    client = await clients(st.port, user="crash")
    await client.wait_for("ready")
    client.send("x")
    await client.wait_closed()
    path = footy_home / "data" / "server.log"
    await wait_until(lambda: "boom with 1 cards" in path.read_text())
    text = path.read_text()
    assert "Traceback" in text and "on_key" in text
    assert SECRET not in text
