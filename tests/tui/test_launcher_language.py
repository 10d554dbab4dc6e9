"""The launcher's Language field: the session switches language at once (the launcher is
built again in it, as it was set up), remembers it, and other sessions keep their own."""

from __future__ import annotations

import contextvars

import pytest
from textual.widgets import Input

from footycards import i18n, settings
from footycards.tui.app import FootyApp
from footycards.tui.screens.launcher import LauncherScreen
from footycards.tui.textual_internals import key_bindings
from footycards.tui.widgets.choice import Choice

GERMAN = {"Keys": "Tasten", "Language": "Sprache", "Start": "Starten", "Quit": "Beenden"}


@pytest.fixture
def german(tmp_path, monkeypatch):
    """A German catalogue of a few messages (the shipped ones may not be complete)."""
    from language_check import write_catalogue

    write_catalogue(tmp_path, "de", GERMAN)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translation.cache_clear()
    yield
    i18n.translation.cache_clear()


def descriptions(node) -> set[str]:
    return {b.description for items in key_bindings(node).values() for b in items}


async def test_the_language_field_switches_the_session_and_is_remembered(german):
    app = contextvars.copy_context().run(lambda: FootyApp(lang="en"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        launcher.query_one("#name-0", Input).value = "Zoë"
        field = launcher.query_one("#language", Choice)
        assert [value for _label, value in field.choices] == ["de", "en"]
        assert dict(field.choices)["Deutsch"] == "de"  # each language in its own words
        assert field.value == "en" and "Keys" in descriptions(launcher)
        field.focus()
        await pilot.press("left")
        await pilot.pause()
        rebuilt = app.screen
        assert isinstance(rebuilt, LauncherScreen) and rebuilt is not launcher
        assert app.lang == "de" and rebuilt.query_one("#language", Choice).value == "de"
        assert "Tasten" in descriptions(rebuilt) and "Keys" not in descriptions(rebuilt)
        assert "Beenden" in descriptions(app)  # the app's own keys too
        assert rebuilt.query_one("#name-0", Input).value == "Zoë"  # the set-up kept
        assert app.focused is rebuilt.query_one("#language", Choice)
        assert "Sprache" in str(rebuilt.query_one("#language", Choice).render())
        assert settings.load(None)[0].language == "de"
        await pilot.press("right")  # and back: translated from the msgids, not from German
        await pilot.pause()
        assert app.lang == "en" and "Keys" in descriptions(app.screen)
        assert settings.load(None)[0].language == "en"


async def test_two_sessions_keep_their_own_language(german):
    """Switching one app (one SSH session) leaves another in its language."""
    one = contextvars.copy_context().run(lambda: FootyApp(lang="en", autosave=False))
    two = contextvars.copy_context().run(lambda: FootyApp(lang="en", autosave=False))
    async with one.run_test(size=(120, 40)) as pilot, two.run_test(size=(120, 40)):
        await pilot.pause()
        one.screen.query_one("#language", Choice).focus()
        await pilot.press("left")
        await pilot.pause()
        assert one.lang == "de" and "Tasten" in descriptions(one.screen)
        assert two.lang == "en" and "Keys" in descriptions(two.screen)
