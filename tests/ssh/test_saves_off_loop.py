"""A server's games are saved on the shared save thread (savethread.py), off its loop."""

from __future__ import annotations

from footycards.savethread import shared_save_thread
from footycards.ssh.session import SessionInfo, default_app


def test_a_session_saves_its_games_on_the_shared_thread(footy_home):
    info = SessionInfo(1, "ann", "127.0.0.1", "xterm", "truecolor", None, 100, 30)
    app = default_app(info)
    assert app.store.background is shared_save_thread()  # type: ignore[attr-defined]


def test_the_tables_are_saved_on_the_shared_thread_and_drained_at_the_stop(start_server):
    served = start_server()
    assert served.server is not None
    assert served.server.hub.store.background is shared_save_thread()


def test_a_stopping_server_waits_for_the_last_writes(start_server, tmp_path):
    import time

    served = start_server()
    marker = tmp_path / "written"

    def slow_write() -> None:
        time.sleep(0.3)
        marker.write_text("last move")

    shared_save_thread().submit("slow", slow_write, lambda error: None)
    assert served.server is not None
    served.run(served.server.stop())
    served.server = None  # stopped: the fixture only ends its loop
    assert marker.read_text() == "last move"
