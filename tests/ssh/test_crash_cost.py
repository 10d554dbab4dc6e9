"""An app that fails is ended without Textual drawing its traceback with every frame's
local variables (a tenth of the server's CPU under churn went there: apps whose client
left while a screen was being mounted end that way); the session still logs the
exception, from `App._exception`, without the locals."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from footycards.ssh.session import crash_details
from footycards.tui.textual_internals import quiet_fatal_errors


class Broken(Static):
    def on_mount(self) -> None:
        secret = "the seat's cards"  # noqa: F841 - a local a drawn traceback would show
        raise RuntimeError("mount failed")


class BrokenApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Broken("x")


async def _run(app: App[Any]) -> None:
    async with app.run_test():
        pass


def _drawn(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the Rich tracebacks made from here on."""
    import rich.traceback

    made: list[int] = []
    original = rich.traceback.Traceback.__init__

    def counting(self: Any, *args: Any, **kwargs: Any) -> None:
        made.append(1)
        original(self, *args, **kwargs)

    monkeypatch.setattr(rich.traceback.Traceback, "__init__", counting)
    return made


async def test_a_failing_app_ends_without_drawing_its_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = _drawn(monkeypatch)
    app = BrokenApp()
    quiet_fatal_errors(app)
    try:
        await _run(app)
    except RuntimeError:
        pass
    assert isinstance(app._exception, RuntimeError)
    assert drawn == []
    details = crash_details(app, "")
    assert "mount failed" in details and "the seat's cards" not in details


async def test_textual_draws_it_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the function takes away (so that the test above can fail)."""
    drawn = _drawn(monkeypatch)
    app = BrokenApp()
    try:
        await _run(app)
    except RuntimeError:
        pass
    assert drawn
