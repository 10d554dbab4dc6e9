"""After Esc back to the launcher (a screen removed), the launcher is drawn once: by
Textual's resume, not a second time by the whole refresh Textual asks for once the
screen is removed (tui/removal_redraw.py); a pushed screen does not lay out the screens
under it again at the same size (tui/kept_layout.py). Textual still asks for that
refresh (the canary), and a refresh after a suspend or at a changed size goes through."""

from __future__ import annotations

from typing import Any

from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from footycards.tui.app import FootyApp
from footycards.tui.screens.info import RulesScreen
from footycards.tui.screens.launcher import LauncherScreen


def counted(monkeypatch) -> dict[str, list[Any]]:
    """Every screen laid out, every full frame rendered and every whole app refresh
    asked for (and done) from now on."""
    seen: dict[str, list[Any]] = {"layout": [], "full": [], "app.refresh": []}
    layout = Screen._refresh_layout
    full = Compositor.render_full_update
    refresh = App.refresh

    def refresh_layout(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        seen["layout"].append(self)
        layout(self, *args, **kwargs)

    def render_full_update(self: Compositor, *args: Any, **kwargs: Any) -> Any:
        seen["full"].append(self)
        return full(self, *args, **kwargs)

    def app_refresh(self: App[Any], **kwargs: Any) -> Any:
        seen["app.refresh"].append(kwargs)
        return refresh(self, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
    monkeypatch.setattr(Compositor, "render_full_update", render_full_update)
    monkeypatch.setattr(App, "refresh", app_refresh)
    return seen


class Plain(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("under")


async def test_textual_refreshes_the_whole_app_after_a_screen_is_removed(monkeypatch):
    """The canary: what FootyApp spares is there (a Textual upgrade that drops it fails
    here, and tui/removal_redraw.py can go)."""
    app = Plain()
    async with app.run_test(size=(40, 10)) as pilot:
        await app.push_screen(Screen())
        await pilot.pause()
        seen = counted(monkeypatch)
        await app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        assert {"layout": True} in seen["app.refresh"]
        assert app.screen in seen["layout"]  # laid out again, at the same size


async def launcher_app(tmp_path, monkeypatch) -> FootyApp:
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path))
    return FootyApp(speed="instant", user="ann", home=tmp_path / "ann")


async def test_esc_back_to_the_launcher_draws_it_once(tmp_path, monkeypatch):
    app = await launcher_app(tmp_path, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        seen = counted(monkeypatch)
        await pilot.press("f1")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert launcher not in seen["layout"]  # not laid out again under the rules
        before = app.screen.query_one("VerticalScroll").region
        assert before.width > 0
        seen["layout"].clear()
        seen["full"].clear()
        await pilot.press("escape")
        for _ in range(4):
            await pilot.pause()
        assert app.screen is launcher
        assert seen["layout"] == []  # same size: nothing to lay out
        assert len(seen["full"]) == 1  # the resume's frame, not a second one
        assert not [kw for kw in seen["app.refresh"] if kw.get("layout")]


async def test_a_refresh_after_a_suspend_or_at_another_size_goes_through(tmp_path, monkeypatch):
    app = await launcher_app(tmp_path, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("escape")
        for _ in range(4):
            await pilot.pause()
        launcher = app.screen
        assert app.removal_redraws.spared()  # a removal's refresh would be spared now
        app.app_resume_signal.publish(app)  # back from a suspend: the terminal lost it
        assert not app.removal_redraws.spared()
        seen = counted(monkeypatch)
        app.refresh(layout=True)
        await pilot.pause()
        await pilot.pause()
        assert launcher in seen["layout"] and seen["full"]


class Top:
    """A screen as RemovalRedraws sees it: its size (weakly referenced)."""

    def __init__(self, width: int, height: int) -> None:
        from textual.geometry import Size

        self.outer_size = Size(width, height)


class Stub:
    def __init__(self) -> None:
        from textual.geometry import Size

        self.size = Size(100, 30)
        self.screen_stack: list[Any] = []


def test_spared_only_for_a_screen_that_was_or_is_over_the_one_on_top_at_the_app_size():
    from footycards.tui.removal_redraw import RemovalRedraws

    app = Stub()
    redraws = RemovalRedraws(app)  # type: ignore[arg-type]
    launcher, rules, other = Top(100, 30), Top(100, 30), Top(100, 30)
    app.screen_stack = [launcher]
    assert not redraws.spared()  # no removal: Textual's refresh goes through
    redraws.dropped(rules)  # Esc: the rules leave, the launcher is on top
    assert redraws.spared()
    game = Top(0, 0)
    app.screen_stack = [launcher, game]  # pushed over it, not laid out yet
    assert not redraws.spared()
    game.outer_size = app.size
    assert redraws.spared()
    app.screen_stack = [other]  # the launcher gone: another screen's refresh
    assert not redraws.spared()
    app.screen_stack = [launcher]
    launcher.outer_size = Top(90, 28).outer_size  # the app's size changed meanwhile
    assert not redraws.spared()
    launcher.outer_size = app.size
    redraws.forget()
    assert not redraws.spared()
