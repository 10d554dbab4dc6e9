"""Provides the World Wave card widgets: the hand, the draft's offer, and cards in words.

`HandPanel` lists a hand (slot, name in 中文 and English, kind, text) with a cursor and,
in the discard phase, marks; the card under the cursor has its whole text below, in
English and Chinese. `DraftPanel` lists the characters offered in the draft with their
stamina, costs, hand limit and skill, and the characters chosen so far. Both only draw
what they are given and post messages (`Highlighted`, `Picked`) upward; a card's kind is
always said in words and glyphs (攻 防 體), never by colour alone. Chinese is double
width: lines are measured and cut by cells.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from ...core.worldwave import CARDS, ROSTER
from ...i18n import N_, _, labelled, list_text
from ...textmode.worldwave import beside, in_chinese, own_texts
from ..translate import translate_bindings
from .packing import pack, wrapped_lines

MARK_GLYPH = {"attack": "攻", "defence": "防", "stamina": "體"}
KIND_WORDS = {
    "action": N_("action"),
    "setpiece": N_("set piece"),
    "event": N_("event"),
    "skill": N_("skill"),
}
POSITION_WORDS = {
    "GK": N_("goalkeeper"),
    "DF": N_("defender"),
    "MF": N_("midfielder"),
    "FW": N_("forward"),
}
FULL, EMPTY = "⚽", "〇"  # both two cells wide


def card_name(cid: str) -> str:
    """A match card as shown: `射門 Shoot` (its translation beside the Chinese)."""
    card = CARDS[cid]
    return beside(card.name_zh, card.name)


def card_short(cid: str, narrow: bool) -> str:
    """A card in few cells: one name when narrow (translated, or the Chinese), else both."""
    card = CARDS[cid]
    if narrow:
        return card.name_zh if in_chinese() else _(card.name)
    return card_name(cid)


def card_tag(cid: str) -> str:
    """A card's kind in words, with its mark for a skill card: `攻 skill`, `event`."""
    card = CARDS[cid]
    kind = _(KIND_WORDS[card.kind])
    if card.mark:
        return f"{MARK_GLYPH[card.mark]} {kind}"
    return kind


def character_name(cid: str) -> str:
    """A character as shown: `魯尼 Rooney` (the Chinese alone to a Chinese reader)."""
    char = ROSTER[cid]
    return char.name_zh if in_chinese() else f"{char.name_zh} {char.name}"


def gauge(stamina: int, top: int) -> str:
    """Stamina as football icons: one ⚽ per point left, 〇 for each point spent."""
    stamina = max(0, min(stamina, top))
    return FULL * stamina + EMPTY * (top - stamina)


def costs_text(cid: str) -> str:
    """A character's costs and hand limit in words."""
    char = ROSTER[cid]
    shoot = "−" if char.shoot_cost is None else str(char.shoot_cost)
    return _("shoot {shoot} · save {save} · hand limit {limit}").format(
        shoot=shoot, save=char.save_cost, limit=char.hand_limit
    )


def fit(text: Text, width: int) -> Text:
    """One line cut to `width` cells with an ellipsis (never in the middle of a
    double-width character)."""
    text = text.copy()
    text.no_wrap = True
    if text.cell_len > width:
        text.truncate(max(1, width), overflow="ellipsis")
    return text


def wrap(text: Text, width: int, indent: int = 0) -> list[Text]:
    """A text's lines at `width` cells (by cells: Chinese counts twice), indented; no
    line starts with closing Chinese punctuation."""
    console = Console(width=max(10, width), legacy_windows=False)
    lines = wrapped_lines(text, console, max(10, width - indent))
    out = []
    for line in lines:
        row = Text(" " * indent)
        row.append_text(line)
        out.append(row)
    return out or [Text("")]


def pad(text: str, cells: int) -> str:
    """`text` padded with spaces to `cells` cells (cut with … when longer)."""
    if cell_len(text) > cells:
        t = Text(text)
        t.truncate(cells, overflow="ellipsis")
        return t.plain
    return text + " " * (cells - cell_len(text))


