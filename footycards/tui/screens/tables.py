"""Provides the shared-table screens: host a table, join one (by code or from the list),
watch one, the table's room (seats, code, chat, rematch) and the chat line, plus
`TableSession`, which ties one app to one table.

A table (footycards/tables.py) pushes every change to its sessions from whatever context
changed it; `TableSession.heard` only posts the change to its own app's message queue,
where `handle` acts on it: open the game's screen for this seat (or the public view for
a spectator, never driving AI seats: the table does), ring the bell when this player's
turn starts, show chat, show the result and offer the rematch.

Text from other people (names, chat) is cleaned by the table and always shown here as
plain text, never as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...core import DeckError, OptionError
from ...i18n import N_, _, labelled, ngettext
from ...narration import problem_text
from ...options import OptionSpec, OptionValueError
from ...registry import REGISTRY, GameSpec, get_spec
from ...tables import Change, Presence, Table, TableError
from ..host import FootyHost
from ..ladder import kind_text
from ..steady import steady_cursor
from ..styled_once import StyledOnce
from ..translate import translate_bindings
from ..widgets.choice import Choice
from ..widgets.dialogs import DIALOG_CSS
from ..widgets.keybar import KeyBar
from ..widgets.option_fields import (
    chosen_values,
    follow_table,
    option_rows,
    read_values,
    shown_mode,
)
from ..widgets.titlebar import TitleBar
from .end import EndScreen
from .game import GameScreen
from .launcher import ActionLine, LauncherScreen, LauncherState, label_width
from .too_small import check_size

if TYPE_CHECKING:
    from ...tables import TableHub

SEAT_KINDS = [
    (N_("People"), "people"),
    (N_("AI easy"), "easy"),
    (N_("AI normal"), "normal"),
    (N_("AI hard"), "hard"),
    (N_("AI master"), "master"),
    (N_("AI random"), "random"),
]
CHAT_SHOWN = 6  # chat lines in the room and above the chat input


def footy(screen: Screen) -> FootyHost:
    app = screen.app
    assert isinstance(app, FootyHost)
    return app


def user_name(app: FootyHost) -> str:
    return app.user or _("player")


def chat_text(table: Table, lines: int = CHAT_SHOWN) -> Text:
    """The last chat lines as plain text (names and lines are other people's text)."""
    text = Text()
    for line in list(table.chat)[-lines:]:
        if text:
            text.append("\n")
        text.append(line.who, style="bold")
        text.append(": " + line.text)
    if not text:
        text.append(_("No chat yet: press c to say something."), style="dim")
    return text


def table_line(table: Table) -> Text:
    """One table in a list: code, game, seats free, host."""
    free = len(table.free_seats())
    if table.status == "playing":
        state = _("playing")
    else:
        state = ngettext("{n} seat free", "{n} seats free", free).format(n=free)
        if table.status == "over":
            state += " · " + _("next game")
    return Text.assemble(
        (table.code, "bold"), f"  {table.spec.label}  ", state, "  " + _("host: "), table.host
    )


AnyScreen = TypeVar("AnyScreen", bound=Screen)


class TableSession:
    """One app at one table: its presence there and what it does on each change."""

    def __init__(self, app: FootyHost, table: Table) -> None:
        self.app = app
        self.table = table
        self.presence: Presence | None = None
        self.room: TableRoomScreen | None = None
        self.game: GameScreen | None = None
        self.launcher: LauncherState | None = None  # the launcher to rebuild on leaving

    @property
    def seat(self) -> int | None:
        return None if self.presence is None else self.presence.seat

    def heard(self, change: Change) -> None:
        """The table's listener: runs wherever the table changed; only posts to the app."""
        self.app.call_later(self.handle, change)

    def handle(self, change: Change) -> None:
        """Act on a change, in this app's own context."""
        if change.kind == "replaced" and self.presence is not None and change.seat == self.seat:
            self.app.notify(
                _("You sat down at table {code} from another session.").format(
                    code=self.table.code
                ),
                markup=False,
            )
            self.leave()
            return
        if self.presence is None or not self.presence.live:
            return
        kind = change.kind
        if kind == "start":
            self.open_game(fresh=True)
            self.ring_if_due()
        elif kind == "applied" and change.applied is not None:
            applied = change.applied
            mine = self.seat
            if mine is not None and applied.to_move == mine and applied.seat != mine:
                self.app.bell()  # the player's turn starts
        elif kind == "chat" and change.who != self.presence.user:
            self.app.notify(labelled(change.who, change.text), title=_("Chat"), markup=False)
        elif kind == "takeover":
            self.app.notify(
                _("{name} is away: an AI plays their seat until they are back.").format(
                    name=change.who
                ),
                markup=False,
            )
        elif kind == "takeback":
            self.app.notify(_("{name} is back.").format(name=change.who), markup=False)
            if change.seat == self.seat:
                self.ring_if_due()
            if self.showing(self.game):
                self.game.advance()
        elif kind == "rematch" and change.who != self.presence.user:
            self.app.notify(
                _("{name} asks for a rematch (r in the room, or a at the result).").format(
                    name=change.who
                ),
                markup=False,
            )
        elif kind == "reopen":
            self.close_game()
        elif kind == "closed":
            self.app.notify(_("The table is closed."))
            self.leave()
            return
        if self.showing(self.room):
            self.room.show()

    def showing(self, screen: AnyScreen | None) -> TypeGuard[AnyScreen]:
        """Whether `screen` is open in the app: mounted, and still in the stack (Textual's
        `is_mounted` stays true after a screen was closed)."""
        return screen is not None and screen.is_mounted and screen in self.app.screen_stack

    def ring_if_due(self) -> None:
        match = self.table.match
        if match is not None and self.seat is not None and match.due == self.seat:
            self.app.bell()

    def close_game(self) -> None:
        """Back to the room: close the game's screen and whatever is open above it."""
        if self.room is None or self.room not in self.app.screen_stack:
            return
        while self.app.screen is not self.room:
            self.app.pop_screen()
        self.game = None

    def open_game(self, fresh: bool = False) -> None:
        """Show the game's screen: this player's seat, or the public view to a spectator."""
        match = self.table.match
        if match is None or self.room is None:
            return
        if fresh:  # a new match: close the old game's screens first
            self.close_game()
        elif self.showing(self.game):
            return
        local = set() if self.seat is None else {self.seat}
        screen = match.spec.screen_factory()(match, local, False)
        screen.ends_here = False  # the result and the rematch are the table's
        # the app hears it (the room may not run yet): the session shows the result
        screen.game_over.subscribe(self.app, self.finished, immediate=True)
        self.game = screen
        self.app.push_screen(screen)

    def finished(self, screen: GameScreen) -> None:
        """The game ended on its screen (`GameScreen.game_over`): the result for
        everyone, and the rematch for players."""
        headers, rows = screen.end_table(screen.match.public_view())

        def answered(answer: str | None) -> None:
            if answer == "again":
                self.ask_rematch()
            else:  # q too, as in the game: back to the room (Ctrl+Q ends the session)
                screen.leave()

        player = self.seat is not None
        again = _("Rematch (a)") if player else _("Watch on (a)")
        back = _("Back to the table (l, q)")
        end = EndScreen(screen.match, headers, rows, again=again, back=back, quits=False)
        self.app.push_screen(end, answered)

    def ask_rematch(self) -> None:
        if self.presence is None or self.seat is None:
            self.app.notify(_("The players decide about a rematch."))
            return
        if not self.table.rematch(self.presence):
            self.app.notify(_("Asked for a rematch: it starts when the others agree."))
            if self.showing(self.game):
                self.game.leave()  # wait in the room

    def say(self, text: str) -> None:
        if self.presence is not None:
            self.table.say(self.presence, text)
            if self.showing(self.room):
                self.room.show()

    def open_chat(self) -> None:
        if self.presence is not None and not isinstance(self.app.screen, ChatScreen):
            self.app.push_screen(ChatScreen(self))

    def leave(self) -> None:
        """Leave the table (a player in a game in progress keeps the seat) and go back to
        the launcher (built again, with the set-up it had)."""
        presence, self.presence = self.presence, None
        if presence is not None:
            presence.leave()
        if self.app.table_session is self:
            self.app.table_session = None
        room = self.room
        self.room = None
        if room is not None and room in self.app.screen_stack:
            while self.app.screen is not room:
                self.app.pop_screen()
            if any(isinstance(s, LauncherScreen) for s in self.app.screen_stack):
                self.app.pop_screen()
            else:  # the room took the launcher's place: build it again as it was
                self.app.switch_screen(LauncherScreen(self.launcher))


def enter_table(app: FootyHost, table: Table, watch: bool = False) -> TableSession:
    """Sit at (or watch) `table` and open its room in place of the launcher and what is
    open above it (the host form or the table list); TableError when refused, and then
    nothing changed."""
    if app.table_session is not None:
        app.table_session.leave()
    session = TableSession(app, table)
    if watch:
        session.presence = table.watch(user_name(app), session.heard)
    else:
        session.presence = table.sit(user_name(app), session.heard, owner=app.owner)
    app.table_session = session
    room = TableRoomScreen(session)
    session.room = room
    # The room takes the launcher's place (and the host form's or the table list's): a
    # session at a table keeps no launcher alive underneath; its set-up is kept as data.
    launcher = next((s for s in app.screen_stack if isinstance(s, LauncherScreen)), None)
    if launcher is not None:
        session.launcher = launcher.collect()
        while app.screen is not launcher:
            app.pop_screen()
    app.switch_screen(room)
    if table.match is not None:  # watching, or back in a game in progress
        session.open_game()
    return session


class TableRoomScreen(StyledOnce, Screen):
    """A table's room: the code to share, the seats and who is there, chat, whose turn."""

    CSS_PATH = "tables.tcss"
    BINDINGS = [
        Binding("g,enter", "game", N_("Game"), id="table.game"),
        Binding("r", "rematch", N_("Rematch"), id="table.rematch"),
        Binding("l,escape", "leave", N_("Leave table"), id="table.leave"),
        Binding("question_mark", "app.show_keys", N_("Keys"), id="table.keys", key_display="?"),
    ]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with VerticalScroll(id="room"):
            yield Static(id="code", markup=False)
            yield Static(id="seats", markup=False)
            yield Static(id="state", markup=False)
            yield Static(_("Chat"), classes="heading", markup=False)
            yield Static(id="chat", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = _("footycards")
        self.show()

    def on_screen_resume(self) -> None:
        self.show()

    def on_resize(self, event: Resize) -> None:
        check_size(self, event.size)

    def show(self) -> None:
        table = self.session.table
        self.sub_title = _("table {code}").format(code=table.code)
        self.query_one("#code", Static).update(
            Text.assemble(
                (_("Table "), "bold"),
                (table.code, "bold reverse"),
                "  " + table.spec.label + "  ",
                (_("(others join with this code)"), "dim"),
            )
        )
        self.query_one("#seats", Static).update(self.seats_text())
        self.query_one("#state", Static).update(self.state_text())
        self.query_one("#chat", Static).update(chat_text(table))
        self.refresh_bindings()

    def seats_text(self) -> Text:
        table = self.session.table
        match = table.match
        text = Text()
        for i, (chair, name) in enumerate(zip(table.chairs, table.seat_names(), strict=True)):
            due = match is not None and not match.is_over and match.due == i
            text.append("▶ " if due else "  ")
            text.append(f"P{i + 1} ", style="bold")
            group = table.spec.seat_group(i)  # a team game: the seat's team
            if group:
                text.append(f"{group} ")
            if chair.is_open:
                text.append(_("open: waiting for someone to join"), style="dim")
            else:
                text.append(name, style="bold" if i == self.session.seat else "")
            if i == self.session.seat:
                text.append("  " + _("(you)"))
            if chair.taken_over:
                text.append("  " + _("away: an AI plays for now"), style="italic")
            elif table.is_away(i):
                text.append("  " + _("away"), style="italic")
            text.append("\n")
        watchers = table.spectator_count()  # every process's, at a shared table
        if watchers:
            text.append(
                ngettext("{n} spectator", "{n} spectators", watchers).format(n=watchers),
                style="dim",
            )
        return text

    def state_text(self) -> Text:
        table = self.session.table
        match = table.match
        if match is None:
            free = len(table.free_seats())
            return Text(
                ngettext(
                    "Waiting for {n} more player: the game starts when every seat is taken.",
                    "Waiting for {n} more players: the game starts when every seat is taken.",
                    free,
                ).format(n=free)
            )
        if match.is_over:
            names = match.names()
            winners = " & ".join(names[w] for w in match.result()["winners"])
            votes = len(table.rematch_votes)
            return Text.assemble(
                (_("Game over. Winner: "), "bold"),
                winners,
                "\n" + _("r asks for a rematch (the host starts it at once)."),
                "  " + _("Asked: {n}").format(n=votes) if votes else "",
                "\n" + _("A seat is open: the next game waits for someone to take it.")
                if table.free_seats()
                else "",
            )
        due = match.due
        turn = "" if due is None else match.name(due)
        mine = due is not None and due == self.session.seat
        return Text.assemble(
            (_("Your turn!") if mine else _("Turn: "), "bold"),
            "" if mine else turn,
            "\n" + _("g or Enter: back to the game"),
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        table = self.session.table
        if action == "game":
            return table.match is not None
        if action == "rematch":
            return table.status == "over" and self.session.seat is not None
        return True

    def action_game(self) -> None:
        self.session.open_game()

    def action_rematch(self) -> None:
        self.session.ask_rematch()
        self.show()

    def action_leave(self) -> None:
        self.session.leave()

    def on_unmount(self) -> None:
        """The session ends (the app closes, the connection drops): the seat is kept."""
        if self.session.room is self:
            self.session.room = None  # nothing to pop: the screens are going already
            self.session.leave()


class ChatScreen(StyledOnce, ModalScreen[None]):
    """The table chat: the last lines and a one-line input (Enter says it, Esc closes)."""

    DEFAULT_CSS = "ChatScreen {" + DIALOG_CSS + "}"
    BINDINGS = [Binding("escape", "close", N_("Close"), id="chat.close")]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Table chat"), classes="title", markup=False)
            yield Static(chat_text(self.session.table), classes="body", id="lines", markup=False)
            say = Input(placeholder=_("Say something, Enter sends"), max_length=200, id="say")
            yield steady_cursor(say, self.app)

    def on_mount(self) -> None:
        self.query_one("#say", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.session.say(event.value)
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def host_options(spec: GameSpec) -> tuple[OptionSpec, ...]:
    """The options a host may set: a table is always remote, so no file options."""
    return spec.options_for("launcher", remote=True)


class HostScreen(StyledOnce, Screen):
    """Host a table: the game, per seat people or an AI level, and the game's options.

    One line per field, as in the launcher, and the same option fields (a `Choice` or a
    label and an Input, from the option's kind): every SSH session that hosts builds its
    own form. Every game's options are built once (a few lines), the chosen game's shown.
    """

    CSS_PATH = "tables.tcss"
    BINDINGS = [
        Binding("ctrl+s", "open_table", N_("Open the table"), id="host.open"),
        Binding("escape", "app.pop_screen", N_("Back"), id="host.back"),
        Binding("down", "app.focus_next", N_("Next field"), id="host.next", show=False),
        Binding("up", "app.focus_previous", N_("Previous field"), id="host.previous", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self.game_id = REGISTRY.with_screens()[0].id
        self.label_cells = max(label_width(), cell_len(_("Game to host")))

    @property
    def spec(self) -> GameSpec:
        return get_spec(self.game_id)

    def compose(self) -> ComposeResult:
        cells = self.label_cells
        yield TitleBar()
        with VerticalScroll(id="host") as form:
            form.border_title = _("Host a table")
            form.can_focus = False  # Tab goes to its fields
            form.styles.grid_columns = f"{cells + 2} 1fr"  # the labels' column
            yield Choice(
                [(g.name, g.id) for g in REGISTRY.with_screens()],
                self.game_id,
                label=_("Game to host"),
                label_width=cells,
                id="game",
            )
            spec = self.spec
            yield Choice(
                [(str(k), k) for k in spec.counts()],
                spec.fit_count(2),
                label=_("Seats"),
                label_width=cells,
                id="seatcount",
                wrap=False,
            )
            kinds = [(kind_text(label, value), value) for label, value in SEAT_KINDS]
            for i in range(REGISTRY.most_seats()):
                yield Choice(
                    kinds,
                    "people" if i < 2 else "normal",
                    label=f"P{i + 1}",
                    label_width=cells,
                    id=f"kind-{i}",
                    classes="seat",
                )
            for game in REGISTRY.with_screens():
                yield from option_rows(game, host_options(game), {}, 2, game.mode_of({}), cells)
            yield ActionLine(_("Open the table (Ctrl+S)"), "open_table", id="open")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = _("footycards")
        self.sub_title = _("host a table")
        self.pick_game(self.game_id)
        self.query_one("#game", Choice).focus()

    def on_resize(self, event: Resize) -> None:
        check_size(self, event.size)

    def seat_count(self) -> int:
        value = self.query_one("#seatcount", Choice).value
        return value if isinstance(value, int) else 2

    def pick_game(self, game_id: str) -> None:
        """Offer the game's player counts and show its options only."""
        self.game_id = game_id
        spec = self.spec
        for other in REGISTRY.with_screens():
            if other.id != game_id:
                self.query(f".opts-{other.id}").set(display=False)
        count = self.query_one("#seatcount", Choice)
        count.set_choices(
            [(str(k), k) for k in spec.counts()], spec.fit_count(self.seat_count()), announce=False
        )
        self.show_seats()

    def show_seats(self) -> None:
        """The seats in use, each with its group (a team game: P1 Team A), and the
        chosen game's options for that many seats (P1 … Pn starts) and its mode."""
        n = self.seat_count()
        spec = self.spec
        for i in range(REGISTRY.most_seats()):
            kind = self.query_one(f"#kind-{i}", Choice)
            kind.display = i < n
            group = spec.seat_group(i)
            label = f"P{i + 1} {group}" if group else f"P{i + 1}"
            if kind.label != label:
                kind.label = label
                kind.refresh(layout=True)
        follow_table(self, spec, host_options(spec), n, shown_mode(self, spec))

    def on_choice_changed(self, event: Choice.Changed) -> None:
        wid = event.choice.id or ""
        spec = self.spec
        if wid == "game" and isinstance(event.choice.value, str):
            self.pick_game(event.choice.value)
        elif wid == "seatcount":
            self.show_seats()
        elif spec.mode_option and wid == f"opt-{spec.id}-{spec.mode_option}":
            self.show_seats()  # the options of the mode chosen

    def on_choice_at_limit(self, event: Choice.AtLimit) -> None:
        if event.choice.id == "seatcount":  # no silent wrap round past the game's limits
            self.app.bell()

    def plan(self) -> list[str | None]:
        """Per seat: None when open to people, else the AI level."""
        plan: list[str | None] = []
        for i in range(self.seat_count()):
            value = self.query_one(f"#kind-{i}", Choice).value
            plan.append(None if value == "people" or not isinstance(value, str) else value)
        return plan

    def given(self) -> dict[str, Any]:
        """The values of the chosen game's options (those of its chosen mode)."""
        spec = self.spec
        options = host_options(spec)
        return chosen_values(options, read_values(self, spec, options), shown_mode(self, spec))

    def action_open_table(self) -> None:
        app = footy(self)
        hub = app.hub
        if hub is None:
            return
        spec = self.spec
        plan = self.plan()
        try:
            options = spec.convert(self.given(), len(plan), "launcher")
            table = hub.open_table(user_name(app), spec.id, plan, options)
            enter_table(app, table)
        except (OptionValueError, OptionError, DeckError, ValueError) as exc:
            self.notify(problem_text(exc), title=_("Cannot open the table"), severity="error")


class TableListScreen(StyledOnce, Screen):
    """Join a table (by code or from the list of open tables) or watch one."""

    CSS_PATH = "tables.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back"), id="tables.back"),
    ]

    def __init__(self, watch: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.watching = watch

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Vertical(id="tablelist"):
            yield Static(
                _("Table code (Enter):") if not self.watching else _("Code of the table to watch:"),
                classes="heading",
                markup=False,
            )
            yield steady_cursor(Input(placeholder="K7QX", max_length=8, id="code"), self.app)
            yield Static(
                _("Open tables") if not self.watching else _("Tables playing"),
                classes="heading",
                markup=False,
            )
            yield OptionList(id="list")
            yield Static(id="empty", classes="dim", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = _("footycards")
        self.sub_title = _("watch a table") if self.watching else _("join a table")
        self.refresh_list()
        self.set_interval(1.0, self.refresh_list)
        self.query_one("#code", Input).focus()

    def on_resize(self, event: Resize) -> None:
        check_size(self, event.size)

    def tables(self) -> list[Table]:
        hub: TableHub | None = footy(self).hub
        if hub is None:
            return []
        return hub.watchable() if self.watching else hub.open_tables(footy(self).user)

    def refresh_list(self) -> None:
        tables = self.tables()
        listing = self.query_one("#list", OptionList)
        shown = [o.id for o in listing.options]
        if shown != [t.code for t in tables]:
            highlighted = listing.highlighted
            listing.set_options([Option(table_line(t), id=t.code) for t in tables])
            if tables:
                listing.highlighted = min(highlighted or 0, len(tables) - 1)
        self.query_one("#empty", Static).update(
            "" if tables else _("No tables yet. Host one from the launcher.")
        )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.enter(event.value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.enter(event.option.id)

    def enter(self, code: str) -> None:
        app = footy(self)
        if app.hub is None or not code.strip():
            return
        # From the app's own queue: a screen started while this screen's handler runs
        # keeps this screen (Textual's active message pump, saved for the new screen's
        # whole life), and the room outlives this list.
        app.call_later(self.join, code)

    def join(self, code: str) -> None:
        app = footy(self)
        if app.hub is None:
            return
        try:
            enter_table(app, app.hub.find(code), watch=self.watching)
        except TableError as exc:
            self.notify(str(exc), title=_("Cannot join"), severity="error", markup=False)
