"""A screen pushed for the first time is styled once (as its widgets mount), not a second
time by Textual's ScreenResume; a screen that comes back is still styled again, and a new
screen looks as it did (the snapshot tests)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Static

from footycards.tui.app import FootyApp
from footycards.tui.screens.info import RulesScreen
from footycards.tui.styled_once import StyledOnce


def restyled_screens(monkeypatch) -> list[DOMNode]:
    """The screens restyled with their widgets (all of the screen's nodes) from now on."""
    seen: list[DOMNode] = []
    real = DOMNode.update_node_styles

    def update_node_styles(self: DOMNode, animate: bool = True) -> None:
        if isinstance(self, Screen) and self.children:
            seen.append(self)
        real(self, animate)

    monkeypatch.setattr(DOMNode, "update_node_styles", update_node_styles)
    return seen


async def test_a_new_screen_is_not_styled_again_when_pushed(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path))
    app = FootyApp(speed="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        seen = restyled_screens(monkeypatch)
        app.push_screen(RulesScreen("stadium"))
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert rules not in seen  # its widgets were styled as they mounted, not again
        assert str(rules.query_one("VerticalScroll").styles.border.top[0]) == "thick"  # styled


class Installed(StyledOnce, Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("here")


class Host(App[None]):
    def on_mount(self) -> None:
        self.install_screen(Installed(), "installed")


async def test_a_screen_that_comes_back_is_styled_again(monkeypatch) -> None:
    app = Host()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        app.push_screen("installed")
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        seen = restyled_screens(monkeypatch)
        app.push_screen("installed")  # mounted already: it may have missed a change
        await pilot.pause()
        assert isinstance(app.screen, Installed) and app.screen in seen