class CardList(Widget, can_focus=True):
    """A list of cards with a cursor: ←/→ (or ↑/↓) move it, Enter or a click picks; a
    click on another card moves the cursor there first. Subclasses say how to draw."""

    DEFAULT_CSS = """
    CardList { height: auto; width: 1fr; }
    """

    BINDINGS = [
        Binding("left,up", "move(-1)", N_("Previous card"), id="cards.previous", show=False),
        Binding("right,down", "move(1)", N_("Next card"), id="cards.next", show=False),
    ]

    class Highlighted(Message):
        """The cursor moved to `index` (from 0)."""

        def __init__(self, panel: CardList, index: int) -> None:
            super().__init__()
            self.panel = panel
            self.index = index

        @property
        def control(self) -> CardList:
            return self.panel

    class Picked(Message):
        """Enter or a click on the card at `index` (from 0)."""

        def __init__(self, panel: CardList, index: int) -> None:
            super().__init__()
            self.panel = panel
            self.index = index

        @property
        def control(self) -> CardList:
            return self.panel

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        translate_bindings(self)
        self.cursor = 0
        self.count = 0
        self.owners: list[int | None] = []  # per line drawn: the card it belongs to

    def move_to(self, index: int) -> None:
        if not self.count:
            return
        index = max(0, min(index, self.count - 1))
        if index != self.cursor:
            self.cursor = index
            self.refresh(layout=True)
            self.post_message(self.Highlighted(self, index))

    def action_move(self, by: int) -> None:
        if self.count:
            self.move_to((self.cursor + by) % self.count)

    def action_pick(self) -> None:
        if self.count:
            self.post_message(self.Picked(self, self.cursor))

    def on_click(self, event: Click) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self.owners):
            return
        index = self.owners[offset.y]
        if index is None:
            return
        if index == self.cursor:
            self.post_message(self.Picked(self, index))
        else:
            self.move_to(index)

    def width_now(self) -> int:
        return max(20, self.content_size.width or self.size.width or 60)

    def render(self) -> Text:
        lines = self.lines(self.width_now())
        self.owners = [owner for owner, _line in lines]
        out = Text(no_wrap=True, overflow="ellipsis")
        for i, (_owner, line) in enumerate(lines):
            if i:
                out.append("\n")
            out.append_text(line)
        return out

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.lines(max(20, width))))

    def lines(self, width: int) -> list[tuple[int | None, Text]]:
        """The lines to draw at `width` cells, each with the card it belongs to."""
        raise NotImplementedError


class HandPanel(CardList):
    """A hand: one line per card (slot, names, kind, text), the whole text of the card
    under the cursor below; in the discard phase, the cards marked to go."""

    BINDINGS = [Binding("enter", "pick", N_("Play"), id="hand.play")]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cards: list[str] | None = None  # None: the hand is hidden
        self.marked: set[int] = set()  # slots from 1 marked to discard
        self.fresh: set[int] = set()  # slots from 1 that came in since the last look
        self.hidden_text = ""
        self.narrow = False
        self.every: list[tuple[str, list[str]]] | None = None  # a replay: every hand

    def show_every(self, hands: list[tuple[str, list[str]]], narrow: bool = False) -> None:
        """Every seat's hand, one line each (a replay's "all cards" view)."""
        self.cards = None
        self.count = 0
        self.cursor = 0
        self.every = [(label, list(cards)) for label, cards in hands]
        self.narrow = narrow
        self.refresh(layout=True)

    def show(
        self,
        cards: list[str] | None,
        *,
        marked: set[int] | None = None,
        fresh: set[int] | None = None,
        hidden_text: str = "",
        narrow: bool = False,
    ) -> None:
        self.every = None
        self.cards = None if cards is None else list(cards)
        self.count = len(self.cards or [])
        self.cursor = min(self.cursor, max(0, self.count - 1))
        self.marked = set(marked or ())
        self.fresh = set(fresh or ())
        self.hidden_text = hidden_text
        self.narrow = narrow
        self.refresh(layout=True)

    @property
    def card(self) -> str | None:
        """The card under the cursor (None: no card, or the hand is hidden)."""
        if not self.cards:
            return None
        return self.cards[self.cursor]

    def lines(self, width: int) -> list[tuple[int | None, Text]]:
        if self.every is not None:
            out: list[tuple[int | None, Text]] = []
            for label, cards in self.every:
                line = Text(labelled(label, ""), style="bold")
                names = [card_short(c, self.narrow) for c in cards]
                line.append(list_text(names) if names else "—")
                out += [(None, row) for row in wrap(line, width)]
            return out
        if self.cards is None:
            return [(None, fit(Text(self.hidden_text, style="italic"), width))]
        if not self.cards:
            return [(None, Text(_("(no cards)"), style="dim"))]
        out = []
        name_w = 12 if self.narrow else 20
        tag_w = 10 if self.narrow else 12
        for i, cid in enumerate(self.cards):
            slot = i + 1
            here = i == self.cursor and self.has_focus
            line = Text()
            line.append("▶" if i == self.cursor else " ", style="bold")
            line.append(f"{slot:>2} ", style="bold reverse" if here else "bold")
            if slot in self.marked:
                line.append("✗ ", style="bold")
            elif slot in self.fresh:
                line.append("✦ ", style="bold")
            else:
                line.append("  ")
            line.append(pad(card_short(cid, self.narrow), name_w), style="bold")
            line.append(" ")
            line.append(pad(card_tag(cid), tag_w), style="italic")
            if not self.narrow:
                line.append(" " + own_texts(CARDS[cid].text, CARDS[cid].text_zh)[0], style="dim")
            out.append((i, fit(line, width)))
        cid = self.cards[self.cursor]
        card = CARDS[cid]
        head = Text(f"{self.cursor + 1}. {card_name(cid)} · {card_tag(cid)}", style="bold")
        out.append((None, fit(head, width)))
        for text in own_texts(card.text, card.text_zh):
            for line in wrap(Text(text), width, indent=3):
                out.append((None, line))
        return out


