"""Provides KeyBar: the keys that work now, on one line at the bottom of a screen.

A lean stand-in for Textual's Footer (which builds a widget per key and rebuilds them
all whenever the bindings may have changed): one widget that draws the screen's active
bindings (key and translated description, bindings of one group together, disabled
ones dimmed), the command palette key on the right, and redraws only when what it
shows changed. A click on a key presses it, so the binding's action runs as if typed.
`compact` packs the keys closer (narrow terminals); `show_command_palette` hides the
palette key. Keys that do not fit are left out from the right, but never `?` (the keys
help lists them all), `F1` (the rules: a longer translation must not push them off), a
game's hint (`h`, a key everyone should find) nor the last one (Leave).
"""

from __future__ import annotations

from typing import NamedTuple

from textual import events
from textual.app import RenderResult
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.style import Style
from textual.widget import Widget

from ...i18n import N_, _

KEPT = ("question_mark", "f1")  # the keys help and the rules: always on the bar
KEPT_ACTIONS = ("hint",)  # a game's hint: always on the bar, whatever its key
PALETTE = N_("palette")  # Textual's word for the command palette key (the bar translates it)


class BarKey(NamedTuple):
    """One key as the bar shows it: the key to press, how it is shown, what it does."""

    key: str
    display: str
    description: str
    enabled: bool
    action: str = ""  # the binding's action

    @property
    def kept(self) -> bool:
        """Whether the bar keeps this key when others are left out for room."""
        return self.key in KEPT or self.action in KEPT_ACTIONS


class BarEntry(NamedTuple):
    """Keys shown together: one key with its description, or a group of keys (arrows)
    sharing one label."""

    keys: tuple[BarKey, ...]
    label: str


