"""Provides QuartettAskScreen: Bundesliga Quartett's Quartett game (collect quartets by asking).

The hand is grouped by quartet with the cards still missing; a two-step ask picker
(player, then card) offers only legal asks (Q4.3); the asks so far, the quartets laid
down and the stack are shown. Each person's hand is only shown after the pass-device
screen when several people share the keys. After a miss the asker is told, privately,
which card they drew from the stack (Q5.2): a dialog over their own hand when several
people share the keys (before the pass screen), else a notice; the card is marked new
in their hand until their next ask.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...core.quartett import quartet_of
from ...i18n import N_, _, ngettext
from ...match import Applied, Match
from ..widgets.dialogs import ChoiceScreen
from .quartett_base import QuartettScreen, SeatList


class HandList(SeatList):
    """Each player's hand size and quartets laid down, and the stack."""

    def holding(self, info: dict) -> Text:
        return Text(cards_text(info["cards"]), style="cyan")

    def more_lines(self, info: dict) -> list[tuple[Text, Text]]:
        quartets = " ".join(info["quartets"]) or "—"
        return [
            (
                Text(_("quartets: {q}").format(q=quartets), style="green"),
                Text(str(len(info["quartets"])), style="bold green"),
            )
        ]

    def table_line(self, view: dict) -> str:
        return ngettext("Stack: {n} card", "Stack: {n} cards", view["stack"]).format(
            n=view["stack"]
        )


