"""Provides RulesScreen (the rules as Markdown) and KeysScreen (every key binding)."""

from __future__ import annotations

from rich.table import Table as RichTable
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...i18n import N_, _
from ...rulesdoc import rules_document
from ..translate import translate_bindings
from ..widgets.keybar import KeyBar

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


class RulesScreen(ModalScreen[None]):
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
        # Imported here: Rich's Markdown (markdown-it, Pygments) is a large part of the
        # start-up time otherwise, and the launcher's first frame shows no rules.
        with VerticalScroll():
            yield Static(rules_document(self.game_id))
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


class KeysScreen(ModalScreen[None]):
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
