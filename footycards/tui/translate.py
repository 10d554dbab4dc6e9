"""Provides `translate_bindings`: key descriptions shown in the session's language.

Bindings are declared at import time with `N_()`-marked descriptions; each screen or
widget translates its own copy when it is created, in the language of its app session.
`add_bindings` puts bindings a base class shares after a node's own (the key bar shows
them in that order).
"""

from __future__ import annotations

import dataclasses

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from ..i18n import _
from .textual_internals import key_bindings


def translate_bindings(node: DOMNode) -> None:
    """Replace the descriptions and tooltips of `node`'s bindings by their translations."""
    table = key_bindings(node)  # the node's own copy of its bindings
    for key, items in table.items():
        table[key] = [
            dataclasses.replace(
                b,
                description=_(b.description) if b.description else b.description,
                tooltip=_(b.tooltip) if b.tooltip else b.tooltip,
            )
            for b in items
        ]


def add_bindings(node: DOMNode, bindings: list[Binding]) -> None:
    """Bind `bindings` on `node` after its own; a key the node binds itself keeps the node's."""
    table = key_bindings(node)  # the node's own copy of its bindings
    for key, items in BindingsMap(bindings).key_to_bindings.items():
        table.setdefault(key, items)
