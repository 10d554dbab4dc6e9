"""Provides QuartettScreen, the base of the Bundesliga Quartett screens, and SeatList.

A Quartett match is played on one of two screens, picked by `quartett_screen`
(quartett.py) from the match's mode: top trumps (Fußball, Abwehr-Angriff) on `TopTrumpsScreen`
(quartett_trumps.py), collecting quartets on `QuartettAskScreen` (quartett_ask.py). Both
share the layout built here: the player's own cards on the left (behind the pass-device
screen when several people share the keys), the round or the asks in the middle, the
players and the match feed on the right.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ...core import get_game
from ...i18n import N_, _
from ...match import Match
from ..widgets.feed import MatchFeed
from ..widgets.keybar import KeyBar
from ..widgets.titlebar import TitleBar
from .game import GameScreen

MODE_NAMES = {
    "fussball": N_("Fußball"),
    "abwehr-angriff": N_("Abwehr-Angriff"),
    "quartett": N_("Quartett"),
}


class SeatList(Static):
    """Each player with what they hold, and a line about the table; subclasses say what."""

    DEFAULT_CSS = "SeatList { height: auto; border: round $primary; padding: 0 1; }"

    def show(self, view: dict, names: list[str]) -> None:
        t = RichTable.grid(padding=(0, 1), expand=True)
        t.add_column(width=2)
        t.add_column(ratio=1)
        t.add_column(justify="right")
        for s, info in enumerate(view["seats"]):
            mark = "▶" if s == view["to_move"] else ""
            who = Text(
                f"P{s + 1} {names[s]}",
                style="bold" if mark else "",
                no_wrap=True,
                overflow="ellipsis",  # a long name is cut, not broken
            )
            t.add_row(mark, who, self.holding(info))
            for left, right in self.more_lines(info):
                t.add_row("", left, right)
        # under the players, the whole width: "Middle: 0 cards" is not squeezed into a column
        self.update(Group(t, Text(self.table_line(view), style="dim")))

    def holding(self, info: dict) -> Text:
        """What a player holds, beside their name."""
        raise NotImplementedError

    def more_lines(self, info: dict) -> list[tuple[Text, Text]]:
        """Lines under a player's name (none by default)."""
        return []

    def table_line(self, view: dict) -> str:
        """The line about the whole table under the players."""
        raise NotImplementedError


class QuartettScreen(GameScreen):
    """One game of Bundesliga Quartett: the layout and flow both screens share.

    A subclass gives its seat list (`SEAT_LIST`), the widgets for the player's own cards
    (`compose_mine`), and draws them (`draw_mine`) and the middle (`draw_round`).
    """

    CSS_PATH = "quartett.tcss"
    SEAT_LIST: type[SeatList] = SeatList

    def __init__(self, match: Match, local: set[int] | None = None, drive_ai: bool = True) -> None:
        super().__init__(match, local, drive_ai)
        opts = {k: v for k, v in match.options.items() if k in ("deck", "decks", "mode")}
        self.catalog: dict[str, dict[str, Any]] = {
            c["id"]: c for c in get_game("quartett").catalog(opts)
        }
        self.mode: str = match.public_view()["mode"]

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="quartett"):
            with Vertical(id="mine"):
                yield Static(id="mine-title", classes="heading", markup=False)
                yield from self.compose_mine()
            with Vertical(id="middle"):
                yield Static(id="round-title", classes="heading", markup=False)
                # not focusable: the arrow keys stay with the screen (PgUp/PgDn scroll it)
                yield VerticalScroll(
                    Static(id="round", markup=False), id="roundbox", can_focus=False
                )
                yield Static(id="status", markup=False)
            with Vertical(id="side"):
                yield self.SEAT_LIST(id="seats")
                feed = MatchFeed(id="feed")
                feed.can_focus = False  # the arrow keys stay with the screen
                yield feed
        yield KeyBar()

    def compose_mine(self) -> ComposeResult:
        """The widgets that show the player's own cards."""
        raise NotImplementedError

    def on_mount(self) -> None:
        # Textual then calls GameScreen.on_mount too, which starts the game flow.
        self.title = _("Bundesliga Quartett — {mode}").format(mode=_(MODE_NAMES[self.mode]))

    # -- drawing -------------------------------------------------------------------

    def draw(self, view: dict) -> None:
        self.query_one(SeatList).show(view, self.match.names())
        self.query_one(MatchFeed).sync(view["log"], self.describe)
        self.draw_mine(view)
        self.draw_round(view)
        self.sub_title = _("Final whistle") if view["is_over"] else self.turn_text(view)
        self.query_one("#status", Static).update(self.status_text(view))

    def draw_mine(self, view: dict) -> None:
        """Draw the player's own cards (or that they are hidden)."""
        raise NotImplementedError

    def show_status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def draw_round(self, view: dict) -> None:
        """Draw the middle: the last round, or the asks so far."""
        raise NotImplementedError

    def turn_text(self, view: dict) -> str:
        """The header's line while the game goes on."""
        raise NotImplementedError

    def status_text(self, view: dict) -> str:
        if view["is_over"]:
            return _("The game is over.")
        seat = view["to_move"]
        if self.match.is_ai(seat):
            return _("Thinking: {name} (AI)…").format(name=self.seat_name(seat))
        if not self.is_local(seat) and self.review is None:  # a shared table's other player
            return _("Waiting for {name} to move…").format(name=self.seat_name(seat))
        return self.hint(seat, view)

    def hint(self, seat: int, view: dict) -> str:
        """What the person to move can do now, and with which keys."""
        raise NotImplementedError

    # -- the player's actions -------------------------------------------------------

    def mine_view(self) -> dict | None:
        """The view of the human at the keyboard, once they may see it; else None."""
        if not self.can_act():
            return None
        seat = self.match.due
        if seat is None or self.needs_pass(seat):
            return None
        return self.match.view(seat)
