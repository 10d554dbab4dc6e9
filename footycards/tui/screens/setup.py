"""Provides SetupQuestionScreen: a game's set-up questions, asked of each person before the deal.

Stadium's "who was most recently at a stadium?" (S2.2) is one: each human enters a
date; the engine decides with its own dice who starts. The questions come from the game's
registry entry; this screen knows no game.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from ...i18n import N_, _
from ...registry import OptionValueError, SetupQuestion
from ...seats import SeatSpec
from ..steady import steady_cursor
from ..styled_once import StyledOnce
from ..translate import translate_bindings
from ..widgets.dialogs import DIALOG_CSS


class SetupQuestionScreen(StyledOnce, ModalScreen[dict[str, Any] | None]):
    """Asks every human seat the game's set-up questions; returns the engine options."""

    DEFAULT_CSS = (
        "SetupQuestionScreen {" + DIALOG_CSS + "} SetupQuestionScreen Input { width: 100%; }"
    )
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="setup.cancel")]

    def __init__(self, questions: tuple[SetupQuestion, ...], seats: list[SeatSpec]) -> None:
        super().__init__()
        translate_bindings(self)
        self.questions = questions
        self.seats = seats

    def compose(self) -> ComposeResult:
        with Vertical():
            for qi, q in enumerate(self.questions):
                yield Static(_(q.title), classes="title", markup=False)
                yield Static(_(q.prompt), classes="body", markup=False)
                for seat, spec in enumerate(self.seats):
                    if spec.is_human:
                        yield Label(spec.name, markup=False)
                        field = Input(placeholder="2026-05-17", id=f"answer-{qi}-{seat}")
                        yield steady_cursor(field, self.app)
            yield Button(_("Decide"), variant="primary", id="decide")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter moves on to the next person; on the last one it decides."""
        fields = list(self.query(Input))
        at = fields.index(event.input) if event.input in fields else len(fields) - 1
        if at + 1 < len(fields):
            fields[at + 1].focus()
        else:
            self.decide()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.decide()

    def decide(self) -> None:
        answers: dict[str, Any] = {}
        for qi, q in enumerate(self.questions):
            values: list[str | None] = []
            for seat, spec in enumerate(self.seats):
                if not spec.is_human:
                    values.append(None)
                    continue
                field = self.query_one(f"#answer-{qi}-{seat}", Input)
                try:
                    values.append(q.check(field.value))
                except OptionValueError as exc:
                    self.notify(f"{spec.name}: {exc}", severity="error")
                    field.focus()
                    return
            answers[q.option] = values
        self.dismiss(answers)

    def action_cancel(self) -> None:
        self.dismiss(None)
