"""Provides EndScreen: final scores, the tie-break explained; play again, watch again, leave.

The result scrolls when the terminal is low (80×24), and the buttons are then one line
each, so all four always show; a draw is shown as a draw (no trophy for anybody).
"""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...i18n import N_, _
from ...match import Match
from ...narration import result_lines
from ..styled_once import StyledOnce
from ..translate import translate_bindings
from ..widgets.dialogs import DIALOG_CSS


class EndScreen(StyledOnce, ModalScreen[str]):
    """Shown at the final whistle; returns "again", "watch", "launcher" or "quit"."""

    DEFAULT_CSS = (
        "EndScreen {"
        + DIALOG_CSS
        + """}
    EndScreen #result { height: auto; max-height: 1fr; }
    EndScreen #result .body { margin-bottom: 0; }
    EndScreen #result .title { margin-bottom: 1; }
    EndScreen #buttons { height: auto; margin-top: 1; }
    """
    )
    LOW = 30  # below this many rows the buttons are one line each
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
        quits: bool = True,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.match = match
        self.headers = headers
        self.rows = rows
        self.again = again  # the buttons' words when they mean something else (a shared
        self.back = back  # table: ask for a rematch, back to the table's room)
        self.quits = quits  # whether it offers Quit (at a table `q` goes to the room)
        self.ladder = ""  # the next AI level to try, in words (after a run of wins)

    def suggest(self, text: str) -> None:
        """Show the next-level suggestion below the result (it may come after mounting:
        the statistics are read off the event loop)."""
        self.ladder = text
        if self.is_mounted:
            for old in self.query("#ladder"):
                old.remove()
            self.query_one("#result").mount(Static(text, id="ladder", classes="body"))

    def headline(self) -> str:
        """The title: the winner, or a draw (between whom, when not everybody)."""
        winners = self.match.result()["winners"]
        names = self.match.names()
        together = " & ".join(names[w] for w in winners)
        if len(winners) == 1:
            return _("Final whistle! Winner: {w}").format(w=together)
        if len(winners) == len(names):
            return _("Final whistle! A draw.")
        if self.match.spec.team_play:  # a team won: a win for each of its players
            return _("Final whistle! Winners: {w}").format(w=together)
        return _("Final whistle! A draw between {w}.").format(w=together)

    def compose(self) -> ComposeResult:
        res = self.match.result()
        names = self.match.names()
        # several winners share a draw (no trophy), unless they are a team that won
        alone = len(res["winners"]) == 1 or (
            self.match.spec.team_play and len(res["winners"]) < len(names)
        )
        t = RichTable(expand=True)
        t.add_column(_("Player"))
        for h in self.headers:
            t.add_column(h, justify="right")
        for s, row in enumerate(self.rows):
            mark = (" 🏆" if alone else " =") if s in res["winners"] else ""
            t.add_row(Text(names[s] + mark), *row)  # a name is never markup
        low = self.app.size.height < self.LOW
        with Vertical():
            with VerticalScroll(id="result", can_focus=False):
                yield Static(self.headline(), classes="title", markup=False)
                yield Static(t, classes="body", markup=False)
                if self.match.practice:
                    yield Static(
                        _("Practice game: a move was taken back after something hidden was seen."),
                        classes="body",
                    )
                for line in result_lines(self.match.spec, res, names):
                    yield Static(line, classes="body", markup=False)
                if self.ladder:
                    yield Static(self.ladder, id="ladder", classes="body")
            with Vertical(id="buttons"):
                again = self.again or _("Play again (a)")
                yield Button(again, variant="success", id="again", compact=low)
                yield Button(_("Watch again (w)"), id="watch", compact=low)
                back = self.back or _("Back to the launcher (l)")
                yield Button(back, id="launcher", compact=low)
                if self.quits:
                    yield Button(_("Quit (q)"), variant="error", id="quit", compact=low)

    def on_resize(self, event: Resize) -> None:
        low = event.size.height < self.LOW
        for button in self.query(Button):
            button.compact = low

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
