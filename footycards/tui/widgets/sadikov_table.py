"""Provides the widgets of Sadikov's Football: the five columns as a cascade, and an aktiv.

`SadikovTable` draws the columns of a view like a patience cascade (each card partly
covering the one before: its top line shows, the top card whole), with a cursor over the
columns; ←/→ move it, Enter/Space or a click take. `AktivPanel` draws one player's four
suit piles, fanned, with attacks marked, penalty cards and removed suits. Both only draw
the view they are given; suits are always told by letter and symbol, never colour alone.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.content import Content
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...cells import center
from ...i18n import N_, _
from ...seats import ai_mark, ai_name_here, says_ai
from ..translate import translate_bindings

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = ("H", "D")
UK_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}  # F1.3: валет, дама, король, туз

CARD_W = 7  # a card's width in the cascade: ╭10♠S─╮
GAP = 2  # between columns
PITCH = CARD_W + GAP


def rank_text(card: str, letters: str = "en") -> str:
    """A card's rank as shown: 10, J Q K A (or В Д К Т with letters "uk"); JOKER stays."""
    if card == "JOKER":
        return "JOKER"
    rank = card[:-1]
    return UK_RANKS.get(rank, rank) if letters == "uk" else rank


def suit_text(suit: str) -> str:
    """A suit by symbol and letter: `♠S` (colour-blind safe: never colour alone)."""
    return f"{SUIT_SYMBOL[suit]}{suit}"


def card_text(card: str, letters: str = "en") -> str:
    """A card as shown everywhere: rank, suit symbol and letter (`10♠S`, `Д♥H`, `JOKER`)."""
    if card == "JOKER":
        return "JOKER"
    return rank_text(card, letters) + suit_text(card[-1])


def suit_look(card: str | None) -> str:
    """The component class of a card's colour: red suits, black suits, the joker."""
    if not card or card == "JOKER":
        return "sadikov-table--joker"
    return "sadikov-table--red" if card[-1] in RED_SUITS else "sadikov-table--black"


