"""Provides `translate_bindings`: key descriptions shown in the session's language.

Bindings are declared at import time with `N_()`-marked descriptions; each screen or
widget translates its own copy when it is created, in the language of its app session
(again after the session changed its language: the declared descriptions are looked up
in the node's classes, so a description is never translated from a translation).
`add_bindings` puts bindings a base class shares after a node's own (the key bar shows
them in that order).
"""

from __future__ import annotations

import dataclasses

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from ..i18n import _
from .textual_internals import key_bindings


def declared_words(node: DOMNode) -> dict[tuple[str, str], tuple[str, str]]:
    """(key, action) -> the description and tooltip the node's classes declare in their
    BINDINGS (the N_() msgids), a subclass's over its base's."""
    found: dict[tuple[str, str], tuple[str, str]] = {}
    for cls in reversed(type(node).__mro__):
        for item in cls.__dict__.get("BINDINGS", ()):
            if isinstance(item, Binding):
                keys, action, words = item.key, item.action, (item.description, item.tooltip)
            elif isinstance(item, tuple) and len(item) >= 2:
                keys, action = item[0], item[1]
                words = (item[2] if len(item) > 2 else "", "")
            else:
                continue
            for key in keys.split(","):
                found[(key.strip(), action)] = words
    return found


def translate_bindings(node: DOMNode) -> None:
    """Replace the descriptions and tooltips of `node`'s bindings by their translations."""
    declared = declared_words(node)
    table = key_bindings(node)  # the node's own copy of its bindings
    for key, items in table.items():
        table[key] = [
            dataclasses.replace(
                b,
                description=_(words[0]) if words[0] else b.description,
                tooltip=_(words[1]) if words[1] else b.tooltip,
            )
            for b in items
            for words in [declared.get((key, b.action), (b.description, b.tooltip))]
        ]


def add_bindings(node: DOMNode, bindings: list[Binding]) -> None:
    """Bind `bindings` on `node` after its own; a key the node binds itself keeps the node's."""
    table = key_bindings(node)  # the node's own copy of its bindings
    for key, items in BindingsMap(bindings).key_to_bindings.items():
        table.setdefault(key, items)
