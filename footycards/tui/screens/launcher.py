"""Provides LauncherScreen: pick a game, set up the seats and options, and kick off.

Everything it offers comes from the game registry: the games, their player range and
their options (a widget per declared option). Everything is checked before anyone is
asked a set-up question.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

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
from ..widgets.keybar import KeyBar
from ..widgets.titlebar import TitleBar
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


@dataclass
class LauncherState:
    """What the launcher shows, as plain data: the widgets are built from it (only the
    seats in use and the highlighted game's options) and write back into it, so a game
    highlighted again, a seat added again or a launcher rebuilt gets what was typed."""

    game_id: str
    seat_count: int = 2
    names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES))
    kinds: list[str] = field(default_factory=lambda: ["human"] + ["normal"] * (MAX_SEATS - 1))
    options: dict[str, dict[str, Any]] = field(default_factory=dict)  # game -> name -> raw


def start_value(opt: OptionSpec) -> Any:
    """An option's value in a launcher not yet touched (a str for an Input)."""
    start = opt.launcher_default if opt.launcher_default is not None else opt.default
    if opt.kind in ("int", "files"):
        return "" if start is None or opt.kind == "files" else str(start)
    return start


def fits(opt: OptionSpec, value: Any, players: int) -> bool:
    """Whether a raw value can be shown in the option's widget (not whether it is valid:
    a number out of range is shown, and refused with a message at the start)."""
    if opt.kind == "choice":
        return value in [v for v, _label in opt.choices]
    if opt.kind == "seat":
        return value in [v for _label, v in seat_choices(opt, players)]
    return isinstance(value, str | int) and not isinstance(value, bool)


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

    def __init__(self, state: LauncherState | None = None) -> None:
        """`state`: what to show (a launcher rebuilt after a shared table); None: the
        remembered settings."""
        super().__init__()
        translate_bindings(self)
        self.state = state
        self.shown_game: str | None = None  # whose options are mounted
        self.shown_seats = 0  # seat rows mounted
        self.building = asyncio.Lock()  # one rebuild of the widgets at a time

    @property
    def footy(self) -> FootyApp:
        """The app, typed (the launcher only runs inside FootyApp)."""
        from ..app import FootyApp

        app = self.app
        assert isinstance(app, FootyApp)
        return app

    def offered(self, spec: GameSpec) -> tuple[OptionSpec, ...]:
        """The game's launcher options (no file options in a remote session)."""
        return spec.options_for("launcher", remote=self.footy.is_remote)

    @property
    def game_id(self) -> str:
        return self.setup.game_id

    @property
    def spec(self) -> GameSpec:
        return get_spec(self.game_id)

    @property
    def setup(self) -> LauncherState:
        if self.state is None:
            self.state = self.remembered_state()
        return self.state

    @property
    def typed_names(self) -> list[str]:
        """What people typed per seat, kept while a seat is AI or not shown."""
        return self.setup.names

    def compose(self) -> ComposeResult:
        state = self.setup
        yield TitleBar()
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
                spec = self.spec
                yield Select(
                    [(str(k), k) for k in range(spec.min_players, spec.max_players + 1)],
                    value=state.seat_count,
                    allow_blank=False,
                    id="seatcount",
                    prompt=_("Seats"),
                )
                with Vertical(id="seats"):
                    yield from self.seat_rows(0, state.seat_count)
                self.shown_seats = state.seat_count
                yield Static(_("Options"), classes="heading")
                with Vertical(id="options"):
                    yield self.options_box(spec)
                self.shown_game = spec.id
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
        yield KeyBar()

    def seat_rows(self, first: int, upto: int) -> list[Horizontal]:
        """The rows of seats first..upto-1, showing what was typed and chosen for them."""
        rows = []
        for i in range(first, upto):
            rows.append(
                Horizontal(
                    Label(f"P{i + 1}", classes="seatno"),
                    Input(self.typed_names[i], id=f"name-{i}", max_length=16),
                    Select(
                        [(_(label), value) for label, value in KINDS],
                        value=self.setup.kinds[i],
                        allow_blank=False,
                        id=f"kind-{i}",
                    ),
                    classes="seat",
                    id=f"seat-{i}",
                )
            )
        return rows

    def options_box(self, spec: GameSpec) -> Vertical:
        """The option rows of one game, showing the values kept for it."""
        values = self.setup.options.setdefault(spec.id, {})
        mode = self.mode()
        rows = []
        for opt in self.offered(spec):
            row = Horizontal(
                Label(_(opt.label), classes="optlabel"),
                self.option_widget(spec, opt, values.get(opt.name, start_value(opt))),
                classes="option",
                id=f"row-{widget_id(spec, opt)}",
            )
            row.display = opt.applies(mode)
            rows.append(row)
        return Vertical(*rows, id=f"opts-{spec.id}", classes="opts")

    def option_widget(self, spec: GameSpec, opt: OptionSpec, value: Any) -> Input | Select:
        """The widget of one declared option, showing `value` (the default where it does
        not fit)."""
        wid = widget_id(spec, opt)
        players = self.setup.seat_count
        if not fits(opt, value, players):
            value = start_value(opt)
        if opt.kind == "choice":
            return Select(
                [(_(label), v) for v, label in opt.choices],
                value=value,
                allow_blank=False,
                id=wid,
            )
        if opt.kind == "seat":
            choices = seat_choices(opt, players)
            if not fits(opt, value, players):
                value = choices[0][1]
            return Select(choices, value=value, allow_blank=False, id=wid)
        if opt.kind == "int":
            return Input("" if value is None else str(value), id=wid, type="integer")
        placeholder = _("empty: the game's own deck; several separated by commas")
        return Input(str(value or ""), id=wid, placeholder=placeholder)

    def on_mount(self) -> None:
        self.title = _("footycards")
        self.sub_title = _("pick a game and your seats")
        self.show_names()
        games = [g.id for g in REGISTRY.with_screens()]
        self.query_one("#gamelist", OptionList).highlighted = games.index(self.game_id)
        self.query_one("#gamelist", OptionList).focus()

    # -- remembered settings: each value applied on its own, a misfit skipped ---------

    def remembered_state(self) -> LauncherState:
        """The game, seats, options and pace set up last time (a misfit left out)."""
        remembered = self.footy.settings
        games = REGISTRY.with_screens()
        game_id = remembered.game if remembered.game in [g.id for g in games] else games[0].id
        state = LauncherState(game_id)
        if self.footy.user:  # a remote session: P1 is the person who connected
            state.names[0] = self.footy.user[:16]
        kinds = [value for _label, value in KINDS]
        for i, seat in enumerate(remembered.seats[:MAX_SEATS]):
            state.names[i] = seat.name
            if seat.kind in kinds:
                state.kinds[i] = seat.kind
        if isinstance(remembered.seat_count, int) and 2 <= remembered.seat_count <= MAX_SEATS:
            state.seat_count = remembered.seat_count
        spec = get_spec(game_id)
        state.seat_count = min(max(state.seat_count, spec.min_players), spec.max_players)
        if remembered.speed in [value for _label, value in SPEEDS]:
            self.footy.speed = remembered.speed
        for game in games:  # after the seats: a seat option needs them
            values = state.options.setdefault(game.id, {})
            kept = remembered.options.get(game.id, {})
            for opt in self.offered(game):
                value = kept.get(opt.name, start_value(opt))
                if not fits(opt, value, state.seat_count):
                    value = start_value(opt)
                values[opt.name] = str(value) if opt.kind == "int" else value
        return state

    def collect(self) -> LauncherState:
        """Read what is shown into the state (the widgets' values: a message may be
        stale) and return it."""
        state = self.setup
        state.seat_count = self.seat_count()
        for i in range(self.shown_seats):
            kind = self.query_one(f"#kind-{i}", Select).value
            if isinstance(kind, str):
                state.kinds[i] = kind
            field_ = self.query_one(f"#name-{i}", Input)
            if not field_.disabled:
                state.names[i] = field_.value
        if self.shown_game is not None:
            spec = get_spec(self.shown_game)
            values = state.options.setdefault(spec.id, {})
            for opt in self.offered(spec):
                widget = self.query_one(f"#{widget_id(spec, opt)}")
                if isinstance(widget, Input | Select) and isinstance(widget.value, str | int):
                    values[opt.name] = widget.value
        return state

    def remember(self) -> None:
        """Keep this set-up for the next session (a failure is only told)."""
        footy = self.footy
        state = self.collect()
        kept = footy.settings
        kept.game = state.game_id
        kept.seat_count = state.seat_count
        kept.seats = [
            settings.SeatSetting(kind, name)
            for kind, name in zip(state.kinds, state.names, strict=True)
        ]
        for spec in REGISTRY.with_screens():
            kept.options[spec.id] = dict(state.options.get(spec.id, {}))
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

    def refresh_seats(self) -> AwaitComplete:
        """Build the seat rows in use and the highlighted game's options (removing the
        others'), then show the options of its chosen mode; await it to know it is done."""
        return AwaitComplete(self.rebuild())

    async def rebuild(self) -> None:
        async with self.building:  # a later rebuild waits and then sees the latest state
            state = self.collect()
            n = state.seat_count
            if self.shown_seats > n:
                gone = [self.query_one(f"#seat-{i}") for i in range(n, self.shown_seats)]
                self.shown_seats = n
                await self.query_one("#seats").remove_children(gone)
            elif self.shown_seats < n:
                new = self.seat_rows(self.shown_seats, n)
                self.shown_seats = n
                await self.query_one("#seats", Vertical).mount_all(new)
            spec = self.spec
            if self.shown_game != spec.id:
                self.shown_game = None
                await self.query_one("#options").remove_children()
                await self.query_one("#options", Vertical).mount(self.options_box(spec))
                self.shown_game = spec.id
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
            self.show_names()

    def mode(self) -> str | None:
        spec = self.spec
        if spec.mode_option is None:
            return None
        value: Any = self.setup.options.get(spec.id, {}).get(spec.mode_option)
        if self.shown_game == spec.id:
            wid = widget_id(spec, spec.option(spec.mode_option))
            value = self.query_one(f"#{wid}", Select).value
        return value if isinstance(value, str) else None

    def show_names(self) -> None:
        """An AI seat's name field shows its AI name, greyed out; a person's shows what
        was typed for that seat (kept while the seat was an AI)."""
        for i, seat in enumerate(self.seats(all_seats=True)[: self.shown_seats]):
            field_ = self.query_one(f"#name-{i}", Input)
            if seat.ai:
                with self.prevent(Input.Changed):
                    field_.value = seat.name
                field_.disabled = True
            elif field_.disabled:
                with self.prevent(Input.Changed):
                    field_.value = self.typed_names[i]
                field_.disabled = False

    def on_input_changed(self, event: Input.Changed) -> None:
        wid = event.input.id or ""
        if wid.startswith("name-") and not event.input.disabled:
            self.typed_names[int(wid.split("-")[1])] = event.input.value  # not a stale value

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id and event.select.id.startswith("kind-"):
            if isinstance(event.select.value, str):
                self.setup.kinds[int(event.select.id.split("-")[1])] = event.select.value
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

    def pick_game(self, game_id: str) -> AwaitComplete:
        """Show the options of the highlighted game only: its widgets are built, the
        other game's removed (what was typed there is kept in the state)."""
        if game_id == self.game_id and self.shown_game == game_id:
            return AwaitComplete.nothing()
        self.collect()
        self.setup.game_id = game_id
        spec = self.spec
        count = self.query_one("#seatcount", Select)
        n = min(max(self.seat_count(), spec.min_players), spec.max_players)
        with self.prevent(Select.Changed):
            count.set_options([(str(k), k) for k in range(spec.min_players, spec.max_players + 1)])
            count.value = n
        return self.refresh_seats()

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
        """The seats as set up (every seat kept when `all_seats`, else the seats in use)."""
        state = self.setup
        seats = []
        counts: dict[str, int] = {}
        for i in range(MAX_SEATS if all_seats else self.seat_count()):
            kind: Any = state.kinds[i]
            if i < self.shown_seats:  # the widget's value: a message may be stale
                kind = self.query_one(f"#kind-{i}", Select).value
            name = self.typed_names[i].strip() or f"P{i + 1}"
            if kind == "human" or not isinstance(kind, str):
                seats.append(SeatSpec(name))
            else:
                counts[kind] = counts.get(kind, 0) + 1
                seats.append(SeatSpec(ai_label(kind, counts[kind]), kind))
        return seats

    def given(self) -> dict[str, Any]:
        """The raw option values of the chosen game."""
        spec = self.spec
        kept = self.collect().options.get(spec.id, {})
        values: dict[str, Any] = {}
        mode = self.mode()
        for opt in self.offered(spec):
            if not opt.applies(mode):
                continue
            value = kept.get(opt.name)
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
