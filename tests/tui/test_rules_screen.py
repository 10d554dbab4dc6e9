"""The rules screen is one drawn text, not a widget per Markdown block: Textual's
Markdown widget mounted hundreds of widgets for a game's rules (0.5-0.8 s of CPU on
every F1), and on an SSH server that held up every other session."""

from __future__ import annotations

from footycards.registry import REGISTRY
from footycards.tui.app import FootyApp
from footycards.tui.screens.info import RulesScreen


async def test_the_rules_of_every_game_are_a_handful_of_widgets(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path))
    app = FootyApp(speed="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        for game_id in (spec.id for spec in REGISTRY):
            app.push_screen(RulesScreen(game_id))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            widgets = list(screen.walk_children())
            assert len(widgets) <= 8, (game_id, len(widgets))
            await pilot.press("escape")
            await pilot.pause()
