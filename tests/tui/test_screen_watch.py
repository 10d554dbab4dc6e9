"""DroppedScreens tells of every screen an app removes, once, before Textual removes it
(its widgets still there), and of no other: public API in place of `App._replace_screen`
(a screen's own Unmount comes after its widgets are gone)."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.events import Unmount
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from footycards.tui.screen_watch import DroppedScreens


class Named(Screen):
    """A screen with a widget, that notes its Unmount."""

    def __init__(self, name: str, notes: list[tuple[str, str, int]]) -> None:
        super().__init__(name=name)
        self.notes = notes

    def compose(self) -> ComposeResult:
        yield Static(self.name or "")

    def on_unmount(self, event: Unmount) -> None:
        self.notes.append(("unmount", self.name or "", len(list(self.walk_children()))))


class Dialog(ModalScreen[str]):
    def __init__(self, notes: list[tuple[str, str, int]]) -> None:
        super().__init__(name="dialog")
        self.notes = notes

    def compose(self) -> ComposeResult:
        yield Static("?")

    def on_unmount(self, event: Unmount) -> None:
        self.notes.append(("unmount", "dialog", len(list(self.walk_children()))))


class Watched(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.notes: list[tuple[str, str, int]] = []
        self.watch: DroppedScreens | None = None

    def on_mount(self) -> None:
        self.watch = DroppedScreens(self, self.told)

    def told(self, screen: Screen[Any]) -> None:
        widgets = len(list(screen.walk_children()))
        self.notes.append(("told", screen.name or screen.id or "", widgets))


async def test_every_removed_screen_is_told_of_first_and_no_other():
    app = Watched()
    async with app.run_test() as pilot:
        notes = app.notes
        app.install_screen(Named("kept", notes), name="kept")
        await app.push_screen(Named("a", notes))
        await app.push_screen(Named("b", notes))
        await app.pop_screen()  # b goes
        await app.switch_screen(Named("c", notes))  # a goes
        await app.push_screen("kept")
        await app.pop_screen()  # installed: it stays
        await app.push_screen(Dialog(notes))
        await pilot.pause()
        app.screen.dismiss("yes")  # the dialog goes
        await pilot.pause()
        await app.push_screen(Named("d", notes))
        await app.push_screen(Named("e", notes))
        app.pop_screen()
        app.pop_screen()  # d and e, one after the other
        await pilot.pause()
        await pilot.pause()
        told = [name for what, name, _n in notes if what == "told"]
        gone = [name for what, name, _n in notes if what == "unmount"]
        assert sorted(told) == sorted(gone) == sorted(["b", "a", "dialog", "e", "d"])
        assert "_default" not in gone and "kept" not in told + gone
        for name in told:  # told before its removal, while it still has its widgets
            at = notes.index(next(n for n in notes if n[:2] == ("told", name)))
            unmount = notes.index(next(n for n in notes if n[:2] == ("unmount", name)))
            assert at < unmount and notes[at][2] >= 1, name
            # why not Unmount: by then Textual has pruned the screen's widgets (when this
            # fails, a Textual upgrade made Unmount early enough to use instead)
            assert notes[unmount][2] == 0, name
        assert len(told) == len(set(told))  # once each
