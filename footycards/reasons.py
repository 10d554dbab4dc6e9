"""Provides `explain`: an engine's refusal (IllegalAction) in the session's language."""

from __future__ import annotations

from .core import IllegalAction
from .i18n import _


def explain(exc: IllegalAction) -> str:
    """The reason of a refused action, translated from its English template and arguments."""
    template = getattr(exc, "template", None)
    params = getattr(exc, "params", None)
    if not template or params is None:
        return str(exc)
    try:
        return _(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(exc)
