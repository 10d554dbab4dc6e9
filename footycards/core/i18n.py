"""Provides `_()`, the gettext hook every user-facing string goes through."""

from __future__ import annotations

import gettext
from pathlib import Path

_LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
_translation = gettext.translation("footycards", localedir=_LOCALE_DIR, fallback=True)


def _(message: str) -> str:
    """Translate `message` into the user's language (English when no catalogue exists)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a plural form."""
    return _translation.ngettext(singular, plural, n)
