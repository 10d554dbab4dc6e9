"""Provides TopTrumpsScreen: Bundesliga Quartett's top-trumps games (Fußball, Abwehr-Angriff).

The caller sees their top card and picks a category with the arrow keys and Enter, a
number key, or a click on the card; the round's cards are then shown side by side with
the compared category highlighted, ties and the Stechen marked as such. Each person's
top card is only shown after the pass-device screen when several people share the keys.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ...i18n import N_, _
from ...match import Match
from ..widgets.quartett_card import LABELS, QuartettCard, show_value
from .quartett import COMMON_BINDINGS, QuartettScreen, SeatList

SHORT_LABELS = {
    "games": N_("Spiele"),
    "goals": N_("Tore"),
    "fairness": N_("Fairness"),
    "abwehr": N_("Abwehr"),
    "angriff": N_("Angriff"),
}


class StackList(SeatList):
    """Each player's stack, the cards in the middle and the round."""

    def holding(self, info: dict) -> Text:
        return Text(_("{n} cards").format(n=info["cards"]), style="cyan")

    def table_line(self, view: dict) -> str:
        extra = [
            _("Middle: {n} cards").format(n=view["middle"]),
            _("Round {n}").format(n=view["round"]),
        ]
        if view.get("round_limit"):
            extra.append(_("limit {n}").format(n=view["round_limit"]))
        return " · ".join(extra)


