"""Provides LauncherScreen: pick a game, set up the seats and options, and kick off."""

from __future__ import annotations

import datetime as dt
import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Header, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ...core import GAMES, DeckError, OptionError
from ...i18n import _
from ...seats import SeatSpec, Table, ai_label
from ..widgets.dialogs import DIALOG_CSS

MAX_SEATS = 6
KINDS = [
    (_("Human"), "human"),
    (_("AI easy"), "easy"),
    (_("AI normal"), "normal"),
    (_("AI hard"), "hard"),
    (_("AI random"), "random"),
]
DEFAULT_NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eva", "Filip"]
STADIUM_DATE = "stadium"
QUARTETT_MODES = [
    (_("Fußball — top trumps, 2–6 players"), "fussball"),
    (_("Abwehr-Angriff — top trumps on Abwehr and Angriff"), "abwehr-angriff"),
    (_("Quartett — collect quartets (2–6 players)"), "quartett"),
]


class StadiumDateScreen(ModalScreen[dict[int, str] | None]):
    """S2.2: each human says when they last watched football at a stadium."""

    DEFAULT_CSS = "StadiumDateScreen {" + DIALOG_CSS + "} StadiumDateScreen Input { width: 100%; }"
    BINDINGS = [Binding("escape", "cancel", _("Cancel"), id="date.cancel")]

    def __init__(self, humans: list[tuple[int, str]]) -> None:
        super().__init__()
        self.humans = humans

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Who was most recently at a stadium?"), classes="title")
            yield Static(
                _(
                    "Date of your last match at a stadium (YYYY-MM-DD); leave empty "
                    "if never. The most recent starts; ties are drawn at random."
                ),
                classes="body",
            )
            for seat, name in self.humans:
                yield Label(name)
                yield Input(placeholder="2026-05-17", id=f"date-{seat}")
            yield Button(_("Decide"), variant="primary", id="decide")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.decide()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.decide()

    def decide(self) -> None:
        answers: dict[int, str] = {}
        for seat, name in self.humans:
            text = self.query_one(f"#date-{seat}", Input).value.strip()
            if text:
                try:
                    dt.date.fromisoformat(text)
                except ValueError:
                    self.notify(
                        _("{name}: '{text}' is not a date like 2026-05-17").format(
                            name=name, text=text
                        ),
                        severity="error",
                    )
                    return
            answers[seat] = text
        self.dismiss(answers)

    def action_cancel(self) -> None:
        self.dismiss(None)


def most_recent_at_stadium(answers: dict[int, str], seats: int, rng: random.Random) -> int:
    """S2.2: the most recent date starts; ties, nobody dated, and AI seats drawn at random."""
    dated = {s: d for s, d in answers.items() if d}
    if not dated:
        return rng.randrange(seats)
    best = max(dated.values())
    return rng.choice(sorted(s for s, d in dated.items() if d == best))


