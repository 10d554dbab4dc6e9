"""The keys help (`?`, F2): every key that works, each once, grouped by where it belongs."""

from __future__ import annotations

from notices import notifications

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.info import KeysScreen


async def test_keys_help_lists_every_key_once_in_groups():
    """Tab, ↑ and k are listed; no key appears twice; the rows come in groups."""
    match = Match.start("stadium", parse_players("Ann,ai:easy"), 1, {"rows": 4, "cols": 4})
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        keys = [k for _group, shown, _what in screen.rows for k in shown.split()]
        assert len(keys) == len(set(keys))
        for key in ("tab", "↑", "k", "⏎", "v", "q", "^q", "^t"):
            assert key in keys, key
        groups = [group for group, _shown, _what in screen.rows]
        assert groups == sorted(groups, key=groups.index)  # each group in one block
        assert {"On this screen", "Everywhere"} <= set(groups)


async def test_launcher_keys_help():
    """F2 in the launcher lists the launcher's keys (start, rules)."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        whats = {what for _group, _shown, what in app.screen.rows}
        assert {"Start", "Rules"} <= whats


TEXTUAL_WORDS = ("Scroll Left", "Copy selected text", "Page Left", "Focus Next", "Scroll Up")


async def test_keys_help_lists_the_apps_keys_not_textuals():
    """Neither the launcher's F2 nor a game's ? lists Textual's built-in keys (scrolling,
    copying, paging); Tab is told in the app's words, and the launcher says ← → change a
    choice."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        rows = app.screen.rows
        whats = [what for _group, _shown, what in rows]
        assert not [w for w in whats if w in TEXTUAL_WORDS], whats
        shown = {keys: what for _group, keys, what in rows}
        assert shown["tab"] == "Next field or panel"
        assert shown["← →"] == "Change a choice (seats, AI level, options)"
        assert not any("super+c" in keys or "^pgup" in keys for keys in shown)
    match = Match.start("sadikov", parse_players("Ann,ai:easy"), 1)
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        whats = [what for _group, _shown, what in app.screen.rows]
        assert not [w for w in whats if w in TEXTUAL_WORDS], whats
        assert "Next field or panel" in whats


async def test_ctrl_t_shows_one_theme_notice_replaced():
    """Ctrl+T pressed again and again: one "Theme: …" notice, naming the theme now."""
    match = Match.start("stadium", parse_players("Ann,ai:easy"), 1, {"rows": 4, "cols": 4})
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(5):
            await pilot.press("ctrl+t")
            await pilot.pause()
        notices = [n.message for n in notifications(app) if n.message.startswith("Theme:")]
        assert notices == [f"Theme: {app.theme}"]
