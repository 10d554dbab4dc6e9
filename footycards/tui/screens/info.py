"""Provides RulesScreen (the rules as Markdown) and KeysScreen (every key binding).

The rules are drawn by RulesText from lines rendered once per process for each rules
file, width and colours (an SSH server's sessions share them): parsing and rendering a
game's Markdown took 100-250 ms of CPU on every F1, on the event loop every session
shares; now only the lines on view are handed to the compositor.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from rich.table import Table as RichTable
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget
from textual.widgets import Static

from ...i18n import N_, _, current_language, language
from ...rulesdoc import rules_document, rules_path
from ..styled_once import StyledOnce
from ..translate import translate_bindings
from ..widgets.keybar import KeyBar

# Rendered rules kept per process: (rules file, width, colours) -> lines. A few widths
# and themes per language are what a server sees; the oldest goes beyond this many.
RENDERED_KEPT = 24
_rendered: OrderedDict[tuple[object, ...], list[Strip]] = OrderedDict()
_documents: dict[str, Any] = {}  # rules file -> its parsed Markdown (Rich's, read only)


def rules_lines(widget: Widget, game_id: str, width: int) -> list[Strip]:
    """The rules of `game_id` in the current language drawn `width` cells wide with
    `widget`'s colours, as a Static would draw them; rendered once per process."""
    path = str(rules_path(game_id))
    key = (path, width, widget.visual_style, widget.link_style)
    lines = _rendered.get(key)
    if lines is not None:
        _rendered.move_to_end(key)
        return lines
    document = _documents.get(path)
    if document is None:
        document = _documents[path] = rules_document(game_id)
    visual: Visual = visualize(widget, document)
    lines = Visual.to_strips(widget, visual, width, None, widget.visual_style)
    _rendered[key] = lines
    while len(_rendered) > RENDERED_KEPT:
        _rendered.popitem(last=False)
    return lines


class RulesText(Widget):
    """A game's rules (its Markdown) as one widget that hands the compositor the lines
    on view from `rules_lines` (see the module)."""

    DEFAULT_CSS = "RulesText { height: auto; }"

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.lang = current_language()  # the session's (it is built in the app's context)
        self.lines: list[Strip] = []
        self.lines_width = -1

    def rendered(self, width: int) -> list[Strip]:
        """The lines at `width` (the app's language and colours)."""
        if width != self.lines_width:
            with language(self.lang):  # the session's, wherever this is called from
                self.lines = rules_lines(self, self.game_id, width)
            self.lines_width = width
        return self.lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rendered(width)) if width > 0 else 0

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self.rendered(width)
        if 0 <= y < len(lines):
            return lines[y]
        return Strip.blank(width, self.visual_style.rich_style)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.lines_width = -1  # new colours (a theme): the lines for them


INFO_CSS = """
    align: center middle;
    & > VerticalScroll {
        width: 90%;
        max-width: 100;
        height: 90%;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
"""


class RulesScreen(StyledOnce, ModalScreen[None]):
    """The rules of a game, house rulings included; Esc or q closes."""

    DEFAULT_CSS = "RulesScreen {" + INFO_CSS + "}"
    BINDINGS = [Binding("escape,q,f1", "close", N_("Close"), id="rules.close")]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        # One widget drawing Rich's Markdown: Textual's Markdown widget mounts a widget
        # per block, 0.5-0.8 s of CPU for a game's rules, which held up every other
        # session of an SSH server (the rules are our own text, never a player's).
        # Rich's Markdown (markdown-it, Pygments) is imported when the rules are first
        # drawn: the launcher's first frame shows no rules.
        with VerticalScroll():
            yield RulesText(self.game_id)
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


class KeysScreen(StyledOnce, ModalScreen[None]):
    """Lists the keys that work on the screen underneath, grouped by where they belong."""

    DEFAULT_CSS = "KeysScreen {" + INFO_CSS + "}"
    BINDINGS = [Binding("escape,q,question_mark", "close", N_("Close"), id="keys.close")]

    def __init__(self, rows: list[tuple[str, str, str]]) -> None:
        """`rows`: (group, keys, what they do), in the order to show."""
        super().__init__()
        translate_bindings(self)
        self.rows = rows

    def compose(self) -> ComposeResult:
        t = RichTable(title=_("Keys"), expand=True)
        t.add_column(_("Key"), style="bold")
        t.add_column(_("What it does"))
        group = None
        for where, keys, what in self.rows:
            if where != group:
                if group is not None:
                    t.add_section()
                t.add_row(f"[b u]{where}[/]", "")
                group = where
            t.add_row(keys, what)
        with VerticalScroll():
            yield Static(t, markup=False)
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)
