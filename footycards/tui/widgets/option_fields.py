"""Provides the option fields both set-up screens show, the launcher and the Host form: one
line per declared option of a game, built from the option's kind alone (a `Choice` where
the kind offers choices, else a label and a one-line Input), and what the two screens do
with them: read the values shown, follow the seat count (a seat option's "P1 starts" …
"Pn starts") and the chosen mode, and hand the values of the chosen mode on.

Values are kept as the text a field shows (a saved setting too); the option's kind turns
them into engine options (`GameSpec.convert`). Cheap on purpose: every SSH session builds
its own forms, and a Choice is one widget where a Select is five and an overlay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Input, Label

from ...options import OptionSpec
from ...registry import GameSpec
from .choice import Choice


def field_id(spec: GameSpec, opt: OptionSpec) -> str:
    """The id of an option's field (its label's: `label-` and this)."""
    return f"opt-{spec.id}-{opt.name}"


def shown_choices(opt: OptionSpec, players: int) -> list[tuple[str, str]] | None:
    """An option's choices as a Choice takes them, (text, value), at a table of
    `players`; None for a typed field."""
    offers = opt.offers(players)
    return None if offers is None else [(text, value) for value, text in offers]


def option_widgets(
    spec: GameSpec, opt: OptionSpec, raw: Any, players: int, label_width: int
) -> list[Widget]:
    """The field of one option showing `raw` (its start where it does not fit): a Choice,
    or a label and an Input; each with the classes `opt` and `opts-<game>`."""
    wid = field_id(spec, opt)
    value = opt.form_value(raw, players)
    classes = f"opt opts-{spec.id}"
    choices = shown_choices(opt, players)
    if choices is not None:
        return [
            Choice(
                choices, value, label=opt.title(), label_width=label_width, id=wid, classes=classes
            )
        ]
    label = Label(opt.title(), id=f"label-{wid}", classes=f"{classes} optlabel", markup=False)
    label.styles.width = label_width + 2  # its padding: the Input lines up with the choices
    field_ = Input(
        value,
        id=wid,
        type="integer" if opt.input_type == "integer" else "text",
        placeholder=opt.placeholder(),
        compact=True,
        classes=classes,
    )
    return [label, field_]


def option_rows(
    spec: GameSpec,
    options: Sequence[OptionSpec],
    values: dict[str, Any],
    players: int,
    mode: str | None,
    label_width: int,
) -> list[Widget]:
    """The fields of a game's `options`, showing `values` (by option name; the start
    where one is missing or does not fit); those of another mode than `mode` hidden."""
    widgets: list[Widget] = []
    for opt in options:
        parts = option_widgets(spec, opt, values.get(opt.name), players, label_width)
        for part in parts:
            part.display = opt.applies(mode)
        widgets.extend(parts)
    return widgets


def read_values(root: DOMNode, spec: GameSpec, options: Sequence[OptionSpec]) -> dict[str, str]:
    """The values the mounted fields of `options` show, by option name (a field not
    mounted is left out)."""
    values: dict[str, str] = {}
    for opt in options:
        try:
            widget = root.query_one(f"#{field_id(spec, opt)}")
        except NoMatches:
            continue
        if isinstance(widget, Input | Choice) and isinstance(widget.value, str):
            values[opt.name] = widget.value
    return values


def shown_mode(root: DOMNode, spec: GameSpec) -> str | None:
    """The mode the game's mode field shows (None: no such field, or no modes)."""
    if spec.mode_option is None:
        return None
    try:
        field_ = root.query_one(f"#{field_id(spec, spec.option(spec.mode_option))}", Choice)
    except NoMatches:
        return None
    return field_.value if isinstance(field_.value, str) else None


def follow_table(
    root: DOMNode,
    spec: GameSpec,
    options: Sequence[OptionSpec],
    players: int,
    mode: str | None,
) -> None:
    """The mounted fields follow a table of `players` (a seat option offers P1..Pn; a
    value no longer offered gives way to the start) and show the options of `mode` only."""
    for opt in options:
        wid = field_id(spec, opt)
        for part in root.query(f"#{wid}, #label-{wid}"):
            part.display = opt.applies(mode)
        choices = shown_choices(opt, players)
        if choices is None:
            continue
        try:
            choice = root.query_one(f"#{wid}", Choice)
        except NoMatches:
            continue
        if choice.choices != choices:
            choice.set_choices(choices, opt.form_value(choice.value, players), announce=False)


def chosen_values(
    options: Sequence[OptionSpec], values: dict[str, Any], mode: str | None
) -> dict[str, Any]:
    """The values of the options of `mode` (for `GameSpec.convert`)."""
    return {opt.name: values.get(opt.name) for opt in options if opt.applies(mode)}
