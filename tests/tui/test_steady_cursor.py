"""A server session's text fields show a steady cursor (a blinking one redraws the field
twice a second on the loop every session shares); a local terminal's still blink."""

from __future__ import annotations

from textual.widgets import Input

from footycards.registry import get_spec
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.setup import SetupQuestionScreen


async def answer_field(app: FootyApp) -> Input:
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(SetupQuestionScreen(get_spec("stadium").setup, parse_players("Ann,Bob")))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupQuestionScreen)
        field = screen.query(Input).first()
        assert field.has_focus
        return field


async def test_a_session_of_a_server_has_a_steady_cursor(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path))
    remote = FootyApp(speed="instant", user="ann", home=tmp_path / "ann")
    assert remote.is_remote
    assert (await answer_field(remote)).cursor_blink is False
    local = FootyApp(speed="instant")
    assert (await answer_field(local)).cursor_blink is True
