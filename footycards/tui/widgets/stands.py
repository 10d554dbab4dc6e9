"""Provides Stands: the Stadium table drawn as stadium stands, with a cursor and mouse picks.

The widget only draws the view it is given and reports which seat of the stands was
chosen; it never holds or changes the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ...cells import cell_len, center, cut
from ...i18n import N_, _, current_language
from ...textmode.stadium import reward_name
from ..translate import translate_bindings

# Reward cards by their label (text, so never told apart by colour alone) and look.
REWARD_LOOK = {
    "YELLOW": ("YEL", "stands--yellow"),
    "RED": ("RED", "stands--red"),
    "VAR": ("VAR", "stands--var"),
    "GAME": ("GAME", "stands--game"),
}


MAX_LABEL = 8  # the widest card id drawn whole; longer ones are cut with "…"
MAX_FACE = 10  # boxed cards grow to this many characters inside when the table is small


def reward_label(card_id: str, width: int) -> str:
    """A reward card's name in `width` cells, in the session's language: whole (YELLOW,
    黃牌) when it fits, else its short label (YEL) or the name cut by cells."""
    name = reward_name(card_id)
    if cell_len(name) <= width:
        return name
    if current_language() == "en":
        return REWARD_LOOK[card_id][0][:width]
    return cut(name, width, ellipsis="")


def fit(label: str, width: int) -> str:
    """A label centred in `width` cells, cut with "…" when it is longer (a Chinese
    character is two cells and never cut in half)."""
    return center(label, width)


def face_text(cell: dict, width: int) -> tuple[str, str]:
    """The short face of a cell and its look (a component class): `Nit`, a card id, a
    reward or an empty seat."""
    state = cell["state"]
    if state == "down":
        return "Nit".center(width), "stands--back"
    if state == "empty":
        return "·".center(width), "stands--empty"
    if cell["id"] in REWARD_LOOK:
        look = REWARD_LOOK[cell["id"]][1]
        return center(reward_label(cell["id"], width), width), look
    return fit(cell["id"], width), "stands--face"


class Frame(NamedTuple):
    """Where the stands are drawn at a widget size: card size, the window over the table
    (first column and line, how many of each) and the left edge of the cards."""

    width: int
    height: int
    cell_w: int
    cell_h: int
    vis_cols: int
    vis_rows: int
    col0: int
    line0: int
    x0: int


def runs(lines: list[int]) -> list[tuple[int, int]]:
    """Sorted line numbers as runs of consecutive lines: [(start, end), …], end excluded."""
    out: list[tuple[int, int]] = []
    for y in lines:
        if out and out[-1][1] == y:
            out[-1] = (out[-1][0], y + 1)
        else:
            out.append((y, y + 1))
    return out


class Stands(Widget, can_focus=True):
    """Draws the table of a Stadium view; arrows/jkl move the cursor, Enter/Space/click pick."""

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
    Stands { width: 1fr; height: 1fr; min-height: 8; text-wrap: nowrap; text-overflow: clip; }
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
        Binding(
            "up,k",
            "move(1, 0)",
            N_("Move"),
            id="stands.up",
            key_display="←↑↓→",
            tooltip=N_("Cursor up a row (away from the pitch)"),
        ),
        Binding(
            "down,j",
            "move(-1, 0)",
            N_("Down"),
            id="stands.down",
            show=False,
            tooltip=N_("Cursor down a row (towards the pitch)"),
        ),
        Binding(
            "left",
            "move(0, -1)",
            N_("Left"),
            id="stands.left",
            show=False,
            tooltip=N_("Cursor one seat left"),
        ),
        Binding(
            "right,l",
            "move(0, 1)",
            N_("Right"),
            id="stands.right",
            show=False,
            tooltip=N_("Cursor one seat right"),
        ),
        Binding("enter,space", "pick", N_("Flip"), id="stands.flip"),
    ]

    # repaint=False: a move repaints only the rows it changes (watch_cursor)
    cursor: reactive[tuple[int, int]] = reactive((0, 0), repaint=False)

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

    def __init__(self, view: dict, card_ids: Iterable[str] = (), **kwargs) -> None:
        """`card_ids`: every footballer id the deck may show (the cards are made wide enough for the
        longest, up to MAX_LABEL characters; at least 3, for Nit)."""
        super().__init__(**kwargs)
        self.label_width = max([3] + [min(len(c), MAX_LABEL) for c in card_ids])
        translate_bindings(self)
        self.view = view
        self.marks: set[tuple[int, int]] = set()
        self.recent: dict[str, dict] = {}  # just turned back: shown faded until the next flip
        self._geometry = (0, 0, 4, 1)  # x0, y0, cell width, cell height
        # The part of a large table on screen: first column, first line (from the back row),
        # how many columns and lines fit. It scrolls to keep the cursor in view.
        self.window = (0, 0, 1, 1)
        # screen line: the key of what it shows. Only keys: Textual keeps the drawn lines
        # (a second copy here cost ~0.3 MB a session at 120×40).
        self._drawn: dict[int, tuple] = {}
        self._look_key: tuple = ()  # what the looks below were read for
        self._look_cache: dict[str, Style] = {}
        self._looks_cache: tuple = ()

    def show(self, view: dict, recent: dict[str, dict] | None = None) -> None:
        """Draw a new view; `recent` cards (just turned back face down) are shown faded."""
        self.view = view
        self.recent = recent or {}
        r, c = self.cursor
        if r >= view["rows"] or c >= view["cols"]:
            self.cursor = (0, 0)
        self.refresh_changes()

    def action_move(self, dr: int, dc: int) -> None:
        r, c = self.cursor
        rows, cols = self.view["rows"], self.view["cols"]
        self.cursor = ((r + dr) % rows, (c + dc) % cols)

    def action_pick(self) -> None:
        self.post_message(self.Picked(self, *self.cursor))

    def watch_cursor(self, cursor: tuple[int, int]) -> None:
        self.refresh_changes()
        self.post_message(self.Highlighted(self, *cursor))

    def on_click(self, event: Click) -> None:
        hit = self.cell_at(event.x, event.y)
        if hit is None:
            return
        self.cursor = hit
        self.post_message(self.Picked(self, *hit))

    def cell_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The (row, col) of the card drawn at x, y of the widget (as last drawn), or None."""
        x0, y0, w, h = self._geometry
        col0, line0, vis_cols, vis_lines = self.window
        if x < x0 or y < y0:
            return None
        col, line = (x - x0) // w, (y - y0) // h
        if not (0 <= col < vis_cols and 0 <= line < vis_lines):
            return None
        return self.view["rows"] - 1 - (line0 + line), col0 + col

    def cell_region(self, row: int, col: int) -> tuple[int, int, int, int] | None:
        """Where the card at (row, col) is drawn (x, y, width, height), or None when the
        table is scrolled so that it is not on screen."""
        x0, y0, w, h = self._geometry
        col0, line0, vis_cols, vis_lines = self.window
        line = self.view["rows"] - 1 - row
        if not (col0 <= col < col0 + vis_cols and line0 <= line < line0 + vis_lines):
            return None
        return x0 + (col - col0) * w, y0 + (line - line0) * h, w, h

    def cell(self, row: int, col: int) -> dict:
        return self.view["table"][row * self.view["cols"] + col]

    # -- drawing --------------------------------------------------------------
    #
    # The stands are drawn line by line (Textual's line API, which keeps the lines drawn):
    # each screen line has a key of everything it shows (the layout, the theme's looks, and
    # the cards of its row with the cursor and marks), and is redrawn only when it changes.
    # A cursor move or a flip so repaints just the lines of the rows that changed.

    def look(self, name: str) -> Style:
        """The Rich style of a component class (from DEFAULT_CSS and the theme)."""
        return self._look_map()[name]

    def _look_map(self) -> dict[str, Style]:
        """Every component's look, read once per theme and widget style (a cursor move
        draws hundreds of cells: asking Textual for each look each time costs)."""
        key = (self.app.theme, self.app.ansi_color, self.visual_style)
        if key != self._look_key:
            self._look_key = key
            names = sorted(self.COMPONENT_CLASSES)
            self._look_cache = {name: self.get_component_rich_style(name) for name in names}
            self._looks_cache = (self.visual_style, *self._look_cache.values())
        return self._look_cache

    def table_layout(self, width: int, height: int) -> tuple[int, int, int, int]:
        """Card width and height, and how many columns and rows fit in width × height.

        Boxed cards (3 lines, the longest id + 3 columns: 6 for `F01`) when the whole table
        fits so, wider (up to MAX_FACE inside: YELLOW whole) when a small table leaves the
        room; else one line per row and a column between cards (none when that shows the
        whole width), and a window over the table that scrolls when it is larger than the
        widget: every allowed size is drawn legibly, never wrapped.
        """
        rows, cols = self.view["rows"], self.view["cols"]
        lw = self.label_width
        if width >= 7 + cols * (lw + 3) and height >= rows * 3 + 3:
            grown = min(max(lw + 1, MAX_FACE), (width - 7) // cols - 2)
            return max(lw + 1, grown) + 2, 3, cols, rows
        cell_w = lw if 7 + cols * (lw + 1) > width >= 7 + cols * lw else lw + 1
        vis_cols = max(1, min(cols, (width - 7) // cell_w))
        vis_rows = max(1, min(rows, height - 2))
        return cell_w, 1, vis_cols, vis_rows

    def _scroll(self, vis_cols: int, vis_lines: int) -> tuple[int, int]:
        """The first column and line on screen: moved as little as keeps the cursor in view."""
        rows, cols = self.view["rows"], self.view["cols"]
        row, col = self.cursor
        col0, line0 = self.window[0], self.window[1]
        line = rows - 1 - row
        col0 = min(col0, col)
        col0 = max(col0, col - vis_cols + 1)
        line0 = min(line0, line)
        line0 = max(line0, line - vis_lines + 1)
        col0 = max(0, min(col0, cols - vis_cols))
        line0 = max(0, min(line0, rows - vis_lines))
        return col0, line0

    def _frame(self) -> Frame:
        """Where everything goes at the widget's size, scrolled to show the cursor; it
        also becomes the window and geometry that clicks are read against."""
        width, height = self.size.width, self.size.height
        cell_w, cell_h, vis_cols, vis_rows = self.table_layout(width, height)
        col0, line0 = self._scroll(vis_cols, vis_rows)
        self.window = (col0, line0, vis_cols, vis_rows)
        x0 = max(4, (width - vis_cols * cell_w - 7) // 2)
        self._geometry = (x0, 1, cell_w, cell_h)
        return Frame(width, height, cell_w, cell_h, vis_cols, vis_rows, col0, line0, x0)

    def render(self) -> Text:
        """The whole stands as one Text (what the lines drawn on screen put together)."""
        frame = self._frame()
        lines = [self._header_text(frame)]
        for line_no in range(frame.line0, frame.line0 + frame.vis_rows):
            for sub in range(frame.cell_h):
                lines.append(self._row_text(frame, line_no, sub))
        lines.append(self._pitch_text(frame))
        return Text("\n", no_wrap=True, overflow="crop").join(lines)

    def _header_text(self, f: Frame) -> Text:
        """Seat numbers, and arrows where the table goes on off screen."""
        gutter = list(" " * f.x0)
        if f.line0 > 0:
            gutter[1] = "▲"
        if f.col0 > 0:
            gutter[f.x0 - 2] = "◀"
        numbers = "".join(str(c + 1).center(f.cell_w) for c in range(f.col0, f.col0 + f.vis_cols))
        more_right = f.col0 + f.vis_cols < self.view["cols"]
        return Text(
            "".join(gutter) + numbers + (" ▶" if more_right else ""), self.look("stands--label")
        )

    def _pitch_text(self, f: Frame) -> Text:
        text = Text()
        label_style = self.look("stands--label")
        more_front = f.line0 + f.vis_rows < self.view["rows"]
        pitch = center(_("P I T C H"), f.vis_cols * f.cell_w)
        if more_front:
            text.append(" ▼", label_style)
        text.append(" " * (f.x0 - 2 if more_front else f.x0))
        text.append(pitch, self.look("stands--pitch"))
        return text

    def _row_bg(self, line_no: int) -> Style:
        name = ("stands--row", "stands--row-alt")[line_no % 2]
        return Style(bgcolor=self.look(name).bgcolor)

    def _row_text(self, f: Frame, line_no: int, sub: int) -> Text:
        """One screen line of a stand row: line `sub` of its cards, between its letters."""
        row = self.view["rows"] - 1 - line_no
        label_style = self.look("stands--label")
        bg = self._row_bg(line_no)
        peeked = self.view.get("peeked", {})
        label = chr(65 + row)
        text = Text()
        text.append(" " * (f.x0 - 4))
        text.append(f" {label}  " if sub == f.cell_h // 2 else "    ", label_style + bg)
        for col in range(f.col0, f.col0 + f.vis_cols):
            self._draw_cell(text, row, col, sub, f.cell_w, f.cell_h, peeked, bg)
        text.append(f"  {label}" if sub == f.cell_h // 2 else "   ", label_style + bg)
        return text

    def _cell_key(self, row: int, col: int, peeked: dict, focused: bool) -> tuple:
        """Everything `_draw_cell` reads of a seat, to tell when it must be drawn again."""
        cell = self.cell(row, col)
        pos = cell["pos"]
        peek = peeked.get(pos)
        recent = self.recent.get(pos)
        return (
            cell["state"],
            cell.get("id"),
            cell.get("stars"),
            peek and (peek["id"], peek.get("stars")),
            recent and (recent["id"], recent.get("stars")),
            focused and (row, col) == self.cursor,
            (row, col) in self.marks,
        )

    def _line_key(self, y: int, f: Frame, looks: tuple, memo: dict | None = None) -> tuple:
        """What screen line `y` shows, as a key: equal keys draw equal lines. `memo` keeps
        the keys of a row's cells for its other lines (a row is drawn on several)."""
        last = 1 + f.vis_rows * f.cell_h
        if y == 0 or y == last:
            return (y, f, looks)
        if y > last:
            return (y, f.width, looks)
        line_no = f.line0 + (y - 1) // f.cell_h
        row = self.view["rows"] - 1 - line_no
        peeked = self.view.get("peeked", {})
        cells = memo.get(row) if memo is not None else None
        if cells is None:
            focused = self.has_focus
            cells = tuple(
                self._cell_key(row, col, peeked, focused)
                for col in range(f.col0, f.col0 + f.vis_cols)
            )
            if memo is not None:
                memo[row] = cells
        return (y, f, looks, cells)

    def _looks(self) -> tuple:
        """The theme as the stands use it: the base style and every component's look."""
        self._look_map()
        return self._looks_cache

    def _line_strip(self, y: int, f: Frame) -> Strip:
        """Draw screen line `y` afresh."""
        last = 1 + f.vis_rows * f.cell_h
        if y > last:
            return Strip.blank(f.width, self.visual_style.rich_style)
        if y == 0:
            text = self._header_text(f)
        elif y == last:
            text = self._pitch_text(f)
        else:
            text = self._row_text(f, f.line0 + (y - 1) // f.cell_h, (y - 1) % f.cell_h)
        # Rich renders the one line straight to segments over the widget's own style (the
        # general Visual path through Content costs several times more per line).
        base = self.visual_style.rich_style
        console = self.app.console
        under = base + console.get_style(text.style) if text.style else base  # Text's own
        segments = Segment.apply_style(text.render(console, end=""), under)
        strip = Strip(segments).crop_extend(0, f.width, base)
        return strip.apply_offsets(0, y)  # where text selection finds each character

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:  # selecting text: draw it all, as Textual would
            self._drawn.clear()
            return super().render_line(y)
        frame = self._frame()
        self._drawn[y] = self._line_key(y, frame, self._looks())
        return self._line_strip(y, frame)

    def refresh_changes(self) -> None:
        """Repaint only the screen lines whose content changed since they were drawn (all of
        them when the stands scrolled, were resized or recoloured)."""
        if not self._drawn or not self.is_mounted:
            self.refresh()
            return
        frame = self._frame()
        looks = self._looks()
        memo: dict[int, tuple] = {}
        stale = [
            y
            for y in range(frame.height)
            if (drawn := self._drawn.get(y)) is None
            or drawn != self._line_key(y, frame, looks, memo)
        ]
        if len(stale) == frame.height:
            self.refresh()
            return
        for start, end in runs(stale):
            self.refresh(Region(0, start, frame.width, end - start))

    def _draw_cell(
        self, text: Text, row: int, col: int, sub: int, w: int, h: int, peeked: dict, bg: Style
    ) -> None:
        cell = self.cell(row, col)
        pos = cell["pos"]
        peek = pos in peeked and cell["state"] == "down"
        recent = self.recent.get(pos) if cell["state"] == "down" and not peek else None
        inner = w - 2 if h == 3 else min(w, self.label_width)
        if peek:
            face, look = fit(peeked[pos]["id"], inner), "stands--peek"
        elif recent:
            rid = recent["id"]
            label = reward_label(rid, inner) if rid in REWARD_LOOK else rid
            face, look = fit(label, inner), "stands--recent"
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
