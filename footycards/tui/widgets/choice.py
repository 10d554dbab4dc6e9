"""Provides Choice: a one-line focusable pick of one value among a few, `Label ‹ value ›`.

A lean stand-in for Select (one widget instead of five, no overlay): ←/→ step through
the choices, Enter or Space steps on, a click steps on (on the ‹ back); ↑/↓ move to the
field above or below. Labels are given already translated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from ...i18n import N_
from ..translate import translate_bindings


class Choice(Widget, can_focus=True):
    """One value among `choices` (label, value) pairs, shown as `label ‹ value ›`."""

    DEFAULT_CSS = """
    Choice { height: 1; width: auto; padding: 0 1; }
    Choice:hover { background: $boost; }
    Choice:focus {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: bold;
    }
    Choice:disabled { color: $text-disabled; }
    """
    BINDINGS = [
        Binding("right", "step(1)", N_("Next choice"), id="choice.next", show=False),
        Binding("left", "step(-1)", N_("Previous choice"), id="choice.previous", show=False),
        Binding("enter,space", "step(1)", N_("Next choice"), id="choice.cycle", show=False),
        Binding("down", "app.focus_next", N_("Next field"), id="choice.down", show=False),
        Binding("up", "app.focus_previous", N_("Previous field"), id="choice.up", show=False),
    ]

    class AtLimit(Message):
        """A step past the first or last choice of a Choice that does not wrap round:
        `by` is -1 at the first, 1 at the last (`on_choice_at_limit`)."""

        def __init__(self, choice: Choice, by: int) -> None:
            super().__init__()
            self.choice = choice
            self.by = by

        @property
        def control(self) -> Choice:
            """The Choice at its limit."""
            return self.choice

    class Changed(Message):
        """The value changed (by a key, a click or code): `on_choice_changed`."""

        def __init__(self, choice: Choice, value: Any) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            """The Choice that changed."""
            return self.choice

    def __init__(
        self,
        choices: Sequence[tuple[str, Any]],
        value: Any = None,
        *,
        label: str = "",
        label_width: int = 0,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
        wrap: bool = True,
    ) -> None:
        """`choices`: (shown text, value) pairs, at least one; `value`: the one shown
        (None: the first); `label` is padded to `label_width` cells. `wrap`: stepping on
        from the last choice goes round to the first; otherwise it stays and posts
        AtLimit (for numbers, where going round from 6 to 2 would surprise)."""
        super().__init__(id=id, classes=classes, disabled=disabled)
        self.wrap = wrap
        translate_bindings(self)
        self.label = label
        self.label_width = label_width
        self._choices: list[tuple[str, Any]] = []
        self._index = 0
        self.set_choices(choices, value, announce=False)

    @property
    def choices(self) -> list[tuple[str, Any]]:
        """The (shown text, value) pairs, in order."""
        return list(self._choices)

    @property
    def value(self) -> Any:
        """The value chosen."""
        return self._choices[self._index][1]

    @value.setter
    def value(self, value: Any) -> None:
        self._show(self._index_of(value))

    def set_choices(
        self, choices: Sequence[tuple[str, Any]], value: Any = None, announce: bool = True
    ) -> None:
        """Offer other choices, showing `value` (None: the first); a Changed is posted if
        the value shown differs (unless `announce` is False)."""
        if not choices:
            raise ValueError("a Choice needs at least one choice")
        old = self.value if self._choices else None
        self._choices = list(choices)
        self._index = 0 if value is None else self._index_of(value)
        self.refresh(layout=True)
        if announce and self.value != old:
            self.post_message(self.Changed(self, self.value))

    def _index_of(self, value: Any) -> int:
        for index, (_text, candidate) in enumerate(self._choices):
            if candidate == value:
                return index
        raise ValueError(f"{value!r} is not one of the choices of {self.id or 'a Choice'}")

    def _show(self, index: int) -> None:
        if index == self._index:
            return
        self._index = index
        self.refresh(layout=True)
        self.post_message(self.Changed(self, self.value))

    def action_step(self, by: int) -> None:
        """Show the next (1) or previous (-1) choice, round the end when `wrap`."""
        index = self._index + by
        if not self.wrap and not 0 <= index < len(self._choices):
            self.post_message(self.AtLimit(self, by))
            return
        self._show(index % len(self._choices))

    def on_click(self, event: Click) -> None:
        """A click on the ‹ steps back, anywhere else on."""
        event.stop()
        offset = event.get_content_offset(self)
        back = offset is not None and offset.x == self._label_cells()
        self.action_step(-1 if back else 1)

    def _label_cells(self) -> int:
        """Where the ‹ is (cells from the content's left)."""
        if not self.label:
            return 0
        return max(cell_len(self.label), self.label_width) + 1

    def render(self) -> Text:
        text = Text()
        if self.label:
            text.append(self.label)
            text.append(" " * (self._label_cells() - cell_len(self.label)))
        shown = Text(self._choices[self._index][0])
        room = self.content_size.width - self._label_cells() - 4
        width = min(self._longest(), room) if room > 0 else self._longest()
        shown.truncate(width, overflow="ellipsis", pad=True)
        text.append("‹ ")
        text.append_text(shown)
        text.append(" ›")
        return text

    def _longest(self) -> int:
        return max(cell_len(text) for text, _value in self._choices)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """Wide enough for the longest choice, so the width does not jump."""
        return self._label_cells() + self._longest() + 4