def cards_text(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


class QuartettAskScreen(QuartettScreen):
    """One Quartett game of Bundesliga Quartett: ask for cards, lay down quartets."""

    SEAT_LIST = HandList
    BINDINGS = [
        Binding("a", "ask", N_("Ask"), id="quartett.ask"),
        Binding("enter,space", "ask", N_("Ask"), id="quartett.act", show=False),
    ]

    def __init__(self, match: Match, local: set[int] | None = None, drive_ai: bool = True) -> None:
        super().__init__(match, local, drive_ai)
        self.drawn_hand: list[str] | None = None  # the card ids of the hand on screen
        self.hands_seen = {s: self.hand_ids(s) for s in self.local}  # each local hand
        self.fresh: dict[int, str] = {}  # the card a seat drew from the stack, until it asks
        self.shown_to: int | None = None  # whose hand stays on screen while they read a notice

    def compose_mine(self) -> ComposeResult:
        yield VerticalScroll(Static(id="hand", markup=False), id="handbox")

    # -- GameScreen hooks -------------------------------------------------------

    def private_what(self, seat: int, view: dict) -> str:
        return _("{name}: your hand, and your turn to ask").format(name=self.seat_name(seat))

    def end_table(self, view: dict) -> tuple[list[str], list[list[str]]]:
        return [_("Quartets")], [[str(len(s["quartets"]))] for s in view["seats"]]

    def turn_text(self, view: dict) -> str:
        return _("To ask: {name}").format(name=self.seat_name(view["to_move"]))

    # -- the card drawn after a miss (Q5.2), told privately --------------------------------

    def hand_ids(self, seat: int) -> set[str]:
        hand = self.match.view(seat)["hand"] or []
        return {c["id"] for c in hand}

    def choose_viewer(self) -> int | None:
        if self.shown_to is not None:
            return self.shown_to  # they read what they drew; the pass screen comes after
        return super().choose_viewer()

    def after_action(self, applied: Applied) -> None:
        before = self.hands_seen
        self.hands_seen = now = {s: self.hand_ids(s) for s in self.local}
        seat = applied.seat
        if not self.is_local(seat):
            return
        self.fresh.pop(seat, None)
        for e in applied.events:
            if e["event"] != "ask" or e["seat"] != seat or e["hit"] or not e["drew"]:
                continue
            laid = {  # quartets the asker laid down now: the drawn card may be in one
                x["quartet"]: [cid for cid in self.catalog if quartet_of(cid) == x["quartet"]]
                for x in applied.events
                if x["event"] == "quartet" and x["seat"] == seat
            }
            gained = (now[seat] | {c for cards in laid.values() for c in cards}) - before[seat]
            for card in sorted(gained):
                quartet = next((q for q, cards in laid.items() if card in cards), None)
                self.tell_drawn(seat, card, quartet)

    def tell_drawn(self, seat: int, card: str, quartet: str | None) -> None:
        """Tell the asker, and only them, which card they drew from the stack."""
        info = self.catalog[card]
        text = _("From the stack: {card} {name} ({club}).").format(
            card=card, name=info["name"], club=info["club"]
        )
        if quartet is not None:
            text += " " + _("It completes quartet {q}: laid down.").format(q=quartet)
        else:
            self.fresh[seat] = card
        if len(self.local) == 1:
            self.notify(text, title=_("Your card from the stack"), timeout=10)
            return
        self.shown_to = seat

        def read(_answer: str | None) -> None:
            self.shown_to = None

        self.ask(
            ChoiceScreen(
                _("{name}: your card from the stack").format(name=self.seat_name(seat)),
                [("ok", _("Got it — hide my hand"))],
                body=text
                + "\n"
                + _("Only {name} should read this.").format(name=self.seat_name(seat)),
                acknowledge=True,
            ),
            read,
        )

    def status_text(self, view: dict) -> str:
        if self.shown_to is not None and not view["is_over"]:  # the next player waits
            return _("{name} reads the card they drew; Enter closes it.").format(
                name=self.seat_name(self.shown_to)
            )
        return super().status_text(view)

    def hint(self, seat: int, view: dict) -> str:
        return _("{name}: press a (or Enter) to ask a player for a card.").format(
            name=self.seat_name(seat)
        )

    def draw_mine(self, view: dict) -> None:
        title = self.query_one("#mine-title", Static)
        box = self.query_one("#hand", Static)
        hand = view["hand"]
        self.drawn_hand = None if hand is None else [c["id"] for c in hand]
        if hand is None:
            title.update(_("Hands are hidden"))
            box.update(_("Only the player on turn sees their hand."))
            return
        name = self.seat_name(view["seat"])
        title.update(
            ngettext("Hand · {name} · {n} card", "Hand · {name} · {n} cards", len(hand)).format(
                name=name, n=len(hand)
            )
        )
        box.update(self.hand_table(hand, self.fresh.get(view["seat"])))

    def hand_table(self, hand: list[dict], fresh: str | None = None) -> RichTable:
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
            lines = Text(no_wrap=True, overflow="ellipsis")  # long names are cut, not broken
            lines.append(f"{cards[0]['club']}\n", style="italic")
            for c in cards:
                lines.append(f"{c['id']} ", style="bold reverse")
                if c["id"] == fresh:
                    lines.append(_("new") + " ", style="bold green")
                lines.append(f"{c['name']}\n")
            if missing:
                lines.append(_("missing: {ids}").format(ids=" ".join(missing)), style="dim")
            t.add_row(f"{q} ({len(cards)}/4)", lines)
        return t

    def draw_round(self, view: dict) -> None:
        self.query_one("#round-title", Static).update(_("Asks so far, newest last"))
        self.query_one("#round", Static).update(self.asks_table(view))

    def on_resize(self, event: events.Resize) -> None:
        # GameScreen.on_resize (called after this one) sets -narrow; then redraw the asks.
        self.call_later(self.render_view)

    def asks_table(self, view: dict) -> RichTable:
        """The latest asks, newest last: who asked whom for which card, and the answer.
        Long names are cut with an ellipsis; the narrow layout leaves out card names."""
        narrow = self.has_class("-narrow")
        t = RichTable(expand=True, box=None)
        for header, ratio in [
            (_("Who") if narrow else _("Who asked"), 2),
            (_("Whom"), 2),
            (_("For"), 1 if narrow else 3),
        ]:
            t.add_column(header, ratio=ratio, no_wrap=True, overflow="ellipsis", min_width=3)
        rows = self.ask_rows(view["history"][-12:], narrow)
        # the answer is short and says what happened: always whole, the others give way
        answers = [_("Answer"), *(str(row[3]) for row in rows)]
        t.add_column(_("Answer"), no_wrap=True, min_width=max(cell_len(a) for a in answers))
        for row in rows:
            t.add_row(*row)
        return t

    def ask_rows(self, history: list[dict], narrow: bool) -> list[tuple[Text | str, ...]]:
        """The rows of the asks table: asker, asked, card, answer."""
        rows: list[tuple[Text | str, ...]] = []
        for h in history:
            if h["target"] is None:  # nobody held a card: the stack was drawn
                rows.append(
                    (
                        Text(self.seat_name(h["asker"])),
                        "—",
                        "—",
                        _("drew") if narrow else _("drew from the stack"),
                    )
                )
                continue
            card = self.catalog.get(h["card"], {"name": ""})
            if h["hit"]:
                answer = _("yes") if narrow else _("handed over")
            elif h["drew"]:
                answer = _("no, drew") if narrow else _("no, drew from the stack")
            else:
                answer = _("no")
            rows.append(
                (
                    Text(self.seat_name(h["asker"])),
                    Text(self.seat_name(h["target"])),
                    h["card"] if narrow else f"{h['card']} {card['name']}",
                    answer,
                )
            )
        return rows

    # -- the asker's actions ---------------------------------------------------------

    def action_ask(self) -> None:
        """Q4.2/Q4.3: pick a player, then one of the cards you may ask them for."""
        if self.mine_view() is None:
            return
        asks = self.match.legal_actions()
        targets = sorted({a.seat for a in asks})
        seats = self.match.public_view()["seats"]
        choices = [
            (str(s), f"{self.seat_name(s)} ({cards_text(seats[s]['cards'])})") for s in targets
        ]

        def picked_player(answer: str | None) -> None:
            if answer is None:
                return
            seat = int(answer)
            card_choices = [
                (
                    str(a),
                    f"{a.card} {self.catalog[a.card]['name']} · {self.catalog[a.card]['club']}",
                )
                for a in asks
                if a.seat == seat
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