class TopTrumpsScreen(QuartettScreen):
    """One top-trumps game of Bundesliga Quartett (Fußball or Abwehr-Angriff)."""

    SEAT_LIST = StackList
    BINDINGS = [
        Binding("up,k", "cursor(-1)", N_("Category"), id="quartett.up", key_display="↑↓"),
        Binding("down,j", "cursor(1)", N_("Down"), id="quartett.down", show=False),
        Binding("enter,space", "call", N_("Call"), id="quartett.act"),
        *COMMON_BINDINGS,
    ]

    def __init__(self, match: Match, local: set[int] | None = None, drive_ai: bool = True) -> None:
        super().__init__(match, local, drive_ai)
        self.cursor = 0  # the category under the caller's cursor

    def compose_mine(self) -> ComposeResult:
        yield QuartettCard(id="topcard")
        yield Static(id="callhelp")

    def on_resize(self, event: events.Resize) -> None:
        # GameScreen.on_resize (called after this one) sets -narrow; then redraw the round.
        self.call_later(self.render_view)

    # -- GameScreen hooks -------------------------------------------------------

    def private_what(self, seat: int, view: dict) -> str:
        return _("{name}: your top card, and your call").format(name=self.seat_name(seat))

    def end_table(self, view: dict) -> tuple[list[str], list[list[str]]]:
        return [_("Cards")], [[str(s["cards"])] for s in view["seats"]]

    @staticmethod
    def callable(view: dict) -> tuple[str, ...]:
        """The categories that may be called in this game (Q2.3, Q3.1)."""
        return tuple(view["categories"])

    def turn_text(self, view: dict) -> str:
        who = self.seat_name(view["to_move"])
        if view["phase"] == "stechen":
            return _("Stechen! {name} calls").format(name=who)
        return _("Round {n} · {name} calls").format(n=view["round"] + 1, name=who)

    def hint(self, seat: int, view: dict) -> str:
        return _("{name}: pick a category (↑↓ and Enter, 1–{n}, or click) and call it.").format(
            name=self.seat_name(seat), n=len(self.callable(view))
        )

    def draw_mine(self, view: dict) -> None:
        title = self.query_one("#mine-title", Static)
        card = self.query_one("#topcard", QuartettCard)
        callhelp = self.query_one("#callhelp", Static)
        if view["top_card"] is None:
            title.update(_("Top cards are hidden"))
            card.show(None, title=_("face down"))
            callhelp.update("")
            return
        cats = self.callable(view)
        self.cursor = min(self.cursor, len(cats) - 1)
        seat = view["seat"]
        my_call = view["to_move"] == seat and not view["is_over"]
        title.update(_("{name}'s top card").format(name=self.seat_name(seat)))
        card.show(
            view["top_card"],
            title=_("your top card"),
            highlight=cats[self.cursor] if my_call else None,
            callable=cats,
        )
        keys = "  ".join(f"{i + 1} {_(LABELS[c])}" for i, c in enumerate(cats))
        callhelp.update(keys if my_call else "")

    def draw_round(self, view: dict) -> None:
        title = self.query_one("#round-title", Static)
        box = self.query_one("#round", Static)
        last = view["last_round"]
        if not last:
            title.update(_("No round played yet"))
            box.update("")
            return
        title.update(_("Round {n}: every card of the round").format(n=last["round"]))
        box.update(Group(*[self.comparison(comp, last["round"]) for comp in last["comparisons"]]))

    def comparison(self, comp: dict, round_no: int) -> RichTable:
        """One comparison of a round: a column per card, the called category highlighted."""
        cat = comp["category"]
        kind = _("STECHEN") if comp["stechen"] else _("Round {n}").format(n=round_no)
        caller = self.seat_name(comp["caller"])
        if comp["winner"] is not None:
            outcome = _("{w} wins").format(w=self.seat_name(comp["winner"]))
        else:
            tied = ", ".join(self.seat_name(s) for s in comp["tied"])
            outcome = _("tie: {who} — cards to the middle").format(who=tied)
        if self.has_class("-narrow"):
            return self.comparison_lines(comp, f"{kind} · {_(SHORT_LABELS[cat])} · {outcome}")
        t = RichTable(
            title=f"{kind} · {caller}: {_(LABELS[cat])} · {outcome}",
            title_style="bold",
            expand=True,
            show_lines=False,
        )
        t.add_column("", style="dim", no_wrap=True)
        for play in comp["plays"]:
            s = play["seat"]
            c = play["card"]
            t.add_column(
                Text(f"P{s + 1} {self.seat_name(s)}\n", style=self.outcome_style(comp, s))
                + Text(c["id"], style="reverse")
                + Text(f" {c['name']}\n{c['club']}", style="italic"),
                justify="right",
                overflow="fold",
            )
        for key, label in SHORT_LABELS.items():
            row_style = "bold black on yellow" if key == cat else ""
            t.add_row(
                _(label), *[show_value(key, p["card"][key]) for p in comp["plays"]], style=row_style
            )
        return t

    def comparison_lines(self, comp: dict, title: str) -> RichTable:
        """The narrow form of a comparison: one line per card with the called value."""
        cat = comp["category"]
        t = RichTable(title=title, title_style="bold", expand=True, box=None, show_header=False)
        t.add_column(ratio=1)
        t.add_column(justify="right")
        for play in comp["plays"]:
            s = play["seat"]
            style = self.outcome_style(comp, s)
            t.add_row(
                Text(f"{self.seat_name(s)}: ", style=style)
                + Text(play["card"]["id"], style="reverse")
                + Text(f" {play['card']['name']}"),
                Text(show_value(cat, play["value"]), style=style or "bold"),
            )
        return t

    @staticmethod
    def outcome_style(comp: dict, seat: int) -> str:
        """The winner's card in green, tied cards in yellow (their titles say so in words)."""
        if comp["winner"] == seat:
            return "bold green"
        return "bold yellow" if seat in comp["tied"] else ""

    # -- the caller's actions -------------------------------------------------------

    def action_cursor(self, step: int) -> None:
        view = self.mine_view()
        if view is None:
            return
        self.cursor = (self.cursor + step) % len(self.callable(view))
        self.draw_mine(view)

    def action_call(self) -> None:
        view = self.mine_view()
        if view is None:
            return
        self.send(f"call {self.callable(view)[self.cursor]}")

    def on_key(self, event: events.Key) -> None:
        """1–5 call the category of that number (of those that may be called)."""
        if not (event.character and event.character.isdigit()):
            return
        view = self.mine_view()
        if view is None:
            return
        cats = self.callable(view)
        i = int(event.character) - 1
        if 0 <= i < len(cats):
            event.stop()
            self.cursor = i
            self.send(f"call {cats[i]}")

    @on(QuartettCard.CategoryClicked, "#topcard")
    def category_clicked(self, message: QuartettCard.CategoryClicked) -> None:
        view = self.mine_view()
        if view is None:
            return
        cats = self.callable(view)
        if message.category not in cats:
            self.notify(
                _("{cat} cannot be called in this game.").format(cat=_(LABELS[message.category])),
                severity="warning",
            )
            return
        self.cursor = cats.index(message.category)
        self.send(f"call {message.category}")
