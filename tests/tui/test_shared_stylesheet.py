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
