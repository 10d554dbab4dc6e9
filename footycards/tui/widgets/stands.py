"""Provides Stands: the Stadium table drawn as stadium stands, with a cursor and mouse picks.

The widget only draws the view it is given and reports which seat of the stands was
chosen; it never holds or changes the game.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...i18n import N_, _
from ..translate import translate_bindings

# Reward cards by their label (text, so never told apart by colour alone) and look.
REWARD_LOOK = {
    "YELLOW": ("YEL", "stands--yellow"),
    "RED": ("RED", "stands--red"),
    "VAR": ("VAR", "stands--var"),
    "GAME": ("GAME", "stands--game"),
}


def face_text(cell: dict, width: int) -> tuple[str, str]:
    """The short face of a cell and its look (a component class): `Nit`, a card id, a
    reward or an empty seat."""
    state = cell["state"]
    if state == "down":
        return "Nit".center(width), "stands--back"
    if state == "empty":
        return "·".center(width), "stands--empty"
    if cell["id"] in REWARD_LOOK:
        label, look = REWARD_LOOK[cell["id"]]
        return label[:width].center(width), look
    return cell["id"].center(width), "stands--face"


class Stands(Widget, can_focus=True):
    """Draws the table of a Stadium view; arrows/hjkl move the cursor, Enter/Space/click pick."""

    # Every colour comes from the theme (Ctrl+T recolours the board, ANSI themes included).
    COMPONENT_CLASSES = {
        "stands--back",  # a face-down card (Nit)
        "stands--face",  # a face-up footballer
        "stands--peek",  # a face-down card the viewer looked at with VAR
        "stands--recent",  # a card just turned back face down
        "stands--empty",  # an empty seat
        "stands--yellow",
        "stands--red",
        "stands--var",
        "stands--game",
        "stands--label",  # row letters and column numbers
        "stands--pitch",
        "stands--row",  # the stand rows, alternately
        "stands--row-alt",
        "stands--edge",  # a card's border
        "stands--stars",
        "stands--cursor",  # the cursor's border (compact cards: reversed and underlined)
        "stands--mark",  # a card picked for VAR
    }

    DEFAULT_CSS = """
    Stands { width: 1fr; height: 1fr; min-height: 8; }
    Stands:focus { background-tint: $foreground 3%; }
    Stands > .stands--back { background: $primary; color: $text; text-style: bold; }
    Stands > .stands--face {
        color: $foreground; background: $background; text-style: bold reverse;
    }
    Stands > .stands--peek { background: $accent; color: $text; text-style: bold italic; }
    Stands > .stands--recent { background: $primary-muted; color: $text; text-style: italic; }
    Stands > .stands--empty { color: $text-disabled; }
    Stands > .stands--yellow { background: $warning; color: $text; text-style: bold; }
    Stands > .stands--red { background: $error; color: $text; text-style: bold; }
    Stands > .stands--var { background: $secondary; color: $text; text-style: bold; }
    Stands > .stands--game { background: $success; color: $text; text-style: bold; }
    Stands > .stands--label { color: $text-muted; text-style: bold; }
    Stands > .stands--pitch { background: $success-darken-2; color: $text; text-style: bold; }
    Stands > .stands--row { background: $surface; }
    Stands > .stands--row-alt { background: $panel; }
    Stands > .stands--edge { color: $text-muted; }
    Stands > .stands--stars { color: $warning; text-style: bold; }
    Stands > .stands--cursor { color: $warning; text-style: bold; }
    Stands > .stands--mark { color: $error; text-style: bold; }
    """

    BINDINGS = [
        Binding("up,k", "move(1, 0)", N_("Move"), id="stands.up", key_display="←↑↓→"),
        Binding("down,j", "move(-1, 0)", N_("Down"), id="stands.down", show=False),
        Binding("left,h", "move(0, -1)", N_("Left"), id="stands.left", show=False),
        Binding("right,l", "move(0, 1)", N_("Right"), id="stands.right", show=False),
        Binding("enter,space", "pick", N_("Flip"), id="stands.flip"),
    ]

    cursor: reactive[tuple[int, int]] = reactive((0, 0))

    class Picked(Message):
        """A seat of the stands was chosen (by Enter, Space or a click)."""

        def __init__(self, stands: Stands, row: int, col: int) -> None:
            super().__init__()
            self.stands = stands
            self.row = row
            self.col = col

        @property
        def control(self) -> Stands:
            """The stands the seat was picked on (the Textual idiom)."""
            return self.stands

    class Highlighted(Message):
        """The cursor moved to another seat of the stands (by a key, a click or code)."""

        def __init__(self, stands: Stands, row: int, col: int) -> None:
            super().__init__()
            self.stands = stands
            self.row = row
            self.col = col

        @property
        def control(self) -> Stands:
            return self.stands

    def __init__(self, view: dict, **kwargs) -> None:
        super().__init__(**kwargs)
        translate_bindings(self)
        self.view = view
        self.marks: set[tuple[int, int]] = set()
        self.recent: dict[str, dict] = {}  # just turned back: shown faded until the next flip
        self._geometry = (0, 0, 4, 1)  # x0, y0, cell width, cell height

    def show(self, view: dict, recent: dict[str, dict] | None = None) -> None:
        """Draw a new view; `recent` cards (just turned back face down) are shown faded."""
        self.view = view
        self.recent = recent or {}
        r, c = self.cursor
        if r >= view["rows"] or c >= view["cols"]:
            self.cursor = (0, 0)
        self.refresh()

    def action_move(self, dr: int, dc: int) -> None:
        r, c = self.cursor
        rows, cols = self.view["rows"], self.view["cols"]
        self.cursor = ((r + dr) % rows, (c + dc) % cols)

    def action_pick(self) -> None:
        self.post_message(self.Picked(self, *self.cursor))

    def watch_cursor(self, cursor: tuple[int, int]) -> None:
        self.refresh()
        self.post_message(self.Highlighted(self, *cursor))

    def on_click(self, event: Click) -> None:
        x0, y0, w, h = self._geometry
        rows, cols = self.view["rows"], self.view["cols"]
        col = (event.x - x0) // w
        line = (event.y - y0) // h
        if event.x < x0 or not (0 <= col < cols and 0 <= line < rows):
            return
        row = rows - 1 - line
        self.cursor = (row, col)
        self.post_message(self.Picked(self, row, col))

    def cell(self, row: int, col: int) -> dict:
        return self.view["table"][row * self.view["cols"] + col]

    # -- drawing --------------------------------------------------------------

    def look(self, name: str) -> Style:
        """The Rich style of a component class (from DEFAULT_CSS and the theme)."""
        return self.get_component_rich_style(name)

    def render(self) -> Text:
        v = self.view
        rows, cols = v["rows"], v["cols"]
        width, height = self.size.width, self.size.height
        boxed = width >= 7 + cols * 6 and height >= rows * 3 + 3
        cell_w, cell_h = (6, 3) if boxed else (4, 1)
        if not boxed and width < 7 + cols * 4:
            cell_w = 3
        x0, y0 = max(4, (width - cols * cell_w - 7) // 2), 1
        self._geometry = (x0, y0, cell_w, cell_h)
        peeked = v.get("peeked", {})
        label_style = self.look("stands--label")
        row_bgs = [
            Style(bgcolor=self.look(name).bgcolor) for name in ("stands--row", "stands--row-alt")
        ]
        text = Text(no_wrap=True, overflow="crop")
        pad = " " * (x0 - 4)
        header = " " * x0 + "".join(str(c + 1).center(cell_w) for c in range(cols))
        text.append(header + "\n", label_style)
        for line_no, row in enumerate(reversed(range(rows))):
            bg = row_bgs[line_no % 2]
            label = chr(65 + row)
            for sub in range(cell_h):
                text.append(pad)
                text.append(f" {label}  " if sub == cell_h // 2 else "    ", label_style + bg)
                for col in range(cols):
                    self._draw_cell(text, row, col, sub, cell_w, cell_h, peeked, bg)
                text.append(f"  {label}" if sub == cell_h // 2 else "   ", label_style + bg)
                text.append("\n")
        pitch = _("P I T C H").center(cols * cell_w)
        text.append(" " * x0)
        text.append(pitch, self.look("stands--pitch"))
        return text

    def _draw_cell(
        self, text: Text, row: int, col: int, sub: int, w: int, h: int, peeked: dict, bg: Style
    ) -> None:
        cell = self.cell(row, col)
        pos = cell["pos"]
        peek = pos in peeked and cell["state"] == "down"
        recent = self.recent.get(pos) if cell["state"] == "down" and not peek else None
        inner = w - 2 if h == 3 else max(3, w - 1)
        if peek:
            face, look = peeked[pos]["id"].center(inner), "stands--peek"
        elif recent:
            label = REWARD_LOOK[recent["id"]][0] if recent["id"] in REWARD_LOOK else recent["id"]
            face, look = label[:inner].center(inner), "stands--recent"
        else:
            face, look = face_text(cell, inner)
        style = self.look(look)
        is_cursor = (row, col) == self.cursor and self.has_focus
        marked = (row, col) in self.marks
        if h == 1:
            if is_cursor:  # compact cards have no border: the cursor flips the colours
                style = style + Style(reverse=not style.reverse, underline=True)
            elif marked:
                style = style + Style(bgcolor=self.look("stands--mark").color)
            text.append(face, style)
            if w > inner:
                text.append(" ", bg)
            return
        border = "stands--cursor" if is_cursor else "stands--mark" if marked else "stands--edge"
        if cell["state"] == "empty" and not is_cursor:
            text.append(("" if sub != 1 else face).center(w), style + bg)
            return
        edge = self.look(border) + bg
        if sub == 0:
            text.append("╭" + "─" * (w - 2) + "╮", edge)
        elif sub == 1:
            text.append("│", edge)
            text.append(face, style)
            text.append("│", edge)
        else:
            stars = ""
            card = peeked[pos] if peek else cell if cell["state"] == "up" else recent
            if card and card.get("stars"):
                stars = "★" * card["stars"]
            bottom = stars.center(w - 2, "─")
            text.append("╰", edge)
            text.append(bottom, self.look("stands--stars") + bg if stars else edge)
            text.append("╯", edge)