class DraftPanel(CardList):
    """The characters offered to the drafter (or that they are hidden), then the
    characters chosen so far, seat by seat."""

    BINDINGS = [Binding("enter", "pick", N_("Pick"), id="draft.pick")]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.offered: list[str] | None = None
        self.chosen: list[tuple[str, str | None]] = []  # (seat label, character or None)
        self.hidden_text = ""

    def show(
        self, offered: list[str] | None, chosen: list[tuple[str, str | None]], hidden_text: str
    ) -> None:
        self.offered = None if offered is None else list(offered)
        self.count = len(self.offered or [])
        self.cursor = min(self.cursor, max(0, self.count - 1))
        self.chosen = list(chosen)
        self.hidden_text = hidden_text
        self.refresh(layout=True)

    def lines(self, width: int) -> list[tuple[int | None, Text]]:
        out: list[tuple[int | None, Text]] = []
        if self.offered is None:
            out.append((None, fit(Text(self.hidden_text, style="italic"), width)))
        for i, cid in enumerate(self.offered or []):
            char = ROSTER[cid]
            here = i == self.cursor
            head = Text()
            head.append("▶" if here else " ", style="bold")
            head.append(f"{i + 1}. ", style="bold reverse" if here and self.has_focus else "bold")
            head.append(character_name(cid), style="bold")
            head.append(f" · {char.position} {_(POSITION_WORDS[char.position])}")
            out.append((i, fit(head, width)))
            # the figures on as few lines as hold them whole ("hand limit 4" never split):
            # a narrow panel in a longer language takes two
            said = [
                _("stamina {n}").format(n=char.stamina) + " " + gauge(char.stamina, char.stamina)
            ]
            said += costs_text(cid).split(" · ")
            pieces = [part + (" ·" if k < len(said) - 1 else "") for k, part in enumerate(said)]
            for line in pack(pieces, width - 3, gap=1).split("\n"):
                out.append((i, Text("   ") + line))
            for text in own_texts(char.text, char.text_zh):
                for line in wrap(Text(text, style="dim"), width, indent=3):
                    out.append((i, line))
        out.append((None, Text("")))
        out.append((None, Text(_("Chosen so far:"), style="bold")))
        for label, chosen in self.chosen:
            line = Text("  " + labelled(label, ""))
            if chosen is None:
                line.append("—", style="dim")
            else:
                line.append(f"{character_name(chosen)} ({ROSTER[chosen].position})")
            out.append((None, fit(line, width)))
        return out
