"""Apps of one process (an SSH server's sessions) share their parsed CSS rules; a theme
change in one app gives it that theme's rules and leaves the others' alone."""

from __future__ import annotations

import asyncio

import pytest
from textual.css.stylesheet import StylesheetParseError

from footycards.tui.app import FootyApp
from footycards.tui.stylesheet import SharedStylesheet


def rules_of(app: FootyApp) -> set[int]:
    return {id(rule) for rule in app.stylesheet.rules}


def background(app: FootyApp) -> object:
    return app.screen.styles.background


def test_two_apps_share_their_parsed_rules_and_keep_their_own_themes():
    async def main() -> None:
        ann, bob = FootyApp(speed="instant"), FootyApp(speed="instant")
        async with ann.run_test(size=(80, 24)) as pa, bob.run_test(size=(80, 24)) as pb:
            await pa.pause()
            await pb.pause()
            assert isinstance(ann.stylesheet, SharedStylesheet)
            assert rules_of(ann) == rules_of(bob)  # the very same rule objects
            before = background(bob)
            theme = ann.theme
            await pa.press("ctrl+t")  # ann picks the next theme
            await pa.pause()
            assert ann.theme != theme
            assert rules_of(ann) != rules_of(bob)  # parsed with ann's new theme
            assert background(ann) != before
            assert background(bob) == before and bob.theme == theme
            assert isinstance(ann.stylesheet, SharedStylesheet)  # still shared after reparse

    asyncio.run(main())


def test_a_css_error_leaves_the_stylesheet_as_it_was():
    async def main() -> None:
        app = FootyApp(speed="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            before = rules_of(app)
            app.stylesheet.add_source("Screen { colour: red; }", read_from=("test", "bad"))
            with pytest.raises(StylesheetParseError):
                app.stylesheet.reparse()
            assert rules_of(app) == before

    asyncio.run(main())


def test_an_app_taking_the_steps_of_another_finds_its_combined_rules_ready(monkeypatch):
    """The second app parses nothing: every source's rules and their combination (redone
    by Textual whenever a source is added) come from the first."""
    from textual.css.stylesheet import Stylesheet

    from footycards.tui.screens.stats import StatsScreen

    async def visit(app: FootyApp) -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(StatsScreen("stadium"))
            await pilot.pause()

    parses: list[int] = []
    real = Stylesheet.parse
    monkeypatch.setattr(Stylesheet, "parse", lambda self: parses.append(1) or real(self))
    asyncio.run(visit(FootyApp(speed="instant")))
    first = len(parses)
    parses.clear()
    asyncio.run(visit(FootyApp(speed="instant")))
    assert parses == [] and first > 0


def test_the_first_frame_reads_only_its_screens_css_and_the_rest_right_after():
    """The launcher's first frame parses and matches only the rules it can use (its own
    CSS file); the other screens' files are read once it is drawn."""
    from footycards.tui.screens.launcher import LauncherScreen
    from footycards.tui.stylesheet import SCREENS_CSS

    def screens_css(app: FootyApp) -> set[str]:
        return {path for path, _var in app.stylesheet.source if path.endswith(".tcss")}

    at_first_frame: list[set[str]] = []

    class Watched(FootyApp):
        def _display(self, screen, renderable):  # what Textual sends the terminal
            if isinstance(screen, LauncherScreen) and not at_first_frame:
                at_first_frame.append(screens_css(self))
            return super()._display(screen, renderable)

    async def main() -> None:
        app = Watched(speed="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert at_first_frame == [{str(SCREENS_CSS / "launcher.tcss")}]
            assert screens_css(app) == {str(path) for path in SCREENS_CSS.glob("*.tcss")}

    asyncio.run(main())


def test_the_screens_css_is_read_at_once_so_a_first_visit_restyles_nothing(monkeypatch):
    """Textual styles the whole app again when a screen's CSS file is first read; every
    screen's file is read right after the first frame, so opening statistics (or a game)
    later does not, and each screen still gets its own rules."""
    from textual.css.stylesheet import Stylesheet

    from footycards.tui.screens.stats import StatsScreen
    from footycards.tui.stylesheet import SCREENS_CSS

    async def main() -> None:
        app = FootyApp(speed="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            read = {path for path, _var in app.stylesheet.source if path.endswith(".tcss")}
            assert read == {str(path) for path in SCREENS_CSS.glob("*.tcss")}
            restyled: list[object] = []
            real = Stylesheet.update
            monkeypatch.setattr(
                Stylesheet,
                "update",
                lambda self, root, animate=False: (
                    restyled.append(root) or real(self, root, animate)
                ),
            )
            app.push_screen(StatsScreen("stadium"))
            await pilot.pause()
            assert restyled == []
            tabs = app.screen.query_one("TabbedContent")  # stats.tcss: height 1fr
            assert str(tabs.styles.height) == "1fr"

    asyncio.run(main())


def test_a_restyle_hands_over_the_component_style_nodes_it_replaced():
    """Textual styles a widget's component classes with small nodes made anew at every
    restyle (a focus change); those replaced are taken off the widget and told of, the
    ones in use stay attached."""
    from textual.app import App, ComposeResult
    from textual.widgets import Button, Input

    from footycards.tui.textual_internals import component_style_nodes

    dropped: list[object] = []

    class Form(App[None]):
        def __init__(self) -> None:
            super().__init__()
            self.stylesheet = SharedStylesheet(variables=self.get_css_variables())
            self.stylesheet.nodes_dropped = dropped.extend

        def compose(self) -> ComposeResult:
            yield Input(id="name")
            yield Button("OK", id="ok")

    async def main() -> None:
        app = Form()
        async with app.run_test() as pilot:
            field = app.query_one("#name", Input)
            await pilot.pause()
            dropped.clear()
            before = component_style_nodes(field)
            assert before and all(node.parent is field for node in before)
            app.query_one("#ok", Button).focus()
            await pilot.pause()
            field.focus()
            await pilot.pause()
            now = component_style_nodes(field)
            assert now and all(node.parent is field for node in now)
            assert dropped and all(node.parent is None for node in dropped)  # type: ignore[attr-defined]
            assert set(map(id, before)) <= set(map(id, dropped))
            assert not set(map(id, now)) & set(map(id, dropped))

    asyncio.run(main())


def test_an_app_generates_its_themes_variables_once_when_made(monkeypatch):
    """The shared stylesheet takes the variables Textual's own was made with."""
    from textual.app import App

    calls: list[int] = []
    real = App.get_css_variables
    monkeypatch.setattr(App, "get_css_variables", lambda self: calls.append(1) or real(self))
    app = FootyApp(speed="instant")
    assert isinstance(app.stylesheet, SharedStylesheet) and len(calls) == 1
    assert app.stylesheet.variables_key() == tuple(sorted(real(app).items()))