class KeyBar(Widget, can_focus=False):
    """The active key bindings of the screen, on one line (see the module docstring)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"keybar--key", "keybar--description", "keybar--palette"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    KeyBar > .keybar--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyBar > .keybar--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeyBar > .keybar--palette { color: $foreground 20%; }
    """

    compact = reactive(False)
    """Pack the keys closer (no padding around each key)."""
    show_command_palette = reactive(True)
    """Show the key of the command palette on the right."""

    def __init__(
        self,
        *,
        compact: bool = False,
        show_command_palette: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(KeyBar.compact, compact)
        self.set_reactive(KeyBar.show_command_palette, show_command_palette)
        self.entries: tuple[BarEntry, ...] = ()
        self.palette: BarEntry | None = None
        # what a click hits: (first column, past the last, the key), filled when drawn
        self.spans: list[tuple[int, int, BarKey]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's bindings may have changed: redraw only if what is shown did."""
        if not self.is_attached or screen is not self.screen:
            return
        entries, palette = self.collect()
        if (entries, palette) != (self.entries, self.palette):
            self.entries, self.palette = entries, palette
            self.refresh()

    def collect(self) -> tuple[tuple[BarEntry, ...], BarEntry | None]:
        """The entries to show now, from the screen's active bindings (the focused widget's
        first, as Textual orders them), and the palette key when the app has one."""
        app = self.app
        by_action: dict[str, list[tuple[object, BarKey]]] = {}
        palette: BarEntry | None = None
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            shown = BarKey(
                key,
                app.get_key_display(binding),
                binding.description,
                active.enabled,
                binding.action,
            )
            if key == app.COMMAND_PALETTE_BINDING and app.ENABLE_COMMAND_PALETTE:
                said = _(PALETTE) if binding.description == PALETTE else binding.description
                shown = shown._replace(description=said)
                palette = BarEntry((shown,), said)
            if not binding.show:
                continue
            by_action.setdefault(binding.action, []).append((binding.group, shown))
        entries: list[BarEntry] = []
        pending: list[BarKey] = []  # keys of one group, waiting for its label
        pending_group: object = None
        for items in by_action.values():
            group, first = items[0]
            if pending and group is not pending_group:
                entries.append(self.group_entry(pending, pending_group))
                pending = []
            if group is not None:
                pending.append(first)
                pending_group = group
            else:
                entries.append(BarEntry((first,), first.description))
        if pending:
            entries.append(self.group_entry(pending, pending_group))
        return tuple(entries), palette

    @staticmethod
    def group_entry(keys: list[BarKey], group: object) -> BarEntry:
        """A binding group of several actions shows their keys and the group's label; one
        action alone shows its own description."""
        if len(keys) == 1:
            return BarEntry((keys[0],), keys[0].description)
        return BarEntry(tuple(keys), str(getattr(group, "description", "")))

    def entry_content(self, entry: BarEntry, key_style: Style, text_style: Style) -> Content:
        """One entry drawn, and its keys' columns noted (relative to the entry)."""
        pad = "" if self.compact else " "
        parts: list[Content] = []
        for k in entry.keys:
            parts.append(Content.styled(pad + k.display + pad, key_style))
        label = entry.label
        if label:
            parts.append(Content.styled((" " if self.compact else "") + label + pad, text_style))
        return Content("").join(parts)

    def fitting(self, key_style: Style, text_style: Style, room: int) -> list[BarEntry]:
        """The entries that fit in `room` cells: when they do not all fit, the ones before
        the last are left out from the right, but never the keys help (`?` lists every key
        left out), the rules (F1), a game's hint nor the last key (Leave, Quit)."""
        entries = list(self.entries)
        gap = 1 if self.compact else 0

        def width() -> int:
            cells = sum(self.entry_content(e, key_style, text_style).cell_length for e in entries)
            return cells + gap * max(0, len(entries) - 1)

        while width() > room:
            droppable = [i for i, e in enumerate(entries[:-1]) if not any(k.kept for k in e.keys)]
            if not droppable:
                break
            del entries[droppable[-1]]
        return entries

    def render(self) -> RenderResult:
        key_style = self.get_visual_style("keybar--key")
        text_style = self.get_visual_style("keybar--description")
        dim = Style(dim=True)
        gap = Content(" ")
        parts: list[Content] = []
        spans: list[tuple[int, int, BarKey]] = []
        x = 0
        room = self.size.width
        if self.show_command_palette and self.palette is not None:
            (k,) = self.palette.keys
            room -= 2 + len(k.display) + len(self.palette.label) + (0 if self.compact else 1)
        for entry in self.fitting(key_style, text_style, max(0, room)):
            if parts and self.compact:
                parts.append(gap)
                x += 1
            enabled = all(k.enabled for k in entry.keys)
            content = self.entry_content(
                entry, key_style + dim if not enabled else key_style, text_style
            )
            if not enabled:
                content = content.stylize(dim)
            width = content.cell_length
            # each key of a group is clickable on its own part; a single key on all of it
            if len(entry.keys) == 1:
                spans.append((x, x + width, entry.keys[0]))
            else:
                kx = x
                for k in entry.keys:
                    kw = len(k.display) + (0 if self.compact else 2)
                    spans.append((kx, kx + kw, k))
                    kx += kw
            parts.append(content)
            x += width
        bar = Content("").join(parts)
        width = self.size.width
        if self.show_command_palette and self.palette is not None:
            (k,) = self.palette.keys
            pad = "" if self.compact else " "
            tail = Content.assemble(
                ("▏", self.get_visual_style("keybar--palette")),
                (k.display + " ", key_style),
                (self.palette.label + pad, text_style),
            )
            room = max(0, width - tail.cell_length)
            bar = bar.truncate(room).extend_right(room - min(room, bar.cell_length))
            spans = [s for s in spans if s[1] <= room]
            spans.append((room, width, k))
            bar = bar + tail
        self.spans = spans
        return bar

    def key_at(self, x: int) -> BarKey | None:
        """The key drawn at column `x`, if any."""
        for start, end, key in self.spans:
            if start <= x < end:
                return key
        return None

    def on_click(self, event: events.Click) -> None:
        """A click on a key presses it (a disabled one only rings the bell)."""
        key = self.key_at(event.x)
        if key is None:
            return
        event.stop()
        if not key.enabled:
            self.app.bell()
            return
        self.app.simulate_key(key.key)

    def watch_compact(self) -> None:
        self.refresh()

    def watch_show_command_palette(self) -> None:
        self.refresh()
