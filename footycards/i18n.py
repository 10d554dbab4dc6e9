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
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from datetime import date, datetime
from functools import lru_cache
from pathlib import Path

DOMAIN = "footycards"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "pl", "zh_Hant", "uk", "de")  # the seeds' languages and English
# Each language in its own words (the launcher's language field, `--help`): never translated.
LANGUAGE_NAMES = {
    "en": "English",
    "pl": "Polski",
    "zh_Hant": "繁體中文",
    "uk": "Українська",
    "de": "Deutsch",
}
# Chinese written in traditional characters: zh-Hant, and the regions that write it.
_TRADITIONAL = {"hant", "tw", "hk", "mo"}


class Session:
    """The language of one session (an app and every task it starts share this object, so
    `switch_language` changes it for all of them at once). A plain class: a dataclass's
    generated methods would be compiled at every start (footycards/values.py)."""

    def __init__(self, lang: str, catalogue: gettext.NullTranslations) -> None:
        self.lang = lang
        self.catalogue = catalogue


_current: ContextVar[Session | None] = ContextVar("footycards_translation", default=None)
_ENGLISH = gettext.NullTranslations()


def normalize_language(value: str | None) -> str | None:
    """The language of `LANGUAGES` that `value` names, None when it names none.

    Takes what people and systems write: `de`, `DE`, `de_DE.UTF-8`, `de-AT`, `zh-Hant`,
    `zh_Hant`, `zh-TW`, `zh_HK`, `uk_UA`, `C`/`POSIX` (English). Simplified Chinese
    (`zh`, `zh_CN`, `zh-Hans`) is not Traditional Chinese: None."""
    if not value:
        return None
    text = value.strip().split(".")[0].split("@")[0].replace("-", "_")
    if text in ("C", "POSIX"):
        return "en"
    parts = [part.lower() for part in text.split("_") if part]
    if not parts:
        return None
    if parts[0] == "zh":
        return "zh_Hant" if _TRADITIONAL & set(parts[1:]) else None
    for code in LANGUAGES:
        if code.lower() == parts[0]:
            return code
    return None


def language_tag(code: str) -> str:
    """How a language is written on the command line: `zh-Hant` for `zh_Hant`."""
    return code.replace("_", "-")


@lru_cache(maxsize=16)
def translation(lang: str, localedir: str | None = None) -> gettext.NullTranslations:
    """The catalogue of `lang` (English, i.e. the msgids, when none is shipped)."""
    code = normalize_language(lang)
    if code is None or code == "en":
        return _ENGLISH
    where = localedir or str(LOCALE_DIR)
    return gettext.translation(DOMAIN, localedir=where, languages=[code], fallback=True)


_FOUND: dict[str, list[str]] = {}  # the languages found, by catalogue folder


def available_languages() -> list[str]:
    """The languages footycards can be shown in: English and each shipped catalogue
    (looked for once per catalogue folder: every AI seat's name asks, at every redraw)."""
    where = str(LOCALE_DIR)
    languages = _FOUND.get(where)
    if languages is None:
        try:
            found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
        except OSError:
            found = set()
        languages = _FOUND[where] = sorted((found & set(LANGUAGES)) | {"en"})
    return list(languages)


def look_for_languages_again() -> None:
    """Forget the languages found (catalogues were compiled since: the tests, `make mo`)."""
    _FOUND.clear()


def known_languages_text() -> str:
    """The languages there are, as `--lang` takes them: `de, en, pl, uk, zh-Hant`."""
    return ", ".join(language_tag(code) for code in available_languages())


def language_problem(lang: str) -> str | None:
    """Why `lang` (as given with --lang or FOOTYCARDS_LANG) cannot be used, naming the
    languages there are; None when it can ("de_DE.UTF-8" is served by a "de" catalogue)."""
    code = normalize_language(lang)
    if code is not None and code in available_languages():
        return None
    return _("'{lang}' has no translation yet; the languages there are: {known}").format(
        lang=lang, known=known_languages_text()
    )


def _usable(value: str | None) -> str | None:
    """The language `value` names when footycards can be shown in it, else None."""
    code = normalize_language(value)
    return code if code is not None and code in available_languages() else None


