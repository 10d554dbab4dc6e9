"""Provides TopTrumpsScreen: Bundesliga Quartett's top-trumps games (Fußball, Abwehr-Angriff).

The caller sees their top card and picks a category with the arrow keys and Enter, a
number key, or a click on the card; the round's cards are then shown side by side with
the compared category highlighted, ties and the Stechen marked as such, and the earlier
rounds below them (newest first, PgUp/PgDn scroll). Each person's top card is only shown
after the pass-device screen when several people share the keys: after each round the
result stays on a public screen (no top card) until a key is pressed, then the pass
screen comes. `s` switches step mode: each AI round then waits for a key press.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ...core.quartett import RoundView
from ...i18n import N_, _, labelled, list_text, ngettext
from ...match import Applied, Match
from ..widgets.packing import pack
from ..widgets.quartett_card import LABELS, QuartettCard, show_value
from .quartett_base import QuartettScreen, SeatList

SHORT_LABELS = {
    "games": N_("Spiele"),
    "goals": N_("Tore"),
    "fairness": N_("Fairness"),
    "abwehr": N_("Abwehr"),
    "angriff": N_("Angriff"),
}


HISTORY = 50  # rounds kept on screen


def round_number(view: dict) -> int:
    """The round being played (the header and the side panel agree): the next one between
    rounds, the tied one during its Stechen, the last one once the game is over."""
    if view["is_over"] or view["phase"] == "stechen":
        return max(1, view["round"])
    return view["round"] + 1


def cards_text(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


class StackList(SeatList):
    """Each player's stack, the cards in the middle and the round."""

    def holding(self, info: dict) -> Text:
        return Text(cards_text(info["cards"]), style="cyan")

    def table_line(self, view: dict) -> str:
        n = round_number(view)
        limit = view.get("round_limit")
        extra = [
            ngettext("Middle: {n} card", "Middle: {n} cards", view["middle"]).format(
                n=view["middle"]
            ),
            _("Round {n} of {limit}").format(n=n, limit=limit)
            if limit
            else _("Round {n}").format(n=n),
        ]
        return "\n".join(extra)


