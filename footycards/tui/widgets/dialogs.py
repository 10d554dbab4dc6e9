"""Provides small modal dialogs shared by the game screens: confirm, pick one, message."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import N_, _
from ..styled_once import StyledOnce
from ..translate import translate_bindings

DIALOG_CSS = """
    align: center middle;
    & > Vertical {
        width: 64;
        max-width: 95%;
        height: auto;
        max-height: 95%;
        border: thick $accent;
        background: $panel;
        padding: 1 2;
    }
    & .title { text-style: bold; width: 100%; margin-bottom: 1; }
    & .body { width: 100%; margin-bottom: 1; }
    & Button { width: 100%; margin: 0; }
"""


class ConfirmScreen(StyledOnce, ModalScreen[bool]):
    """Asks a yes/no question; y/Enter for yes, n/Escape for no."""

    DEFAULT_CSS = "ConfirmScreen {" + DIALOG_CSS + "}"
    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), id="confirm.yes"),
        Binding("n,escape", "answer(False)", N_("No"), id="confirm.no"),
    ]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.question = question
        self.yes = yes or _("Yes")
        self.no = no or _("No")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, classes="title", markup=False)
            yield Button(f"{self.yes} (y)", variant="error", id="yes")
            yield Button(f"{self.no} (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class ChoiceScreen(StyledOnce, ModalScreen[str | None]):
    """Offers a list of choices (arrows + Enter, a number key, or a click); returns the
    chosen value, or None when cancelled with Esc.

    `acknowledge`: a notice with one answer ("Got it"), where Esc only closes it: the
    dialog does not say "Esc cancels", as there is nothing to cancel."""

    DEFAULT_CSS = (
        "ChoiceScreen {"
        + DIALOG_CSS
        + "} ChoiceScreen OptionList { height: auto; max-height: 20; margin-bottom: 1; }"
    )
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="choice.cancel")]

    def __init__(
        self,
        title: str,
        choices: list[tuple[str, str]],
        body: str = "",
        cancellable: bool = True,
        acknowledge: bool = False,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.title_text = title
        self.body = body
        self.choices = choices  # (value, label)
        self.cancellable = cancellable or acknowledge
        self.acknowledge = acknowledge

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title", markup=False)
            if self.body:
                yield Static(self.body, classes="body", markup=False)
            yield OptionList(
                *[
                    Option((f"{i + 1}. " if i < 9 else "   ") + label, id=f"choice-{i}")
                    for i, (_value, label) in enumerate(self.choices)
                ],
                id="choices",
            )
            if self.acknowledge:
                yield Static(_("Enter or Esc closes this."), classes="body", markup=False)
            elif self.cancellable:
                yield Static(_("Esc cancels"), classes="body", markup=False)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def on_key(self, event) -> None:
        if event.character and event.character.isdigit():
            i = int(event.character) - 1
            if 0 <= i < min(9, len(self.choices)):
                event.stop()
                self.dismiss(self.choices[i][0])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index][0])

    def action_cancel(self) -> None:
        if self.cancellable:
            self.dismiss(None)
