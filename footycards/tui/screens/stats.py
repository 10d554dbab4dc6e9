"""Provides StatsScreen: every player's figures per game, with their form as W/D/L.

One tab per registered game (the statistics read only the registry and the database),
one table per mode of a game with modes (Bundesliga Quartett): a row per player (the
30 with most games won, and how many more there are) with
games played, won, drawn, lost, best score, current streak and their last 20 games as
letters, oldest first — W won, D drawn, L lost — coloured besides. A game with hints (`h`)
is a small letter (w, d, l), and a line under the table says so and who played them.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Label, Static, TabbedContent, TabPane

from ...i18n import N_, _, ngettext
from ...registry import REGISTRY, get_spec
from ...stats import (
    FORM_GAMES,
    PlayerStats,
    Stats,
    StatsError,
    fmt_score,
    form_text,
    hinted_text,
    practice_text,
    streak_label,
    tables_of_modes,
)
from ..styled_once import StyledOnce
from ..translate import translate_bindings
from ..widgets.keybar import KeyBar
from ..widgets.titlebar import TitleBar
from .too_small import check_size

# The rows of one table: the players with most games won (a public server's statistics
# hold every player who ever finished a game there; each row is nine widgets)
TABLE_ROWS = 30

# The theme's own colours for text, so that light and ANSI themes stay readable.
FORM_STYLES = {"W": "bold $text-success", "D": "$text-warning", "L": "$text-error"}


def form_letters(form: list[int], hinted: list[bool] | None = None) -> Content:
    """A player's form as W/D/L letters, oldest first, each in its colour (the letters say
    it without the colour); a game with hints as a small letter, in the same colour."""
    return Content.assemble(
        *[(letter, FORM_STYLES.get(letter.upper(), "")) for letter in form_text(form, hinted or [])]
    )


class StatsScreen(StyledOnce, Screen[None]):
    """The statistics of games played by people; Esc goes back."""

    CSS_PATH = "stats.tcss"
    BINDINGS = [
        Binding("escape,q,f3", "close", N_("Back"), id="stats.close"),
        Binding("right,l", "next_game(1)", N_("Next game"), id="stats.next"),
        Binding("left,h", "next_game(-1)", N_("Previous game"), id="stats.previous"),
    ]

    def __init__(self, game_id: str | None = None, stats: Stats | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.game_id = game_id if game_id in REGISTRY else REGISTRY.ids()[0]
        self.stats = stats if stats is not None else Stats()
        self.problem = ""
        try:
            self.rows = self.stats.players()
        except StatsError as exc:
            self.rows = []
            self.problem = str(exc)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        if self.problem:
            yield Static(self.problem, id="problem", markup=False)
        with TabbedContent(initial=f"tab-{self.game_id}", id="games"):
            for spec in REGISTRY:
                with TabPane(spec.label, id=f"tab-{spec.id}"):
                    yield from self.game_table(spec.id)
        yield KeyBar()

    def game_table(self, game_id: str) -> ComposeResult:
        """The game's figures: one table, or one per mode (each under its mode's name)."""
        rows = [r for r in self.rows if r.game == game_id]
        spec = get_spec(game_id)
        with VerticalScroll(classes="table"):
            if not rows:
                yield Static(
                    _("No games recorded yet: finish a game with people at the table."),
                    classes="empty",
                    markup=False,
                )
                return
            modes = [mode for mode, _name in spec.mode_names]
            for table in tables_of_modes(rows, modes):
                if spec.mode_option:
                    yield Static(spec.title(table[0].mode), classes="mode", markup=False)
                with Horizontal(classes="row head"):
                    for text, cls in self.headings():
                        yield Label(text, classes=cls, markup=False)
                shown = table[:TABLE_ROWS]
                for r in shown:
                    yield self.player_row(r)
                if len(table) > len(shown):
                    more = len(table) - len(shown)
                    yield Static(
                        ngettext(
                            "and {n} more player, with fewer games won",
                            "and {n} more players, with fewer games won",
                            more,
                        ).format(n=more),
                        classes="more",
                        markup=False,
                    )
                practice = practice_text(shown)
                if practice:
                    yield Static(practice, classes="practice", markup=False)
                hinted = hinted_text(shown)
                if hinted:
                    yield Static(hinted, classes="hinted", markup=False)

    @staticmethod
    def headings() -> list[tuple[str, str]]:
        return [
            (_("Player"), "name"),
            (_("Played"), "num"),
            (_("W"), "wdl"),
            (_("D"), "wdl"),
            (_("L"), "wdl"),
            (_("Best"), "num"),
            (_("Streak"), "streak"),
            (_("Form (last {n})").format(n=FORM_GAMES), "form"),
        ]

    @staticmethod
    def player_row(r: PlayerStats) -> Horizontal:
        form = Label(form_letters(r.form, r.form_hinted), classes="form")
        form.tooltip = _(
            "Last games, oldest first: W won, D drawn, L lost; a small letter: hints were used"
        )
        return Horizontal(
            Label(r.name, classes="name", markup=False),
            Label(str(r.played), classes="num", markup=False),
            Label(str(r.won), classes="wdl", markup=False),
            Label(str(r.drawn), classes="wdl", markup=False),
            Label(str(r.lost), classes="wdl", markup=False),
            Label(fmt_score(r.best), classes="num", markup=False),
            Label(streak_label(r.streak), classes="streak", markup=False),
            form,
            classes="row",
        )

    def on_mount(self) -> None:
        self.title = _("footycards")
        self.sub_title = _("statistics")
        if self.stats.notice:
            self.notify(self.stats.notice, title=_("Statistics"), severity="warning", timeout=10)

    def on_resize(self, event: Resize) -> None:
        check_size(self, event.size)

    def action_next_game(self, step: int) -> None:
        ids = REGISTRY.ids()
        tabs = self.query_one("#games", TabbedContent)
        current = (tabs.active or "").removeprefix("tab-")
        i = ids.index(current) if current in ids else 0
        tabs.active = f"tab-{ids[(i + step) % len(ids)]}"

    def action_close(self) -> None:
        self.dismiss(None)
