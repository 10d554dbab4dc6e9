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

REWARD_LOOK = {
    "YELLOW": ("YEL", Style(color="black", bgcolor="yellow", bold=True)),
    "RED": ("RED", Style(color="white", bgcolor="red3", bold=True)),
    "VAR": ("VAR", Style(color="white", bgcolor="blue", bold=True)),
    "GAME": ("GAME", Style(color="black", bgcolor="green3", bold=True)),
}
BACK = Style(color="bright_white", bgcolor="dark_blue", bold=True)
FACE = Style(color="black", bgcolor="grey93", bold=True)
PEEK = Style(color="black", bgcolor="plum2", bold=True, italic=True)
RECENT = Style(color="grey85", bgcolor="grey35", italic=True)
EMPTY = Style(color="grey50")
STAND_BG = ("grey19", "grey23")
LABEL = Style(color="grey70", bold=True)
PITCH = Style(color="white", bgcolor="dark_green", bold=True)
CURSOR_BORDER = Style(color="bright_yellow", bold=True)
MARK_BORDER = Style(color="magenta", bold=True)


def face_text(cell: dict, width: int) -> tuple[str, Style]:
    """The short face of a cell and its style: `Nit`, a card id, a reward or an empty seat."""
    state = cell["state"]
    if state == "down":
        return "Nit".center(width), BACK
    if state == "empty":
        return "·".center(width), EMPTY
    if cell["id"] in REWARD_LOOK:
        label, style = REWARD_LOOK[cell["id"]]
        return label[:width].center(width), style
    return cell["id"].center(width), FACE


class Stands(Widget, can_focus=True):
    """Draws the table of a Stadium view; arrows/hjkl move the cursor, Enter/Space/click pick."""

    DEFAULT_CSS = """
    Stands { width: 1fr; height: 1fr; min-height: 8; }
    Stands:focus { background-tint: $foreground 3%; }
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

    def watch_cursor(self) -> None:
        self.refresh()

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
        text = Text(no_wrap=True, overflow="crop")
        pad = " " * (x0 - 4)
        header = " " * x0 + "".join(str(c + 1).center(cell_w) for c in range(cols))
        text.append(header + "\n", LABEL)
        for line_no, row in enumerate(reversed(range(rows))):
            bg = Style(bgcolor=STAND_BG[line_no % 2])
            label = chr(65 + row)
            for sub in range(cell_h):
                text.append(pad)
                text.append(f" {label}  " if sub == cell_h // 2 else "    ", LABEL + bg)
                for col in range(cols):
                    self._draw_cell(text, row, col, sub, cell_w, cell_h, peeked, bg)
                text.append(f"  {label}" if sub == cell_h // 2 else "   ", LABEL + bg)
                text.append("\n")
        pitch = _("P I T C H").center(cols * cell_w)
        text.append(" " * x0)
        text.append(pitch, PITCH)
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
            face, style = peeked[pos]["id"].center(inner), PEEK
        elif recent:
            label = REWARD_LOOK[recent["id"]][0] if recent["id"] in REWARD_LOOK else recent["id"]
            face, style = label[:inner].center(inner), RECENT
        else:
            face, style = face_text(cell, inner)
        is_cursor = (row, col) == self.cursor and self.has_focus
        marked = (row, col) in self.marks
        if h == 1:
            if is_cursor:
                style = style + Style(reverse=True, underline=True)
            elif marked:
                style = style + Style(bgcolor="magenta")
            text.append(face, style)
            if w > inner:
                text.append(" ", bg)
            return
        border = CURSOR_BORDER if is_cursor else MARK_BORDER if marked else None
        if cell["state"] == "empty" and not is_cursor:
            text.append(("" if sub != 1 else face).center(w), EMPTY + bg)
            return
        edge = (border or Style(color="grey62")) + bg
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
            text.append(bottom, Style(color="yellow", bold=True) + bg if stars else edge)
            text.append("╯", edge)
