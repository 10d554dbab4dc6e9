"""Provides QuartettCard: a Bundesliga Quartett card drawn as a card, one row per category.

The card shows its code, player, club and position, and every category with its value
(Fairness-Punkte with one decimal, Q1.5) and the cautions, whole (on a second line when the
card is narrow). One category can be highlighted (the one being
compared, or the one under the caller's cursor); categories that may not be called in the
current mode are dimmed. Clicking a category row posts `CategoryClicked`.
"""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.style import Style
from rich.table import Table as RichTable
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from ...core.quartett import CATEGORIES as CATEGORY_ORDER
from ...core.quartett import CATEGORY_LABELS as LABELS
from ...i18n import _
from ...textmode.quartett import value as show_value
from .packing import pack

HEAD_LINES = 4  # border + code/club + name + position, before the first category row


class QuartettCard(Widget):
    """One card face (or its back when `card` is None)."""

    # Colours from the theme; the winner, a tie and the highlight are also said in words
    # or by the card's title.
    COMPONENT_CLASSES = {
        "quartett-card--back",  # a face-down card
        "quartett-card--border",
        "quartett-card--winner",  # the border of the round's winning card
        "quartett-card--tied",
        "quartett-card--highlight",  # the category under the cursor or compared
        "quartett-card--rule",  # the line between the head and the categories
    }

    DEFAULT_CSS = """
    QuartettCard { width: 100%; max-width: 34; height: auto; min-height: 12; }
    QuartettCard > .quartett-card--back { background: $primary; color: $text; text-style: bold; }
    QuartettCard > .quartett-card--border { color: $text-muted; }
    QuartettCard > .quartett-card--winner { color: $success; }
    QuartettCard > .quartett-card--tied { color: $warning; }
    QuartettCard > .quartett-card--highlight {
        background: $warning; color: $text; text-style: bold;
    }
    QuartettCard > .quartett-card--rule { color: $text-disabled; }
    """

    class CategoryClicked(Message):
        """A category row of the card was clicked."""

        def __init__(self, card: QuartettCard, category: str) -> None:
            super().__init__()
            self.card = card
            self.category = category

        @property
        def control(self) -> QuartettCard:
            """The card that was clicked (the Textual idiom; selectors in `@on` match it)."""
            return self.card

    def __init__(self, card: dict | None = None, *, title: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.card = card
        self.title = title
        self.highlight: str | None = None
        self.callable: tuple[str, ...] = CATEGORY_ORDER
        self.winner = False
        self.tied = False

    def show(
        self,
        card: dict | None,
        *,
        title: str = "",
        highlight: str | None = None,
        callable: tuple[str, ...] = CATEGORY_ORDER,
        winner: bool = False,
        tied: bool = False,
    ) -> None:
        self.card = card
        self.title = title
        self.highlight = highlight
        self.callable = callable
        self.winner = winner
        self.tied = tied
        self.refresh()

    def render(self):
        look = self.get_component_rich_style
        border = look(
            "quartett-card--winner"
            if self.winner
            else "quartett-card--tied"
            if self.tied
            else "quartett-card--border"
        )
        if self.card is None:
            back = Text(
                "\n\n   BUNDESLIGA\n    QUARTETT\n",
                style=look("quartett-card--back"),
                justify="center",
            )
            return Panel(back, title=self.title or None, border_style=border)
        c = self.card
        # The head is HEAD_LINES - 1 lines whatever the names: clicks map to category rows.
        top = RichTable.grid(expand=True)
        top.add_column(no_wrap=True)
        top.add_column(justify="right", ratio=1, no_wrap=True, overflow="ellipsis")
        top.add_row(Text(c["id"], style="bold reverse"), Text(" " + c["club"], style="italic"))
        name = Text(c["name"], style="bold", no_wrap=True, overflow="ellipsis")
        position = Text(_(c["position"]), style="dim", no_wrap=True, overflow="ellipsis")
        rows = RichTable.grid(expand=True)
        rows.add_column(ratio=1)
        rows.add_column(justify="right")
        for cat in CATEGORY_ORDER:
            style: str | Style = ""
            if cat not in self.callable:
                style = "dim"
            if cat == self.highlight:
                style = look("quartett-card--highlight")
            rows.add_row(
                Text(_(LABELS[cat]), style=style), Text(show_value(cat, c[cat]), style=style)
            )
        counts = [
            _("{n}× yellow").format(n=c["yellow"]),
            _("{n}× yellow-red").format(n=c["yellow_red"]),
            _("{n}× red").format(n=c["red"]),
        ]
        # TRANSLATORS: before the first of a card's caution counts ("cards: 37× yellow, …")
        counts[0] = _("cards: {count}").format(count=counts[0])
        comma = _(", ").rstrip() or ","  # the list separator without its space ("、")
        pieces = [
            Text(part + (comma if i < 2 else ""), style="dim") for i, part in enumerate(counts)
        ]
        cautions = pack(
            pieces, self.content_size.width - 4, gap=1
        )  # whole, on two lines if need be
        subtitle = _("WINNER") if self.winner else _("TIE") if self.tied else None
        return Panel(
            Group(
                top,
                name,
                position,
                Text("─" * 40, style=look("quartett-card--rule"), overflow="crop"),
                rows,
                cautions,
            ),
            title=self.title or None,
            subtitle=subtitle,
            border_style=border,
            padding=(0, 1),
        )

    def on_click(self, event: Click) -> None:
        if self.card is None:
            return
        i = event.y - HEAD_LINES - 1
        if 0 <= i < len(CATEGORY_ORDER):
            event.stop()
            self.post_message(self.CategoryClicked(self, CATEGORY_ORDER[i]))
