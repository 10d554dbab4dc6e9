"""Provides `_()` and the language of the current session.

The language is chosen per app session, not per process: the TUI app (and each SSH
client's app) calls `use_language()` when it starts, and every `_()` call made from that
app's tasks translates into its language (a context variable, like Textual's own
`active_app`). Strings defined at import time are marked with `N_()` and translated when
shown. Engines never translate: they emit data that front ends turn into words here.
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import lru_cache
from pathlib import Path

DOMAIN = "footycards"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "pl", "zh_Hant", "uk", "de")  # the seeds' languages and English

_current: ContextVar[gettext.NullTranslations | None] = ContextVar(
    "footycards_translation", default=None
)
_ENGLISH = gettext.NullTranslations()


@lru_cache(maxsize=16)
def translation(lang: str, localedir: str | None = None) -> gettext.NullTranslations:
    """The catalogue of `lang` (English, i.e. the msgids, when none is shipped)."""
    if not lang or lang in ("en", "C", "POSIX"):
        return _ENGLISH
    where = localedir or str(LOCALE_DIR)
    return gettext.translation(DOMAIN, localedir=where, languages=[lang], fallback=True)


def available_languages() -> list[str]:
    """The languages footycards can be shown in: English and each shipped catalogue."""
    try:
        found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    except OSError:
        found = set()
    return sorted(found | {"en"})


def language_problem(lang: str) -> str | None:
    """Why `lang` (as given with --lang) cannot be used, naming the languages there are;
    None when it can ("de_DE" is served by a "de" catalogue)."""
    known = available_languages()
    base = lang.split(".")[0]
    if base in known or base.split("_")[0] in known or base in ("C", "POSIX"):
        return None
    return _("'{lang}' has no translation yet; the languages there are: {known}").format(
        lang=lang, known=", ".join(known)
    )


def pick_language(requested: str | None = None, remembered: str | None = None) -> str:
    """The language of a new session: `--lang`, then FOOTYCARDS_LANG, then the language
    remembered in the settings, then the locale."""
    if requested:
        return requested
    env = os.environ.get("FOOTYCARDS_LANG")
    if env:
        return env
    if remembered:
        return remembered
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return value.split(".")[0]
    try:
        loc = locale.getlocale()[0]
    except ValueError:
        loc = None
    return loc or "en"


def use_language(lang: str | None, localedir: str | None = None) -> Token:
    """Make `lang` the language of this context (an app session and the tasks it starts)."""
    return _current.set(translation(lang or "en", localedir))


@contextmanager
def language(lang: str | None) -> Iterator[None]:
    """Translate into `lang` inside the `with` block (then back to what it was)."""
    token = use_language(lang)
    try:
        yield
    finally:
        _current.reset(token)


def reset_language(token: Token) -> None:
    """Undo `use_language` (tests, a session that ends)."""
    _current.reset(token)


def current() -> gettext.NullTranslations:
    """The catalogue of this context (English when none was chosen)."""
    return _current.get() or _ENGLISH


def _(message: str) -> str:
    """Translate `message` into this session's language."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a plural form."""
    return current().ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for translation without translating it now (it is translated when shown)."""
    return message
