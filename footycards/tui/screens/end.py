"""Provides EndScreen: final scores, the tie-break explained; play again, watch again, leave."""

from __future__ import annotations

from rich.table import Table as RichTable
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...i18n import N_, _
from ...match import Match
from ...narration import result_lines
from ..translate import translate_bindings
from ..widgets.dialogs import DIALOG_CSS


class EndScreen(ModalScreen[str]):
    """Shown at the final whistle; returns "again", "watch", "launcher" or "quit"."""

    DEFAULT_CSS = "EndScreen {" + DIALOG_CSS + "}"
    BINDINGS = [
        Binding("a,enter", "choose('again')", N_("Play again"), id="end.again"),
        Binding("w", "choose('watch')", N_("Watch again"), id="end.watch"),
        Binding("l,escape", "choose('launcher')", N_("Launcher"), id="end.launcher"),
        Binding("q", "choose('quit')", N_("Quit"), id="end.quit"),
    ]

    AUTO_FOCUS = "#again"  # focused when the screen shows (not in on_mount, which may run
    # while the app quits and the buttons are already gone)

    def __init__(
        self,
        match: Match,
        headers: list[str],
        rows: list[list[str]],
        again: str | None = None,
        back: str | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.match = match
        self.headers = headers
        self.rows = rows
        self.again = again  # the buttons' words when they mean something else (a shared
        self.back = back  # table: ask for a rematch, back to the table's room)

    def compose(self) -> ComposeResult:
        res = self.match.result()
        names = self.match.names()
        winners = " & ".join(names[w] for w in res["winners"])
        t = RichTable(expand=True)
        t.add_column(_("Player"))
        for h in self.headers:
            t.add_column(h, justify="right")
        for s, row in enumerate(self.rows):
            mark = " 🏆" if s in res["winners"] else ""
            t.add_row(names[s] + mark, *row)
        with Vertical():
            yield Static(_("Final whistle! Winner: {w}").format(w=winners), classes="title")
            yield Static(t, classes="body")
            for line in result_lines(self.match.spec, res, names):
                yield Static(line, classes="body")
            yield Button(self.again or _("Play again (a)"), variant="success", id="again")
            yield Button(_("Watch again (w)"), id="watch")
            yield Button(self.back or _("Back to the launcher (l)"), id="launcher")
            yield Button(_("Quit (q)"), variant="error", id="quit")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
