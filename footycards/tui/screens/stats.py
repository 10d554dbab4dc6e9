"""Provides StatsScreen: every player's figures per game, with their form as a sparkline.

One tab per registered game (the statistics read only the registry and the database):
a row per player with games played, won, drawn, lost, best score, current streak and
the league points (3/1/0) of their last 20 games as Textual's Sparkline.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Label, Sparkline, Static, TabbedContent, TabPane

from ...i18n import N_, _
from ...registry import REGISTRY
from ...stats import (
    FORM_GAMES,
    PlayerStats,
    Stats,
    StatsError,
    fmt_score,
    form_text,
    practice_text,
    streak_label,
)
from ..translate import translate_bindings
from ..widgets.keybar import KeyBar
from ..widgets.titlebar import TitleBar
from .too_small import check_size


class StatsScreen(Screen[None]):
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
                with TabPane(spec.name, id=f"tab-{spec.id}"):
                    yield from self.game_table(spec.id)
        yield KeyBar()

    def game_table(self, game_id: str) -> ComposeResult:
        rows = [r for r in self.rows if r.game == game_id]
        with VerticalScroll(classes="table"):
            if not rows:
                yield Static(
                    _("No games recorded yet: finish a game with people at the table."),
                    classes="empty", markup=False
                )
                return
            with Horizontal(classes="row head"):
                for text, cls in self.headings():
                    yield Label(text, classes=cls, markup=False)
            for r in rows:
                yield self.player_row(r)
            practice = practice_text(rows)
            if practice:
                yield Static(practice, classes="practice", markup=False)

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
        form = Sparkline(r.form, classes="form")
        form.tooltip = form_text(r.form)
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
