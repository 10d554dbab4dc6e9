"""Provides QuartettScreen: Bundesliga Quartett in the terminal, all three modes.

Top trumps (Fußball, Abwehr-Angriff): the caller sees their top card and picks a
category with the arrow keys and Enter, a number key, or a click; the round's cards are
then shown side by side with the compared category highlighted, ties and the Stechen
marked as such. Quartett: the hand grouped by quartet, a two-step ask picker that only
offers legal asks (Q4.3), the quartets laid down and the stack. Each person's top card
or hand is only shown after the pass-device screen when several people share the keys.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header, Static

from ...core import get_game
from ...i18n import N_, _
from ...match import Match
from ..widgets.dialogs import ChoiceScreen
from ..widgets.feed import MatchFeed
from ..widgets.quartett_card import LABELS, QuartettCard, show_value
from .game import GameScreen

SHORT_LABELS = {
    "games": "Spiele",
    "goals": "Tore",
    "fairness": "Fairness",
    "abwehr": "Abwehr",
    "angriff": "Angriff",
}
MODE_NAMES = {
    "fussball": _("Fußball"),
    "abwehr-angriff": _("Abwehr-Angriff"),
    "quartett": _("Quartett"),
}


class SeatList(Static):
    """Stack sizes (top trumps) or hands and quartets (Quartett) per player."""

    DEFAULT_CSS = "SeatList { height: auto; border: round $primary; padding: 0 1; }"

    def show(self, view: dict, seats) -> None:
        t = RichTable.grid(padding=(0, 1), expand=True)
        t.add_column(width=2)
        t.add_column(ratio=1)
        t.add_column(justify="right")
        tt = view["mode"] != "quartett"
        for s, info in enumerate(view["seats"]):
            mark = "▶" if s == view["to_move"] else ""
            who = Text(f"P{s + 1} {seats[s].name}", style="bold" if mark else "")
            if tt:
                t.add_row(mark, who, Text(_("{n} cards").format(n=info["cards"]), style="cyan"))
            else:
                t.add_row(mark, who, Text(_("{n} in hand").format(n=info["cards"]), style="cyan"))
                quartets = " ".join(info["quartets"]) or "—"
                t.add_row(
                    "",
                    Text(_("quartets: {q}").format(q=quartets), style="green"),
                    Text(str(len(info["quartets"])), style="bold green"),
                )
        extra = []
        if tt:
            extra.append(_("Middle: {n} cards").format(n=view["middle"]))
            extra.append(_("Round {n}").format(n=view["round"]))
            if view.get("round_limit"):
                extra.append(_("limit {n}").format(n=view["round_limit"]))
        else:
            extra.append(_("Stack: {n} cards").format(n=view["stack"]))
        t.add_row("", Text(" · ".join(extra), style="dim"), "")
        self.update(t)


class QuartettScreen(GameScreen):
    """One game of Bundesliga Quartett (mode from the table's options)."""

    CSS_PATH = "quartett.tcss"

    BINDINGS = [
        Binding("up,k", "cursor(-1)", N_("Category"), id="quartett.up", key_display="↑↓"),
        Binding("down,j", "cursor(1)", N_("Down"), id="quartett.down", show=False),
        Binding("enter,space", "act", N_("Call / ask"), id="quartett.act"),
        Binding("a", "ask", N_("Ask"), id="quartett.ask"),
        Binding("question_mark", "app.show_keys", N_("Keys"), id="quartett.keys", key_display="?"),
        Binding("f1", "app.rules('quartett')", N_("Rules"), id="quartett.rules"),
        Binding("q,escape", "leave", N_("Leave"), id="quartett.quit"),
    ]

    def __init__(self, match: Match, local: set[int] | None = None) -> None:
        super().__init__(match, local)
        self.cursor = 0
        self.drawn_hand: list[str] | None = None  # the card ids of the hand on screen
        opts = {k: v for k, v in match.options.items() if k in ("deck", "decks", "mode")}
        self.catalog = {c["id"]: c for c in get_game("quartett").catalog(opts)}
        self.mode = match.public_view()["mode"]

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="quartett"):
            with Vertical(id="mine"):
                yield Static(id="mine-title", classes="heading")
                if self.mode == "quartett":
                    yield VerticalScroll(Static(id="hand"), id="handbox")
                else:
                    yield QuartettCard(id="topcard")
                    yield Static(id="callhelp")
            with Vertical(id="middle"):
                yield Static(id="round-title", classes="heading")
                yield VerticalScroll(Static(id="round"), id="roundbox")
                yield Static(id="status")
            with Vertical(id="side"):
                yield SeatList(id="seats")
                yield MatchFeed(id="feed")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Bundesliga Quartett — {mode}").format(mode=MODE_NAMES[self.mode])
        super().on_mount()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Offer only the keys of this mode: categories in top trumps, asks in Quartett."""
        if action == "cursor" and self.mode == "quartett":
            return False
        if action == "ask" and self.mode != "quartett":
            return False
        return True

    # -- GameScreen hooks -------------------------------------------------------

    def private_what(self, seat: int, view: dict) -> str:
        if self.mode == "quartett":
            return _("{name}: your hand, and your turn to ask").format(name=self.seat_name(seat))
        return _("{name}: your top card, and your call").format(name=self.seat_name(seat))

    def end_table(self, view: dict) -> tuple[list[str], list[list[str]]]:
        if self.mode == "quartett":
            return [_("Quartets")], [[str(len(s["quartets"]))] for s in view["seats"]]
        return [_("Cards")], [[str(s["cards"])] for s in view["seats"]]

    def callable(self, view: dict) -> tuple[str, ...]:
        return tuple(view["categories"])

    def draw(self, view: dict) -> None:
        self.query_one(SeatList).show(view, self.match.seats)
        self.query_one(MatchFeed).sync(view["log"], self.describe)
        self.draw_mine(view)
        self.draw_round(view)
        self.sub_title = self.turn_text(view)
        self.query_one("#status", Static).update(self.status_text(view))

    def turn_text(self, view: dict) -> str:
        if view["is_over"]:
            return _("Final whistle")
        who = self.seat_name(view["to_move"])
        if self.mode == "quartett":
            return _("{name} asks").format(name=who)
        if view["phase"] == "stechen":
            return _("Stechen! {name} calls").format(name=who)
        return _("Round {n} · {name} calls").format(n=view["round"] + 1, name=who)

    def status_text(self, view: dict) -> str:
        if view["is_over"]:
            return _("The game is over.")
        seat = view["to_move"]
        if self.match.is_ai(seat):
            return _("{name} (AI) is thinking…").format(name=self.seat_name(seat))
        if self.mode == "quartett":
            return _("{name}: press a (or Enter) to ask a player for a card.").format(
                name=self.seat_name(seat)
            )
        return _("{name}: pick a category (↑↓ and Enter, 1–5, or click) and call it.").format(
            name=self.seat_name(seat)
        )

    def draw_mine(self, view: dict) -> None:
        title = self.query_one("#mine-title", Static)
        seat = view["seat"]
        if self.mode == "quartett":
            hand = view["hand"]
            self.drawn_hand = None if hand is None else [c["id"] for c in hand]
            if hand is None:
                title.update(_("Hands are hidden"))
                self.query_one("#hand", Static).update(
                    _("Only the player on turn sees their hand.")
                )
                return
            title.update(
                _("{name}'s hand ({n} cards)").format(name=self.seat_name(seat), n=len(hand))
            )
            self.query_one("#hand", Static).update(self.hand_table(hand))
            return
        card = self.query_one("#topcard", QuartettCard)
        cats = self.callable(view)
        if view["top_card"] is None:
            title.update(_("Top cards are hidden"))
            card.show(None, title=_("face down"))
            self.query_one("#callhelp", Static).update("")
            return
        self.cursor = min(self.cursor, len(cats) - 1)
        my_call = view["to_move"] == seat and not view["is_over"]
        title.update(_("{name}'s top card").format(name=self.seat_name(seat)))
        card.show(
            view["top_card"],
            title=_("your top card"),
            highlight=cats[self.cursor] if my_call else None,
            callable=cats,
        )
        keys = "  ".join(f"{i + 1} {_(LABELS[c])}" for i, c in enumerate(cats))
        self.query_one("#callhelp", Static).update(keys if my_call else "")

    def hand_table(self, hand: list[dict]) -> RichTable:
        """The hand grouped by quartet, with the missing codes of each quartet."""
        t = RichTable(expand=True, show_header=True, box=None, padding=(0, 1))
        t.add_column(_("Quartet"), style="bold")
        t.add_column(_("Cards"))
        groups: dict[str, list[dict]] = {}
        for c in hand:
            groups.setdefault(c["id"][:-1], []).append(c)
        for q, cards in groups.items():
            held = {c["id"] for c in cards}
            missing = [cid for cid in self.catalog if cid[:-1] == q and cid not in held]
            lines = Text()
            lines.append(f"{cards[0]['club']}\n", style="italic")
            for c in cards:
                lines.append(f"{c['id']} ", style="bold reverse")
                lines.append(f"{c['name']}\n")
            if missing:
                lines.append(_("missing: {ids}").format(ids=" ".join(missing)), style="dim")
            t.add_row(f"{q} ({len(cards)}/4)", lines)
        return t

    def draw_round(self, view: dict) -> None:
        title = self.query_one("#round-title", Static)
        box = self.query_one("#round", Static)
        if self.mode == "quartett":
            title.update(_("Asks so far"))
            box.update(self.asks_table(view))
            return
        lr = view["last_round"]
        if not lr:
            title.update(_("No round played yet"))
            box.update("")
            return
        title.update(_("Round {n}: every card of the round").format(n=lr["round"]))
        box.update(Group(*[self.comparison_table(comp, lr["round"]) for comp in lr["comparisons"]]))

    def comparison_table(self, comp: dict, round_no: int) -> RichTable:
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
            style = "bold yellow" if s in comp["tied"] else ""
            if comp["winner"] == s:
                style = "bold green"
            t.add_column(
                Text(f"P{s + 1} {self.seat_name(s)}\n", style=style)
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
            style = "bold yellow" if s in comp["tied"] else ""
            if comp["winner"] == s:
                style = "bold green"
            t.add_row(
                Text(f"{self.seat_name(s)}: ", style=style)
                + Text(play["card"]["id"], style="reverse")
                + Text(f" {play['card']['name']}"),
                Text(show_value(cat, play["value"]), style=style or "bold"),
            )
        return t

    def asks_table(self, view: dict) -> RichTable:
        t = RichTable(expand=True, box=None)
        t.add_column(_("Who asked"))
        t.add_column(_("Whom"))
        t.add_column(_("For"))
        t.add_column(_("Answer"))
        for h in view["history"][-12:]:
            if h["target"] is None:  # nobody held a card: the stack was drawn
                t.add_row(self.seat_name(h["asker"]), "—", "—", _("drew from the stack"))
                continue
            card = self.catalog.get(h["card"], {"name": ""})
            answer = (
                _("handed over")
                if h["hit"]
                else _("no") + (_(", drew from the stack") if h["drew"] else "")
            )
            t.add_row(
                self.seat_name(h["asker"]),
                self.seat_name(h["target"]),
                f"{h['card']} {card['name']}",
                answer,
            )
        return t

    # -- the player's actions -------------------------------------------------------

    def mine_view(self) -> dict | None:
        """The view of the human at the keyboard, once they may see it; else None."""
        if not self.can_act():
            return None
        seat = self.match.due
        if seat is None or self.needs_pass(seat):
            return None
        return self.match.view(seat)

    def action_cursor(self, step: int) -> None:
        view = self.mine_view()
        if view is None or self.mode == "quartett":
            return
        self.cursor = (self.cursor + step) % len(self.callable(view))
        self.draw_mine(view)

    def action_act(self) -> None:
        if self.mode == "quartett":
            self.action_ask()
            return
        view = self.mine_view()
        if view is None:
            return
        self.send(f"call {self.callable(view)[self.cursor]}")

    def on_key(self, event) -> None:
        if self.mode == "quartett" or not (event.character and event.character.isdigit()):
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

    def on_quartett_card_category_clicked(self, message: QuartettCard.CategoryClicked) -> None:
        view = self.mine_view()
        if view is None or message.control is not self.query_one("#topcard"):
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

    def action_ask(self) -> None:
        """Q4.2/Q4.3: pick a player, then one of the cards you may ask them for."""
        if self.mode != "quartett" or self.mine_view() is None:
            return
        asks = self.match.legal_actions()
        targets = sorted({a.seat for a in asks})
        choices = [
            (
                str(s),
                _("{name} ({n} cards)").format(
                    name=self.seat_name(s), n=self.match.public_view()["seats"][s]["cards"]
                ),
            )
            for s in targets
        ]

        def picked_player(answer: str | None) -> None:
            if answer is None:
                return
            seat = int(answer)
            cards = [a for a in asks if a.seat == seat]
            card_choices = [
                (
                    str(a),
                    f"{a.card} {self.catalog[a.card]['name']} · {self.catalog[a.card]['club']}",
                )
                for a in cards
            ]
            self.choose(
                _("Ask {name} for which card?").format(name=self.seat_name(seat)),
                card_choices,
                body=_("You may ask for a card of a quartet you already hold."),
            )

        if len(targets) == 1:  # two players: nobody else to ask
            picked_player(str(targets[0]))
            return
        self.ask(ChoiceScreen(_("Ask whom?"), choices), picked_player)


def quartett_screen(match: Match, local: set[int] | None = None) -> QuartettScreen:
    """The screen of a Bundesliga Quartett match."""
    return QuartettScreen(match, local)