def pick_language(requested: str | None = None, remembered: str | None = None) -> str:
    """The language of a new session (a `LANGUAGES` code): `--lang`, then FOOTYCARDS_LANG,
    then the language remembered in the settings, then the locale (LC_ALL, LC_MESSAGES,
    LANG). The first two are checked by the CLI (`language_problem`); a remembered
    language or a locale with no catalogue falls through to the next, and at last English."""
    if requested:
        return normalize_language(requested) or "en"
    env = os.environ.get("FOOTYCARDS_LANG")
    if env:
        return normalize_language(env) or "en"
    if _usable(remembered):
        return _usable(remembered) or "en"
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return _usable(value) or "en"
    try:
        loc = locale.getlocale()[0]
    except ValueError:
        loc = None
    return _usable(loc) or "en"


def use_language(lang: str | None, localedir: str | None = None) -> Token:
    """Make `lang` the language of this context (an app session and the tasks it starts)."""
    code = normalize_language(lang) or "en"
    return _current.set(Session(code, translation(code, localedir)))


def switch_language(lang: str) -> None:
    """Show this session in `lang` from now on: every task of the session translates into
    it (the launcher's Language field); outside any session, like `use_language`."""
    code = normalize_language(lang) or "en"
    session = _current.get()
    if session is None:
        use_language(code)
        return
    session.lang, session.catalogue = code, translation(code)


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
    session = _current.get()
    return session.catalogue if session is not None else _ENGLISH


def current_language() -> str:
    """The language of this context, a `LANGUAGES` code ("en" when none was chosen)."""
    session = _current.get()
    return session.lang if session is not None else "en"


def format_number(value: float, lang: str | None = None, decimals: int | None = None) -> str:
    """A number as the language writes it: 1,234 in English, 1.234 in German, 1 234 in
    Polish and Ukrainian, 8,0 with `decimals=1` in German (CLDR, through Babel); `lang`
    defaults to this context's."""
    from babel.numbers import format_decimal

    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return str(format_decimal(value, format=pattern, locale=lang or current_language()))


def format_date(when: date, lang: str | None = None) -> str:
    """A date as the language writes it (Babel's medium format: 2 Dec 2026, 02.12.2026,
    2026年12月2日); `lang` defaults to this context's."""
    from babel.dates import format_date as babel_date

    return str(babel_date(when, format="medium", locale=lang or current_language()))


def format_moment(moment: datetime, lang: str | None = None) -> str:
    """A date and time to the minute as the language writes them ("02.12.2026 14:28",
    "2026年12月2日 14:28"); English keeps "2026-12-02 14:28"."""
    from babel.dates import format_date as babel_date

    code = lang or current_language()
    if code == "en":
        return moment.strftime("%Y-%m-%d %H:%M")
    return f"{babel_date(moment, format='medium', locale=code)} {moment:%H:%M}"


def _(message: str) -> str:
    """Translate `message` into this session's language."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a plural form."""
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate `message` as meant in `context` (one English word, two meanings: "Games"
    as the launcher's list of games and as a column counting matches played)."""
    return current().pgettext(context, message)


def list_text(items: Iterable[str]) -> str:
    """Items of a list joined as the language joins them ("A, B, C"; "A、B、C" in Chinese)."""
    # TRANSLATORS: the separator between the items of a list ("Ann, Bob, Cleo"): comma and
    # space in most languages, the enumeration comma (、) in Chinese
    return _(", ").join(items)


def clauses_text(items: Iterable[str]) -> str:
    """Clauses of one line joined as the language joins them ("…; …"; "…；…" in Chinese)."""
    # TRANSLATORS: the separator between two clauses of one line ("P1 3; P2 5"): semicolon
    # and space in most languages, the full-width semicolon (；) in Chinese
    return _("; ").join(items)


def labelled(label: str, text: str) -> str:
    """A label and what it labels ("Ann: hello"; "Ann：hello" in Chinese)."""
    # TRANSLATORS: a label and its text ("Ann: good game"); full-width colon in Chinese
    return _("{label}: {text}").format(label=label, text=text)


def sentences_text(items: Iterable[str]) -> str:
    """Sentences one after another, as the language writes them (no space in Chinese)."""
    # TRANSLATORS: two sentences one after the other ("Playable now: … Coming: …"); in
    # Chinese with no space between them
    joiner = _("{sentence} {next}")
    out = ""
    for item in items:
        out = item if not out else joiner.format(sentence=out, next=item)
    return out


def N_(message: str) -> str:
    """Mark a string for translation without translating it now (it is translated when shown)."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form without translating it now: the pair is given to
    `ngettext(*pair, n)` when shown."""
    return singular, plural
