"""Provides notifications(app): the notifications a test's app shows now, read through
footycards/tui/textual_internals.py (Textual has no public list of them)."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.notifications import Notification

from footycards.tui import textual_internals


def notifications(app: App[Any]) -> list[Notification]:
    """The notifications `app` shows now, oldest first."""
    return textual_internals.notifications(app)
