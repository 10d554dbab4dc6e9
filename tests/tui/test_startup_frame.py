"""The launcher's first frame: drawn once Textual's start-up is over (no frame drawn for
nothing), showing the game list (focused), the title and the key bar; the set-up's fields
are mounted right after it, and what is typed meanwhile waits for them, in order. The
field help is built with the words of the game list, which is focused first."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual import events
from textual._compositor import CompositorUpdate
from textual.app import App
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Static

from footycards.tui.app import FootyApp
from footycards.tui.screens.launcher import LauncherScreen

SIZE = (120, 40)


def watch_frames(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every update the app hands its terminal (headless too), as it was then: whether
    Textual held it back (its start-up batch), the launcher's state, its text."""
    frames: list[dict[str, Any]] = []
    real = App._display

    def display(self: App, screen: Any, renderable: Any) -> None:
        if isinstance(renderable, CompositorUpdate) and isinstance(screen, LauncherScreen):
            try:
                screen.query_one("#seatcount")
                fields = True
            except NoMatches:
                fields = False
            frames.append(
                {
                    "held_back": bool(self._batch_count),
                    "fields": fields,
                    "focused": self.focused.id if self.focused else None,
                    "text": renderable.render_segments(self.console),
                }
            )
        real(self, screen, renderable)

    monkeypatch.setattr(App, "_display", display)
    return frames


async def test_the_field_help_is_the_game_lists_from_the_first_frame():
    app = FootyApp(speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LauncherScreen)
        panel = screen.query_one("#fieldhelp", Static)
        assert app.focused is screen.query_one("#gamelist")
        assert panel.display
        assert str(panel.render()) == screen.field_help(app.focused)
        assert "pick a game" in str(panel.render())


async def test_the_first_frame_is_the_game_list_focused_and_the_fields_follow(monkeypatch):
    frames = watch_frames(monkeypatch)
    app = FootyApp(speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert frames, "no frame drawn"
        assert not any(frame["held_back"] for frame in frames)  # none drawn for nothing
        first = frames[0]
        assert first["focused"] == "gamelist" and not first["fields"]
        for words in ("Bundesliga Quartett", "World Wave", "Statistics", "Start"):
            assert words in first["text"]  # the games, the menu's actions, the key bar
        assert any(frame["fields"] for frame in frames[1:])  # the fields drawn next
        screen = app.screen
        assert isinstance(screen, LauncherScreen) and screen.forms_mounted
        assert app.focused is screen.query_one("#gamelist")


async def test_what_is_typed_before_the_fields_exist_waits_for_them(monkeypatch):
    """Keys that come between the first frame and the fields are handled once the fields
    are there, in the order they came: ↓ picks the next game, Enter goes to its seats (had
    the keys been handled at once, Enter would have found no field to go to)."""
    real_mount = LauncherScreen.mount_forms
    seen: dict[str, Any] = {}

    async def typed_first(self: LauncherScreen) -> None:
        for key in ("down", "enter"):  # as a terminal sends them (from the app)
            self.app.post_message(events.Key(key, None).set_sender(self.app))
        await asyncio.sleep(0.05)  # the app has had them, before any field is there
        seen["held"] = [event.key for event in self.footy.held_input or []]
        await real_mount(self)

    monkeypatch.setattr(LauncherScreen, "mount_forms", typed_first)
    app = FootyApp(speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LauncherScreen)
        assert seen["held"] == ["down", "enter"]
        assert screen.game_id == "quartett"
        assert app.focused is screen.query_one("#seatcount")
        assert app.held_input is None  # nothing waits any more: keys go straight on
        seats = screen.seat_count()
        await pilot.press("right")
        assert screen.seat_count() == seats + 1


async def test_a_launcher_closed_before_its_fields_lets_the_input_go(monkeypatch):
    async def never(self: LauncherScreen) -> None:  # its fields never come
        return None

    monkeypatch.setattr(LauncherScreen, "mount_forms", never)
    app = FootyApp(speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.held_input is not None  # held for the fields
        keys: list[str] = []

        class Next(Screen[None]):
            def on_key(self, event: events.Key) -> None:
                keys.append(event.key)

        await app.switch_screen(Next())
        await pilot.press("x")
        assert app.held_input is None and keys == ["x"]
