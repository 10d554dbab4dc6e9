"""The keys help (`?`, F2): every key that works, each once, grouped by where it belongs."""

from __future__ import annotations

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
