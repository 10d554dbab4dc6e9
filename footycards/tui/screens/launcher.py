"""Provides LauncherScreen: pick a game, set up the seats and options, and kick off.

Everything it offers comes from the game registry: the games, their player range and
their options (a widget per declared option). Everything is checked before anyone is
asked a set-up question.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.events import Click, DescendantFocus, Resize
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ... import settings
from ...core import DeckError, OptionError
from ...i18n import LANGUAGE_NAMES, N_, _, available_languages, pgettext, switch_language
from ...options import OptionSpec, OptionValueError
from ...registry import REGISTRY, GameSpec, get_spec, playable_now
from ...seats import SeatSpec, ai_label, check_names
from ..host import FootyHost, PendingGame
from ..ladder import kind_text
from ..styled_once import StyledOnce
from ..translate import translate_bindings
from ..widgets.choice import Choice
from ..widgets.keybar import KeyBar
from ..widgets.option_fields import (
    chosen_values,
    field_id,
    follow_table,
    option_rows,
    read_values,
    shown_mode,
)
from ..widgets.titlebar import TitleBar
from .too_small import check_size

# The most seats the launcher sets up: every game's maximum fits (test_registry checks it);
# a number here, so building the launcher imports no engine just to size its seat list.
SEAT_ROWS = 10
SEAT_KIND_CELLS = 30  # the most cells of the seat column (the name field gets the rest)
STRENGTH_COLUMNS = 100  # a launcher this wide shows each AI level's strength word

KINDS = [  # by strength
    (N_("Human"), "human"),
    (N_("AI random"), "random"),
    (N_("AI easy"), "easy"),
    (N_("AI normal"), "normal"),
    (N_("AI hard"), "hard"),
    (N_("AI master"), "master"),
]
DEFAULT_NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eva", "Filip"]
SPEEDS = [
    (N_("instant"), "instant"),
    (N_("fast"), "fast"),
    (N_("normal"), "normal"),
    (N_("slow"), "slow"),
]


LABEL_WIDTH = 16  # the fewest cells of an option's label, so the values line up


def label_width() -> int:
    """The cells of the longest field label in this session's language (every game's
    options, the seat count, the AI speed, the theme), at least LABEL_WIDTH: every
    field's value then starts in the same column ("Penalty shoot-out" is 17 cells)."""
    labels = [_("Seats"), _("AI speed"), _("Theme"), _("Language")]
    labels += [_(o.label) for spec in REGISTRY for o in spec.options_for("launcher")]
    return max([LABEL_WIDTH, *(cell_len(label) for label in labels)])


ACTION = "do-"  # the id prefix of the menu's actions: do-continue, do-table-host, …


class ActionLine(Static, can_focus=True):
    """A focusable line that acts as a button at a fraction of a Button's memory (every
    SSH session has its own launcher): Enter, Space or a click runs the screen's
    `action`."""

    DEFAULT_CSS = """
    ActionLine { height: 1; width: 100%; padding: 0 1; }
    ActionLine:hover { background: $boost; }
    ActionLine:focus {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: bold;
    }
    """
    BINDINGS = [
        Binding("enter,space", "press", N_("Press"), id="launcher.press", show=False),
    ]  # ↑/↓ are the screen's: the field above or below

    def __init__(self, text: str, action: str, id: str) -> None:
        super().__init__(f"▸ {text}", id=id, markup=False)
        translate_bindings(self)
        self.action = action

    async def action_press(self) -> None:
        await self.screen.run_action(self.action)

    async def on_click(self, event: Click) -> None:
        event.stop()
        await self.action_press()


ROOMY_HEIGHT = 34  # from this many lines every game's description is shown, not one


def game_prompt(spec: GameSpec, chosen: bool, roomy: bool = False) -> Text:
    """A game in the menu: its name, and its description when it is the chosen game (or,
    on a tall terminal, always)."""
    prompt = Text(spec.label, style="bold")
    if chosen or roomy:
        prompt.append("\n" + _(spec.description), style="dim")
    return prompt


