"""Provides PassDeviceScreen: the opaque "pass the device to …" screen for hot-seat play."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...i18n import N_, _
from ..styled_once import StyledOnce
from ..translate import translate_bindings


class PassDeviceScreen(StyledOnce, ModalScreen[bool]):
    """Hides everything until the named player confirms they have the keyboard."""

    DEFAULT_CSS = """
    PassDeviceScreen {
        align: center middle;
        background: $background 100%;
    }
    PassDeviceScreen > Vertical {
        width: 56;
        height: auto;
        border: heavy $accent;
        padding: 1 2;
        background: $panel;
    }
    PassDeviceScreen .who { text-style: bold; content-align: center middle; width: 100%; }
    PassDeviceScreen .what { margin: 1 0; width: 100%; content-align: center middle; }
    PassDeviceScreen Button { width: 100%; }
    """

    BINDINGS = [
        Binding("enter", "confirm", N_("Show me"), id="pass.confirm"),
    ]

    def __init__(self, name: str, what: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.player_name = name
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                _("Pass the device to {name}").format(name=self.player_name),
                classes="who",
                markup=False,
            )
            yield Static(self.what, classes="what", markup=False)
            yield Static(_("Everyone else: please look away."), classes="what", markup=False)
            yield Button(
                Content(_("I am {name} — show me (Enter)").format(name=self.player_name)),
                variant="primary",
                id="confirm",
            )

    def on_mount(self) -> None:
        self.query_one("#confirm", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_confirm()

    def action_confirm(self) -> None:
        self.dismiss(True)
