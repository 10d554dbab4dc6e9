"""Provides ResumeScreen: the unfinished games to continue, and the damaged saves.

It lists what SaveStore.list() finds: each game in progress (game, players, when it
started, its last move) and each file that cannot be resumed with the reason. Enter
resumes a game on its own screen (AI seats get their agents back from the record);
a damaged file can be moved aside to NAME.corrupt, and any save deleted, each after
a confirmation.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...i18n import N_, _
from ...saves import SaveEntry, SaveError, error_text, when
from ..host import FootyHost
from ..styled_once import StyledOnce
from ..translate import translate_bindings
from ..widgets.dialogs import ConfirmScreen
from ..widgets.keybar import KeyBar
from ..widgets.titlebar import TitleBar
from .too_small import check_size

WIDE = 110  # columns from which every field of a save fits on one line


class ResumeScreen(StyledOnce, Screen):
    """The saved games: Enter resumes, m moves a damaged file aside, d deletes."""

    DEFAULT_CSS = """
    ResumeScreen #saves { height: 1fr; border: round $primary; }
    ResumeScreen #detail { height: auto; min-height: 2; padding: 0 1; color: $text-muted; }
    ResumeScreen #empty { padding: 1 2; }
    """
    BINDINGS = [
        Binding("enter", "resume", N_("Resume"), id="resume.resume", priority=True),
        Binding("m", "move_aside", N_("Move aside"), id="resume.aside"),
        Binding("d,delete", "delete", N_("Delete"), id="resume.delete"),
        Binding("f2", "app.show_keys", N_("Keys"), id="resume.keys"),
        Binding("escape", "back", N_("Back"), id="resume.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self.entries: list[SaveEntry] = []
        self.narrow = False  # the two-line layout of terminals below WIDE columns

    @property
    def footy(self) -> FootyHost:
        app = self.app
        assert isinstance(app, FootyHost)
        return app

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(_("No unfinished games."), id="empty", markup=False)
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static("", id="detail", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = _("footycards")
        self.sub_title = _("unfinished games")
        self.refresh_list()
        self.query_one("#saves", DataTable).focus()

    def on_resize(self, event) -> None:
        check_size(self, event.size)
        if self.is_mounted and self.narrow != (event.size.width < WIDE):
            self.refresh_list()  # the other layout

    def refresh_list(self) -> None:
        """Read the saves again and show them, keeping the cursor where it was.

        Below WIDE columns the players go under the game (two lines a game) and "Started"
        moves to the line under the table, so that no name or date is cut."""
        table = self.query_one("#saves", DataTable)
        row = table.cursor_row
        self.entries = self.footy.store.list()
        self.narrow = self.app.size.width < WIDE
        table.clear(columns=True)
        if self.narrow:
            table.add_columns("", _("Game, players"), _("Moves"), _("Last move"))
        else:
            table.add_columns("", _("Game"), _("Players"), _("Moves"), _("Last move"), _("Started"))
        for entry in self.entries:
            game = Text(entry.title() if entry.game else entry.path.name)
            players = Text(", ".join(entry.players))  # names as typed, never markup
            if entry.damaged:
                cells = ["⚠", game, players, "", _("damaged"), when(entry.started)]
            else:
                cells = [
                    "▶",
                    game,
                    players,
                    str(entry.moves),
                    when(entry.updated),
                    when(entry.started),
                ]
            if self.narrow:
                cells = [cells[0], Text.assemble(game, "\n", players), *cells[3:5]]
            table.add_row(*cells, key=entry.id, height=2 if self.narrow else 1)
        self.query_one("#empty").display = not self.entries
        table.display = bool(self.entries)
        if self.entries:
            table.move_cursor(row=min(max(row, 0), len(self.entries) - 1))
        self.show_detail()

    def current(self) -> SaveEntry | None:
        table = self.query_one("#saves", DataTable)
        if not self.entries or not 0 <= table.cursor_row < len(self.entries):
            return None
        return self.entries[table.cursor_row]

    def show_detail(self) -> None:
        entry = self.current()
        detail = self.query_one("#detail", Static)
        if entry is None:
            detail.update(_("Esc goes back to the launcher."))
        elif entry.damaged:
            detail.update(
                _(
                    "Cannot be resumed: {why}\nm moves it aside (NAME.corrupt), d deletes it."
                ).format(why=entry.problem)
            )
        else:
            text = _("{id}: Enter resumes it, d deletes it.").format(id=entry.id)
            if self.narrow:
                text = _("{id}, started {when}: Enter resumes it, d deletes it.").format(
                    id=entry.id, when=when(entry.started)
                )
            detail.update(text)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_detail()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_resume()

    # -- actions -------------------------------------------------------------------

    def action_resume(self) -> None:
        entry = self.current()
        if entry is None:
            return
        if entry.damaged:
            self.notify(entry.problem or "", title=_("Cannot resume"), severity="error")
            return
        try:
            record, match = self.footy.store.load(entry.id)
        except SaveError as exc:
            self.notify(str(exc), title=_("Cannot resume"), severity="error")
            self.refresh_list()
            return
        if not match.spec.has_screen:
            self.notify(
                _(
                    "{game} has no screen yet; resume it with 'footycards resume {id} --text'"
                ).format(game=match.spec.label, id=entry.id),
                title=_("Cannot resume"),
                severity="warning",
            )
            return
        app = self.footy
        app.pop_screen()
        app.open_game(match, record)

    def action_move_aside(self) -> None:
        entry = self.current()
        if entry is None:
            return
        if not entry.damaged:
            self.notify(
                _("Only a damaged save is moved aside; d deletes a game."), severity="warning"
            )
            return

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                target = self.footy.store.move_aside(entry.path)
            except OSError as exc:
                self.notify(error_text(exc), title=_("Not moved"), severity="error")
                return
            self.notify(_("Renamed to {file}").format(file=target.name))
            self.refresh_list()

        self.app.push_screen(
            ConfirmScreen(
                _("Rename {file} to {new}? It is no longer listed; the file is kept.").format(
                    file=entry.path.name, new=entry.path.with_suffix(".corrupt").name
                ),
                _("Move aside"),
                _("Keep it"),
            ),
            done,
        )

    def action_delete(self) -> None:
        entry = self.current()
        if entry is None:
            return

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.footy.store.delete(entry.id)
            except OSError as exc:
                self.notify(error_text(exc), title=_("Not deleted"), severity="error")
                return
            self.refresh_list()

        what = entry.title() if entry.game else entry.path.name
        self.app.push_screen(
            ConfirmScreen(
                _("Delete the saved game {what} ({id})? It cannot be resumed after.").format(
                    what=what, id=entry.id
                ),
                _("Delete"),
                _("Keep it"),
            ),
            done,
        )

    def action_back(self) -> None:
        self.app.pop_screen()
