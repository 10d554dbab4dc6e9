"""Provides LauncherScreen: pick a game, set up the seats and options, and kick off.

Everything it offers comes from the game registry: the games, their player range and
their options (a widget per declared option). Everything is checked before anyone is
asked a set-up question.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option
from textual.widgets.select import InvalidSelectValueError

from ... import settings
from ...core import DeckError, OptionError
from ...i18n import N_, _
from ...match import Match
from ...registry import (
    REGISTRY,
    GameSpec,
    OptionSpec,
    OptionValueError,
    get_spec,
    playable_now,
)
from ...seats import SeatSpec, ai_label, check_names
from ..translate import translate_bindings
from .too_small import check_size

if TYPE_CHECKING:
    from ..app import FootyApp

MAX_SEATS = max(spec.max_players for spec in REGISTRY.with_screens())
KINDS = [
    (N_("Human"), "human"),
    (N_("AI easy"), "easy"),
    (N_("AI normal"), "normal"),
    (N_("AI hard"), "hard"),
    (N_("AI random"), "random"),
]
DEFAULT_NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eva", "Filip"]
SPEEDS = [
    (N_("instant"), "instant"),
    (N_("fast"), "fast"),
    (N_("normal"), "normal"),
    (N_("slow"), "slow"),
]


def widget_id(spec: GameSpec, opt: OptionSpec) -> str:
    return f"opt-{spec.id}-{opt.name}"


def seat_choices(opt: OptionSpec, players: int) -> list[tuple[str, str]]:
    """The choices of a seat option: its words (random, …), then each seat."""
    words = [(_(label), value) for value, label in opt.choices]
    return words + [(_("P{n} starts").format(n=i + 1), str(i + 1)) for i in range(players)]


class LauncherScreen(Screen):
    """The game picker and seat set-up that `footycards` opens with."""

    CSS_PATH = "launcher.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", N_("Start"), id="launcher.start"),
        Binding("ctrl+o", "continue", N_("Continue"), id="launcher.continue"),
        Binding("f1", "rules", N_("Rules"), id="launcher.rules"),
        Binding("f2", "app.show_keys", N_("Keys"), id="launcher.keys"),
        Binding("f3", "stats", N_("Statistics"), id="launcher.stats"),
        Binding("ctrl+q", "app.quit", N_("Quit"), id="launcher.quit"),
        Binding("f5", "table('host')", N_("Host a table"), id="launcher.host"),
        Binding("f6", "table('join')", N_("Join a table"), id="launcher.join"),
        Binding("f7", "table('watch')", N_("Watch a table"), id="launcher.watch"),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self.game_id = REGISTRY.with_screens()[0].id
        self.typed_names = list(DEFAULT_NAMES)  # what people typed, kept while a seat is AI

    @property
    def footy(self) -> FootyApp:
        """The app, typed (the launcher only runs inside FootyApp)."""
        from ..app import FootyApp

        app = self.app
        assert isinstance(app, FootyApp)
        return app

    def offered(self, spec: GameSpec) -> tuple[OptionSpec, ...]:
        """The game's launcher options; on a server (a remote session) no option that
        names files: a remote user never makes the server read a file of its choice."""
        options = spec.options_for("launcher")
        if self.footy.hub is not None or self.footy.user:
            options = tuple(o for o in options if o.kind != "files")
        return options

    @property
    def spec(self) -> GameSpec:
        return get_spec(self.game_id)

    def compose(self) -> ComposeResult:
        if self.footy.user:  # a remote session: P1 is the person who connected
            self.typed_names[0] = self.footy.user[:16]
        yield Header()
        with Horizontal(id="launcher"):
            with Vertical(id="games"):
                yield Static(_("Games"), classes="heading")
                yield OptionList(
                    *[
                        Option(f"[b]{g.name}[/b]\n[dim]{_(g.description)}[/dim]", id=g.id)
                        for g in REGISTRY.with_screens()
                    ],
                    id="gamelist",
                )
                yield Static(playable_now(), id="playable")
                yield Button(_("Continue a game (Ctrl+O)"), id="continue", compact=True)
                yield Button(_("Statistics (F3)"), id="stats", compact=True)
                if self.footy.hub is not None:  # a server: shared tables
                    yield Button(_("Host a table (F5)"), id="table-host", compact=True)
                    yield Button(_("Join a table (F6)"), id="table-join", compact=True)
                    yield Button(_("Watch a table (F7)"), id="table-watch", compact=True)
            with VerticalScroll(id="setup"):
                yield Static(_("Seats"), classes="heading")
                yield Select(
                    [(str(n), n) for n in range(2, MAX_SEATS + 1)],
                    value=2,
                    allow_blank=False,
                    id="seatcount",
                    prompt=_("Seats"),
                )
                for i in range(MAX_SEATS):
                    with Horizontal(classes="seat", id=f"seat-{i}"):
                        yield Label(f"P{i + 1}", classes="seatno")
                        yield Input(self.typed_names[i], id=f"name-{i}", max_length=16)
                        yield Select(
                            [(_(label), value) for label, value in KINDS],
                            value="human" if i == 0 else "normal",
                            allow_blank=False,
                            id=f"kind-{i}",
                        )
                yield Static(_("Options"), classes="heading")
                for spec in REGISTRY.with_screens():
                    with Vertical(id=f"opts-{spec.id}", classes="opts"):
                        for opt in self.offered(spec):
                            with Horizontal(classes="option", id=f"row-{widget_id(spec, opt)}"):
                                yield Label(_(opt.label), classes="optlabel")
                                yield self.option_widget(spec, opt)
                yield Static(_("AI speed and theme"), classes="heading")
                with Horizontal(classes="row"):
                    yield Select(
                        [(_(label), value) for label, value in SPEEDS],
                        value=self.footy.speed,
                        allow_blank=False,
                        id="speed",
                    )
                    yield Select(
                        [(t, t) for t in sorted(self.app.available_themes)],
                        value=self.app.theme,
                        allow_blank=False,
                        id="theme",
                    )
                yield Button(_("Start (Ctrl+S)"), variant="success", id="start")
        yield Footer()

    def option_widget(self, spec: GameSpec, opt: OptionSpec) -> Input | Select:
        """The widget of one declared option, showing its default."""
        wid = widget_id(spec, opt)
        start = opt.launcher_default if opt.launcher_default is not None else opt.default
        if opt.kind == "choice":
            return Select(
                [(_(label), value) for value, label in opt.choices],
                value=start,
                allow_blank=False,
                id=wid,
            )
        if opt.kind == "seat":
            choices = seat_choices(opt, spec.min_players)
            return Select(choices, value=start or choices[0][1], allow_blank=False, id=wid)
        if opt.kind == "int":
            return Input("" if start is None else str(start), id=wid, type="integer")
        placeholder = _("empty: the game's own deck; several separated by commas")
        return Input("", id=wid, placeholder=placeholder)

    def on_mount(self) -> None:
        self.title = _("footycards")
        self.sub_title = _("pick a game and your seats")
        self.apply_remembered()
        self.pick_game(self.game_id)
        self.apply_remembered_options()
        self.show_names()
        games = [g.id for g in REGISTRY.with_screens()]
        self.query_one("#gamelist", OptionList).highlighted = games.index(self.game_id)
        self.query_one("#gamelist", OptionList).focus()

    # -- remembered settings: each value applied on its own, a misfit skipped ---------

    def apply_remembered(self) -> None:
        """Open with the game, seats and pace set up last time."""
        remembered = self.footy.settings
        if remembered.game in [g.id for g in REGISTRY.with_screens()]:
            self.game_id = remembered.game
        with self.prevent(Select.Changed, Input.Changed):
            for i, seat in enumerate(remembered.seats[:MAX_SEATS]):
                self.typed_names[i] = seat.name
                self.query_one(f"#name-{i}", Input).value = seat.name
                self.try_set(self.query_one(f"#kind-{i}", Select), seat.kind)
            if remembered.seat_count is not None:
                self.try_set(self.query_one("#seatcount", Select), remembered.seat_count)
            if remembered.speed is not None and self.try_set(
                self.query_one("#speed", Select), remembered.speed
            ):
                self.footy.speed = remembered.speed

    def apply_remembered_options(self) -> None:
        """Each game's options as last started (after the seats: a seat option needs them)."""
        remembered = self.footy.settings
        with self.prevent(Select.Changed, Input.Changed):
            for spec in REGISTRY.with_screens():
                values = remembered.options.get(spec.id, {})
                for opt in self.offered(spec):
                    if opt.name in values:
                        self.try_set(self.query_one(f"#{widget_id(spec, opt)}"), values[opt.name])
        self.refresh_seats()

    @staticmethod
    def try_set(widget: Any, value: Any) -> bool:
        """Show a remembered value; False (and nothing changed) when the widget refuses it."""
        try:
            widget.value = value
        except (InvalidSelectValueError, ValueError, TypeError):
            return False
        return True

    def remember(self) -> None:
        """Keep this set-up for the next session (a failure is only told)."""
        footy = self.footy
        kept = footy.settings
        kept.game = self.game_id
        kept.seat_count = self.seat_count()
        kept.seats = []
        for i in range(MAX_SEATS):
            kind = self.query_one(f"#kind-{i}", Select).value
            kept.seats.append(settings.SeatSetting(str(kind), self.typed_names[i]))
        for spec in REGISTRY.with_screens():
            values = {}
            for opt in self.offered(spec):
                widget = self.query_one(f"#{widget_id(spec, opt)}")
                if isinstance(widget, Input | Select) and isinstance(widget.value, str | int):
                    values[opt.name] = widget.value
            kept.options[spec.id] = values
        kept.speed = footy.speed
        kept.theme = self.app.theme
        if footy.remember_lang:
            kept.language = footy.remember_lang
        problem = settings.save(kept, footy.settings_file)
        if problem:
            self.notify(problem, title=_("Settings"), severity="warning")

    def on_resize(self, event: Resize) -> None:
        check_size(self, event.size)

    def seat_count(self) -> int:
        value = self.query_one("#seatcount", Select).value
        return value if isinstance(value, int) else 2

    def refresh_seat_count(self) -> None:
        """Offer the game's player range, keeping the count chosen where it fits."""
        spec = self.spec
        count = self.query_one("#seatcount", Select)
        n = min(max(self.seat_count(), spec.min_players), spec.max_players)
        with self.prevent(Select.Changed):
            count.set_options([(str(k), k) for k in range(spec.min_players, spec.max_players + 1)])
            count.value = n
        self.refresh_seats()

    def refresh_seats(self) -> None:
        """Show the seats in use and the options of the game's chosen mode."""
        spec = self.spec
        n = self.seat_count()
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-{i}").display = i < n
        mode = self.mode()
        for opt in self.offered(spec):
            self.query_one(f"#row-{widget_id(spec, opt)}").display = opt.applies(mode)
            if opt.kind == "seat":
                select = self.query_one(f"#{widget_id(spec, opt)}", Select)
                old = select.value
                choices = seat_choices(opt, n)
                values = [v for _label, v in choices]
                with self.prevent(Select.Changed):
                    select.set_options(choices)
                    select.value = old if old in values else opt.launcher_default or values[0]

    def mode(self) -> str | None:
        spec = self.spec
        if spec.mode_option is None:
            return None
        value = self.query_one(f"#{widget_id(spec, spec.option(spec.mode_option))}", Select).value
        return value if isinstance(value, str) else None

    def show_names(self) -> None:
        """An AI seat's name field shows its AI name, greyed out; a person's shows what
        was typed for that seat (kept while the seat was an AI)."""
        for i, seat in enumerate(self.seats(all_seats=True)):
            field = self.query_one(f"#name-{i}", Input)
            if seat.ai:
                with self.prevent(Input.Changed):
                    field.value = seat.name
                field.disabled = True
            elif field.disabled:
                with self.prevent(Input.Changed):
                    field.value = self.typed_names[i]
                field.disabled = False

    def on_input_changed(self, event: Input.Changed) -> None:
        wid = event.input.id or ""
        if wid.startswith("name-") and not event.input.disabled:
            self.typed_names[int(wid.split("-")[1])] = event.input.value  # not a stale value

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id and event.select.id.startswith("kind-"):
            self.show_names()
        elif event.select.id == "seatcount":
            self.refresh_seats()
        elif event.select.id == "speed":  # the widget's value: a message may be stale
            self.footy.speed = str(event.select.value)
        elif event.select.id == "theme" and event.select.value != self.app.theme:
            self.app.theme = str(event.select.value)
            self.footy.remember_theme()
        elif event.select.id and event.select.id.startswith(f"opt-{self.game_id}-"):
            spec = self.spec
            if spec.mode_option and event.select.id == f"opt-{spec.id}-{spec.mode_option}":
                self.refresh_seats()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.pick_game(event.option.id)
        self.query_one("#seatcount", Select).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.pick_game(event.option.id)

    def pick_game(self, game_id: str) -> None:
        """Show the options of the highlighted game only."""
        self.game_id = game_id
        for spec in REGISTRY.with_screens():
            self.query_one(f"#opts-{spec.id}").display = spec.id == game_id
        self.refresh_seat_count()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            event.stop()
            self.action_start()
        elif event.button.id == "continue":
            event.stop()
            self.action_continue()
        elif event.button.id == "stats":
            event.stop()
            self.action_stats()
        elif event.button.id and event.button.id.startswith("table-"):
            event.stop()
            self.action_table(event.button.id.removeprefix("table-"))

    def action_continue(self) -> None:
        """The unfinished games, to resume one."""
        from .resume import ResumeScreen

        self.app.push_screen(ResumeScreen())

    def action_stats(self) -> None:
        """Each player's results per game."""
        from .stats import StatsScreen

        self.app.push_screen(StatsScreen(self.game_id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "table" or self.footy.hub is not None

    def action_table(self, what: str) -> None:
        """Host, join or watch a shared table (tables.py)."""
        from .tables import HostScreen, TableListScreen

        self.app.push_screen(HostScreen() if what == "host" else TableListScreen(what == "watch"))

    def action_rules(self) -> None:
        self.footy.action_rules(self.game_id)

    def seats(self, all_seats: bool = False) -> list[SeatSpec]:
        """The seats as set up (every row when `all_seats`, else the seats in use)."""
        seats = []
        counts: dict[str, int] = {}
        for i in range(MAX_SEATS if all_seats else self.seat_count()):
            kind = self.query_one(f"#kind-{i}", Select).value
            name = self.typed_names[i].strip() or f"P{i + 1}"
            if kind == "human" or not isinstance(kind, str):
                seats.append(SeatSpec(name))
            else:
                counts[kind] = counts.get(kind, 0) + 1
                seats.append(SeatSpec(ai_label(kind, counts[kind]), kind))
        return seats

    def given(self) -> dict[str, Any]:
        """The raw option values in the widgets of the chosen game."""
        spec = self.spec
        values: dict[str, Any] = {}
        mode = self.mode()
        for opt in self.offered(spec):
            if not opt.applies(mode):
                continue
            widget = self.query_one(f"#{widget_id(spec, opt)}")
            value = widget.value if isinstance(widget, Input | Select) else None
            if opt.kind == "files" and isinstance(value, str):
                value = [part for part in value.split(",") if part.strip()]
            values[opt.name] = value
        return values

    def action_start(self) -> None:
        from ..app import PendingGame

        seats = self.seats()
        spec = self.spec
        try:
            check_names(seats)
            opts = spec.convert(self.given(), len(seats), "launcher")
        except (OptionValueError, ValueError) as exc:
            self.notify(str(exc), title=_("Cannot start"), severity="error")
            return
        seed = random.SystemRandom().getrandbits(31)
        try:
            Match.start(spec.id, seats, seed, opts)  # check everything before asking anyone
        except (OptionError, DeckError, ValueError) as exc:
            self.notify(str(exc), title=_("Cannot start"), severity="error")
            return
        self.remember()
        self.footy.start_game(PendingGame(spec.id, seats, seed, opts))