class TopTrumpsScreen(QuartettScreen):
    """One top-trumps game of Bundesliga Quartett (Fußball or Abwehr-Angriff)."""

    SEAT_LIST = StackList
    BINDINGS = [
        Binding(
            "up,k",
            "cursor(-1)",
            N_("Category"),
            id="quartett.up",
            key_display="↑↓",
            tooltip=N_("Previous category on your card"),
        ),
        Binding(
            "down,j",
            "cursor(1)",
            N_("Down"),
            id="quartett.down",
            show=False,
            tooltip=N_("Next category on your card"),
        ),
        Binding("enter,space", "call", N_("Call"), id="quartett.act"),
        Binding("enter,space,n", "go_on", N_("Go on"), id="quartett.go_on", key_display="⏎"),
        Binding("s", "step", N_("Step"), id="quartett.step"),
        Binding(
            "pageup",
            "scroll_rounds(-1)",
            N_("Rounds"),
            id="quartett.rounds_up",
            key_display="PgUp/PgDn",
        ),
        Binding(
            "pagedown", "scroll_rounds(1)", N_("Rounds"), id="quartett.rounds_down", show=False
        ),
    ]

    def __init__(self, match: Match, local: set[int] | None = None, drive_ai: bool = True) -> None:
        super().__init__(match, local, drive_ai)
        self.cursor = 0  # the category under the caller's cursor
        self.rounds: list[RoundView] = []  # the rounds seen, newest last
        self.all_rounds: list[RoundView] | None = None  # a replay's rounds (replay_rounds)
        self.waiting = False  # a round's result or an AI round waits for a key press
        self.step = False  # step mode: each AI round waits for a key press
        self.stepped = False  # the key for the next AI round was pressed
        last = match.public_view()["last_round"]
        if last:
            self.rounds.append(last)

    def compose_mine(self) -> ComposeResult:
        yield QuartettCard(id="topcard")
        yield Static(id="callhelp", markup=False)

    def on_resize(self, event: events.Resize) -> None:
        # GameScreen.on_resize (called after this one) sets -narrow; then redraw the round.
        self.call_later(self.render_view)

    # -- rounds kept, and waiting for a key ----------------------------------------

    def after_action(self, applied: Applied) -> None:
        """Keep the round just played; at one keyboard shared by several people, its result
        stays on a public screen until a key is pressed (then the pass screen comes)."""
        last = self.match.public_view()["last_round"]
        if last is None:
            return
        if self.rounds and self.rounds[-1]["round"] == last["round"]:
            self.rounds[-1] = last  # a Stechen adds to the round
        else:
            self.rounds.append(last)
            del self.rounds[:-HISTORY]
        self.stepped = False  # each AI round needs its own key press in step mode
        match = self.match
        if len(self.local) > 1 and (match.is_over or self.is_local(match.due)):
            self.hold()
        elif match.is_over and self.step:
            self.hold()  # the last round stays until a key, then the final table

    def hold(self) -> None:
        """Wait for a key press: the round on screen stays, no top card is shown."""
        self.waiting = True
        self.busy = True
        self.private_ok = None  # a private card only after the pass screen again
        self.refresh_bindings()

    def schedule_ai(self) -> None:
        """In step mode the AI round waits for a key press first."""
        if self.step and not self.stepped:
            if not self.waiting:
                self.hold()
                self.render_view()
            return
        super().schedule_ai()

    def action_go_on(self) -> None:
        if not self.waiting:
            return
        self.waiting = False
        self.busy = False
        self.stepped = self.match.is_ai(self.match.due)  # this key lets the AI call
        self.refresh_bindings()
        self.advance()

    def action_step(self) -> None:
        self.step = not self.step
        self.notify(
            _("Step mode on: each AI round waits for Enter or n.")
            if self.step
            else _("Step mode off: AI rounds follow at the game's pace."),
            title=_("Step AI rounds"),
        )
        if not self.step and self.waiting and self.match.is_ai(self.match.due):
            self.action_go_on()  # nothing else waits for the key
        else:
            self.render_view()

    def action_scroll_rounds(self, step: int) -> None:
        box = self.query_one("#roundbox")
        if step < 0:
            box.scroll_page_up()
        else:
            box.scroll_page_down()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go_on":
            return self.waiting  # False: Enter falls through to the call
        if action == "call":
            return not self.waiting
        if action == "step":
            return bool(self.match.agents) and self.drive_ai
        return super().check_action(action, parameters)

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
            return _("Round {n} · Stechen! To call: {name}").format(n=round_number(view), name=who)
        return _("Round {n} · to call: {name}").format(n=round_number(view), name=who)

    def status_text(self, view: dict) -> str:
        if not self.waiting:
            return super().status_text(view)
        match = self.match
        if match.is_over:
            return _("Final round above. Enter or n: the final table")
        seat = match.due
        assert seat is not None
        name = self.seat_name(seat)
        if match.is_ai(seat):
            return _("Enter or n: next call (by {name}) · s: step mode off").format(name=name)
        return _("Enter or n: go on · to call next: {name}").format(name=name)

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
        title.update(_("Top card · {name}").format(name=self.seat_name(seat)))
        card.show(
            view["top_card"],
            title=_("your top card"),
            highlight=cats[self.cursor] if my_call else None,
            callable=cats,
        )
        keys = [f"{i + 1} {_(LABELS[c])}" for i, c in enumerate(cats)]  # a key with its label
        callhelp.update(pack(keys, callhelp.content_size.width) if my_call else "")

    def draw_round(self, view: dict) -> None:
        title = self.query_one("#round-title", Static)
        box = self.query_one("#round", Static)
        last = view["last_round"]
        if not last:
            title.update(_("No round played yet"))
            box.update("")
            return
        title.update(_("Latest round: {n}").format(n=last["round"]))
        parts: list = [self.comparison(comp, last["round"]) for comp in last["comparisons"]]
        pool = self.replay_rounds() if self.review is not None else self.rounds
        earlier = [r for r in pool if r["round"] < last["round"]][-HISTORY:]
        if earlier:
            parts.append(Text(""))
            parts.append(Text(_("Earlier rounds, newest first (PgUp/PgDn)"), style="bold"))
            for r in reversed(earlier):
                for comp in r["comparisons"]:
                    parts.append(self.summary(comp, r["round"]))
        box.update(Group(*parts))

    def replay_rounds(self) -> list[RoundView]:
        """Every round of the recorded game, as it ended, in order (a replay shows those
        before the round on screen, wherever it jumped to); worked out once."""
        if self.all_rounds is None:
            replay = self.review
            assert replay is not None
            match = replay.record.replay(upto=0)
            ended: dict[int, RoundView] = {}
            match.agents.clear()  # nothing decides: the recorded actions are applied
            for action in replay.actions:
                match.apply(action)
                last = match.public_view()["last_round"]
                if last:
                    ended[last["round"]] = last
            self.all_rounds = [ended[n] for n in sorted(ended)]
        return self.all_rounds

    def outcome(self, comp: Mapping[str, Any]) -> str:
        if comp["winner"] is not None:
            won = self.seat_name(comp["winner"])
            took = comp.get("gain", comp.get("took"))  # the stack's growth: own cards come back
            if took:
                return ngettext("winner: {w} (+{n} card)", "winner: {w} (+{n} cards)", took).format(
                    w=won, n=took
                )
            return _("winner: {w}").format(w=won)
        tied = list_text(self.seat_name(s) for s in comp["tied"])
        return _("tie: {who} — cards to the middle").format(who=tied)

    def summary(self, comp: Mapping[str, Any], round_no: int) -> Text:
        """An earlier comparison in one line: who called what, each value, the outcome."""
        cat = comp["category"]
        kind = _("Stechen") if comp["stechen"] else _("Round {n}").format(n=round_no)
        values = list_text(
            f"{self.seat_name(p['seat'])} {show_value(cat, p['value'])}" for p in comp["plays"]
        )
        return Text(
            f"{kind} · {labelled(self.seat_name(comp['caller']), _(SHORT_LABELS[cat]))} · "
            f"{values} · {self.outcome(comp)}",
            style="dim",
        )

    def comparison(self, comp: dict, round_no: int) -> RichTable:
        """One comparison of a round: a column per card, the called category highlighted."""
        cat = comp["category"]
        kind = _("STECHEN") if comp["stechen"] else _("Round {n}").format(n=round_no)
        caller = self.seat_name(comp["caller"])
        outcome = self.outcome(comp)
        if self.has_class("-narrow"):
            return self.comparison_lines(comp, f"{kind} · {_(SHORT_LABELS[cat])} · {outcome}")
        t = RichTable(
            title=Text(f"{kind} · {labelled(caller, _(LABELS[cat]))} · {outcome}"),  # no markup
            title_style="bold",
            expand=True,
            show_lines=False,
            padding=0,  # the rules between the columns part them: their room is for names
        )
        t.add_column("", style="dim", no_wrap=True, min_width=8)
        for play in comp["plays"]:
            s = play["seat"]
            c = play["card"]
            who = Text(
                f"P{s + 1} {self.seat_name(s)}",
                style=self.outcome_style(comp, s),
                no_wrap=True,  # a long player name is cut with an ellipsis, not broken
                overflow="ellipsis",
                justify="right",
            )
            card = Text(c["id"], style="reverse") + Text(f" {c['name']}\n{c['club']}", "italic")
            card.overflow = "fold"  # the footballer and his club wrap: shown whole
            card.justify = "right"
            t.add_column(Group(who, card), justify="right")
        for key, label in SHORT_LABELS.items():
            row_style = "bold black on yellow" if key == cat else ""
            t.add_row(
                _(label), *[show_value(key, p["card"][key]) for p in comp["plays"]], style=row_style
            )
        return t

    def comparison_lines(self, comp: dict, title: str) -> RichTable:
        """The narrow form of a comparison: one line per card with the called value."""
        cat = comp["category"]
        t = RichTable(
            title=Text(title), title_style="bold", expand=True, box=None, show_header=False
        )
        t.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        t.add_column(justify="right", no_wrap=True)
        for play in comp["plays"]:
            s = play["seat"]
            style = self.outcome_style(comp, s)
            t.add_row(
                Text(labelled(self.seat_name(s), ""), style=style)
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
