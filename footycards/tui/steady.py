"""Provides steady_cursor: text fields of an SSH server's sessions show a steady cursor.

A blinking cursor redraws its field twice a second for as long as the field has the
focus: about 5 ms of CPU a second for a session left on the set-up question
(benchmarks/bench_screens.py --idle), on the event loop that every session of a server
shares, and bytes to its client all the while. A session's terminal shows the steady
cursor as well; a local terminal keeps Textual's blinking one.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Input


def steady_cursor(field: Input, app: Any) -> Input:
    """`field`, its cursor not blinking when `app` is a server's session (FootyApp's
    `is_remote`); set before it is mounted."""
    if getattr(app, "is_remote", False):
        field.set_reactive(Input.cursor_blink, False)
    return field