class SadikovTable(Widget, can_focus=True):
    """The five columns of a Sadikov view; a cursor over the columns picks where to take."""

    COMPONENT_CLASSES = {
        "sadikov-table--red",  # ♥ ♦ faces
        "sadikov-table--black",  # ♠ ♣ faces
        "sadikov-table--joker",
        "sadikov-table--back",  # a face-down card
        "sadikov-table--edge",  # a card's border
        "sadikov-table--cursor",  # the chosen column's top card and number
        "sadikov-table--closed",  # a column closed to the player to move (F3.3)
        "sadikov-table--label",  # column numbers
        "sadikov-table--empty",
    }

    DEFAULT_CSS = """
    SadikovTable { width: 1fr; height: 1fr; min-height: 8; text-wrap: nowrap; text-overflow: clip; }
    SadikovTable:focus { background-tint: $foreground 3%; }
    SadikovTable > .sadikov-table--red { color: $error; background: $surface; text-style: bold; }
    SadikovTable > .sadikov-table--black {
        color: $foreground; background: $surface; text-style: bold;
    }
    SadikovTable > .sadikov-table--joker { color: $accent; background: $surface; text-style: bold; }
    SadikovTable > .sadikov-table--back { color: $text; background: $primary; }
    SadikovTable > .sadikov-table--edge { color: $text-muted; }
    SadikovTable > .sadikov-table--cursor { color: $warning; text-style: bold; }
    SadikovTable > .sadikov-table--closed { color: $text-disabled; text-style: dim strike; }
    SadikovTable > .sadikov-table--label { color: $text-muted; text-style: bold; }
    SadikovTable > .sadikov-table--empty { color: $text-disabled; }
    """

    BINDINGS = [
        Binding(
            "left",
            "move(-1)",
            N_("Column"),
            id="sadikov.left",
            key_display="←→",
            tooltip=N_("Cursor one column left"),
        ),
        Binding(
            "right,l",
            "move(1)",
            N_("Right"),
            id="sadikov.right",
            show=False,
            tooltip=N_("Cursor one column right"),
        ),
        Binding("enter,space", "pick", N_("Take"), id="sadikov.take"),
    ]

    cursor: reactive[int] = reactive(0)  # 0-based column under the cursor

    class Picked(Message):
        """A column was chosen (by Enter, Space or a click); `column` counts from 1."""

        def __init__(self, table: SadikovTable, column: int) -> None:
            super().__init__()
            self.table = table
            self.column = column

        @property
        def control(self) -> SadikovTable:
            return self.table

    class Highlighted(Message):
        """The cursor moved to another column (`column` counts from 1)."""

        def __init__(self, table: SadikovTable, column: int) -> None:
            super().__init__()
            self.table = table
            self.column = column

        @property
        def control(self) -> SadikovTable:
            return self.table

    def __init__(self, view: dict | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        translate_bindings(self)
        self.view = view
        self.x0 = 0  # where the first column is drawn (as last drawn)
        self.collapsed = False  # face-down cards drawn as one line with their count

    def show(self, view: dict) -> None:
        self.view = view
        self.refresh()

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % 5

    def action_pick(self) -> None:
        self.post_message(self.Picked(self, self.cursor + 1))

    def watch_cursor(self, cursor: int) -> None:
        self.refresh()
        self.post_message(self.Highlighted(self, cursor + 1))

    def column_at(self, x: int) -> int | None:
        """The column (0-based) drawn at x of the widget, or None between or beside them."""
        if x < self.x0:
            return None
        i, within = divmod(x - self.x0, PITCH)
        return i if i < 5 and within < CARD_W else None

    def on_click(self, event: Click) -> None:
        i = self.column_at(event.x)
        if i is None:
            return
        self.cursor = i
        self.post_message(self.Picked(self, i + 1))

    # -- drawing --------------------------------------------------------------

    def look(self, name: str) -> Style:
        return self.get_component_rich_style(name)

    def column_lines(self, col: dict, collapse: bool, cursor: bool) -> list[Text]:
        """The lines of one column, top of the screen first: covered cards one line each
        (face-down ones as one line with their count when `collapse`), the top card whole."""
        letters = (self.view or {}).get("letters", "en")
        closed = col["closed"]
        edge = self.look("sadikov-table--closed" if closed else "sadikov-table--edge")
        cards = col["cards"]
        lines: list[Text] = []
        if not cards:
            lines.append(Text(center(_("empty"), CARD_W), self.look("sadikov-table--empty")))
            return lines

        def face(card: str) -> Style:
            style = self.look(suit_look(card))
            return style + self.look("sadikov-table--closed") if closed else style

        backs = sum(1 for c in cards if not c["up"])
        back = self.look("sadikov-table--back")
        if closed:
            back = back + self.look("sadikov-table--closed")
        start = 0
        if collapse and backs > 1:
            line = Text("╭", edge)
            line.append(f"░{backs:^3}░", back)
            line.append("╮", edge)
            lines.append(line)
            start = backs
        top = len(cards) - 1
        for k in range(start, top):
            c = cards[k]
            line = Text("╭", edge)
            if c["up"]:
                label = card_text(c["id"], letters)[: CARD_W - 2]
                line.append(label, face(c["id"]))
                line.append("─" * (CARD_W - 2 - len(label)), edge)
            else:
                line.append("░" * (CARD_W - 2), back)
            line.append("╮", edge)
            lines.append(line)
        card = cards[top]["id"] or ""
        rim = self.look("sadikov-table--cursor") if cursor else edge
        label = card_text(card, letters)[: CARD_W - 2]
        first = Text("╭", rim)
        first.append(label, face(card))
        first.append("─" * (CARD_W - 2 - len(label)), rim)
        first.append("╮", rim)
        middle = Text("│", rim)
        inner = f"{SUIT_SYMBOL[card[-1]]} {card[-1]}" if card and card != "JOKER" else "★"
        middle.append(inner.center(CARD_W - 2), face(card))
        middle.append("│", rim)
        lines += [first, middle, Text("╰" + "─" * (CARD_W - 2) + "╯", rim)]
        return lines

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        v = self.view
        if v is None:
            return text
        width, height = self.size.width, self.size.height
        self.x0 = x0 = max(0, (width - (5 * PITCH - GAP)) // 2)
        columns = v["columns"]
        avail = max(1, height - 1)
        full = max(max(len(c["cards"]) + 2, 1) for c in columns)
        self.collapsed = full > avail
        cols = [
            self.column_lines(c, self.collapsed, i == self.cursor and self.has_focus)
            for i, c in enumerate(columns)
        ]
        label = self.look("sadikov-table--label")
        text.append(" " * x0)
        for i, c in enumerate(columns):
            mark = "▼" if i == self.cursor else " "
            tail = "✕" if c["closed"] else " "
            head = f"{mark}{c['column']}{tail}".center(CARD_W)
            style = label
            if i == self.cursor:
                style = self.look("sadikov-table--cursor")
            elif c["closed"]:
                style = self.look("sadikov-table--closed")
            text.append(head, style)
            text.append(" " * GAP if i < 4 else "")
        depth = min(avail, max(len(lines) for lines in cols))
        for row in range(depth):
            text.append("\n")
            text.append(" " * x0)
            for i, lines in enumerate(cols):
                if row < len(lines):
                    text.append_text(lines[row])
                else:
                    text.append(" " * CARD_W)
                if i < 4:
                    text.append(" " * GAP)
        return text


class AktivPanel(Widget):
    """One player's aktiv: four suit piles fanned (attacks marked →), penalty cards, removed
    suits shown as sent off, and the player's goals."""

    COMPONENT_CLASSES = {
        "aktiv-panel--red",
        "aktiv-panel--black",
        "aktiv-panel--attack",  # the → between an attack and the card below it
        "aktiv-panel--penalty",
        "aktiv-panel--off",  # a removed suit (F5.2)
        "aktiv-panel--goals",
    }

    DEFAULT_CSS = """
    AktivPanel { height: auto; border: round $primary; padding: 0 1; text-wrap: nowrap; }
    AktivPanel > .aktiv-panel--red { color: $error; text-style: bold; }
    AktivPanel > .aktiv-panel--black { color: $foreground; text-style: bold; }
    AktivPanel > .aktiv-panel--attack { color: $success; text-style: bold; }
    AktivPanel > .aktiv-panel--penalty { color: $warning; text-style: bold; }
    AktivPanel > .aktiv-panel--off { color: $error; text-style: bold reverse; }
    AktivPanel > .aktiv-panel--goals { color: $warning; text-style: bold; }
    """

    def __init__(self, seat: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self.view: dict | None = None
        self.ai = False

    def show(self, view: dict, ai: bool = False) -> None:
        self.view = view
        self.ai = ai
        info = view["seats"][self.seat]
        on_turn = view["to_move"] == self.seat and not view["is_over"]
        name = ai_name_here(info["name"]) if ai else info["name"]
        title = ("▶ " if on_turn else "") + f"P{self.seat + 1} {name}"
        if ai and not says_ai(name):
            title += " " + ai_mark()
        self.border_title = Content(title)  # a name is never markup
        self.border_subtitle = _("goals: {n}").format(n=info["goals"])
        self.refresh(layout=True)

    def look(self, name: str) -> Style:
        return self.get_component_rich_style(name)

    def get_content_height(self, container, viewport, width: int) -> int:
        return 4

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        if self.view is None:
            return text
        letters = self.view.get("letters", "en")
        info = self.view["seats"][self.seat]
        for n, suit in enumerate(("S", "H", "D", "C")):
            if n:
                text.append("\n")
            colour = self.look("aktiv-panel--red" if suit in RED_SUITS else "aktiv-panel--black")
            text.append(suit_text(suit), colour)
            text.append(" ")
            pens = info["penalties"].get(suit, 0)
            if suit in info["removed"]:
                text.append(" " + _("SENT OFF") + " ", self.look("aktiv-panel--off"))
                text.append(" " + _("{n} pen.").format(n=pens), self.look("aktiv-panel--penalty"))
                continue
            pile = info["aktiv"][suit]
            if not pile:
                text.append("·", "dim")
            for k, card in enumerate(pile):
                if k:
                    text.append("→" if card["attack"] else " ", self.look("aktiv-panel--attack"))
                text.append(rank_text(card["id"], letters) + SUIT_SYMBOL[suit], colour)
            if pens:
                text.append("  " + "▮" * pens + " ", self.look("aktiv-panel--penalty"))
                text.append(_("{n} pen.").format(n=pens), self.look("aktiv-panel--penalty"))
        return text
