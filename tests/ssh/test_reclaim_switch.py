"""serve's hidden --reclaim switch, for bench_recycle.py's measurement only: "on" (the
default) hands what a session drops to reclaim.py, "deep" and "recycle" do not, and
"recycle" takes no deep collection while sessions are open."""

from __future__ import annotations

import math
from typing import Any

import pytest
from click.testing import CliRunner
from textual.app import App

from footycards.ssh.server import FootyServer, ServerOptions
from footycards.tables import TableHub


class Dropping(App[None]):
    """An app as the server adopts it: it tells whom it drops screens to."""

    screen_dropped: Any = None


@pytest.mark.parametrize(("mode", "handed"), [("on", True), ("deep", False), ("recycle", False)])
def test_what_a_session_drops_goes_to_reclaim_only_when_on(mode: str, handed: bool) -> None:
    server = FootyServer(ServerOptions(reclaim=mode), hub=TableHub())
    app = Dropping()
    server.adopt(app)
    assert (app.screen_dropped is not None) is handed
    server.gc.ended = 8  # eight ended sessions' apps not freed, ten sessions open
    if mode == "recycle":  # left to recycling: no deep collection for them
        assert server.gc.grow_share == math.inf and server.gc.due(10) != "deep"
    else:
        assert server.gc.grow_share < math.inf and server.gc.due(10) == "deep"


def test_the_switch_reaches_the_options_and_is_not_shown() -> None:
    from footycards.cli import main

    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0 and "--reclaim" not in result.output
    result = CliRunner().invoke(main, ["serve", "--reclaim", "sometimes"])
    assert result.exit_code != 0 and "sometimes" in result.output