def widget_id(spec: GameSpec, opt: OptionSpec) -> str:
    """The id of an option's field (the shared option fields')."""
    return field_id(spec, opt)


class LauncherState:
    """What the launcher shows, as plain data: the widgets are built from it (only the
    seats in use and the highlighted game's options) and write back into it, so a game
    highlighted again, a seat added again or a launcher rebuilt gets what was typed. (A
    plain class: a dataclass's generated methods would be compiled at every start.)"""

    def __init__(self, game_id: str, seat_count: int = 2) -> None:
        self.game_id = game_id
        self.seat_count = seat_count
        # one per seat of the largest game (names past DEFAULT_NAMES are empty: "P7" …)
        self.names: list[str] = (DEFAULT_NAMES + [""] * SEAT_ROWS)[: max(SEAT_ROWS, 6)]
        self.kinds: list[str] = ["human"] + ["normal"] * (SEAT_ROWS - 1)
        self.options: dict[str, dict[str, Any]] = {}  # game -> option name -> raw value


class LauncherScreen(StyledOnce, Screen):
    """The game picker and seat set-up that `footycards` opens with. Its first frame is
    the game list (focused), the title and the keys; the set-up's fields and the field
    help are mounted right after it (`mount_forms`), the app holding the input meanwhile
    (`FootyHost.hold_input`): the first frame comes sooner, nothing typed is lost."""

    class Start(Message):
        """A game was set up and checked: the app asks its set-up questions and deals it."""

        def __init__(self, pending: PendingGame) -> None:
            super().__init__()
            self.pending = pending

    CSS_PATH = "launcher.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", N_("Start"), id="launcher.start"),
        Binding("ctrl+o", "continue", N_("Continue"), id="launcher.continue"),
        Binding("f1", "rules", N_("Rules"), id="launcher.rules"),
        Binding("f2", "app.show_keys", N_("Keys"), id="launcher.keys"),
        Binding("f3", "stats", N_("Statistics"), id="launcher.stats"),
        Binding("ctrl+q", "app.quit", N_("Quit"), id="launcher.quit"),
        # the menu shows these three with their keys; the key bar has no room for them at 80
        Binding("f5", "table('host')", N_("Host a table"), id="launcher.host", show=False),
        Binding("f6", "table('join')", N_("Join a table"), id="launcher.join", show=False),
        Binding("f7", "table('watch')", N_("Watch a table"), id="launcher.watch", show=False),
        Binding("down", "app.focus_next", N_("Next field"), id="launcher.next", show=False),
        Binding(
            "up", "app.focus_previous", N_("Previous field"), id="launcher.previous", show=False
        ),
    ]

    def __init__(self, state: LauncherState | None = None, focus: str | None = None) -> None:
        """`state`: what to show (a launcher rebuilt after a shared table or in another
        language); None: the remembered settings. `focus`: the id of the field to focus."""
        super().__init__()
        translate_bindings(self)
        self.state = state
        self.first_focus = focus
        self.shown_game: str | None = None  # whose options are mounted
        self.shown_roomy = False  # whether the menu describes every game (a tall terminal)
        self.shown_seats = 0  # seat rows mounted
        self.forms_mounted = False  # the set-up's fields (mounted after the first frame)
        # what is typed or clicked before they are there waits for them (mount_forms)
        self.holding_input = True
        self.footy.hold_input()
        self.shown_help = ""  # the field help's words as shown
        self.building = asyncio.Lock()  # one rebuild of the widgets at a time
        # every field's label is this wide; on a wide terminal the labels' column also
        # holds a seat's kind with its strength ("P2 ‹ AI hard · pro ›", up to
        # SEAT_KIND_CELLS); on a narrow one the kinds go without it, so that the fields'
        # values are not cut short
        self.strengths = self.app.size.width >= STRENGTH_COLUMNS
        self.label_cells = label_width()
        if self.strengths:
            kinds = max(cell_len(self.kind_label(label, value)) for label, value in KINDS)
            seat_kind = min(len("P10 ") + kinds + 4, SEAT_KIND_CELLS - 2)
            self.label_cells = max(self.label_cells, seat_kind)

    def kind_label(self, label: str, value: str) -> str:
        """A seat kind as the seat field shows it: with its strength when there is room."""
        return kind_text(label, value) if self.strengths else _(label)

    # -- the field help: what the focused field is for, and its whole value ----------

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        self.show_field_help()

    @on(Choice.Changed)
    def help_follows_choice(self, event: Choice.Changed) -> None:
        if event.choice.has_focus:
            self.show_field_help()

    def show_field_help(self) -> None:
        """Under the set-up: what the focused field is for, with its whole value (a long
        choice is cut in its field at 80 columns)."""
        try:
            panel = self.query_one("#fieldhelp", Static)
        except NoMatches:
            return
        text = self.field_help(self.app.focused)
        if text == self.shown_help and panel.display == bool(text):
            return  # as shown (the game list's, from the start): no second layout
        self.shown_help = text
        panel.update(text)
        panel.display = bool(text)

    def field_help(self, widget: Widget | None) -> str:
        """The words of the field help for `widget` ("" for none)."""
        if widget is None:
            return ""
        wid = widget.id or ""
        spec = self.spec
        if wid == "gamelist":
            return _(
                "↑↓ pick a game, Enter or Tab goes to its seats and options, Ctrl+S starts, "
                "F1 shows its rules."
            )
        if wid == "seatcount":
            low, high = spec.min_players, spec.max_players
            if low == high:
                return _("{game} is played by {n} players.").format(game=spec.label, n=low)
            counts = spec.counts()
            if len(counts) < high - low + 1:  # not every number (World Wave: even ones)
                return _("How many play {game}: {counts}. ← → change it.").format(
                    game=spec.label, counts=", ".join(str(k) for k in counts)
                )
            return _("How many play {game}: {low} to {high}. ← → change it.").format(
                game=spec.label, low=low, high=high
            )
        if wid.startswith("kind-"):
            return _(
                "P{n}: a person at this keyboard, or an AI player (random, easy, normal, "
                "hard, master: from the weakest). ← → change it."
            ).format(n=int(wid[5:]) + 1)
        if wid.startswith("name-"):
            return _("P{n}'s name at the table (16 characters at most).").format(n=int(wid[5:]) + 1)
        if wid == "speed":
            return _("How fast AI players move. ← → change it.")
        if wid == "theme":
            return _("The colours (Ctrl+T changes them anywhere). ← → change it.")
        if wid == "language":
            return _("The language of footycards, remembered for next time. ← → change it.")
        if wid == "start":
            return _("Deal and play (Enter or Ctrl+S).")
        for opt in self.offered(spec):
            if wid != widget_id(spec, opt):
                continue
            words = " ".join(filter(None, [_(opt.help), opt.more_help()]))
            if isinstance(widget, Choice):
                shown = next(text for text, value in widget.choices if value == widget.value)
                words += "\n" + _("Now: {value} (← → change it)").format(value=shown)
            return words
        return ""

    def keys_help_rows(self) -> list[tuple[str, str, str]]:
        """Rows the keys help adds: the keys of a choice field, wherever the focus is."""
        return [(_("On this screen"), "← →", _("Change a choice (seats, AI level, options)"))]

    @property
    def footy(self) -> FootyHost:
        """The app, typed (the launcher only runs inside FootyApp)."""
        app = self.app
        assert isinstance(app, FootyHost)
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
        yield TitleBar()
        yield self.menu()
        # the set-up and under it what its field is for: mounted once the first frame
        # (the game list, focused, and the keys) is drawn (mount_forms)
        yield Vertical(id="right")
        yield KeyBar()

    def right_column(self) -> list[Widget]:
        """The set-up with its fields, and under it what the focused field is for (from
        the start the game list's, which is focused first)."""
        setup = VerticalScroll(*self.form_widgets(), id="setup")
        setup.border_title = _("Seats and options")
        setup.can_focus = False  # Tab goes to its fields (they scroll into view)
        setup.styles.grid_columns = f"{self.label_cells + 2} 1fr"  # the labels' column
        menu = self.query_one("#gamelist", OptionList)
        self.shown_help = "" if self.first_focus else self.field_help(menu)
        return [setup, Static(self.shown_help, id="fieldhelp", markup=False)]

    def form_widgets(self) -> list[Widget]:
        """The set-up's fields, a row of the #setup grid each: the seat count, the seats
        in use, the highlighted game's options, the AI speed, the theme, the language and
        Start."""
        state = self.setup
        spec = self.spec
        widgets: list[Widget] = [
            Choice(
                self.count_choices(spec),
                state.seat_count,
                label=_("Seats"),
                label_width=self.label_cells,
                id="seatcount",
                wrap=False,
            )
        ]
        widgets += self.seat_widgets(0, state.seat_count)
        widgets += self.option_rows(spec)
        widgets.append(
            Choice(
                [(_(label), value) for label, value in SPEEDS],
                self.footy.speed,
                label=_("AI speed"),
                label_width=self.label_cells,
                id="speed",
            )
        )
        widgets.append(
            Choice(
                [(t, t) for t in sorted(self.app.available_themes)],
                self.app.theme,
                label=_("Theme"),
                label_width=self.label_cells,
                id="theme",
            )
        )
        widgets.append(
            Choice(  # each language in its own words
                [(LANGUAGE_NAMES[code], code) for code in available_languages()],
                self.footy.lang if self.footy.lang in available_languages() else "en",
                label=_("Language"),
                label_width=self.label_cells,
                id="language",
            )
        )
        widgets.append(ActionLine(_("Start (Ctrl+S)"), "start", id="start"))
        return widgets

    async def mount_forms(self) -> None:
        """The set-up's fields, mounted once the first frame (the game list, focused) is
        drawn; then the input held meanwhile (keys, clicks) goes on, in order."""
        try:
            widgets = self.right_column()
            self.shown_seats = self.setup.seat_count
            self.shown_game = self.spec.id
            await self.query_one("#right").mount_all(widgets)
            if not self.query("#seatcount"):
                return  # the app was closed meanwhile: nothing was mounted
            self.forms_mounted = True
            if self.first_focus:  # rebuilt in another language: the field that changed it
                self.query_one(f"#{self.first_focus}").focus()
        finally:
            self.let_input_go()

    def let_input_go(self) -> None:
        """Release the input held for the fields (once)."""
        if self.holding_input:
            self.holding_input = False
            self.footy.release_input()

    def menu(self) -> OptionList:
        """The left column, one widget: the games (the chosen one with its description),
        which games are playable now, and the actions (Continue, Statistics, and the
        shared tables on a server)."""
        self.shown_roomy = self.roomy()
        options: list[Option | None] = [
            Option(game_prompt(g, g.id == self.game_id, self.shown_roomy), id=g.id)
            for g in REGISTRY.with_screens()
        ]
        options.append(Option(Text(playable_now()), id="playable", disabled=True))
        options.append(None)
        actions = [("continue", _("Continue a game (Ctrl+O)")), ("stats", _("Statistics (F3)"))]
        if self.footy.hub is not None:  # a server: shared tables
            actions += [
                ("table-host", _("Host a table (F5)")),
                ("table-join", _("Join a table (F6)")),
                ("table-watch", _("Watch a table (F7)")),
            ]
        options += [Option(Text(f"▸ {text}"), id=f"{ACTION}{name}") for name, text in actions]
        menu = OptionList(*options, id="gamelist")
        menu.border_title = pgettext("list of games", "Games")
        return menu

    @staticmethod
    def count_choices(spec: GameSpec) -> list[tuple[str, int]]:
        return [(str(k), k) for k in spec.counts()]

    def seat_widgets(self, first: int, upto: int) -> list[Widget]:
        """The kind and name of seats first..upto-1 (a row of the #setup grid each),
        showing what was typed and chosen for them."""
        widgets: list[Widget] = []
        seats = self.seats(all_seats=True)
        for i in range(first, upto):
            widgets.append(
                Choice(
                    [(self.kind_label(label, value), value) for label, value in KINDS],
                    self.setup.kinds[i],
                    label=self.seat_label(i),
                    id=f"kind-{i}",
                    classes="seat",
                )
            )
            # an AI seat's name field is built as `show_names` leaves it (its AI name,
            # disabled): disabling it once mounted would style it a second time
            ai = seats[i].ai is not None
            name = seats[i].name if ai else self.typed_names[i]
            widgets.append(Input(name, id=f"name-{i}", max_length=16, compact=True, disabled=ai))
        return widgets

    def seat_label(self, seat: int) -> str:
        """A seat's label: `P1`, with the group it plays in when the game has groups
        (World Wave: `P1 Team A`)."""
        group = self.spec.seat_group(seat)
        return f"P{seat + 1} {group}" if group else f"P{seat + 1}"

    def option_rows(self, spec: GameSpec) -> list[Widget]:
        """The options of one game (a row of the #setup grid each: a Choice across both
        columns, or a label and an Input), showing the values kept for it."""
        values = self.setup.options.setdefault(spec.id, {})
        players = self.setup.seat_count
        return option_rows(spec, self.offered(spec), values, players, self.mode(), self.label_cells)

    def on_mount(self) -> None:
        self.title = _("footycards")
        self.sub_title = _("pick a game and your seats")
        games = [g.id for g in REGISTRY.with_screens()]
        self.query_one("#gamelist", OptionList).highlighted = games.index(self.game_id)
        self.query_one("#gamelist", OptionList).focus()
        self.app.theme_changed_signal.subscribe(self, self.theme_changed)
        self.call_after_refresh(self.mount_forms)

    def on_unmount(self) -> None:
        self.let_input_go()  # closed before its fields were there: the input goes on
        # the app's signal holds this screen through its callback: let go when closed
        self.app.theme_changed_signal.unsubscribe(self)

    def theme_changed(self, _theme: object) -> None:
        """The theme was changed another way (Ctrl+T): the Theme field follows it."""
        if not self.forms_mounted:
            return  # the field is built with the theme of the moment
        choice = self.query_one("#theme", Choice)
        if choice.value != self.app.theme:
            choice.value = self.app.theme

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
        for i, seat in enumerate(remembered.seats[:SEAT_ROWS]):
            state.names[i] = seat.name
            if seat.kind in kinds:
                state.kinds[i] = seat.kind
        if isinstance(remembered.seat_count, int) and 2 <= remembered.seat_count <= SEAT_ROWS:
            state.seat_count = remembered.seat_count
        spec = get_spec(game_id)
        state.seat_count = spec.fit_count(state.seat_count)
        if remembered.speed in [value for _label, value in SPEEDS]:
            self.footy.speed = remembered.speed
        for game in games:  # after the seats: a seat option needs them
            values = state.options.setdefault(game.id, {})
            kept = remembered.options.get(game.id, {})
            for opt in self.offered(game):
                values[opt.name] = opt.form_value(kept.get(opt.name), state.seat_count)
        return state

    def collect(self) -> LauncherState:
        """Read what is shown into the state (the widgets' values: a message may be
        stale) and return it."""
        state = self.setup
        if not self.forms_mounted:
            return state  # nothing shown yet: the state is what the fields will show
        state.seat_count = self.seat_count()
        for i in range(self.shown_seats):
            kind = self.query_one(f"#kind-{i}", Choice).value
            if isinstance(kind, str):
                state.kinds[i] = kind
            field_ = self.query_one(f"#name-{i}", Input)
            if not field_.disabled:
                state.names[i] = field_.value
        if self.shown_game is not None:
            spec = get_spec(self.shown_game)
            values = state.options.setdefault(spec.id, {})
            values.update(read_values(self, spec, self.offered(spec)))
        return state

    def change_language(self, code: str) -> None:
        """Show this session in `code` from now on (only this session: over SSH each player
        has their own), remember it, and build the launcher again in it, as it was set up."""
        footy = self.footy
        state = self.collect()
        switch_language(code)
        footy.lang = footy.remember_lang = code
        translate_bindings(footy)
        footy.settings.language = code
        problem = settings.update(footy.settings_file, language=code)
        if problem:
            self.notify(problem, title=_("Settings"), severity="warning")
        footy.switch_screen(LauncherScreen(state, focus="language"))

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
        if self.is_mounted and self.roomy() != self.shown_roomy:
            self.call_after_refresh(self.show_prompts)  # once the new width is laid out

    def roomy(self) -> bool:
        """Whether the terminal is tall enough for every game's description."""
        return self.app.size.height >= ROOMY_HEIGHT

    def show_prompts(self) -> None:
        """The games in the menu, the highlighted one (or, when roomy, each) described."""
        menu = self.query_one("#gamelist", OptionList)
        roomy = self.shown_roomy = self.roomy()
        for game in REGISTRY.with_screens():
            menu.replace_option_prompt(game.id, game_prompt(game, game.id == self.game_id, roomy))
        # its height follows its lines; a scroll bar shown for the longer prompts goes
        menu.styles.overflow_y = "hidden"
        self.call_after_refresh(setattr, menu.styles, "overflow_y", "auto")

    def seat_count(self) -> int:
        value = self.query_one("#seatcount", Choice).value
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
                gone = [
                    self.query_one(f"#{kind}-{i}")
                    for i in range(n, self.shown_seats)
                    for kind in ("kind", "name")
                ]
                self.shown_seats = n
                await self.query_one("#setup").remove_children(gone)
            elif self.shown_seats < n:
                new = self.seat_widgets(self.shown_seats, n)
                last = f"#name-{self.shown_seats - 1}"
                self.shown_seats = n
                await self.query_one("#setup").mount_all(new, after=last)
            spec = self.spec
            if self.shown_game != spec.id:
                self.shown_game = None
                await self.query(".opt").remove()
                new = self.option_rows(spec)
                if new:
                    await self.query_one("#setup").mount_all(new, before="#speed")
                self.shown_game = spec.id
            follow_table(self, spec, self.offered(spec), n, self.mode())
            # a game whose seats play in groups (World Wave's teams): room for `P1 Team A`
            longest = max(cell_len(self.seat_label(i)) for i in range(n))
            extra = max(0, longest - cell_len(f"P{n}"))
            self.query_one("#setup").styles.grid_columns = f"{self.label_cells + 2 + extra} 1fr"
            for i in range(self.shown_seats):  # the groups (teams) of this game's seats
                kind = self.query_one(f"#kind-{i}", Choice)
                if kind.label != self.seat_label(i):
                    kind.label = self.seat_label(i)
                    kind.refresh(layout=True)
            self.show_names()

    def mode(self) -> str | None:
        spec = self.spec
        if spec.mode_option is None:
            return None
        if self.shown_game == spec.id:
            return shown_mode(self, spec)
        value: Any = self.setup.options.get(spec.id, {}).get(spec.mode_option)
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

    def on_choice_at_limit(self, event: Choice.AtLimit) -> None:
        """The seats cannot go past the game's limits: say so (no silent wrap round)."""
        if event.choice.id != "seatcount":
            return
        spec = self.spec
        low, high = spec.min_players, spec.max_players
        if low == high:
            text = _("{game} is played by {n} players, no more and no fewer.")
        elif event.by > 0:
            text = _("{game} is played by {n} players at most.")
        else:
            text = _("{game} needs at least {n} players.")
        n = high if event.by > 0 else low
        self.notify(text.format(game=spec.label, n=n), title=_("Seats"), markup=False)
        self.app.bell()

    def on_choice_changed(self, event: Choice.Changed) -> None:
        choice = event.choice
        if choice.id and choice.id.startswith("kind-"):
            if isinstance(choice.value, str):
                self.setup.kinds[int(choice.id.split("-")[1])] = choice.value
            self.show_names()
        elif choice.id == "seatcount":
            self.refresh_seats()
        elif choice.id == "speed":  # the widget's value: a message may be stale
            self.footy.speed = str(choice.value)
        elif choice.id == "theme" and choice.value != self.app.theme:
            self.app.theme = str(choice.value)
            self.footy.remember_theme()
        elif choice.id == "language" and choice.value != self.footy.lang:
            self.change_language(str(choice.value))
        elif choice.id and choice.id.startswith(f"opt-{self.game_id}-"):
            spec = self.spec
            if spec.mode_option and choice.id == f"opt-{spec.id}-{spec.mode_option}":
                self.refresh_seats()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        wanted = event.option.id or ""
        if wanted.startswith(ACTION):
            what = wanted.removeprefix(ACTION)
            if what.startswith("table-"):
                self.action_table(what.removeprefix("table-"))
            else:
                await self.run_action(what)
            return
        if wanted:
            self.pick_game(wanted)
        self.query_one("#seatcount", Choice).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and not event.option.id.startswith(ACTION):
            self.pick_game(event.option.id)

    def pick_game(self, game_id: str) -> AwaitComplete:
        """Show the options of the highlighted game only: its widgets are built, the
        other game's removed (what was typed there is kept in the state)."""
        if game_id == self.game_id and (self.shown_game == game_id or not self.forms_mounted):
            return AwaitComplete.nothing()  # shown, or its fields about to be built
        self.collect()
        self.setup.game_id = game_id
        self.show_prompts()
        if not self.forms_mounted:
            return AwaitComplete.nothing()  # the fields are built for it (mount_forms)
        spec = self.spec
        n = spec.fit_count(self.seat_count())
        self.query_one("#seatcount", Choice).set_choices(
            self.count_choices(spec), n, announce=False
        )
        return self.refresh_seats()

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
        """Host, join or watch a shared table (the app opens its screen)."""
        self.footy.open_tables(what)

    def action_rules(self) -> None:
        self.footy.action_rules(self.game_id)

    def seats(self, all_seats: bool = False) -> list[SeatSpec]:
        """The seats as set up (every seat kept when `all_seats`, else the seats in use)."""
        state = self.setup
        seats = []
        counts: dict[str, int] = {}
        for i in range(SEAT_ROWS if all_seats else self.seat_count()):
            kind: Any = state.kinds[i]
            if i < self.shown_seats:  # the widget's value: a message may be stale
                kind = self.query_one(f"#kind-{i}", Choice).value
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
        return chosen_values(self.offered(spec), kept, self.mode())

    def action_start(self) -> None:
        seats = self.seats()
        spec = self.spec
        try:
            check_names(seats)
            opts = spec.convert(self.given(), len(seats), "launcher")
        except (OptionValueError, ValueError) as exc:
            self.notify(str(exc), title=_("Cannot start"), severity="error")
            return
        from ...match import Match  # not before the first frame: a game is dealt here
        from ...narration import problem_text

        seed = random.SystemRandom().getrandbits(31)
        try:
            Match.start(spec.id, seats, seed, opts)  # check everything before asking anyone
        except (OptionError, DeckError, ValueError) as exc:
            self.notify(problem_text(exc), title=_("Cannot start"), severity="error")
            return
        self.remember()
        self.post_message(self.Start(PendingGame(spec.id, seats, seed, opts)))