class LauncherScreen(Screen):
    """The game picker and seat set-up that `footycards` opens with."""

    CSS_PATH = "launcher.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", _("Start"), id="launcher.start"),
        Binding("f1", "rules", _("Rules"), id="launcher.rules"),
        Binding("f2", "app.show_keys", _("Keys"), id="launcher.keys"),
        Binding("ctrl+q", "app.quit", _("Quit"), id="launcher.quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        from ..app import PLAYABLE

        self.games = {gid: GAMES[gid] for gid in PLAYABLE if gid in GAMES}
        self.game_id = next(iter(self.games))

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="launcher"):
            with Vertical(id="games"):
                yield Static(_("Games"), classes="heading")
                yield OptionList(
                    *[
                        Option(f"[b]{g.NAME}[/b]\n[dim]{_(g.DESCRIPTION)}[/dim]", id=gid)
                        for gid, g in self.games.items()
                    ],
                    id="gamelist",
                )
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
                        yield Input(DEFAULT_NAMES[i], id=f"name-{i}", max_length=16)
                        yield Select(
                            KINDS,
                            value="human" if i == 0 else "normal",
                            allow_blank=False,
                            id=f"kind-{i}",
                        )
                with Vertical(id="opts-stadium", classes="opts"):
                    yield Static(_("Table (rows × cards per row)"), classes="heading")
                    with Horizontal(classes="row"):
                        yield Input("10", id="rows", type="integer", max_length=2)
                        yield Label("×", classes="times")
                        yield Input("10", id="cols", type="integer", max_length=2)
                    yield Static(_("Who starts"), classes="heading")
                    yield Select(
                        self.first_options(2), value=STADIUM_DATE, allow_blank=False, id="first"
                    )
                with Vertical(id="opts-quartett", classes="opts"):
                    yield Static(_("Game"), classes="heading")
                    yield Select(QUARTETT_MODES, value="fussball", allow_blank=False, id="mode")
                    yield Static(
                        _(
                            "Deck files (empty: the default deck; several, separated "
                            "by commas, combine decks: Fan-Freundschaft)"
                        ),
                        classes="heading",
                    )
                    yield Input("", id="decks", placeholder="assets/decks/quartett.toml")
                    yield Static(_("Round limit (empty: none)"), classes="heading")
                    yield Input("", id="round_limit", type="integer", max_length=4)
                yield Static(_("AI speed and theme"), classes="heading")
                with Horizontal(classes="row"):
                    yield Select(
                        [
                            (_("instant"), "instant"),
                            (_("fast"), "fast"),
                            (_("normal"), "normal"),
                            (_("slow"), "slow"),
                        ],
                        value=self.app.speed,
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

    def on_mount(self) -> None:
        self.title = _("footycards")
        self.sub_title = _("pick a game and your seats")
        self.refresh_seats()
        self.pick_game(self.game_id)
        self.query_one("#gamelist", OptionList).highlighted = 0
        self.query_one("#gamelist", OptionList).focus()

    @staticmethod
    def first_options(n: int) -> list[tuple[str, str]]:
        """S2.2: choose a seat, draw at random, or ask who was last at a stadium."""
        opts = [(_("Most recently at a stadium?"), STADIUM_DATE), (_("Random"), "random")]
        return opts + [(_("P{n} starts").format(n=i + 1), str(i)) for i in range(n)]

    def refresh_seats(self) -> None:
        n = self.query_one("#seatcount", Select).value
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-{i}").display = i < n
        first = self.query_one("#first", Select)
        old = first.value
        opts = self.first_options(n)
        first.set_options(opts)
        values = [v for _label, v in opts]
        first.value = old if old in values else STADIUM_DATE

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "seatcount":
            self.refresh_seats()
        elif event.select.id == "speed":
            self.app.speed = event.value
        elif event.select.id == "theme":
            self.app.theme = event.value

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.pick_game(event.option.id)
        self.query_one("#seatcount", Select).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.pick_game(event.option.id)

    def pick_game(self, game_id: str) -> None:
        """Show the options of the highlighted game only."""
        self.game_id = game_id
        for gid in self.games:
            self.query_one(f"#opts-{gid}").display = gid == game_id

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            event.stop()
            self.action_start()

    def action_rules(self) -> None:
        self.app.action_rules(self.game_id)

    def seats(self) -> list[SeatSpec]:
        n = self.query_one("#seatcount", Select).value
        seats = []
        counts: dict[str, int] = {}
        for i in range(n):
            kind = self.query_one(f"#kind-{i}", Select).value
            name = self.query_one(f"#name-{i}", Input).value.strip() or f"P{i + 1}"
            if kind == "human":
                seats.append(SeatSpec(name))
            else:
                counts[kind] = counts.get(kind, 0) + 1
                seats.append(SeatSpec(ai_label(kind, counts[kind]), kind))
        return seats

    def options(self) -> dict | None:
        if self.game_id == "quartett":
            opts: dict = {"mode": self.query_one("#mode", Select).value}
            decks = [d.strip() for d in self.query_one("#decks", Input).value.split(",")]
            decks = [d for d in decks if d]
            if len(decks) == 1:
                opts["deck"] = decks[0]
            elif decks:
                opts["decks"] = decks
            limit = self.query_one("#round_limit", Input).value.strip()
            if limit:
                if not limit.isdigit() or int(limit) < 1:
                    self.notify(
                        _("The round limit must be a whole number of at least 1."), severity="error"
                    )
                    return None
                opts["round_limit"] = int(limit)
            return opts
        try:
            rows = int(self.query_one("#rows", Input).value)
            cols = int(self.query_one("#cols", Input).value)
        except ValueError:
            self.notify(_("Rows and cards per row must be whole numbers."), severity="error")
            return None
        return {"rows": rows, "cols": cols}

    def action_start(self) -> None:
        seats = self.seats()
        opts = self.options()
        if opts is None:
            return
        rng = random.Random()
        if self.game_id != "stadium":
            self.kick_off(seats, opts, None)
            return
        first = self.query_one("#first", Select).value
        if first == STADIUM_DATE:
            humans = [(i, s.name) for i, s in enumerate(seats) if s.is_human]
            if not humans:
                self.kick_off(seats, opts, rng.randrange(len(seats)))
                return

            def done(answers: dict[int, str] | None) -> None:
                if answers is not None:
                    self.kick_off(seats, opts, most_recent_at_stadium(answers, len(seats), rng))

            self.app.push_screen(StadiumDateScreen(humans), done)
            return
        self.kick_off(seats, opts, rng.randrange(len(seats)) if first == "random" else int(first))

    def kick_off(self, seats: list[SeatSpec], opts: dict, first: int | None) -> None:
        if first is not None:
            opts = dict(opts, first=first)
        try:
            table = Table.start(self.game_id, seats, random.SystemRandom().getrandbits(31), opts)
        except (OptionError, DeckError, ValueError) as exc:
            self.notify(str(exc), title=_("Cannot start"), severity="error")
            return
        self.app.open_game(table)
